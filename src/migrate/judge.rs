//! The judge stage: the proposal with a person's answers and derivable keys applied, the three
//! refusals (survival, schema validity, provenance) and the plan derived from the two trees.

use super::Renders;
use super::compiled::Compiled;
use super::facts::Facts;
use super::outcome::{NotCarried, Op, RefusalKind, SetSource};
use super::plan::{Finding, PlanInput, Source, plan};
use crate::path::{self, Segment, ValuePath};
use crate::schema::{Derivable, PropertyKind};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;

/// What the judge weighs a proposal against: the original values, the facts of the bump, a
/// person's answers, and the charts' renders when both are given (docs/behaviour.md, "The render
/// as a judge").
pub(crate) struct Evidence<'e> {
    /// The original values at the values root.
    pub original: &'e Value,
    /// What the bump displaces and requires.
    pub facts: &'e Facts,
    /// A person's answers, by path.
    pub answers: &'e [(ValuePath, Value)],
    /// Both charts rendered, when they are at hand.
    pub renders: Option<&'e dyn Renders>,
}

/// The judge stage's output: the proposal as judged, the plan, and every finding that stops it.
pub(crate) struct Judged<'p> {
    /// The proposal with answers and derivable required values applied (borrowed when none apply).
    pub proposal: Cow<'p, Value>,
    /// The plan.
    pub ops: Vec<Op>,
    /// Original values removed without being carried anywhere, each with what became of it.
    pub not_carried: Vec<NotCarried>,
    /// What stops the plan (none: it is written).
    pub findings: Vec<Finding>,
    /// What `helm install` prints for the judged proposal, when the target schema refuses it.
    pub helm: Option<String>,
}

/// Judges `proposal` against the evidence: the three refusals (survival, schema validity,
/// provenance) and the plan derived from the two trees.
pub(crate) fn judge<'p>(
    compiled: &Compiled,
    evidence: &Evidence<'_>,
    proposal: &'p Value,
) -> Judged<'p> {
    let original = evidence.original;
    let facts = evidence.facts;
    let answers = evidence.answers;
    let mut findings = Vec::new();
    let judged = with_answers(proposal, answers, facts, &mut findings);
    let mut displaced: Vec<Source> = (facts.displaced.iter())
        .map(|d| Source {
            path: d.path.clone(),
            value: d.value.clone(),
        })
        .collect();
    let schema_source = |path: &ValuePath, value: &Value| schema_source(compiled, path, value);
    let kept = super::unread::Kept::new(compiled, original);
    if let Some(renders) = evidence.renders {
        let alike = moved_alike(original, &judged, &displaced, &kept, renders);
        displaced.extend(alike);
    }
    // What the target's templates say of the proposal, asked beside why a value stays.
    let unread = super::unread::unread_in_proposal(compiled, original, &judged);
    let kept_by = |path: &ValuePath| kept.why(path);
    let mut planned = plan(&PlanInput {
        original,
        proposal: &judged,
        displaced: &displaced,
        answers,
        schema_source: &schema_source,
        kept_by: &kept_by,
    });
    findings.append(&mut planned.findings);
    findings.extend(invented_keys(compiled, original, &planned.ops));
    findings.extend(schema_findings(compiled, &judged));
    findings.extend(unread);
    super::residual::annotate(&compiled.base, &compiled.target, &mut planned.not_carried);
    let helm = helm_if_refused(compiled, &findings, &judged);
    Judged {
        proposal: judged,
        ops: planned.ops,
        not_carried: planned.not_carried,
        findings,
        helm,
    }
}

/// What `helm install` prints for the judged proposal, when the target schema refuses it.
fn helm_if_refused(compiled: &Compiled, findings: &[Finding], judged: &Value) -> Option<String> {
    let refused = (findings.iter())
        .any(|f| matches!(f.kind, RefusalKind::Schema | RefusalKind::ChartDefaults));
    refused.then(|| {
        (compiled.target).helm_report(&compiled.target_name, compiled.defaults.as_ref(), judged)
    })
}

/// The proposal with a person's answers over it and derivable required keys filled in.
fn with_answers<'p>(
    proposal: &'p Value,
    answers: &[(ValuePath, Value)],
    facts: &Facts,
    findings: &mut Vec<Finding>,
) -> Cow<'p, Value> {
    let missing = |d: &Derivable| path::get(proposal, &d.path).is_none();
    if answers.is_empty() && !facts.derivable.iter().any(missing) {
        // Nothing to apply: the proposal itself, not a copy of it.
        return Cow::Borrowed(proposal);
    }
    let mut judged = proposal.clone();
    for (at, answer) in answers {
        if let Some(there) = path::get(proposal, at)
            && there != answer
        {
            findings.push(Finding {
                kind: RefusalKind::Provenance,
                path: at.clone(),
                in_original: false,
                message: format!(
                    "the proposal writes {} at `{at}`, but a person answered {}",
                    path::show(there),
                    path::show(answer)
                ),
            });
        }
        if let Err(message) = path::set(&mut judged, at, answer.clone()) {
            findings.push(Finding {
                kind: RefusalKind::Schema,
                path: at.clone(),
                in_original: false,
                message,
            });
        }
    }
    for derivable in &facts.derivable {
        if path::get(&judged, &derivable.path).is_none() {
            let _ = path::set(&mut judged, &derivable.path, derivable.value.clone());
        }
    }
    Cow::Owned(judged)
}

/// Provenance of key names (ADR 13): a moved value's new key in a map of user-named things (keys
/// matched only by a pattern or an `additionalProperties` schema) names a real thing, so it must
/// come from the original (a key or a string value there) or be declared by the target.
fn invented_keys(compiled: &Compiled, original: &Value, ops: &[Op]) -> Vec<Finding> {
    // Each renamed-to key not already at its place in the original, with its path.
    let mut candidates: Vec<Vec<ValuePath>> = Vec::new();
    for op in ops {
        let Op::Rename { to, .. } = op else { continue };
        let fresh = (1..=to.len())
            .map(|depth| ValuePath::from_segments(to.segments()[..depth].to_vec()))
            .filter(|at| matches!(at.last(), Some(Segment::Key(_))))
            .filter(|at| path::get(original, at).is_none())
            .collect();
        candidates.push(fresh);
    }
    let wanted: HashSet<&str> = candidates
        .iter()
        .flat_map(|fresh| fresh.iter().filter_map(last_key))
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let known = names_in(original, &wanted);
    let mut findings = Vec::new();
    for fresh in &candidates {
        for at in fresh {
            let Some(key) = last_key(at).filter(|k| !known.contains(k)) else {
                continue;
            };
            let parent = at.parent().unwrap_or_else(ValuePath::root);
            // A map of user-named things: keys matched by a pattern or an `additionalProperties`
            // schema, and this one not declared by name.
            let properties = compiled.target.properties_at(&parent);
            let declared = properties
                .iter()
                .any(|p| p.kind == PropertyKind::Named && p.name == key);
            let user_named = properties.iter().any(|p| p.kind != PropertyKind::Named);
            if user_named && !declared {
                findings.push(Finding {
                    kind: RefusalKind::Provenance,
                    path: at.clone(),
                    in_original: false,
                    message: format!(
                        "the key `{key}` under `{parent}` is in neither the original values nor the target schema: a user-named key names a real thing and is not invented"
                    ),
                });
                break;
            }
        }
    }
    findings
}

/// The last segment of `path` when it is a key.
fn last_key(path: &ValuePath) -> Option<&str> {
    match path.last() {
        Some(Segment::Key(key)) => Some(key.as_str()),
        _ => None,
    }
}

/// Those of `wanted` that are a key or a string value somewhere in `value` (one pass, no sort).
fn names_in<'w>(value: &Value, wanted: &HashSet<&'w str>) -> HashSet<&'w str> {
    let mut found = HashSet::new();
    let mut stack = vec![value];
    let mut note = |name: &str| {
        if let Some(&w) = wanted.get(name) {
            found.insert(w);
        }
    };
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                for (key, child) in map {
                    note(key);
                    stack.push(child);
                }
            }
            Value::Array(items) => stack.extend(items),
            Value::String(s) => note(s),
            _ => {}
        }
    }
    found
}

/// Whether the target schema dictates `value` at `path` (const, default or enum member), and how.
fn schema_source(compiled: &Compiled, path: &ValuePath, value: &Value) -> Option<SetSource> {
    let derived = compiled.target.derived_values(path);
    if derived.consts.contains(value) {
        Some(SetSource::Const)
    } else if derived.defaults.contains(value) {
        Some(SetSource::Default)
    } else if derived.enums.contains(value) {
        Some(SetSource::Enum)
    } else {
        None
    }
}

/// The schema refusal: the judged proposal, coalesced with the defaults, against the target; a
/// violation the target chart's own defaults cause is the chart's, not the proposal's.
fn schema_findings(compiled: &Compiled, judged: &Value) -> Vec<Finding> {
    let violations = compiled
        .target
        .validate_coalesced(compiled.defaults.as_ref(), judged);
    let mut findings = chart_faults(&violations);
    findings.extend(
        violations
            .into_iter()
            .filter(|violation| !violation.in_defaults_only)
            .map(|violation| Finding {
                kind: RefusalKind::Schema,
                path: violation
                    .key_path
                    .clone()
                    .unwrap_or_else(|| violation.path.clone()),
                in_original: false,
                message: format!("the target schema refuses the proposal: {violation}"),
            }),
    );
    findings
}

/// The violations the target chart causes by itself, as refusals that say so: Helm refuses its
/// install however the user's file is migrated, and no values file is to blame.
pub(crate) fn chart_faults(violations: &[crate::schema::Violation]) -> Vec<Finding> {
    violations
        .iter()
        .filter(|v| v.is_the_charts())
        .map(|v| {
            let helm = (v.chart.as_ref()).map_or_else(|| v.to_string(), |c| c.helm.clone());
            // A schema its own meta-schema refuses: the message leads with its file's place.
            let cause = match v.keyword.as_str() {
                "metaschema" => format!("{helm}; {}", v.message.lines().next().unwrap_or("")),
                _ => format!(
                    "{helm}; from the chart's own defaults, or the `global` Helm gives every \
                     subchart"
                ),
            };
            Finding {
                kind: RefusalKind::ChartDefaults,
                path: v.key_path.clone().unwrap_or_else(|| v.path.clone()),
                in_original: false,
                message: format!(
                    "the target chart as shipped fails its own schema ({cause}): Helm refuses the \
                     install however the values file is migrated; the chart or its schema must \
                     be fixed, not the values file"
                ),
            }
        })
        .collect()
}

/// The values of `original` the proposal moves away or drops though a target template still
/// reads them (a back-compat read), where the target renders the same with the proposal: they
/// are carried as displaced values are, and survival does not refuse them.
pub(crate) fn moved_alike(
    original: &Value,
    proposal: &Value,
    displaced: &[Source],
    kept: &super::unread::Kept<'_>,
    renders: &dyn Renders,
) -> Vec<Source> {
    crate::path::leaves(original)
        .into_iter()
        .filter(|(path, _)| !displaced.iter().any(|d| path.starts_with(&d.path)))
        .filter(|(path, value)| crate::path::get(proposal, path) != Some(*value))
        .filter(|(path, _)| kept.read_by_template(path))
        .filter(|(path, _)| renders.alike(original, path, proposal) == Some(true))
        .map(|(path, value)| Source {
            path,
            value: value.clone(),
        })
        .collect()
}
