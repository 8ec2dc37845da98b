//! Validating a value against compiled nodes: `*_valid` answers yes or no without building
//! anything, `*_errors` reports every error in jsonschema 0.61's order.

use std::borrow::Cow;
use std::cmp::Ordering;

use serde_json::{Map, Value};

use super::error::{ErrorKind, JsonType, TypeKind, TypeSet, ValidationError};
use super::nodes::{Body, Bound, Check, Contains, Count, Keyword, NodeId, Rest};
use super::number::{compare, is_multiple_of};
use super::{Loc, Scope, Validator};

/// JSON equality: numbers by value (`1 == 1.0`), objects whatever their key order.
pub(crate) fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => super::number::equal(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

/// Whether `value` is one of the types in `set`.
fn type_matches(value: &Value, set: TypeSet, draft4: bool) -> bool {
    let t = match value {
        Value::Null => JsonType::Null,
        Value::Bool(_) => JsonType::Boolean,
        Value::Number(n) => {
            if set.contains(JsonType::Number) {
                return true;
            }
            let whole = n.is_i64()
                || n.is_u64()
                || (!draft4 && n.as_f64().is_some_and(|f| f.fract() == 0.0));
            return whole && set.contains(JsonType::Integer);
        }
        Value::String(_) => JsonType::String,
        Value::Array(_) => JsonType::Array,
        Value::Object(_) => JsonType::Object,
    };
    set.contains(t)
}

fn unique(items: &[Value]) -> bool {
    items
        .iter()
        .enumerate()
        .all(|(i, a)| items[i + 1..].iter().all(|b| !json_equal(a, b)))
}

fn count_ok(count: Count, limit: u64, value: &Value) -> bool {
    let n = match (count, value) {
        (Count::MinLength | Count::MaxLength, Value::String(s)) => s.chars().count(),
        (Count::MinItems | Count::MaxItems, Value::Array(a)) => a.len(),
        (Count::MinProperties | Count::MaxProperties, Value::Object(o)) => o.len(),
        _ => return true,
    } as u64;
    match count {
        Count::MinLength | Count::MinItems | Count::MinProperties => n >= limit,
        _ => n <= limit,
    }
}

fn bound_ok(bound: Bound, limit: super::number::Limit, value: &Value) -> bool {
    let Value::Number(n) = value else {
        return true;
    };
    let order = compare(n, limit);
    match bound {
        Bound::Minimum => order != Ordering::Less,
        Bound::Maximum => order != Ordering::Greater,
        Bound::ExclusiveMinimum => order == Ordering::Greater,
        Bound::ExclusiveMaximum => order == Ordering::Less,
    }
}

impl Validator {
    /// Whether `value` satisfies the node `id`.
    pub(crate) fn node_valid(&self, id: NodeId, value: &Value, scope: &mut Scope) -> bool {
        let node = &self.nodes[id];
        match &node.body {
            Body::True => true,
            Body::False => false,
            Body::Keywords(keywords) => {
                let entered = self.enter(node.resource, scope);
                let valid = keywords
                    .iter()
                    .all(|k| self.keyword_valid(id, k, value, scope));
                self.leave(entered, scope);
                valid
            }
        }
    }

    /// Every error of `value` against the node `id`.
    pub(crate) fn node_errors<'v>(
        &self,
        id: NodeId,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let node = &self.nodes[id];
        match &node.body {
            Body::True => {}
            Body::False => out.push(error(value, loc, &node.location, ErrorKind::FalseSchema)),
            Body::Keywords(keywords) => {
                let entered = self.enter(node.resource, scope);
                for keyword in keywords {
                    self.keyword_errors(id, keyword, value, loc, scope, out);
                }
                self.leave(entered, scope);
            }
        }
    }

    pub(crate) fn enter(&self, resource: usize, scope: &mut Scope) -> bool {
        if self.dynamic && scope.resources.last() != Some(&resource) {
            scope.resources.push(resource);
            return true;
        }
        false
    }

    pub(crate) fn leave(&self, entered: bool, scope: &mut Scope) {
        if entered {
            scope.resources.pop();
        }
    }

    /// The node a `$recursiveRef`/`$dynamicRef` leads to in the current dynamic scope.
    pub(crate) fn dynamic_target(
        &self,
        target: NodeId,
        candidates: &[(usize, NodeId)],
        scope: &Scope,
    ) -> NodeId {
        scope
            .resources
            .iter()
            .find_map(|r| candidates.iter().find(|(c, _)| c == r).map(|(_, n)| *n))
            .unwrap_or(target)
    }

    /// Follows a reference: `None` when it would re-enter itself on the same value.
    pub(crate) fn follow<T>(
        &self,
        target: NodeId,
        cyclic: bool,
        value: &Value,
        scope: &mut Scope,
        run: impl FnOnce(&mut Scope) -> T,
    ) -> Option<T> {
        if !cyclic {
            return Some(run(scope));
        }
        let key = (target, std::ptr::from_ref(value) as usize);
        if scope.active.contains(&key) {
            return None;
        }
        scope.active.push(key);
        let result = run(scope);
        scope.active.pop();
        Some(result)
    }

    pub(crate) fn keyword_valid(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &Value,
        scope: &mut Scope,
    ) -> bool {
        match &keyword.check {
            Check::Type { set, draft4, .. } => type_matches(value, *set, *draft4),
            Check::Enum(options) => options
                .as_array()
                .is_some_and(|o| o.iter().any(|o| json_equal(o, value))),
            Check::Const(expected) => json_equal(expected, value),
            Check::Bound(bound, limit, _) => bound_ok(*bound, *limit, value),
            Check::MultipleOf(m) => match value {
                Value::Number(n) => is_multiple_of(n, *m),
                _ => true,
            },
            Check::Count(count, limit) => count_ok(*count, *limit, value),
            Check::Required(names) => value
                .as_object()
                .is_none_or(|o| names.iter().all(|n| o.contains_key(n))),
            Check::DependentRequired(deps) => value.as_object().is_none_or(|o| {
                deps.iter()
                    .filter(|(k, _)| o.contains_key(k))
                    .all(|(_, names)| names.iter().all(|n| o.contains_key(n)))
            }),
            Check::Pattern(p) => value.as_str().is_none_or(|s| p.regex.is_match(s)),
            Check::Format(f, _) => value.as_str().is_none_or(|s| f.is_valid(s)),
            Check::UniqueItems => value.as_array().is_none_or(|a| unique(a)),
            _ => self.applicator_valid(id, keyword, value, scope),
        }
    }

    fn keyword_errors<'v>(
        &self,
        id: NodeId,
        keyword: &Keyword,
        value: &'v Value,
        loc: &Loc<'_>,
        scope: &mut Scope,
        out: &mut Vec<ValidationError<'v>>,
    ) {
        let path = &keyword.path;
        let kind = match &keyword.check {
            Check::Required(names) => {
                return required_errors(names, value, loc, path, out);
            }
            Check::DependentRequired(deps) => {
                let Some(object) = value.as_object() else {
                    return;
                };
                for (_, names) in deps.iter().filter(|(k, _)| object.contains_key(k)) {
                    required_errors(names, value, loc, path, out);
                }
                return;
            }
            check if is_leaf(check) => {
                if self.keyword_valid(id, keyword, value, scope) {
                    return;
                }
                leaf_kind(check)
            }
            _ => return self.applicator_errors(id, keyword, value, loc, scope, out),
        };
        out.push(error(value, loc, path, kind));
    }
}

/// Whether a check is about the value alone (one error at most, at the keyword's path).
fn is_leaf(check: &Check) -> bool {
    matches!(
        check,
        Check::Type { .. }
            | Check::Enum(_)
            | Check::Const(_)
            | Check::Bound(..)
            | Check::MultipleOf(_)
            | Check::Count(..)
            | Check::Pattern(_)
            | Check::Format(..)
            | Check::UniqueItems
    )
}

/// The error kind of a failed leaf check.
fn leaf_kind(check: &Check) -> ErrorKind {
    match check {
        Check::Type { kind, .. } => ErrorKind::Type { kind: kind.clone() },
        Check::Enum(options) => ErrorKind::Enum {
            options: options.clone(),
        },
        Check::Const(expected) => ErrorKind::Constant {
            expected_value: expected.clone(),
        },
        Check::Bound(bound, _, limit) => {
            let limit = limit.clone();
            match bound {
                Bound::Minimum => ErrorKind::Minimum { limit },
                Bound::Maximum => ErrorKind::Maximum { limit },
                Bound::ExclusiveMinimum => ErrorKind::ExclusiveMinimum { limit },
                Bound::ExclusiveMaximum => ErrorKind::ExclusiveMaximum { limit },
            }
        }
        Check::MultipleOf(m) => ErrorKind::MultipleOf { multiple_of: *m },
        Check::Count(count, limit) => {
            let limit = *limit;
            match count {
                Count::MinLength => ErrorKind::MinLength { limit },
                Count::MaxLength => ErrorKind::MaxLength { limit },
                Count::MinItems => ErrorKind::MinItems { limit },
                Count::MaxItems => ErrorKind::MaxItems { limit },
                Count::MinProperties => ErrorKind::MinProperties { limit },
                Count::MaxProperties => ErrorKind::MaxProperties { limit },
            }
        }
        Check::Pattern(p) => ErrorKind::Pattern {
            pattern: p.source.clone(),
        },
        Check::Format(_, name) => ErrorKind::Format {
            format: name.clone(),
        },
        _ => ErrorKind::UniqueItems,
    }
}

/// An error of `kind` for `value` at `loc`, from the keyword at `path`.
pub(crate) fn error<'v>(
    value: &'v Value,
    loc: &Loc<'_>,
    path: &str,
    kind: ErrorKind,
) -> ValidationError<'v> {
    ValidationError::new(Cow::Borrowed(value), kind, loc.pointer(), path.to_string())
}

/// One `required` error per name `value` (an object) lacks.
pub(crate) fn required_errors<'v>(
    names: &[String],
    value: &'v Value,
    loc: &Loc<'_>,
    path: &str,
    out: &mut Vec<ValidationError<'v>>,
) {
    let Some(object) = value.as_object() else {
        return;
    };
    for name in names.iter().filter(|n| !object.contains_key(*n)) {
        out.push(error(
            value,
            loc,
            path,
            ErrorKind::Required {
                property: Value::String(name.clone()),
            },
        ));
    }
}

/// How many items of `items` satisfy the `contains` node, stopping past `stop`.
pub(crate) fn contains_count(
    validator: &Validator,
    contains: &Contains,
    items: &[Value],
    scope: &mut Scope,
    stop: u64,
) -> u64 {
    let mut matches = 0;
    for item in items {
        if validator.node_valid(contains.node, item, scope) {
            matches += 1;
            if matches > stop {
                break;
            }
        }
    }
    matches
}

/// Whether the `contains` bounds hold for `matches`, and if not the path to report.
pub(crate) fn contains_verdict<'a>(
    contains: &'a Contains,
    matches: u64,
    path: &'a str,
) -> Option<&'a str> {
    match (&contains.min, &contains.max) {
        (None, None) => (matches == 0).then_some(path),
        (Some((min, at)), None) => (matches < *min).then_some(at.as_str()),
        (None, Some((max, at))) => (matches == 0 || matches > *max).then_some(at.as_str()),
        (Some((min, min_at)), Some((max, max_at))) => {
            if matches > *max {
                Some(max_at.as_str())
            } else {
                (matches < *min).then_some(min_at.as_str())
            }
        }
    }
}

/// The items past a prefix that `rest` governs.
pub(crate) fn rest_valid(
    validator: &Validator,
    rest: &Rest,
    items: &[Value],
    limit: usize,
    scope: &mut Scope,
) -> bool {
    match rest {
        Rest::False => items.len() <= limit,
        Rest::Schema(node) => items
            .iter()
            .skip(limit)
            .all(|item| validator.node_valid(*node, item, scope)),
    }
}

/// The keys of `object` in the order jsonschema walked `properties`: the instance's order, or
/// the schema's when the instance has over four members per declared property.
pub(crate) fn scan_members(object: &Map<String, Value>, properties: usize) -> bool {
    object.len() <= properties.saturating_mul(4)
}

/// The type error a fused array shape reports.
pub(crate) fn array_type_error<'v>(
    value: &'v Value,
    loc: &Loc<'_>,
    path: &str,
) -> ValidationError<'v> {
    error(
        value,
        loc,
        path,
        ErrorKind::Type {
            kind: TypeKind::Single(JsonType::Array),
        },
    )
}
