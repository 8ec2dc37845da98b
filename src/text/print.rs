//! Results printed as pretty JSON, with long strings optionally held out of the text.
//!
//! Both edges print results here, so every result type's serializer is compiled once: the CLI
//! prints the whole text; the wasm layer holds the long strings (a file's text before and after)
//! out of the JSON and hands them to JavaScript as strings, which saves escaping, decoding and
//! parsing them as JSON.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter, PrettyFormatter};

/// One step from a result's root to a held-out string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object's key.
    Key(String),
    /// An array's index.
    Index(usize),
    /// A key that is not a string (a number or a boolean), or the empty one, which may be such
    /// a key as printed: a string under it is never held.
    Other,
}

/// A string held out of the printed JSON (written `null` there), and where it belongs.
#[derive(Debug, PartialEq, Eq)]
pub struct Held {
    /// The steps from the root to the string.
    pub path: Vec<Step>,
    /// The string.
    pub text: String,
}

/// `value` as pretty JSON, as the CLI prints every result.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    print(&mut |serializer| value.serialize(serializer), None).map(|(text, _)| text)
}

/// `value` as pretty JSON with each string of at least `min` bytes written `null` and returned
/// beside the text, with its path.
pub fn pretty_holding<T: Serialize + ?Sized>(
    value: &T,
    min: usize,
) -> serde_json::Result<(String, Vec<Held>)> {
    print(&mut |serializer| value.serialize(serializer), Some(min))
}

/// The serializer every result is printed with.
type Printer<'p, 'h> = serde_json::Serializer<&'p mut Vec<u8>, Holding<'h>>;

/// Prints through `serialize`, the only part compiled once per result type.
#[inline(never)]
fn print(
    serialize: &mut dyn FnMut(&mut Printer<'_, '_>) -> serde_json::Result<()>,
    min: Option<usize>,
) -> serde_json::Result<(String, Vec<Held>)> {
    let mut hold = min.map(Hold::new);
    let mut out = Vec::with_capacity(256);
    let formatter = Holding {
        inner: PrettyFormatter::new(),
        hold: hold.as_mut(),
    };
    serialize(&mut serde_json::Serializer::with_formatter(
        &mut out, formatter,
    ))?;
    Ok((text(out), hold.map(|h| h.held).unwrap_or_default()))
}

/// The printed bytes as text: serde_json writes only UTF-8 (strings as given, the rest ASCII).
#[inline(never)]
fn text(out: Vec<u8>) -> String {
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// What the holding formatter tracks: where it is, and the string being written.
struct Hold {
    min: usize,
    held: Vec<Held>,
    /// The steps to the value being written; an object's or array's step is pushed when it
    /// opens (a placeholder until its first key or item) and popped when it closes.
    path: Vec<Step>,
    /// Whether an object key is being written (its text goes into the last step).
    in_key: bool,
    /// A value string being written: as given, and as the JSON text would hold it (until it is
    /// long enough to be held).
    raw: String,
    escaped: Vec<u8>,
    in_string: bool,
    /// Whether the string being written may be held (no step of its path is [`Step::Other`]).
    holdable: bool,
}

impl Hold {
    fn new(min: usize) -> Hold {
        Hold {
            min,
            held: Vec::new(),
            path: Vec::new(),
            in_key: false,
            raw: String::new(),
            escaped: Vec::new(),
            in_string: false,
            holdable: false,
        }
    }

    /// Starts a value string.
    fn begin(&mut self) {
        self.in_string = true;
        self.holdable = !self.path.iter().any(|s| matches!(s, Step::Other));
        self.raw.clear();
        self.escaped.clear();
    }

    /// Whether the string being written is held rather than printed (past `min` bytes, its
    /// escaped form is no longer kept).
    fn holds(&self) -> bool {
        self.holdable && self.raw.len() >= self.min
    }

    /// Takes a fragment of the string being written, as given and as printed.
    fn take(
        &mut self,
        raw: &str,
        escaped: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.raw.push_str(raw);
        if self.holds() {
            return Ok(());
        }
        escaped(&mut self.escaped)
    }
}

/// A pretty formatter that, when it has a [`Hold`], holds long value strings out of the text.
struct Holding<'h> {
    inner: PrettyFormatter<'static>,
    hold: Option<&'h mut Hold>,
}

/// Forwards a write the pretty formatter makes its own (the other writes are the trait's, alike).
macro_rules! forward {
    ($($name:ident;)*) => {$(
        #[inline(never)]
        fn $name<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
            self.inner.$name(writer)
        }
    )*};
}

impl Formatter for Holding<'_> {
    forward! {
        end_array_value;
        begin_object_value;
        end_object_value;
    }

    #[inline(never)]
    fn begin_string<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        match self.hold.as_deref_mut() {
            Some(hold) if !hold.in_key => {
                hold.begin();
                Ok(())
            }
            _ => self.inner.begin_string(writer),
        }
    }

    #[inline(never)]
    fn end_string<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        let Some(hold) = self.hold.as_deref_mut().filter(|h| h.in_string) else {
            return self.inner.end_string(writer);
        };
        hold.in_string = false;
        if hold.holds() {
            let text = std::mem::take(&mut hold.raw);
            hold.held.push(Held {
                path: hold.path.clone(),
                text,
            });
            return writer.write_all(b"null");
        }
        self.inner.begin_string(writer)?;
        writer.write_all(&hold.escaped)?;
        self.inner.end_string(writer)
    }

    #[inline(never)]
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        match self.hold.as_deref_mut() {
            Some(hold) if hold.in_string => hold.take(fragment, |escaped| {
                escaped.extend_from_slice(fragment.as_bytes());
                Ok(())
            }),
            Some(hold) => {
                if let Some(Step::Key(key)) = hold.path.last_mut() {
                    key.push_str(fragment);
                }
                writer.write_all(fragment.as_bytes())
            }
            None => writer.write_all(fragment.as_bytes()),
        }
    }

    #[inline(never)]
    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        let Some(hold) = self.hold.as_deref_mut() else {
            return self.inner.write_char_escape(writer, escape);
        };
        let c = unescaped(&escape);
        if hold.in_string {
            let inner = &mut self.inner;
            return hold.take(c.encode_utf8(&mut [0; 4]), |escaped| {
                inner.write_char_escape(escaped, escape)
            });
        }
        if let Some(Step::Key(key)) = hold.path.last_mut() {
            key.push(c);
        }
        self.inner.write_char_escape(writer, escape)
    }

    #[inline(never)]
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.path.push(Step::Index(0));
        }
        self.inner.begin_array(writer)
    }

    #[inline(never)]
    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.path.pop();
        }
        self.inner.end_array(writer)
    }

    #[inline(never)]
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut()
            && !first
            && let Some(Step::Index(index)) = hold.path.last_mut()
        {
            *index += 1;
        }
        self.inner.begin_array_value(writer, first)
    }

    #[inline(never)]
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.path.push(Step::Key(String::new()));
        }
        self.inner.begin_object(writer)
    }

    #[inline(never)]
    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.path.pop();
        }
        self.inner.end_object(writer)
    }

    #[inline(never)]
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.in_key = true;
            match hold.path.last_mut() {
                Some(Step::Key(key)) => key.clear(),
                Some(last) => *last = Step::Key(String::new()),
                None => {}
            }
        }
        self.inner.begin_object_key(writer, first)
    }

    #[inline(never)]
    fn end_object_key<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if let Some(hold) = self.hold.as_deref_mut() {
            hold.in_key = false;
            // A number or boolean key is written by the trait's own writers, which leave no
            // fragment here: an empty key may be one, and no string is held under it.
            if let Some(last) = hold.path.last_mut()
                && *last == Step::Key(String::new())
            {
                *last = Step::Other;
            }
        }
        self.inner.end_object_key(writer)
    }
}

/// The character a JSON escape stands for.
fn unescaped(escape: &CharEscape) -> char {
    match escape {
        CharEscape::Quote => '"',
        CharEscape::ReverseSolidus => '\\',
        CharEscape::Solidus => '/',
        CharEscape::Backspace => '\u{8}',
        CharEscape::FormFeed => '\u{c}',
        CharEscape::LineFeed => '\n',
        CharEscape::CarriageReturn => '\r',
        CharEscape::Tab => '\t',
        CharEscape::AsciiControl(byte) => char::from(*byte),
    }
}

#[cfg(test)]
mod tests {
    use super::{Held, Step, pretty, pretty_holding};
    use serde_json::{Value, json};
    use std::collections::BTreeMap;

    /// Puts every held string back where its path says, as the wasm layer does in JavaScript.
    fn put_back(text: &str, held: Vec<Held>) -> Value {
        let mut value: Value = serde_json::from_str(text).unwrap();
        for Held { path, text } in held {
            let mut at = &mut value;
            for step in &path {
                at = match step {
                    Step::Key(key) => &mut at[key.as_str()],
                    Step::Index(index) => &mut at[*index],
                    Step::Other => panic!("held under a non-string key"),
                };
            }
            assert_eq!(*at, Value::Null, "a held string is printed as null");
            *at = Value::String(text);
        }
        value
    }

    #[test]
    fn held_strings_put_back_give_the_same_value() {
        let long = "line one\n\t\"quoted\" \\ é \u{1} ".repeat(8);
        let cases = [
            json!({"files": [{"path": "a.yaml", "before": long, "after": long.clone() + "x"}]}),
            json!([long, [long, {"k\"ey\n/~": long}], "short", 1, null, [], {}]),
            json!({"a": {"b": [[], [long], {}], "c": long}, "d": [{"e": long}]}),
            json!(long),
            json!({"": long, "x": [1, 2, {"y": [long, "s"]}]}),
        ];
        for value in &cases {
            let (text, held) = pretty_holding(value, 16).unwrap();
            assert!(!held.is_empty());
            assert!(text.len() < pretty(value).unwrap().len());
            assert_eq!(put_back(&text, held), *value, "{text}");
            // With nothing long enough, the text is the plain pretty text.
            let (text, held) = pretty_holding(value, usize::MAX).unwrap();
            assert!(held.is_empty());
            assert_eq!(text, serde_json::to_string_pretty(value).unwrap());
        }
    }

    #[test]
    fn a_string_under_a_key_that_is_not_a_string_is_printed() {
        let long = "x".repeat(64);
        let value: BTreeMap<u32, Vec<String>> = [(7, vec![long.clone()])].into();
        let (text, held) = pretty_holding(&value, 16).unwrap();
        assert!(held.is_empty());
        assert_eq!(text, serde_json::to_string_pretty(&value).unwrap());
        let value: BTreeMap<i8, BTreeMap<String, String>> =
            [(-1, [("k".to_string(), long.clone())].into())].into();
        assert!(pretty_holding(&value, 16).unwrap().1.is_empty());
        let value: BTreeMap<String, BTreeMap<bool, String>> =
            [("a".to_string(), [(true, long.clone())].into())].into();
        assert!(pretty_holding(&value, 16).unwrap().1.is_empty());
    }
}
