//! Go's `json.Unmarshal` into `interface{}`: the scanner's syntax check first (its error words),
//! then the value built (objects as maps, numbers as float64, duplicate keys: the last wins).

use crate::func::CallError;
use crate::value::{Mask, Str, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The deepest JSON this port builds (Go's scanner allows 10000; a deeper value is refused).
const MAX_BUILD_DEPTH: usize = 1000;

/// Go's scanner states (scanner.go), one per function there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    BeginValueOrEmpty,
    BeginValue,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    InStringEscU(u8),
    Neg,
    One,
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    Literal(&'static [u8], usize, &'static str),
}

/// What an open container expects next (Go's `parseState`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parse {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

/// Go's `scanner`: the state, the open containers and the deepest nesting seen.
struct Scanner {
    step: State,
    stack: Vec<Parse>,
    end_top: bool,
    max_depth: usize,
}

/// Go's `quoteChar`: a byte as the error shows it (read as Latin-1, as Go's `string(c)` does).
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let q = values_migrate_unicode::quote(char::from(c).encode_utf8(&mut [0; 4]), '"');
            format!("'{}'", q.get(1..q.len() - 1).unwrap_or(""))
        }
    }
}

/// Go's `scanner.error`.
fn error(c: u8, context: &str) -> String {
    format!("invalid character {} {}", quote_char(c), context)
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl Scanner {
    /// Go's `pushParseState`.
    fn push(&mut self, c: u8, p: Parse, next: State) -> Result<(), String> {
        self.stack.push(p);
        self.max_depth = self.max_depth.max(self.stack.len());
        if self.stack.len() > 10_000 {
            return Err(error(c, "exceeded max depth"));
        }
        self.step = next;
        Ok(())
    }

    /// One byte through the state machine.
    fn step(&mut self, c: u8) -> Result<(), String> {
        match self.step {
            State::BeginValueOrEmpty => {
                if is_space(c) {
                    return Ok(());
                }
                if c == b']' {
                    return self.end_value(c);
                }
                self.begin_value(c)
            }
            State::BeginValue => self.begin_value(c),
            State::BeginStringOrEmpty => {
                if is_space(c) {
                    return Ok(());
                }
                if c == b'}' {
                    if let Some(last) = self.stack.last_mut() {
                        *last = Parse::ObjectValue;
                    }
                    return self.end_value(c);
                }
                self.begin_string(c)
            }
            State::BeginString => self.begin_string(c),
            State::EndValue => self.end_value(c),
            State::EndTop => {
                if !is_space(c) {
                    return Err(error(c, "after top-level value"));
                }
                Ok(())
            }
            _ => self.step_scalar(c),
        }
    }

    /// Go's `stateBeginValue`.
    fn begin_value(&mut self, c: u8) -> Result<(), String> {
        if is_space(c) {
            return Ok(());
        }
        self.step = match c {
            b'{' => return self.push(c, Parse::ObjectKey, State::BeginStringOrEmpty),
            b'[' => return self.push(c, Parse::ArrayValue, State::BeginValueOrEmpty),
            b'"' => State::InString,
            b'-' => State::Neg,
            b'0' => State::Zero,
            b'1'..=b'9' => State::One,
            b't' => State::Literal(b"rue", 0, "true"),
            b'f' => State::Literal(b"alse", 0, "false"),
            b'n' => State::Literal(b"ull", 0, "null"),
            _ => return Err(error(c, "looking for beginning of value")),
        };
        Ok(())
    }

    /// Go's `stateBeginString`.
    fn begin_string(&mut self, c: u8) -> Result<(), String> {
        if is_space(c) {
            return Ok(());
        }
        if c == b'"' {
            self.step = State::InString;
            return Ok(());
        }
        Err(error(c, "looking for beginning of object key string"))
    }

    /// Go's `stateEndValue`.
    fn end_value(&mut self, c: u8) -> Result<(), String> {
        let Some(top) = self.stack.last().copied() else {
            self.step = State::EndTop;
            self.end_top = true;
            return self.step(c);
        };
        if is_space(c) {
            self.step = State::EndValue;
            return Ok(());
        }
        match (top, c) {
            (Parse::ObjectKey, b':') => {
                if let Some(last) = self.stack.last_mut() {
                    *last = Parse::ObjectValue;
                }
                self.step = State::BeginValue;
            }
            (Parse::ObjectKey, _) => return Err(error(c, "after object key")),
            (Parse::ObjectValue, b',') => {
                if let Some(last) = self.stack.last_mut() {
                    *last = Parse::ObjectKey;
                }
                self.step = State::BeginString;
            }
            (Parse::ObjectValue, b'}') | (Parse::ArrayValue, b']') => {
                self.stack.pop();
                if self.stack.is_empty() {
                    self.step = State::EndTop;
                    self.end_top = true;
                } else {
                    self.step = State::EndValue;
                }
            }
            (Parse::ObjectValue, _) => return Err(error(c, "after object key:value pair")),
            (Parse::ArrayValue, b',') => self.step = State::BeginValue,
            (Parse::ArrayValue, _) => return Err(error(c, "after array element")),
        }
        Ok(())
    }

    /// The states inside strings, numbers and literals.
    fn step_scalar(&mut self, c: u8) -> Result<(), String> {
        match self.step {
            State::InString => match c {
                b'"' => self.step = State::EndValue,
                b'\\' => self.step = State::InStringEsc,
                c if c < 0x20 => return Err(error(c, "in string literal")),
                _ => {}
            },
            State::InStringEsc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => {
                    self.step = State::InString
                }
                b'u' => self.step = State::InStringEscU(0),
                _ => return Err(error(c, "in string escape code")),
            },
            State::InStringEscU(n) => {
                if !c.is_ascii_hexdigit() {
                    return Err(error(c, "in \\u hexadecimal character escape"));
                }
                self.step = if n == 3 {
                    State::InString
                } else {
                    State::InStringEscU(n + 1)
                };
            }
            State::Literal(rest, at, word) => {
                let want = rest.get(at).copied().unwrap_or(b' ');
                if c != want {
                    let msg = format!("in literal {word} (expecting {})", quote_char(want));
                    return Err(error(c, &msg));
                }
                self.step = if at + 1 == rest.len() {
                    State::EndValue
                } else {
                    State::Literal(rest, at + 1, word)
                };
            }
            _ => return self.step_number(c),
        }
        Ok(())
    }

    /// The states of a number.
    fn step_number(&mut self, c: u8) -> Result<(), String> {
        let digit = c.is_ascii_digit();
        match self.step {
            State::Neg => match c {
                b'0' => self.step = State::Zero,
                b'1'..=b'9' => self.step = State::One,
                _ => return Err(error(c, "in numeric literal")),
            },
            State::One if digit => {}
            State::One | State::Zero => match c {
                b'.' => self.step = State::Dot,
                b'e' | b'E' => self.step = State::E,
                _ => return self.end_value(c),
            },
            State::Dot if digit => self.step = State::Dot0,
            State::Dot => return Err(error(c, "after decimal point in numeric literal")),
            State::Dot0 if digit => {}
            State::Dot0 => match c {
                b'e' | b'E' => self.step = State::E,
                _ => return self.end_value(c),
            },
            State::E if c == b'+' || c == b'-' => self.step = State::ESign,
            State::E | State::ESign if digit => self.step = State::E0,
            State::E | State::ESign => {
                return Err(error(c, "in exponent of numeric literal"));
            }
            State::E0 if digit => {}
            _ => return self.end_value(c),
        }
        Ok(())
    }
}

/// Go's `checkValid`: the scanner over all of `data`, then its `eof`; the deepest nesting.
fn check_valid(data: &[u8]) -> Result<usize, String> {
    let mut scan = Scanner {
        step: State::BeginValue,
        stack: Vec::new(),
        end_top: false,
        max_depth: 0,
    };
    for &c in data {
        scan.step(c)?;
    }
    if scan.end_top {
        return Ok(scan.max_depth);
    }
    scan.step(b' ')?;
    if scan.end_top {
        return Ok(scan.max_depth);
    }
    Err("unexpected end of JSON input".to_string())
}

/// Go's `json.Unmarshal(data, &v)` with `v` an `interface{}`: the value, or Go's error text.
pub fn unmarshal(text: &str) -> Result<Result<Value, String>, CallError> {
    unmarshal_masked(text, &[])
}

/// `unmarshal` of a text with masked spans: a string value whose quoted text overlaps one is
/// masked whole; a key, number, literal or any other byte made of masked text is refused.
pub fn unmarshal_masked(text: &str, masks: &[Mask]) -> Result<Result<Value, String>, CallError> {
    let depth = match check_valid(text.as_bytes()) {
        Ok(depth) => depth,
        Err(message) => return Ok(Err(message)),
    };
    if depth > MAX_BUILD_DEPTH {
        return Err(CallError::Unsupported(format!(
            "JSON nested more than {MAX_BUILD_DEPTH} deep"
        )));
    }
    let mut build = Builder {
        data: text.as_bytes(),
        at: 0,
        masks,
        strings: Vec::new(),
    };
    let value = build.value()?;
    build.all_masks_in_strings()?;
    Ok(Ok(value))
}

/// Builds the value of JSON the scanner accepted.
struct Builder<'a> {
    data: &'a [u8],
    at: usize,
    /// The masked spans of the text.
    masks: &'a [Mask],
    /// The byte ranges (quotes included) of the string values that overlap a masked span.
    strings: Vec<(usize, usize)>,
}

/// What masked text made, named in a refusal.
fn masked_refusal(what: &str, from: &str) -> CallError {
    CallError::Unsupported(format!("a JSON {what} made of masked ({from}) text"))
}

impl Builder<'_> {
    /// The first masked span overlapping `start..end`.
    fn overlap(&self, start: usize, end: usize) -> Option<&'static str> {
        self.masks
            .iter()
            .find(|m| m.start < end && m.end > start)
            .map(|m| m.from)
    }

    /// Every masked span lies inside a string value (not in a key, number or the structure).
    fn all_masks_in_strings(&self) -> Result<(), CallError> {
        for m in self.masks.iter().filter(|m| m.start < m.end) {
            if !self
                .strings
                .iter()
                .any(|&(s, e)| s <= m.start && m.end <= e)
            {
                return Err(masked_refusal("structure", m.from));
            }
        }
        Ok(())
    }

    /// A string value, masked whole when its quoted text overlaps a masked span.
    fn string_value(&mut self) -> Result<Value, CallError> {
        self.peek();
        let start = self.at;
        let text = self.string()?;
        let Some(from) = self.overlap(start, self.at) else {
            return Ok(Value::str(text));
        };
        self.strings.push((start, self.at));
        if text.is_empty() {
            return Ok(Value::str(text));
        }
        let end = text.len();
        Ok(Value::Str(Str {
            text: text.into(),
            masks: Some(Rc::new(vec![Mask {
                start: 0,
                end,
                from,
            }])),
        }))
    }

    /// A key, refused when made of masked text.
    fn key(&mut self) -> Result<String, CallError> {
        self.peek();
        let start = self.at;
        let key = self.string()?;
        match self.overlap(start, self.at) {
            Some(from) => Err(masked_refusal("key", from)),
            None => Ok(key),
        }
    }

    /// A number or literal, refused when made of masked text.
    fn scalar(&mut self, start: usize, value: Value) -> Result<Value, CallError> {
        match self.overlap(start, self.at) {
            Some(from) => Err(masked_refusal("number or literal", from)),
            None => Ok(value),
        }
    }
}

impl Builder<'_> {
    /// The byte at the position, after white space.
    fn peek(&mut self) -> u8 {
        while self.data.get(self.at).copied().is_some_and(is_space) {
            self.at += 1;
        }
        self.data.get(self.at).copied().unwrap_or(0)
    }

    /// One value.
    fn value(&mut self) -> Result<Value, CallError> {
        match self.peek() {
            b'{' => {
                self.at += 1;
                let mut map = BTreeMap::new();
                while self.peek() != b'}' {
                    let key = self.key()?;
                    self.peek();
                    self.at += 1; // ':'
                    let item = self.value()?;
                    map.insert(key, item);
                    if self.peek() == b',' {
                        self.at += 1;
                    }
                }
                self.at += 1;
                Ok(Value::map(map))
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                while self.peek() != b']' {
                    items.push(self.value()?);
                    if self.peek() == b',' {
                        self.at += 1;
                    }
                }
                self.at += 1;
                Ok(Value::list(items))
            }
            b'"' => self.string_value(),
            b't' => self.word(4, Value::Bool(true)),
            b'f' => self.word(5, Value::Bool(false)),
            b'n' => self.word(4, Value::Nil),
            _ => {
                let start = self.at;
                let number = self.number()?;
                self.scalar(start, number)
            }
        }
    }

    /// A literal word of `len` bytes.
    fn word(&mut self, len: usize, v: Value) -> Result<Value, CallError> {
        let start = self.at;
        self.at += len;
        self.scalar(start, v)
    }

    /// A number as float64 (Go's `ParseFloat`; one out of range is refused).
    fn number(&mut self) -> Result<Value, CallError> {
        let start = self.at;
        while self
            .data
            .get(self.at)
            .is_some_and(|c| matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
        {
            self.at += 1;
        }
        let text = std::str::from_utf8(self.data.get(start..self.at).unwrap_or(&[])).unwrap_or("");
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(Value::Float(f)),
            _ => Err(CallError::Unsupported(format!(
                "a JSON number out of float64's range ({text})"
            ))),
        }
    }

    /// A string's text, unquoted as Go's `unquote` does (bad surrogates become U+FFFD).
    fn string(&mut self) -> Result<String, CallError> {
        self.peek();
        self.at += 1;
        let mut out: Vec<u8> = Vec::new();
        while let Some(c) = self.data.get(self.at).copied() {
            self.at += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.data.get(self.at).copied().unwrap_or(b'"');
                    self.at += 1;
                    let plain = match e {
                        b'b' => Some(b'\x08'),
                        b'f' => Some(b'\x0c'),
                        b'n' => Some(b'\n'),
                        b'r' => Some(b'\r'),
                        b't' => Some(b'\t'),
                        b'u' => None,
                        other => Some(other),
                    };
                    match plain {
                        Some(b) => out.push(b),
                        None => {
                            let c = self.unicode_escape();
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                    }
                }
                _ => out.push(c),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The rune of a `\uXXXX` escape (after its `u`), a surrogate pair joined.
    fn unicode_escape(&mut self) -> char {
        let r = self.hex4(self.at).unwrap_or(0xfffd);
        self.at += 4;
        if !(0xd800..0xe000).contains(&r) {
            return char::from_u32(r).unwrap_or('\u{fffd}');
        }
        if self.data.get(self.at) == Some(&b'\\') && self.data.get(self.at + 1) == Some(&b'u') {
            if let Some(r2) = self.hex4(self.at + 2) {
                if (0xd800..0xdc00).contains(&r) && (0xdc00..0xe000).contains(&r2) {
                    self.at += 6;
                    let joined = 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00);
                    return char::from_u32(joined).unwrap_or('\u{fffd}');
                }
            }
        }
        '\u{fffd}'
    }

    /// Four hexadecimal digits at `at`.
    fn hex4(&self, at: usize) -> Option<u32> {
        let digits = self.data.get(at..at + 4)?;
        u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    }
}
