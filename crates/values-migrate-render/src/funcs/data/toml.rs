//! BurntSushi/toml v1.6's `Encoder` (indent two spaces) over template values, as Helm's
//! `toToml` writes them: keys sorted, plain values before tables, arrays of maps as `[[…]]`.

use crate::func::CallError;
use crate::gofmt::strconv::format_float;
use crate::value::Value;
use std::collections::BTreeMap;

/// The deepest value this port encodes.
const MAX_DEPTH: usize = 1000;

/// The most text one encoding makes.
const MAX_OUTPUT: usize = 64 << 20;

/// The TOML document of `v`, or the encoder's error text (inside); a panic in Go is the call's
/// error (`Go`), and what is not ported is refused.
pub(crate) fn encode(v: &Value) -> Result<Result<String, String>, CallError> {
    let mut enc = Encoder {
        out: String::new(),
        written: false,
        open: Vec::new(),
    };
    let result = match v {
        // BurntSushi asks a nil for its type: Go panics, and the template reports the panic.
        Value::Nil => {
            return Err(CallError::Go(
                "reflect: call of reflect.Value.Type on zero Value".to_string(),
            ));
        }
        Value::Object(o) => {
            return Err(CallError::Unsupported(format!(
                "toToml of a {}",
                o.type_name()
            )));
        }
        Value::Map(..) => enc.value(&[], v),
        Value::List(..) => match is_table_array(v) {
            Ok(true) => Err(CallError::Go(
                "toml: top-level values must be Go maps or structs".to_string(),
            )),
            Ok(false) => enc.element(v, 0),
            Err(err) => Err(err),
        },
        other => enc.element(other, 0),
    };
    match result {
        Ok(()) => Ok(Ok(enc.out)),
        Err(CallError::Go(message)) => Ok(Err(message)),
        Err(other) => Err(other),
    }
}

/// The encoder's output and the maps open on the way down.
struct Encoder {
    out: String,
    written: bool,
    open: Vec<*const ()>,
}

/// TOML's view of a value: a table, an array of tables, or anything else.
fn is_table(v: &Value) -> Result<bool, CallError> {
    Ok(matches!(v, Value::Map(..)) || is_table_array(v)?)
}

/// BurntSushi's `isTableArray`: a non-empty array of maps only; a nil element anywhere in the
/// arrays walked is the encoder's error.
fn is_table_array(v: &Value) -> Result<bool, CallError> {
    let Value::List(items, _) = v else {
        return Ok(false);
    };
    let mut all = !items.is_empty();
    for item in items.iter() {
        match item {
            Value::Nil => {
                return Err(CallError::Go(
                    "toml: cannot encode array with nil element".to_string(),
                ));
            }
            Value::Map(..) => {}
            Value::List(..) => {
                is_table_array(item)?;
                all = false;
            }
            _ => all = false,
        }
    }
    Ok(all)
}

/// A key piece bare when it may be, else quoted.
fn key_piece(piece: &str) -> String {
    let bare = !piece.is_empty()
        && piece
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        piece.to_string()
    } else {
        quoted(piece)
    }
}

/// A dotted key (`Key.String`).
fn dotted(key: &[&str]) -> String {
    key.iter()
        .map(|p| key_piece(p))
        .collect::<Vec<_>>()
        .join(".")
}

/// A basic string with BurntSushi's escapes.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The indent of a key's depth.
fn indent(key: &[&str]) -> String {
    "  ".repeat(key.len().saturating_sub(1))
}

impl Encoder {
    fn write(&mut self, s: &str) -> Result<(), CallError> {
        self.out.push_str(s);
        self.written = true;
        if self.out.len() > MAX_OUTPUT {
            return Err(CallError::Budget(
                "TOML made more text than the render's budget allows".to_string(),
            ));
        }
        Ok(())
    }

    fn newline(&mut self) -> Result<(), CallError> {
        if self.written {
            self.write("\n")?;
        }
        Ok(())
    }

    /// `encode`: a table, an array of tables, or `key = value`.
    fn value(&mut self, key: &[&str], v: &Value) -> Result<(), CallError> {
        if key.len() > MAX_DEPTH {
            return Err(CallError::Unsupported(format!(
                "TOML of a value nested more than {MAX_DEPTH} deep"
            )));
        }
        match v {
            Value::Nil => Ok(()),
            Value::Map(map, _) => {
                if key.len() == 1 {
                    self.newline()?;
                }
                if !key.is_empty() {
                    self.write(&format!("{}[{}]", indent(key), dotted(key)))?;
                    self.newline()?;
                }
                self.with_open(map, |enc, m| enc.map(key, m, false))
            }
            Value::List(items, _) if is_table_array(v)? => {
                for item in items.iter() {
                    self.newline()?;
                    self.write(&format!("{}[[{}]]", indent(key), dotted(key)))?;
                    self.newline()?;
                    if let Value::Map(map, _) = item {
                        self.with_open(map, |enc, m| enc.map(key, m, false))?;
                    }
                }
                Ok(())
            }
            _ => {
                let last = key.last().copied().unwrap_or("");
                self.write(&format!("{}{} = ", indent(key), key_piece(last)))?;
                self.element(v, key.len())?;
                self.newline()
            }
        }
    }

    /// Runs `f` on a map's entries, refusing a map that holds itself.
    fn with_open(
        &mut self,
        map: &crate::value::MapRef,
        f: impl FnOnce(&mut Self, &BTreeMap<String, Value>) -> Result<(), CallError>,
    ) -> Result<(), CallError> {
        let ptr = std::rc::Rc::as_ptr(map) as *const ();
        if self.open.contains(&ptr) {
            return Err(CallError::Unsupported(
                "TOML of a map that holds itself".to_string(),
            ));
        }
        self.open.push(ptr);
        let result = f(self, &map.borrow());
        self.open.pop();
        result
    }

    /// `eMap`: the plain values first, then the tables, each group by key; `inline` as `{k = v}`.
    fn map(
        &mut self,
        key: &[&str],
        map: &BTreeMap<String, Value>,
        inline: bool,
    ) -> Result<(), CallError> {
        let (mut direct, mut sub) = (Vec::new(), Vec::new());
        for (k, item) in map.iter() {
            if is_table(item)? {
                sub.push((k.as_str(), item));
            } else {
                direct.push((k.as_str(), item));
            }
        }
        if inline {
            self.write("{")?;
        }
        let trail = !sub.is_empty();
        self.entries(key, &direct, inline, trail)?;
        self.entries(key, &sub, inline, false)?;
        if inline {
            self.write("}")?;
        }
        Ok(())
    }

    /// `writeMapKeys`: one group of entries (a nil is skipped, its comma kept as Go keeps it).
    fn entries(
        &mut self,
        key: &[&str],
        group: &[(&str, &Value)],
        inline: bool,
        trail: bool,
    ) -> Result<(), CallError> {
        for (i, (k, item)) in group.iter().enumerate() {
            if let Value::Nil = item {
                continue;
            }
            if inline {
                self.write(&format!("{} = ", key_piece(k)))?;
                self.element(item, key.len() + 1)?;
                if trail || i + 1 != group.len() {
                    self.write(", ")?;
                }
            } else {
                let mut child: Vec<&str> = key.to_vec();
                child.push(k);
                self.value(&child, item)?;
            }
        }
        Ok(())
    }

    /// `eElement`: a value inside `key = …` or an array.
    fn element(&mut self, v: &Value, depth: usize) -> Result<(), CallError> {
        if depth > MAX_DEPTH {
            return Err(CallError::Unsupported(format!(
                "TOML of a value nested more than {MAX_DEPTH} deep"
            )));
        }
        match v {
            Value::Str(s) => self.write(&quoted(&s.text)),
            Value::Bool(b) => self.write(if *b { "true" } else { "false" }),
            Value::Int(n, _) => self.write(&n.to_string()),
            Value::Float(f) => self.write(&float_text(*f)),
            Value::List(items, _) => {
                self.write("[")?;
                for (i, item) in items.iter().enumerate() {
                    self.element(item, depth + 1)?;
                    if i + 1 != items.len() {
                        self.write(", ")?;
                    }
                }
                self.write("]")
            }
            Value::Map(map, _) => self.with_open(map, |enc, m| enc.map(&[], m, true)),
            Value::Nil | Value::Object(_) => Err(CallError::Unsupported(format!(
                "TOML of a {} inside a value",
                v.type_name()
            ))),
        }
    }
}

/// A float as BurntSushi writes it: `%g` shortest with `.0` added, `nan`, `inf`.
fn float_text(f: f64) -> String {
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f.is_nan() {
        return format!("{sign}nan");
    }
    if f.is_infinite() {
        return format!("{sign}inf");
    }
    let text = format_float(f, b'g', -1);
    if text.contains(['e', '.']) {
        text
    } else {
        text + ".0"
    }
}
