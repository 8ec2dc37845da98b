//! The manifest diff: the base render against the target render object by object (matched by
//! group, kind, namespace and name), each difference told as the chart's own (base against the
//! target with the original values) or the migration's (that against the target with the
//! migrated values); the chart and version labels that change on every object folded into one
//! line; CustomResourceDefinitions and long diffs collapsed.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::sites::{Manifests, Object, ObjectId};
use crate::migrate::behaviour::{Cause, ManifestDiff, ObjectChange, ObjectDiff, RenderNote};

/// The labels that name the chart or its version, which every bump changes.
const CHURN: &[&str] = &["helm.sh/chart", "app.kubernetes.io/version", "chart"];

/// A diff longer than this many changed lines is collapsed.
const LONG: usize = 200;

/// A diff of nothing (a render failed).
pub(super) fn empty(renders: Vec<RenderNote>) -> ManifestDiff {
    ManifestDiff {
        renders,
        churn: None,
        unchanged: 0,
        objects: Vec::new(),
    }
}

/// A value with the churn labels taken out of every `labels` mapping.
pub(super) fn normalize(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = match (k.as_str(), v) {
                        ("labels", Value::Object(labels)) => Value::Object(
                            labels
                                .iter()
                                .filter(|(l, _)| !CHURN.contains(&l.as_str()))
                                .map(|(l, v)| (l.clone(), v.clone()))
                                .collect(),
                        ),
                        _ => normalize(v),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(normalize).collect()),
        other => other.clone(),
    }
}

/// Whether a line is a churn label (`helm.sh/chart: x-1.2.3`); its key and value.
fn churn_line(line: &str) -> Option<(&'static str, String)> {
    let trimmed = line.trim_start();
    for key in CHURN {
        let Some(rest) = trimmed.strip_prefix(key).and_then(|r| r.strip_prefix(':')) else {
            continue;
        };
        let value = rest
            .trim()
            .trim_matches(|c| c == '"' || c == '\'')
            .to_string();
        // A bare `chart:` is a label only when it reads as `name-version`.
        if *key == "chart" && !(value.contains('-') && value.chars().any(|c| c.is_ascii_digit())) {
            return None;
        }
        return Some((key, value));
    }
    None
}

/// An object's text without its churn lines, and the churn it held.
fn folded(object: &Object) -> (String, Vec<(&'static str, String)>) {
    let mut text = String::new();
    let mut churn = Vec::new();
    for line in object.text.split_inclusive('\n') {
        match churn_line(line) {
            Some(found) => churn.push(found),
            None => text.push_str(line),
        }
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    (text, churn)
}

/// Each object by its identity, folded.
/// The churn labels met: each key's values before and after, in the order met.
type Churn = Vec<(&'static str, (Vec<String>, Vec<String>))>;

/// An object's folded text, its churn and itself.
type Folded<'m> = (String, Vec<(&'static str, String)>, &'m Object);

fn by_id(m: &Manifests) -> HashMap<ObjectId, Folded<'_>> {
    m.objects
        .iter()
        .filter(|o| !o.pseudo)
        .map(|o| {
            let (text, churn) = folded(o);
            (o.id.clone(), (text, churn, o))
        })
        .collect()
}

/// The diff of A against B, C telling the chart's part from the migration's.
pub(super) fn manifest_diff(
    a: &Manifests,
    b: &Manifests,
    c: Option<&Manifests>,
    renders: Vec<RenderNote>,
) -> ManifestDiff {
    let a_objects = by_id(a);
    let b_objects = by_id(b);
    let c_objects = c.map(by_id);
    let mut objects = Vec::new();
    let mut unchanged = 0;
    // churn: key → (values before, values after), in the order met; objects whose churn changed
    let mut churn: Churn = Vec::new();
    let mut churned = 0;
    for id in object_order(a, b, &b_objects) {
        let before = a_objects.get(id);
        let after = b_objects.get(id);
        if let (Some((_, ca, _)), Some((_, cb, _))) = (before, after) {
            if ca != cb {
                churned += 1;
                for (key, value) in ca {
                    push_unique(&mut churn_of(&mut churn, key).0, value);
                }
                for (key, value) in cb {
                    push_unique(&mut churn_of(&mut churn, key).1, value);
                }
            }
        }
        let a_text = before.map(|(t, _, _)| t.as_str());
        let b_text = after.map(|(t, _, _)| t.as_str());
        if a_text == b_text {
            unchanged += 1;
            continue;
        }
        let c_text = c_objects
            .as_ref()
            .map(|c| c.get(id).map(|(text, _, _)| text.as_str()));
        objects.push(object_diff(id, a_text, b_text, c_text));
    }
    ManifestDiff {
        renders,
        churn: (churned > 0).then(|| churn_summary(&churn, churned)),
        unchanged,
        objects,
    }
}

/// Every object of B in its order, then those only A has; each once.
fn object_order<'m>(
    a: &'m Manifests,
    b: &'m Manifests,
    b_objects: &HashMap<ObjectId, Folded<'_>>,
) -> Vec<&'m ObjectId> {
    let mut seen = HashSet::new();
    let in_b = b.objects.iter().filter(|o| !o.pseudo).map(|o| &o.id);
    let only_a = (a.objects.iter())
        .filter(|o| !o.pseudo)
        .map(|o| &o.id)
        .filter(|id| !b_objects.contains_key(*id));
    in_b.chain(only_a)
        .filter(|id| seen.insert((*id).clone()))
        .collect()
}

/// One object's change from A to B: its unified diff (collapsed for a CRD or a long one) and
/// whose change it is (the chart's, A vs C; the migration's, C vs B; or both).
fn object_diff(
    id: &ObjectId,
    a_text: Option<&str>,
    b_text: Option<&str>,
    c_text: Option<Option<&str>>,
) -> ObjectDiff {
    let change = match (a_text, b_text) {
        (None, _) => ObjectChange::Added,
        (_, None) => ObjectChange::Removed,
        _ => ObjectChange::Changed,
    };
    let cause = match c_text {
        None => Cause::Both,
        Some(c) => match (a_text != c, c != b_text) {
            (true, false) => Cause::Chart,
            (false, true) => Cause::Migration,
            _ => Cause::Both,
        },
    };
    let label = id.label();
    let diff = crate::diff::unified(&label, a_text.unwrap_or(""), b_text.unwrap_or(""));
    let lines = diff
        .lines()
        .filter(|l| {
            (l.starts_with('+') && !l.starts_with("+++"))
                || (l.starts_with('-') && !l.starts_with("---"))
        })
        .count();
    let collapsed = id.kind == "CustomResourceDefinition" || lines > LONG;
    ObjectDiff {
        object: label,
        change,
        cause,
        lines,
        collapsed,
        diff: if collapsed { String::new() } else { diff },
    }
}

/// The label churn folded into one line: each key's values before → after.
fn churn_summary(churn: &Churn, churned: usize) -> String {
    let parts: Vec<String> = churn
        .iter()
        .filter(|(_, (x, y))| x != y)
        .map(|(key, (x, y))| format!("{key}: {} → {}", x.join(", "), y.join(", ")))
        .collect();
    format!("{} on {churned} objects", parts.join("; "))
}

/// The churn values met under `key`.
fn churn_of<'c>(churn: &'c mut Churn, key: &'static str) -> &'c mut (Vec<String>, Vec<String>) {
    let at = match churn.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            churn.push((key, (Vec::new(), Vec::new())));
            churn.len() - 1
        }
    };
    &mut churn[at].1
}

fn push_unique(list: &mut Vec<String>, value: &str) {
    if !list.iter().any(|v| v == value) {
        list.push(value.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn chart_and_version_labels_are_churn_and_other_chart_keys_are_not() {
        assert_eq!(
            churn_line("    helm.sh/chart: argo-cd-5.55.0\n"),
            Some(("helm.sh/chart", "argo-cd-5.55.0".to_string()))
        );
        assert_eq!(
            churn_line("    app.kubernetes.io/version: \"v2.10.0\"\n"),
            Some(("app.kubernetes.io/version", "v2.10.0".to_string()))
        );
        assert_eq!(
            churn_line("    chart: prometheus-19.0.0\n"),
            Some(("chart", "prometheus-19.0.0".to_string()))
        );
        assert_eq!(churn_line("  chart: podinfo\n"), None);
        assert_eq!(churn_line("  name: chart\n"), None);
    }

    #[test]
    fn normalizing_drops_churn_labels_only_inside_labels() {
        let value = json!({
            "metadata": {"labels": {"helm.sh/chart": "x-1", "app": "a"}, "chart": "kept"},
            "spec": {"template": {"metadata": {"labels": {"chart": "x-1", "tier": "t"}}}}
        });
        assert_eq!(
            normalize(&value),
            json!({
                "metadata": {"labels": {"app": "a"}, "chart": "kept"},
                "spec": {"template": {"metadata": {"labels": {"tier": "t"}}}}
            })
        );
    }
}
