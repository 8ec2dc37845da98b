//! `--set` as Helm parses it (`pkg/strvals/parser.go`, `ParseInto`): dotted keys, `a[0]`
//! indexes, `{a,b}` lists, `\` escapes, and `typedVal`'s types (`true`/`false`/`null` in any
//! case, integers as int64 unless they start with `0`, anything else a string).

use serde_json::{Map, Value};

/// Helm's `MaxIndex`.
const MAX_INDEX: usize = 65536;
/// Helm's `MaxNestedNameLevel`.
const MAX_NESTED: usize = 30;

/// A `--set` expression read into `dest`, or Helm's error.
pub fn parse_into(text: &str, dest: &mut Map<String, Value>) -> Result<(), String> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    loop {
        match parser.key(dest, 0) {
            Ok(()) => {}
            Err(Stop::Eof) => return Ok(()),
            Err(Stop::Error(e)) => return Err(e),
        }
    }
}

/// Why a step of the parser stopped: the end of the text, or an error.
enum Stop {
    Eof,
    Error(String),
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Error(e)
    }
}

/// The text as runes and how far it is read.
struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn read(&mut self) -> Option<char> {
        let c = self.chars.get(self.at).copied();
        if c.is_some() {
            self.at += 1;
        }
        c
    }

    /// Go's `runesUntil`: the runes up to a stop rune (escapes read), the stop, or the end.
    fn until(&mut self, stop: &[char]) -> (String, Option<char>) {
        let mut out = String::new();
        loop {
            match self.read() {
                None => return (out, None),
                Some(c) if stop.contains(&c) => return (out, Some(c)),
                Some('\\') => match self.read() {
                    None => return (out, None),
                    Some(next) => out.push(next),
                },
                Some(c) => out.push(c),
            }
        }
    }

    /// Helm's `key`: one `key=value` (or `key.…`, `key[i]…`) into `data`.
    fn key(&mut self, data: &mut Map<String, Value>, level: usize) -> Result<(), Stop> {
        let (k, last) = self.until(&['=', '[', ',', '.']);
        match last {
            None if k.is_empty() => Err(Stop::Eof),
            None => Err(format!("key {:?} has no value", k).into()),
            Some('[') => {
                let i = self.index()?;
                let mut list = match data.get(&k) {
                    None => Vec::new(),
                    Some(Value::Array(items)) => items.clone(),
                    Some(_) => return Err(unsupported("an index into a value that is no list")),
                };
                // Helm sets the list as it stands even when the rest fails (or ends).
                let result = self.list_item(&mut list, i, level);
                set(data, &k, Value::Array(list));
                result
            }
            Some('=') => match self.val_list()? {
                Some(list) => {
                    set(data, &k, Value::Array(list));
                    Ok(())
                }
                None if self.at >= self.chars.len() => {
                    set(data, &k, Value::String(String::new()));
                    Err(Stop::Eof)
                }
                None => {
                    let (v, _) = self.until(&[',']);
                    set(data, &k, typed(&v));
                    Ok(())
                }
            },
            Some(',') => {
                set(data, &k, Value::String(String::new()));
                Err(format!("key {:?} has no value (cannot end with ,)", k).into())
            }
            _ => {
                let level = level + 1;
                if level > MAX_NESTED {
                    return Err(format!("value name nested level is greater than maximum supported nested level of {MAX_NESTED}").into());
                }
                let mut inner = match data.get(&k) {
                    None => Map::new(),
                    Some(Value::Object(map)) => map.clone(),
                    Some(_) => return Err(unsupported("a key under a value that is no map")),
                };
                let result = self.key(&mut inner, level);
                if result.is_ok() && inner.is_empty() {
                    return Err(format!("key map {:?} has no value", k).into());
                }
                if !inner.is_empty() {
                    set(data, &k, Value::Object(inner));
                }
                result
            }
        }
    }

    /// Helm's `keyIndex`: the number up to `]`.
    fn index(&mut self) -> Result<usize, Stop> {
        let (v, last) = self.until(&[']']);
        if last.is_none() {
            return Err(Stop::Eof);
        }
        match v.parse::<i64>() {
            Ok(n) if n < 0 => Err(format!("negative {n} index not allowed").into()),
            Ok(n) => Ok(n as usize),
            Err(_) => Err(format!(
                "error parsing index: strconv.Atoi: parsing {:?}: invalid syntax",
                v
            )
            .into()),
        }
    }

    /// Helm's `listItem`: what follows `key[i]`, into `list` as Go leaves it (also on error).
    fn list_item(&mut self, list: &mut Vec<Value>, i: usize, level: usize) -> Result<(), Stop> {
        let (k, last) = self.until(&['[', '.', '=']);
        if !k.is_empty() {
            return Err(format!("unexpected data at end of array index: {:?}", k).into());
        }
        match last {
            None => Err(Stop::Eof),
            Some('=') => {
                let value = match self.val_list()? {
                    Some(items) => Value::Array(items),
                    None if self.at >= self.chars.len() => Value::String(String::new()),
                    None => typed(&self.until(&[',']).0),
                };
                set_index(list, i, value)
            }
            Some('[') => {
                let next = self.index()?;
                let mut inner = match list.get(i) {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(items)) => items.clone(),
                    Some(_) => return Err(unsupported("an index into a value that is no list")),
                };
                self.list_item(&mut inner, next, level)?;
                set_index(list, i, Value::Array(inner))
            }
            _ => match list.get_mut(i) {
                // Go's maps are shared: the item is changed in place, also when the key fails.
                Some(slot) => {
                    if !slot.is_object() {
                        *slot = Value::Object(Map::new());
                    }
                    match slot {
                        Value::Object(inner) => self.key(inner, level),
                        _ => Ok(()),
                    }
                }
                None => {
                    let mut inner = Map::new();
                    self.key(&mut inner, level)?;
                    set_index(list, i, Value::Object(inner))
                }
            },
        }
    }

    /// Helm's `valList`: `{a,b}` as a list; `None` when the value is no list.
    fn val_list(&mut self) -> Result<Option<Vec<Value>>, Stop> {
        match self.chars.get(self.at) {
            Some('{') => self.at += 1,
            _ => return Ok(None),
        }
        let mut list = Vec::new();
        loop {
            let (v, last) = self.until(&[',', '}']);
            match last {
                None => return Err("list must terminate with '}'".to_string().into()),
                Some('}') => {
                    if self.chars.get(self.at) == Some(&',') {
                        self.at += 1;
                    }
                    list.push(typed(&v));
                    return Ok(Some(list));
                }
                _ => list.push(typed(&v)),
            }
        }
    }
}

/// Helm's `set`: an empty key sets nothing.
fn set(data: &mut Map<String, Value>, key: &str, value: Value) {
    if !key.is_empty() {
        data.insert(key.to_string(), value);
    }
}

/// Helm's `setIndex`: the list grown with `null`s to hold `i`.
fn set_index(list: &mut Vec<Value>, i: usize, value: Value) -> Result<(), Stop> {
    if i > MAX_INDEX {
        return Err(
            format!("index of {i} is greater than maximum supported index of {MAX_INDEX}").into(),
        );
    }
    if list.len() <= i {
        list.resize(i + 1, Value::Null);
    }
    if let Some(slot) = list.get_mut(i) {
        *slot = value;
    }
    Ok(())
}

/// Helm's `typedVal` (not `--set-string`).
fn typed(text: &str) -> Value {
    if text.eq_ignore_ascii_case("true") {
        return Value::Bool(true);
    }
    if text.eq_ignore_ascii_case("false") {
        return Value::Bool(false);
    }
    if text.eq_ignore_ascii_case("null") {
        return Value::Null;
    }
    if text == "0" {
        return Value::from(0i64);
    }
    if !text.starts_with('0') {
        if let Some(n) = go_parse_int(text) {
            return Value::from(n);
        }
    }
    Value::String(text.to_string())
}

/// Go's `strconv.ParseInt(s, 10, 64)`: an optional sign, then decimal digits, within int64.
fn go_parse_int(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok()
}

/// A case of `--set` this port refuses (Helm panics there and reports it as an error).
fn unsupported(what: &str) -> Stop {
    Stop::Error(format!("unable to parse key: {what} (not ported)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Helm's `TestParseSet` and `TestParseIntoSet` rows (pkg/strvals/parser_test.go).
    #[test]
    fn set_parses_as_helms_strvals() {
        let table: &[(&str, Value)] = &[
            ("name=value", json!({"name": "value"})),
            (
                "long_int_string=1234567890",
                json!({"long_int_string": 1234567890}),
            ),
            ("boolean=true", json!({"boolean": true})),
            ("is_null=null", json!({"is_null": null})),
            ("zero=0", json!({"zero": 0})),
            ("leading_zeros=00009", json!({"leading_zeros": "00009"})),
            ("name=value,foo=bar", json!({"name": "value", "foo": "bar"})),
            ("name=value,foo=", json!({"name": "value", "foo": ""})),
            ("foo=", json!({"foo": ""})),
            ("foo.bar=baz", json!({"foo": {"bar": "baz"}})),
            ("foo=a\\,b", json!({"foo": "a,b"})),
            ("foo=a\\=b", json!({"foo": "a=b"})),
            ("foo\\.bar=baz", json!({"foo.bar": "baz"})),
            ("name={a,b,c}", json!({"name": ["a", "b", "c"]})),
            ("name={a,b,c},x=1", json!({"name": ["a", "b", "c"], "x": 1})),
            ("list[0]=foo", json!({"list": ["foo"]})),
            ("list[2]=foo", json!({"list": [null, null, "foo"]})),
            ("list[0].foo=bar", json!({"list": [{"foo": "bar"}]})),
            ("nested[0][1]=1", json!({"nested": [[null, 1]]})),
            (
                "outer.inner1=value1,outer.inner3=value3",
                json!({"outer": {"inner1": "value1", "inner3": "value3"}}),
            ),
            (
                "name1.name2=value1,name1.name2=value2",
                json!({"name1": {"name2": "value2"}}),
            ),
            ("x=TRUE", json!({"x": true})),
            ("x=9223372036854775808", json!({"x": "9223372036854775808"})),
            ("x=1.5", json!({"x": "1.5"})),
            ("list[0].foo=", json!({"list": []})),
            ("list[1]", json!({"list": []})),
        ];
        for (text, want) in table {
            let mut got = Map::new();
            parse_into(text, &mut got).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(Value::Object(got), *want, "{text}");
        }
    }

    #[test]
    fn set_refuses_what_helm_refuses() {
        for text in [
            "name",
            "name=value,,",
            "name=value,foo",
            "list[-1]=x",
            "name={a,b",
            "a.=1",
        ] {
            assert!(parse_into(text, &mut Map::new()).is_err(), "{text}");
        }
    }

    #[test]
    fn set_lays_over_what_the_files_gave() {
        let mut base = json!({"a": {"b": 1, "c": 2}}).as_object().unwrap().clone();
        parse_into("a.b=3", &mut base).unwrap();
        assert_eq!(Value::Object(base), json!({"a": {"b": 3, "c": 2}}));
    }
}
