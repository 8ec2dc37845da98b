//! Validation: every violation, with value paths, Helm's wording, and whose values caused it.

use std::fmt;

use super::validator::{ErrorKind as ValidationErrorKind, HelmError, ValidationError};
use super::validator::{Flat, escape, flatten_lines, message as words};
use serde::Serialize;
use serde_json::{Map, Value};

use super::Schema;
use super::charts::{ChartNamed, Composition};
use super::coalesce::{coalesce, spread_globals};
use super::gates::{kept_paths, switched_off};
use super::imports::taken;
use super::message::{describe, quote};
use super::mismatch::mismatch;
use super::nested::{HelmLine, Refused, own_values, tree_report, values_pointer};
use super::pointer::value_path;
use crate::path::get;
use crate::path::{Segment, ValuePath};

/// One way the values break the schema.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Violation {
    /// The instance path of the failing value (the mapping, for a key it does not allow).
    pub path: ValuePath,
    /// The key the violation is about: one the mapping does not allow (so its line can be
    /// shown), or one it lacks (`required`; it has no line of its own, its mapping does).
    pub key_path: Option<ValuePath>,
    /// Where in the schema the failing keyword is, as a JSON pointer.
    pub schema_path: String,
    /// The failing keyword (`additionalProperties`, `type`, `required`, …).
    pub keyword: String,
    /// What is wrong, in Helm's words (`additional properties 'x' not allowed`), with a
    /// combinator's failed branches summed up.
    pub message: String,
    /// Where Helm places it: the JSON pointer it prints after `at` (the mapping, for a key it
    /// does not allow or lacks; `''` for every `propertyNames` error, as Helm prints it).
    pub pointer: String,
    /// The line Helm prints for it after the pointer (`exclusiveMaximum: got 5, want 5`).
    pub helm_message: String,
    /// Whether the failing value comes only from the chart's defaults, not from the user's values.
    pub in_defaults_only: bool,
    /// For a chart tree: the chart whose own schema failed, and the line Helm prints for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<ChartNamed>,
    /// The lines Helm prints above it that hold it, outermost first (`'allOf' failed`, a
    /// `$ref`'s `validation failed`), each indented two spaces more than the last.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub within: Vec<HelmLine>,
    /// The lines Helm prints under it (an `anyOf`'s or a `contains`' failed subschemas).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<HelmLine>,
}

impl Violation {
    /// Whether the chart alone causes it, not a value a user left out: the failing value is only
    /// in the chart's defaults (or is the `global` Helm injects) and no key is missing.
    pub fn is_the_charts(&self) -> bool {
        self.in_defaults_only && self.keyword != "required"
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at '{}': {}", self.pointer, self.message)
    }
}

/// What Helm validates for a values document: `null` (an empty file) is `{}`.
pub(crate) fn instance(values: &Value) -> std::borrow::Cow<'_, Value> {
    if values.is_null() {
        std::borrow::Cow::Owned(Value::Object(serde_json::Map::new()))
    } else {
        std::borrow::Cow::Borrowed(values)
    }
}

impl Schema {
    /// Every violation of this schema by `values`, validated exactly as given.
    pub fn validate(&self, values: &Value) -> Vec<Violation> {
        let values = instance(values);
        let kept = self.kept(&values);
        self.violations(&values, None, &kept)
    }

    /// Every violation of this schema by the user's values coalesced over the chart's defaults,
    /// as Helm validates them, with those caused only by the defaults marked.
    pub fn validate_coalesced(&self, defaults: Option<&Value>, user: &Value) -> Vec<Violation> {
        if let Some(found) = self.mismatch(defaults, user) {
            return vec![found];
        }
        let (coalesced, paths) = self.coalesce_kept(defaults, user);
        let literal = instance(user).into_owned();
        let mut spread = literal.clone();
        spread_globals(&mut spread, &paths, true);
        self.violations(&coalesced, Some((&literal, &spread)), &paths)
    }

    /// The user's values over the chart's defaults, as Helm coalesces them: for a chart tree,
    /// without the subcharts a `condition` or `tags` switch off, with the kept ones' imports,
    /// `global` copied into the rest.
    pub fn coalesce(&self, defaults: Option<&Value>, user: &Value) -> Value {
        self.coalesce_kept(defaults, user).0
    }

    /// [`Schema::coalesce`] and the subchart paths Helm keeps (parents first).
    pub(crate) fn coalesce_kept(
        &self,
        defaults: Option<&Value>,
        user: &Value,
    ) -> (Value, Vec<Vec<String>>) {
        let (Some(paths), Some(composition), Value::Object(given)) = (
            self.subchart_paths(),
            self.composition(),
            instance(user).into_owned(),
        ) else {
            return (coalesce(defaults, user), Vec::new());
        };
        // Helm decides the conditions and tags on the tree as loaded, then drops, merges and
        // imports (`ProcessDependencies`), then coalesces the user's values again.
        let tree = &composition.values;
        let all = Value::Object(tree.coalesce(given.clone(), false));
        let off = switched_off(&composition.gates, &all);
        let kept = kept_paths(paths, &off);
        let dropped: Vec<&[String]> = off.iter().map(|g| g.path.as_slice()).collect();
        let importing = &composition.imports;
        let taken = |chart: &[String], _: &Map<String, Value>| taken(importing, chart, &off);
        let processed = tree.without(&dropped).processed(&mut Vec::new(), &taken);
        (Value::Object(processed.coalesce(given, false)), kept)
    }

    /// The subchart whose values Helm's coalescing refuses (not a mapping), as the one violation
    /// Helm reports then: it stops before reading any schema.
    fn mismatch(&self, defaults: Option<&Value>, user: &Value) -> Option<Violation> {
        let paths = self.subchart_paths()?;
        let held = self.composition().map_or(&[][..], |c| &c.held);
        let found = mismatch(held, &paths, defaults, &instance(user))?;
        Some(Violation {
            pointer: found.pointer,
            key_path: None,
            schema_path: String::new(),
            keyword: "coalesce".to_string(),
            helm_message: found.message.clone(),
            chart: Some(ChartNamed {
                name: found.name,
                helm: found.message.clone(),
            }),
            message: found.message,
            in_defaults_only: found.in_defaults_only,
            path: found.path,
            within: Vec::new(),
            causes: Vec::new(),
        })
    }

    /// The subchart values of the user's that Helm's coalescing refuses (a mismatch the chart's
    /// own defaults cause is the chart's, not the user's).
    pub(crate) fn user_mismatch(
        &self,
        defaults: Option<&Value>,
        user: &Value,
    ) -> Option<Violation> {
        self.mismatch(defaults, user)
            .filter(|v| !v.in_defaults_only)
    }

    /// A chart tree's subchart value paths (parents first); `None` for a lone chart's schema.
    fn subchart_paths(&self) -> Option<Vec<Vec<String>>> {
        self.tree.as_ref()?.subchart_paths()
    }

    /// How Helm reads the chart tree's values; `None` for a lone chart's schema.
    fn composition(&self) -> Option<&Composition> {
        self.tree.as_ref()?.composition.as_ref()
    }

    /// The subchart paths Helm keeps for `values` (none for a lone chart's schema).
    fn kept(&self, values: &Value) -> Vec<Vec<String>> {
        match (self.subchart_paths(), self.composition()) {
            (Some(paths), Some(c)) => kept_paths(paths, &switched_off(&c.gates, values)),
            _ => Vec::new(),
        }
    }

    /// Whether `values` satisfy this schema.
    pub fn is_valid(&self, values: &Value) -> bool {
        self.counted();
        self.validator.is_valid(&instance(values))
    }

    /// Whether the JSON `instance` satisfies this schema as JSON Schema reads it: unlike
    /// [`Schema::is_valid`], no Helm rule applies (`null` stays `null`, not `{}`).
    pub fn accepts(&self, instance: &Value) -> bool {
        self.counted();
        self.validator.is_valid(instance)
    }

    /// What Helm 3.18.5+ and 4 print for `values` (validated as given, after the chart's name):
    /// one `- at '<pointer>': <message>` line per error, its causes indented under it.
    pub fn helm_text(&self, values: &Value) -> String {
        let mut out = String::new();
        for error in self.helm_errors(&instance(values)) {
            error.render(0, &mut out);
        }
        out
    }

    /// What `helm install` prints for the user's values over the chart's defaults: the chart's
    /// `name`, then [`Schema::helm_text`]; for a chart tree, one block per chart, as Helm names them.
    pub fn helm_report(&self, name: &str, defaults: Option<&Value>, user: &Value) -> String {
        if let Some(found) = self.mismatch(defaults, user) {
            return format!("{}\n", found.message);
        }
        if self.composition().is_some() {
            let (coalesced, kept) = self.coalesce_kept(defaults, user);
            self.counted();
            return tree_report(&self.chart_errors(&coalesced, &kept));
        }
        format!(
            "{name}:\n{}",
            self.helm_text(&self.coalesce(defaults, user))
        )
    }

    /// Helm's error tree for `values` (already an instance).
    pub(crate) fn helm_errors(&self, values: &Value) -> Vec<HelmError> {
        self.counted();
        self.validator.helm_errors(values)
    }

    /// The raw errors for `values` (already an instance), of the charts Helm keeps for them.
    pub(crate) fn errors<'v>(&'v self, values: &'v Value) -> Vec<ValidationError<'v>> {
        let kept = self.kept(values);
        self.kept_errors(values, &kept)
    }

    /// Every violation of the coalesced `values` (`user`: as written and with `global` spread),
    /// named by chart and nested as Helm nests them (`kept`: the subchart paths Helm keeps):
    /// one validation, Helm's tree per chart, its flat errors read off it.
    fn violations(
        &self,
        values: &Value,
        user: Option<(&Value, &Value)>,
        kept: &[Vec<String>],
    ) -> Vec<Violation> {
        self.counted();
        let charts = self.chart_errors(values, kept);
        let mut out = Vec::new();
        let empty = Value::Object(serde_json::Map::new());
        for chart in &charts {
            let own = own_values(values, &chart.values_path, &empty);
            let keys = &chart.values_path;
            let root = keys.iter().fold(ValuePath::root(), |p, k| p.key(k.clone()));
            let prefix = values_pointer(keys);
            if let (Some(refused), Some(name)) = (&chart.refused, &chart.name) {
                out.extend(refused_violations(name, &root, &prefix, refused));
            }
            for flat in flatten_lines(&chart.errors, own) {
                let error = &flat.error;
                let at = At {
                    path: root.join(&value_path(error.instance_path(), own)),
                    pointer: format!("{prefix}{}", error.instance_path()),
                    schema_path: error.schema_path().to_string(),
                    keyword: error.kind().keyword().to_string(),
                    user,
                };
                let first = out.len();
                self.push_violations(error, at, &mut out);
                helm_lines(&flat, &mut out[first..]);
                if let Some(name) = &chart.name {
                    named(name, keys, error.instance_path(), &mut out[first..]);
                }
            }
        }
        out
    }

    /// The violations one error stands for: one per key or item it names, else one.
    fn push_violations(&self, error: &ValidationError<'_>, at: At<'_>, out: &mut Vec<Violation>) {
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                key_violations(&at, unexpected, "additional properties", out)
            }
            ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                key_violations(&at, unexpected, "unevaluated properties", out)
            }
            ValidationErrorKind::UnevaluatedItems { unexpected } => {
                item_violations(error, &at, unexpected, out)
            }
            _ => out.push(self.violation(error, at)),
        }
    }

    /// The one violation of an error that names neither keys nor items.
    fn violation(&self, error: &ValidationError<'_>, at: At<'_>) -> Violation {
        let path = at.path.clone();
        let key_path = match error.kind() {
            ValidationErrorKind::PropertyNames { error } => {
                error.instance().as_str().map(|key| path.key(key))
            }
            ValidationErrorKind::Required {
                property: Value::String(key),
            } => Some(path.key(key.clone())),
            _ => None,
        };
        // A missing key is the problem of the mapping that lacks it.
        let subject = match (error.kind(), &key_path) {
            (ValidationErrorKind::Required { .. }, _) | (_, None) => path.clone(),
            (_, Some(key)) => key.clone(),
        };
        let pointer = match error.kind() {
            ValidationErrorKind::PropertyNames { .. } => String::new(),
            _ => at.pointer.clone(),
        };
        let message = describe(error);
        Violation {
            in_defaults_only: at.in_defaults_only(&subject),
            path,
            key_path,
            schema_path: at.schema_path,
            keyword: at.keyword,
            helm_message: error.to_string(),
            message,
            pointer,
            chart: None,
            within: Vec::new(),
            causes: Vec::new(),
        }
    }
}

/// The violations of a chart whose schema its own meta-schema refuses, one per line Helm prints
/// at the top of that chart's block: the chart's own fault (whatever the values), at its values.
fn refused_violations(
    name: &str,
    path: &ValuePath,
    pointer: &str,
    refused: &Refused,
) -> Vec<Violation> {
    let whole = refused.lines();
    let whole = whole.trim_end();
    (refused.errors.iter())
        .map(|error| error.shown())
        .map(|error| Violation {
            path: path.clone(),
            key_path: None,
            schema_path: error.pointer.clone(),
            keyword: "metaschema".to_string(),
            message: format!("{}: {}\n{whole}", refused.at, refused.header),
            pointer: pointer.to_string(),
            helm_message: error.message.clone(),
            in_defaults_only: true,
            chart: Some(ChartNamed {
                name: name.to_string(),
                helm: format!("{name}: - at '{}': {}", error.pointer, error.message),
            }),
            within: Vec::new(),
            causes: error.causes.iter().map(HelmLine::of).collect(),
        })
        .collect()
}

/// Helm's words and nesting for the violations one flat error stands for: the groups that
/// hold its line, the causes printed under it, its message (the `k`th violation of an
/// `unevaluated*` error naming several members has the `k`th line).
fn helm_lines(flat: &Flat<'_, '_>, violations: &mut [Violation]) {
    for (k, v) in violations.iter_mut().enumerate() {
        let Some(line) = flat.lines.get(k).or(flat.lines.first()) else {
            continue;
        };
        v.within = flat.within.iter().map(|l| HelmLine::head(l)).collect();
        v.causes = line.causes.iter().map(HelmLine::of).collect();
        v.helm_message = line.message.clone();
    }
}

/// The pointer of `v` inside the values of the chart at `values_path` (Helm validates each
/// chart's values as a document of its own; a `propertyNames` error is always at `''`).
fn own_pointer(v: &Violation, values_path: &[String]) -> Option<String> {
    if v.keyword == "propertyNames" {
        return Some(String::new());
    }
    let rest = v.pointer.strip_prefix(&values_pointer(values_path))?;
    (rest.is_empty() || rest.starts_with('/')).then(|| rest.to_string())
}

/// Names each of `violations` by its chart (`name`, whose values are at `keys`) as Helm names
/// it: `<chart>: - at '<pointer in that chart's values>': <message>`.
fn named(name: &str, keys: &[String], instance_path: &str, violations: &mut [Violation]) {
    for v in violations {
        let pointer = own_pointer(v, keys).unwrap_or_else(|| instance_path.to_string());
        v.chart = Some(ChartNamed {
            name: name.to_string(),
            helm: format!("{name}: - at '{pointer}': {}", v.helm_message),
        });
    }
}

/// Where one error stands: the value path, the schema path, the keyword, and the user's values
/// (as written, and with their `global` copied into every subchart).
struct At<'u> {
    path: ValuePath,
    /// The JSON pointer of the failing value from the values root.
    pointer: String,
    schema_path: String,
    keyword: String,
    user: Option<(&'u Value, &'u Value)>,
}

impl At<'_> {
    /// Whether `subject` is only in the chart's defaults, not in the user's values: a value under
    /// a subchart's `global` is the user's when their `global` put it there, but the `global`
    /// mapping itself is Helm's (it injects one into every subchart).
    fn in_defaults_only(&self, subject: &ValuePath) -> bool {
        let Some((literal, spread)) = self.user else {
            return false;
        };
        let segments = subject.segments();
        let under_global = segments.iter().enumerate().any(|(i, s)| {
            i > 0 && i + 1 < segments.len() && matches!(s, Segment::Key(k) if k == "global")
        });
        let user = if under_global { spread } else { literal };
        get(user, subject).is_none()
    }
}

/// One violation per key an `additionalProperties`/`unevaluatedProperties` error names, so that
/// each can point at its own line.
fn key_violations(at: &At<'_>, keys: &[String], what: &str, out: &mut Vec<Violation>) {
    for key in keys {
        let key_path = at.path.key(key.clone());
        // Helm reports each unevaluated key as its own `false schema`, at the key.
        let (pointer, message) = if what == "unevaluated properties" {
            let pointer = format!("{}/{}", at.pointer, escape(key));
            (
                pointer,
                words(&ValidationErrorKind::FalseSchema, &Value::Null),
            )
        } else {
            let unexpected = vec![key.clone()];
            let kind = ValidationErrorKind::AdditionalProperties { unexpected };
            (at.pointer.clone(), words(&kind, &Value::Null))
        };
        out.push(Violation {
            path: at.path.clone(),
            in_defaults_only: at.in_defaults_only(&key_path),
            key_path: Some(key_path),
            schema_path: at.schema_path.clone(),
            keyword: at.keyword.clone(),
            message: message.clone(),
            pointer,
            helm_message: message,
            chart: None,
            within: Vec::new(),
            causes: Vec::new(),
        });
    }
}

/// One violation per item an `unevaluatedItems` error names, at the item, as Helm reports them.
fn item_violations(
    error: &ValidationError<'_>,
    at: &At<'_>,
    unexpected: &[String],
    out: &mut Vec<Violation>,
) {
    let items = error.instance().as_array().map_or(&[][..], Vec::as_slice);
    let mut from = 0;
    for text in unexpected {
        let found = (from..items.len())
            .find(|i| serde_json::to_string(&items[*i]).is_ok_and(|t| t == *text));
        let Some(i) = found else { continue };
        from = i + 1;
        let item = at.path.index(i);
        out.push(Violation {
            in_defaults_only: at.in_defaults_only(&item),
            path: item,
            key_path: None,
            schema_path: at.schema_path.clone(),
            keyword: at.keyword.clone(),
            message: words(&ValidationErrorKind::FalseSchema, &Value::Null),
            pointer: format!("{}/{i}", at.pointer),
            helm_message: words(&ValidationErrorKind::FalseSchema, &Value::Null),
            chart: None,
            within: Vec::new(),
            causes: Vec::new(),
        });
    }
}

/// A value the schema refuses at its own path, found in the validation errors.
#[derive(Clone, Debug)]
pub(crate) struct Refusal {
    pub(crate) path: ValuePath,
    pub(crate) reason: String,
}

/// Whether `error` refuses the value at `path` itself (its type, enum, const, pattern, or a `false` schema).
fn refuses_shape_at(error: &ValidationError<'_>, path: &str) -> bool {
    if error.instance_path() != path {
        return false;
    }
    match error.kind() {
        ValidationErrorKind::Type { .. }
        | ValidationErrorKind::Enum { .. }
        | ValidationErrorKind::Constant { .. }
        | ValidationErrorKind::Pattern { .. }
        // A scalar refused for what it is (`""` under `minLength: 1`): no place takes it as it is.
        | ValidationErrorKind::MinLength { .. }
        | ValidationErrorKind::MaxLength { .. }
        | ValidationErrorKind::Minimum { .. }
        | ValidationErrorKind::Maximum { .. }
        | ValidationErrorKind::ExclusiveMinimum { .. }
        | ValidationErrorKind::ExclusiveMaximum { .. }
        | ValidationErrorKind::MultipleOf { .. }
        | ValidationErrorKind::Format { .. }
        | ValidationErrorKind::FalseSchema => true,
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            context
                .iter()
                .all(|branch| branch.iter().any(|e| refuses_shape_at(e, path)))
        }
        _ => false,
    }
}

/// The values `errors` refuse at their own paths: keys a mapping does not allow, and values whose
/// type, enum, const or pattern is refused. An `anyOf`/`oneOf` refuses its value when every
/// alternative does; otherwise the refusals of the closest alternative (fewest errors) count.
pub(crate) fn refusals(errors: &[ValidationError<'_>], values: &Value, out: &mut Vec<Refusal>) {
    for error in errors {
        let pointer = error.instance_path();
        let path = value_path(pointer, values);
        match error.kind() {
            ValidationErrorKind::AnyOf { context }
            | ValidationErrorKind::OneOfNotValid { context } => {
                if refuses_shape_at(error, pointer) {
                    out.push(Refusal {
                        path,
                        reason: describe(error),
                    });
                } else if let Some(closest) = context
                    .iter()
                    .filter(|branch| !branch.iter().any(|e| refuses_shape_at(e, pointer)))
                    .min_by_key(|branch| branch.len())
                {
                    refusals(closest, values, out);
                }
            }
            _ if refuses_shape_at(error, pointer) => out.push(Refusal {
                path,
                reason: describe(error),
            }),
            _ => refused_keys(error, &path, out),
        }
    }
}

/// The keys `error` refuses in the mapping at `path` (additional, unevaluated, or names that
/// `propertyNames` refuses); nothing for any other error.
fn refused_keys(error: &ValidationError<'_>, path: &ValuePath, out: &mut Vec<Refusal>) {
    let closed = |keyword: &str| {
        if path.is_root() {
            format!("the target schema does not allow it at the root ({keyword}: false)")
        } else {
            format!("the target schema does not allow it under {path} ({keyword}: false)")
        }
    };
    match error.kind() {
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            for key in unexpected {
                out.push(Refusal {
                    path: path.key(key.clone()),
                    reason: closed("additionalProperties"),
                });
            }
        }
        ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            for key in unexpected {
                out.push(Refusal {
                    path: path.key(key.clone()),
                    reason: closed("unevaluatedProperties"),
                });
            }
        }
        ValidationErrorKind::PropertyNames { error: inner } => {
            let Some(key) = inner.instance().as_str() else {
                return;
            };
            // `propertyNames: false` refuses every key for what it is: a key.
            let reason = match inner.kind() {
                ValidationErrorKind::FalseSchema => {
                    "the target schema allows no keys here (propertyNames: false)".to_string()
                }
                _ => format!(
                    "the target schema does not allow the key {} (propertyNames: {})",
                    quote(inner.instance()),
                    describe(inner)
                ),
            };
            out.push(Refusal {
                path: path.key(key),
                reason,
            });
        }
        _ => {}
    }
}
