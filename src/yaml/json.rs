//! Decoding located nodes to JSON values, expanding aliases and merge keys within limits.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::Range;

use serde_json::{Map, Number, Value};

use super::error::{YamlError, YamlErrorKind};
use super::limits::Limits;
use super::node::{Document, Entry, Node, NodeKind, Stream};
use super::typing::{self, Typed, Typing};

/// Decodes the nodes of one document, sharing an alias-expansion budget.
struct Decoder<'a, 'c> {
    typing: Typing,
    limits: &'c Limits,
    /// The root of the document, whose anchors aliases refer to.
    root: &'a Node,
    /// Anchored nodes by (range, name), the key an alias's target gives: gathered at the
    /// first alias, so that a document without aliases is never walked for them (and shared
    /// by every decoding of the same document that is given the same cell).
    anchors: &'c OnceCell<Anchors<'a>>,
    /// Nodes produced so far by expanding aliases.
    expanded: &'c mut usize,
    /// Whether values are built; when not, the document is only checked (every error found,
    /// nothing allocated for it).
    build: bool,
}

fn value_error(message: String, node: &Node) -> YamlError {
    YamlError::new(YamlErrorKind::Value, message, node.range())
}

/// Anchored nodes by the key an alias's target gives.
pub(super) type Anchors<'a> = HashMap<(Range<usize>, &'a str), &'a Node>;

/// Every anchored node of `root`, by the key an alias's target gives.
pub(super) fn anchors_of(root: &Node) -> Anchors<'_> {
    let mut anchors = HashMap::new();
    // Walked without listing the nodes, and without reading any scalar's text.
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if let Some(name) = node.anchor() {
            anchors.insert((node.range(), name), node);
        }
        if let Some(entries) = node.entries() {
            stack.extend(entries.iter().flat_map(|entry| [&entry.key, &entry.value]));
        } else if let Some(items) = node.items() {
            stack.extend(items.iter());
        }
    }
    anchors
}

impl<'a> Decoder<'a, '_> {
    /// The node an alias refers to, counted against the expansion budget.
    fn target(&mut self, alias: &'a Node) -> Result<&'a Node, YamlError> {
        let NodeKind::Alias(found) = alias.kind() else {
            return Ok(alias);
        };
        let (name, target) = (&found.name, &found.target);
        let root = self.root;
        let anchors = self.anchors.get_or_init(|| anchors_of(root));
        target
            .as_ref()
            .and_then(|range| anchors.get(&(range.clone(), name.as_str())).copied())
            .ok_or_else(|| {
                YamlError::new(
                    YamlErrorKind::Syntax,
                    format!("alias *{name} refers to no anchor"),
                    alias.range(),
                )
            })
    }

    fn count(&mut self, node: &Node, in_alias: bool) -> Result<(), YamlError> {
        if in_alias {
            *self.expanded += 1;
            if *self.expanded > self.limits.max_alias_nodes {
                return Err(YamlError::new(
                    YamlErrorKind::TooManyAliasNodes,
                    format!(
                        "aliases expand to more than {} nodes",
                        self.limits.max_alias_nodes
                    ),
                    node.range(),
                ));
            }
        }
        Ok(())
    }

    fn deeper(&self, node: &Node, depth: usize) -> Result<usize, YamlError> {
        if depth >= self.limits.max_depth {
            return Err(YamlError::new(
                YamlErrorKind::TooDeep,
                format!(
                    "the value nests deeper than the limit of {} once aliases are expanded",
                    self.limits.max_depth
                ),
                node.range(),
            ));
        }
        Ok(depth + 1)
    }

    fn value(&mut self, node: &'a Node, depth: usize, in_alias: bool) -> Result<Value, YamlError> {
        self.count(node, in_alias)?;
        match node.kind() {
            NodeKind::Alias(_) => {
                let target = self.target(node)?;
                self.value(target, depth, true)
            }
            NodeKind::Scalar { text, style } => {
                let typed = typing::type_scalar(text, style, node.tag(), self.typing)
                    .map_err(|message| value_error(message, node))?;
                match typed {
                    Typed::Str(_) if !self.build => Ok(Value::Null),
                    typed => to_json(typed, node),
                }
            }
            NodeKind::Sequence { items, .. } => {
                let depth = self.deeper(node, depth)?;
                // A check builds nothing: no room is made.
                let mut values = Vec::with_capacity(if self.build { items.len() } else { 0 });
                for item in items {
                    let value = self.value(item, depth, in_alias)?;
                    if self.build {
                        values.push(value);
                    }
                }
                Ok(Value::Array(values))
            }
            NodeKind::Mapping { entries, .. } => {
                let depth = self.deeper(node, depth)?;
                let mut map = Map::with_capacity(if self.build { entries.len() } else { 0 });
                self.entries(entries, &mut map, depth, in_alias)?;
                Ok(Value::Object(map))
            }
        }
    }

    fn entries(
        &mut self,
        entries: &'a [Entry],
        map: &mut Map<String, Value>,
        depth: usize,
        in_alias: bool,
    ) -> Result<(), YamlError> {
        for entry in entries {
            if self.typing == Typing::Helm && entry.is_merge_key() {
                self.merge(&entry.value, map, depth, in_alias)?;
                continue;
            }
            let key = self.key(&entry.key, in_alias)?;
            let value = self.value(&entry.value, depth, in_alias)?;
            // As in Helm (and go-yaml v2 without strict mode), a repeated key keeps the last value.
            if self.build {
                map.insert(key.into_owned(), value);
            }
        }
        Ok(())
    }

    /// go-yaml v2 `decoder.merge`: a mapping, an alias of one, or a sequence of those (last first).
    fn merge(
        &mut self,
        value: &'a Node,
        map: &mut Map<String, Value>,
        depth: usize,
        in_alias: bool,
    ) -> Result<(), YamlError> {
        let wrong = |node: &Node| {
            YamlError::new(
                YamlErrorKind::Merge,
                "map merge requires map or sequence of maps as the value",
                node.range(),
            )
        };
        let (node, in_alias) = self.resolve(value, in_alias)?;
        match node.kind() {
            NodeKind::Mapping { entries, .. } => self.entries(entries, map, depth, in_alias),
            NodeKind::Sequence { items, .. } if !value.is_alias() => {
                for item in items.iter().rev() {
                    let (item_node, item_alias) = self.resolve(item, in_alias)?;
                    let NodeKind::Mapping { entries, .. } = item_node.kind() else {
                        return Err(wrong(item));
                    };
                    self.entries(entries, map, depth, item_alias)?;
                }
                Ok(())
            }
            _ => Err(wrong(value)),
        }
    }

    /// The node itself, or the target of an alias (counted as an expansion).
    fn resolve(&mut self, node: &'a Node, in_alias: bool) -> Result<(&'a Node, bool), YamlError> {
        if node.is_alias() {
            self.count(node, in_alias)?;
            Ok((self.target(node)?, true))
        } else {
            Ok((node, in_alias))
        }
    }

    fn key(&mut self, key: &'a Node, in_alias: bool) -> Result<Cow<'a, str>, YamlError> {
        self.count(key, in_alias)?;
        let (node, _) = self.resolve(key, in_alias)?;
        let NodeKind::Scalar { text, style } = node.kind() else {
            return Err(YamlError::new(
                YamlErrorKind::Key,
                "a mapping or sequence used as a mapping key cannot become a JSON object key",
                key.range(),
            ));
        };
        let typed = typing::type_scalar(text, style, node.tag(), self.typing)
            .map_err(|message| value_error(message, key))?;
        typing::key_from_typed(typed, self.typing)
            .map_err(|message| YamlError::new(YamlErrorKind::Key, message, key.range()))
    }
}

fn to_json(typed: Typed<'_>, node: &Node) -> Result<Value, YamlError> {
    Ok(match typed {
        Typed::Null => Value::Null,
        Typed::Bool(value) => Value::Bool(value),
        Typed::Int(value) => Value::Number(value.into()),
        Typed::Uint(value) => Value::Number(value.into()),
        Typed::Str(text) => Value::String(text.into_owned()),
        Typed::Float(value) | Typed::BigInt(value) => match Number::from_f64(value) {
            Some(number) => Value::Number(number),
            None => {
                return Err(value_error(
                    format!(
                        "{} is not a finite number, which JSON cannot hold",
                        node.scalar_text().unwrap_or_default()
                    ),
                    node,
                ));
            }
        },
    })
}

impl Node {
    /// This node (which belongs to `document`) as a JSON value under `typing`.
    pub fn to_json(
        &self,
        document: &Document,
        typing: Typing,
        limits: &Limits,
    ) -> Result<Value, YamlError> {
        self.to_json_in(document, typing, limits, &OnceCell::new())
    }

    /// [`Node::to_json`] with the document's anchors gathered in `anchors` (once, for every
    /// node decoded with the same cell).
    pub(super) fn to_json_in<'a>(
        &'a self,
        document: &'a Document,
        typing: Typing,
        limits: &Limits,
        anchors: &OnceCell<Anchors<'a>>,
    ) -> Result<Value, YamlError> {
        let mut expanded = 0;
        let mut decoder = Decoder {
            typing,
            limits,
            root: &document.root,
            anchors,
            expanded: &mut expanded,
            build: true,
        };
        decoder.value(self, 0, false)
    }
}

impl Document {
    /// The document's root as a JSON value under `typing`.
    pub fn to_json(&self, typing: Typing, limits: &Limits) -> Result<Value, YamlError> {
        self.root.to_json(self, typing, limits)
    }
}

impl Stream {
    /// Every document as a JSON value under `typing`; aliases share one expansion budget.
    pub fn to_json(&self, typing: Typing, limits: &Limits) -> Result<Vec<Value>, YamlError> {
        let mut values = Vec::with_capacity(self.documents.len());
        self.decode(typing, limits, true, |value| values.push(value))?;
        Ok(values)
    }

    /// Whether every document decodes as [`Stream::to_json`] decodes it (the same error when
    /// not), without building the values; the nodes aliases expanded to.
    pub fn check_json(&self, typing: Typing, limits: &Limits) -> Result<usize, YamlError> {
        self.decode(typing, limits, false, drop)
    }

    /// Decodes every document in turn, handing each value to `each`; the nodes aliases expanded to.
    fn decode(
        &self,
        typing: Typing,
        limits: &Limits,
        build: bool,
        mut each: impl FnMut(Value),
    ) -> Result<usize, YamlError> {
        if let Some(error) = self.refused_by(typing) {
            return Err(error.clone());
        }
        let mut expanded = 0;
        for document in &self.documents {
            let anchors = OnceCell::new();
            let mut decoder = Decoder {
                typing,
                limits,
                root: &document.root,
                anchors: &anchors,
                expanded: &mut expanded,
                build,
            };
            each(decoder.value(&document.root, 0, false)?);
        }
        Ok(expanded)
    }
}
