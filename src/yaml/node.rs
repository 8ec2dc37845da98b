//! The located tree: streams, documents and nodes, each with the byte range it came from.
//!
//! Range conventions (all byte offsets into the parsed text):
//! - plain scalar: exactly its text; for a multi-line plain scalar, from its first to its
//!   last non-blank character;
//! - quoted scalar: from the opening quote through the closing quote;
//! - block scalar: from the `|` or `>` indicator through the end of its last line that holds
//!   a non-blank character (that line's break excluded); trailing lines that hold only white
//!   space are not part of the range;
//! - empty scalar (`key:` with nothing): an empty range right after the `:` (after the `-`
//!   of an empty sequence entry, after the properties of `key: !!str`);
//! - alias: `*name`;
//! - flow collection: from `[`/`{` through `]`/`}`;
//! - block collection: from its first entry (the first key, `?` or `-`) to the end of its
//!   last content;
//! - anchors and tags are not part of `range`; they are in `properties`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use crate::path::{Segment, ValuePath};

use values_migrate_yaml_parser::Seen;

use super::error::YamlError;
pub use super::typing::ScalarStyle;
use super::typing::{self, Typing};

/// A parsed YAML stream: every document of the text, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stream {
    /// The documents, in order.
    pub documents: Vec<Document>,
    /// The first of what Helm's reader reads and YAML 1.2 refuses, as YAML 1.2's refusal.
    pub(super) helm_only: Option<Box<YamlError>>,
    /// What the scanner met in the text, when the stream was built from it.
    pub(super) seen: Option<Seen>,
}

/// One document of a stream.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// The root node.
    pub root: Node,
    /// From the `---` marker (or the root's first byte) through the `...` marker (or the root's last byte).
    pub range: Range<usize>,
    /// Whether the document starts with an explicit `---`.
    pub explicit_start: bool,
    /// Whether the document ends with an explicit `...`.
    pub explicit_end: bool,
}

/// One node of the tree, with where it sits in the text: 32 bytes (24 on wasm32), its
/// range as `u32` byte offsets (texts over 4 GiB are refused when parsed).
#[derive(Clone, PartialEq)]
pub struct Node {
    repr: Repr,
    start: u32,
    end: u32,
}

// Checked on every target: a node is 32 bytes on 64-bit targets, 24 on wasm32.
const _: () = assert!(size_of::<Node>() == if size_of::<usize>() == 8 { 32 } else { 24 });

/// The bytes of a scalar kept in place: what fits beside a tag, a style and a length in the
/// size of the largest other variant of [`Repr`].
const SHORT: usize = 2 * size_of::<usize>() + 5;

/// What a node holds, stored compactly: children as exact-size slices, short scalars in place,
/// rare parts (aliases, anchors and tags) boxed.
#[derive(Clone, PartialEq)]
enum Repr {
    Mapping {
        flow: bool,
        entries: Box<[Entry]>,
    },
    Sequence {
        flow: bool,
        items: Box<[Node]>,
    },
    /// `len` bytes of `bytes`, the rest zero (so that equal texts are equal values).
    Short {
        style: ScalarStyle,
        len: u8,
        bytes: [u8; SHORT],
    },
    Long {
        style: ScalarStyle,
        text: Box<str>,
    },
    Alias(Box<Alias>),
    /// A node with an anchor or a tag (never itself `Annotated`).
    Annotated(Box<(Properties, Repr)>),
}

/// A node's anchor and tag, and the bytes they are written in.
#[derive(Clone, Debug, PartialEq)]
pub struct Properties {
    /// The anchor name (`&name`), without the `&`.
    pub anchor: Option<String>,
    /// The resolved tag: `tag:yaml.org,2002:str` for `!!str`, `!local` for `!local`, `!` for `!`.
    pub tag: Option<String>,
    /// The bytes of the anchor and tag.
    pub range: Range<usize>,
}

/// An alias (`*name`) and the node it refers to.
#[derive(Clone, Debug, PartialEq)]
pub struct Alias {
    /// The anchor name, without the `*`.
    pub name: String,
    /// The range of the anchored node it refers to.
    pub target: Option<Range<usize>>,
}

/// What a node is, borrowed from it ([`Node::kind`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NodeKind<'a> {
    /// A mapping, in source order; repeated keys are kept, not collapsed.
    Mapping {
        /// The entries, in source order.
        entries: &'a [Entry],
        /// Whether it is written in flow style (`{…}`, or a pair inside `[…]`).
        flow: bool,
    },
    /// A sequence.
    Sequence {
        /// The items, in source order.
        items: &'a [Node],
        /// Whether it is written in flow style (`[…]`).
        flow: bool,
    },
    /// A scalar.
    Scalar {
        /// The decoded content (escapes resolved, lines folded), before typing.
        text: &'a str,
        /// How it was written.
        style: ScalarStyle,
    },
    /// An alias (`*name`).
    Alias(&'a Alias),
}

/// One key/value pair of a mapping.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The key node.
    pub key: Node,
    /// The value node.
    pub value: Node,
}

/// A key that a mapping holds more than once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey {
    /// The path of the mapping that repeats the key.
    pub path: ValuePath,
    /// The key, as typed.
    pub key: String,
    /// The range of the first occurrence of the key.
    pub first: Range<usize>,
    /// The range of the repeated occurrence.
    pub duplicate: Range<usize>,
}

/// A merge key (`<<`) and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeKey {
    /// The path of the mapping that holds the merge key.
    pub path: ValuePath,
    /// The range of the `<<` key.
    pub range: Range<usize>,
}

/// One step of a walk along a [`ValuePath`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathStep<'a> {
    /// The key node that led here, for a step into a mapping.
    pub key: Option<&'a Node>,
    /// The node reached.
    pub node: &'a Node,
}

impl Entry {
    /// Whether this entry is a merge key: a plain, untagged `<<`, or one tagged `!!merge`.
    pub fn is_merge_key(&self) -> bool {
        // Asked of every key: told from the bytes kept in place, no text made.
        let merge = |repr: &Repr, plain: bool| match repr {
            Repr::Short { style, len, bytes } => {
                (!plain || *style == ScalarStyle::Plain)
                    && bytes.get(..usize::from(*len)) == Some(b"<<")
            }
            _ => false,
        };
        match &self.key.repr {
            Repr::Annotated(annotated) => {
                let (properties, repr) = &**annotated;
                match properties.tag.as_deref() {
                    None => merge(repr, true),
                    Some(tag) => tag == "tag:yaml.org,2002:merge" && merge(repr, false),
                }
            }
            repr => merge(repr, true),
        }
    }
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node")
            .field("kind", &self.kind())
            .field("range", &self.range())
            .field("properties", &self.properties())
            .finish()
    }
}

impl Stream {
    /// What `typing`'s reader refuses in the text that was read for Helm's (a quoted line left
    /// of its indentation or led by a tab, a tab after a complex key's `:`): under `yaml-1.2`
    /// YAML 1.2's refusal; `None` under `helm` (whose own refusals of tabs are
    /// [`super::helm_refusal`]'s).
    pub fn refused_by(&self, typing: Typing) -> Option<&YamlError> {
        match typing {
            Typing::Yaml12 => self.helm_only.as_deref(),
            Typing::Helm => None,
        }
    }

    /// Every repeated key in every document (paths are relative to each document's root).
    pub fn duplicate_keys(&self, typing: Typing) -> Vec<(usize, DuplicateKey)> {
        let mut found = Vec::new();
        for (index, document) in self.documents.iter().enumerate() {
            for duplicate in document.root.duplicate_keys(typing) {
                found.push((index, duplicate));
            }
        }
        found
    }
}

/// A byte offset as stored in a node (the builder refuses texts longer than `u32::MAX`).
fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

impl Node {
    /// A scalar with its decoded content, kept in place when it is short.
    pub(crate) fn scalar(
        text: Cow<'_, str>,
        style: ScalarStyle,
        range: Range<usize>,
        properties: Option<Properties>,
    ) -> Node {
        let repr = match u8::try_from(text.len()) {
            Ok(len) if text.len() <= SHORT => {
                let mut bytes = [0; SHORT];
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                Repr::Short { style, len, bytes }
            }
            // A string with spare room (saphyr's buffer) is copied exactly, not kept.
            _ => Repr::Long {
                style,
                text: match text {
                    Cow::Borrowed(text) => text.into(),
                    Cow::Owned(text) => text.into_boxed_str(),
                },
            },
        };
        Node::of(repr, range, properties)
    }

    /// A mapping of `entries`.
    pub(crate) fn mapping(
        entries: Box<[Entry]>,
        flow: bool,
        range: Range<usize>,
        properties: Option<Properties>,
    ) -> Node {
        Node::of(Repr::Mapping { flow, entries }, range, properties)
    }

    /// A sequence of `items`.
    pub(crate) fn sequence(
        items: Box<[Node]>,
        flow: bool,
        range: Range<usize>,
        properties: Option<Properties>,
    ) -> Node {
        Node::of(Repr::Sequence { flow, items }, range, properties)
    }

    /// An alias.
    pub(crate) fn alias(alias: Alias, range: Range<usize>) -> Node {
        Node::of(Repr::Alias(Box::new(alias)), range, None)
    }

    /// A node of `repr` at `range`, boxed with its properties when it has any.
    fn of(repr: Repr, range: Range<usize>, properties: Option<Properties>) -> Node {
        let repr = match properties {
            Some(properties) => Repr::Annotated(Box::new((properties, repr))),
            None => repr,
        };
        Node {
            repr,
            start: offset(range.start),
            end: offset(range.end),
        }
    }

    /// What the node is, borrowed from it.
    pub fn kind(&self) -> NodeKind<'_> {
        match self.content() {
            Repr::Mapping { flow, entries } => NodeKind::Mapping {
                entries,
                flow: *flow,
            },
            Repr::Sequence { flow, items } => NodeKind::Sequence { items, flow: *flow },
            Repr::Short { style, len, bytes } => NodeKind::Scalar {
                text: std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default(),
                style: *style,
            },
            Repr::Long { style, text } => NodeKind::Scalar {
                text,
                style: *style,
            },
            Repr::Alias(alias) => NodeKind::Alias(alias),
            // Never built: an annotated node's own content is never annotated.
            Repr::Annotated(_) => NodeKind::Scalar {
                text: "",
                style: ScalarStyle::Plain,
            },
        }
    }

    /// The bytes of the node's content, without its anchor and tag (see the module docs).
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The node's anchor and tag, when it has either.
    pub fn properties(&self) -> Option<&Properties> {
        match &self.repr {
            Repr::Annotated(annotated) => Some(&annotated.0),
            _ => None,
        }
    }

    /// Whether the node is a scalar.
    pub fn is_scalar(&self) -> bool {
        matches!(self.kind(), NodeKind::Scalar { .. })
    }

    /// Whether the node is an alias.
    pub fn is_alias(&self) -> bool {
        matches!(self.kind(), NodeKind::Alias(_))
    }

    /// Whether the node is a flow-style collection.
    pub fn is_flow(&self) -> bool {
        matches!(
            self.kind(),
            NodeKind::Mapping { flow: true, .. } | NodeKind::Sequence { flow: true, .. }
        )
    }

    /// The scalar's decoded content, if the node is a scalar.
    pub fn scalar_text(&self) -> Option<&str> {
        match self.kind() {
            NodeKind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The scalar's style, if the node is a scalar.
    pub fn scalar_style(&self) -> Option<ScalarStyle> {
        match self.kind() {
            NodeKind::Scalar { style, .. } => Some(style),
            _ => None,
        }
    }

    /// The node's content, its anchor and tag aside.
    fn content(&self) -> &Repr {
        match &self.repr {
            Repr::Annotated(annotated) => &annotated.1,
            repr => repr,
        }
    }

    /// The entries, if the node is a mapping (its content read, no scalar's text checked).
    pub fn entries(&self) -> Option<&[Entry]> {
        match self.content() {
            Repr::Mapping { entries, .. } => Some(entries),
            _ => None,
        }
    }

    /// The items, if the node is a sequence (its content read, no scalar's text checked).
    pub fn items(&self) -> Option<&[Node]> {
        match self.content() {
            Repr::Sequence { items, .. } => Some(items),
            _ => None,
        }
    }

    /// The suffix of a tag in the YAML core namespace (`str` for `!!str`), if the node has one.
    pub fn core_tag(&self) -> Option<&str> {
        self.tag()
            .and_then(|tag| tag.strip_prefix("tag:yaml.org,2002:"))
    }

    /// The anchor name (`&name`, without the `&`), if the node has one.
    pub fn anchor(&self) -> Option<&str> {
        self.properties().as_ref()?.anchor.as_deref()
    }

    /// The resolved tag (`tag:yaml.org,2002:str` for `!!str`), if the node has one.
    pub fn tag(&self) -> Option<&str> {
        self.properties().as_ref()?.tag.as_deref()
    }

    /// The bytes of the node's anchor and tag, when it has either.
    pub fn properties_range(&self) -> Option<Range<usize>> {
        self.properties().as_ref().map(|p| p.range.clone())
    }

    /// The key of a mapping key node as a path segment under `typing`, if it has one.
    ///
    /// Scalar keys become strings the way `typing` reads them (`yes` is `"true"` under Helm);
    /// aliases, collections and keys JSON cannot hold (a null under Helm) have none.
    pub fn key_string(&self, typing: Typing) -> Option<String> {
        self.key_str(typing).map(Cow::into_owned)
    }

    /// The same key as [`key_string`](Self::key_string), borrowed from the node when typing
    /// leaves the text as written (most keys), so that comparing keys allocates nothing.
    pub fn key_str(&self, typing: Typing) -> Option<Cow<'_, str>> {
        let NodeKind::Scalar { text, style } = self.kind() else {
            return None;
        };
        let typed = typing::type_scalar(text, style, self.tag(), typing).ok()?;
        typing::key_from_typed(typed, typing).ok()
    }

    /// The value at `path` below this node: the last entry wins when a key repeats, as in Helm.
    ///
    /// The walk does not follow aliases or merge keys.
    pub fn get(&self, path: &ValuePath, typing: Typing) -> Option<&Node> {
        let steps = self.walk(path, typing);
        if steps.len() == path.len() + 1 {
            steps.last().map(|step| step.node)
        } else {
            None
        }
    }

    /// Every node on `path`, starting with this node; shorter than `path.len() + 1` when the path stops.
    pub fn walk(&self, path: &ValuePath, typing: Typing) -> Vec<PathStep<'_>> {
        let mut steps = vec![PathStep {
            key: None,
            node: self,
        }];
        let mut node = self;
        for segment in path.segments() {
            let next = match (segment, node.kind()) {
                (Segment::Key(wanted), NodeKind::Mapping { entries, .. }) => entries
                    .iter()
                    .rev()
                    .find(|entry| entry.key.key_str(typing).as_deref() == Some(wanted))
                    .map(|entry| PathStep {
                        key: Some(&entry.key),
                        node: &entry.value,
                    }),
                (Segment::Index(index), NodeKind::Sequence { items, .. }) => {
                    items.get(*index).map(|item| PathStep {
                        key: None,
                        node: item,
                    })
                }
                _ => None,
            };
            match next {
                Some(step) => {
                    node = step.node;
                    steps.push(step);
                }
                None => break,
            }
        }
        steps
    }

    /// Where `path` is written below this node: the byte offset of its key (or of the node, for
    /// a list item), or of the deepest part of the path that exists when the path stops.
    pub fn offset_of(&self, path: &ValuePath, typing: Typing) -> usize {
        self.walk(path, typing)
            .last()
            .map_or(self.range().start, |step| {
                step.key
                    .map_or(step.node.range().start, |k| k.range().start)
            })
    }

    /// Every node below and including this one, keys included, in no particular order.
    pub fn nodes(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            match node.kind() {
                NodeKind::Mapping { entries, .. } => {
                    for entry in entries {
                        stack.push(&entry.key);
                        stack.push(&entry.value);
                    }
                }
                NodeKind::Sequence { items, .. } => stack.extend(items.iter()),
                _ => {}
            }
            out.push(node);
        }
        out
    }

    /// Every node below and including this one, each with its path, in source order.
    ///
    /// Entries whose key has no [`key_string`](Self::key_string) are skipped with all below them.
    pub fn descendants(&self, typing: Typing) -> Vec<(ValuePath, &Node)> {
        let mut out = Vec::new();
        let mut stack = vec![(ValuePath::root(), self)];
        while let Some((path, node)) = stack.pop() {
            match node.kind() {
                NodeKind::Mapping { entries, .. } => {
                    for entry in entries.iter().rev() {
                        if let Some(key) = entry.key.key_string(typing) {
                            stack.push((path.key(key), &entry.value));
                        }
                    }
                }
                NodeKind::Sequence { items, .. } => {
                    for (index, item) in items.iter().enumerate().rev() {
                        stack.push((path.index(index), item));
                    }
                }
                _ => {}
            }
            out.push((path, node));
        }
        out
    }

    /// Every mapping below and including this one, each with its path, in source order.
    pub fn mappings(&self, typing: Typing) -> Vec<(ValuePath, &Node)> {
        self.descendants(typing)
            .into_iter()
            .filter(|(_, node)| matches!(node.kind(), NodeKind::Mapping { .. }))
            .collect()
    }

    /// Every key that a mapping below or at this node repeats, compared as typed under `typing`.
    ///
    /// One walk in source order; a path is built only for a mapping that repeats a key.
    pub fn duplicate_keys(&self, typing: Typing) -> Vec<DuplicateKey> {
        let mut found = Vec::new();
        // (node, its depth, the step that led to it); `trail` holds the steps of the current path.
        let mut stack: Vec<(&Node, usize, Option<Step<'_>>)> = vec![(self, 0, None)];
        let mut trail: Vec<Step<'_>> = Vec::new();
        while let Some((node, depth, step)) = stack.pop() {
            trail.truncate(depth.saturating_sub(1));
            trail.extend(step);
            match node.kind() {
                NodeKind::Mapping { entries, .. } => {
                    let before = found.len();
                    repeated_in(entries, typing, &mut found);
                    if found.len() > before {
                        let path = Step::path(&trail);
                        for duplicate in &mut found[before..] {
                            duplicate.path = path.clone();
                        }
                    }
                    for entry in entries.iter().rev() {
                        if let Some(key) = entry.key.key_str(typing) {
                            stack.push((&entry.value, depth + 1, Some(Step::Key(key))));
                        }
                    }
                }
                NodeKind::Sequence { items, .. } => {
                    for (index, item) in items.iter().enumerate().rev() {
                        stack.push((item, depth + 1, Some(Step::Index(index))));
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Every merge key (`<<`) below or at this node.
    pub fn merge_keys(&self, typing: Typing) -> Vec<MergeKey> {
        let mut found = Vec::new();
        for (path, node) in self.mappings(typing) {
            for entry in node.entries().unwrap_or_default() {
                if entry.is_merge_key() {
                    found.push(MergeKey {
                        path: path.clone(),
                        range: entry.key.range(),
                    });
                }
            }
        }
        found
    }
}

/// One step of a path while walking, its key borrowed from the node when it can be.
#[derive(Clone, Debug)]
enum Step<'a> {
    Key(Cow<'a, str>),
    Index(usize),
}

impl Step<'_> {
    fn path(trail: &[Step<'_>]) -> ValuePath {
        ValuePath::from_segments(
            trail
                .iter()
                .map(|step| match step {
                    Step::Key(key) => Segment::Key(key.to_string()),
                    Step::Index(index) => Segment::Index(*index),
                })
                .collect(),
        )
    }
}

/// Below this many entries a mapping's keys are compared pair by pair instead of hashed.
const PAIRWISE: usize = 16;

/// Pushes every repeat among `entries` (as typed; Helm's merge keys skipped), with the root path.
fn repeated_in(entries: &[Entry], typing: Typing, found: &mut Vec<DuplicateKey>) {
    fn key(entry: &Entry, typing: Typing) -> Option<Cow<'_, str>> {
        if entry.is_merge_key() && typing == Typing::Helm {
            None
        } else {
            entry.key.key_str(typing)
        }
    }
    let mut report = |first: usize, repeat: usize, key: &str| {
        found.push(DuplicateKey {
            path: ValuePath::root(),
            key: key.to_string(),
            first: entries[first].key.range(),
            duplicate: entries[repeat].key.range(),
        })
    };
    if entries.len() <= PAIRWISE {
        // On the stack: most mappings are small, and most keys borrow their text.
        let mut keys: [Option<Cow<'_, str>>; PAIRWISE] = Default::default();
        for (n, entry) in entries.iter().enumerate() {
            keys[n] = key(entry, typing);
            let Some(this) = keys[n].as_deref() else {
                continue;
            };
            if let Some(first) = keys[..n].iter().position(|k| k.as_deref() == Some(this)) {
                report(first, n, this);
            }
        }
        return;
    }
    let keys: Vec<Option<Cow<'_, str>>> = entries.iter().map(|e| key(e, typing)).collect();
    let mut seen: HashMap<&str, usize> = HashMap::with_capacity(keys.len());
    for (n, key) in keys.iter().enumerate() {
        let Some(key) = key.as_deref() else { continue };
        match seen.get(key) {
            Some(&first) => report(first, n, key),
            None => {
                seen.insert(key, n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    #[test]
    fn a_scalar_keeps_every_text_whole_short_or_long() {
        for n in [0, 1, SHORT - 1, SHORT, SHORT + 1, 64] {
            for unit in ["a", "é", "🎉"] {
                let text = unit.repeat(n);
                let forms = [Cow::Borrowed(text.as_str()), Cow::Owned(text.clone())];
                let nodes = forms.map(|t| Node::scalar(t, ScalarStyle::Folded, 3..9, None));
                for node in &nodes {
                    let want = NodeKind::Scalar {
                        text: &text,
                        style: ScalarStyle::Folded,
                    };
                    assert_eq!(node.kind(), want);
                    assert_eq!(node.range(), 3..9);
                    assert_eq!(*node, nodes[0], "equal texts are equal values");
                }
            }
        }
        let a = Node::scalar("a".into(), ScalarStyle::Plain, 0..1, None);
        assert_ne!(
            a,
            Node::scalar("a\0".into(), ScalarStyle::Plain, 0..1, None)
        );
    }

    #[test]
    fn a_merge_key_is_a_plain_or_merge_tagged_double_less_than() {
        let text = "a: &a {x: 1}\nb:\n  <<: *a\n  &k <<: *a\n  !!merge <<: *a\n  '<<': 1\n  !!str <<: 2\n  <<<: 3\n  !!merge '<<': *a\n";
        let stream = parse(text, &Limits::default()).unwrap();
        let b = &stream.documents[0].root.entries().unwrap()[1].value;
        let merges: Vec<bool> = b
            .entries()
            .unwrap()
            .iter()
            .map(Entry::is_merge_key)
            .collect();
        assert_eq!(merges, [true, true, true, false, false, false, true]);
    }

    #[test]
    fn a_node_is_32_bytes_and_keeps_its_properties() {
        let want = if size_of::<usize>() == 8 { 32 } else { 24 };
        assert_eq!(size_of::<Node>(), want);
        assert_eq!(size_of::<Entry>(), 2 * size_of::<Node>());
        let properties = Properties {
            anchor: Some("a".into()),
            tag: None,
            range: 0..2,
        };
        let entries: Box<[Entry]> = Box::new([Entry {
            key: Node::scalar("k".into(), ScalarStyle::Plain, 3..4, None),
            value: Node::scalar("v".into(), ScalarStyle::Plain, 6..7, None),
        }]);
        let node = Node::mapping(entries, true, 3..7, Some(properties.clone()));
        assert_eq!(node.properties(), Some(&properties));
        assert_eq!(node.anchor(), Some("a"));
        assert_eq!(node.entries().map(<[Entry]>::len), Some(1));
        assert!(node.is_flow());
    }

    #[test]
    fn duplicate_keys_name_their_mapping() {
        let mut text = String::from("top:\n  list:\n    - a: 1\n      b: 2\n      a: 3\n  big:\n");
        for n in 0..20 {
            text.push_str(&format!("    k{n}: {n}\n"));
        }
        text.push_str("    k7: again\n    yes: 1\n    true: 2\ntop2: 1\n");
        let stream = parse(&text, &Limits::default()).unwrap();
        let root = &stream.documents[0].root;
        let found = root.duplicate_keys(Typing::Helm);
        let summary: Vec<(String, &str)> = found
            .iter()
            .map(|d| (d.path.to_string(), d.key.as_str()))
            .collect();
        assert_eq!(
            summary,
            [
                ("top.list[0]".to_string(), "a"),
                ("top.big".to_string(), "k7"),
                ("top.big".to_string(), "true"),
            ]
        );
        // Under YAML 1.2 `yes` is a string: only two repeats.
        assert_eq!(root.duplicate_keys(Typing::Yaml12).len(), 2);
    }
}
