//! Masked spans and refusals of sprig's string, random and encoding functions: random output is
//! masked whole, text kept from a masked input keeps its mask where it lands, byte cuts inside a
//! character and oversized results are refused.

use std::rc::Rc;

use values_migrate_render::{Budget, CallError, Mask, Str, Value};

mod common;
use common::{call, call_within};

/// Calls `name` with a fresh context and a budget of `bytes`.
fn call_with(name: &str, args: Vec<Value>, bytes: u64) -> Result<Value, CallError> {
    let budget = Budget {
        bytes,
        ..Budget::default()
    };
    call_within(budget, name, args)
}

/// A string masked from `start` to `end` as made by `from`.
fn masked(text: &str, start: usize, end: usize, from: &'static str) -> Value {
    Value::Str(Str {
        text: text.into(),
        masks: Some(Rc::new(vec![Mask { start, end, from }])),
    })
}

/// The text and the (start, end, from) of each mask.
fn spans(v: &Value) -> (String, Vec<(usize, usize, &'static str)>) {
    let Value::Str(s) = v else {
        panic!("not a string: {v:?}")
    };
    let masks = s.masks.as_ref().map_or(Vec::new(), |m| {
        m.iter().map(|m| (m.start, m.end, m.from)).collect()
    });
    (s.text.to_string(), masks)
}

#[test]
fn random_strings_are_masked_whole_with_their_shape() {
    type Shape = fn(char) -> bool;
    let cases: &[(&str, i64, Shape)] = &[
        ("randAlphaNum", 12, |c| c.is_ascii_alphanumeric()),
        ("randAlpha", 9, |c| c.is_ascii_alphabetic()),
        ("randNumeric", 7, |c| c.is_ascii_digit()),
        ("randAscii", 30, |c| (' '..='~').contains(&c)),
    ];
    for (name, count, shape) in cases {
        let (text, masks) = spans(&call(name, vec![Value::int(*count)]).expect("a string"));
        assert_eq!(text.len(), *count as usize, "{name}");
        assert!(text.chars().all(shape), "{name}: {text}");
        assert_eq!(masks, vec![(0, *count as usize, *name)], "{name}");
    }
    let (id, masks) = spans(&call("uuidv4", vec![]).expect("a uuid"));
    assert_eq!((id.len(), &id[14..15], &id[8..9]), (36, "4", "-"));
    assert_eq!(masks, vec![(0, 36, "uuidv4")]);
}

#[test]
fn htpasswd_masks_the_hash_and_not_the_user() {
    let out = call("htpasswd", vec![Value::str("admin"), Value::str("pw")]).expect("a line");
    let (text, masks) = spans(&out);
    assert!(
        text.starts_with("admin:$2a$10$") && text.len() == 66,
        "{text}"
    );
    assert_eq!(masks, vec![(6, 66, "htpasswd")]);
}

#[test]
fn a_generated_certificate_holds_masked_pem() {
    let ca = call("genCA", vec![Value::str("ca"), Value::int(365)]).expect("a certificate");
    let Value::Object(o) = &ca else {
        panic!("not an object")
    };
    assert_eq!(o.type_name(), "sprig.certificate");
    let (cert, masks) = spans(&o.field("Cert").expect("Cert"));
    assert!(
        cert.starts_with("-----BEGIN CERTIFICATE-----\n")
            && cert.ends_with("-----END CERTIFICATE-----\n")
    );
    assert_eq!(masks, vec![(0, cert.len(), "genCA")]);
    let signed = call(
        "genSignedCert",
        vec![
            Value::str("x"),
            Value::list(vec![Value::str("10.0.0.1")]),
            Value::list(vec![]),
            Value::int(1),
            ca,
        ],
    );
    assert!(matches!(signed, Ok(Value::Object(_))), "{signed:?}");
    let bad_ip = call(
        "genSelfSignedCert",
        vec![
            Value::str("x"),
            Value::list(vec![Value::str("1.2.3")]),
            Value::Nil,
            Value::int(1),
        ],
    );
    assert_eq!(
        bad_ip.err(),
        Some(CallError::Go("error parsing ip: 1.2.3".to_string()))
    );
}

#[test]
fn kept_text_keeps_its_mask_where_it_lands() {
    let secret = masked("  ab\ncd  ", 2, 7, "randAlphaNum");
    let (text, masks) =
        spans(&call("indent", vec![Value::int(2), secret.clone()]).expect("indented"));
    assert_eq!(text, "    ab\n  cd  ");
    assert_eq!(masks, vec![(4, 11, "randAlphaNum")]);
    let (text, masks) = spans(&call("trim", vec![secret.clone()]).expect("trimmed"));
    assert_eq!(
        (text.as_str(), masks),
        ("ab\ncd", vec![(0, 5, "randAlphaNum")])
    );
    let (text, masks) = spans(&call("quote", vec![Value::str("x"), secret]).expect("quoted"));
    assert_eq!(text, r#""x" "  ab\ncd  ""#);
    assert_eq!(masks, vec![(7, 13, "randAlphaNum")]);
    let (text, masks) =
        spans(&call("nindent", vec![Value::int(1), Value::str("plain")]).expect("plain"));
    assert_eq!((text.as_str(), masks), ("\n plain", vec![]));
}

#[test]
fn cuts_inside_a_character_and_oversized_results_are_refused() {
    for (name, args) in [
        ("trunc", vec![Value::int(2), Value::str("héllo")]),
        (
            "substr",
            vec![Value::int(0), Value::int(2), Value::str("héllo")],
        ),
        ("abbrev", vec![Value::int(6), Value::str("ééééé")]),
        ("randInt", vec![Value::int(1), Value::int(9)]),
        ("getHostByName", vec![Value::str("example.com")]),
        ("buildCustomCert", vec![Value::str("x"), Value::str("y")]),
        (
            "toDate",
            vec![Value::str("2006 -0700"), Value::str("2024 +0100")],
        ),
    ] {
        assert!(
            matches!(call(name, args), Err(CallError::Unsupported(_))),
            "{name}"
        );
    }
    let huge = call_with(
        "repeat",
        vec![Value::int(1 << 20), Value::str("abcd")],
        1 << 20,
    );
    assert!(matches!(huge, Err(CallError::Budget(_))), "{huge:?}");
    let wide = call_with(
        "indent",
        vec![Value::int(1 << 20), Value::str("a\nb")],
        1 << 20,
    );
    assert!(matches!(wide, Err(CallError::Budget(_))), "{wide:?}");
}

#[test]
fn clock_times_are_masked_wherever_they_show() {
    let now = call("now", vec![]).expect("a time");
    let Value::Object(o) = &now else {
        panic!("not an object")
    };
    assert_eq!((o.type_name(), o.display()), ("time.Time", None));
    let (text, masks) =
        spans(&call("date", vec![Value::str("2006-01-02"), now.clone()]).expect("a date"));
    assert_eq!((text.len(), masks), (10, vec![(0, 10, "now")]));
    let (text, masks) = spans(&call("unixEpoch", vec![now.clone()]).expect("seconds"));
    assert_eq!((text.len(), masks), (10, vec![(0, 10, "now")]));
    // A string is not a time: sprig formats the clock's time instead.
    let (_, masks) =
        spans(&call("date", vec![Value::str("2006"), Value::str("2024-01-02")]).expect("a year"));
    assert_eq!(masks, vec![(0, 4, "date")]);
    let moved = call("dateModify", vec![Value::str("bad"), now.clone()]).expect("a time");
    assert!(matches!(moved, Value::Object(ref o) if o.type_name() == "time.Time"));
}

#[test]
fn malformed_durations_are_gos_errors() {
    let now = call("now", vec![]).expect("a time");
    // Recorded from Helm 4.2.3 (`mustDateModify D now`).
    let cases = [
        ("1x", r#"time: unknown unit "x" in duration "1x""#),
        ("abc", r#"time: invalid duration "abc""#),
        ("", r#"time: invalid duration """#),
        ("1.5.h", r#"time: missing unit in duration "1.5.h""#),
        ("9999999999h", r#"time: invalid duration "9999999999h""#),
        ("-é", r#"time: invalid duration "-\xc3\xa9""#),
    ];
    for (d, message) in cases {
        let got = call("mustDateModify", vec![Value::str(d), now.clone()]);
        assert_eq!(got.err(), Some(CallError::Go(message.to_string())), "{d}");
    }
}

#[test]
fn output_derived_from_masked_arguments_is_masked_or_refused() {
    let random_year = masked("2024", 0, 4, "randNumeric");
    let when = call("toDate", vec![Value::str("2006"), random_year.clone()]).expect("a time");
    let (text, masks) = spans(&call("date", vec![Value::str("2006-01"), when]).expect("a date"));
    assert_eq!((text.as_str(), masks), ("2024-01", vec![(0, 7, "now")]));
    let bad = call(
        "mustToDate",
        vec![Value::str("2006-01"), random_year.clone()],
    );
    assert!(matches!(bad, Err(CallError::Unsupported(_))), "{bad:?}");
    let (text, masks) =
        spans(&call("duration", vec![masked("90", 0, 2, "randNumeric")]).expect("a duration"));
    assert_eq!(
        (text.as_str(), masks),
        ("1m30s", vec![(0, 5, "randNumeric")])
    );
    let (text, masks) = spans(
        &call(
            "htpasswd",
            vec![masked("u:x", 0, 3, "randAscii"), Value::str("pw")],
        )
        .expect("a line"),
    );
    assert_eq!((text.len(), masks), (64, vec![(0, 64, "randAscii")]));
    let layout = masked("2006", 0, 4, "randAlpha");
    let (text, masks) = spans(&call("date", vec![layout, Value::int(0)]).expect("a year"));
    assert_eq!((text.as_str(), masks), ("1970", vec![(0, 4, "randAlpha")]));
}

#[test]
fn encrypted_text_is_masked_and_decrypts_back() {
    let sealed = call(
        "encryptAES",
        vec![Value::str("key"), Value::str("a secret")],
    )
    .expect("text");
    let (text, masks) = spans(&sealed);
    // 16 bytes of IV and one block, in base64.
    assert_eq!((text.len(), masks), (44, vec![(0, 44, "encryptAES")]));
    let opened = call("decryptAES", vec![Value::str("key"), sealed]).expect("the text");
    let (text, masks) = spans(&opened);
    assert_eq!(
        (text.as_str(), masks),
        ("a secret", vec![(0, 8, "encryptAES")])
    );
}
