//! From a schema document to [`Node`]s: each keyword compiled once, a schema's keywords in the
//! order santhosh-tekuri evaluates them (which is the order Helm reports their errors in).

use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::{Map, Value};

use super::Draft;
use super::error::{JsonType, TypeKind, TypeSet};
use super::format::Format;
use super::literals::Written;
use super::nodes::{Body, Bound, Check, Count, Expected, Keyword, Node, NodeId, Pattern};
use super::number::{Limit, Multiple};
use super::refs::{Place, Registry, Unresolved, base_of, escape};

/// Why a schema could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// A keyword's value is not what the draft allows (message, JSON pointer of the value).
    Invalid(String, String),
    /// A `$ref` names another document (its URL).
    Remote(String),
    /// A `$ref` points at nothing in this document (message, pointer of the `$ref`).
    Unresolvable(String, String),
}

/// The compiler's state: the document's references and the nodes built so far.
pub(crate) struct Compiler<'d> {
    pub(crate) draft: Draft,
    registry: Registry<'d>,
    pub(crate) nodes: Vec<Node>,
    cache: HashMap<(usize, String), NodeId>,
    roots: HashMap<usize, usize>,
    /// Nodes whose compilation has started but not finished (a `$ref` to one is a cycle).
    open: Vec<bool>,
    /// Whether any `$recursiveRef`/`$dynamicRef` was compiled.
    pub(crate) dynamic: bool,
    /// The numbers serde_json holds or prints otherwise than as written.
    written: Written,
}

fn invalid(message: impl Into<String>, at: &str) -> CompileError {
    CompileError::Invalid(message.into(), at.to_string())
}

pub(crate) fn strings(value: &Value, at: &str) -> Result<Vec<String>, CompileError> {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Ok(s.clone()),
                other => Err(invalid(format!("{other} is not of type \"string\""), at)),
            })
            .collect(),
        other => Err(invalid(format!("{other} is not of type \"array\""), at)),
    }
}

/// Compiles `pattern` as Go's `regexp` reads it (Helm's dialect).
pub fn compile_pattern(source: &str) -> Option<Pattern> {
    pattern(source).ok()
}

/// Compiles `source`, or says why not as Helm does (`'(' is not valid regex: …`).
pub(crate) fn pattern(source: &str) -> Result<Pattern, String> {
    match super::regexp::compile(source) {
        Ok(regex) => Ok(Pattern {
            source: source.to_string(),
            regex,
        }),
        Err(reason) => Err(format!(
            "{} is not valid regex: {reason}",
            super::words::quote(source)
        )),
    }
}

fn pattern_at(source: &str, at: &str) -> Result<Pattern, CompileError> {
    pattern(source).map_err(|reason| invalid(reason, at))
}

impl<'d> Compiler<'d> {
    /// A compiler for `document`, read as `draft`.
    pub(crate) fn new(document: &'d Value, draft: Draft, written: Written) -> Compiler<'d> {
        let registry = Registry::build(document, draft);
        let roots = registry
            .resources
            .iter()
            .enumerate()
            .map(|(i, (_, r))| (std::ptr::from_ref(r.root) as usize, i))
            .collect();
        Compiler {
            draft,
            registry,
            nodes: Vec::new(),
            cache: HashMap::new(),
            roots,
            open: Vec::new(),
            dynamic: false,
            written,
        }
    }

    /// Compiles the schema at `place` (once per schema and location), returning its node.
    pub(crate) fn node(&mut self, place: &Place<'d>) -> Result<NodeId, CompileError> {
        let key = (
            std::ptr::from_ref(place.schema) as usize,
            place.location.clone(),
        );
        if let Some(&id) = self.cache.get(&key) {
            return Ok(id);
        }
        let id = self.nodes.len();
        let outer = self.draft;
        if let Value::Object(object) = place.schema {
            self.draft = outer.within(object);
        }
        let base = base_of(place.schema, &place.base, self.draft);
        let resource = self
            .roots
            .get(&key.0)
            .copied()
            .or_else(|| self.registry.resource_index(&base))
            .unwrap_or(0);
        self.nodes.push(Node {
            location: place.location.clone(),
            body: Body::True,
            resource,
            draft: self.draft,
        });
        self.open.push(true);
        self.cache.insert(key, id);
        let here = Place {
            schema: place.schema,
            base,
            location: place.location.clone(),
        };
        let body = match place.schema {
            Value::Bool(true) => Body::True,
            Value::Bool(false) => Body::False,
            Value::Object(object) => self.object(object, &here)?,
            other => {
                return Err(invalid(
                    format!("{other} is not of types \"boolean\", \"object\""),
                    &place.location,
                ));
            }
        };
        self.nodes[id].body = body;
        self.open[id] = false;
        self.draft = outer;
        Ok(id)
    }

    /// The node of the subschema `schema` under `keyword` (and `tail`) of the schema at `place`.
    pub(crate) fn child(
        &mut self,
        place: &Place<'d>,
        schema: &'d Value,
        keyword: &str,
        tail: Option<&str>,
    ) -> Result<NodeId, CompileError> {
        let mut location = format!("{}/{}", place.location, escape(keyword));
        if let Some(tail) = tail {
            location.push('/');
            location.push_str(&escape(tail));
        }
        self.node(&Place {
            schema,
            base: place.base.clone(),
            location,
        })
    }

    fn object(
        &mut self,
        object: &'d Map<String, Value>,
        place: &Place<'d>,
    ) -> Result<Body, CompileError> {
        if self.draft <= Draft::Draft7 {
            if let Some(reference) = object.get("$ref") {
                return self.only_ref(reference, place);
            }
        }
        let mut keywords: Vec<Keyword> = Vec::with_capacity(object.len());
        for (name, value) in object {
            let mut path = format!("{}/{}", place.location, escape(name));
            if self.draft == Draft::Draft4 && matches!(name.as_str(), "minimum" | "maximum") {
                let exclusive = format!("exclusive{}{}", &name[..1].to_uppercase(), &name[1..]);
                if object.get(&exclusive) == Some(&Value::Bool(true)) {
                    path = format!("{}/{exclusive}", place.location);
                }
            }
            if let Some(check) = self.keyword(object, name, value, place, &path)? {
                keywords.push(Keyword { path, check });
            }
        }
        crate::order::by_key(&mut keywords, |k| k.check.rank());
        Ok(Body::Keywords(keywords))
    }

    /// Drafts 4 to 7: a `$ref` makes every sibling keyword ignored.
    fn only_ref(&mut self, reference: &Value, place: &Place<'d>) -> Result<Body, CompileError> {
        let path = format!("{}/$ref", place.location);
        let Value::String(reference) = reference else {
            return Err(invalid(
                format!("{reference} is not of type \"string\""),
                &path,
            ));
        };
        let target = self.resolve(&place.base, reference, &path)?;
        if std::ptr::eq(target.schema, place.schema) && target.location == place.location {
            return Ok(Body::True);
        }
        let check = self.reference(&target)?;
        Ok(Body::Keywords(vec![Keyword { path, check }]))
    }

    pub(crate) fn resolve(
        &self,
        base: &str,
        reference: &str,
        path: &str,
    ) -> Result<Place<'d>, CompileError> {
        // Helm resolves an unknown `urn:` to the permissive `true` schema (with a warning).
        static PERMISSIVE: Value = Value::Bool(true);
        match self.registry.resolve(base, reference) {
            Err(Unresolved::Remote(url)) if url.starts_with("urn:") => {
                return Ok(Place {
                    schema: &PERMISSIVE,
                    base: url,
                    location: String::new(),
                });
            }
            other => other,
        }
        .map_err(|unresolved| match unresolved {
            Unresolved::Remote(url) => CompileError::Remote(url),
            Unresolved::Nowhere(reason) => CompileError::Unresolvable(
                format!("$ref '{reference}' cannot be resolved: {reason}"),
                path.to_string(),
            ),
        })
    }

    /// A `$ref` to `target`, marked as a cycle when it leads back into a node being compiled.
    pub(crate) fn reference(&mut self, target: &Place<'d>) -> Result<Check, CompileError> {
        let node = self.node(target)?;
        Ok(Check::Ref(node, self.open[node]))
    }

    fn keyword(
        &mut self,
        object: &'d Map<String, Value>,
        name: &str,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        if let Some(check) = self.assertion(object, name, value, path)? {
            return Ok(Some(check));
        }
        if let Some(check) = self.object_keyword(object, name, value, place, path)? {
            return Ok(Some(check));
        }
        if let Some(check) = self.array_keyword(object, name, value, place, path)? {
            return Ok(Some(check));
        }
        self.applicator(object, name, value, place, path)
    }

    /// Keywords about a value's own content.
    fn assertion(
        &mut self,
        object: &'d Map<String, Value>,
        name: &str,
        value: &'d Value,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let draft = self.draft;
        Ok(Some(match name {
            "type" => self.type_check(value, path)?,
            "enum" => match value {
                Value::Array(items) => Check::Enum(
                    value.clone(),
                    items.iter().map(|i| self.expected(i)).collect(),
                ),
                other => return Err(invalid(format!("{other} is not of type \"array\""), path)),
            },
            "const" if draft >= Draft::Draft6 => Check::Const(value.clone(), self.expected(value)),
            "minimum" | "maximum" => return self.bound(object, name, value, path),
            "exclusiveMinimum" | "exclusiveMaximum" if draft >= Draft::Draft6 => {
                let bound = if name == "exclusiveMinimum" {
                    Bound::ExclusiveMinimum
                } else {
                    Bound::ExclusiveMaximum
                };
                let Value::Number(n) = value else {
                    return Err(invalid(format!("{value} is not of type \"number\""), path));
                };
                self.bound_check(bound, value, n)
            }
            "multipleOf" => match value {
                // Positive as written (`1e-400` is, though serde_json reads it as 0).
                Value::Number(n) if self.limit(value, n).sign() == Ordering::Greater => {
                    Check::MultipleOf(Multiple::of(self.limit(value, n)))
                }
                _ => return Err(invalid(format!("{value} is not a positive number"), path)),
            },
            "minLength" => Check::Count(Count::MinLength, self.count(value, path)?),
            "maxLength" => Check::Count(Count::MaxLength, self.count(value, path)?),
            "pattern" => match value {
                Value::String(source) => Check::Pattern(pattern_at(source, path)?),
                other => return Err(invalid(format!("{other} is not of type \"string\""), path)),
            },
            "format" => match value {
                Value::String(format) => match Format::asserted(draft, format) {
                    Some(f) => Check::Format(f, format.clone()),
                    None => return Ok(None),
                },
                other => return Err(invalid(format!("{other} is not of type \"string\""), path)),
            },
            _ => return Ok(None),
        }))
    }

    fn type_check(&self, value: &Value, path: &str) -> Result<Check, CompileError> {
        let name = |v: &Value| match v {
            Value::String(s) => JsonType::from_name(s)
                .ok_or_else(|| invalid(format!("\"{s}\" is not a JSON type"), path)),
            other => Err(invalid(format!("{other} is not of type \"string\""), path)),
        };
        // Helm's validator reads 1.0 as an integer in every draft, draft-04 included.
        let draft4 = false;
        match value {
            Value::Array(items) if items.len() != 1 => {
                let mut set = TypeSet::default();
                for item in items {
                    set.0 |= name(item)? as u8;
                }
                Ok(Check::Type {
                    set,
                    kind: TypeKind::Multiple(set),
                    draft4,
                })
            }
            Value::Array(items) => {
                let t = name(&items[0])?;
                Ok(Check::Type {
                    set: TypeSet(t as u8),
                    kind: TypeKind::Single(t),
                    draft4,
                })
            }
            other => {
                let t = name(other)?;
                Ok(Check::Type {
                    set: TypeSet(t as u8),
                    kind: TypeKind::Single(t),
                    draft4,
                })
            }
        }
    }

    /// `minimum`/`maximum`, and in draft 4 their boolean `exclusiveMinimum`/`exclusiveMaximum`.
    fn bound(
        &self,
        object: &Map<String, Value>,
        name: &str,
        value: &Value,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let Value::Number(n) = value else {
            return Err(invalid(format!("{value} is not of type \"number\""), path));
        };
        let minimum = name == "minimum";
        let exclusive = self.draft == Draft::Draft4
            && object.get(if minimum {
                "exclusiveMinimum"
            } else {
                "exclusiveMaximum"
            }) == Some(&Value::Bool(true));
        let bound = match (minimum, exclusive) {
            (true, false) => Bound::Minimum,
            (true, true) => Bound::ExclusiveMinimum,
            (false, false) => Bound::Maximum,
            (false, true) => Bound::ExclusiveMaximum,
        };
        Ok(Some(self.bound_check(bound, value, n)))
    }

    /// A bound at `value` (the number `n`), its limit shown as Helm shows it: the double nearest
    /// to the number as written.
    fn bound_check(&self, bound: Bound, value: &Value, n: &serde_json::Number) -> Check {
        let limit = self.limit(value, n);
        let shown = match self.written_at(value).is_some() {
            true => serde_json::Number::from_f64(limit.nearest).map_or(Value::Null, Value::Number),
            false => value.clone(),
        };
        Check::Bound(bound, limit, shown)
    }

    /// The number `n` (the document's `value`) as the schema's text writes it.
    fn limit(&self, value: &Value, n: &serde_json::Number) -> Limit {
        Limit::of(n, self.written_at(value))
    }

    /// A count (`minLength`, `maxItems`, `minContains`, …) as Helm holds it: Go's `int` of the
    /// whole number the text writes.
    pub(crate) fn count(&self, value: &Value, at: &str) -> Result<i64, CompileError> {
        let whole = match value {
            Value::Number(n) => Some(self.limit(value, n)).filter(Limit::is_whole),
            _ => None,
        };
        whole
            .map(|limit| limit.go_int())
            .ok_or_else(|| invalid(format!("{value} is not a non-negative integer"), at))
    }

    /// The literal that writes `value`, when serde_json holds or prints it otherwise.
    fn written_at(&self, value: &Value) -> Option<&str> {
        self.written.at(value)
    }

    /// `value` as `enum` and `const` compare it, its numbers as written.
    fn expected(&self, value: &Value) -> Expected {
        match value {
            Value::Number(n) => {
                let shown = self.written_at(value).map(Box::from);
                Expected::Number(self.limit(value, n), shown)
            }
            Value::Array(items) => {
                Expected::Array(items.iter().map(|i| self.expected(i)).collect())
            }
            Value::Object(members) => Expected::Object(
                (members.iter())
                    .map(|(k, v)| (k.clone(), self.expected(v)))
                    .collect(),
            ),
            other => Expected::Other(other.clone()),
        }
    }
}

impl<'d> Compiler<'d> {
    /// A dynamic reference's text, the place it names statically, and that place compiled.
    fn static_target(
        &mut self,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<(&'d str, Place<'d>, NodeId), CompileError> {
        let reference = value
            .as_str()
            .ok_or_else(|| invalid(format!("{value} is not of type \"string\""), path))?;
        let target = self.resolve(&place.base, reference, path)?;
        let node = self.node(&target)?;
        Ok((reference, target, node))
    }

    /// `$recursiveRef` (2019-09): its static target, and every `$recursiveAnchor: true` resource
    /// as a candidate when the target is one too.
    pub(crate) fn recursive_ref(
        &mut self,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Check, CompileError> {
        let (_, target, node) = self.static_target(value, place, path)?;
        let mut candidates = Vec::new();
        if target.schema.get("$recursiveAnchor") == Some(&Value::Bool(true)) {
            self.dynamic = true;
            let anchored: Vec<(usize, String, &'d Value)> = (self.registry.resources.iter())
                .enumerate()
                .filter(|(_, (_, r))| r.recursive_anchor)
                .map(|(i, (uri, r))| (i, uri.clone(), r.root))
                .collect();
            for (i, base, schema) in anchored {
                let place = Place {
                    schema,
                    base,
                    location: String::new(),
                };
                candidates.push((i, self.node(&place)?));
            }
        }
        Ok(Check::RecursiveRef(node, candidates))
    }

    /// `$dynamicRef` (2020-12): its static target, and every `$dynamicAnchor` of the same name as
    /// a candidate when the target is such an anchor.
    pub(crate) fn dynamic_ref(
        &mut self,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Check, CompileError> {
        let (reference, target, node) = self.static_target(value, place, path)?;
        let name = reference.rsplit_once('#').map(|(_, f)| f).unwrap_or("");
        let mut candidates = Vec::new();
        let anchored = !name.is_empty()
            && !name.starts_with('/')
            && target.schema.get("$dynamicAnchor") == Some(&Value::String(name.to_string()));
        if anchored {
            self.dynamic = true;
            let mut found: Vec<(usize, &'d Value, String)> = (self.registry.dynamic.iter())
                .filter(|((_, n), _)| n == name)
                .map(|((i, _), (schema, location))| (*i, *schema, location.clone()))
                .collect();
            crate::order::by_key(&mut found, |(i, _, _)| *i);
            for (i, schema, location) in found {
                let base = self.registry.resources[i].0.clone();
                let place = Place {
                    schema,
                    base,
                    location,
                };
                candidates.push((i, self.node(&place)?));
            }
        }
        Ok(Check::DynamicRef(node, candidates))
    }
}
