//! Validating the keywords that apply subschemas: properties, items, combinators, conditionals
//! and references, each reporting its errors in jsonschema 0.61's order.

use serde_json::{Map, Value};

use super::error::{ErrorKind, ValidationError};
use super::keywords::{
    array_type_error, contains_count, contains_verdict, error, required_errors, rest_valid,
    scan_members,
};
use super::nodes::{Additional, ArrayShape, Check, Dependency, Keyword, NodeId, Properties, Rest};
use super::{Loc, Scope, Validator};

impl Validator {
    /// Whether `value` satisfies an applicator keyword of the node `id`.
    pub(crate) fn applicator_valid(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &Value,
        scope: &mut Scope,
    ) -> bool {
        match (&keyword.check, value) {
            (Check::Properties(p), Value::Object(o)) => self.properties_valid(p, o, scope),
            (Check::PatternProperties(patterns), Value::Object(o)) => {
                patterns.iter().all(|(p, node)| {
                    o.iter()
                        .filter(|(k, _)| p.regex.is_match(k))
                        .all(|(_, v)| self.node_valid(*node, v, scope))
                })
            }
            (Check::Additional(a), Value::Object(o)) => self.additional_valid(a, o, scope),
            (Check::PropertyNames(node), Value::Object(o)) => o
                .keys()
                .all(|k| self.node_valid(*node, &Value::String(k.clone()), scope)),
            (Check::NoPropertyNames, Value::Object(o)) => o.is_empty(),
            (Check::ArrayShape(shape), _) => self.shape_valid(shape, value, scope),
            (Check::Items(node, skip), Value::Array(items)) => items
                .iter()
                .skip(*skip)
                .all(|item| self.node_valid(*node, item, scope)),
            (Check::Tuple(nodes), Value::Array(items)) => nodes
                .iter()
                .zip(items)
                .all(|(node, item)| self.node_valid(*node, item, scope)),
            (Check::AdditionalItems(limit, rest), Value::Array(items)) => {
                rest_valid(self, rest, items, *limit, scope)
            }
            (Check::Contains(c), Value::Array(items)) => {
                let stop = c.max.as_ref().map_or(u64::MAX - 1, |(max, _)| *max);
                let matches = contains_count(self, c, items, scope, stop);
                contains_verdict(c, matches, &keyword.path).is_none()
            }
            (Check::Dependencies(deps), Value::Object(o)) => deps
                .iter()
                .filter(|(k, _)| o.contains_key(k))
                .all(|(_, dep)| match dep {
                    Dependency::Required(names) => names.iter().all(|n| o.contains_key(n)),
                    Dependency::Schema(node) => self.node_valid(*node, value, scope),
                }),
            (Check::DependentSchemas(deps), Value::Object(o)) => deps
                .iter()
                .filter(|(k, _)| o.contains_key(k))
                .all(|(_, node)| self.node_valid(*node, value, scope)),
            (Check::UnevaluatedProperties(rest), Value::Object(o)) => self
                .unevaluated_properties(id, *rest, o, value, scope)
                .is_empty(),
            (Check::UnevaluatedItems(rest), Value::Array(items)) => self
                .unevaluated_items(id, *rest, items, value, scope)
                .is_empty(),
            _ => self.combinator_valid(keyword, value, scope),
        }
    }

    fn combinator_valid(&self, keyword: &Keyword, value: &Value, scope: &mut Scope) -> bool {
        match &keyword.check {
            Check::AllOf(nodes) => nodes.iter().all(|n| self.node_valid(*n, value, scope)),
            Check::AnyOf(nodes) => nodes.iter().any(|n| self.node_valid(*n, value, scope)),
            Check::OneOf(nodes) => {
                let mut matched = nodes.iter().filter(|n| self.node_valid(**n, value, scope));
                matched.next().is_some() && matched.next().is_none()
            }
            Check::Not(node, _) => !self.node_valid(*node, value, scope),
            Check::If(condition, then, otherwise) => {
                let branch = if self.node_valid(*condition, value, scope) {
                    then
                } else {
                    otherwise
                };
                branch.is_none_or(|n| self.node_valid(n, value, scope))
            }
            Check::Ref(target, cyclic) => self
                .follow(*target, *cyclic, value, scope, |s| {
                    self.node_valid(*target, value, s)
                })
                .unwrap_or(true),
            Check::RecursiveRef(target, candidates) | Check::DynamicRef(target, candidates) => {
                let target = self.dynamic_target(*target, candidates, scope);
                self.follow(target, true, value, scope, |s| {
                    self.node_valid(target, value, s)
                })
                .unwrap_or(true)
            }
            _ => true,
        }
    }

    fn properties_valid(&self, p: &Properties, o: &Map<String, Value>, scope: &mut Scope) -> bool {
        if let Some((names, _)) = &p.required {
            if !names.iter().all(|n| o.contains_key(n)) {
                return false;
            }
        }
        p.properties
            .iter()
            .all(|(name, node)| o.get(name).is_none_or(|v| self.node_valid(*node, v, scope)))
    }

    fn additional_valid(&self, a: &Additional, o: &Map<String, Value>, scope: &mut Scope) -> bool {
        for (key, value) in o {
            let mut matched = false;
            if let Some((_, node)) = a.properties.iter().find(|(n, _)| n == key) {
                matched = true;
                if !self.node_valid(*node, value, scope) {
                    return false;
                }
            }
            for (pattern, node) in &a.patterns {
                if pattern.regex.is_match(key) {
                    matched = true;
                    if !self.node_valid(*node, value, scope) {
                        return false;
                    }
                }
            }
            if !matched {
                match a.rest {
                    None => return false,
                    Some(node) if !self.node_valid(node, value, scope) => return false,
                    Some(_) => {}
                }
            }
        }
        a.required.as_ref().is_none_or(|(n, _)| o.contains_key(n))
    }

    fn shape_valid(&self, shape: &ArrayShape, value: &Value, scope: &mut Scope) -> bool {
        let Value::Array(items) = value else {
            return false;
        };
        let n = items.len() as u64;
        shape.min.as_ref().is_none_or(|(min, _)| n >= *min)
            && shape.max.as_ref().is_none_or(|(max, _)| n <= *max)
            && items
                .iter()
                .all(|item| self.node_valid(shape.items, item, scope))
    }

    /// Every error of an applicator keyword of the node `id`.
    pub(crate) fn applicator_errors<'v>(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let path = &keyword.path;
        match (&keyword.check, value) {
            (Check::Properties(p), Value::Object(o)) => {
                self.properties_errors(p, o, value, loc, scope, out);
            }
            (Check::PatternProperties(patterns), Value::Object(o)) => {
                for (pattern, node) in patterns {
                    for (key, v) in o.iter().filter(|(k, _)| pattern.regex.is_match(k)) {
                        self.node_errors(*node, v, &Loc::Key(loc, key), scope, out);
                    }
                }
            }
            (Check::Additional(a), Value::Object(o)) => {
                self.additional_errors(a, o, value, loc, path, scope, out);
            }
            (Check::PropertyNames(node), Value::Object(o)) => {
                for key in o.keys() {
                    let name = Value::String(key.clone());
                    let mut inner = Vec::new();
                    self.node_errors(*node, &name, loc, scope, &mut inner);
                    for e in inner {
                        let at = e.schema_path().to_string();
                        let kind = ErrorKind::PropertyNames {
                            error: Box::new(e.into_owned()),
                        };
                        out.push(error(value, loc, &at, kind));
                    }
                }
            }
            (Check::NoPropertyNames, Value::Object(o)) if !o.is_empty() => {
                out.push(error(value, loc, path, ErrorKind::FalseSchema));
            }
            (Check::ArrayShape(shape), _) => self.shape_errors(shape, value, loc, scope, out),
            _ => self.item_errors(id, keyword, value, loc, scope, out),
        }
    }

    fn properties_errors<'v>(
        &self,
        p: &Properties,
        o: &'v Map<String, Value>,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        if let Some((names, at)) = &p.required {
            required_errors(names, value, loc, at, out);
        }
        if scan_members(o, p.properties.len()) {
            for (key, v) in o {
                if let Some((_, node)) = p.properties.iter().find(|(n, _)| n == key) {
                    self.node_errors(*node, v, &Loc::Key(loc, key), scope, out);
                }
            }
        } else {
            for (name, node) in &p.properties {
                if let Some(v) = o.get(name) {
                    self.node_errors(*node, v, &Loc::Key(loc, name), scope, out);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn additional_errors<'v>(
        &self,
        a: &Additional,
        o: &'v Map<String, Value>,
        value: &'v Value,
        loc: &Loc<'_>,
        path: &str,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let mut unexpected = Vec::new();
        for (key, v) in o {
            let here = Loc::Key(loc, key);
            let mut matched = false;
            if let Some((_, node)) = a.properties.iter().find(|(n, _)| n == key) {
                matched = true;
                self.node_errors(*node, v, &here, scope, out);
            }
            for (pattern, node) in &a.patterns {
                if pattern.regex.is_match(key) {
                    matched = true;
                    self.node_errors(*node, v, &here, scope, out);
                }
            }
            if !matched {
                match a.rest {
                    None => unexpected.push(key.clone()),
                    Some(node) => self.node_errors(node, v, &here, scope, out),
                }
            }
        }
        if !unexpected.is_empty() {
            let kind = ErrorKind::AdditionalProperties { unexpected };
            out.push(error(value, loc, path, kind));
        }
        if let Some((name, at)) = &a.required {
            required_errors(std::slice::from_ref(name), value, loc, at, out);
        }
    }

    fn shape_errors<'v>(
        &self,
        shape: &ArrayShape,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let Value::Array(items) = value else {
            out.push(array_type_error(value, loc, &shape.type_path));
            return;
        };
        let n = items.len() as u64;
        if let Some((min, at)) = &shape.min {
            if n < *min {
                out.push(error(value, loc, at, ErrorKind::MinItems { limit: *min }));
            }
        }
        if let Some((max, at)) = &shape.max {
            if n > *max {
                out.push(error(value, loc, at, ErrorKind::MaxItems { limit: *max }));
            }
        }
        for (i, item) in items.iter().enumerate() {
            self.node_errors(shape.items, item, &Loc::Index(loc, i), scope, out);
        }
    }

    fn item_errors<'v>(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let path = &keyword.path;
        match (&keyword.check, value) {
            (Check::Items(node, skip), Value::Array(items)) => {
                for (i, item) in items.iter().enumerate().skip(*skip) {
                    self.node_errors(*node, item, &Loc::Index(loc, i), scope, out);
                }
            }
            (Check::Tuple(nodes), Value::Array(items)) => {
                for (i, (node, item)) in nodes.iter().zip(items).enumerate() {
                    self.node_errors(*node, item, &Loc::Index(loc, i), scope, out);
                }
            }
            (Check::AdditionalItems(limit, Rest::False), Value::Array(items)) => {
                if items.len() > *limit {
                    let kind = ErrorKind::AdditionalItems { limit: *limit };
                    out.push(error(value, loc, path, kind));
                }
            }
            (Check::AdditionalItems(limit, Rest::Schema(node)), Value::Array(items)) => {
                for (i, item) in items.iter().enumerate().skip(*limit) {
                    self.node_errors(*node, item, &Loc::Index(loc, i), scope, out);
                }
            }
            (Check::Contains(c), Value::Array(items)) => {
                let stop = c.max.as_ref().map_or(u64::MAX - 1, |(max, _)| *max);
                let matches = contains_count(self, c, items, scope, stop);
                if let Some(at) = contains_verdict(c, matches, path) {
                    out.push(error(value, loc, at, ErrorKind::Contains));
                }
            }
            _ => self.object_errors(id, keyword, value, loc, scope, out),
        }
    }

    fn object_errors<'v>(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let path = &keyword.path;
        match (&keyword.check, value) {
            (Check::Dependencies(deps), Value::Object(o)) => {
                for (_, dep) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    match dep {
                        Dependency::Required(names) => {
                            required_errors(names, value, loc, path, out);
                        }
                        Dependency::Schema(node) => self.node_errors(*node, value, loc, scope, out),
                    }
                }
            }
            (Check::DependentSchemas(deps), Value::Object(o)) => {
                for (_, node) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                    self.node_errors(*node, value, loc, scope, out);
                }
            }
            (Check::UnevaluatedProperties(rest), Value::Object(o)) => {
                let unexpected = self.unevaluated_properties(id, *rest, o, value, scope);
                if !unexpected.is_empty() {
                    let kind = ErrorKind::UnevaluatedProperties { unexpected };
                    out.push(error(value, loc, path, kind));
                }
            }
            (Check::UnevaluatedItems(rest), Value::Array(items)) => {
                let unexpected: Vec<String> = (self
                    .unevaluated_items(id, *rest, items, value, scope))
                .into_iter()
                .map(|i| items[i].to_string())
                .collect();
                if !unexpected.is_empty() {
                    let kind = ErrorKind::UnevaluatedItems { unexpected };
                    out.push(error(value, loc, path, kind));
                }
            }
            _ => self.combinator_errors(keyword, value, loc, scope, out),
        }
    }

    /// Each branch's errors, owned (they outlive the validation in a combinator's error).
    fn branches(
        &self,
        nodes: &[NodeId],
        value: &Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
    ) -> Vec<Vec<ValidationError<'static>>> {
        nodes
            .iter()
            .map(|node| {
                let mut branch = Vec::new();
                self.node_errors(*node, value, loc, scope, &mut branch);
                branch
                    .into_iter()
                    .map(ValidationError::into_owned)
                    .collect()
            })
            .collect()
    }

    fn combinator_errors<'v>(
        &self,
        keyword: &Keyword,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let path = &keyword.path;
        match &keyword.check {
            Check::AllOf(nodes) => {
                for node in nodes {
                    self.node_errors(*node, value, loc, scope, out);
                }
            }
            Check::AnyOf(nodes) if !nodes.iter().any(|n| self.node_valid(*n, value, scope)) => {
                let context = self.branches(nodes, value, loc, scope);
                out.push(error(value, loc, path, ErrorKind::AnyOf { context }));
            }
            Check::OneOf(nodes) => {
                let valid = nodes
                    .iter()
                    .filter(|n| self.node_valid(**n, value, scope))
                    .take(2)
                    .count();
                if valid == 1 {
                    return;
                }
                let kind = if valid == 0 {
                    let context = self.branches(nodes, value, loc, scope);
                    ErrorKind::OneOfNotValid { context }
                } else {
                    ErrorKind::OneOfMultipleValid
                };
                out.push(error(value, loc, path, kind));
            }
            Check::Not(node, schema) if self.node_valid(*node, value, scope) => {
                let kind = ErrorKind::Not {
                    schema: schema.clone(),
                };
                out.push(error(value, loc, path, kind));
            }
            Check::If(condition, then, otherwise) => {
                let branch = if self.node_valid(*condition, value, scope) {
                    then
                } else {
                    otherwise
                };
                if let Some(node) = branch {
                    self.node_errors(*node, value, loc, scope, out);
                }
            }
            Check::Ref(target, cyclic) => {
                self.follow(*target, *cyclic, value, scope, |s| {
                    self.node_errors(*target, value, loc, s, out);
                });
            }
            Check::RecursiveRef(target, candidates) | Check::DynamicRef(target, candidates) => {
                let target = self.dynamic_target(*target, candidates, scope);
                self.follow(target, true, value, scope, |s| {
                    self.node_errors(target, value, loc, s, out);
                });
            }
            _ => {}
        }
    }
}
