//! Go's `encoding/json` over template values, byte for byte: `Marshal` (keys sorted, Go's float
//! layout, HTML escaping), `MarshalIndent` as sprig's `toPrettyJson` calls it, and `Unmarshal`
//! into `interface{}` with Go's syntax errors word for word.

mod decode;

pub use decode::{unmarshal, unmarshal_masked};

use crate::func::CallError;
use crate::gofmt::strconv::format_float;
use crate::value::{Mask, Value};
use std::fmt::Write as _;

/// The deepest value this port encodes (Go has no limit short of a cycle).
const MAX_DEPTH: u32 = 1000;

/// The most text one encoding makes (a value's shared parts can make it exponentially large).
const MAX_OUTPUT: usize = 64 << 20;

/// Go's `json.Marshal` (`escape_html` false is an `Encoder` with `SetEscapeHTML(false)`, without its newline).
pub fn marshal(v: &Value, escape_html: bool) -> Result<String, CallError> {
    encode(v, escape_html, None, MAX_OUTPUT).map(|(out, _)| out)
}

/// Go's `json.MarshalIndent(v, "", indent)`.
pub fn marshal_indent(v: &Value, indent: &str) -> Result<String, CallError> {
    encode(v, true, Some(indent.to_string()), MAX_OUTPUT).map(|(out, _)| out)
}

/// `marshal` (or `marshal_indent` when `indent` is given) and the spans of its output that are
/// masked: the quoted text of each string value holding a masked span, masked whole.
pub fn marshal_masked(
    v: &Value,
    escape_html: bool,
    indent: Option<&str>,
) -> Result<(String, Vec<Mask>), CallError> {
    encode(v, escape_html, indent.map(str::to_string), MAX_OUTPUT)
}

/// The encoding of `v` and its masked spans, stopped once it passes `max_output` bytes.
fn encode(
    v: &Value,
    escape_html: bool,
    indent: Option<String>,
    max_output: usize,
) -> Result<(String, Vec<Mask>), CallError> {
    let mut enc = Encoder {
        out: String::new(),
        escape_html,
        indent,
        open: Vec::new(),
        max_output,
        masks: Vec::new(),
    };
    enc.value(v, 0)?;
    Ok((enc.out, enc.masks))
}

/// Go's `encodeState`: the output and how it is laid out.
struct Encoder {
    out: String,
    escape_html: bool,
    indent: Option<String>,
    /// The maps being encoded, outermost first (a map met again is a cycle).
    open: Vec<*const ()>,
    max_output: usize,
    /// The masked spans of the output so far, in order.
    masks: Vec<Mask>,
}

impl Encoder {
    /// One value at nesting `depth`.
    fn value(&mut self, v: &Value, depth: u32) -> Result<(), CallError> {
        if depth > MAX_DEPTH {
            return Err(CallError::Unsupported(format!(
                "JSON of a value nested more than {MAX_DEPTH} deep"
            )));
        }
        if self.out.len() > self.max_output {
            return Err(CallError::Budget(
                "JSON made more text than the render's budget allows".to_string(),
            ));
        }
        match v {
            Value::Nil => self.out.push_str("null"),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Int(n, _) => {
                let _ = write!(self.out, "{n}");
            }
            Value::Float(f) => self.float(*f)?,
            Value::Str(s) => {
                let start = self.out.len() + 1;
                write_string(&mut self.out, &s.text, self.escape_html);
                let end = self.out.len().saturating_sub(1);
                if let Some(m) = s.masks.as_ref().and_then(|m| m.first()) {
                    if start < end {
                        self.masks.push(Mask {
                            start,
                            end,
                            from: m.from,
                        });
                    }
                }
            }
            Value::List(..) if v.is_nil_list() => self.out.push_str("null"),
            Value::Map(..) if v.is_nil_map() => self.out.push_str("null"),
            Value::List(items, _) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.newline(depth + 1);
                    self.value(item, depth + 1)?;
                }
                if !items.is_empty() {
                    self.newline(depth);
                }
                self.out.push(']');
            }
            Value::Map(map, _) => {
                let ptr = std::rc::Rc::as_ptr(map) as *const ();
                if self.open.contains(&ptr) {
                    return Err(CallError::Unsupported(
                        "JSON of a map that holds itself".to_string(),
                    ));
                }
                self.open.push(ptr);
                let result = self.map(&map.borrow(), depth);
                self.open.pop();
                result?;
            }
            Value::Object(o) => {
                return Err(CallError::Unsupported(format!(
                    "JSON of a {}",
                    o.type_name()
                )));
            }
        }
        Ok(())
    }

    /// A map's entries, keys in byte order.
    fn map(
        &mut self,
        map: &std::collections::BTreeMap<String, Value>,
        depth: u32,
    ) -> Result<(), CallError> {
        self.out.push('{');
        for (i, (key, item)) in map.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            self.newline(depth + 1);
            write_string(&mut self.out, key, self.escape_html);
            self.out.push(':');
            if self.indent.is_some() {
                self.out.push(' ');
            }
            self.value(item, depth + 1)?;
        }
        if !map.is_empty() {
            self.newline(depth);
        }
        self.out.push('}');
        Ok(())
    }

    /// Under `MarshalIndent`, a newline and the indent of `depth`.
    fn newline(&mut self, depth: u32) {
        if let Some(indent) = &self.indent {
            self.out.push('\n');
            for _ in 0..depth {
                self.out.push_str(indent);
            }
        }
    }

    /// Go's `floatEncoder`: `'f'` shortest, `'e'` below 1e-6 or from 1e21, `e-07` written `e-7`.
    fn float(&mut self, f: f64) -> Result<(), CallError> {
        if f.is_nan() || f.is_infinite() {
            return Err(CallError::Go(format!(
                "json: unsupported value: {}",
                format_float(f, b'g', -1)
            )));
        }
        self.out.push_str(&float_text(f));
        Ok(())
    }
}

/// A finite float as `encoding/json` writes it.
pub fn float_text(f: f64) -> String {
    let abs = f.abs();
    let exp = abs != 0.0 && !(1e-6..1e21).contains(&abs);
    let mut text = format_float(f, if exp { b'e' } else { b'f' }, -1);
    if exp {
        let n = text.len();
        let b = text.as_bytes();
        if n >= 4 && b[n - 4] == b'e' && b[n - 3] == b'-' && b[n - 2] == b'0' {
            text.remove(n - 2);
        }
    }
    text
}

/// Go's `appendString`: `s` quoted, with `<`, `>`, `&` escaped when `escape_html`.
pub fn write_string(out: &mut String, s: &str, escape_html: bool) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' if escape_html => {
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
            c if (c as u32) < 0x20 => {
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_shared_exponentially_is_stopped_by_its_size() {
        // Each level holds the one below twice: 2^60 leaves if written out.
        let mut v = Value::str("x".repeat(100));
        for _ in 0..60 {
            v = Value::list(vec![v.clone(), v]);
        }
        let stopped = encode(&v, true, None, 1 << 20);
        assert!(matches!(stopped, Err(CallError::Budget(_))));
    }

    #[test]
    fn a_map_holding_itself_is_refused() {
        let map = Value::map(std::collections::BTreeMap::new());
        if let Value::Map(m, _) = &map {
            m.borrow_mut().insert("me".to_string(), map.clone());
        }
        assert!(matches!(
            marshal(&map, true),
            Err(CallError::Unsupported(_))
        ));
        if let Value::Map(m, _) = &map {
            // Break the cycle so the test frees it.
            m.borrow_mut().clear();
        }
    }
}
