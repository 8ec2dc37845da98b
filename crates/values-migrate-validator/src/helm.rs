//! Errors as Helm prints them: santhosh-tekuri/jsonschema v6's tree (what Helm 3.18.5+ and 4
//! show under the chart's name), built over the same compiled nodes and checks — a schema stops
//! at a failed `type`, `const`, `enum` or `format`; `allOf`, `anyOf`, `oneOf`, `$ref` and a
//! subschema with several errors wrap their causes; its words (`got 5, want 5`).

use serde_json::Value;

use super::error::JsonType;
use super::nodes::{Body, Bound, Check, Count, Dependency, Keyword, NodeId, Rest};
use super::{Loc, Scope, Validator};

/// One line of Helm's report, with the lines nested under it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

/// `validation failed`: what santhosh-tekuri prints over a group of causes.
const GROUP: &str = "validation failed";

/// What santhosh-tekuri prints over the failed subschemas of an `allOf`.
const ALL_OF: &str = "'allOf' failed";

impl HelmError {
    fn new(loc: &Loc<'_>, message: String) -> HelmError {
        HelmError {
            pointer: loc.pointer(),
            message,
            causes: Vec::new(),
            keyword: String::new(),
            reference: false,
        }
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
            ..HelmError::new(loc, message.to_string())
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

/// Where santhosh-tekuri evaluates a keyword (lower first); a failed rank-0 keyword ends the schema.
fn rank(check: &Check) -> u8 {
    match check {
        Check::Type { .. } | Check::Const(_) | Check::Enum(_) | Check::Format(..) => 0,
        Check::Ref(..) => 1,
        Check::Count(Count::MinProperties | Count::MaxProperties, _) | Check::Required(_) => 2,
        Check::Dependencies(_) => 3,
        Check::Properties(_) | Check::PatternProperties(_) | Check::Additional(_) => 4,
        Check::PropertyNames(_) | Check::NoPropertyNames => 5,
        Check::DependentSchemas(_) | Check::DependentRequired(_) => 6,
        Check::Count(Count::MinItems | Count::MaxItems, _) | Check::UniqueItems => 7,
        Check::ArrayShape(_) | Check::Items(..) | Check::Tuple(_) => 8,
        Check::AdditionalItems(..) | Check::Contains(_) => 9,
        Check::Count(..) | Check::Pattern(_) => 10,
        Check::Bound(..) | Check::MultipleOf(_) => 11,
        Check::RecursiveRef(..) | Check::DynamicRef(..) => 12,
        Check::Not(..) | Check::AllOf(_) | Check::AnyOf(_) | Check::OneOf(_) | Check::If(..) => 13,
        _ => 14,
    }
}

impl Validator {
    /// Every error of `instance`, as Helm prints them (the top group unwrapped).
    pub fn helm_errors(&self, instance: &Value) -> Vec<HelmError> {
        let mut scope = Scope::default();
        match self.helm_node(self.root, instance, &Loc::Root, &mut scope) {
            None => Vec::new(),
            Some(e) => causes_of(e),
        }
    }

    /// Helm's errors for `instance` against the subschema at `pointer` of the root document
    /// (a chart's own schema inside a composition), as Helm prints them when that subschema is
    /// the whole schema; `None` when no subschema is compiled there.
    pub fn helm_errors_at(&self, pointer: &str, instance: &Value) -> Option<Vec<HelmError>> {
        let id = self.node_at(pointer)?;
        let mut scope = Scope::default();
        Some(match self.helm_node(id, instance, &Loc::Root, &mut scope) {
            None => Vec::new(),
            Some(e) => causes_of(e),
        })
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
                let mut error = HelmError::new(loc, "false schema".into());
                error.keyword = node.location.clone();
                return Some(error);
            }
            Body::Keywords(keywords) => keywords,
        };
        let mut order: Vec<&Keyword> = keywords.iter().collect();
        crate::order::by_key(&mut order, |k| rank(&k.check));
        let entered = self.enter(node.resource, scope);
        let mut out = Vec::new();
        for keyword in order {
            let before = out.len();
            self.helm_keyword(id, keyword, value, loc, scope, &mut out);
            for error in out[before..].iter_mut().filter(|e| e.keyword.is_empty()) {
                error.keyword = keyword.path.clone();
            }
            if rank(&keyword.check) == 0 && out.len() > before {
                out.drain(..before);
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
            (Check::Type { set, .. }, _) => {
                if !self.keyword_valid(id, keyword, value, scope) {
                    out.push(HelmError::new(loc, type_message(value, set.iter())));
                }
            }
            (Check::ArrayShape(shape), _) => {
                let Value::Array(items) = value else {
                    let want = std::iter::once(JsonType::Array);
                    let error = HelmError::new(loc, type_message(value, want));
                    out.push(error.of_keyword(&shape.type_path));
                    return;
                };
                let n = items.len() as u64;
                if let Some((min, path)) = shape.min.as_ref().filter(|(m, _)| n < *m) {
                    let message = format!("minItems: got {}, want {}", grouped(n), grouped(min));
                    out.push(HelmError::new(loc, message).of_keyword(path));
                }
                if let Some((max, path)) = shape.max.as_ref().filter(|(m, _)| n > *m) {
                    let message = format!("maxItems: got {}, want {}", grouped(n), grouped(max));
                    out.push(HelmError::new(loc, message).of_keyword(path));
                }
                self.helm_items(shape.items, items, 0, loc, scope, out);
            }
            (check, _) if is_leaf(check) => {
                if !self.keyword_valid(id, keyword, value, scope) {
                    out.push(HelmError::new(loc, leaf_message(check, value)));
                }
            }
            (Check::Required(names), Value::Object(o)) => {
                let missing = missing(names, o);
                if !missing.is_empty() {
                    out.push(HelmError::new(loc, missing_message(&missing)));
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
                if let Some((names, path)) = &p.required {
                    let missing = missing(names, o);
                    if !missing.is_empty() {
                        let error = HelmError::new(loc, missing_message(&missing));
                        out.push(error.of_keyword(path));
                    }
                }
                for (name, node) in &p.properties {
                    if let Some(v) = o.get(name) {
                        out.extend(self.helm_node(*node, v, &Loc::Key(loc, name), scope));
                    }
                }
            }
            Check::PatternProperties(patterns) => {
                for (key, v) in o {
                    for (_, node) in patterns.iter().filter(|(p, _)| p.regex.is_match(key)) {
                        out.extend(self.helm_node(*node, v, &Loc::Key(loc, key), scope));
                    }
                }
            }
            Check::Additional(a) => {
                let mut unexpected = Vec::new();
                for (key, v) in o {
                    let here = Loc::Key(loc, key);
                    let mut matched = false;
                    if let Some((_, node)) = a.properties.iter().find(|(n, _)| n == key) {
                        matched = true;
                        out.extend(self.helm_node(*node, v, &here, scope));
                    }
                    for (_, node) in a.patterns.iter().filter(|(p, _)| p.regex.is_match(key)) {
                        matched = true;
                        out.extend(self.helm_node(*node, v, &here, scope));
                    }
                    match (matched, a.rest) {
                        (true, _) => {}
                        (false, None) => unexpected.push(key.as_str()),
                        (false, Some(node)) => out.extend(self.helm_node(node, v, &here, scope)),
                    }
                }
                if !unexpected.is_empty() {
                    let names = quoted_names(&unexpected);
                    out.push(HelmError::new(
                        loc,
                        format!("additional properties {names} not allowed"),
                    ));
                }
                if let Some((name, path)) = a.required.as_ref().filter(|(n, _)| !o.contains_key(n))
                {
                    let error = HelmError::new(loc, missing_message(&[name.as_str()]));
                    out.push(error.of_keyword(path));
                }
            }
            _ => self.helm_object_rules(id, keyword, o, value, loc, scope, out),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn helm_object_rules(
        &self,
        id: NodeId,
        keyword: &Keyword,
        o: &serde_json::Map<String, Value>,
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<HelmError>,
    ) {
        match &keyword.check {
            Check::PropertyNames(_) | Check::NoPropertyNames => {
                // Helm validates each name as a document of its own: every pointer is ''.
                for key in o.keys() {
                    let name = Value::String(key.clone());
                    let cause = match &keyword.check {
                        Check::PropertyNames(node) => {
                            self.helm_node(*node, &name, &Loc::Root, scope)
                        }
                        _ => Some(HelmError::new(&Loc::Root, "false schema".into())),
                    };
                    if let Some(cause) = cause {
                        let message = format!("invalid propertyName {}", quote(key));
                        out.push(HelmError::with(&Loc::Root, &message, causes_of(cause)));
                    }
                }
            }
            Check::Dependencies(deps) => {
                for (key, dep) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    match dep {
                        Dependency::Required(names) => {
                            let missing = missing(names, o);
                            if !missing.is_empty() {
                                out.push(HelmError::new(loc, dependency_message(key, &missing)));
                            }
                        }
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
                    let missing = missing(names, o);
                    if !missing.is_empty() {
                        out.push(HelmError::new(loc, dependency_message(key, &missing)));
                    }
                }
            }
            Check::UnevaluatedProperties(rest) => {
                for key in self.unevaluated_properties(id, *rest, o, value, scope) {
                    let v = &o[&key];
                    let here = Loc::Key(loc, &key);
                    out.extend(match rest {
                        None => Some(HelmError::new(&here, "false schema".into())),
                        Some(node) => self.helm_node(*node, v, &here, scope),
                    });
                }
            }
            _ => self.helm_combinators(keyword, value, loc, scope, out),
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
                let count = items.len() - limit;
                out.push(HelmError::new(
                    loc,
                    format!("last {} additionalItem(s) not allowed", grouped(count)),
                ));
            }
            Check::AdditionalItems(limit, Rest::Schema(node)) => {
                self.helm_items(*node, items, *limit, loc, scope, out);
            }
            Check::Contains(c) => self.helm_contains(c, items, loc, scope, out),
            Check::UnevaluatedItems(rest) => {
                for i in self.unevaluated_items(id, *rest, items, value, scope) {
                    let here = Loc::Index(loc, i);
                    out.extend(match rest {
                        None => Some(HelmError::new(&here, "false schema".into())),
                        Some(node) => self.helm_node(*node, &items[i], &here, scope),
                    });
                }
            }
            _ => self.helm_combinators(keyword, value, loc, scope, out),
        }
    }

    fn helm_contains(
        &self,
        c: &super::nodes::Contains,
        items: &[Value],
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
        let at = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(" ");
        match &c.min {
            Some((min, path)) if (matched.len() as u64) < *min => {
                let message = if matched.is_empty() {
                    format!("min {min} items required to match contains schema, but none matched")
                } else {
                    format!(
                        "min {min} items required to match contains schema, but matched {} items at {}",
                        matched.len(),
                        at(&matched)
                    )
                };
                out.push(HelmError::with(loc, &message, failures).of_keyword(path));
            }
            None if matched.is_empty() => {
                out.push(HelmError::with(
                    loc,
                    "no items match contains schema",
                    failures,
                ));
            }
            _ => {}
        }
        if let Some((max, path)) = c.max.as_ref().filter(|(m, _)| matched.len() as u64 > *m) {
            let message = format!(
                "max {max} items required to match contains schema, but matched {} items at {}",
                matched.len(),
                at(&matched)
            );
            out.push(HelmError::new(loc, message).of_keyword(path));
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
        let branches = |s: &Self, nodes: &[NodeId], scope: &mut Scope| -> Vec<Option<HelmError>> {
            nodes
                .iter()
                .map(|n| s.helm_node(*n, value, loc, scope))
                .collect()
        };
        match &keyword.check {
            Check::AllOf(nodes) => {
                let failed: Vec<HelmError> =
                    branches(self, nodes, scope).into_iter().flatten().collect();
                if !failed.is_empty() {
                    out.push(HelmError::with(loc, ALL_OF, failed));
                }
            }
            Check::AnyOf(nodes) if !nodes.iter().any(|n| self.node_valid(*n, value, scope)) => {
                let failed = branches(self, nodes, scope).into_iter().flatten().collect();
                out.push(HelmError::with(loc, "'anyOf' failed", failed));
            }
            Check::OneOf(nodes) => {
                let valid: Vec<usize> = (0..nodes.len())
                    .filter(|i| self.node_valid(nodes[*i], value, scope))
                    .take(2)
                    .collect();
                match valid.as_slice() {
                    [] => {
                        let failed = branches(self, nodes, scope).into_iter().flatten().collect();
                        out.push(HelmError::with(loc, "'oneOf' failed, none matched", failed));
                    }
                    [a, b] => out.push(HelmError::new(
                        loc,
                        format!("'oneOf' failed, subschemas {a}, {b} matched"),
                    )),
                    _ => {}
                }
            }
            Check::Not(node, _) if self.node_valid(*node, value, scope) => {
                out.push(HelmError::new(loc, "'not' failed".into()));
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
fn missing<'n>(names: &'n [String], o: &serde_json::Map<String, Value>) -> Vec<&'n str> {
    names
        .iter()
        .filter(|n| !o.contains_key(*n))
        .map(String::as_str)
        .collect()
}

/// Whether a check is about the value alone.
fn is_leaf(check: &Check) -> bool {
    matches!(
        check,
        Check::Enum(_)
            | Check::Const(_)
            | Check::Bound(..)
            | Check::MultipleOf(_)
            | Check::Count(..)
            | Check::Pattern(_)
            | Check::Format(..)
            | Check::UniqueItems
    )
}

/// `got number, want null or string`, the wanted types in santhosh-tekuri's order.
fn type_message(value: &Value, want: impl Iterator<Item = JsonType>) -> String {
    const ORDER: [JsonType; 7] = [
        JsonType::Null,
        JsonType::Boolean,
        JsonType::Number,
        JsonType::Integer,
        JsonType::String,
        JsonType::Array,
        JsonType::Object,
    ];
    let want: Vec<JsonType> = want.collect();
    let names: Vec<&str> = ORDER
        .iter()
        .filter(|t| want.contains(t))
        .map(|t| t.as_str())
        .collect();
    format!("got {}, want {}", got_type(value), names.join(" or "))
}

/// The type santhosh-tekuri names for a value (every number is a `number`).
fn got_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The message of a failed check about the value alone.
fn leaf_message(check: &Check, value: &Value) -> String {
    let number = |v: &Value| go_float(v.as_f64().unwrap_or(f64::NAN));
    match check {
        Check::Enum(options) => enum_message(options.as_array().map_or(&[][..], Vec::as_slice)),
        Check::Const(expected) if is_primitive(expected) => {
            format!("value must be {}", display(expected))
        }
        Check::Const(_) => "'const' failed".to_string(),
        Check::Bound(bound, _, limit) => {
            let name = match bound {
                Bound::Minimum => "minimum",
                Bound::Maximum => "maximum",
                Bound::ExclusiveMinimum => "exclusiveMinimum",
                Bound::ExclusiveMaximum => "exclusiveMaximum",
            };
            format!("{name}: got {}, want {}", number(value), number(limit))
        }
        Check::MultipleOf(m) => format!("multipleOf: got {}, want {}", number(value), go_float(*m)),
        Check::Count(count, limit) => {
            let (name, got) = match count {
                Count::MinLength | Count::MaxLength => (
                    count_name(*count),
                    value.as_str().map_or(0, |s| s.chars().count()),
                ),
                Count::MinItems | Count::MaxItems => {
                    (count_name(*count), value.as_array().map_or(0, Vec::len))
                }
                _ => (
                    count_name(*count),
                    value.as_object().map_or(0, serde_json::Map::len),
                ),
            };
            format!("{name}: got {}, want {}", grouped(got), grouped(limit))
        }
        Check::Pattern(p) => format!(
            "{} does not match pattern {}",
            quote(value.as_str().unwrap_or_default()),
            quote(&p.source)
        ),
        Check::Format(format, name) => match value.as_str().and_then(|t| format.reason(t)) {
            Some(reason) => format!("{} is not valid {name}: {reason}", display(value)),
            None => format!("{} is not valid {name}", display(value)),
        },
        _ => unique_message(value),
    }
}

fn count_name(count: Count) -> &'static str {
    match count {
        Count::MinLength => "minLength",
        Count::MaxLength => "maxLength",
        Count::MinItems => "minItems",
        Count::MaxItems => "maxItems",
        Count::MinProperties => "minProperties",
        Count::MaxProperties => "maxProperties",
    }
}

/// `items at 0 and 1 are equal`: the first repeated pair.
pub fn unique_message(value: &Value) -> String {
    let items = value.as_array().map_or(&[][..], Vec::as_slice);
    for j in 1..items.len() {
        for i in 0..j {
            if super::keywords::json_equal(&items[i], &items[j]) {
                return format!("items at {} and {} are equal", grouped(i), grouped(j));
            }
        }
    }
    "items are not unique".to_string()
}

fn enum_message(options: &[Value]) -> String {
    if !options.iter().all(is_primitive) {
        return "'enum' failed".to_string();
    }
    let shown: Vec<String> = options.iter().map(display).collect();
    match shown.as_slice() {
        [one] => format!("value must be {one}"),
        _ => format!("value must be one of {}", shown.join(", ")),
    }
}

fn missing_message(missing: &[&str]) -> String {
    match missing {
        [one] => format!("missing property {}", quote(one)),
        _ => format!("missing properties {}", quoted_names(missing)),
    }
}

fn dependency_message(key: &str, missing: &[&str]) -> String {
    format!(
        "properties {} required, if {} exists",
        quoted_names(missing),
        quote(key)
    )
}

fn is_primitive(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

/// A primitive as santhosh-tekuri shows it: strings quoted, `null` as Go's `<nil>`.
fn display(value: &Value) -> String {
    match value {
        Value::String(s) => quote(s),
        Value::Null => "<nil>".to_string(),
        Value::Array(_) | Value::Object(_) => "value".to_string(),
        other => other.to_string(),
    }
}

/// `'a', 'b'`.
fn quoted_names(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| quote(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A string as santhosh-tekuri quotes it: Go's `%q` with single quotes.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if !go_printable(c) => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A whole number as Helm's message printer shows it (English: `12,345`).
pub fn grouped(n: impl std::fmt::Display) -> String {
    let text = n.to_string();
    let (sign, digits) = text.split_at(usize::from(text.starts_with('-')));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Whether Go's `strconv.IsPrint` holds for `c` (near enough: controls, format characters and
/// every space but U+0020 are escaped).
fn go_printable(c: char) -> bool {
    let format = matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}' | '\u{feff}');
    !(c.is_control() || format || (c.is_whitespace() && c != ' '))
}

/// A number as Helm's message printer shows a float64 (`%v`, English): shortest digits,
/// grouped, and `1.5×10⁰⁶` from 1e6 on or below 1e-4.
pub fn go_float(x: f64) -> String {
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if x == 0.0 {
        return "0".to_string();
    }
    if !x.is_finite() {
        return if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "+Inf"
        } else {
            "-Inf"
        }
        .to_string();
    }
    let text = format!("{:e}", x.abs());
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if x < 0.0 { "-" } else { "" };
    if !(-4..6).contains(&exponent) {
        let (head, tail) = digits.split_at(1);
        let dot = if tail.is_empty() { "" } else { "." };
        let minus = if exponent < 0 { "⁻" } else { "" };
        let power: String = format!("{:02}", exponent.abs())
            .bytes()
            .map(|b| SUPERSCRIPT[usize::from(b - b'0')])
            .collect();
        return format!("{sign}{head}{dot}{tail}×10{minus}{power}");
    }
    let point = exponent + 1;
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        grouped(format!(
            "{digits}{}",
            "0".repeat(point as usize - digits.len())
        ))
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        format!("{}.{fraction}", grouped(whole))
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::{go_float, quote};

    /// What Helm 4.2.3 printed for each number (`maximum: got …`).
    #[test]
    fn numbers_read_as_helm_prints_them() {
        let cases = [
            (5.0, "5"),
            (1.2, "1.2"),
            (1e6, "1×10⁰⁶"),
            (1e-5, "1×10⁻⁰⁵"),
            (-1e-7, "-1×10⁻⁰⁷"),
            (123456789.0, "1.23456789×10⁰⁸"),
            (1e30, "1×10³⁰"),
            (123456.0, "123,456"),
            (-99999.5, "-99,999.5"),
            (12345.678, "12,345.678"),
            (0.0001, "0.0001"),
        ];
        for (x, shown) in cases {
            assert_eq!(go_float(x), shown);
        }
        assert_eq!(quote("it's\n"), "'it\\'s\\n'");
    }
}
