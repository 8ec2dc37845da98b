//! Value paths: where a value sits under the values root (`gate.argocd.port`, `extraEnv[0].name`).

mod tree;

pub use tree::{
    Nested, PathSet, StepRef, get, get_mut, is_leaf, leaves, nested, nested_path, nodes, remove,
    set, show, sort_in_document_order,
};

use std::fmt;

/// One step of a [`ValuePath`]: a mapping key or a sequence index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    /// A mapping key.
    Key(String),
    /// A sequence index.
    Index(usize),
}

/// A [`Segment`] borrowed from a tree while walking it: a path is spelled out only when asked
/// for ([`ValuePath::from_steps`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A mapping key.
    Key(std::borrow::Cow<'a, str>),
    /// A sequence index.
    Index(usize),
}

/// A path from the values root to one value; the root itself is the empty path, printed `""`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValuePath(Vec<Segment>);

/// Why a path string could not be read, with the byte offset where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The byte offset in the input.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for PathError {}

impl ValuePath {
    /// The root path.
    pub fn root() -> Self {
        ValuePath(Vec::new())
    }

    /// The path of steps borrowed from a tree.
    pub fn from_steps(steps: &[Step<'_>]) -> Self {
        let segments = steps.iter().map(|step| match step {
            Step::Key(key) => Segment::Key(key.to_string()),
            Step::Index(index) => Segment::Index(*index),
        });
        ValuePath(segments.collect())
    }

    /// A path from its segments.
    pub fn from_segments(segments: Vec<Segment>) -> Self {
        ValuePath(segments)
    }

    /// The segments, from the root down.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// Whether this is the root.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of segments.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the path has no segments (the root).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// This path with a key appended.
    pub fn key(&self, key: impl Into<String>) -> Self {
        let mut next = self.clone();
        next.0.push(Segment::Key(key.into()));
        next
    }

    /// This path with an index appended.
    pub fn index(&self, index: usize) -> Self {
        let mut next = self.clone();
        next.0.push(Segment::Index(index));
        next
    }

    /// Appends a segment in place.
    pub fn push(&mut self, segment: Segment) {
        self.0.push(segment);
    }

    /// Removes and returns the last segment.
    pub fn pop(&mut self) -> Option<Segment> {
        self.0.pop()
    }

    /// The path without its last segment, or `None` at the root.
    pub fn parent(&self) -> Option<ValuePath> {
        if self.0.is_empty() {
            None
        } else {
            Some(ValuePath(self.0[..self.0.len() - 1].to_vec()))
        }
    }

    /// The last segment, or `None` at the root.
    pub fn last(&self) -> Option<&Segment> {
        self.0.last()
    }

    /// Whether `prefix` is this path or one of its ancestors.
    pub fn starts_with(&self, prefix: &ValuePath) -> bool {
        self.0.starts_with(&prefix.0)
    }

    /// This path with `prefix` removed from its front, if it starts with it.
    pub fn strip_prefix(&self, prefix: &ValuePath) -> Option<ValuePath> {
        self.0
            .strip_prefix(prefix.0.as_slice())
            .map(|rest| ValuePath(rest.to_vec()))
    }

    /// `other` appended to this path.
    pub fn join(&self, other: &ValuePath) -> ValuePath {
        let mut segments = self.0.clone();
        segments.extend(other.0.iter().cloned());
        ValuePath(segments)
    }

    /// The number of leading segments this path shares with `other`.
    pub fn common_prefix_len(&self, other: &ValuePath) -> usize {
        self.0
            .iter()
            .zip(other.0.iter())
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// Reads a path in the contract's syntax: `a.b`, `a[0]`, `a["x.y"]`, `""` for the root.
    pub fn parse(text: &str) -> Result<ValuePath, PathError> {
        if text.is_empty() || text == "\"\"" {
            return Ok(ValuePath::root());
        }
        let bytes = text.as_bytes();
        let mut segments = Vec::new();
        let mut i = 0;
        let mut expect_key = true;
        while i < bytes.len() {
            match bytes[i] {
                b'[' => {
                    let (segment, next) = parse_bracket(text, i)?;
                    segments.push(segment);
                    i = next;
                    expect_key = false;
                }
                b'.' if !expect_key => {
                    i += 1;
                    if i == bytes.len() {
                        return Err(err(i, "a path may not end with `.`"));
                    }
                    if bytes[i] == b'[' {
                        return Err(err(i, "`.` must be followed by a key, not `[`"));
                    }
                    expect_key = true;
                }
                _ if expect_key => {
                    let start = i;
                    while i < bytes.len() && !matches!(bytes[i], b'.' | b'[') {
                        if matches!(bytes[i], b']' | b'"') || bytes[i].is_ascii_whitespace() {
                            return Err(err(
                                i,
                                "a key with `]`, `\"` or white space must be written as [\"…\"]",
                            ));
                        }
                        i += 1;
                    }
                    if start == i {
                        return Err(err(i, "empty key: write an empty key as [\"\"]"));
                    }
                    segments.push(Segment::Key(text[start..i].to_string()));
                    expect_key = false;
                }
                _ => return Err(err(i, "expected `.` or `[` between segments")),
            }
        }
        if expect_key && !segments.is_empty() {
            return Err(err(bytes.len(), "a path may not end with `.`"));
        }
        Ok(ValuePath(segments))
    }
}

fn err(offset: usize, message: &str) -> PathError {
    PathError {
        offset,
        message: message.to_string(),
    }
}

/// Parses `[0]` or `["key"]` starting at `start` (the `[`), returning the segment and the offset after `]`.
fn parse_bracket(text: &str, start: usize) -> Result<(Segment, usize), PathError> {
    let bytes = text.as_bytes();
    let inner = start + 1;
    if inner < bytes.len() && bytes[inner] == b'"' {
        let mut de = serde_json::Deserializer::from_str(&text[inner..]).into_iter::<String>();
        let key = match de.next() {
            Some(Ok(key)) => key,
            _ => {
                return Err(err(
                    inner,
                    "unterminated or invalid JSON string in `[\"…\"]`",
                ));
            }
        };
        let end = inner + de.byte_offset();
        if end >= bytes.len() || bytes[end] != b']' {
            return Err(err(end, "expected `]` after the quoted key"));
        }
        Ok((Segment::Key(key), end + 1))
    } else {
        let mut end = inner;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        if end == inner {
            return Err(err(inner, "expected an index or a quoted key after `[`"));
        }
        if end >= bytes.len() || bytes[end] != b']' {
            return Err(err(end, "expected `]` after the index"));
        }
        let index = text[inner..end]
            .parse::<usize>()
            .map_err(|_| err(inner, "index too large"))?;
        Ok((Segment::Index(index), end + 1))
    }
}

/// Whether a key can be printed bare (without `["…"]`).
fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && !key
            .chars()
            .any(|c| matches!(c, '.' | '[' | ']' | '"') || c.is_whitespace())
}

impl fmt::Display for ValuePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, segment) in self.0.iter().enumerate() {
            match segment {
                Segment::Key(key) if is_bare_key(key) => {
                    if n > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(key)?;
                }
                Segment::Key(key) => {
                    let quoted = serde_json::to_string(key).map_err(|_| fmt::Error)?;
                    write!(f, "[{quoted}]")?;
                }
                Segment::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for ValuePath {
    type Err = PathError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ValuePath::parse(s)
    }
}

impl serde::Serialize for ValuePath {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A value path is a string in the generated TypeScript declarations.
#[cfg(feature = "types")]
impl ts_rs::TS for ValuePath {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(_: &ts_rs::Config) -> String {
        "string".to_string()
    }

    fn inline(config: &ts_rs::Config) -> String {
        Self::name(config)
    }
}

/// A value path is a string in the generated JSON Schema.
#[cfg(feature = "types")]
impl schemars::JsonSchema for ValuePath {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ValuePath".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) {
        let path = ValuePath::parse(text).unwrap();
        assert_eq!(path.to_string(), text, "printing {path:?}");
    }

    #[test]
    fn prints_the_contract_examples() {
        round_trip("gate.argocd.port");
        round_trip("extraEnv[0].name");
        round_trip("podAnnotations[\"prometheus.io/scrape\"]");
        round_trip("[\"a b\"].c[3][4]");
        round_trip("a[\"\"]");
        round_trip("");
    }

    #[test]
    fn parses_segments() {
        let path = ValuePath::parse("extraEnv[0].name").unwrap();
        assert_eq!(
            path.segments(),
            &[
                Segment::Key("extraEnv".into()),
                Segment::Index(0),
                Segment::Key("name".into())
            ]
        );
        assert_eq!(ValuePath::parse("\"\"").unwrap(), ValuePath::root());
    }

    #[test]
    fn refuses_malformed_paths() {
        for bad in [
            "a.", ".a", "a..b", "a[", "a[x]", "a[\"x\"", "a b", "a[0]b", "a.[0]",
        ] {
            assert!(ValuePath::parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn relates_paths() {
        let a = ValuePath::parse("ports.web.expose").unwrap();
        let b = ValuePath::parse("ports.web.expose.default").unwrap();
        assert!(b.starts_with(&a));
        assert_eq!(a.common_prefix_len(&b), 3);
        assert_eq!(b.strip_prefix(&a).unwrap().to_string(), "default");
        assert_eq!(b.parent().unwrap(), a);
    }
}
