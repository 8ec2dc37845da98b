//! The `validate` capability: values (coalesced with the chart's defaults) against one schema, located.

use crate::migrate::run::{parse_yaml, plain_error};
use crate::migrate::{Named, tree};
use crate::path::ValuePath;
use crate::report::Diagnostic;
use crate::schema::Schema;
use crate::yaml::{DecodeOptions, LineIndex, Typing};
use serde::Serialize;

/// One violation, located in the user's file where its path exists there.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LocatedViolation {
    /// The value path, relative to the prefix.
    pub path: ValuePath,
    /// Where in the schema the failing keyword is.
    pub schema_path: String,
    /// What is wrong, in Helm's words.
    pub message: String,
    /// Whether only the chart's defaults cause it (not the user's values).
    pub in_defaults_only: bool,
    /// The file, or `null` where the path is not in the user's file.
    pub file: Option<String>,
    /// The 1-based line, or `null`.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units, or `null`.
    pub utf16_column: Option<usize>,
}

/// What `validate` returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidateReport {
    /// Whether the user's values pass (violations only inside the chart's defaults do not count).
    pub valid: bool,
    /// The user's violations.
    pub violations: Vec<LocatedViolation>,
    /// Violations that come only from the chart's defaults, reported apart.
    pub defaults_violations: Vec<LocatedViolation>,
    /// Inputs that could not be read.
    pub errors: Vec<Diagnostic>,
}

impl ValidateReport {
    /// The command line's exit status: 0 valid, 1 invalid values, 3 unreadable input.
    pub fn exit_code(&self) -> i32 {
        if !self.errors.is_empty() {
            3
        } else if self.valid {
            0
        } else {
            1
        }
    }
}

/// Validates the values at `prefix` in `values` against `schema`, as Helm does.
pub fn validate(
    values: &Named,
    prefix: Option<&str>,
    schema: &Named,
    defaults: Option<&Named>,
    typing: Typing,
) -> ValidateReport {
    let mut report = ValidateReport {
        valid: false,
        violations: Vec::new(),
        defaults_violations: Vec::new(),
        errors: Vec::new(),
    };
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let parsed = parse_yaml(&values.name, &values.text, &options)
        .map_err(|e| report.errors.push(e))
        .ok();
    let defaults = defaults.and_then(|d| {
        parse_yaml(&d.name, &d.text, &options)
            .map(|(_, docs)| docs.into_iter().next().unwrap_or(serde_json::Value::Null))
            .map_err(|e| report.errors.push(e))
            .ok()
    });
    let compiled = match Schema::compile(&schema.text) {
        Ok(compiled) => Some(compiled),
        Err(e) => {
            report.errors.push(Diagnostic {
                file: schema.name.clone(),
                line: e.line(),
                column: e.column(),
                utf16_column: e.column(),
                message: e.message().to_string(),
            });
            None
        }
    };
    let prefix = match ValuePath::parse(prefix.unwrap_or("")) {
        Ok(prefix) => prefix,
        Err(e) => {
            report.errors.push(plain_error("--prefix", &e.to_string()));
            return report;
        }
    };
    let (Some((stream, documents)), Some(schema)) = (parsed, compiled) else {
        return report;
    };
    if !report.errors.is_empty() {
        return report;
    }
    let root = documents
        .first()
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let Some(user) = tree::get(&root, &prefix).cloned() else {
        report.errors.push(plain_error(
            &values.name,
            &format!("`{prefix}` is not in the file"),
        ));
        return report;
    };
    let lines = LineIndex::new(&values.text);
    for violation in schema.validate_coalesced(defaults.as_ref(), &user) {
        let key = violation
            .key_path
            .clone()
            .unwrap_or_else(|| violation.path.clone());
        // A missing key has no line of its own: the deepest part of its path that exists is shown.
        let at = stream
            .documents
            .first()
            .map(|d| d.root.offset_of(&prefix.join(&key), typing));
        let position = at.map(|offset| lines.line_col(offset));
        let located = LocatedViolation {
            path: key,
            schema_path: violation.schema_path.clone(),
            message: violation.message.clone(),
            in_defaults_only: violation.in_defaults_only,
            file: position.map(|_| values.name.clone()),
            line: position.map(|p| p.line),
            column: position.map(|p| p.column),
            utf16_column: position.map(|p| p.utf16_column),
        };
        if violation.in_defaults_only {
            report.defaults_violations.push(located);
        } else {
            report.violations.push(located);
        }
    }
    report.valid = report.violations.is_empty();
    report
}
