//! Values the schema itself dictates at a path, and the properties it declares there.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::compile::Draft;
use super::message::quote;
use super::walk::{Node, Walker};
use crate::path::ValuePath;

/// Where a schema-derived value comes from.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A `default`.
    Default,
    /// A `const`.
    Const,
    /// The only member of an `enum`.
    Enum,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Default => "default",
            Source::Const => "const",
            Source::Enum => "enum",
        })
    }
}

/// The `default`s, `const`s and `enum` members the schema names at one path, from every
/// subschema that applies there (every `anyOf`/`oneOf` branch included), without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Derived {
    /// The `default` values.
    pub defaults: Vec<Value>,
    /// The `const` values.
    pub consts: Vec<Value>,
    /// The `enum` members.
    pub enums: Vec<Value>,
}

/// Why no single value can be derived: the schema names none, or more than one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NoSingle {
    None,
    Several(Vec<Value>),
}

impl Derived {
    /// The one value the schema dictates: exactly one distinct candidate among the defaults,
    /// the consts and the member of a single-member enum, with where it comes from.
    pub fn single(&self) -> Option<(Value, Source)> {
        self.decide().ok()
    }

    pub(crate) fn decide(&self) -> Result<(Value, Source), NoSingle> {
        let mut candidates: Vec<(Value, Source)> = Vec::new();
        let mut add = |value: &Value, source: Source| {
            if !candidates.iter().any(|(v, _)| v == value) {
                candidates.push((value.clone(), source));
            }
        };
        self.consts.iter().for_each(|v| add(v, Source::Const));
        self.defaults.iter().for_each(|v| add(v, Source::Default));
        if let [only] = self.enums.as_slice() {
            add(only, Source::Enum);
        }
        match candidates.len() {
            0 => Err(NoSingle::None),
            1 => Ok(candidates.remove(0)),
            _ => Err(NoSingle::Several(
                candidates.into_iter().map(|(v, _)| v).collect(),
            )),
        }
    }
}

/// How a property is declared.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PropertyKind {
    /// Under `properties`, by name.
    Named,
    /// Under `patternProperties`; the name is the pattern.
    Pattern,
    /// The `additionalProperties` schema, for any other key; the name is `*`.
    Additional,
}

/// One property the schema declares at a path, summarised for a reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PropertyInfo {
    /// The key (or pattern, or `*`).
    pub name: String,
    /// How it is declared.
    pub kind: PropertyKind,
    /// Its allowed JSON types; empty when the schema does not say.
    pub types: Vec<String>,
    /// Its first `default`, if any.
    pub default: Option<Value>,
    /// Its `enum` members.
    #[serde(rename = "enum")]
    pub enum_values: Vec<Value>,
    /// Its `const`, if any.
    #[serde(rename = "const")]
    pub constant: Option<Value>,
    /// Whether the mapping must have it.
    pub required: bool,
    /// The first line of its `description` or `title`.
    pub description: Option<String>,
}

impl fmt::Display for PropertyInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PropertyKind::Named => f.write_str(&self.name)?,
            PropertyKind::Pattern => write!(f, "<keys matching /{}/>", self.name)?,
            PropertyKind::Additional => f.write_str("<any other key>")?,
        }
        let mut parts = Vec::new();
        if !self.types.is_empty() {
            parts.push(self.types.join(" or "));
        }
        if self.required {
            parts.push("required".to_string());
        }
        if let Some(constant) = &self.constant {
            parts.push(format!("const {}", quote(constant)));
        }
        if !self.enum_values.is_empty() {
            let members: Vec<String> = self.enum_values.iter().map(quote).collect();
            parts.push(format!("one of {}", members.join(", ")));
        }
        if let Some(default) = &self.default {
            parts.push(format!("default {}", quote(default)));
        }
        if !parts.is_empty() {
            write!(f, " ({})", parts.join("; "))?;
        }
        if let Some(description) = &self.description {
            write!(f, ": {description}")?;
        }
        Ok(())
    }
}

fn push_unique(into: &mut Vec<Value>, value: &Value) {
    if !into.contains(value) {
        into.push(value.clone());
    }
}

/// What `nodes` (all applying at one place) name as default, const and enum members.
pub(crate) fn derived_of(nodes: &[Node<'_>]) -> Derived {
    let mut derived = Derived::default();
    for node in nodes {
        if let Some(default) = node.get("default") {
            push_unique(&mut derived.defaults, default);
        }
        if let Some(constant) = node.get("const") {
            push_unique(&mut derived.consts, constant);
        }
        if let Some(Value::Array(members)) = node.get("enum") {
            members
                .iter()
                .for_each(|m| push_unique(&mut derived.enums, m));
        }
    }
    derived
}

/// The JSON types `nodes` allow, in first-seen order; empty when none says.
pub(crate) fn types_of(nodes: &[Node<'_>]) -> Vec<String> {
    let mut types: Vec<String> = Vec::new();
    for node in nodes {
        let named: Vec<&str> = match node.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => continue,
        };
        for t in named {
            if !types.iter().any(|seen| seen == t) {
                types.push(t.to_string());
            }
        }
    }
    types
}

/// Whether values matching `nodes` must be mappings (their type, or `properties`/`required` with no type).
pub(crate) fn is_object_schema(nodes: &[Node<'_>]) -> bool {
    let types = types_of(nodes);
    if !types.is_empty() {
        return types.iter().any(|t| t == "object");
    }
    nodes
        .iter()
        .any(|n| n.get("properties").is_some() || n.get("required").is_some())
}

/// Whether an unconditional subschema among `nodes` rejects keys it does not declare.
pub(crate) fn is_closed(nodes: &[Node<'_>]) -> bool {
    nodes.iter().filter(|n| !n.conditional).any(|n| {
        n.get("additionalProperties") == Some(&Value::Bool(false))
            || n.get("unevaluatedProperties") == Some(&Value::Bool(false))
    })
}

/// The keys an unconditional subschema among `nodes` requires.
pub(crate) fn required_of(nodes: &[Node<'_>]) -> Vec<String> {
    let mut required: Vec<String> = Vec::new();
    for node in nodes.iter().filter(|n| !n.conditional) {
        if let Some(Value::Array(names)) = node.get("required") {
            for name in names.iter().filter_map(Value::as_str) {
                if !required.iter().any(|r| r == name) {
                    required.push(name.to_string());
                }
            }
        }
    }
    required
}

fn description_of(nodes: &[Node<'_>]) -> Option<String> {
    nodes.iter().find_map(|n| {
        let text = n.get("description").or_else(|| n.get("title"))?.as_str()?;
        let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        Some(line.to_string())
    })
}

impl Schema {
    /// The defaults, consts and enum members this schema names for the value at `path`.
    pub fn derived_values(&self, path: &ValuePath) -> Derived {
        derived_of(&Walker::new(self).at(path.segments()))
    }

    /// Whether this schema rejects keys it does not declare in the mapping at `path`.
    pub fn is_closed_at(&self, path: &ValuePath) -> bool {
        is_closed(&Walker::new(self).at(path.segments()))
    }

    /// The properties this schema declares for the mapping at `path`, in declaration order.
    pub fn properties_at(&self, path: &ValuePath) -> Vec<PropertyInfo> {
        let walker = Walker::new(self);
        let nodes = walker.at(path.segments());
        let required = required_of(&nodes);
        // Before 2019-09 a `$ref` replaces its siblings, so their properties declare nothing.
        let declaring: Vec<&Node<'_>> = nodes
            .iter()
            .filter(|n| !(n.draft <= Draft::Draft7 && n.get("$ref").is_some()))
            .collect();
        let mut out: Vec<PropertyInfo> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let summarise = |name: String, kind: PropertyKind, children: Vec<Node<'_>>| {
            let derived = derived_of(&children);
            PropertyInfo {
                required: kind == PropertyKind::Named && required.contains(&name),
                name,
                kind,
                types: types_of(&children),
                default: derived.defaults.first().cloned(),
                enum_values: derived.enums,
                constant: derived.consts.first().cloned(),
                description: description_of(&children),
            }
        };
        for node in &declaring {
            if let Some(Value::Object(properties)) = node.get("properties") {
                for name in properties.keys() {
                    if seen.insert((PropertyKind::Named, name.clone())) {
                        let children = walker.at(path.key(name.clone()).segments());
                        out.push(summarise(name.clone(), PropertyKind::Named, children));
                    }
                }
            }
        }
        for node in &declaring {
            if let Some(Value::Object(patterns)) = node.get("patternProperties") {
                for (pattern, schema) in patterns {
                    if seen.insert((PropertyKind::Pattern, pattern.clone())) {
                        let children = walker.close(vec![walker.enter(schema, node, false)]);
                        out.push(summarise(pattern.clone(), PropertyKind::Pattern, children));
                    }
                }
            }
            if let Some(schema @ Value::Object(_)) = node.get("additionalProperties") {
                if seen.insert((PropertyKind::Additional, String::new())) {
                    let children = walker.close(vec![walker.enter(schema, node, false)]);
                    out.push(summarise(
                        "*".to_string(),
                        PropertyKind::Additional,
                        children,
                    ));
                }
            }
        }
        for name in required.iter().cloned() {
            if !seen.contains(&(PropertyKind::Named, name.clone())) {
                let children = walker.at(path.key(name.clone()).segments());
                out.push(summarise(name, PropertyKind::Named, children));
            }
        }
        out
    }
}
