//! Helm's error tree, the validator's one evaluation that reports errors: santhosh-tekuri/jsonschema
//! v6's tree as Helm 3.18.5+ and 4 print it (a schema stops at a failed `type`, `const`, `enum` or
//! `format`; `allOf`, `anyOf`, `oneOf`, `$ref` and a subschema with several errors wrap their
//! causes), each line keeping what failed so that the flat errors (`flat.rs`) are read off it.

use serde_json::{Map, Value};

use super::error::ErrorKind;
use super::keywords::{additional_nodes, contains_broken, is_leaf, leaf_kind, named_members};
use super::nodes::{Body, Check, Contains, Dependency, Keyword, NodeId, Rest};
use super::words::{dependency_message, missing_message, quote};
use super::{Loc, Scope, Validator};

/// One line of Helm's report, with the lines nested under it.
#[derive(Clone, Debug)]
pub struct HelmError {
    /// The JSON pointer Helm prints (`at '/a/b'`).
    pub pointer: String,
    /// Helm's words.
    pub message: String,
    /// The causes printed under it.
    pub causes: Vec<HelmError>,
    /// The failing keyword's location in the schema (`/properties/a/minimum`; a `false`
    /// schema's own), as the flat errors name it.
    pub keyword: String,
    /// Whether it is a `$ref` wrapper (printed only when it has several causes).
    reference: bool,
    /// What failed, for the flat errors; `None` for a line that only holds its causes.
    pub(crate) failed: Option<Failed>,
}

/// What one of Helm's lines stands for among the flat errors.
#[derive(Clone, Debug)]
pub(crate) enum Failed {
    /// One error of this kind, of the value at the line's pointer.
    One(ErrorKind),
    /// One `required` error per name, of the mapping at the line's pointer.
    Missing(Vec<String>),
    /// An `anyOf` (`oneOf`) none of whose subschemas matched: each cause is one subschema's.
    Branches {
        /// Whether it is a `oneOf`.
        one_of: bool,
    },
    /// A key `propertyNames` refused in the mapping at `object`: the causes are the key's.
    Name {
        /// The refused key.
        key: String,
        /// The JSON pointer of the mapping.
        object: String,
    },
    /// A member (by key) or an item (by its JSON text) `unevaluatedProperties`
    /// (`unevaluatedItems`: false) refused in the mapping or list at `container`.
    Unevaluated {
        /// Whether it is an item.
        item: bool,
        /// The key, or the item's JSON text.
        name: String,
        /// The JSON pointer of the mapping or list.
        container: String,
    },
}

/// `validation failed`: what santhosh-tekuri prints over a group of causes.
const GROUP: &str = "validation failed";

/// What santhosh-tekuri prints over the failed subschemas of an `allOf`.
const ALL_OF: &str = "'allOf' failed";

impl HelmError {
    fn new(loc: &Loc<'_>, message: String, failed: Option<Failed>) -> HelmError {
        HelmError {
            pointer: loc.pointer(),
            message,
            causes: Vec::new(),
            keyword: String::new(),
            reference: false,
            failed,
        }
    }

    /// The line of one error of `kind` on `value`, in Helm's words for it.
    fn of(loc: &Loc<'_>, kind: ErrorKind, value: &Value) -> HelmError {
        let message = super::words::of(&kind, value);
        HelmError::new(loc, message, Some(Failed::One(kind)))
    }

    /// The line of the names `missing` lacks, in `message`.
    fn missing(loc: &Loc<'_>, missing: &[&str], message: String) -> HelmError {
        let names = missing.iter().map(|n| n.to_string()).collect();
        HelmError::new(loc, message, Some(Failed::Missing(names)))
    }

    /// The same error, named as the keyword at `path` (a check fused from several keywords).
    fn of_keyword(self, path: &str) -> HelmError {
        HelmError {
            keyword: path.to_string(),
            ..self
        }
    }

    fn with(loc: &Loc<'_>, message: &str, causes: Vec<HelmError>) -> HelmError {
        HelmError {
            causes,
            ..HelmError::new(loc, message.to_string(), None)
        }
    }

    /// The error Helm prints in this one's place: a `$ref` wrapper with one cause is not printed.
    pub fn shown(&self) -> &HelmError {
        match self.causes.as_slice() {
            [only] if self.reference => only.shown(),
            _ => self,
        }
    }

    /// Whether it only groups the lines under it (`validation failed`, `'allOf' failed`).
    pub fn is_group(&self) -> bool {
        self.message == GROUP || self.message == ALL_OF
    }

    /// The lines Helm prints for this error, `depth` levels in.
    pub fn render(&self, depth: usize, out: &mut String) {
        let depth = if self.reference && self.causes.len() == 1 {
            depth
        } else {
            for _ in 0..depth {
                out.push_str("  ");
            }
            out.push_str(&format!(
                "- at {}: {}\n",
                quote(&self.pointer),
                self.message
            ));
            depth + 1
        };
        for cause in &self.causes {
            cause.render(depth, out);
        }
    }
}

/// One subschema's errors as santhosh-tekuri returns them: none, one, or a group.
fn collect(loc: &Loc<'_>, mut errors: Vec<HelmError>) -> Option<HelmError> {
    match errors.len() {
        0 => None,
        1 => errors.pop(),
        _ => Some(HelmError::with(loc, GROUP, errors)),
    }
}

/// The causes a wrapper holds: a group's members, or the one error.
fn causes_of(error: HelmError) -> Vec<HelmError> {
    if error.message == GROUP && !error.reference {
        error.causes
    } else {
        vec![error]
    }
}

impl Validator {
    /// Every error of `instance`, as Helm prints them (the top group unwrapped).
    pub fn helm_errors(&self, instance: &Value) -> Vec<HelmError> {
        self.helm_errors_of(self.root, instance)
    }

    /// Helm's errors for `instance` against the subschema at `pointer` of the root document
    /// (a chart's own schema inside a composition), as Helm prints them when that subschema is
    /// the whole schema; `None` when no subschema is compiled there.
    pub fn helm_errors_at(&self, pointer: &str, instance: &Value) -> Option<Vec<HelmError>> {
        let id = self.node_at(pointer)?;
        Some(self.helm_errors_of(id, instance))
    }

    fn helm_errors_of(&self, id: NodeId, instance: &Value) -> Vec<HelmError> {
        let mut scope = Scope::default();
        match self.helm_node(id, instance, &Loc::Root, &mut scope) {
            None => Vec::new(),
            Some(e) => causes_of(e),
        }
    }

    fn helm_node(
        &self,
        id: NodeId,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
    ) -> Option<HelmError> {
        let node = &self.nodes[id];
        let keywords = match &node.body {
            Body::True => return None,
            Body::False => {
                let error = HelmError::of(loc, ErrorKind::FalseSchema, value);
                return Some(error.of_keyword(&node.location));
            }
            Body::Keywords(keywords) => keywords,
        };
        let entered = self.enter(node.resource, scope);
        let mut out = Vec::new();
        // The keywords are compiled in santhosh-tekuri's order (`Check::rank`).
        for keyword in keywords {
            let before = out.len();
            self.helm_keyword(id, keyword, value, loc, scope, &mut out);
            for error in out[before..].iter_mut().filter(|e| e.keyword.is_empty()) {
                error.keyword = keyword.path.clone();
            }
            if keyword.check.stops() && out.len() > before {
                break;
            }
        }
        self.leave(entered, scope);
        collect(loc, out)
    }

    fn helm_keyword(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        match (&keyword.check, value) {
            (check, _) if is_leaf(check) => {
                if !self.keyword_valid(id, keyword, value, scope) {
                    out.push(HelmError::of(loc, leaf_kind(check, value), value));
                }
            }
            (Check::Required(names), Value::Object(o)) => {
                let missing = missing(names, o);
                if !missing.is_empty() {
                    let message = missing_message(&missing);
                    out.push(HelmError::missing(loc, &missing, message));
                }
            }
            _ => self.helm_members(id, keyword, value, loc, scope, out),
        }
    }

    fn helm_items(
        &self,
        node: NodeId,
        items: &[Value],
        skip: usize,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        for (i, item) in items.iter().enumerate().skip(skip) {
            out.extend(self.helm_node(node, item, &Loc::Index(loc, i), scope));
        }
    }

    fn helm_members(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let Value::Object(o) = value else {
            return self.helm_arrays(id, keyword, value, loc, scope, out);
        };
        match &keyword.check {
            Check::Properties(p) => {
                for (name, v, node) in named_members(p, o) {
                    out.extend(self.helm_node(node, v, &Loc::Key(loc, name), scope));
                }
            }
            Check::PatternProperties(patterns) => {
                for (key, v) in o {
                    for (_, node) in patterns.iter().filter(|(p, _)| p.regex.is_match(key)) {
                        out.extend(self.helm_node(*node, v, &Loc::Key(loc, key), scope));
                    }
                }
            }
            Check::Additional(a) => self.helm_additional(a, o, value, loc, scope, out),
            _ => self.helm_object_rules(id, keyword, o, value, loc, scope, out),
        }
    }

    /// `additionalProperties`, with the `properties` and `patternProperties` it subsumes.
    fn helm_additional(
        &self,
        a: &super::nodes::Additional,
        o: &Map<String, Value>,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let mut unexpected = Vec::new();
        for (key, v) in o {
            let here = Loc::Key(loc, key);
            match additional_nodes(a, key) {
                Some(nodes) => {
                    for node in nodes {
                        out.extend(self.helm_node(node, v, &here, scope));
                    }
                }
                None => unexpected.push(key.clone()),
            }
        }
        if !unexpected.is_empty() {
            let kind = ErrorKind::AdditionalProperties { unexpected };
            out.push(HelmError::of(loc, kind, value));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn helm_object_rules(
        &self,
        id: NodeId,
        keyword: &Keyword,
        o: &Map<String, Value>,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let required = |key: &str, names: &[String], out: &mut Vec<HelmError>| {
            let missing = missing(names, o);
            if !missing.is_empty() {
                let message = dependency_message(key, &missing);
                out.push(HelmError::missing(loc, &missing, message));
            }
        };
        match &keyword.check {
            Check::PropertyNames(_) | Check::NoPropertyNames => {
                self.helm_property_names(keyword, o, loc, scope, out)
            }
            Check::Dependencies(deps) => {
                for (key, dep) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    match dep {
                        Dependency::Required(names) => required(key, names, out),
                        Dependency::Schema(node) => {
                            out.extend(self.helm_node(*node, value, loc, scope))
                        }
                    }
                }
            }
            Check::DependentSchemas(deps) => {
                for (_, node) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    out.extend(self.helm_node(*node, value, loc, scope));
                }
            }
            Check::DependentRequired(deps) => {
                for (key, names) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    required(key, names, out);
                }
            }
            Check::UnevaluatedProperties(rest) => {
                for key in self.unevaluated_properties(id, *rest, o, value, scope) {
                    let here = Loc::Key(loc, &key);
                    let failed = Failed::Unevaluated {
                        item: false,
                        name: key.clone(),
                        container: loc.pointer(),
                    };
                    out.extend(self.helm_unevaluated(*rest, &o[&key], &here, failed, scope));
                }
            }
            _ => self.helm_combinators(keyword, value, loc, scope, out),
        }
    }

    /// Each key `propertyNames` refuses, validated as a document of its own (every pointer `''`).
    fn helm_property_names(
        &self,
        keyword: &Keyword,
        o: &Map<String, Value>,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        for key in o.keys() {
            let name = Value::String(key.clone());
            let cause = match &keyword.check {
                Check::PropertyNames(node) => self.helm_node(*node, &name, &Loc::Root, scope),
                _ => Some(
                    HelmError::of(&Loc::Root, ErrorKind::FalseSchema, &name)
                        .of_keyword(&keyword.path),
                ),
            };
            if let Some(cause) = cause {
                let message = format!("invalid propertyName {}", quote(key));
                let failed = Failed::Name {
                    key: key.clone(),
                    object: loc.pointer(),
                };
                out.push(HelmError {
                    causes: causes_of(cause),
                    ..HelmError::new(&Loc::Root, message, Some(failed))
                });
            }
        }
    }

    /// What Helm reports for an unevaluated member or item at `here`: `false schema` (what
    /// `failed` names), or the errors of the `unevaluated*` schema.
    fn helm_unevaluated(
        &self,
        rest: Option<NodeId>,
        value: &Value,
        here: &Loc<'_>,
        failed: Failed,
        scope: &mut Scope,
    ) -> Option<HelmError> {
        match rest {
            Some(node) => self.helm_node(node, value, here, scope),
            None => Some(HelmError::new(here, "false schema".into(), Some(failed))),
        }
    }

    fn helm_arrays(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let Value::Array(items) = value else {
            return self.helm_combinators(keyword, value, loc, scope, out);
        };
        match &keyword.check {
            Check::Items(node, skip) => self.helm_items(*node, items, *skip, loc, scope, out),
            Check::Tuple(nodes) => {
                for (i, (node, item)) in nodes.iter().zip(items).enumerate() {
                    out.extend(self.helm_node(*node, item, &Loc::Index(loc, i), scope));
                }
            }
            Check::AdditionalItems(limit, Rest::False) if items.len() > *limit => {
                let kind = ErrorKind::AdditionalItems { limit: *limit };
                out.push(HelmError::of(loc, kind, value));
            }
            Check::AdditionalItems(limit, Rest::Schema(node)) => {
                self.helm_items(*node, items, *limit, loc, scope, out);
            }
            Check::Contains(c) => self.helm_contains(c, items, value, loc, scope, out),
            Check::UnevaluatedItems(rest) => {
                for i in self.unevaluated_items(id, *rest, items, value, scope) {
                    let here = Loc::Index(loc, i);
                    // Helm names an item by its JSON text.
                    let failed = Failed::Unevaluated {
                        item: true,
                        name: serde_json::to_string(&items[i]).unwrap_or_default(),
                        container: loc.pointer(),
                    };
                    out.extend(self.helm_unevaluated(*rest, &items[i], &here, failed, scope));
                }
            }
            _ => self.helm_combinators(keyword, value, loc, scope, out),
        }
    }

    fn helm_contains(
        &self,
        c: &Contains,
        items: &[Value],
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let mut matched = Vec::new();
        let mut failures = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match self.helm_node(c.node, item, &Loc::Index(loc, i), scope) {
                None => matched.push(i),
                Some(e) => failures.push(e),
            }
        }
        let (low, high) = contains_broken(c, matched.len() as u64);
        if low {
            let min = c.min.as_ref().map(|(min, _)| *min as u64);
            let kind = ErrorKind::Contains {
                min,
                max: None,
                matched: matched.clone(),
            };
            let error = HelmError {
                causes: failures,
                ..HelmError::of(loc, kind, value)
            };
            out.push(match &c.min {
                Some((_, path)) => error.of_keyword(path),
                None => error,
            });
        }
        if let Some((max, path)) = c.max.as_ref().filter(|_| high) {
            let kind = ErrorKind::Contains {
                min: None,
                max: Some(*max as u64),
                matched,
            };
            out.push(HelmError::of(loc, kind, value).of_keyword(path));
        }
    }

    /// A `$ref`, `$recursiveRef` or `$dynamicRef`'s error, over what its target reported.
    fn helm_reference(
        &self,
        check: &Check,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
    ) -> Option<HelmError> {
        let (target, cyclic) = match check {
            Check::Ref(target, cyclic) => (*target, *cyclic),
            Check::RecursiveRef(target, candidates) | Check::DynamicRef(target, candidates) => {
                (self.dynamic_target(*target, candidates, scope), true)
            }
            _ => return None,
        };
        let found = self.follow(target, cyclic, value, scope, |s| {
            self.helm_node(target, value, loc, s)
        });
        found.flatten().map(|e| reference(loc, e))
    }

    fn helm_combinators(
        &self,
        keyword: &Keyword,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        let branches = |s: &Self, nodes: &[NodeId], scope: &mut Scope| -> Vec<HelmError> {
            nodes
                .iter()
                .filter_map(|n| s.helm_node(*n, value, loc, scope))
                .collect()
        };
        let failed = |message: &str, one_of: bool, causes| HelmError {
            causes,
            ..HelmError::new(loc, message.into(), Some(Failed::Branches { one_of }))
        };
        match &keyword.check {
            Check::AllOf(nodes) => {
                let failed = branches(self, nodes, scope);
                if !failed.is_empty() {
                    out.push(HelmError::with(loc, ALL_OF, failed));
                }
            }
            Check::AnyOf(nodes) if !nodes.iter().any(|n| self.node_valid(*n, value, scope)) => {
                out.push(failed(
                    "'anyOf' failed",
                    false,
                    branches(self, nodes, scope),
                ));
            }
            Check::OneOf(nodes) => {
                let valid: Vec<usize> = (0..nodes.len())
                    .filter(|i| self.node_valid(nodes[*i], value, scope))
                    .take(2)
                    .collect();
                if let [a, b] = valid.as_slice() {
                    let subschemas = (*a, *b);
                    let kind = ErrorKind::OneOfMultipleValid { subschemas };
                    out.push(HelmError::of(loc, kind, value));
                } else if valid.is_empty() {
                    let causes = branches(self, nodes, scope);
                    out.push(failed("'oneOf' failed, none matched", true, causes));
                }
            }
            Check::Not(node, schema) if self.node_valid(*node, value, scope) => {
                let kind = ErrorKind::Not {
                    schema: schema.clone(),
                };
                out.push(HelmError::of(loc, kind, value));
            }
            Check::If(condition, then, otherwise) => {
                let branch = if self.node_valid(*condition, value, scope) {
                    then
                } else {
                    otherwise
                };
                if let Some(node) = branch {
                    out.extend(self.helm_node(*node, value, loc, scope));
                }
            }
            Check::Ref(..) | Check::RecursiveRef(..) | Check::DynamicRef(..) => {
                out.extend(self.helm_reference(&keyword.check, value, loc, scope));
            }
            _ => {}
        }
    }
}

/// A `$ref`'s error over what its target reported.
fn reference(loc: &Loc<'_>, error: HelmError) -> HelmError {
    HelmError {
        reference: true,
        ..HelmError::with(loc, GROUP, causes_of(error))
    }
}

/// The names of `names` that `o` lacks.
fn missing<'n>(names: &'n [String], o: &Map<String, Value>) -> Vec<&'n str> {
    names
        .iter()
        .filter(|n| !o.contains_key(*n))
        .map(String::as_str)
        .collect()
}
