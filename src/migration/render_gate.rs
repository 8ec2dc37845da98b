//! The render gate (ADR 13's fourth guarantee): the migrated values must render with the chart
//! (`helm template`) before anything is written; a failed render is a `render-failed` refusal.
//! Running the command is the command layer's (src/cli): the library holds what is rendered and
//! how a failure reads.

use crate::ValuePath;
use crate::migrate::{MigrateReport, Refusal, RefusalKind, Status};
use crate::text::Location;
use crate::yaml::{DecodeOptions, Typing};

/// How many of the command's last output lines a refusal quotes.
const LAST_LINES: usize = 20;

/// The placeholder replaced by the path of the file holding the migrated values.
pub const PLACEHOLDER: &str = "{values}";

/// Renders the migrated values of a `planned` report with `render`; a failure refuses the report.
pub fn gate(
    report: &mut MigrateReport,
    typing: Typing,
    render: &dyn Fn(&str) -> Result<(), String>,
) {
    if report.status != Status::Planned {
        return;
    }
    let Some(values) = migrated_values(report, typing) else {
        return;
    };
    let values_file = report.values_file.clone();
    if let Err(message) = render(&values) {
        report.status = Status::Refused;
        report.refusals.push(Refusal {
            kind: RefusalKind::RenderFailed,
            path: ValuePath::root(),
            message,
            at: Location {
                file: values_file,
                ..Location::default()
            },
        });
    }
}

/// The migrated values as a values file Helm reads: the edited text itself when the values are a
/// whole one-document file, else the values subtree as JSON (which YAML reads as is).
pub fn migrated_values(report: &MigrateReport, typing: Typing) -> Option<String> {
    let file = report
        .files
        .iter()
        .find(|f| Some(&f.path) == report.values_file.as_ref())?;
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(&file.after, &options).ok()?;
    let prefix = ValuePath::parse(report.prefix.as_deref().unwrap_or("")).ok()?;
    if prefix.is_root() && documents.len() == 1 {
        return Some(file.after.clone());
    }
    let values = crate::migrate::located_values(report, &documents, &prefix, typing)?;
    serde_json::to_string_pretty(&*values).ok()
}

/// Why a render failed, from the command's exit status (`None`: a signal) and its output.
pub fn failure(command: &str, status: Option<i32>, output: &str) -> String {
    let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
    let last = lines[lines.len().saturating_sub(LAST_LINES)..].join("\n");
    let status = status.map_or("a signal".to_string(), |c| format!("status {c}"));
    format!("the render command `{command}` failed on the migrated values (exit {status}):\n{last}")
}

/// The shell line: `command` with its placeholder replaced by the quoted path of the values file.
pub fn line(command: &str, path: &str) -> String {
    command.replace(PLACEHOLDER, &shell_quote(path))
}

/// `text` quoted for `sh`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
