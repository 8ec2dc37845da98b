//! Values written as YAML text that reads back as exactly that value under the typing mode.

use crate::yaml::{self, DecodeOptions, Typing, is_printable};
use serde_json::Value;

/// Whether `text`, written plain after `key: `, reads back as `value` under `typing`.
fn reads_back(text: &str, value: &Value, typing: Typing) -> bool {
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    match yaml::decode(&format!("k: {text}\n"), &options) {
        Ok(docs) => docs.len() == 1 && docs[0].get("k") == Some(value),
        Err(_) => false,
    }
}

/// Whether `c` may stand raw in a plain scalar or key that every YAML reader takes the same way:
/// printable, and not one of the breaks YAML 1.1 (Helm's parser) reads where 1.2 does not.
fn plain_safe(c: char) -> bool {
    is_printable(c) && !matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

/// `s` as a YAML double-quoted scalar: every character a reader could take differently escaped.
///
/// Non-printable characters (`\a`, `\x7F`, `\e`, `\uFFFE`) would make the file invalid, and
/// U+0085, U+2028 and U+2029 are line breaks to Helm's YAML 1.1 parser (folded inside quotes),
/// so each is written as its escape (`\N`, `\L`, `\P`).
pub fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{B}' => out.push_str("\\v"),
            '\u{C}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\u{1B}' => out.push_str("\\e"),
            '\u{85}' => out.push_str("\\N"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x100 && !plain_safe(c) => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c if !plain_safe(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` as a YAML single-quoted scalar: each `'` doubled, nothing else escaped.
pub fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A scalar (or empty collection) as YAML: plain when that reads back exactly, else double-quoted.
pub fn render_scalar(value: &Value, typing: Typing) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Object(map) if map.is_empty() => "{}".to_string(),
        Value::Array(items) if items.is_empty() => "[]".to_string(),
        Value::String(s) => {
            let plain = !s.is_empty()
                && s.trim() == s
                && s.chars().all(plain_safe)
                && !s.contains(['\n', '\r', '\t', '#', '"', '\''])
                && reads_back(s, value, typing);
            if plain { s.clone() } else { double_quoted(s) }
        }
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

/// A mapping key as YAML: plain when it reads back as the same key, else double-quoted.
pub fn render_key(key: &str, typing: Typing) -> String {
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let plain = !key.is_empty()
        && key.trim() == key
        && key.chars().all(plain_safe)
        && !key.contains([
            '\n', '\r', '\t', '#', '"', '\'', ':', '{', '}', '[', ']', ',', '&', '*', '!', '|',
            '>', '%', '@', '`',
        ])
        && !key.starts_with(['-', '?'])
        && matches!(
            yaml::decode(&format!("{key}: 1\n"), &options).as_deref(),
            Ok([Value::Object(map)]) if map.len() == 1 && map.contains_key(key)
        );
    if plain {
        key.to_string()
    } else {
        double_quoted(key)
    }
}

/// A new key written in the quoting style of `old` (the key's original text): a renamed
/// `"port"` stays double-quoted, `'port'` single-quoted; a plain key as [`render_key`] writes it.
pub fn render_key_like(key: &str, old: &str, typing: Typing) -> String {
    if old.starts_with('"') {
        double_quoted(key)
    } else if old.starts_with('\'')
        && key.chars().all(plain_safe)
        && !key.contains(['\n', '\r', '\t'])
    {
        single_quoted(key)
    } else {
        render_key(key, typing)
    }
}

/// One `key: value` entry as block YAML lines at `indent`, nested collections `step` deeper.
pub fn render_value(
    key: &str,
    value: &Value,
    indent: usize,
    step: usize,
    eol: &str,
    typing: Typing,
) -> String {
    let mut out = String::new();
    entry(&mut out, key, value, indent, step, eol, typing);
    out
}

fn entry(
    out: &mut String,
    key: &str,
    value: &Value,
    indent: usize,
    step: usize,
    eol: &str,
    typing: Typing,
) {
    let pad = " ".repeat(indent);
    let key = render_key(key, typing);
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push_str(&format!("{pad}{key}:{eol}"));
            for (k, v) in map {
                entry(out, k, v, indent + step, step, eol, typing);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            out.push_str(&format!("{pad}{key}:{eol}"));
            for item in items {
                list_item(out, item, indent + step, step, eol, typing);
            }
        }
        scalar => out.push_str(&format!(
            "{pad}{key}: {}{eol}",
            render_scalar(scalar, typing)
        )),
    }
}

fn list_item(
    out: &mut String,
    value: &Value,
    indent: usize,
    step: usize,
    eol: &str,
    typing: Typing,
) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) if !map.is_empty() => {
            let mut first = true;
            for (k, v) in map {
                if first {
                    // `- ` followed by the first key, the rest of the item at the key's column.
                    let mut item = String::new();
                    entry(&mut item, k, v, indent + 2, step, eol, typing);
                    out.push_str(&format!("{pad}- {}", &item[indent + 2..]));
                    first = false;
                } else {
                    entry(out, k, v, indent + 2, step, eol, typing);
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            out.push_str(&format!("{pad}-{eol}"));
            for item in items {
                list_item(out, item, indent + step, step, eol, typing);
            }
        }
        scalar => out.push_str(&format!("{pad}- {}{eol}", render_scalar(scalar, typing))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quotes_what_would_read_back_as_something_else() {
        let helm = Typing::Helm;
        assert_eq!(render_scalar(&json!("8080"), helm), "\"8080\"");
        assert_eq!(render_scalar(&json!("yes"), helm), "\"yes\"");
        assert_eq!(render_scalar(&json!("null"), helm), "\"null\"");
        assert_eq!(render_scalar(&json!(""), helm), "\"\"");
        assert_eq!(render_scalar(&json!("a: b"), helm), "\"a: b\"");
        assert_eq!(render_scalar(&json!("monitoring"), helm), "monitoring");
        assert_eq!(render_scalar(&json!(8080), helm), "8080");
        assert_eq!(render_scalar(&json!({}), helm), "{}");
        // `yes` is a boolean to Helm but a string to YAML 1.2.
        assert_eq!(render_scalar(&json!("yes"), Typing::Yaml12), "yes");
    }

    #[test]
    fn escapes_what_yaml_forbids_raw_or_helm_reads_as_a_break() {
        let helm = Typing::Helm;
        assert_eq!(render_scalar(&json!("\u{7}"), helm), "\"\\a\"");
        assert_eq!(render_scalar(&json!("\u{7F}"), helm), "\"\\x7F\"");
        assert_eq!(render_scalar(&json!("\u{1B}"), helm), "\"\\e\"");
        assert_eq!(render_scalar(&json!("\u{FFFE}"), helm), "\"\\uFFFE\"");
        assert_eq!(render_scalar(&json!("a\u{2028}b"), helm), "\"a\\Lb\"");
        assert_eq!(render_scalar(&json!("\u{2029}"), helm), "\"\\P\"");
        assert_eq!(render_scalar(&json!("a\u{85}b"), helm), "\"a\\Nb\"");
        assert_eq!(render_key("k\u{85}", helm), "\"k\\N\"");
        assert_eq!(render_scalar(&json!("café 😀"), helm), "café 😀");
        assert_eq!(render_key_like("podPort", "\"port\"", helm), "\"podPort\"");
        assert_eq!(render_key_like("it's", "'port'", helm), "'it''s'");
        assert_eq!(render_key_like("podPort", "port", helm), "podPort");
    }

    #[test]
    fn renders_keys_and_nested_values_that_read_back() {
        assert_eq!(render_key("podPort", Typing::Helm), "podPort");
        assert_eq!(
            render_key("prometheus.io/scrape", Typing::Helm),
            "prometheus.io/scrape"
        );
        assert_eq!(render_key("on", Typing::Helm), "\"on\"");
        assert_eq!(render_key("a: b", Typing::Helm), "\"a: b\"");
        let value =
            json!({"limits": {"memory": "1Gi"}, "args": ["--x", {"name": "a", "value": "1"}]});
        let text = render_value("resources", &value, 2, 2, "\n", Typing::Helm);
        let decoded = yaml::decode(&format!("top:\n{text}"), &DecodeOptions::default()).unwrap();
        assert_eq!(decoded[0]["top"]["resources"], value);
    }
}
