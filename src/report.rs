//! The result shapes every surface speaks (CLI `--format json`, JavaScript, playground).

use serde::Serialize;

/// A located problem with an input: which file, where, and what.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// The file the problem is in, as the caller named it.
    pub file: String,
    /// The 1-based line, or `null` when the problem has no position.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units (what browser editors count), or `null`.
    pub utf16_column: Option<usize>,
    /// What is wrong, for a person.
    pub message: String,
}

/// What `decode` returns: one JSON value per document, or the errors that stopped it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DecodeResult {
    /// The decoded documents, in order; empty when `errors` is not.
    pub documents: Vec<serde_json::Value>,
    /// Why the text could not be decoded.
    pub errors: Vec<Diagnostic>,
}

/// Which refusal stopped a migration or a patch (CONTRACT.md `refusals[].kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
}

/// A refusal: what stopped the plan, where, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// Which refusal.
    pub kind: RefusalKind,
    /// The value path it is about, relative to the prefix, or `""`.
    pub path: crate::ValuePath,
    /// What is wrong, for a person.
    pub message: String,
    /// The file it points into, or `null`.
    pub file: Option<String>,
    /// The 1-based line, or `null`.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units, or `null`.
    pub utf16_column: Option<usize>,
}

/// Where a `set` operation's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SetSource {
    /// The target schema's `default`.
    Default,
    /// The target schema's `const`.
    Const,
    /// A member of the target schema's `enum`.
    Enum,
    /// A person's `--answer`.
    Answer,
    /// A value moved from another path, when a rename is not one key edit.
    Original,
}

/// One operation of a plan.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Op {
    /// Remove a key and its value.
    Remove {
        /// The key's path.
        path: crate::ValuePath,
    },
    /// Move a value, unchanged, to a new path.
    Rename {
        /// Where it was.
        from: crate::ValuePath,
        /// Where it goes.
        to: crate::ValuePath,
        /// Which rule chose this source, so a reviewer can check it.
        reason: String,
    },
    /// Set a key that had no value (or a rejected one).
    Set {
        /// The key's path.
        path: crate::ValuePath,
        /// The value.
        value: serde_json::Value,
        /// Where the value comes from.
        source: SetSource,
    },
}

/// An original value the plan removes without carrying it anywhere.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NotCarried {
    /// Where it was.
    pub path: crate::ValuePath,
    /// What it was.
    pub value: serde_json::Value,
}

/// The outcome of `migrate` or `diagnose` (CONTRACT.md `status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
    /// The command line's exit status for this outcome.
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Planned | Status::Unchanged | Status::NeedsProposal => 0,
            Status::Refused => 1,
            Status::Escalated => 2,
            Status::Invalid => 3,
        }
    }
}

/// One file of the result: its text before and after, and the diff.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileResult {
    /// The file's name as given.
    pub path: String,
    /// Whether the text changes.
    pub changed: bool,
    /// The original text.
    pub before: String,
    /// The new text (equal to `before` when unchanged).
    pub after: String,
    /// The unified diff; empty when unchanged.
    pub diff: String,
}

/// A comment line left in place next to a key the plan removed or moved.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeptComment {
    /// The key it stood above, relative to the prefix.
    pub path: crate::ValuePath,
    /// The file.
    pub file: String,
    /// Its 1-based line in the original file.
    pub line: usize,
    /// The comment text.
    pub text: String,
}

/// What `migrate` and `diagnose` return (CONTRACT.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// Values the target schema rejects where they are.
    pub displaced: Vec<crate::schema::Displaced>,
    /// Newly required keys whose value the target schema dictates.
    pub derivable: Vec<crate::schema::Derivable>,
    /// Newly required keys a person must decide.
    pub escalations: Vec<crate::schema::Escalation>,
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
    pub changelog: Vec<crate::schema::Change>,
    /// Markdown for the pull request.
    pub comment: String,
    /// `diagnose`: what a proposal must fix, in plain text; `null` for `migrate`.
    pub brief: Option<String>,
}

impl MigrateReport {
    /// An empty report with `status`.
    pub fn new(status: Status) -> Self {
        MigrateReport {
            status,
            prefix: None,
            values_file: None,
            values_document: None,
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
        }
    }
}

// --- `patch` (ADR-0020): kept in one block so that merges with other edits stay simple. ---

/// The outcome of `patch` (CONTRACT.md `values-migrate patch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PatchStatus {
    /// The one scalar was replaced and the result verified (or it already held the value).
    Patched,
    /// The file cannot be patched safely in place; a person must look at it.
    NeedsIntervention,
    /// An input could not be read: the YAML does not parse, or the request is malformed.
    Invalid,
}

impl PatchStatus {
    /// The command line's exit status for this outcome: 0, 2 or 3.
    pub fn exit_code(self) -> i32 {
        match self {
            PatchStatus::Patched => 0,
            PatchStatus::NeedsIntervention => 2,
            PatchStatus::Invalid => 3,
        }
    }
}

/// What `patch` returns: the verdict, where in the file it points, and the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PatchReport {
    /// The outcome.
    pub status: PatchStatus,
    /// Why, for a person: what was replaced, or what stopped the patch.
    pub reason: String,
    /// The 1-based line the reason points at, or `null` when it has no place in the file.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units, or `null`.
    pub utf16_column: Option<usize>,
    /// The file before and after; `after` equals `before` unless the status is `patched`.
    pub file: FileResult,
}
