//! Whether a value satisfies the keywords that apply subschemas: properties, items,
//! combinators, conditionals and references (the fast path of `is_valid`).

use serde_json::{Map, Value};

use super::keywords::{
    additional_nodes, contains_broken, contains_count, named_members, rest_valid,
};
use super::nodes::{Additional, Check, Dependency, Keyword, NodeId};
use super::{Scope, Validator};

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
            (Check::Properties(p), Value::Object(o)) => {
                named_members(p, o).all(|(_, v, node)| self.node_valid(node, v, scope))
            }
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
                let stop = c
                    .max
                    .as_ref()
                    .map_or(u64::MAX - 1, |(max, _)| (*max).max(0) as u64);
                let matches = contains_count(self, c, items, scope, stop);
                contains_broken(c, matches) == (false, false)
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

    fn additional_valid(&self, a: &Additional, o: &Map<String, Value>, scope: &mut Scope) -> bool {
        o.iter().all(|(key, value)| {
            additional_nodes(a, key)
                .is_some_and(|mut nodes| nodes.all(|node| self.node_valid(node, value, scope)))
        })
    }
}
