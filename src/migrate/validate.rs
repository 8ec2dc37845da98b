//! The `validate` capability: values (coalesced with the chart's defaults) against one schema, located.

use super::read::parse_yaml;
use super::request::{Named, SourceFile};
use crate::path::{self, ValuePath};
use crate::schema::Schema;
use crate::text::{Diagnostic, LineIndex, Location};
use crate::yaml::{Stream, Typing};
use serde::Serialize;
use serde_json::Value;

/// One violation, located in the user's file where its path exists there.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "Violation"),
    schemars(rename = "Violation")
)]
#[serde(rename_all = "camelCase")]
pub struct LocatedViolation {
    /// The value path, relative to the prefix.
    pub path: ValuePath,
    /// Where in the schema the failing keyword is.
    pub schema_path: String,
    /// What is wrong, in Helm's words.
    pub message: String,
    /// The failing keyword (`type`, `required`, …).
    pub keyword: String,
    /// Where Helm places it: the JSON pointer it prints after `at`.
    pub pointer: String,
    /// The line Helm prints for it after the pointer.
    pub helm_message: String,
    /// Whether only the chart's defaults cause it (not the user's values).
    pub in_defaults_only: bool,
    /// Where in the user's file, or `null`s where the path is not in it.
    #[serde(flatten)]
    pub at: Location,
    /// For a chart tree: the chart whose schema failed, and the violation as Helm prints it
    /// (`bosun: - at '/gate/mode': …`); absent for a lone schema.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub chart: Option<ChartNamed>,
    /// The lines Helm prints above it that hold it, outermost first (`'allOf' failed`, a
    /// `$ref`'s `validation failed`), each indented two spaces more than the last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub within: Vec<HelmLine>,
    /// The lines Helm prints under it (an `anyOf`'s or a `contains`' failed subschemas).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<HelmLine>,
}

pub use crate::schema::{ChartNamed, HelmLine};

/// What `validate` returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "ValidateResult"),
    schemars(rename = "ValidateResult")
)]
#[serde(rename_all = "camelCase")]
pub struct ValidateReport {
    /// Whether Helm accepts the values: no violation, the user's or the chart's defaults' alone.
    pub valid: bool,
    /// The user's violations.
    pub violations: Vec<LocatedViolation>,
    /// Violations that come only from the chart's defaults (no values file causes them), reported
    /// apart so that the user's file is not blamed for them.
    pub defaults_violations: Vec<LocatedViolation>,
    /// Inputs that could not be read.
    pub errors: Vec<Diagnostic>,
}

/// Where in `user` the value Helm validates at `path` is written: under a subchart's `global`,
/// the user's own `global` key it was copied from; else `path` itself.
pub(crate) fn written_at(path: &ValuePath, user: &Value) -> ValuePath {
    crate::schema::global_sources(path)
        .into_iter()
        .find(|p| path::get(user, p).is_some())
        .unwrap_or_else(|| path.clone())
}

fn report(errors: Vec<Diagnostic>) -> ValidateReport {
    ValidateReport {
        valid: false,
        violations: Vec::new(),
        defaults_violations: Vec::new(),
        errors,
    }
}

impl ValidateReport {
    /// A report that stops at reading: not valid, with what could not be read.
    pub fn unreadable(errors: Vec<Diagnostic>) -> ValidateReport {
        report(errors)
    }

    /// One report for several files: valid when every file is, the violations of all, in order.
    pub fn merge(reports: impl IntoIterator<Item = ValidateReport>) -> ValidateReport {
        let mut out = report(Vec::new());
        out.valid = true;
        for mut one in reports {
            out.valid &= one.valid;
            out.violations.append(&mut one.violations);
            out.defaults_violations.append(&mut one.defaults_violations);
            out.errors.append(&mut one.errors);
        }
        out
    }
}

/// Validates the values at `prefix` in `values` against a compiled `schema` and `defaults`.
pub(crate) fn against(
    schema: &Schema,
    defaults: Option<&Value>,
    values: &SourceFile,
    prefix: Option<&str>,
    typing: Typing,
) -> ValidateReport {
    let prefix = match ValuePath::parse(prefix.unwrap_or("")) {
        Ok(prefix) => prefix,
        Err(e) => return report(vec![Diagnostic::in_file("--prefix", e.to_string())]),
    };
    let (stream, documents) = match parse_yaml(&values.path, &values.text, typing) {
        Ok(parsed) => parsed,
        Err(e) => return report(vec![e]),
    };
    // A values file of several documents is read as `-f` reads it: every document, merged.
    if prefix.is_root() && documents.len() > 1 {
        let named = Named {
            name: values.path.clone(),
            text: values.text.clone(),
        };
        let user = match super::merged::parse_document(&named, typing) {
            Ok(user) => user,
            Err(e) => return report(vec![e]),
        };
        let all: Vec<usize> = (0..documents.len()).collect();
        return judged(
            schema,
            defaults,
            values,
            (&stream, &documents, &all),
            &prefix,
            &user,
            typing,
        );
    }
    // The values root is in the first document that holds the prefix (the first one when none is given).
    let found = documents
        .iter()
        .enumerate()
        .find_map(|(i, d)| super::values_at(d, &prefix, typing).map(|v| (i, v.into_owned())));
    let (index, user) = match found {
        Some(found) => found,
        None if prefix.is_root() => (0, Value::Null),
        None => {
            let message = format!("`{prefix}` is not in the file");
            return report(vec![Diagnostic::in_file(&values.path, message)]);
        }
    };
    judged(
        schema,
        defaults,
        values,
        (&stream, &documents, &[index]),
        &prefix,
        &user,
        typing,
    )
}

/// The violations of `user` (the values `read` from `values` at `prefix`: the stream, its
/// documents and the ones the values come from), each at the line of the last of those
/// documents that writes its key (the one Helm's merge keeps).
fn judged(
    schema: &Schema,
    defaults: Option<&Value>,
    values: &SourceFile,
    read: (&Stream, &[Value], &[usize]),
    prefix: &ValuePath,
    user: &Value,
    typing: Typing,
) -> ValidateReport {
    let (stream, documents, from) = read;
    let lines = LineIndex::new(&values.text);
    let placers: Vec<_> = (from.iter())
        .filter_map(|&i| Some((i, stream.documents.get(i)?)))
        .map(|(i, d)| {
            (
                i,
                super::held::Placer::new(&values.text, &d.root, prefix, typing),
            )
        })
        .collect();
    let mut out = report(Vec::new());
    for violation in schema.validate_coalesced(defaults, user) {
        let key = violation
            .key_path
            .clone()
            .unwrap_or_else(|| violation.path.clone());
        let written = prefix.join(&written_at(&key, user));
        let document = super::merged::placed(documents, from, &written);
        let placer = (placers.iter()).find(|(i, _)| Some(*i) == document);
        // A missing key has no line of its own: the deepest part of its path that exists is shown.
        let at = placer
            .map(|(_, placer)| Location::at(&values.path, &lines, placer.offset(&written)))
            .unwrap_or_default();
        let located = LocatedViolation {
            path: key,
            schema_path: violation.schema_path.clone(),
            message: violation.message.clone(),
            keyword: violation.keyword.clone(),
            pointer: violation.pointer.clone(),
            helm_message: violation.helm_message.clone(),
            in_defaults_only: violation.in_defaults_only,
            at,
            chart: violation.chart.clone(),
            within: violation.within.clone(),
            causes: violation.causes.clone(),
        };
        if violation.in_defaults_only {
            out.defaults_violations.push(located);
        } else {
            out.violations.push(located);
        }
    }
    // Helm refuses the install for a violation the chart's defaults cause as much as for the user's.
    out.valid = out.violations.is_empty() && out.defaults_violations.is_empty();
    out
}
