//! Required keys the values lack: derivable from the schema, or escalated to a person.

use std::collections::HashSet;

use super::validator::{ErrorKind as ValidationErrorKind, ValidationError};
use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::derive::{NoSingle, Source, derived_of, is_object_schema};
use super::message::quote;
use super::pointer::value_path;
use super::validate::instance;
use super::walk::Walker;
use crate::path::ValuePath;
use crate::path::set;

/// A missing required key whose value the target schema dictates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Derivable {
    /// The missing key's path.
    pub path: ValuePath,
    /// The value to set.
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub value: Value,
    /// Where the value comes from.
    pub source: Source,
}

/// A missing required key that needs a person: the schema dictates no value for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Escalation {
    /// The missing key's path.
    pub path: ValuePath,
    /// Why no value can be derived.
    pub message: String,
}

/// Every missing required key, split into the derivable and the escalated.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Requirements {
    /// Keys the schema dictates a value for, parents before children.
    pub derivable: Vec<Derivable>,
    /// Keys a person must decide.
    pub escalations: Vec<Escalation>,
}

impl Requirements {
    /// Whether nothing is missing.
    pub fn is_empty(&self) -> bool {
        self.derivable.is_empty() && self.escalations.is_empty()
    }
}

/// Rounds of validate-and-fill; each round goes at least one level deeper.
const MAX_ROUNDS: usize = 32;

impl Schema {
    /// The required keys `values` lack, when nothing else in them is refused (`None` otherwise):
    /// the chart's own defaults may supply those, as Helm coalesces them before validating.
    pub fn missing_required(&self, values: &Value) -> Option<Vec<ValuePath>> {
        let values = instance(values);
        let errors = self.errors(&values);
        if !errors
            .iter()
            .all(|e| matches!(e.kind(), ValidationErrorKind::Required { .. }))
        {
            return None;
        }
        Some(self.missing_in(&errors, &values, &HashSet::new()))
    }
}

impl Schema {
    /// The required keys `values` (already coalesced with the chart's defaults) lack.
    ///
    /// A missing key is derivable when the schema names exactly one candidate for it (a default,
    /// a const, or the member of a single-member enum); the value is filled in and its own
    /// required keys are checked in turn. A missing mapping with no candidate is created empty
    /// when its schema requires keys of its own, so the chain down to them is reported instead;
    /// anything else is an escalation. Only unconditional requirements count: the ones
    /// validation reports outside `anyOf`/`oneOf` alternatives.
    pub fn required(&self, values: &Value) -> Requirements {
        let document = instance(values).into_owned();
        let first = self.missing_in(&self.errors(&document), &document, &HashSet::new());
        self.required_from(document, first)
    }

    /// [`Schema::required`] from the first round's missing paths, already computed.
    pub(crate) fn required_from(&self, mut document: Value, first: Vec<ValuePath>) -> Requirements {
        let walker = Walker::new(self);
        let mut first = Some(first);
        let mut out = Requirements::default();
        let mut chains: Vec<(ValuePath, String)> = Vec::new();
        let mut seen: HashSet<ValuePath> = HashSet::new();
        for _ in 0..MAX_ROUNDS {
            let missing = match first.take() {
                Some(first) => first,
                None => self.missing_in(&self.errors(&document), &document, &seen),
            };
            if missing.is_empty() {
                break;
            }
            for path in missing {
                seen.insert(path.clone());
                let nodes = walker.at(path.segments());
                match derived_of(&nodes).decide() {
                    Ok((value, source)) => {
                        let _ = set(&mut document, &path, value.clone());
                        out.derivable.push(Derivable {
                            path,
                            value,
                            source,
                        });
                    }
                    Err(why) => {
                        let message = escalation_message(&why, &derived_of(&nodes).enums);
                        if is_object_schema(&nodes)
                            && path.len() < MAX_ROUNDS
                            && set(&mut document, &path, Value::Object(Default::default())).is_ok()
                        {
                            chains.push((path, message));
                        } else {
                            out.escalations.push(Escalation { path, message });
                        }
                    }
                }
            }
        }
        // A created mapping that turned out to require nothing is itself the missing value.
        for (path, message) in chains {
            let below = |p: &ValuePath| p.len() > path.len() && p.starts_with(&path);
            let covered = out.derivable.iter().any(|d| below(&d.path))
                || out.escalations.iter().any(|e| below(&e.path));
            if !covered {
                out.escalations.push(Escalation { path, message });
            }
        }
        out
    }

    /// The paths of required keys `document` lacks (by its `errors`), not yet in `seen`.
    pub(crate) fn missing_in(
        &self,
        errors: &[ValidationError<'_>],
        document: &Value,
        seen: &HashSet<ValuePath>,
    ) -> Vec<ValuePath> {
        let mut out = Vec::new();
        for error in errors {
            if let ValidationErrorKind::Required {
                property: Value::String(key),
            } = error.kind()
            {
                let path = value_path(error.instance_path(), document).key(key.clone());
                if !seen.contains(&path) && !out.contains(&path) {
                    out.push(path);
                }
            }
        }
        out
    }
}

fn escalation_message(why: &NoSingle, enums: &[Value]) -> String {
    match why {
        NoSingle::None if enums.is_empty() => {
            "required by the target schema; it names no default, no const and no single-member enum"
                .to_string()
        }
        NoSingle::None => format!(
            "required by the target schema; it names no default and no const, and its enum has {} members ({}), so a person must choose",
            enums.len(),
            enums.iter().map(quote).collect::<Vec<_>>().join(", ")
        ),
        NoSingle::Several(values) => format!(
            "required by the target schema; it names more than one candidate ({}), so a person must choose",
            values.iter().map(quote).collect::<Vec<_>>().join(", ")
        ),
    }
}
