//! Building the located tree from saphyr's events, iteratively and with exact byte ranges.

use std::collections::HashMap;
use std::ops::Range;

use values_migrate_yaml_parser::{Dialect, Event, Parser, ScanError, Seen, Tag};

use super::error::{YamlError, YamlErrorKind};
use super::limits::Limits;
use super::node::{Alias, Document, Entry, Node, Properties, ScalarStyle, Stream};
use super::offsets::CharOffsets;
use super::source;

/// Parses `text` into a located [`Stream`].
pub(crate) fn build(text: &str, limits: &Limits) -> Result<Stream, YamlError> {
    build_seen(text, limits).map(|(stream, _)| stream)
}

/// Parses `text` into a located [`Stream`], with what the scanner met in it.
pub(crate) fn build_seen(text: &str, limits: &Limits) -> Result<(Stream, Seen), YamlError> {
    if u32::try_from(text.len()).is_err() {
        let message = format!(
            "the input is {} bytes; texts over 4 GiB are not read",
            text.len()
        );
        return Err(YamlError::new(YamlErrorKind::TooLarge, message, 0..0));
    }
    if text.len() > limits.max_input_bytes {
        return Err(YamlError::new(
            YamlErrorKind::TooLarge,
            format!(
                "the input is {} bytes, more than the limit of {} bytes",
                text.len(),
                limits.max_input_bytes
            ),
            0..0,
        ));
    }
    if let Some((at, c)) = first_unprintable(text) {
        return Err(YamlError::new(
            YamlErrorKind::Syntax,
            format!(
                "the character U+{:04X} is not allowed in YAML; write it escaped in a double-quoted string (\"\\u{:04X}\")",
                c as u32, c as u32
            ),
            at..at + c.len_utf8(),
        ));
    }
    build_from(text, limits)
}

/// Builds the tree of `text` from the events of one parse in go-yaml's dialect: what saphyr
/// refuses and Helm reads (a tab after a key's colon or leading a quoted line, a quoted line left
/// of its indentation, go-yaml's `\'` escape, a flow collection closed left of its block
/// indentation) is decided by the scanner of `values-migrate-yaml-parser` as it reads the token,
/// and what only Helm reads is kept as YAML 1.2's refusal (`Stream::refused_by`).
fn build_from(text: &str, limits: &Limits) -> Result<(Stream, Seen), YamlError> {
    let mut builder = Builder {
        text,
        offsets: CharOffsets::new(text),
        max_depth: limits.max_depth,
        stack: Vec::new(),
        documents: Vec::new(),
        document: None,
        cursor: 0,
        anchors: HashMap::new(),
        entries: Vec::new(),
        items: Vec::new(),
    };
    let mut parser = Parser::new_from_str(text).with_dialect(Dialect::GoYaml);
    while let Some(next) = parser.next_event() {
        match next {
            Ok((event, span)) => {
                let start = builder.offsets.marker(&span.start);
                let end = builder.offsets.marker(&span.end).max(start);
                builder.event(event, start, end)?;
            }
            Err(error) => return Err(builder.refusal(&error)),
        }
    }
    let helm_only = parser
        .yaml12_refusal()
        .map(|error| Box::new(builder.refusal(error)));
    let stream = Stream {
        documents: builder.documents,
        helm_only,
        seen: Some(parser.seen()),
    };
    Ok((stream, parser.seen()))
}

/// Whether YAML allows `c` raw in a document (`c-printable`, the same in YAML 1.1 and 1.2).
pub fn is_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        || c >= '\u{10000}'
}

/// The first character YAML does not allow raw, and where; ASCII checked eight bytes at a time.
pub(crate) fn first_unprintable(text: &str) -> Option<(usize, char)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if let Some(word) = bytes.get(at..at + 8) {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            match unprintable_ascii(word) {
                Some(0) => {
                    at += 8;
                    continue;
                }
                Some(bad) => at += (bad.trailing_zeros() / 8) as usize,
                None => {}
            }
        }
        let c = text[at..].chars().next()?;
        if !is_printable(c) {
            return Some((at, c));
        }
        at += c.len_utf8();
    }
    None
}

/// For eight ASCII bytes, a mask whose high bit is set in each byte YAML does not allow raw
/// (a control character other than tab, line feed and carriage return, or DEL); `None` when a
/// byte is not ASCII.
fn unprintable_ascii(word: u64) -> Option<u64> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const fn each(byte: u8) -> u64 {
        u64::from_le_bytes([byte; 8])
    }
    if word & HIGH != 0 {
        return None;
    }
    // Per byte, exact: with the high bit set first, no subtraction borrows from the next byte.
    let at_least = |n: u8| ((word | HIGH) - each(n)) & HIGH;
    let is = |n: u8| !(((word ^ each(n)) | HIGH) - each(1)) & HIGH;
    let control = !at_least(0x20) & HIGH & !(is(b'\t') | is(b'\n') | is(b'\r'));
    Some(control | is(0x7f))
}

/// A document being built.
struct OpenDocument {
    /// Where the explicit `---` starts, if there is one.
    marker: Option<usize>,
    root: Option<Node>,
}

/// A collection being built.
struct Frame {
    kind: FrameKind,
    /// Whether the collection is in flow style.
    flow: bool,
    /// Whether it is delimited by `[…]` or `{…}`.
    bracketed: bool,
    start: usize,
    anchor_id: usize,
    properties: Option<Properties>,
}

/// A closed collection's children.
enum Children {
    Entries(Box<[Entry]>),
    Items(Box<[Node]>),
}

enum FrameKind {
    /// Its entries so far are `Builder::entries[start..]`.
    Mapping { start: usize, key: Option<Node> },
    /// Its items so far are `Builder::items[start..]`.
    Sequence { start: usize },
}

struct Builder<'t> {
    text: &'t str,
    offsets: CharOffsets<'t>,
    max_depth: usize,
    stack: Vec<Frame>,
    documents: Vec<Document>,
    document: Option<OpenDocument>,
    /// The end of the last token consumed: a lower bound for where the next one starts.
    cursor: usize,
    /// The anchors of the current document by saphyr's id: `None` while the node is open.
    anchors: HashMap<usize, Option<Range<usize>>>,
    /// The entries of every open mapping, innermost last (see [`FrameKind::Mapping`]).
    entries: Vec<Entry>,
    /// The items of every open sequence, innermost last.
    items: Vec<Node>,
}

/// The resolved form of a saphyr tag.
fn tag_string(tag: &Tag) -> String {
    if tag.handle == "!" {
        format!("!{}", tag.suffix)
    } else {
        format!("{}{}", tag.handle, tag.suffix)
    }
}

/// Where a node begins, counting its properties.
fn node_start(node: &Node) -> usize {
    match node.properties() {
        Some(properties) => properties.range.start.min(node.range().start),
        None => node.range().start,
    }
}

fn internal(message: &str, at: usize) -> YamlError {
    YamlError::new(YamlErrorKind::Syntax, message, at..at)
}

impl Builder<'_> {
    /// The parser's refusal as ours, at its position in the text.
    fn refusal(&self, error: &ScanError) -> YamlError {
        let at = self.offsets.marker(error.marker());
        // The scanner refuses flow collections nested past its own limit.
        let kind = if error.is_too_deep() {
            YamlErrorKind::TooDeep
        } else {
            YamlErrorKind::Syntax
        };
        YamlError::new(kind, error.info().to_string(), at..at)
    }

    fn event(&mut self, event: Event<'_>, start: usize, end: usize) -> Result<(), YamlError> {
        match event {
            Event::Nothing | Event::StreamStart | Event::StreamEnd => Ok(()),
            Event::DocumentStart(explicit) => {
                self.anchors.clear();
                self.document = Some(OpenDocument {
                    marker: explicit.then_some(start),
                    root: None,
                });
                if explicit {
                    self.cursor = end;
                }
                Ok(())
            }
            Event::DocumentEnd => self.end_document(start, end),
            Event::Alias(id) => {
                let name = self.text[(start + 1).min(end)..end].to_string();
                let target = match self.anchors.get(&id) {
                    Some(Some(range)) => Some(range.clone()),
                    Some(None) => {
                        return Err(YamlError::new(
                            YamlErrorKind::RecursiveAlias,
                            format!("alias *{name} refers to a node that contains it"),
                            start..end,
                        ));
                    }
                    None => {
                        return Err(YamlError::new(
                            YamlErrorKind::Syntax,
                            format!("alias *{name} refers to no anchor of this document"),
                            start..end,
                        ));
                    }
                };
                self.cursor = end;
                self.attach(Node::alias(Alias { name, target }, start..end), start)
            }
            Event::Scalar(value, style, anchor_id, tag) => {
                let node = self.scalar(value, style, anchor_id, tag.as_deref(), start, end);
                if anchor_id > 0 {
                    self.anchors.insert(anchor_id, Some(node.range()));
                }
                self.cursor = self.cursor.max(node.range().end);
                self.attach(node, start)
            }
            Event::SequenceStart(anchor_id, tag) => {
                self.open(false, anchor_id, tag.as_deref(), start, end)
            }
            Event::MappingStart(anchor_id, tag) => {
                self.open(true, anchor_id, tag.as_deref(), start, end)
            }
            Event::SequenceEnd | Event::MappingEnd => self.close(start, end),
        }
    }

    fn end_document(&mut self, start: usize, end: usize) -> Result<(), YamlError> {
        let Some(document) = self.document.take() else {
            return Err(internal("a document ended that did not start", start));
        };
        let root = match document.root {
            Some(root) => root,
            None => {
                let at = self.cursor;
                Node::scalar("".into(), ScalarStyle::Plain, at..at, None)
            }
        };
        let explicit_end = end > start && self.text[start..].starts_with("...");
        let range_start = document.marker.unwrap_or_else(|| node_start(&root));
        let range_end = if explicit_end {
            end
        } else {
            root.range().end.max(range_start)
        };
        if explicit_end {
            self.cursor = end;
        }
        self.documents.push(Document {
            root,
            range: range_start..range_end,
            explicit_start: document.marker.is_some(),
            explicit_end,
        });
        Ok(())
    }

    /// The anchor and tag of a node whose properties start at `start`, if it has either.
    fn properties(&self, anchor_id: usize, tag: Option<&Tag>, start: usize) -> Option<Properties> {
        let count = usize::from(anchor_id > 0) + usize::from(tag.is_some());
        if count == 0 {
            return None;
        }
        let (end, anchor) = source::read_properties(self.text, start, count);
        Some(Properties {
            anchor,
            tag: tag.map(tag_string),
            range: start..end,
        })
    }

    fn scalar(
        &self,
        value: std::borrow::Cow<'_, str>,
        style: ScalarStyle,
        anchor_id: usize,
        tag: Option<&Tag>,
        start: usize,
        end: usize,
    ) -> Node {
        let text = self.text;
        let properties = self.properties(anchor_id, tag, start);
        let after_properties = properties.as_ref().map(|p| p.range.end);
        let content_start = after_properties
            .map(|p| source::skip_separation(text, p))
            .unwrap_or(start);
        let range = match style {
            ScalarStyle::Plain if value.is_empty() => {
                let at = after_properties.unwrap_or_else(|| self.empty_position(start));
                at..at
            }
            ScalarStyle::Plain => content_start..end.max(content_start),
            ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                content_start..source::quoted_end(text, content_start)
            }
            ScalarStyle::Literal | ScalarStyle::Folded => {
                let from = if properties.is_some() {
                    start
                } else {
                    self.cursor.min(start)
                };
                let limit = end.max(start + 1).min(text.len());
                match source::block_indicator(text, from, limit) {
                    Some(indicator) => indicator..source::block_scalar_end(text, indicator, end),
                    None => start..end,
                }
            }
        };
        Node::scalar(value, style, range, properties)
    }

    /// Where an empty scalar without properties sits, given saphyr's `mark` for it.
    fn empty_position(&self, mark: usize) -> usize {
        let text = self.text;
        let bytes = text.as_bytes();
        match self.stack.last() {
            Some(Frame {
                kind: FrameKind::Mapping { key: Some(key), .. },
                ..
            }) => {
                let at = source::skip_separation(text, key.range().end);
                if bytes.get(at) == Some(&b':') {
                    at + 1
                } else {
                    key.range().end
                }
            }
            Some(Frame {
                kind: FrameKind::Mapping { key: None, .. },
                flow: false,
                ..
            }) => {
                let at = source::skip_separation(text, self.cursor);
                let lone = matches!(bytes.get(at + 1), None | Some(b' ' | b'\t' | b'\n' | b'\r'));
                if bytes.get(at) == Some(&b'?') && lone && at < mark {
                    at + 1
                } else {
                    mark
                }
            }
            Some(Frame {
                kind: FrameKind::Sequence { .. },
                flow: false,
                ..
            }) => source::after_dash_before(text, mark).unwrap_or(mark),
            Some(_) => mark,
            None => match self.document.as_ref().and_then(|d| d.marker) {
                Some(_) => self.cursor,
                None => mark,
            },
        }
    }

    fn open(
        &mut self,
        mapping: bool,
        anchor_id: usize,
        tag: Option<&Tag>,
        start: usize,
        end: usize,
    ) -> Result<(), YamlError> {
        if self.stack.len() >= self.max_depth {
            let message = format!(
                "collections are nested deeper than the limit of {}",
                self.max_depth
            );
            return Err(YamlError::new(YamlErrorKind::TooDeep, message, start..end));
        }
        let bytes = self.text.as_bytes();
        let properties = self.properties(anchor_id, tag, start);
        let parent = self.stack.last();
        let parent_flow = parent.is_some_and(|frame| frame.flow);
        let opener = if mapping { b'{' } else { b'[' };
        // The bracket follows the properties; saphyr's span of it can run on over blanks and
        // a comment. Synthetic starts (block collections, a pair inside `[…]`) have empty spans.
        let opener_at = match &properties {
            Some(properties) => source::skip_separation(self.text, properties.range.end),
            None => start,
        };
        let bracketed = end > opener_at && bytes.get(opener_at) == Some(&opener);
        let in_block_mapping = matches!(
            parent,
            Some(Frame {
                kind: FrameKind::Mapping { .. },
                flow: false,
                ..
            })
        );
        let collection_start = if bracketed {
            opener_at
        } else if !mapping && !parent_flow && in_block_mapping {
            source::indentless_dash(self.text, end).unwrap_or(end)
        } else {
            end
        };
        let kind = if mapping {
            FrameKind::Mapping {
                start: self.entries.len(),
                key: None,
            }
        } else {
            FrameKind::Sequence {
                start: self.items.len(),
            }
        };
        self.stack.push(Frame {
            kind,
            flow: parent_flow || bracketed,
            bracketed,
            start: collection_start,
            anchor_id,
            properties,
        });
        if anchor_id > 0 {
            self.anchors.insert(anchor_id, None);
        }
        self.cursor = if bracketed {
            opener_at + 1
        } else {
            collection_start
        };
        Ok(())
    }

    fn close(&mut self, start: usize, end: usize) -> Result<(), YamlError> {
        let Some(frame) = self.stack.pop() else {
            return Err(internal("a collection ended that did not start", end));
        };
        let mapping = matches!(frame.kind, FrameKind::Mapping { .. });
        let (children, last_end) = match frame.kind {
            FrameKind::Mapping { start, key } => {
                // Collected on one shared stack, moved out at the exact size: no growth by
                // doubling per collection, no spare room kept.
                let entries: Box<[Entry]> = self.entries.drain(start..).collect();
                if key.is_some() {
                    return Err(internal("a mapping ended between a key and its value", end));
                }
                let last = entries.last().map(|entry| entry.value.range().end);
                (Children::Entries(entries), last)
            }
            FrameKind::Sequence { start } => {
                let items: Box<[Node]> = self.items.drain(start..).collect();
                let last = items.last().map(|item| item.range().end);
                (Children::Items(items), last)
            }
        };
        let content_end = last_end.unwrap_or(frame.start).max(frame.start);
        let closer = if mapping { b'}' } else { b']' };
        // saphyr's span of a closing bracket can be that of a trailing comma, or run on over
        // blanks and a comment, so the bracket is found from the last entry.
        let range_end = if frame.bracketed {
            let from = last_end.unwrap_or(frame.start + 1);
            source::flow_closer_end(self.text, from, closer)
                .or_else(|| (self.text.as_bytes().get(start) == Some(&closer)).then_some(start + 1))
                .unwrap_or(content_end)
                .max(frame.start)
        } else {
            content_end
        };
        let range = frame.start..range_end;
        let node = match children {
            Children::Entries(entries) => {
                Node::mapping(entries, frame.flow, range, frame.properties)
            }
            Children::Items(items) => Node::sequence(items, frame.flow, range, frame.properties),
        };
        if frame.anchor_id > 0 {
            self.anchors.insert(frame.anchor_id, Some(node.range()));
        }
        self.cursor = self.cursor.max(range_end);
        self.attach(node, end)
    }

    fn attach(&mut self, node: Node, at: usize) -> Result<(), YamlError> {
        match self.stack.last_mut() {
            Some(Frame {
                kind: FrameKind::Mapping { key, .. },
                ..
            }) => match key.take() {
                None => *key = Some(node),
                Some(key) => self.entries.push(Entry { key, value: node }),
            },
            Some(Frame {
                kind: FrameKind::Sequence { .. },
                ..
            }) => self.items.push(node),
            None => match self.document.as_mut() {
                Some(document) if document.root.is_none() => document.root = Some(node),
                _ => return Err(internal("a node outside a document", at)),
            },
        }
        Ok(())
    }
}

#[cfg(test)]
mod printable_tests {
    #[test]
    fn finds_the_first_unprintable_character() {
        use super::first_unprintable;
        assert_eq!(first_unprintable("a: é\r\n\tb: 🎉\n"), None);
        assert_eq!(first_unprintable("a: x\u{7f}"), Some((4, '\u{7f}')));
        assert_eq!(first_unprintable("é\u{1}"), Some((2, '\u{1}')));
        // Every byte position of a word, every ASCII byte.
        for at in 0..17 {
            for b in 0u8..0x80 {
                let mut text = "k: v\tw\r\n z".repeat(3)[..at].to_string();
                text.push(char::from(b));
                text.push_str("abcdefgh\n");
                let printable = matches!(b, b'\t' | b'\n' | b'\r' | b' '..=b'~');
                let want = (!printable).then_some((at, char::from(b)));
                assert_eq!(first_unprintable(&text), want, "byte {b:#04x} at {at}");
            }
        }
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = format!("ab{c}");
            let want = (!super::is_printable(c)).then_some((2, c));
            assert_eq!(first_unprintable(&text), want, "U+{:04X}", c as u32);
        }
    }
}
