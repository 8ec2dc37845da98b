//! What changed from the base schema to the target schema, key by key.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::compile::Draft;
use super::derive::{is_closed, is_object_schema, required_of, types_of};
use super::message::quote;
use super::walk::{Node, Walker};

/// One step of a schema shape path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// A declared property.
    Key(String),
    /// Any key matching a `patternProperties` pattern.
    Pattern(String),
    /// Any other key, by the `additionalProperties` schema.
    Additional,
    /// Every item of a list.
    Items,
    /// One positional item of a list.
    Item(usize),
}

/// A path through a schema's shape: `ports.<name>.tls`, `components.*.env[*].name`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct ShapePath(Vec<Step>);

impl ShapePath {
    fn child(&self, step: Step) -> ShapePath {
        let mut steps = self.0.clone();
        steps.push(step);
        ShapePath(steps)
    }

    fn parent(&self) -> Option<ShapePath> {
        self.0
            .split_last()
            .map(|(_, rest)| ShapePath(rest.to_vec()))
    }

    fn starts_with(&self, other: &ShapePath) -> bool {
        self.0.starts_with(&other.0)
    }
}

fn match_all(pattern: &str) -> bool {
    matches!(pattern, "" | ".*" | "^.*$" | ".+" | "^.+$" | "^.*" | ".*$")
}

impl fmt::Display for ShapePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, step) in self.0.iter().enumerate() {
            let dot = if n > 0 { "." } else { "" };
            match step {
                Step::Key(key) => {
                    let printed = crate::path::ValuePath::root().key(key.clone()).to_string();
                    if printed.starts_with('[') {
                        f.write_str(&printed)?;
                    } else {
                        write!(f, "{dot}{printed}")?;
                    }
                }
                Step::Pattern(p) if match_all(p) => write!(f, "{dot}*")?,
                Step::Pattern(p) => write!(f, "{dot}<{p}>")?,
                Step::Additional => write!(f, "{dot}<name>")?,
                Step::Items => f.write_str("[*]")?,
                Step::Item(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

/// What a schema says at one shape path.
#[derive(Clone, Debug, Default)]
struct Facts {
    types: Vec<String>,
    enums: Option<Vec<Value>>,
    required: Vec<String>,
    closed: bool,
    object: bool,
    children: Vec<Step>,
}

/// A schema flattened to its shape paths, in declaration order.
struct Shape {
    order: Vec<ShapePath>,
    facts: HashMap<ShapePath, Facts>,
}

/// Deeper than any real values tree; recursive schemas stop here.
const MAX_DEPTH: usize = 24;

impl Shape {
    fn of(schema: &Schema) -> Shape {
        let walker = Walker::new(schema);
        let mut shape = Shape {
            order: Vec::new(),
            facts: HashMap::new(),
        };
        let root = walker.close(vec![walker.root()]);
        let mut ancestors = Vec::new();
        shape.visit(&walker, root, ShapePath::default(), &mut ancestors);
        shape
    }

    /// Records the facts at `path`, then visits each child once, stopping at `MAX_DEPTH` or where
    /// the schemas repeat an ancestor's.
    fn visit<'s>(
        &mut self,
        walker: &Walker<'s>,
        nodes: Vec<Node<'s>>,
        path: ShapePath,
        ancestors: &mut Vec<Vec<usize>>,
    ) {
        if self.facts.contains_key(&path) {
            return;
        }
        let enums = merged_enums(&nodes);
        let children = children_of(walker, &nodes);
        self.order.push(path.clone());
        self.facts.insert(
            path.clone(),
            Facts {
                types: types_of(&nodes),
                enums,
                required: required_of(&nodes),
                closed: is_closed(&nodes),
                object: is_object_schema(&nodes),
                children: children.iter().map(|(s, _)| s.clone()).collect(),
            },
        );
        let ids = crate::order::set(nodes.iter().map(|n| std::ptr::from_ref(n.value) as usize));
        if ancestors.len() >= MAX_DEPTH || ancestors.contains(&ids) {
            return;
        }
        ancestors.push(ids);
        for (step, list) in children {
            let closed = walker.close(list);
            self.visit(walker, closed, path.child(step), ancestors);
        }
        ancestors.pop();
    }

    /// Whether every key on `path` is required by its parent, so the mapping always exists.
    fn required_from_root(&self, path: &ShapePath) -> bool {
        (1..=path.0.len()).all(|n| {
            let parent = ShapePath(path.0[..n - 1].to_vec());
            match (&path.0[n - 1], self.facts.get(&parent)) {
                (Step::Key(key), Some(facts)) => facts.required.contains(key),
                _ => false,
            }
        })
    }

    fn descendants(&self, path: &ShapePath) -> usize {
        self.order
            .iter()
            .filter(|p| p.0.len() > path.0.len() && p.starts_with(path))
            .count()
    }
}

/// The members of every `enum` among `nodes`, each once, in the order first written; `None`
/// when no node has an enum.
fn merged_enums(nodes: &[Node<'_>]) -> Option<Vec<Value>> {
    let mut enums: Option<Vec<Value>> = None;
    for node in nodes {
        if let Some(Value::Array(members)) = node.get("enum") {
            let all = enums.get_or_insert_with(Vec::new);
            for m in members {
                if !all.contains(m) {
                    all.push(m.clone());
                }
            }
        }
    }
    enums
}

/// The steps below `nodes` (properties, pattern and additional properties, positional and
/// other items), each with the schemas that describe it, in declaration order.
fn children_of<'s>(walker: &Walker<'s>, nodes: &[Node<'s>]) -> Vec<(Step, Vec<Node<'s>>)> {
    let mut children: Vec<(Step, Vec<Node<'s>>)> = Vec::new();
    let mut add = |step: Step, node: Node<'s>| match children.iter_mut().find(|(s, _)| *s == step) {
        Some((_, list)) => list.push(node),
        None => children.push((step, vec![node])),
    };
    for node in nodes {
        let Some(object) = node.value.as_object() else {
            continue;
        };
        let draft = node.draft;
        if draft <= Draft::Draft7 && object.contains_key("$ref") {
            continue;
        }
        if let Some(Value::Object(properties)) = object.get("properties") {
            for (name, s) in properties {
                add(Step::Key(name.clone()), walker.enter(s, node, false));
            }
        }
        if let Some(Value::Object(patterns)) = object.get("patternProperties") {
            for (p, s) in patterns {
                add(Step::Pattern(p.clone()), walker.enter(s, node, false));
            }
        }
        if let Some(s @ Value::Object(_)) = object.get("additionalProperties") {
            add(Step::Additional, walker.enter(s, node, false));
        }
        let positional = if draft >= Draft::Draft202012 {
            object.get("prefixItems")
        } else {
            object.get("items")
        };
        if let Some(Value::Array(items)) = positional {
            for (i, s) in items.iter().enumerate() {
                add(Step::Item(i), walker.enter(s, node, false));
            }
        }
        let rest = match object.get("items") {
            Some(s @ Value::Object(_)) => Some(s),
            _ if draft < Draft::Draft202012 => {
                object.get("additionalItems").filter(|s| s.is_object())
            }
            _ => None,
        };
        if let Some(s) = rest {
            add(Step::Items, walker.enter(s, node, false));
        }
    }
    children
}

/// What kind of change one entry records.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ChangeKind {
    /// The base declares the key; the target does not.
    #[serde(rename_all = "camelCase")]
    Removed {
        /// Whether the target refuses the key (its parent is closed), rather than just not declaring it.
        rejected: bool,
        /// How many declared paths the base has below it.
        below: usize,
    },
    /// The target declares a key the base does not.
    #[serde(rename_all = "camelCase")]
    Added {
        /// How many declared paths the target has below it.
        below: usize,
    },
    /// The target requires a key the base did not.
    NewlyRequired,
    /// The allowed JSON types changed.
    TypeChanged {
        /// The base's types.
        from: Vec<String>,
        /// The target's types.
        to: Vec<String>,
    },
    /// The target's `enum` allows less than the base did.
    EnumNarrowed {
        /// Members the base allowed and the target does not (all values, when the base had no enum).
        #[cfg_attr(feature = "types", ts(type = "unknown[]"))]
        removed: Vec<Value>,
        /// The target's members.
        #[cfg_attr(feature = "types", ts(type = "unknown[]"))]
        allowed: Vec<Value>,
    },
    /// The mapping now rejects keys it does not declare (`additionalProperties: false`).
    Closed,
}

/// One change between the base and the target schema.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// The shape path: `<name>` for every key of an `additionalProperties` map, `*` for a
    /// `patternProperties` map, `[*]` for list items.
    pub path: String,
    /// What changed.
    #[serde(flatten)]
    pub kind: ChangeKind,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "(root)"
        } else {
            &self.path
        };
        write!(f, "`{path}`: ")?;
        match &self.kind {
            ChangeKind::Removed { rejected, below } => {
                f.write_str("removed")?;
                if *below > 0 {
                    write!(f, " (with {below} declared paths below it)")?;
                }
                if *rejected {
                    f.write_str("; the target schema rejects it")
                } else {
                    f.write_str("; the target schema no longer declares it but still accepts it")
                }
            }
            ChangeKind::Added { below } if *below > 0 => {
                write!(f, "added (with {below} declared paths below it)")
            }
            ChangeKind::Added { .. } => f.write_str("added"),
            ChangeKind::NewlyRequired => f.write_str("newly required"),
            ChangeKind::TypeChanged { from, to } => {
                write!(
                    f,
                    "type changed from {} to {}",
                    from.join(" or "),
                    to.join(" or ")
                )
            }
            ChangeKind::EnumNarrowed { removed, allowed } => {
                let list = |vs: &[Value]| vs.iter().map(quote).collect::<Vec<_>>().join(", ");
                if removed.is_empty() {
                    write!(f, "now restricted to {}", list(allowed))
                } else {
                    write!(
                        f,
                        "enum narrowed: no longer allows {}; allows {}",
                        list(removed),
                        list(allowed)
                    )
                }
            }
            ChangeKind::Closed => f.write_str("closed: keys it does not declare are now rejected"),
        }
    }
}

/// Every change from `base` to `target`, removals first, in declaration order within a kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Changelog {
    /// The changes.
    pub changes: Vec<Change>,
}

impl Changelog {
    /// The changes recorded at `path` (a shape path as printed).
    pub fn at<'a>(&'a self, path: &'a str) -> impl Iterator<Item = &'a Change> + 'a {
        self.changes.iter().filter(move |c| c.path == path)
    }

    /// Whether the schemas declare the same shape.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }
}

impl fmt::Display for Changelog {
    /// Markdown: one bullet per change.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.changes.is_empty() {
            return writeln!(f, "No schema changes.");
        }
        for change in &self.changes {
            writeln!(f, "- {change}")?;
        }
        Ok(())
    }
}

fn rank(kind: &ChangeKind) -> u8 {
    match kind {
        ChangeKind::Removed { .. } => 0,
        ChangeKind::Added { .. } => 1,
        ChangeKind::TypeChanged { .. } => 2,
        ChangeKind::EnumNarrowed { .. } => 3,
        ChangeKind::Closed => 4,
        ChangeKind::NewlyRequired => 5,
    }
}

/// Whether the target mapping at `parent` refuses a child reached by `step`.
fn refuses(target: &Schema, parent: &Facts, step: &Step) -> bool {
    if !parent.closed || parent.children.contains(&Step::Additional) {
        return false;
    }
    match step {
        Step::Key(key) => !parent.children.iter().any(|s| match s {
            Step::Pattern(p) => target.matches(p, key),
            _ => false,
        }),
        Step::Pattern(_) | Step::Additional => true,
        Step::Items | Step::Item(_) => false,
    }
}

/// The changes from `base` to `target`: keys removed, added and newly required, types changed,
/// enums narrowed and mappings closed.
pub fn changelog(base: &Schema, target: &Schema) -> Changelog {
    let before = Shape::of(base);
    let after = Shape::of(target);
    let mut changes = removals(&before, &after, target);
    for path in &after.order {
        let Some(now) = after.facts.get(path) else {
            continue;
        };
        let was = before.facts.get(path);
        match was {
            None => {
                if path.parent().is_some_and(|p| before.facts.contains_key(&p)) {
                    changes.push(Change {
                        path: path.to_string(),
                        kind: ChangeKind::Added {
                            below: after.descendants(path),
                        },
                    });
                }
            }
            Some(was) => changes.extend(fact_changes(path, was, now)),
        }
        changes.extend(newly_required(&after, path, was, now));
    }
    crate::order::by_key(&mut changes, |c| rank(&c.kind));
    Changelog { changes }
}

/// The topmost paths `before` declares and `after` does not, each with its subtree counted.
fn removals(before: &Shape, after: &Shape, target: &Schema) -> Vec<Change> {
    let mut changes = Vec::new();
    for path in &before.order {
        if after.facts.contains_key(path) {
            continue;
        }
        let Some(parent) = path.parent() else {
            continue;
        };
        // Only the topmost removed path is recorded; its subtree is counted.
        let Some(target_parent) = after.facts.get(&parent) else {
            continue;
        };
        let rejected = path
            .0
            .last()
            .is_some_and(|step| refuses(target, target_parent, step));
        changes.push(Change {
            path: path.to_string(),
            kind: ChangeKind::Removed {
                rejected,
                below: before.descendants(path),
            },
        });
    }
    changes
}

/// What changed at a path both schemas declare: its types, its enum, whether it is closed.
fn fact_changes(path: &ShapePath, was: &Facts, now: &Facts) -> Vec<Change> {
    let mut changes = Vec::new();
    if !was.types.is_empty()
        && !now.types.is_empty()
        && crate::order::set(&was.types) != crate::order::set(&now.types)
    {
        changes.push(Change {
            path: path.to_string(),
            kind: ChangeKind::TypeChanged {
                from: was.types.clone(),
                to: now.types.clone(),
            },
        });
    }
    if let Some(allowed) = &now.enums {
        let removed: Vec<Value> = match &was.enums {
            Some(old) => old
                .iter()
                .filter(|v| !allowed.contains(v))
                .cloned()
                .collect(),
            None => Vec::new(),
        };
        if was.enums.is_none() || !removed.is_empty() {
            changes.push(Change {
                path: path.to_string(),
                kind: ChangeKind::EnumNarrowed {
                    removed,
                    allowed: allowed.clone(),
                },
            });
        }
    }
    if now.closed && !was.closed && (now.object || was.object) {
        changes.push(Change {
            path: path.to_string(),
            kind: ChangeKind::Closed,
        });
    }
    changes
}

/// The keys the target requires at `path` that the base did not, as changes at their own paths.
fn newly_required(
    after: &Shape,
    path: &ShapePath,
    was: Option<&Facts>,
    now: &Facts,
) -> Vec<Change> {
    // A requirement inside a new, optional mapping is that mapping's business, not a change
    // the values must answer; inside an existing mapping, or on a chain of required keys
    // from the root, it is.
    if was.is_none() && !after.required_from_root(path) {
        return Vec::new();
    }
    let required_before = was.map(|w| w.required.as_slice()).unwrap_or_default();
    now.required
        .iter()
        .filter(|key| !required_before.contains(key))
        .map(|key| Change {
            path: path.child(Step::Key(key.clone())).to_string(),
            kind: ChangeKind::NewlyRequired,
        })
        .collect()
}
