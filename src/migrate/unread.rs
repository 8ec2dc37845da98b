//! What the charts' templates say of a bump: a value the base chart read and the target reads
//! nowhere is displaced, a value a target template `required`s that nothing sets is escalated,
//! and a value of the proposal no target template reads is refused (docs/templates.md).

use super::compiled::Compiled;
use super::outcome::RefusalKind;
use super::plan::Finding;
use crate::path::{self, ValuePath};
use crate::reads::{Ignored, ReadSet, Reads};
use crate::schema::{Displaced, DisplacedBy, Escalation};
use serde_json::Value;

/// How many of the keys a chart reads a refusal names as the nearest.
const NEAREST: usize = 3;

/// The values of `original` the base chart's templates read and the target's read nowhere, as
/// their static reading finds them, less those the schema already displaced (or that sit inside one).
pub(crate) fn read_nowhere(
    compiled: &Compiled,
    original: &Value,
    schema: &[Displaced],
) -> Vec<Displaced> {
    let Some(reads) = compiled.reads.as_deref() else {
        return Vec::new();
    };
    let (base, target) = (&reads.0, &reads.1);
    let target_values = target_coalesced(compiled, original);
    let base_values = compiled
        .base
        .coalesce(compiled.base_side_defaults(), original);
    let before = base.with_values(&base_values);
    let after = target.with_values(&target_values);
    let inert = before.unread(original, &base_values);
    let taken = |p: &ValuePath| {
        schema
            .iter()
            .any(|d| p.starts_with(&d.path) || d.path.starts_with(p))
    };
    let unread = as_read_before(after.unread(original, &target_values), &before, original);
    unread
        .into_iter()
        .filter(|i| !taken(&i.path))
        .filter_map(|ignored| {
            let value = path::get(original, &ignored.path)?.clone();
            let read_before = before.reaching(&ignored.path).map(|site| base.cite(site));
            // A value a target guard reads only to `fail` is the chart refusing it, whether the
            // base read it or not: Helm renders nothing with it.
            if let Some(refused) = after.refused(&ignored.path, &target_values) {
                return Some(Displaced {
                    reason: refused_reason(target, &refused),
                    path: ignored.path,
                    value,
                    base_accepts: true,
                    by: DisplacedBy::Chart,
                    read_before,
                });
            }
            if inside(&inert, &ignored.path) {
                return None;
            }
            let cite = read_before?;
            let notes = after
                .noted(&ignored.path)
                .map(|site| {
                    format!(
                        "; only its NOTES.txt reads it ({}), which Helm prints and never applies",
                        target.cite(site)
                    )
                })
                .unwrap_or_default();
            Some(Displaced {
                reason: format!(
                    "ignored by {}: read before at {cite}{notes}",
                    target.chart()
                ),
                path: ignored.path,
                value,
                base_accepts: true,
                by: DisplacedBy::Templates,
                read_before: Some(cite),
            })
        })
        .collect()
}

/// Why the chart refuses a value: the `fail` it leads to, at its template's line.
fn refused_reason(target: &Reads, refused: &crate::reads::Refused) -> String {
    let said = if refused.message.is_empty() {
        String::new()
    } else {
        format!(": {}", refused.message)
    };
    format!("refused by the chart: {}{said}", target.cite(refused.site))
}

/// Why a value the bump does not displace stays, for survival's refusal: the target template
/// that still reads it (a back-compat read: `coalesce .Values.old .Values.new` left in one
/// template), the target schema that declares it, or, with neither, that nothing displaces it.
pub(crate) struct Kept<'s> {
    compiled: &'s Compiled,
    after: Option<ReadSet>,
}

impl<'s> Kept<'s> {
    /// What the target chart reads of `original`.
    pub(crate) fn new(compiled: &'s Compiled, original: &Value) -> Kept<'s> {
        let after = compiled
            .reads
            .as_deref()
            .map(|reads| reads.1.with_values(&target_coalesced(compiled, original)));
        Kept { compiled, after }
    }

    /// Whether a target template reads `path` (a back-compat read).
    pub(crate) fn read_by_template(&self, path: &ValuePath) -> bool {
        self.after
            .as_ref()
            .is_some_and(|after| after.reaching(path).is_some())
    }

    /// The words for `path`; `None` when the target schema accepting it is the reason.
    pub(crate) fn why(&self, path: &ValuePath) -> Option<String> {
        if let (Some(after), Some(reads)) = (&self.after, self.compiled.reads.as_deref()) {
            if let Some(site) = after.reaching(path) {
                return Some(format!(
                    "a template of {} still reads it at {}",
                    reads.1.chart(),
                    reads.1.cite(site)
                ));
            }
        }
        if self.compiled.target_declares(path) {
            return None;
        }
        Some(match self.compiled.reads.as_deref() {
            Some(reads) => format!(
                "nothing displaces it (the target schema does not refuse it, and {} did not read it before either)",
                reads.1.chart()
            ),
            None => "the target schema does not refuse it".to_string(),
        })
    }
}

/// The unread values grouped as the base chart read them: when the base read their mapping
/// whole (`toYaml .Values.server.config`) and every entry the document sets in it is unread,
/// the mapping is the one displaced value (it moves as a block, its comments with it).
fn as_read_before(unread: Vec<Ignored>, before: &ReadSet, original: &Value) -> Vec<Ignored> {
    let mut out: Vec<Ignored> = Vec::new();
    for ignored in &unread {
        let unit = before
            .whole_unit(&ignored.path)
            .filter(|unit| ignored.path.parent().as_ref() == Some(unit) && !unit.is_root())
            .filter(|unit| every_entry_unread(original, unit, &unread));
        let path = unit.unwrap_or_else(|| ignored.path.clone());
        if !out.iter().any(|kept| kept.path == path) {
            out.push(Ignored { path });
        }
    }
    out
}

/// Whether every leaf the document sets under `unit` is inside one of `unread`.
fn every_entry_unread(original: &Value, unit: &ValuePath, unread: &[Ignored]) -> bool {
    match path::get(original, unit) {
        Some(value @ Value::Object(map)) if !map.is_empty() => path::leaves(value)
            .into_iter()
            .all(|(leaf, _)| inside(unread, &unit.join(&leaf))),
        _ => false,
    }
}

/// The values a target template `required`s, under conditions the values make true, that
/// neither the values nor the defaults set: a person must give them.
pub(crate) fn required(compiled: &Compiled, original: &Value) -> Vec<Escalation> {
    let Some(reads) = compiled.reads.as_deref() else {
        return Vec::new();
    };
    let target = &reads.1;
    let set = target.with_values(&target_coalesced(compiled, original));
    set.required()
        .iter()
        .map(|r| {
            let said = if r.message.is_empty() {
                String::new()
            } else {
                format!(" (\"{}\")", r.message)
            };
            Escalation {
                path: r.path.clone(),
                message: format!(
                    "{} requires it at {}{said}, and neither the values nor the chart's defaults set it",
                    target.chart(),
                    target.cite(r.site)
                ),
            }
        })
        .collect()
}

/// A refusal for each value the proposal writes that no target template reads, unless the
/// original held it there already and the base chart did not read it either (it was inert before).
pub(crate) fn unread_in_proposal(
    compiled: &Compiled,
    original: &Value,
    proposal: &Value,
) -> Vec<Finding> {
    let Some(reads) = compiled.reads.as_deref() else {
        return Vec::new();
    };
    let (base, target) = (&reads.0, &reads.1);
    let target_values = target_coalesced(compiled, proposal);
    let after = target.with_values(&target_values);
    let inert = inert_before(compiled, base, original);
    let mut findings: Vec<Finding> = after
        .unread(proposal, &target_values)
        .into_iter()
        .filter(|i| {
            let kept = path::get(original, &i.path) == path::get(proposal, &i.path);
            !(kept && inside(&inert, &i.path)) || after.refused(&i.path, &target_values).is_some()
        })
        .map(|i| Finding {
            kind: RefusalKind::UnreadByTarget,
            message: match after.refused(&i.path, &target_values) {
                Some(refused) => format!(
                    "the proposal writes `{}`, which the target chart refuses: {}",
                    i.path,
                    refused_reason(target, &refused)
                ),
                None => unread_message(&after, &i.path, &target.chart()),
            },
            path: i.path,
            in_original: false,
        })
        .collect();
    findings.extend(emptied(compiled, &after, original, proposal));
    findings
}

/// A refusal for each mapping a target template tests for emptiness that the original fills
/// (with values no template reads) and the proposal empties: the render would change.
fn emptied(
    compiled: &Compiled,
    after: &ReadSet,
    original: &Value,
    proposal: &Value,
) -> Vec<Finding> {
    let values = target_coalesced(compiled, original);
    let proposed = target_coalesced(compiled, proposal);
    let filled = |v: &Value, p: &ValuePath| match path::get(v, p) {
        Some(Value::Object(map)) => !map.is_empty(),
        _ => false,
    };
    after
        .unread_and_tested(original, &values)
        .tested
        .into_iter()
        .filter(|p| !filled(&proposed, p))
        .map(|p| Finding {
            kind: RefusalKind::Survival,
            message: format!(
                "a template of the target chart tests whether `{p}` is empty; the original fills it and the proposal leaves it empty, which changes the render"
            ),
            path: p,
            in_original: true,
        })
        .collect()
}

/// The values of `original` the base chart read nowhere either: inert before the bump.
fn inert_before(compiled: &Compiled, base: &Reads, original: &Value) -> Vec<Ignored> {
    let defaults = compiled.base_side_defaults();
    let values = compiled.base.coalesce(defaults, original);
    base.with_values(&values).unread(original, &values)
}

/// Whether `path` is one of `unread` or inside one.
fn inside(unread: &[Ignored], path: &ValuePath) -> bool {
    unread.iter().any(|i| path.starts_with(&i.path))
}

fn target_coalesced(compiled: &Compiled, values: &Value) -> Value {
    compiled.target.coalesce(compiled.defaults.as_ref(), values)
}

/// Why a written value is refused, with the nearest keys the chart reads beside it.
fn unread_message(set: &ReadSet, path: &ValuePath, chart: &str) -> String {
    let mut parent = path.clone();
    let wanted = match parent.pop() {
        Some(path::Segment::Key(key)) => key,
        _ => String::new(),
    };
    let mut keys = set.keys_under(&parent);
    keys.retain(|k| *k != wanted);
    crate::order::by_key(&mut keys, |k| (distance(&wanted, k), k.clone()));
    let near: Vec<String> = keys
        .iter()
        .take(NEAREST)
        .map(|k| format!("`{}`", parent.key(k.as_str())))
        .collect();
    let hint = if near.is_empty() && parent.is_root() {
        "no template reads anything at the root".to_string()
    } else if near.is_empty() {
        format!("no template reads anything under `{parent}`")
    } else {
        format!("the nearest keys it reads there: {}", near.join(", "))
    };
    format!("the proposal writes `{path}`, which no template of {chart} reads; {hint}")
}

/// The Levenshtein distance between two keys, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The outermost paths the target chart reads and the base read nowhere: where a moved setting
/// may now live (the brief names them), in path order.
pub(crate) fn gained(base: &Reads, target: &Reads) -> Vec<ValuePath> {
    let before = base.with_values(&Value::Null);
    let after = target.with_values(&Value::Null);
    let mut out: Vec<ValuePath> = Vec::new();
    for path in after.paths() {
        if path.is_root() || out.last().is_some_and(|kept| path.starts_with(kept)) {
            continue;
        }
        if before.reaching(path).is_none() {
            out.push(path.clone());
        }
    }
    out
}
