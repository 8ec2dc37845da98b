//! Masked spans through JSON and YAML and back: `toJson`/`toYaml` mask the text of each masked
//! string where it lands, `fromJson`/`fromYaml` carry those masks onto the decoded strings (Helm
//! 4.2.3 renders `(fromJson (dict "p" (randAlphaNum 5) | toJson)).p` as 5 random characters),
//! and a key, number or literal made of random text is refused.

use std::collections::BTreeMap;
use std::rc::Rc;

use values_migrate_render::budget::Random;
use values_migrate_render::funcs::lookup;
use values_migrate_render::{Budget, CallError, Ctx, Mask, Str, Value};

/// Calls `name` with a fresh context and the given YAML reader.
fn call_reading(
    name: &str,
    args: Vec<Value>,
    yaml: Option<&values_migrate_render::func::YamlReader>,
) -> Result<Value, CallError> {
    let func = lookup(name).unwrap_or_else(|| panic!("no function {name}"));
    let mut budget = Budget::default();
    let mut random = Random::default();
    let mut ctx = Ctx {
        budget: &mut budget,
        random: &mut random,
        yaml,
    };
    (func.call)(&mut ctx, args)
}

/// Calls `name` without a YAML reader.
fn call(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    call_reading(name, args, None)
}

/// A string masked whole as made by `from`.
fn random(text: &str, from: &'static str) -> Value {
    Value::Str(Str {
        text: text.into(),
        masks: Some(Rc::new(vec![Mask {
            start: 0,
            end: text.len(),
            from,
        }])),
    })
}

/// A map of string keys.
fn dict(entries: &[(&str, Value)]) -> Value {
    let map: BTreeMap<String, Value> = entries
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    Value::map(map)
}

/// The text and the (start, end, from) of each mask of a string.
fn spans(v: &Value) -> (String, Vec<(usize, usize, &'static str)>) {
    let Value::Str(s) = v else {
        panic!("not a string: {v:?}")
    };
    let masks = s.masks.as_ref().map_or(Vec::new(), |m| {
        m.iter().map(|m| (m.start, m.end, m.from)).collect()
    });
    (s.text.to_string(), masks)
}

/// The entry `key` of a map.
fn get(map: &Value, key: &str) -> Value {
    let Value::Map(m, _) = map else {
        panic!("not a map: {map:?}")
    };
    m.borrow().get(key).cloned().expect("the key")
}

#[test]
fn json_encoders_mask_each_masked_strings_text_where_it_lands() {
    let v = dict(&[
        ("fixed", Value::str("a<b")),
        ("p", random("Xy7Ab", "randAlphaNum")),
    ]);
    // The bytes are Go's (recorded: `{"fixed":"a\u003cb","p":"…"}`); only the string is masked.
    let cases: &[(&str, &str, usize)] = &[
        ("toJson", "{\"fixed\":\"a\\u003cb\",\"p\":\"Xy7Ab\"}", 25),
        (
            "mustToJson",
            "{\"fixed\":\"a\\u003cb\",\"p\":\"Xy7Ab\"}",
            25,
        ),
        ("toRawJson", "{\"fixed\":\"a<b\",\"p\":\"Xy7Ab\"}", 20),
        (
            "toPrettyJson",
            "{\n  \"fixed\": \"a\\u003cb\",\n  \"p\": \"Xy7Ab\"\n}",
            33,
        ),
    ];
    for (name, want, start) in cases {
        let (text, masks) = spans(&call(name, vec![v.clone()]).expect("JSON"));
        assert_eq!(text, *want, "{name}");
        assert_eq!(masks, vec![(*start, start + 5, "randAlphaNum")], "{name}");
    }
    let (text, masks) = spans(&call("toJson", vec![random("ab", "uuidv4")]).expect("JSON"));
    assert_eq!((text.as_str(), masks), ("\"ab\"", vec![(1, 3, "uuidv4")]));
}

#[test]
fn from_json_carries_masks_onto_the_decoded_strings() {
    let v = dict(&[
        ("fixed", Value::str("kept")),
        ("p", random("Xy7Ab", "randAlphaNum")),
        (
            "list",
            Value::list(vec![random("q", "randAlpha"), Value::int(3)]),
        ),
    ]);
    let json = call("toJson", vec![v]).expect("JSON");
    for name in ["fromJson", "mustFromJson"] {
        let back = call(name, vec![json.clone()]).expect("a map");
        assert_eq!(
            spans(&get(&back, "p")),
            ("Xy7Ab".to_string(), vec![(0, 5, "randAlphaNum")]),
            "{name}"
        );
        assert_eq!(spans(&get(&back, "fixed")), ("kept".to_string(), vec![]));
        let Value::List(items, _) = get(&back, "list") else {
            panic!("a list")
        };
        assert_eq!(
            spans(&items[0]),
            ("q".to_string(), vec![(0, 1, "randAlpha")])
        );
        assert!(matches!(items[1], Value::Float(f) if f == 3.0));
    }
    let list = call(
        "toJson",
        vec![Value::list(vec![
            Value::str("k"),
            random("Z9", "randAlphaNum"),
        ])],
    );
    let back = call("fromJsonArray", vec![list.expect("JSON")]).expect("a list");
    let Value::List(items, _) = back else {
        panic!("a list")
    };
    assert_eq!(spans(&items[0]), ("k".to_string(), vec![]));
    assert_eq!(
        spans(&items[1]),
        ("Z9".to_string(), vec![(0, 2, "randAlphaNum")])
    );
}

#[test]
fn keys_numbers_and_errors_made_of_masked_json_are_refused() {
    // `printf "{%q: 1}" (randAlphaNum 5)`: the key is random.
    let key = Value::Str(Str {
        text: "{\"Xy7Ab\": 1}".into(),
        masks: Some(Rc::new(vec![Mask {
            start: 2,
            end: 7,
            from: "randAlphaNum",
        }])),
    });
    // `printf "{\"a\": %s}" (randNumeric 3)`: the number is random.
    let number = Value::Str(Str {
        text: "{\"a\": 123}".into(),
        masks: Some(Rc::new(vec![Mask {
            start: 6,
            end: 9,
            from: "randNumeric",
        }])),
    });
    // Go's error would quote a random byte.
    let broken = random("Xy7Ab", "randAlphaNum");
    for (arg, want) in [
        (key, "a JSON key made of masked (randAlphaNum) text"),
        (
            number,
            "a JSON number or literal made of masked (randNumeric) text",
        ),
        (
            broken,
            "a JSON syntax error in text holding masked (randAlphaNum) spans",
        ),
    ] {
        for name in ["fromJson", "fromJsonArray", "mustFromJson"] {
            let got = call(name, vec![arg.clone()]);
            assert_eq!(
                got.err(),
                Some(CallError::Unsupported(want.to_string())),
                "{name}"
            );
        }
    }
}

#[test]
fn to_yaml_masks_each_masked_scalar_where_it_lands() {
    let v = dict(&[
        ("a", Value::str("fixed")),
        ("p", random("Xy7Ab", "randAlphaNum")),
        ("q", random("1234", "randNumeric")),
    ]);
    // yaml.v2 quotes a string that reads as a number; the quotes are inside the mask.
    let (text, masks) = spans(&call("toYaml", vec![v]).expect("YAML"));
    assert_eq!(text, "a: fixed\np: Xy7Ab\nq: \"1234\"");
    assert_eq!(
        masks,
        vec![(12, 17, "randAlphaNum"), (21, 27, "randNumeric")]
    );
}

/// A YAML reader of the flat `key: value` documents these tests make, typed as Helm's
/// `fromYaml` types them (sigs.k8s.io/yaml: digits are float64, `"…"` a string).
fn flat_yaml(text: &str) -> Result<Value, String> {
    let mut map = BTreeMap::new();
    for line in text.lines() {
        let (key, value) = line.split_once(": ").ok_or("not a mapping")?;
        let value = match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            Some(quoted) => Value::str(quoted),
            None => match value.parse::<f64>() {
                Ok(f) => Value::Float(f),
                Err(_) => Value::str(value),
            },
        };
        map.insert(key.to_string(), value);
    }
    Ok(Value::map(map))
}

#[test]
fn from_yaml_masks_the_strings_that_random_text_made_and_refuses_the_rest() {
    let v = dict(&[
        ("a", Value::str("fixed")),
        ("p", random("Xy7Ab", "randAlphaNum")),
        ("q", random("1234", "randNumeric")),
    ]);
    let yaml = call("toYaml", vec![v]).expect("YAML");
    let back = call_reading("fromYaml", vec![yaml], Some(&flat_yaml)).expect("a map");
    assert_eq!(spans(&get(&back, "a")), ("fixed".to_string(), vec![]));
    assert_eq!(
        spans(&get(&back, "p")),
        ("Xy7Ab".to_string(), vec![(0, 5, "randAlphaNum")])
    );
    // The reader gives no positions: a string is masked as made by the text's first mask.
    assert_eq!(
        spans(&get(&back, "q")),
        ("1234".to_string(), vec![(0, 4, "randAlphaNum")])
    );
    let key = Value::Str(Str {
        text: "Xy7Ab: 1".into(),
        masks: Some(Rc::new(vec![Mask {
            start: 0,
            end: 5,
            from: "randAlpha",
        }])),
    });
    let number = Value::Str(Str {
        text: "a: 123".into(),
        masks: Some(Rc::new(vec![Mask {
            start: 3,
            end: 6,
            from: "randNumeric",
        }])),
    });
    for (arg, want) in [
        (key, "a YAML key made of masked (randAlpha) text"),
        (
            number,
            "a YAML kind, number or literal made of masked (randNumeric) text",
        ),
    ] {
        let got = call_reading("fromYaml", vec![arg], Some(&flat_yaml));
        assert_eq!(got.err(), Some(CallError::Unsupported(want.to_string())));
    }
}
