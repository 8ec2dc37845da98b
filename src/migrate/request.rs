//! The inputs of `diagnose` and `migrate`, as every surface gives them: file contents, not paths.

use crate::schema::ChartTree;
use crate::yaml::Typing;

/// One candidate file holding the old values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name, as reported back (and written, with `--write`).
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// A named text input (a schema, a proposal, a defaults file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Named {
    /// The name reported in errors.
    pub name: String,
    /// The text.
    pub text: String,
}

/// A document a schema's `$ref` names at a URL, supplied by the caller: Helm fetches it,
/// values-migrate never does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaRef {
    /// The URL the schema names (without fragment).
    pub url: String,
    /// The document: its name (reported in errors) and its JSON text.
    pub document: Named,
}

/// What a session compiles once, given alike by every edge (the CLIs, JavaScript, the MCP
/// tools, replay): both charts' schemas, their defaults and templates, typing, `$ref` documents.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionSpec {
    /// The base chart's `values.schema.json`.
    pub base_schema: Named,
    /// The target chart's `values.schema.json`.
    pub target_schema: Named,
    /// The target chart's own values.yaml.
    pub defaults: Option<Named>,
    /// The base chart's own values.yaml: the file was written for the base chart, so the values
    /// root is judged coalesced with these, as Helm judged it (the target's when absent).
    pub base_defaults: Option<Named>,
    /// How scalars are typed.
    pub typing: Typing,
    /// The documents the schemas' `$ref`s name elsewhere (`--schema-ref`, JS `refs`).
    pub schema_refs: Vec<SchemaRef>,
    /// Both charts' templates, when both were given as charts: what each chart reads decides
    /// which values the target ignores (docs/templates.md).
    pub templates: Option<BumpTemplates>,
    /// The base chart's tree, when given as a chart: its schema is validated as Helm reads the
    /// tree, and each finding of a chart tree is named by its chart.
    pub base_chart: Option<ChartTree>,
    /// The target chart's tree, when given as a chart.
    pub target_chart: Option<ChartTree>,
}

/// One chart as `validate` judges values against it: its schema with the `$ref` documents, its
/// own values.yaml, typing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartSpec {
    /// The chart's `values.schema.json` (a chart tree's, composed).
    pub schema: Named,
    /// The chart's tree, when given as a chart (`None`: the schema validated as written).
    pub chart: Option<ChartTree>,
    /// The chart's own values.yaml.
    pub defaults: Option<Named>,
    /// How scalars are typed.
    pub typing: Typing,
    /// The documents the schema's `$ref`s name elsewhere.
    pub schema_refs: Vec<SchemaRef>,
}

/// Everything `validate` reads: the values files, where the values are, and the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidateRequest {
    /// The values files, each validated.
    pub files: Vec<SourceFile>,
    /// Where the values live in the files (the whole document when `None`).
    pub prefix: Option<String>,
    /// The chart they are validated against.
    pub chart: ChartSpec,
}

/// Everything `diagnose` and `migrate` read: the session's spec and one call's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The candidate files that hold the old values, in order.
    pub files: Vec<SourceFile>,
    /// The migrated values document (YAML or JSON), rooted at the values root; `None` for diagnose.
    pub proposal: Option<Named>,
    /// Where the values live in the files; discovered when `None`.
    pub prefix: Option<String>,
    /// A person's answers: `(path, value as YAML)`.
    pub answers: Vec<(String, String)>,
    /// What the session compiles.
    pub spec: SessionSpec,
}

/// The templates of both charts of a bump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BumpTemplates {
    /// The base chart's.
    pub base: crate::reads::Templates,
    /// The target chart's.
    pub target: crate::reads::Templates,
}

impl BumpTemplates {
    /// Both, when both inputs are charts.
    pub fn of(
        base: Option<crate::reads::Templates>,
        target: Option<crate::reads::Templates>,
    ) -> Option<BumpTemplates> {
        Some(BumpTemplates {
            base: base?,
            target: target?,
        })
    }
}

impl Request {
    /// The per-call part of the request, for a [`super::Session`].
    pub fn inputs(&self) -> super::Inputs<'_> {
        super::Inputs {
            files: &self.files,
            prefix: self.prefix.as_deref(),
            proposal: self.proposal.as_ref(),
            answers: &self.answers,
            renders: None,
        }
    }
}
