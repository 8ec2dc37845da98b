//! The charts' renders as the judge's evidence (issue 43, docs/behaviour.md "The render as a
//! judge"): when both charts render with the values, a value the target's render reads nowhere
//! is ignored though the templates' static reading missed it, and a value the proposal moves away
//! from a path the target still reads is carried when the target renders the same with it.
//! The renders are made above this layer (`behaviour::Renders`); here is what the stages ask.

use serde_json::Value;

use super::compiled::Compiled;
use crate::path::ValuePath;
use crate::schema::{Displaced, DisplacedBy};

/// How a render read a value, written or not (NOTES.txt aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// No template read it, nor a value inside it, nor a mapping or list it sits in.
    Nowhere,
    /// A template took a mapping or list it sits in whole (which may leave it out: `omit`).
    Around,
    /// A template read it, or a value inside it that the values hold.
    Itself,
}

/// Both charts of a bump rendered with given values, as the stages ask of them.
pub trait Renders: std::fmt::Debug {
    /// How the target chart, rendered with `original`, reads `path`; `None` when it does not
    /// render.
    fn target_reads(&self, original: &Value, path: &ValuePath) -> Option<Reading>;

    /// The base chart's template that reads `path` (itself, or a mapping it sits in) when
    /// rendered with `original`; `None` when none does or it does not render.
    fn base_reader(&self, original: &Value, path: &ValuePath) -> Option<String>;

    /// Whether every place where the target's render of `original` writes `path`'s effect
    /// renders the same with `values` (the proposal); `None` when either does not render.
    fn alike(&self, original: &Value, path: &ValuePath, values: &Value) -> Option<bool>;
}

/// The values the target ignores, with what the renders add when the target renders with
/// `original`: a value the base's render read and the target's reads nowhere — not itself, not a
/// value inside it, not a mapping around it, not even in a `fail` guard — is ignored, though the
/// templates' static reading missed it. What that reading named stays: a read the render sees
/// may be one the static reading rightly discounts (a `fail` guard that does not fire).
pub(crate) fn judged(
    compiled: &Compiled,
    original: &Value,
    schema: &[Displaced],
    found: Vec<Displaced>,
    renders: &dyn Renders,
) -> Vec<Displaced> {
    if renders.target_reads(original, &ValuePath::root()).is_none() {
        return found;
    }
    let mut out = found;
    let named: Vec<ValuePath> = schema.iter().chain(&out).map(|d| d.path.clone()).collect();
    let chart = compiled.target_chart();
    let mut walk = Walk {
        original,
        renders,
        named: &named,
        chart: &chart,
        out: &mut out,
    };
    walk.node(&ValuePath::root(), original);
    out
}

/// The walk of the original values, outermost first, for the values only the renders find ignored.
struct Walk<'w> {
    original: &'w Value,
    renders: &'w dyn Renders,
    named: &'w [ValuePath],
    chart: &'w str,
    out: &'w mut Vec<Displaced>,
}

impl Walk<'_> {
    /// Looks at each value inside `value` (at `path`): ignored as a whole, or looked inside.
    fn node(&mut self, path: &ValuePath, value: &Value) {
        let children: Vec<(ValuePath, &Value)> = match value {
            Value::Object(map) => map.iter().map(|(k, v)| (path.key(k.as_str()), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (path.index(i), v))
                .collect(),
            _ => return,
        };
        for (child, value) in children {
            // A value named already, or inside one, is left as it was named.
            if self.named.iter().any(|n| child.starts_with(n)) {
                continue;
            }
            let holds_named = self.named.iter().any(|n| n.starts_with(&child));
            match self.renders.target_reads(self.original, &child) {
                Some(Reading::Nowhere) if !holds_named => self.ignored(child, value),
                Some(Reading::Itself) => self.node(&child, value),
                Some(_) if holds_named => self.node(&child, value),
                _ => {}
            }
        }
    }

    /// Names `path` ignored when the base's render read it.
    fn ignored(&mut self, path: ValuePath, value: &Value) {
        let Some(file) = self.renders.base_reader(self.original, &path) else {
            return;
        };
        self.out.push(Displaced {
            reason: format!(
                "ignored by {}: rendered with these values, no template of it reads it; read before by {file}",
                self.chart
            ),
            path,
            value: value.clone(),
            base_accepts: true,
            by: DisplacedBy::Templates,
            read_before: Some(file),
        });
    }
}
