//! A recorded migration: the verified plan of one values file, as a portable, reviewable JSON recipe.

use crate::migrate::{MigrateReport, Op, SetSource, Status};
use crate::migrate::{Named, Request};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `format` every recording carries, so a reader knows the shape it reads.
pub const FORMAT: &str = "values-migrate/migration@1";

/// The chart bump a migration belongs to (`--chart NAME --from V --to V`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(feature = "types", ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase")]
pub struct ChartBump {
    /// The chart's name, or `null`.
    #[serde(default)]
    pub name: Option<String>,
    /// The version moved from, or `null`.
    #[serde(default)]
    pub from: Option<String>,
    /// The version moved to, or `null`.
    #[serde(default)]
    pub to: Option<String>,
}

/// A schema named by its file and the SHA-256 of its bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SchemaDigest {
    /// The name the schema was given when recorded.
    pub file: String,
    /// The SHA-256 of its text, 64 lowercase hex digits.
    pub sha256: String,
}

impl SchemaDigest {
    /// The digest of `schema`.
    pub fn of(schema: &Named) -> SchemaDigest {
        SchemaDigest {
            file: schema.name.clone(),
            sha256: values_migrate_gostd::sha::hex(&values_migrate_gostd::sha::sha256(
                schema.text.as_bytes(),
            )),
        }
    }
}

/// Both schemas of the bump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SchemaPair {
    /// The base chart's schema (moved from).
    pub base: SchemaDigest,
    /// The target chart's schema (moved to).
    pub target: SchemaDigest,
}

/// One recorded operation, with its source: paths are value paths relative to the values root.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum RecordedOp {
    /// Remove a key and its value.
    Remove {
        /// The key's path.
        path: String,
        /// The value it held when recorded (for the reviewer; a replay removes whatever is there).
        #[serde(default)]
        #[cfg_attr(feature = "types", ts(type = "unknown"))]
        value: Value,
    },
    /// Move a value to a new path.
    Rename {
        /// Where it was.
        from: String,
        /// Where it goes.
        to: String,
        /// Which rule chose this source when recorded.
        #[serde(default)]
        reason: String,
        /// The value moved when recorded (a replay moves its own file's value).
        #[serde(default)]
        #[cfg_attr(feature = "types", ts(type = "unknown"))]
        value: Value,
    },
    /// Set a key from the schema or a person's answer.
    Set {
        /// The key's path.
        path: String,
        /// The value.
        #[cfg_attr(feature = "types", ts(type = "unknown"))]
        value: Value,
        /// `default`, `const`, `enum`, `answer` or `original`.
        source: String,
    },
}

impl RecordedOp {
    /// The path the operation reads in the original values (a set reads the path it writes).
    pub fn source_path(&self) -> &str {
        match self {
            RecordedOp::Remove { path, .. } | RecordedOp::Set { path, .. } => path,
            RecordedOp::Rename { from, .. } => from,
        }
    }
}

/// A value the target refused where it was, with why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct RecordedDisplaced {
    /// Where it was.
    pub path: String,
    /// Why the target refuses it there.
    pub reason: String,
}

/// A verified migration, recorded to be replayed on other values files (never applied blindly).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Migration {
    /// Always [`FORMAT`].
    pub format: String,
    /// The tool that recorded it (`values-migrate 0.1.0`).
    pub tool: String,
    /// The chart bump, when given.
    #[serde(default)]
    pub chart: ChartBump,
    /// Both schemas' digests.
    pub schemas: SchemaPair,
    /// Where the values were in the recorded file (for the reader; a replay discovers its own).
    #[serde(default)]
    pub prefix: Option<String>,
    /// The plan, in order.
    pub ops: Vec<RecordedOp>,
    /// Every displaced path of the recorded file, with why.
    #[serde(default)]
    pub displaced: Vec<RecordedDisplaced>,
}

/// Records the migration `report` verified for `request`; `None` unless it is `planned` or `unchanged`.
pub fn record(request: &Request, report: &MigrateReport, chart: &ChartBump) -> Option<Migration> {
    if !matches!(report.status, Status::Planned | Status::Unchanged) {
        return None;
    }
    let displaced_value = |path: &crate::ValuePath| {
        report
            .displaced
            .iter()
            .find(|d| &d.path == path)
            .map(|d| d.value.clone())
            .unwrap_or(Value::Null)
    };
    let ops = report
        .ops
        .iter()
        .map(|op| match op {
            Op::Remove { path } => RecordedOp::Remove {
                path: path.to_string(),
                value: displaced_value(path),
            },
            Op::Rename { from, to, reason } => RecordedOp::Rename {
                from: from.to_string(),
                to: to.to_string(),
                reason: reason.clone(),
                value: displaced_value(from),
            },
            Op::Set {
                path,
                value,
                source,
            } => RecordedOp::Set {
                path: path.to_string(),
                value: value.clone(),
                source: source_name(*source).to_string(),
            },
        })
        .collect();
    Some(Migration {
        format: FORMAT.to_string(),
        tool: format!("values-migrate {}", env!("CARGO_PKG_VERSION")),
        chart: chart.clone(),
        schemas: SchemaPair {
            base: SchemaDigest::of(&request.spec.base_schema),
            target: SchemaDigest::of(&request.spec.target_schema),
        },
        prefix: report.prefix.clone(),
        ops,
        displaced: report
            .displaced
            .iter()
            .map(|d| RecordedDisplaced {
                path: d.path.to_string(),
                reason: d.reason.clone(),
            })
            .collect(),
    })
}

/// The contract's name of a set's source.
fn source_name(source: SetSource) -> &'static str {
    match source {
        SetSource::Default => "default",
        SetSource::Const => "const",
        SetSource::Enum => "enum",
        SetSource::Answer => "answer",
        SetSource::Original => "original",
        SetSource::Empty => "empty",
    }
}

/// Reads a recording, refusing another format.
pub fn parse(name: &str, text: &str) -> Result<Migration, String> {
    let migration: Migration = serde_json::from_str(text)
        .map_err(|e| format!("{name}:{}:{}: {e}", e.line(), e.column()))?;
    if migration.format != FORMAT {
        return Err(format!(
            "{name}: format `{}` is not `{FORMAT}`",
            migration.format
        ));
    }
    Ok(migration)
}
