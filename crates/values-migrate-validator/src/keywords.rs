//! Each keyword's check, in one place: `*_valid` answers yes or no without building anything
//! (the fast path of `is_valid`), and `helm.rs` reports a failed check by the same functions.

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

use super::error::{ErrorKind, JsonType, TypeSet};
use super::nodes::{
    Additional, Body, Bound, Check, Contains, Count, Expected, Keyword, NodeId, Rest,
};
use super::number::{Limit, compare, equal, is_multiple_of, values_equal};
use super::{Scope, Validator};

/// What a value is compared with: the schema's `enum`/`const` (its numbers as written) or
/// another part of a value (its numbers as Helm reads them).
pub(crate) trait Compared: Sized {
    /// Whether this is the number `n`; `None` when this is no number.
    fn number_is(&self, n: &Number) -> Option<bool>;
    /// The items, when this is an array.
    fn items(&self) -> Option<&[Self]>;
    /// How many members, and each, when this is an object.
    fn members(&self) -> Option<(usize, impl Iterator<Item = (&str, &Self)>)>;
    /// This, when it is `null`, a boolean or a string.
    fn scalar(&self) -> Option<&Value>;
}

impl Compared for Value {
    fn number_is(&self, n: &Number) -> Option<bool> {
        self.as_number().map(|x| values_equal(x, n))
    }

    fn items(&self) -> Option<&[Value]> {
        self.as_array().map(Vec::as_slice)
    }

    fn members(&self) -> Option<(usize, impl Iterator<Item = (&str, &Value)>)> {
        let o = self.as_object()?;
        Some((o.len(), o.iter().map(|(k, v)| (k.as_str(), v))))
    }

    fn scalar(&self) -> Option<&Value> {
        (!matches!(self, Value::Number(_) | Value::Array(_) | Value::Object(_))).then_some(self)
    }
}

impl Compared for Expected {
    fn number_is(&self, n: &Number) -> Option<bool> {
        match self {
            Expected::Number(x, _) => Some(equal(x, n)),
            _ => None,
        }
    }

    fn items(&self) -> Option<&[Expected]> {
        match self {
            Expected::Array(items) => Some(items),
            _ => None,
        }
    }

    fn members(&self) -> Option<(usize, impl Iterator<Item = (&str, &Expected)>)> {
        match self {
            Expected::Object(m) => Some((m.len(), m.iter().map(|(k, v)| (k.as_str(), v)))),
            _ => None,
        }
    }

    fn scalar(&self) -> Option<&Value> {
        match self {
            Expected::Other(x) => Some(x),
            _ => None,
        }
    }
}

/// Whether `value` equals `a` as Helm compares them: numbers by value (`1 == 1.0`; the
/// schema's as written, a value's as Helm reads it), objects whatever their key order.
pub(crate) fn json_equal(a: &impl Compared, value: &Value) -> bool {
    match value {
        Value::Number(n) => a.number_is(n).unwrap_or(false),
        Value::Array(items) => a.items().is_some_and(|x| {
            x.len() == items.len() && x.iter().zip(items).all(|(a, b)| json_equal(a, b))
        }),
        Value::Object(o) => a.members().is_some_and(|(len, mut members)| {
            len == o.len() && members.all(|(k, v)| o.get(k).is_some_and(|w| json_equal(v, w)))
        }),
        scalar => a.scalar() == Some(scalar),
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

fn count_ok(count: Count, limit: i64, value: &Value) -> bool {
    let n = match (count, value) {
        (Count::MinLength | Count::MaxLength, Value::String(s)) => s.chars().count(),
        (Count::MinItems | Count::MaxItems, Value::Array(a)) => a.len(),
        (Count::MinProperties | Count::MaxProperties, Value::Object(o)) => o.len(),
        _ => return true,
    } as i64;
    match count {
        Count::MinLength | Count::MinItems | Count::MinProperties => n >= limit,
        _ => n <= limit,
    }
}

fn bound_ok(bound: Bound, limit: &Limit, value: &Value) -> bool {
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
            Check::Enum(_, options) => options.iter().any(|o| json_equal(o, value)),
            Check::Const(_, expected) => json_equal(expected, value),
            Check::Bound(bound, limit, _) => bound_ok(*bound, limit, value),
            Check::MultipleOf(m) => match value {
                Value::Number(n) => is_multiple_of(n, m),
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
}

/// Whether a check is about the value alone (one error at most, at the keyword's path).
pub(crate) fn is_leaf(check: &Check) -> bool {
    matches!(
        check,
        Check::Type { .. }
            | Check::Enum(..)
            | Check::Const(..)
            | Check::Bound(..)
            | Check::MultipleOf(_)
            | Check::Count(..)
            | Check::Pattern(_)
            | Check::Format(..)
            | Check::UniqueItems
    )
}

/// The error kind of a leaf check `value` failed.
pub(crate) fn leaf_kind(check: &Check, value: &Value) -> ErrorKind {
    match check {
        Check::Type { kind, .. } => ErrorKind::Type { kind: kind.clone() },
        Check::Enum(options, expected) => ErrorKind::Enum {
            options: options.clone(),
            written: (expected.iter().enumerate())
                .filter_map(|(i, e)| Some((i, written(e)?)))
                .collect(),
        },
        Check::Const(value, expected) => ErrorKind::Constant {
            expected_value: value.clone(),
            written: written(expected),
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
        Check::MultipleOf(m) => ErrorKind::MultipleOf {
            multiple_of: m.limit.nearest,
        },
        Check::Count(count, limit) => {
            // Go's `int` in the error's `u64`, bit for bit (`words.rs` reads it back).
            let limit = *limit as u64;
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
        Check::Format(format, name) => ErrorKind::Format {
            format: name.clone(),
            reason: value
                .as_str()
                .and_then(|text| format.check(text).err())
                .unwrap_or_default(),
        },
        _ => ErrorKind::UniqueItems,
    }
}

/// The literal of an expected number that serde_json prints otherwise.
fn written(expected: &Expected) -> Option<String> {
    match expected {
        Expected::Number(_, Some(literal)) => Some(literal.to_string()),
        _ => None,
    }
}

/// The members of `o` that `properties` names, in the instance's order, each with its node.
pub(crate) fn named_members<'a>(
    properties: &'a [(String, NodeId)],
    o: &'a Map<String, Value>,
) -> impl Iterator<Item = (&'a String, &'a Value, NodeId)> {
    // Values name few of a schema's properties: a scan costs less than hashing each name.
    o.iter().filter_map(|(key, value)| {
        let (_, node) = properties.iter().find(|(name, _)| name == key)?;
        Some((key, value, *node))
    })
}

/// The nodes `additionalProperties` applies to the member `key`: its property's and its
/// matching patterns', else the rest's; `None` when the key is additional and refused.
pub(crate) fn additional_nodes<'a>(
    additional: &'a Additional,
    key: &'a str,
) -> Option<impl Iterator<Item = NodeId> + 'a> {
    let named = (additional.properties.iter())
        .find(|(name, _)| name == key)
        .map(|(_, node)| *node);
    let patterned = (additional.patterns.iter())
        .filter(move |(pattern, _)| pattern.regex.is_match(key))
        .map(|(_, node)| *node);
    let mut matched = named.into_iter().chain(patterned).peekable();
    let rest = match matched.peek() {
        Some(_) => None,
        None => Some(additional.rest?),
    };
    Some(matched.chain(rest))
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

/// Which `contains` bounds `matches` matching items break: the lower (`minContains`, or at
/// least one), the upper (`maxContains`).
pub(crate) fn contains_broken(contains: &Contains, matches: u64) -> (bool, bool) {
    let matches = i64::try_from(matches).unwrap_or(i64::MAX);
    let low = match &contains.min {
        Some((min, _)) => matches < *min,
        None => matches == 0,
    };
    let high = contains.max.as_ref().is_some_and(|(max, _)| matches > *max);
    (low, high)
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
