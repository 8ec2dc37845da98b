//! What the bump does to the rendered manifests (issue 43, docs/behaviour.md): a verdict for
//! every op of the plan and every value left out, with the sites it renders at before and after,
//! and the manifest diff. The renders and the judging are `behaviour`'s (above `render`); this
//! module holds the result's shape and its words in the comment, the brief and the text.

use serde::Serialize;

use crate::path::ValuePath;

/// What became of a value's effect on the manifests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The same sites render the same text.
    Preserved,
    /// It renders elsewhere (other objects or fields).
    Relocated,
    /// The same sites render other text.
    Changed,
    /// The base rendered it; the target does not.
    Lost,
    /// The base ignored it; the target renders it.
    NewEffect,
    /// Neither chart renders it.
    Inert,
}

impl Verdict {
    /// The verdict as the JSON spells it (`new-effect`).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Preserved => "preserved",
            Verdict::Relocated => "relocated",
            Verdict::Changed => "changed",
            Verdict::Lost => "lost",
            Verdict::NewEffect => "new-effect",
            Verdict::Inert => "inert",
        }
    }
}

/// A place in the rendered manifests: a field of an object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Site {
    /// The template that rendered it (`argo-cd/templates/argocd-configs/argocd-cm.yaml`).
    pub file: String,
    /// The object: `Kind.group/namespace/name` as the manifest diff names it (`ConfigMap/argocd-cm`).
    pub object: String,
    /// The field inside the object, list items named by their `name`
    /// (`spec.template.spec.containers[name=server].args[3]`; `""` for the whole object).
    pub field: String,
    /// What the field holds, in short (a scalar's text, else compact JSON cut at 120 bytes).
    pub text: String,
    /// Whether the value only decides whether the field is written (an `if`, `with` or `range`
    /// around it), rather than making its text.
    pub control: bool,
}

/// One value's verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ValueBehaviour {
    /// The original value's path, as an op's `from` or `path` spells it.
    pub path: ValuePath,
    /// Where the migrated values hold it (a rename's `to`; the path itself otherwise), or
    /// `null` when the plan removes it.
    pub to: Option<ValuePath>,
    /// What became of its effect.
    pub verdict: Verdict,
    /// Where the base chart renders it with the original values.
    pub before: Vec<Site>,
    /// Where the target chart renders it with the migrated values.
    pub after: Vec<Site>,
}

/// How one object of the manifests differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ObjectChange {
    /// Only the target renders it.
    Added,
    /// Only the base renders it.
    Removed,
    /// Both render it, differently.
    Changed,
}

/// What made an object differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// The chart's own change: the target with the original values differs from the base.
    Chart,
    /// The migration: the target with the migrated values differs from it with the original.
    Migration,
    /// Both.
    Both,
}

/// One object that differs between the base render and the target render.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ObjectDiff {
    /// The object (`Deployment.apps/argocd-server`).
    pub object: String,
    /// Added, removed or changed.
    pub change: ObjectChange,
    /// The chart's change, the migration's, or both.
    pub cause: Cause,
    /// How many lines the diff adds and removes.
    pub lines: usize,
    /// Whether the diff is left out (a CustomResourceDefinition, or a diff over 200 lines).
    pub collapsed: bool,
    /// The unified diff of the object's YAML (the label churn folded, masked spans masked), or
    /// `""` when collapsed.
    pub diff: String,
}

/// One of the three renders and how it went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct RenderNote {
    /// `base` (base chart, original values), `target` (target chart, migrated values) or
    /// `target-original` (target chart, original values).
    pub render: String,
    /// How many objects it rendered.
    pub objects: usize,
    /// Why it did not render (Helm's error, or a function this port refuses), or `null`.
    pub error: Option<String>,
}

/// The manifests of the bump, object by object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ManifestDiff {
    /// The renders behind it.
    pub renders: Vec<RenderNote>,
    /// The chart and version labels that change on every object, folded into one line
    /// (`helm.sh/chart: argo-cd-5.55.0 → argo-cd-6.0.0 on 31 objects`), or `null`.
    pub churn: Option<String>,
    /// How many objects render the same.
    pub unchanged: usize,
    /// Each object that differs, in the target's order (removed ones last).
    pub objects: Vec<ObjectDiff>,
}

/// The verdicts and the diff, or why there are none.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BehaviourReport {
    /// A verdict per op of the plan and per value left out (per displaced value for `diagnose`).
    pub values: Vec<ValueBehaviour>,
    /// The manifest diff.
    pub manifests: ManifestDiff,
    /// Why the verdicts could not be given (a chart that does not render), or `null`; the
    /// static analysis stands.
    pub unrendered: Option<String>,
}

/// The short table of verdicts and the collapsed diff, for the pull request comment.
pub fn comment_section(report: &BehaviourReport) -> String {
    let mut out = String::from("\n### What the bump does to the manifests\n\n");
    if let Some(why) = &report.unrendered {
        out.push_str(&format!(
            "The charts were not rendered ({why}); the findings above stand on the schemas and templates alone.\n"
        ));
        return out;
    }
    if !report.values.is_empty() {
        out.push_str("| value | verdict | before | after |\n|---|---|---|---|\n");
        for v in &report.values {
            let path = match &v.to {
                Some(to) if to != &v.path => format!("`{}` → `{}`", v.path, to),
                _ => format!("`{}`", v.path),
            };
            out.push_str(&format!(
                "| {path} | {} | {} | {} |\n",
                v.verdict.word(),
                sites_short(&v.before),
                sites_short(&v.after)
            ));
        }
        out.push('\n');
    }
    let m = &report.manifests;
    if let Some(churn) = &m.churn {
        out.push_str(&format!("Label churn, folded: {churn}.\n\n"));
    }
    out.push_str(&format!(
        "{} objects differ, {} render the same.\n",
        m.objects.len(),
        m.unchanged
    ));
    if !m.objects.is_empty() {
        out.push_str("\n<details><summary>The manifest diff, object by object</summary>\n\n");
        for o in &m.objects {
            out.push_str(&format!(
                "- `{}`: {} by the {} ({} lines)\n",
                o.object,
                change_word(o.change),
                cause_word(o.cause),
                o.lines
            ));
            if !o.collapsed && !o.diff.is_empty() {
                out.push_str("\n```diff\n");
                out.push_str(&o.diff);
                if !o.diff.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str("```\n\n");
            }
        }
        out.push_str("</details>\n");
    }
    out
}

/// The values a proposal must look at again: each one lost or changed, with where it rendered.
pub fn brief_section(report: &BehaviourReport) -> Option<String> {
    let named: Vec<&ValueBehaviour> = report
        .values
        .iter()
        .filter(|v| matches!(v.verdict, Verdict::Lost | Verdict::Changed))
        .collect();
    if named.is_empty() {
        return None;
    }
    let mut out =
        String::from("\nRendered with both charts, these values no longer do what they did:\n");
    for v in named {
        let before = v
            .before
            .iter()
            .take(3)
            .map(|s| format!("{} {}", s.object, s.field))
            .collect::<Vec<_>>()
            .join("; ");
        out.push_str(&format!(
            "- {} ({}): the base chart rendered it at {before}\n",
            v.path,
            v.verdict.word()
        ));
    }
    Some(out)
}

/// The verdicts in the text summary.
pub fn text_section(report: &BehaviourReport) -> String {
    // A blank line first: the summary's last block ends where this begins.
    let mut out = String::from("\n");
    if let Some(why) = &report.unrendered {
        out.push_str(&format!("behaviour: not rendered ({why})\n"));
        return out;
    }
    out.push_str("behaviour (rendered with both charts):\n");
    for v in &report.values {
        let to = match &v.to {
            Some(to) if to != &v.path => format!(" -> {to}"),
            _ => String::new(),
        };
        out.push_str(&format!("  {}{to}: {}\n", v.path, v.verdict.word()));
    }
    let m = &report.manifests;
    out.push_str(&format!(
        "manifests: {} objects differ, {} the same",
        m.objects.len(),
        m.unchanged
    ));
    if let Some(churn) = &m.churn {
        out.push_str(&format!("; label churn folded: {churn}"));
    }
    out.push('\n');
    for o in &m.objects {
        out.push_str(&format!(
            "  {} {} ({}, {} lines)\n",
            change_word(o.change),
            o.object,
            cause_word(o.cause),
            o.lines
        ));
    }
    out
}

fn sites_short(sites: &[Site]) -> String {
    if sites.is_empty() {
        return "—".to_string();
    }
    let mut shown: Vec<String> = sites
        .iter()
        .take(2)
        .map(|s| {
            let field = if s.field.is_empty() {
                "(whole)"
            } else {
                &s.field
            };
            format!("`{}` `{}`", s.object, field)
        })
        .collect();
    if sites.len() > 2 {
        shown.push(format!("and {} more", sites.len() - 2));
    }
    shown.join(", ")
}

fn change_word(change: ObjectChange) -> &'static str {
    match change {
        ObjectChange::Added => "added",
        ObjectChange::Removed => "removed",
        ObjectChange::Changed => "changed",
    }
}

fn cause_word(cause: Cause) -> &'static str {
    match cause {
        Cause::Chart => "chart",
        Cause::Migration => "migration",
        Cause::Both => "chart and the migration",
    }
}
