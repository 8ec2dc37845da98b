//! The JavaScript API's own shapes: what each function takes, and the results only that surface
//! makes; compiled for wasm, and natively for the generated declarations (types/).

use crate::migrate::{
    BumpTemplates, ChartSpec, MigrateReport, Named, Request, SchemaRef, SessionSpec, SourceFile,
    ValidateRequest,
};
use crate::migration::Migration;
use crate::yaml::Typing;
use serde::{Deserialize, Serialize};

/// The render's result, declared once with the render (`values-migrate render --format json`).
#[cfg(feature = "render")]
pub use crate::render::{RenderError, RenderMasked, RenderRefused, RenderResult};

/// Declares a JavaScript input that compiles charts: its own fields, the chart fields it names
/// (`spec { … }`), then the fields every such input shares (defaults, typing, `$ref` documents),
/// declared here once so that a shared field reaches each of them.
macro_rules! spec_input {
    ($(#[$meta:meta])* pub struct $name:ident { $($own:tt)* } spec { $($spec:tt)* }) => {
        $(#[$meta])*
        pub struct $name {
            $($own)*
            $($spec)*
            /// The chart's own values.yaml (for a bump, the target chart's).
            #[serde(default)]
            pub defaults: Option<String>,
            /// How scalars are typed.
            #[serde(default)]
            #[cfg_attr(feature = "types", ts(as = "Option<Typing>", optional))]
            pub typing: Typing,
            /// Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
            #[serde(default)]
            #[cfg_attr(feature = "types", ts(type = "Record<string, string>", optional))]
            pub refs: serde_json::Map<String, serde_json::Value>,
        }
    };
}

/// Declares a JavaScript input that builds a session: its own fields and the session spec's
/// (one declaration for every such input), and its conversion to the library's [`SessionSpec`].
macro_rules! session_input {
    ($(#[$meta:meta])* pub struct $name:ident { $($own:tt)* }) => {
        spec_input! {
            $(#[$meta])*
            pub struct $name { $($own)* }
            spec {
                /// The base chart's values.schema.json.
                pub base_schema: String,
                /// The target chart's values.schema.json.
                pub target_schema: String,
                /// The base chart's own values.yaml: the values root is judged coalesced with it (the target's when absent).
                #[serde(default)]
                pub base_defaults: Option<String>,
                /// The base chart's templates, as `readChart` gives them: with `targetTemplates`, what each
                /// chart reads decides which values the target ignores.
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub base_templates: Option<crate::reads::Templates>,
                /// The target chart's templates, as `readChart` gives them.
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub target_templates: Option<crate::reads::Templates>,
                /// The base chart's tree, as `readChart` gives it (`chart`): `baseSchema` is then
                /// validated as Helm reads the tree, and each finding and change of a chart tree
                /// is named by its chart.
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub base_chart: Option<crate::schema::ChartTree>,
                /// The target chart's tree, as `readChart` gives it (`chart`).
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub target_chart: Option<crate::schema::ChartTree>,
                /// The base chart's charts, as `readChart` gives them (`charts`): with
                /// `targetCharts` (and no `baseChart`/`targetChart`), each finding and change of a
                /// chart tree is named by its chart.
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub base_charts: Option<Vec<crate::schema::ChartAt>>,
                /// The target chart's charts, as `readChart` gives them (`charts`).
                #[serde(default)]
                #[cfg_attr(feature = "types", ts(optional))]
                pub target_charts: Option<Vec<crate::schema::ChartAt>>,
            }
        }

        impl $name {
            /// The session spec these fields give (their texts moved out, not copied).
            pub fn take_spec(&mut self) -> Result<SessionSpec, String> {
                let by_name = named_charts(self.base_charts.take(), self.target_charts.take());
                Ok(SessionSpec {
                    base_schema: named("baseSchema", std::mem::take(&mut self.base_schema)),
                    target_schema: named("targetSchema", std::mem::take(&mut self.target_schema)),
                    defaults: self.defaults.take().map(|d| named("defaults", d)),
                    base_defaults: self.base_defaults.take().map(|d| named("baseDefaults", d)),
                    typing: self.typing,
                    schema_refs: schema_refs(std::mem::take(&mut self.refs))?,
                    templates: BumpTemplates::of(self.base_templates.take(), self.target_templates.take()),
                    base_chart: self.base_chart.take().or(by_name.0),
                    target_chart: self.target_chart.take().or(by_name.1),
                })
            }
        }
    };
}

/// A file given by its contents.
#[derive(Deserialize, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FileInput {
    /// The file's name, as results and errors name it.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// Options of `decode`.
#[derive(Deserialize, Default)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecodeOptions {
    /// The file name used in errors (default `input.yaml`).
    #[serde(default)]
    pub file: Option<String>,
    /// How scalars are typed.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<Typing>", optional))]
    pub typing: Typing,
}

session_input! {
/// The input of `migrate` and `diagnose`: the CLI's options, with file contents instead of paths.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MigrateInput {
    /// The candidate files that hold the old values.
    pub files: Vec<FileInput>,
    /// The migrated values document (YAML or JSON); required by `migrate`, ignored by `diagnose`.
    #[serde(default)]
    pub proposal: Option<String>,
    /// Where the values are in the file; discovered when absent.
    #[serde(default)]
    pub prefix: Option<String>,
    /// A person's values for escalated keys, by path; each value is taken as the JSON value given.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "Record<string, unknown>", optional))]
    pub answers: serde_json::Map<String, serde_json::Value>,
    /// The two charts, rendered to judge the bump's behaviour (docs/behaviour.md): the result then
    /// carries `behaviour`. Only modules with the renderer take it (Node's, and the render module's
    /// `behaviour`); read by the wasm layer itself (bytes do not cross as JSON text).
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "BehaviourCharts", optional))]
    pub render: Option<serde::de::IgnoredAny>,
}
}

spec_input! {
/// The input of `validate`.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ValidateInput {
    /// The values files, each validated.
    pub files: Vec<FileInput>,
    /// Where the values are in the files.
    #[serde(default)]
    pub prefix: Option<String>,
}
spec {
    /// The values.schema.json.
    pub schema: String,
    /// The chart's tree, as `readChart` gives it (`chart`): `schema` is then validated as Helm
    /// reads the tree (its subcharts' conditions, tags, imports, `global`, each chart's name).
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(optional))]
    pub chart: Option<crate::schema::ChartTree>,
}
}

impl ValidateInput {
    /// The library's request; at least one file is needed.
    pub fn into_request(self) -> Result<ValidateRequest, String> {
        if self.files.is_empty() {
            return Err("validate input: files: needs at least one file".to_string());
        }
        Ok(ValidateRequest {
            files: source_files(self.files),
            prefix: self.prefix,
            chart: ChartSpec {
                schema: named("schema", self.schema),
                chart: self.chart,
                defaults: self.defaults.map(|d| named("defaults", d)),
                typing: self.typing,
                schema_refs: schema_refs(self.refs)?,
            },
        })
    }
}

/// The input of `patch`: one scalar of one object in a manifest file (ADR-0020).
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PatchInput {
    /// The manifest file.
    pub file: FileInput,
    /// The object's `apiVersion`.
    pub api_version: String,
    /// The object's `kind`.
    pub kind: String,
    /// The object's namespace.
    #[serde(default)]
    pub namespace: Option<String>,
    /// The object's name.
    pub name: String,
    /// The container whose field is patched; `field` is then relative to it.
    #[serde(default)]
    pub container: Option<String>,
    /// The field's path.
    pub field: String,
    /// The scalar it holds now.
    pub from: String,
    /// The scalar it gets.
    pub to: String,
}

session_input! {
/// What a `Session` is made of: both schemas (compiled once), the chart's defaults, the typing.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SessionOptions {
}
}

/// One call on a `Session`: the values files and, for `migrate`, the proposal.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SessionInput {
    /// The candidate files that hold the old values.
    pub files: Vec<FileInput>,
    /// The migrated values document.
    #[serde(default)]
    pub proposal: Option<String>,
    /// Where the values are in the file; discovered when absent.
    #[serde(default)]
    pub prefix: Option<String>,
    /// A person's answers for escalated keys, by path; values are JSON values.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "Record<string, unknown>", optional))]
    pub answers: serde_json::Map<String, serde_json::Value>,
    /// The two charts, rendered to judge the bump's behaviour (docs/behaviour.md): the result then
    /// carries `behaviour`. Only modules with the renderer take it (Node's, and the render module's
    /// `behaviour`); read by the wasm layer itself (bytes do not cross as JSON text).
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "BehaviourCharts", optional))]
    pub render: Option<serde::de::IgnoredAny>,
}

session_input! {
/// The input of `replay`: a recording (object or JSON text) and the files it is replayed on.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplayInput {
    /// The recording, as an object or as its JSON text.
    #[cfg_attr(feature = "types", ts(type = "Migration | string"))]
    pub migration: serde_json::Value,
    /// The values files.
    pub files: Vec<FileInput>,
    /// Where the values are in the files.
    #[serde(default)]
    pub prefix: Option<String>,
    /// Replay even when a schema's SHA-256 differs from the recording's.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<bool>", optional))]
    pub allow_schema_drift: bool,
    /// Read `files` as layers: merged per key, later wins, lists replaced.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<bool>", optional))]
    pub layered: bool,
    /// With `layered`, what to do when several layers supply an edited key (default `refuse`).
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "\"refuse\" | \"last\"", optional))]
    pub layer_policy: Option<String>,
}
}

/// One version of a chain: its schema and, optionally, its defaults.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VersionInput {
    /// The chart version.
    pub version: String,
    /// Its values.schema.json.
    pub schema: String,
    /// Its values.yaml.
    #[serde(default)]
    pub defaults: Option<String>,
    /// Its templates, as `readChart` gives them: with both ends' templates, a step also displaces
    /// the values the newer chart reads nowhere.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(optional))]
    pub templates: Option<crate::reads::Templates>,
    /// Its chart tree, as `readChart` gives it (`chart`): its schema is then validated as Helm
    /// reads the tree (its subcharts' conditions, tags, imports, `global`).
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(optional))]
    pub chart: Option<crate::schema::ChartTree>,
}

/// The input of `chain`: the versions' schemas and the recordings between them.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChainInput {
    /// The versions, each with its schema.
    pub versions: Vec<VersionInput>,
    /// The recordings between them, as objects or JSON texts.
    #[cfg_attr(feature = "types", ts(type = "(Migration | string)[]"))]
    pub migrations: Vec<serde_json::Value>,
    /// The values files.
    pub files: Vec<FileInput>,
    /// The version the files are at.
    pub from: String,
    /// The version to reach.
    pub to: String,
    /// Where the values are in the files.
    #[serde(default)]
    pub prefix: Option<String>,
    /// How scalars are typed.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<Typing>", optional))]
    pub typing: Typing,
    /// Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(type = "Record<string, string>", optional))]
    pub refs: serde_json::Map<String, serde_json::Value>,
    /// Replay even when a schema's SHA-256 differs from the recording's.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<bool>", optional))]
    pub allow_schema_drift: bool,
}

/// The input of `overrideSchema`.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OverrideSchemaInput {
    /// The chart's values.schema.json.
    pub schema: String,
    /// Where the values sit in the override files.
    #[serde(default)]
    pub prefix: Option<String>,
}

session_input! {
/// The options of a `Replayer`: `replay`'s input without the files.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplayerOptions {
    /// The recording, as an object or as its JSON text.
    #[cfg_attr(feature = "types", ts(type = "Migration | string"))]
    pub migration: serde_json::Value,
    /// Replay even when a schema's SHA-256 differs from the recording's.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<bool>", optional))]
    pub allow_schema_drift: bool,
}
}

/// One call on a `Replayer`.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplayerInput {
    /// The values files.
    pub files: Vec<FileInput>,
    /// Where the values are in the files.
    #[serde(default)]
    pub prefix: Option<String>,
}

/// What `readChart` returns: pass `schema` as `baseSchema`/`targetSchema` and `defaults` as `defaults`.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChartRead {
    /// The chart's name.
    pub name: String,
    /// The chart's version.
    pub version: String,
    /// The name errors give the schema.
    pub schema_name: String,
    /// The chart's values.schema.json, or every chart's schema of the tree composed as Helm applies them.
    pub schema: String,
    /// The name errors give the defaults, or `null` when there are none.
    pub defaults_name: Option<String>,
    /// The chart's values.yaml, or every chart's coalesced as Helm does (with `global`).
    pub defaults: Option<String>,
    /// Every chart of the tree and where its values sit (`chart.charts`).
    pub charts: Vec<crate::chart::ChartAt>,
    /// The chart tree: pass it as `baseChart`/`targetChart` (or `chart` to `validate`) with
    /// `schema`, which is then validated as Helm reads the tree (`schema` alone is JSON Schema only).
    pub chart: crate::schema::ChartTree,
    /// Every chart's templates, with the values each reads from: give them to `migrate`,
    /// `diagnose` or a `Session` as `baseTemplates`/`targetTemplates`.
    pub templates: crate::reads::Templates,
}

/// What `readAnswers` returns: the answers by path, and the lines that could not be read.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct ReadAnswers {
    /// The answers by path.
    #[cfg_attr(feature = "types", ts(type = "Record<string, unknown>"))]
    pub answers: serde_json::Map<String, serde_json::Value>,
    /// The lines that are not `PATH=VALUE` with a readable VALUE, each with its line number.
    pub problems: Vec<String>,
}

/// What `record` returns: `migrate`'s result, plus the recording (`null` unless planned or unchanged).
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct RecordResult {
    /// `migrate`'s result.
    #[serde(flatten)]
    pub report: MigrateReport,
    /// The recording.
    pub migration: Option<Migration>,
}

/// What `overrideSchema` returns: the schema for override files, or why it could not be made.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct OverrideSchemaResult {
    /// The schema (`null` when `errors` is not empty).
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub schema: serde_json::Value,
    /// Why the schema could not be made.
    pub errors: Vec<String>,
}

/// Both sides' trees from the charts alone (`baseCharts`, `targetCharts`: findings named by
/// chart, each schema validated as written), when both sides give theirs.
fn named_charts(
    base: Option<Vec<crate::schema::ChartAt>>,
    target: Option<Vec<crate::schema::ChartAt>>,
) -> (
    Option<crate::schema::ChartTree>,
    Option<crate::schema::ChartTree>,
) {
    match (base, target) {
        (Some(base), Some(target)) => (
            Some(crate::schema::ChartTree::named(base)),
            Some(crate::schema::ChartTree::named(target)),
        ),
        _ => (None, None),
    }
}

/// `text` as the input named `name`.
pub fn named(name: &str, text: String) -> Named {
    Named {
        name: name.to_string(),
        text,
    }
}

/// The library's files.
pub fn source_files(files: Vec<FileInput>) -> Vec<SourceFile> {
    files
        .into_iter()
        .map(|f| SourceFile {
            path: f.path,
            text: f.text,
        })
        .collect()
}

/// The documents supplied for remote `$ref`s, each by its URL; a value that is not text is refused.
pub fn schema_refs(
    refs: serde_json::Map<String, serde_json::Value>,
) -> Result<Vec<SchemaRef>, String> {
    refs.into_iter()
        .map(|(url, text)| match text {
            serde_json::Value::String(text) => Ok(SchemaRef {
                document: named(&url, text),
                url,
            }),
            _ => Err(format!("refs: `{url}`: expected the document's text")),
        })
        .collect()
}

/// A JSON value is YAML text that reads back as itself.
pub fn json_answers(answers: serde_json::Map<String, serde_json::Value>) -> Vec<(String, String)> {
    let mut answers: Vec<(String, String)> = answers
        .into_iter()
        .map(|(p, v)| (p, v.to_string()))
        .collect();
    // By path: the order of a JSON object's keys carries no meaning.
    crate::order::by(&mut answers, |a, b| a.0.cmp(&b.0));
    answers
}

impl MigrateInput {
    /// The library's request; `with_proposal` for `migrate` (an absent proposal is empty).
    pub fn into_request(mut self, with_proposal: bool) -> Result<Request, String> {
        let spec = self.take_spec()?;
        Ok(Request {
            files: source_files(self.files),
            proposal: if with_proposal {
                Some(named("proposal", self.proposal.unwrap_or_default()))
            } else {
                None
            },
            prefix: self.prefix,
            answers: json_answers(self.answers),
            spec,
        })
    }
}

impl PatchInput {
    /// The library's request.
    pub fn into_request(self) -> crate::manifest::PatchRequest {
        crate::manifest::PatchRequest {
            file: self.file.path,
            text: self.file.text,
            api_version: self.api_version,
            kind: self.kind,
            namespace: self.namespace,
            name: self.name,
            container: self.container,
            field: self.field,
            from: self.from,
            to: self.to,
        }
    }
}

/// The input of `render`: a chart and the user's values, as `values-migrate render` takes them.
#[derive(Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RenderInput {
    /// The chart: an archive's bytes (`helm pull`'s .tgz), or a `RenderChart`. Read by the wasm
    /// layer itself (bytes do not cross as JSON text).
    #[cfg_attr(feature = "types", ts(type = "Uint8Array | RenderChart"))]
    pub chart: serde::de::IgnoredAny,
    /// The values files, merged in order as Helm's `-f` merges them.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<Vec<FileInput>>", optional))]
    pub values: Vec<FileInput>,
    /// Values as Helm's `--set` reads them, `KEY=VALUE`, applied in order after the files.
    #[serde(default)]
    #[cfg_attr(feature = "types", ts(as = "Option<Vec<String>>", optional))]
    pub set: Vec<String>,
    /// The release name (default `release-name`, as `helm template`).
    #[serde(default)]
    pub release: Option<String>,
    /// The release namespace (default `default`).
    #[serde(default)]
    pub namespace: Option<String>,
}

/// A chart given to `render` by its files: an archive (`archive`) or a directory (`files`).
#[cfg(feature = "types")]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[allow(dead_code)]
pub struct RenderChart {
    /// The name errors give the chart (default `chart.tgz` for an archive, `chart` for a directory).
    name: Option<String>,
    /// The archive's bytes.
    #[ts(type = "Uint8Array", optional)]
    archive: Option<()>,
    /// A directory's files by their path inside the chart (`templates/x.yaml`): text or bytes.
    #[ts(type = "Record<string, string | Uint8Array>", optional)]
    files: Option<()>,
}

/// The two charts of a bump whose behaviour `migrate` and `diagnose` judge, each as `render`
/// takes a chart.
#[cfg(feature = "types")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub struct BehaviourCharts {
    /// The base chart (rendered with the original values).
    #[ts(type = "Uint8Array | RenderChart")]
    base: (),
    /// The target chart (rendered with the migrated values, and with the original ones).
    #[ts(type = "Uint8Array | RenderChart")]
    target: (),
}

impl RenderInput {
    /// The library's request.
    #[cfg(feature = "render")]
    pub fn into_request(self) -> crate::render::Request {
        crate::render::Request {
            values: self.values.into_iter().map(|f| (f.path, f.text)).collect(),
            set: self.set,
            release: self.release,
            namespace: self.namespace,
            ..crate::render::Request::default()
        }
    }
}
