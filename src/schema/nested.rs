//! Helm's nesting laid on the violations: the lines that hold each one (`'allOf' failed`, a
//! `$ref`'s or a subschema's `validation failed`) and the causes printed under it (`anyOf`,
//! `oneOf`, `contains`, `propertyNames`), taken from each chart's own error tree as Helm 4 builds
//! it (santhosh-tekuri/jsonschema v6, `pkg/chart/common/util/jsonschema.go`).

use serde::Serialize;
use serde_json::Value;

use super::Schema;
use super::charts::{chart_of, places};
use super::validate::Violation;
use super::validator::{HelmError, ValidationError, escape};

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
    fn of(error: &HelmError) -> HelmLine {
        let error = error.shown();
        HelmLine {
            pointer: error.pointer.clone(),
            message: error.message.clone(),
            causes: error.causes.iter().map(HelmLine::of).collect(),
        }
    }

    /// The line alone, without what it holds.
    fn head(error: &HelmError) -> HelmLine {
        HelmLine {
            pointer: error.pointer.clone(),
            message: error.message.clone(),
            causes: Vec::new(),
        }
    }
}

/// One chart's own errors as Helm reports them: its name and its schema's pointer in the
/// composition (`None` for a lone chart's schema), the keys from the root's values to its own.
pub(crate) struct ChartErrors {
    pub(crate) name: Option<String>,
    pub(crate) pointer: Option<String>,
    pub(crate) values_path: Vec<String>,
    pub(crate) errors: Vec<HelmError>,
}

impl Schema {
    /// Each chart's Helm errors for the coalesced `values`, in the order Helm validates them:
    /// the charts of `kept` subchart paths only (a switched-off subchart is not validated).
    pub(crate) fn chart_errors(&self, values: &Value, kept: &[Vec<String>]) -> Vec<ChartErrors> {
        let places = places(&self.document);
        if places.is_empty() {
            return vec![ChartErrors {
                name: None,
                pointer: None,
                values_path: Vec::new(),
                errors: self.validator.helm_errors(values),
            }];
        }
        let empty = Value::Object(serde_json::Map::new());
        places
            .into_iter()
            .filter(|p| p.values_path.is_empty() || kept.contains(&p.values_path))
            .filter_map(|p| {
                let own = own_values(values, &p.values_path, &empty);
                let errors = self.validator.helm_errors_at(&p.pointer, own)?;
                Some(ChartErrors {
                    name: Some(p.name),
                    pointer: Some(p.pointer),
                    values_path: p.values_path,
                    errors,
                })
            })
            .collect()
    }
}

impl Schema {
    /// The flat errors of the charts Helm keeps (`kept`: subchart paths) for `values`, each chart
    /// validated on its own values as Helm's `ValidateAgainstSchema` does, their instance paths
    /// from the root; a lone chart's schema validates `values` whole.
    pub(crate) fn kept_errors<'v>(
        &'v self,
        values: &'v Value,
        kept: &[Vec<String>],
    ) -> Vec<ValidationError<'v>> {
        self.counted();
        let places = places(&self.document);
        if places.is_empty() {
            return self.validator.iter_errors(values);
        }
        let mut out = Vec::new();
        for place in places {
            if !(place.values_path.is_empty() || kept.contains(&place.values_path)) {
                continue;
            }
            let Some(own) = (place.values_path.iter()).try_fold(values, |at, key| at.get(key))
            else {
                continue;
            };
            let prefix: String = (place.values_path.iter())
                .map(|k| format!("/{}", escape(k)))
                .collect();
            let errors = self.validator.iter_errors_at(&place.pointer, own);
            out.extend(errors.into_iter().flatten().map(|e| e.under(&prefix)));
        }
        out
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

/// A line Helm prints that is not a group, with the groups that hold it (outermost first).
struct Held<'e> {
    within: Vec<HelmLine>,
    error: &'e HelmError,
    taken: bool,
}

/// Every line of `errors` that is not a group, in Helm's order, with its holders.
fn held<'e>(errors: &'e [HelmError], within: &[HelmLine], out: &mut Vec<Held<'e>>) {
    for error in errors.iter().map(HelmError::shown) {
        if error.is_group() {
            let mut inner = within.to_vec();
            inner.push(HelmLine::head(error));
            held(&error.causes, &inner, out);
        } else {
            out.push(Held {
                within: within.to_vec(),
                error,
                taken: false,
            });
        }
    }
}

/// The pointer of `v` inside the values of the chart at `values_path` (Helm validates each
/// chart's values as a document of its own; a `propertyNames` error is always at `''`).
pub(super) fn own_pointer(v: &Violation, values_path: &[String]) -> Option<String> {
    if v.keyword == "propertyNames" {
        return Some(String::new());
    }
    let prefix: String = values_path
        .iter()
        .map(|k| format!("/{}", k.replace('~', "~0").replace('/', "~1")))
        .collect();
    let rest = v.pointer.strip_prefix(&prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then(|| rest.to_string())
}

/// Whether Helm's line `error` is the one `v` stands for: the same place and keyword (one
/// `required` or `additionalProperties` line names every key, each a violation of its own).
fn stands_for(error: &HelmError, v: &Violation, pointer: &str) -> bool {
    // A refused key's flat error names the keyword inside `propertyNames` that refused it.
    let inside = v.keyword == "propertyNames"
        && v.schema_path
            .strip_prefix(&error.keyword)
            .is_some_and(|r| r.starts_with('/'));
    error.pointer == pointer && (error.keyword == v.schema_path || inside)
}

/// Sets each violation's `within` and `causes` from its chart's Helm errors and its
/// `helm_message` to the words of Helm's line; a violation of a chart Helm validated that no
/// line of Helm's stands for is dropped (Helm stops a schema at a failed `type`, `enum`,
/// `const` or `format`: `{"type": "string", "enum": ["x"]}` reports the type alone).
pub(crate) fn nest(document: &Value, violations: &mut Vec<Violation>, charts: &[ChartErrors]) {
    let places = places(document);
    let mut shown = vec![false; violations.len()];
    let mut judged = vec![false; violations.len()];
    for chart in charts {
        let mut lines = Vec::new();
        held(&chart.errors, &[], &mut lines);
        for (i, v) in violations.iter_mut().enumerate() {
            let ours = match &chart.pointer {
                None => true,
                Some(p) => chart_of(&places, &v.schema_path).is_some_and(|c| c.pointer == *p),
            };
            let pointer = own_pointer(v, &chart.values_path).filter(|_| ours);
            let Some(pointer) = pointer else { continue };
            judged[i] = true;
            let fits = |l: &Held<'_>| stands_for(l.error, v, &pointer);
            let index = (lines.iter().position(|l| !l.taken && fits(l)))
                .or_else(|| lines.iter().position(fits));
            if let Some(line) = index.map(|at| &mut lines[at]) {
                shown[i] = true;
                line.taken = true;
                v.within = line.within.clone();
                v.causes = line.error.causes.iter().map(HelmLine::of).collect();
                v.helm_message = line.error.message.clone();
            }
        }
    }
    let mut keep = shown
        .iter()
        .zip(&judged)
        .map(|(shown, judged)| *shown || !judged);
    violations.retain(|_| keep.next().unwrap_or(true));
}

/// What Helm prints for a chart tree's errors: one block per chart that has any.
pub(crate) fn tree_report(charts: &[ChartErrors]) -> String {
    let mut out = String::from(
        "values don't meet the specifications of the schema(s) in the following chart(s):\n",
    );
    for chart in charts.iter().filter(|c| !c.errors.is_empty()) {
        out.push_str(&format!("{}:\n", chart.name.as_deref().unwrap_or("")));
        for error in &chart.errors {
            error.render(0, &mut out);
        }
    }
    out
}
