//! The render gate (ADR 13's fourth guarantee): the migrated values must render with the chart
//! (`helm template`) before anything is written; a failed render is a `render-failed` refusal.

use crate::ValuePath;
use crate::migrate::{MigrateReport, Refusal, RefusalKind, Status};
use crate::path as tree;
use crate::text::Location;
use crate::yaml::{DecodeOptions, Typing};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How many of the command's last output lines a refusal quotes.
const LAST_LINES: usize = 20;

/// The placeholder replaced by the path of the file holding the migrated values.
pub const PLACEHOLDER: &str = "{values}";

/// Runs `command` on the migrated values of a `planned` report; a failure refuses the report.
pub fn gate(report: &mut MigrateReport, command: &str, typing: Typing) {
    if report.status != Status::Planned {
        return;
    }
    let Some(values) = migrated_values(report, typing) else {
        return;
    };
    let values_file = report.values_file.clone();
    if let Err(message) = render(command, &values) {
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
    let values = tree::get(documents.get(report.values_document.unwrap_or(0))?, &prefix)?;
    serde_json::to_string_pretty(values).ok()
}

/// Writes `values` to a temporary file and runs `command` (through `sh -c`) with its path.
pub fn render(command: &str, values: &str) -> Result<(), String> {
    let path = temporary_path();
    std::fs::write(&path, values).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let result = run(command, &path);
    let _ = std::fs::remove_file(&path);
    result
}

fn run(command: &str, path: &Path) -> Result<(), String> {
    let line = command.replace(PLACEHOLDER, &shell_quote(&path.to_string_lossy()));
    let output = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .output()
        .map_err(|e| format!("cannot run `{command}`: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let last = lines[lines.len().saturating_sub(LAST_LINES)..].join("\n");
    let status = output
        .status
        .code()
        .map_or("a signal".to_string(), |c| format!("status {c}"));
    Err(format!(
        "the render command `{command}` failed on the migrated values (exit {status}):\n{last}"
    ))
}

/// A fresh temporary file path, unique to this process and call.
fn temporary_path() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "values-migrate-render-{}-{n}.yaml",
        std::process::id()
    ))
}

/// `text` quoted for `sh`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
