//! Go's `fmt` printer (`pp` and `fmt` of print.go and format.go) over template values.

use super::strconv::{can_backquote, quote};
use crate::func::CallError;
use crate::value::{IntType, Value};

/// The most output one call may make before it is stopped.
const MAX_OUTPUT: usize = 64 << 20;

/// The flags, width and precision of one verb (Go's `fmtFlags` with `wid` and `prec`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    pub wid: usize,
    pub prec: usize,
    pub wid_present: bool,
    pub prec_present: bool,
    pub minus: bool,
    pub plus: bool,
    pub sharp: bool,
    pub space: bool,
    pub zero: bool,
    pub plus_v: bool,
    pub sharp_v: bool,
}

/// Go's `pp`: the output and the verb's flags.
pub(crate) struct Printer {
    pub buf: String,
    pub f: Flags,
    erroring: bool,
    /// The most output this printer makes before it stops the call.
    pub max_output: usize,
}

impl Printer {
    /// An empty printer.
    pub fn new() -> Printer {
        Printer {
            buf: String::new(),
            f: Flags::default(),
            erroring: false,
            max_output: MAX_OUTPUT,
        }
    }

    /// Stops a call whose output grew past the limit.
    pub fn check(&self) -> Result<(), CallError> {
        if self.buf.len() > self.max_output {
            return Err(CallError::Budget(
                "a print made more text than its budget allows".to_string(),
            ));
        }
        Ok(())
    }

    /// Go's `writePadding`: `n` spaces, or zeros under the `0` flag.
    fn write_padding(&mut self, n: usize) {
        let c = if self.f.zero { '0' } else { ' ' };
        self.buf.extend(std::iter::repeat_n(c, n));
    }

    /// Go's `pad`/`padString`: `s` padded to the width, on the left unless `-`.
    pub fn pad(&mut self, s: &str) {
        if !self.f.wid_present || self.f.wid == 0 {
            self.buf.push_str(s);
            return;
        }
        let width = self.f.wid.saturating_sub(s.chars().count());
        if self.f.minus {
            self.buf.push_str(s);
            self.write_padding(width);
        } else {
            self.write_padding(width);
            self.buf.push_str(s);
        }
    }

    /// Go's `printArg`: one operand at the top level.
    pub fn print_arg(&mut self, arg: &Value, verb: char) -> Result<(), CallError> {
        if let Value::Nil = arg {
            match verb {
                'T' | 'v' => self.pad("<nil>"),
                _ => self.bad_verb(arg, verb)?,
            }
            return Ok(());
        }
        match verb {
            'T' => {
                self.fmt_s(arg.type_name());
                return Ok(());
            }
            'p' => return self.fmt_pointer(arg, verb),
            _ => {}
        }
        self.print_value(arg, verb, 0)
    }

    /// Go's `printValue`: a value by its kind (`depth` > 0 inside a slice or map).
    pub fn print_value(&mut self, v: &Value, verb: char, depth: u32) -> Result<(), CallError> {
        if depth > 1000 {
            return Err(CallError::Unsupported(
                "printing a value nested more than 1000 deep".to_string(),
            ));
        }
        self.check()?;
        match v {
            // A nil inside a slice or map (an interface holding nil) is written unpadded.
            Value::Nil if depth > 0 && self.f.sharp_v => self.buf.push_str("interface {}(nil)"),
            Value::Nil if depth > 0 => self.buf.push_str("<nil>"),
            Value::Nil => self.pad("<nil>"),
            Value::Bool(b) => match verb {
                't' | 'v' => self.pad(if *b { "true" } else { "false" }),
                _ => self.bad_verb(v, verb)?,
            },
            Value::Int(n, t) => {
                let signed = !matches!(t, IntType::Uint | IntType::Uint64 | IntType::Uint8);
                self.fmt_integer_verb(v, *n as u64, signed, verb)?
            }
            Value::Float(x) => self.fmt_float_verb(v, *x, verb)?,
            Value::Str(s) => self.fmt_string(v, &s.text, verb)?,
            Value::List(..) | Value::Map(..) => self.fmt_container(v, verb, depth)?,
            Value::Object(o) => self.fmt_object(o.as_ref(), verb)?,
        }
        Ok(())
    }

    /// Go's `printValue` for a slice (`[a b]`) or a map (`map[k:v]`), or under `%#v` in Go syntax.
    fn fmt_container(&mut self, v: &Value, verb: char, depth: u32) -> Result<(), CallError> {
        let sharp_v = self.f.sharp_v;
        let (open, sep, close) = match (v, sharp_v) {
            (Value::List(..), false) => ("[", " ", "]"),
            (Value::Map(..), false) => ("map[", " ", "]"),
            _ => ("{", ", ", "}"),
        };
        if sharp_v {
            self.buf.push_str(v.type_name());
            if v.is_nil_list() || v.is_nil_map() {
                self.buf.push_str("(nil)");
                return Ok(());
            }
        }
        self.buf.push_str(open);
        match v {
            Value::List(items, _) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.buf.push_str(sep);
                    }
                    self.print_value(item, verb, depth + 1)?;
                }
            }
            Value::Map(map, _) => {
                for (i, (key, item)) in map.borrow().iter().enumerate() {
                    if i > 0 {
                        self.buf.push_str(sep);
                    }
                    self.fmt_string(&Value::str(key.as_str()), key, verb)?;
                    self.buf.push(':');
                    self.print_value(item, verb, depth + 1)?;
                }
            }
            _ => {}
        }
        self.buf.push_str(close);
        Ok(())
    }

    /// Go's `handleMethods` for a struct pointer: its `String()` for the string verbs, else refused.
    fn fmt_object(&mut self, o: &dyn crate::value::Object, verb: char) -> Result<(), CallError> {
        let text_verb = matches!(verb, 's' | 'x' | 'X' | 'q');
        if text_verb && o.type_name() == "[]uint8" && !self.erroring && !self.f.sharp_v {
            // Go's `fmtBytes`: a byte slice printed as the string of its bytes.
            let bytes: Vec<u8> = (o.entries().unwrap_or_default().iter())
                .filter_map(|(_, b)| match b {
                    Value::Int(n, _) => u8::try_from(*n).ok(),
                    _ => None,
                })
                .collect();
            if let Ok(text) = String::from_utf8(bytes) {
                return self.fmt_string(&Value::str(text.as_str()), &text, verb);
            }
        }
        let shown = if self.erroring || self.f.sharp_v {
            None
        } else if text_verb && o.type_name() == "engine.files" {
            // Its byte slices would print as strings, which its `%v` text does not show.
            None
        } else if matches!(verb, 'v' | 's' | 'x' | 'X' | 'q') {
            o.display()
        } else {
            None
        };
        match shown {
            Some(text) => self.fmt_string(&Value::str(text.as_str()), &text, verb),
            None => Err(CallError::Unsupported(format!(
                "printing a {} with %{verb}",
                o.type_name()
            ))),
        }
    }

    /// Go's `fmtPointer`: refused for what has an address, a bad verb for the rest.
    fn fmt_pointer(&mut self, v: &Value, verb: char) -> Result<(), CallError> {
        match v {
            Value::List(..) | Value::Map(..) | Value::Object(_) => Err(CallError::Unsupported(
                "printing an address with %p".to_string(),
            )),
            _ => self.bad_verb(v, verb),
        }
    }

    /// Go's `badVerb`: `%!verb(type=value)`, the value printed with `%v` under the same flags.
    pub fn bad_verb(&mut self, v: &Value, verb: char) -> Result<(), CallError> {
        self.erroring = true;
        self.buf.push_str("%!");
        self.buf.push(verb);
        self.buf.push('(');
        if let Value::Nil = v {
            self.buf.push_str("<nil>");
        } else {
            self.buf.push_str(v.type_name());
            self.buf.push('=');
            let result = self.print_value(v, 'v', 0);
            if result.is_err() {
                self.erroring = false;
                return result;
            }
        }
        self.buf.push(')');
        self.erroring = false;
        Ok(())
    }

    /// Go's `fmtBool`-like dispatch for strings (`fmtString`).
    fn fmt_string(&mut self, v: &Value, s: &str, verb: char) -> Result<(), CallError> {
        match verb {
            'v' if self.f.sharp_v => self.fmt_q(s),
            'v' | 's' => self.fmt_s(s),
            'x' => self.fmt_sx(s, false),
            'X' => self.fmt_sx(s, true),
            'q' => self.fmt_q(s),
            _ => self.bad_verb(v, verb)?,
        }
        Ok(())
    }

    /// Go's `fmtS`: the string cut to the precision in runes, then padded.
    fn fmt_s(&mut self, s: &str) {
        let s = self.truncate(s);
        self.pad(s);
    }

    /// Go's `truncate`: at most `prec` runes.
    fn truncate<'s>(&self, s: &'s str) -> &'s str {
        if self.f.prec_present {
            if let Some((i, _)) = s.char_indices().nth(self.f.prec) {
                return s.get(..i).unwrap_or(s);
            }
        }
        s
    }

    /// Go's `fmtSbx` for a string: its bytes in hexadecimal.
    fn fmt_sx(&mut self, s: &str, upper: bool) {
        let digits: &[u8; 17] = if upper {
            b"0123456789ABCDEFX"
        } else {
            b"0123456789abcdefx"
        };
        let mut length = s.len();
        if self.f.prec_present && self.f.prec < length {
            length = self.f.prec;
        }
        let mut width = 2 * length;
        if width > 0 {
            if self.f.space {
                if self.f.sharp {
                    width *= 2;
                }
                width += length - 1;
            } else if self.f.sharp {
                width += 2;
            }
        } else {
            if self.f.wid_present {
                self.write_padding(self.f.wid);
            }
            return;
        }
        if self.f.wid_present && self.f.wid > width && !self.f.minus {
            self.write_padding(self.f.wid - width);
        }
        let prefix = ['0', char::from(digits[16])];
        if self.f.sharp {
            self.buf.extend(prefix);
        }
        for (i, c) in s.bytes().take(length).enumerate() {
            if self.f.space && i > 0 {
                self.buf.push(' ');
                if self.f.sharp {
                    self.buf.extend(prefix);
                }
            }
            self.buf.push(char::from(digits[usize::from(c >> 4)]));
            self.buf.push(char::from(digits[usize::from(c & 0xf)]));
        }
        if self.f.wid_present && self.f.wid > width && self.f.minus {
            self.write_padding(self.f.wid - width);
        }
    }

    /// Go's `fmtQ`: a double-quoted (or, under `#`, backquoted) Go string.
    fn fmt_q(&mut self, s: &str) {
        let s = self.truncate(s);
        if self.f.sharp && can_backquote(s) {
            self.pad(&format!("`{s}`"));
            return;
        }
        let quoted = quote(s, self.f.plus);
        self.pad(&quoted);
    }

    /// Go's `fmtFloat` of the printer: the verb chosen, then the float formatted.
    fn fmt_float_verb(&mut self, v: &Value, x: f64, verb: char) -> Result<(), CallError> {
        match verb {
            'v' => self.fmt_float(x, b'g', -1),
            'b' | 'g' | 'G' | 'x' | 'X' => self.fmt_float(x, verb as u8, -1),
            'e' | 'E' | 'f' => self.fmt_float(x, verb as u8, 6),
            'F' => self.fmt_float(x, b'f', 6),
            _ => self.bad_verb(v, verb)?,
        }
        Ok(())
    }
}
