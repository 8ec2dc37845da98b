//! Results printed as pretty JSON, with long strings optionally held out of the text.
//!
//! Both edges print results here, so every result type's serializer is compiled once: the CLI
//! prints the whole text; the wasm layer holds the long strings (a file's text before and after)
//! out of the JSON and hands them to JavaScript as strings, which saves escaping, decoding and
//! parsing them as JSON.

use std::borrow::Cow;
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
pub struct Held<'k> {
    /// The steps from the root to the string.
    pub path: Vec<Step>,
    /// The string: borrowed when it is one of the known texts, else a copy.
    pub text: Cow<'k, str>,
}

/// `value` as pretty JSON, as the CLI prints every result.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    print(&mut |serializer| value.serialize(serializer), None).map(|(text, _)| text)
}

/// `value` as pretty JSON with each string of at least `min` bytes written `null` and returned
/// beside the text, with its path; a string equal to one of `known` (texts `value` holds) is
/// returned borrowed from it, not copied.
pub fn pretty_holding<'k, T: Serialize + ?Sized>(
    value: &T,
    min: usize,
    known: &[&'k str],
) -> serde_json::Result<(String, Vec<Held<'k>>)> {
    print(
        &mut |serializer| value.serialize(serializer),
        Some((min, known)),
    )
}

/// The serializer every result is printed with.
type Printer<'p, 'h, 'k> = serde_json::Serializer<&'p mut Vec<u8>, Holding<'h, 'k>>;

/// Prints through `serialize`, the only part compiled once per result type.
#[inline(never)]
fn print<'k>(
    serialize: &mut dyn FnMut(&mut Printer<'_, '_, 'k>) -> serde_json::Result<()>,
    min: Option<(usize, &[&'k str])>,
) -> serde_json::Result<(String, Vec<Held<'k>>)> {
    let mut hold = min.map(|(min, known)| Hold::new(min, known));
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
struct Hold<'k> {
    min: usize,
    /// Texts the value holds: a long string equal to one is held borrowed.
    known: Vec<&'k str>,
    held: Vec<Held<'k>>,
    /// The steps to the value being written; an object's or array's step is pushed when it
    /// opens (a placeholder until its first key or item) and popped when it closes.
    path: Vec<Step>,
    /// Whether an object key is being written (its text goes into the last step).
    in_key: bool,
    /// A value string being written: as given (unless `matching` holds a known text it begins),
    /// its length so far, the known texts it is still the start of, and as the JSON text would
    /// hold it.
    raw: String,
    len: usize,
    matching: Vec<usize>,
    escaped: Vec<u8>,
    in_string: bool,
    /// Whether the string being written may be held (no step of its path is [`Step::Other`]).
    holdable: bool,
}

impl<'k> Hold<'k> {
    fn new(min: usize, known: &[&'k str]) -> Hold<'k> {
        Hold {
            min,
            known: known.to_vec(),
            held: Vec::new(),
            path: Vec::new(),
            in_key: false,
            raw: String::new(),
            len: 0,
            matching: Vec::new(),
            escaped: Vec::new(),
            in_string: false,
            holdable: false,
        }
    }

    /// Starts a value string: empty, the start of every known text.
    fn begin(&mut self) {
        self.in_string = true;
        self.holdable = !self.path.iter().any(|s| matches!(s, Step::Other));
        self.raw.clear();
        self.len = 0;
        self.matching.clear();
        self.matching.extend(0..self.known.len());
        self.escaped.clear();
    }

    /// Follows `fragment` along the known texts the string still begins; copies the string
    /// when none goes on this way.
    fn follow(&mut self, fragment: &str) {
        let Some(&first) = self.matching.first() else {
            self.raw.push_str(fragment);
            return;
        };
        let (known, len) = (&self.known, self.len);
        // serde hands over slices of the string it writes: a fragment that stands where a known
        // text goes on is that text's next bytes, with nothing to compare.
        let goes_on = |i: &usize| {
            known[*i].get(len..).is_some_and(|r| {
                (std::ptr::eq(r.as_ptr(), fragment.as_ptr()) && r.len() >= fragment.len())
                    || r.starts_with(fragment)
            })
        };
        self.matching.retain(goes_on);
        if self.matching.is_empty() {
            self.raw
                .push_str(self.known[first].get(..len).unwrap_or_default());
            self.raw.push_str(fragment);
        }
    }

    /// The finished string: a known text it equals, or its own copy.
    fn finish(&mut self) -> Cow<'k, str> {
        let (known, len) = (&self.known, self.len);
        if let Some(&i) = self.matching.iter().find(|i| known[**i].len() == len) {
            return Cow::Borrowed(self.known[i]);
        }
        if let Some(&first) = self.matching.first() {
            // The start of a known text, not all of it.
            return Cow::Owned(self.known[first].get(..len).unwrap_or_default().to_string());
        }
        Cow::Owned(std::mem::take(&mut self.raw))
    }

    /// Whether the string being written is held rather than printed (past `min` bytes, its
    /// escaped form is no longer kept).
    fn holds(&self) -> bool {
        self.holdable && self.len >= self.min
    }

    /// Takes a fragment of the string being written, as given and as printed.
    fn take(
        &mut self,
        raw: &str,
        escaped: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.follow(raw);
        self.len += raw.len();
        if self.holds() {
            return Ok(());
        }
        escaped(&mut self.escaped)
    }
}

/// A pretty formatter that, when it has a [`Hold`], holds long value strings out of the text.
struct Holding<'h, 'k> {
    inner: PrettyFormatter<'static>,
    hold: Option<&'h mut Hold<'k>>,
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

impl Formatter for Holding<'_, '_> {
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
            let text = hold.finish();
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
    use std::borrow::Cow;
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
            *at = Value::String(text.into_owned());
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
        let longer = long.clone() + "x";
        // Known texts: equal to a held string, the start of one, starting like one, unrelated.
        let knowns: [&[&str]; 3] = [&[], &[&long, &longer], &[&long[..40], "line two", &longer]];
        for (value, known) in cases.iter().flat_map(|v| knowns.map(|k| (v, k))) {
            let (text, held) = pretty_holding(value, 16, known).unwrap();
            assert!(!held.is_empty());
            for held in &held {
                let borrowed = matches!(held.text, Cow::Borrowed(_));
                assert_eq!(borrowed, known.contains(&&*held.text), "{:?}", held.path);
            }
            assert!(text.len() < pretty(value).unwrap().len());
            assert_eq!(put_back(&text, held), *value, "{text}");
            // With nothing long enough, the text is the plain pretty text.
            let (text, held) = pretty_holding(value, usize::MAX, known).unwrap();
            assert!(held.is_empty());
            assert_eq!(text, serde_json::to_string_pretty(value).unwrap());
        }
    }

    #[test]
    fn known_texts_the_value_holds_itself_are_held_borrowed() {
        // The value's own strings as the known texts (as a report's file texts are): serde's
        // fragments are slices of them; a copy with the same bytes is matched by comparing.
        let long = "line one\n\t\"quoted\" \\ é \u{1} ".repeat(8);
        let value = json!({"before": long, "after": long.clone() + "x", "copy": long.clone()});
        let known = [&value["before"], &value["after"]].map(|v| v.as_str().unwrap_or_default());
        let (text, held) = pretty_holding(&value, 16, &known).unwrap();
        assert_eq!(held.len(), 3);
        assert!(held.iter().all(|h| matches!(h.text, Cow::Borrowed(_))));
        assert_eq!(put_back(&text, held), value, "{text}");
    }

    #[test]
    fn a_string_under_a_key_that_is_not_a_string_is_printed() {
        let long = "x".repeat(64);
        let value: BTreeMap<u32, Vec<String>> = [(7, vec![long.clone()])].into();
        let (text, held) = pretty_holding(&value, 16, &[]).unwrap();
        assert!(held.is_empty());
        assert_eq!(text, serde_json::to_string_pretty(&value).unwrap());
        let value: BTreeMap<i8, BTreeMap<String, String>> =
            [(-1, [("k".to_string(), long.clone())].into())].into();
        assert!(pretty_holding(&value, 16, &[]).unwrap().1.is_empty());
        let value: BTreeMap<String, BTreeMap<bool, String>> =
            [("a".to_string(), [(true, long.clone())].into())].into();
        assert!(pretty_holding(&value, 16, &[]).unwrap().1.is_empty());
    }
}
