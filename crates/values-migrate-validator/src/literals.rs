//! The number literals of a schema's JSON text that serde_json holds or prints otherwise than
//! as written (the nearest double of `0.10000000000000001`, `100.0` for `1e2`), each at its
//! JSON pointer: Helm reads a schema's numbers as written (a `json.Number`), compares them so
//! and prints an `enum`'s or a `const`'s so.

use serde_json::Value;

use super::number::{held, held_otherwise};
use super::refs::escape;

/// Number literals of a JSON text that serde_json holds or prints otherwise, by JSON pointer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Literals {
    /// (pointer, literal), in the text's order.
    entries: Vec<(String, String)>,
}

/// Where the scan is inside a container.
enum Frame {
    /// In an object: the current member's key, and whether a key comes next.
    Object(String, bool),
    /// In an array: the current item's index.
    Array(usize),
}

impl Literals {
    /// The literals of `text`, JSON that serde_json has read (other text gives what it can).
    pub fn read(text: &str) -> Literals {
        let bytes = text.as_bytes();
        let mut stack: Vec<Frame> = Vec::new();
        let mut entries = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'{' => stack.push(Frame::Object(String::new(), true)),
                b'[' => stack.push(Frame::Array(0)),
                b'}' | b']' => drop(stack.pop()),
                b',' => match stack.last_mut() {
                    Some(Frame::Array(index)) => *index += 1,
                    Some(Frame::Object(_, key_next)) => *key_next = true,
                    None => {}
                },
                b'"' => {
                    let end = json_string_end(bytes, i);
                    if let Some(Frame::Object(key, key_next @ true)) = stack.last_mut() {
                        *key = decoded(&text[i..end]);
                        *key_next = false;
                    }
                    i = end;
                    continue;
                }
                b'-' | b'0'..=b'9' => {
                    let end = (i + 1..bytes.len())
                        .find(|&j| {
                            !matches!(bytes[j], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                        })
                        .unwrap_or(bytes.len());
                    let literal = &text[i..end];
                    if held_otherwise(literal) {
                        entries.push((pointer(&stack), literal.to_string()));
                    }
                    i = end;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        Literals { entries }
    }

    /// The literals under `pointer`, with pointers from there (a subschema read on its own).
    pub fn under(&self, pointer: &str) -> Literals {
        let entries = self.entries.iter().filter_map(|(at, literal)| {
            let rest = at.strip_prefix(pointer)?;
            (rest.is_empty() || rest.starts_with('/')).then(|| (rest.to_string(), literal.clone()))
        });
        Literals {
            entries: entries.collect(),
        }
    }

    /// These literals moved under `pointer` (their document placed there in another).
    pub fn placed(&self, pointer: &str) -> Literals {
        let entries = self.entries.iter();
        let entries = entries.map(|(at, literal)| (format!("{pointer}{at}"), literal.clone()));
        Literals {
            entries: entries.collect(),
        }
    }

    /// These literals and `other`'s.
    pub fn with(mut self, other: Literals) -> Literals {
        self.entries.extend(other.entries);
        self
    }

    /// Whether there are none (every number of the text is held and printed as written).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Each literal with its pointer.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries
            .iter()
            .map(|(at, literal)| (at.as_str(), literal.as_str()))
    }

    /// The literals of `document` (read from its text as `self`), by the address of their value.
    pub(crate) fn by_address(&self, document: &Value) -> Written {
        let mut out: Vec<(usize, Box<str>)> = Vec::new();
        for (pointer, literal) in self.iter() {
            // The number serde_json read from this literal (a duplicate key may have replaced it).
            let number = held(literal);
            let found = (document.pointer(pointer))
                .filter(|v| v.as_number().is_some_and(|n| Some(n) == number.as_ref()));
            if let Some(value) = found {
                let address = std::ptr::from_ref(value) as usize;
                // A later duplicate key's literal replaces the earlier one, as serde_json keeps it.
                out.retain(|(a, _)| *a != address);
                out.push((address, literal.into()));
            }
        }
        Written(out)
    }
}

/// The literals of one decoded document, by the address of the number each writes.
#[derive(Debug, Default)]
pub(crate) struct Written(Vec<(usize, Box<str>)>);

impl Written {
    /// The literal that writes `value` (a number of the document), when serde_json holds or
    /// prints it otherwise.
    pub(crate) fn at(&self, value: &Value) -> Option<&str> {
        let address = std::ptr::from_ref(value) as usize;
        let found = self.0.iter().find(|(a, _)| *a == address);
        found.map(|(_, literal)| &**literal)
    }
}

/// The offset just past the JSON string that opens at `start` (its opening quote), or the
/// text's end when it does not close.
pub fn json_string_end(bytes: &[u8], start: usize) -> usize {
    let mut j = start + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// A key's text (its quotes and escapes read).
fn decoded(quoted: &str) -> String {
    match quoted.contains('\\') {
        true => serde_json::from_str(quoted).unwrap_or_default(),
        false => quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or_default()
            .to_string(),
    }
}

/// The JSON pointer of the place the scan is at.
fn pointer(stack: &[Frame]) -> String {
    let mut out = String::new();
    for frame in stack {
        out.push('/');
        match frame {
            Frame::Object(key, _) => out.push_str(&escape(key)),
            Frame::Array(index) => out.push_str(&index.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Literals;

    #[test]
    fn only_numbers_a_double_does_not_hold_are_kept_at_their_pointers() {
        let text = r#"{"a/b": {"maximum": 18446744073709551616, "minimum": 1.5},
            "k\u00e9y": [1, "2, 3", -972783798187987123879878123.18878137, {"x": 0.1}],
            "n": 18446744073709551615, "\"[": 1e-400}"#;
        let literals = Literals::read(text);
        assert_eq!(
            literals.iter().collect::<Vec<_>>(),
            [
                ("/a~1b/maximum", "18446744073709551616"),
                ("/kéy/2", "-972783798187987123879878123.18878137"),
                ("/\"[", "1e-400"),
            ]
        );
        let under = literals.under("/kéy");
        assert_eq!(
            under.iter().collect::<Vec<_>>(),
            [("/2", "-972783798187987123879878123.18878137")]
        );
        assert!(literals.under("/k").is_empty());
        let placed = Literals::read("[1e-400]").placed("/$defs/x");
        assert_eq!(
            placed.iter().collect::<Vec<_>>(),
            [("/$defs/x/0", "1e-400")]
        );
    }

    #[test]
    fn text_that_is_not_json_gives_what_it_can_without_panicking() {
        for text in [
            "",
            "\"",
            "{\"a",
            "[1e-400",
            "{\"a\\",
            "-",
            "]]}}",
            "{\"é\": 1e-400",
        ] {
            let _ = Literals::read(text);
        }
        assert_eq!(Literals::read("[1e-400").iter().count(), 1);
    }
}
