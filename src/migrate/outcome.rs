//! What `diagnose` and `migrate` return (docs/contract.md): the status, the refusals, the plan, the files.

use serde::Serialize;

use crate::path::ValuePath;
use crate::schema::{Change, Derivable, Displaced, Escalation};
use crate::text::{Diagnostic, FileResult, Location};

pub use super::home::{HomeKind, ValuesHome};
pub use crate::splice::{Op, SetSource};

/// Which refusal stopped a migration or a patch (docs/contract.md `refusals[].kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RefusalKind {
    /// A value the target still accepts was changed, moved or dropped.
    Survival,
    /// The proposal, coalesced with the target chart's defaults, fails the target schema.
    Schema,
    /// A proposal value has no legitimate source.
    Provenance,
    /// A mapping or list would have to move in a way the splicer cannot write.
    NonScalarMove,
    /// A flow collection is on the path of an edit.
    FlowCollection,
    /// An anchor or alias is on the path of an edit.
    AnchorOrAlias,
    /// A merge key is on the path of an edit.
    MergeKey,
    /// A tag is on an edited node.
    Tag,
    /// A mapping on the path repeats a key.
    DuplicateKey,
    /// A block scalar is where a one-line edit is needed.
    BlockScalar,
    /// More than one place in the files could hold the values.
    PrefixAmbiguous,
    /// No place in the files holds the values.
    PrefixNotFound,
    /// A moved value could have come from, or gone to, more than one place.
    AmbiguousMove,
    /// The edited text does not decode to what was asked.
    VerifyFailed,
    /// Indentation or tabs the splicer cannot reproduce.
    Indentation,
    /// A replay's schemas differ from the recording's (issue 15).
    SchemaDrift,
    /// The render command failed on the migrated values (issue 15).
    RenderFailed,
    /// A key edited by a layered replay is supplied by several layers (issue 15).
    LayerConflict,
    /// The target chart's own defaults fail its schema: Helm refuses the install whatever the
    /// values file says (a chart tree's strict subchart refusing the `global` Helm injects).
    ChartDefaults,
    /// The proposal writes a value no template of the target chart reads (a typo, a guessed name).
    UnreadByTarget,
    /// The values are a document inside a string that is not one YAML mapping, holds template
    /// actions, or cannot carry the edit (a folded block, a flow string over several lines).
    ValuesString,
}

impl RefusalKind {
    /// The kind as the contract spells it (`flow-collection`).
    pub fn as_str(self) -> &'static str {
        match self {
            RefusalKind::Survival => "survival",
            RefusalKind::Schema => "schema",
            RefusalKind::Provenance => "provenance",
            RefusalKind::NonScalarMove => "non-scalar-move",
            RefusalKind::FlowCollection => "flow-collection",
            RefusalKind::AnchorOrAlias => "anchor-or-alias",
            RefusalKind::MergeKey => "merge-key",
            RefusalKind::Tag => "tag",
            RefusalKind::DuplicateKey => "duplicate-key",
            RefusalKind::BlockScalar => "block-scalar",
            RefusalKind::PrefixAmbiguous => "prefix-ambiguous",
            RefusalKind::PrefixNotFound => "prefix-not-found",
            RefusalKind::AmbiguousMove => "ambiguous-move",
            RefusalKind::VerifyFailed => "verify-failed",
            RefusalKind::Indentation => "indentation",
            RefusalKind::SchemaDrift => "schema-drift",
            RefusalKind::RenderFailed => "render-failed",
            RefusalKind::LayerConflict => "layer-conflict",
            RefusalKind::ChartDefaults => "chart-defaults",
            RefusalKind::UnreadByTarget => "unread-by-target",
            RefusalKind::ValuesString => "values-string",
        }
    }
}

/// A refusal: what stopped the plan, where, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// Which refusal.
    pub kind: RefusalKind,
    /// The value path it is about, relative to the prefix, or `""`.
    pub path: ValuePath,
    /// What is wrong, for a person.
    pub message: String,
    /// Where it points: the file and position, or `null`s.
    #[serde(flatten)]
    pub at: Location,
}

/// An original value the plan removes without carrying it anywhere.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct NotCarried {
    /// Where it was.
    pub path: ValuePath,
    /// What it was.
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub value: serde_json::Value,
    /// Keys the target gained beside it, of its type, at a close name (a hint, never applied).
    pub near: Vec<ValuePath>,
    /// The hint in words, or `null` when `near` is empty.
    pub hint: Option<String>,
}

/// The outcome of `migrate` or `diagnose` (docs/contract.md `status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Ops found, applied and verified.
    Planned,
    /// Nothing to do.
    Unchanged,
    /// A refusal stopped it.
    Refused,
    /// A person must decide: an escalation with no answer.
    Escalated,
    /// An input could not be read.
    Invalid,
    /// `diagnose`: displaced values or derivable required keys exist; a proposal must fix them.
    NeedsProposal,
}

impl Status {
    /// The status as the contract spells it (`needs-proposal`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Planned => "planned",
            Status::Unchanged => "unchanged",
            Status::Refused => "refused",
            Status::Escalated => "escalated",
            Status::Invalid => "invalid",
            Status::NeedsProposal => "needs-proposal",
        }
    }
}

/// A comment line left in place next to a key the plan removed or moved.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct KeptComment {
    /// The key it stood above, relative to the prefix.
    pub path: ValuePath,
    /// The file.
    pub file: String,
    /// Its 1-based line in the original file.
    pub line: usize,
    /// The comment text.
    pub text: String,
}

/// What `migrate` and `diagnose` return (docs/contract.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "MigrateResult"),
    schemars(rename = "MigrateResult")
)]
#[serde(rename_all = "camelCase")]
pub struct MigrateReport {
    /// The outcome.
    pub status: Status,
    /// Where the values are in their file, or `null` when not located.
    pub prefix: Option<String>,
    /// The file that holds the values, or `null`.
    pub values_file: Option<String>,
    /// Which document of that file (0-based), or `null`.
    pub values_document: Option<usize>,
    /// How many documents of that file Helm's `-f` merges into the values, when the values are
    /// the file's documents merged (then `valuesDocument` is 0); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub merged_documents: Option<usize>,
    /// What kind of document holds the values (an Argo CD Application, a Flux HelmRelease, a
    /// YAML string in one, …); absent when the values were not located.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub values_in: Option<ValuesHome>,
    /// Values the target schema rejects where they are.
    pub displaced: Vec<Displaced>,
    /// Newly required keys whose value the target schema dictates.
    pub derivable: Vec<Derivable>,
    /// Newly required keys a person must decide.
    pub escalations: Vec<Escalation>,
    /// What stopped the plan.
    pub refusals: Vec<Refusal>,
    /// Inputs that could not be read.
    pub errors: Vec<Diagnostic>,
    /// The plan.
    pub ops: Vec<Op>,
    /// Original values removed without being carried anywhere.
    pub not_carried: Vec<NotCarried>,
    /// Comment lines left next to removed or moved keys.
    pub kept_comments: Vec<KeptComment>,
    /// The edited files.
    pub files: Vec<FileResult>,
    /// What the chart bump changed in the schema.
    pub changelog: Vec<Change>,
    /// Markdown for the pull request.
    pub comment: String,
    /// What a proposal must fix, in plain text (`migrate` gives it too, so one call says all);
    /// `null` when the values were not located or could not be read.
    pub brief: Option<String>,
    /// What `helm install` would print for the proposal against the target chart (the chart's
    /// name, then `- at '<pointer>': <message>` lines, causes indented), when the target schema
    /// refuses it; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub helm: Option<String>,
    /// For a chart tree: each chart's share of the findings and changes (docs/charts.md);
    /// absent for a lone chart or schema files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charts: Vec<ChartFindings>,
    /// What the bump does to the rendered manifests: a verdict per op and per value left out,
    /// and the manifest diff (docs/behaviour.md); present only when both charts are given as
    /// charts (not bare schemas).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub behaviour: Option<super::behaviour::BehaviourReport>,
}

/// One chart of a chart tree and the findings and changes that touch its values.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChartFindings {
    /// The chart as Helm names it (its alias, if it has one).
    pub name: String,
    /// Its Chart.yaml name.
    pub chart: String,
    /// Its version in the base chart tree, or `null` when it is not in it.
    pub from: Option<String>,
    /// Its version in the target chart tree, or `null` when it is not in it.
    pub to: Option<String>,
    /// Where its values are, from the values root (`""` for the root chart).
    pub values_path: ValuePath,
    /// Each finding and change, in report order.
    pub findings: Vec<ChartFinding>,
}

impl ChartFindings {
    /// The chart as the comment and the text name it: `` `first` (alpha 1.0.0 → 2.0.0) ``.
    pub fn label(&self) -> String {
        let versions = match (&self.from, &self.to) {
            (Some(from), Some(to)) if from != to => format!("{from} → {to}"),
            (_, Some(v)) | (Some(v), None) => v.clone(),
            (None, None) => String::new(),
        };
        format!("`{}` ({} {versions})", self.name, self.chart)
    }
}

/// One finding or change, named by kind and path.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChartFinding {
    /// `displaced`, `derivable`, `escalation`, `refusal`, `op` or `not-carried`.
    #[cfg_attr(
        feature = "types",
        ts(
            type = "\"displaced\" | \"derivable\" | \"escalation\" | \"refusal\" | \"op\" | \"not-carried\""
        ),
        schemars(with = "String")
    )]
    pub kind: &'static str,
    /// The value path it is about.
    pub path: ValuePath,
    /// The finding in the comment's words.
    pub text: String,
}

impl MigrateReport {
    /// An empty report with `status`.
    pub fn new(status: Status) -> Self {
        MigrateReport {
            status,
            prefix: None,
            values_file: None,
            values_document: None,
            merged_documents: None,
            values_in: None,
            displaced: Vec::new(),
            derivable: Vec::new(),
            escalations: Vec::new(),
            refusals: Vec::new(),
            errors: Vec::new(),
            ops: Vec::new(),
            not_carried: Vec::new(),
            kept_comments: Vec::new(),
            files: Vec::new(),
            changelog: Vec::new(),
            comment: String::new(),
            brief: None,
            helm: None,
            charts: Vec::new(),
            behaviour: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_spelled_as_serialized() {
        use RefusalKind::*;
        for kind in [
            Survival,
            Schema,
            Provenance,
            NonScalarMove,
            FlowCollection,
            AnchorOrAlias,
            MergeKey,
            Tag,
            DuplicateKey,
            BlockScalar,
            PrefixAmbiguous,
            PrefixNotFound,
            AmbiguousMove,
            VerifyFailed,
            Indentation,
            ChartDefaults,
        ] {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
        for status in [
            Status::Planned,
            Status::Unchanged,
            Status::Refused,
            Status::Escalated,
            Status::Invalid,
            Status::NeedsProposal,
        ] {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
        }
    }
}
