//! `unevaluatedProperties` and `unevaluatedItems`: which members and items the node's other
//! keywords (and the subschemas that apply and succeed) evaluated, as Helm's validator counts
//! them (the official suite's verdicts, as Helm gives them).

use serde_json::{Map, Value};

use super::Draft;
use super::nodes::{Body, Check, Dependency, Keyword, NodeId};
use super::{Scope, Validator};

impl Validator {
    /// The keywords of the node `id` when this walk has not marked through it yet (a `$ref`
    /// cycle visits each node once).
    fn first_visit(&self, id: NodeId, seen: &mut Vec<NodeId>) -> Option<&[Keyword]> {
        let Body::Keywords(keywords) = &self.nodes[id].body else {
            return None;
        };
        if seen.contains(&id) {
            return None;
        }
        seen.push(id);
        Some(keywords)
    }

    /// The keys of `o` that no keyword of the node `id` evaluated and `rest` refuses.
    pub(crate) fn unevaluated_properties(
        &self,
        id: NodeId,
        rest: Option<NodeId>,
        o: &Map<String, Value>,
        value: &Value,
        scope: &mut Scope,
    ) -> Vec<String> {
        let mut marks = vec![false; o.len()];
        let mut seen = Vec::new();
        self.mark_properties(id, o, value, scope, &mut marks, &mut seen);
        o.iter()
            .zip(marks)
            .filter(|((_, v), marked)| {
                !marked && rest.is_none_or(|node| !self.node_valid(node, v, scope))
            })
            .map(|((k, _), _)| k.clone())
            .collect()
    }

    fn mark_properties(
        &self,
        id: NodeId,
        o: &Map<String, Value>,
        value: &Value,
        scope: &mut Scope,
        marks: &mut [bool],
        seen: &mut Vec<NodeId>,
    ) {
        let Some(keywords) = self.first_visit(id, seen) else {
            return;
        };
        for keyword in keywords {
            let mut mark = |keep: &dyn Fn(&str, &Value) -> bool| {
                for (i, (k, v)) in o.iter().enumerate() {
                    if keep(k, v) {
                        marks[i] = true;
                    }
                }
            };
            match &keyword.check {
                Check::Properties(p) => mark(&|k, _| p.iter().any(|(n, _)| n == k)),
                Check::PatternProperties(ps) => {
                    mark(&|k, _| ps.iter().any(|(p, _)| p.regex.is_match(k)))
                }
                Check::Additional(_) | Check::AllProperties => mark(&|_, _| true),
                Check::UnevaluatedProperties(rest) => {
                    for (i, v) in o.values().enumerate() {
                        if !marks[i] && rest.is_some_and(|n| self.node_valid(n, v, scope)) {
                            marks[i] = true;
                        }
                    }
                }
                Check::DependentSchemas(deps) => {
                    for (_, node) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                        self.mark_properties(*node, o, value, scope, marks, seen);
                    }
                }
                Check::Dependencies(deps) if self.nodes[id].draft >= Draft::Draft201909 => {
                    for (_, dep) in deps.iter().filter(|(k, _)| o.contains_key(k)) {
                        if let Dependency::Schema(node) = dep {
                            self.mark_properties(*node, o, value, scope, marks, seen);
                        }
                    }
                }
                _ => {
                    for node in self.applied(&keyword.check, value, scope) {
                        self.mark_properties(node, o, value, scope, marks, seen);
                    }
                }
            }
        }
        seen.pop();
    }

    /// The subschemas whose annotations count for the node: references always, `allOf`/`anyOf`
    /// branches that succeed, `if` with its branch; of `oneOf`, the branches that succeed up to
    /// the second, where Helm's validator stops, even though the `oneOf` then fails.
    fn applied(&self, check: &Check, value: &Value, scope: &mut Scope) -> Vec<NodeId> {
        match check {
            Check::Ref(target, _) => vec![*target],
            Check::RecursiveRef(target, candidates) | Check::DynamicRef(target, candidates) => {
                vec![self.dynamic_target(*target, candidates, scope)]
            }
            Check::AllOf(nodes) | Check::AnyOf(nodes) => nodes
                .iter()
                .copied()
                .filter(|n| self.node_valid(*n, value, scope))
                .collect(),
            Check::OneOf(nodes) => nodes
                .iter()
                .copied()
                .filter(|n| self.node_valid(*n, value, scope))
                .take(2)
                .collect(),
            Check::If(condition, then, otherwise) => {
                if self.node_valid(*condition, value, scope) {
                    std::iter::once(*condition).chain(*then).collect()
                } else {
                    otherwise.iter().copied().collect()
                }
            }
            _ => Vec::new(),
        }
    }

    /// The indexes of the items of `items` that no keyword of the node `id` evaluated and
    /// `rest` refuses.
    pub(crate) fn unevaluated_items(
        &self,
        id: NodeId,
        rest: Option<NodeId>,
        items: &[Value],
        value: &Value,
        scope: &mut Scope,
    ) -> Vec<usize> {
        let mut marks = vec![false; items.len()];
        let mut seen = Vec::new();
        self.mark_items(id, items, value, scope, &mut marks, &mut seen);
        (0..items.len())
            .filter(|&i| {
                !marks[i] && rest.is_none_or(|node| !self.node_valid(node, &items[i], scope))
            })
            .collect()
    }

    fn mark_items(
        &self,
        id: NodeId,
        items: &[Value],
        value: &Value,
        scope: &mut Scope,
        marks: &mut [bool],
        seen: &mut Vec<NodeId>,
    ) {
        let Some(keywords) = self.first_visit(id, seen) else {
            return;
        };
        for keyword in keywords {
            match &keyword.check {
                Check::Tuple(nodes) => marks.iter_mut().take(nodes.len()).for_each(|m| *m = true),
                Check::Items(_, skip) => marks.iter_mut().skip(*skip).for_each(|m| *m = true),
                Check::AdditionalItems(..) | Check::AllItems => {
                    marks.iter_mut().for_each(|m| *m = true);
                }
                Check::Contains(c) if self.nodes[id].draft >= Draft::Draft202012 => {
                    for (i, item) in items.iter().enumerate() {
                        if self.node_valid(c.node, item, scope) {
                            marks[i] = true;
                        }
                    }
                }
                Check::UnevaluatedItems(rest) => {
                    for (i, item) in items.iter().enumerate() {
                        if !marks[i] && rest.is_some_and(|n| self.node_valid(n, item, scope)) {
                            marks[i] = true;
                        }
                    }
                }
                _ => {
                    for node in self.applied(&keyword.check, value, scope) {
                        self.mark_items(node, items, value, scope, marks, seen);
                    }
                }
            }
        }
        seen.pop();
    }
}
