//! The generated contract (feature `types`): the TypeScript declarations of every request and
//! result (ts-rs) and the JSON Schema of every result (schemars), from the Rust types themselves.
//! `tests/integration/generated_types.rs` writes them to types/ and fails when the checked-in
//! files are stale.

use crate::api::{
    BehaviourCharts, ChainInput, ChartRead, DecodeOptions, FileInput, MigrateInput,
    OverrideSchemaInput, OverrideSchemaResult, PatchInput, ReadAnswers, RecordResult, RenderChart,
    RenderError, RenderInput, RenderMasked, RenderRefused, RenderResult, ReplayInput,
    ReplayerInput, ReplayerOptions, SessionInput, SessionOptions, ValidateInput, VersionInput,
};
use crate::chart::ChartAt;
use crate::decode::DecodeResult;
use crate::manifest::{PatchReport, PatchStatus};
use crate::migrate::behaviour::{
    BehaviourReport, Cause, ManifestDiff, ObjectChange, ObjectDiff, RenderNote, Site,
    ValueBehaviour, Verdict,
};
use crate::migrate::outcome::{
    ChartFinding, ChartFindings, HomeKind, KeptComment, NotCarried, Refusal, RefusalKind, Status,
    ValuesHome,
};
use crate::migrate::validate::{ChartNamed, HelmLine, LocatedViolation, ValidateReport};
use crate::migrate::{Draft, MigrateReport, Op, SetSource};
use crate::migration::chain::{ChainReport, ChainStep};
use crate::migration::fleet::{FileOutcome, FleetReport, RepoOutcome, Summary};
use crate::migration::layers::{Layer, LayeredReport};
use crate::migration::record::{
    ChartBump, Migration, RecordedDisplaced, RecordedOp, SchemaDigest, SchemaPair,
};
use crate::migration::replay::{Drift, ReplayReport, ReplayedOp, SkippedOp};
use crate::reads::{ChartInfo, TemplateFile, Templates};
use crate::schema::{
    Change, ChangeKind, ChartTree, ChartValues, Composition, Derivable, Displaced, DisplacedBy,
    Escalation, Gate, ImportedTable, Importing, PartDraft, RefusedPart, Source, SubchartValues,
};
use crate::text::{Diagnostic, FileResult, Location};
use crate::yaml::Typing;
use ts_rs::TS;

/// One declaration: its name, its text, and the names it refers to.
struct Declaration {
    name: String,
    text: String,
    uses: Vec<String>,
}

fn declaration<T: TS + 'static>(config: &ts_rs::Config) -> Declaration {
    let docs = T::docs().unwrap_or_default();
    Declaration {
        name: T::ident(config),
        text: format!("{docs}export {}\n", tidy(&T::decl(config))),
        uses: T::dependencies(config)
            .into_iter()
            .map(|d| d.ts_name)
            .collect(),
    }
}

/// ts-rs's text with no trailing blanks, and an object type's closing brace on a line of its own.
fn tidy(decl: &str) -> String {
    decl.replace(", };", ",\n};")
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every declared type, in the order the file lists them: results first, then requests.
macro_rules! declarations {
    ($config:expr; $($t:ty),* $(,)?) => { vec![$(declaration::<$t>($config)),*] };
}

/// The TypeScript declarations of every request and result, as `types/values_migrate.d.ts` holds them.
///
/// # Panics
/// When a declared type refers to a type the list leaves out (the file would not compile).
pub fn typescript() -> String {
    let config = ts_rs::Config::new().with_large_int("number");
    let all = declarations![&config;
        MigrateReport, Status, Displaced, DisplacedBy, Derivable, Source, Escalation, Refusal,
        RefusalKind, ValuesHome, HomeKind, Templates, ChartInfo, TemplateFile,
        Location, Diagnostic, Op, SetSource, NotCarried, KeptComment, FileResult, Change,
        ChangeKind, ChartFindings, ChartFinding, BehaviourReport, ValueBehaviour, Verdict, Site,
        ManifestDiff, RenderNote, ObjectDiff, ObjectChange, Cause, ValidateReport, LocatedViolation, ChartNamed, HelmLine,
        DecodeResult, PatchReport,
        PatchStatus, ReadAnswers, ChartRead, ChartAt, ChartTree, Composition, ChartValues,
        SubchartValues, Gate, Importing, ImportedTable, PartDraft, RefusedPart, RecordResult, Migration, ChartBump,
        SchemaPair, SchemaDigest, RecordedOp, RecordedDisplaced, ReplayReport, ReplayedOp,
        SkippedOp, Drift, LayeredReport, Layer, ChainReport, ChainStep, FleetReport, RepoOutcome,
        FileOutcome, Summary, OverrideSchemaResult, Draft, RenderResult, RenderMasked,
        RenderRefused, RenderError,
        Typing, FileInput, DecodeOptions, MigrateInput, ValidateInput, PatchInput, SessionOptions,
        SessionInput, ReplayInput, VersionInput, ChainInput, OverrideSchemaInput, ReplayerOptions,
        ReplayerInput, RenderInput, RenderChart, BehaviourCharts,
    ];
    let names: Vec<&str> = all.iter().map(|d| d.name.as_str()).collect();
    let mut out = String::from(
        "// Generated from the Rust types by ts-rs (src/types.rs); do not edit: run\n\
         // `UPDATE_TYPES=1 cargo test --features types --test generated_types`.\n",
    );
    for d in &all {
        if let Some(missing) = d.uses.iter().find(|u| !names.contains(&u.as_str())) {
            panic!(
                "{} refers to {missing}, which src/types.rs does not declare",
                d.name
            );
        }
        out.push('\n');
        out.push_str(&d.text);
    }
    out
}

/// The JSON Schema (2020-12) of every result, each under `$defs` by its TypeScript name.
pub fn json_schema() -> String {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    macro_rules! results {
        ($($t:ty),* $(,)?) => { $( generator.subschema_for::<$t>(); )* };
    }
    results!(
        MigrateReport,
        ValidateReport,
        DecodeResult,
        PatchReport,
        ReadAnswers,
        ChartRead,
        RecordResult,
        Migration,
        ReplayReport,
        LayeredReport,
        ChainReport,
        FleetReport,
        OverrideSchemaResult,
        Draft,
        RenderResult,
    );
    let mut defs = generator.take_definitions(true);
    // A field the types do not declare is a stale contract: every object result closes itself
    // (`unevaluatedProperties` sees the fields its flattened parts and variants declare).
    for def in defs.values_mut() {
        if def.get("type").and_then(|t| t.as_str()) == Some("object") {
            def["unevaluatedProperties"] = serde_json::Value::Bool(false);
        }
    }
    let schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "values-migrate results",
        "description": "Generated from the Rust types by schemars (src/types.rs); do not edit. \
            Each result is under $defs by its TypeScript name.",
        "$defs": defs,
    });
    let mut text = serde_json::to_string_pretty(&schema).expect("a JSON value prints");
    text.push('\n');
    text
}
