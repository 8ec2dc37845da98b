//! Each chart's own error tree as Helm 4 builds it (santhosh-tekuri/jsonschema v6,
//! `pkg/chart/common/util/jsonschema.go`), and the lines a violation carries from it: the groups
//! that hold it (`'allOf' failed`, a `$ref`'s or a subschema's `validation failed`) and the causes
//! printed under it (`anyOf`, `oneOf`, `contains`, `propertyNames`). Every violation is read off
//! one of these trees with its line (`validate.rs`), so nothing is matched after the fact.

use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::charts::places;
use super::compile::meta_errors;
use super::validator::{HelmError, ValidationError, escape, flatten};

/// One line Helm prints (`- at '<pointer>': <message>`), with the lines it prints under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct HelmLine {
    /// The JSON pointer Helm prints after `at`, inside the chart's own values.
    pub pointer: String,
    /// Helm's words.
    pub message: String,
    /// The lines Helm prints under it, two spaces further in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<HelmLine>,
}

impl HelmLine {
    /// The line for `error` as Helm prints it, its causes nested.
    pub(super) fn of(error: &HelmError) -> HelmLine {
        let error = error.shown();
        HelmLine {
            pointer: error.pointer.clone(),
            message: error.message.clone(),
            causes: error.causes.iter().map(HelmLine::of).collect(),
        }
    }

    /// The line alone, without what it holds.
    pub(super) fn head(error: &HelmError) -> HelmLine {
        HelmLine {
            pointer: error.pointer.clone(),
            message: error.message.clone(),
            causes: Vec::new(),
        }
    }
}

/// One chart's own errors as Helm reports them: its name (`None` for a lone chart's schema),
/// the keys from the root's values to its own.
pub(crate) struct ChartErrors {
    pub(crate) name: Option<String>,
    pub(crate) values_path: Vec<String>,
    pub(crate) errors: Vec<HelmError>,
    /// Its schema, refused by its own meta-schema (then `errors` is empty).
    pub(crate) refused: Option<Refused>,
}

/// A chart's schema its own meta-schema refuses, as Helm reports it: the line it prints above
/// the meta-schema's errors, those errors, and where the schema's file is refused.
pub(crate) struct Refused {
    pub(crate) header: String,
    pub(crate) errors: Vec<HelmError>,
    pub(crate) at: String,
}

impl Schema {
    /// Each chart's Helm errors for the coalesced `values`, in the order Helm validates them:
    /// the charts of `kept` subchart paths only (a switched-off subchart is not validated).
    pub(crate) fn chart_errors(&self, values: &Value, kept: &[Vec<String>]) -> Vec<ChartErrors> {
        let places = places(self.tree.as_ref());
        if places.is_empty() {
            return vec![ChartErrors {
                name: None,
                values_path: Vec::new(),
                errors: self.validator.helm_errors(values),
                refused: None,
            }];
        }
        let empty = Value::Object(serde_json::Map::new());
        places
            .into_iter()
            .filter(|p| p.values_path.is_empty() || kept.contains(&p.values_path))
            .filter_map(|p| {
                let refused = self.refused(&p.pointer);
                let own = own_values(values, &p.values_path, &empty);
                let errors = match refused {
                    Some(_) => Vec::new(),
                    None => self.validator.helm_errors_at(&p.pointer, own)?,
                };
                Some(ChartErrors {
                    name: Some(p.name),
                    values_path: p.values_path,
                    errors,
                    refused,
                })
            })
            .collect()
    }
}

impl Schema {
    /// The flat errors of the charts Helm keeps (`kept`: subchart paths) for `values`, read off
    /// [`Schema::chart_errors`] (each chart on its own values, `{}` where it has none, as Helm
    /// validates it), their instance paths from the root.
    pub(crate) fn kept_errors<'v>(
        &'v self,
        values: &'v Value,
        kept: &[Vec<String>],
    ) -> Vec<ValidationError<'v>> {
        self.counted();
        let empty = Value::Object(serde_json::Map::new());
        let mut out = Vec::new();
        for chart in self.chart_errors(values, kept) {
            let prefix = values_pointer(&chart.values_path);
            match (chart.values_path.iter()).try_fold(values, |at, key| at.get(key)) {
                Some(own) => out.extend(
                    flatten(&chart.errors, own)
                        .into_iter()
                        .map(|e| e.under(&prefix)),
                ),
                None => out.extend(
                    (flatten(&chart.errors, &empty).into_iter())
                        .map(|e| e.under(&prefix).into_owned()),
                ),
            }
        }
        out
    }
}

/// The JSON pointer of the values of the chart at `values_path`, from the root's values.
pub(crate) fn values_pointer(values_path: &[String]) -> String {
    values_path
        .iter()
        .map(|k| format!("/{}", escape(k)))
        .collect()
}

impl Refused {
    /// The lines Helm prints under [`Refused::header`]: the meta-schema's errors, nested.
    pub(crate) fn lines(&self) -> String {
        let mut out = String::new();
        for error in &self.errors {
            error.render(0, &mut out);
        }
        out
    }
}

impl Schema {
    /// The refusal the chart's part at `pointer` stands for, if its meta-schema refused it.
    fn refused(&self, pointer: &str) -> Option<Refused> {
        let composition = self.tree.as_ref()?.composition.as_ref()?;
        let found = composition.refused.iter().find(|r| r.pointer == pointer)?;
        let (header, errors) = meta_errors(&found.schema)?;
        Some(Refused {
            header,
            errors,
            at: found.at.clone(),
        })
    }
}

/// The values of the chart at `values_path` in `values` (`empty` where there are none).
pub(crate) fn own_values<'v>(
    values: &'v Value,
    values_path: &[String],
    empty: &'v Value,
) -> &'v Value {
    (values_path.iter())
        .try_fold(values, |at, key| at.get(key))
        .unwrap_or(empty)
}

/// What Helm prints for a chart tree's errors: one block per chart that has any.
pub(crate) fn tree_report(charts: &[ChartErrors]) -> String {
    let mut out = String::from(
        "values don't meet the specifications of the schema(s) in the following chart(s):\n",
    );
    for chart in (charts.iter()).filter(|c| !c.errors.is_empty() || c.refused.is_some()) {
        out.push_str(&format!("{}:\n", chart.name.as_deref().unwrap_or("")));
        if let Some(refused) = &chart.refused {
            out.push_str(&format!("{}\n{}", refused.header, refused.lines()));
        }
        for error in &chart.errors {
            error.render(0, &mut out);
        }
    }
    out
}
