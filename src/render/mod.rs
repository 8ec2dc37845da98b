//! Helm's render of a chart (issue 42): the chart read as Helm's loader reads it (`.helmignore`
//! for a directory), the user's values merged as `-f` and `--set` merge them, coalesced with
//! every chart's defaults as Helm's install path does (`schema`'s port of `CoalesceValues` and
//! `ProcessDependencies`), checked against the charts' schemas, and rendered by the
//! values-migrate-render engine; `helm template`'s stream is printed from its files.

mod result;
mod strvals;
mod tree;

pub use result::{RenderError, RenderMasked, RenderRefused, RenderResult};

use serde_json::{Map, Value};
use values_migrate_render::Value as GoValue;
use values_migrate_render::engine::{self, Options, Rendered};

use crate::chart::{Entry, Source};
use crate::yaml::{DecodeOptions, Typing};

/// What to render: the user's values and the release.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The `--values` files, in order: (name, text).
    pub values: Vec<(String, String)>,
    /// The `--set` expressions, in order.
    pub set: Vec<String>,
    /// The release name (`release-name` when `None`, as `helm template`).
    pub release: Option<String>,
    /// The namespace (`default` when `None`).
    pub namespace: Option<String>,
    /// Whether to record which values fed which bytes (the engine's `origins`; issue 43).
    pub provenance: bool,
}

/// A render: the engine's files, refusals and error, and a reader for the stream's heads.
#[derive(Debug)]
pub struct Outcome {
    /// What the engine made.
    pub rendered: Rendered,
    /// Every subchart a `condition` switches, and whether it was on (issue 43: the values that
    /// decide whether its objects exist at all).
    pub gates: Vec<Gate>,
}

/// A subchart's `condition` in Chart.yaml's dependencies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gate {
    /// The subchart as its parent names it (its alias, if any).
    pub name: String,
    /// Where its templates render (`prometheus/charts/kube-state-metrics/`).
    pub prefix: String,
    /// The condition's value paths from the values root (each a path's keys).
    pub conditions: Vec<Vec<String>>,
}

/// The gates of a chart tree, `values` its values path and `path` its templates' prefix.
fn gates(chart: &crate::chart::Chart, values: &[String], path: &str, out: &mut Vec<Gate>) {
    for dep in &chart.dependencies {
        let name = dep.alias.as_ref().unwrap_or(&dep.name);
        let prefix = format!("{path}/charts/{name}/");
        if !dep.condition.trim().is_empty() {
            let conditions = dep
                .condition
                .split(',')
                .map(|c| {
                    let mut keys = values.to_vec();
                    keys.extend(c.trim().split('.').map(str::to_string));
                    keys
                })
                .collect();
            out.push(Gate {
                name: name.clone(),
                prefix: prefix.clone(),
                conditions,
            });
        }
        if let Some(sub) = chart.subcharts.iter().find(|c| c.name == dep.name) {
            let mut keys = values.to_vec();
            keys.push(name.clone());
            gates(sub, &keys, prefix.trim_end_matches('/'), out);
        }
    }
}

impl Outcome {
    /// What `helm template` prints for the rendered files (Helm's error when a document's head
    /// cannot be read).
    pub fn stream(&self) -> Result<String, String> {
        engine::manifest_stream(&self.rendered.files, &from_yaml)
    }
}

/// Why there is no render: an input that cannot be read, or Helm's refusal before rendering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The chart or a values file cannot be read (or this port does not read it).
    Invalid(String),
    /// Helm refuses the values or the chart before rendering (schema, `kubeVersion`), in its words.
    Helm(String),
}

/// Renders the chart at `path` (a directory or a `.tgz`) read from `source`.
pub fn render(source: &dyn Source, path: &str, request: &Request) -> Result<Outcome, Failure> {
    let (chart, values, root) = prepare(source, path, request)?;
    if let Err(message) = check_kube_version(&chart.metadata) {
        // Helm checks it as it renders: the error is the render's.
        let error = values_migrate_render::error::RenderError {
            message,
            file: String::new(),
            line: 0,
            column: 0,
            kind: values_migrate_render::error::ErrorKind::Helm,
        };
        let rendered = Rendered {
            error: Some(error),
            ..Rendered::default()
        };
        return Ok(Outcome {
            rendered,
            gates: Vec::new(),
        });
    }
    let options = Options {
        release_name: request
            .release
            .clone()
            .unwrap_or_else(|| "release-name".to_string()),
        namespace: request
            .namespace
            .clone()
            .unwrap_or_else(|| "default".to_string()),
        provenance: request.provenance,
        ..Options::default()
    };
    let rendered = engine::render(&chart, values, &options, Some(&from_yaml));
    let mut found = Vec::new();
    if request.provenance {
        gates(&root, &[], &chart.metadata.name, &mut found);
    }
    Ok(Outcome {
        rendered,
        gates: found,
    })
}

/// The engine's tree and the coalesced values Helm's engine receives.
fn prepare(
    source: &dyn Source,
    path: &str,
    request: &Request,
) -> Result<(engine::Chart, GoValue, crate::chart::Chart), Failure> {
    let invalid = Failure::Invalid;
    let files = read(source, path).map_err(invalid)?;
    let root = crate::chart::load(files).map_err(|e| invalid(e.to_string()))?;
    let composed = crate::chart::compose(&root).map_err(|e| invalid(e.to_string()))?;
    let schema = composed.compile().map_err(|e| invalid(e.to_string()))?;
    let defaults = match &composed.defaults {
        Some(text) => Some(values_text(&composed.defaults_name, text).map_err(invalid)?),
        None => None,
    };
    let (user, set) = user_values(request).map_err(invalid)?;
    let violations = schema.validate_coalesced(defaults.as_ref(), &user);
    if !violations.is_empty() {
        return Err(Failure::Helm(schema_refusal(&schema.helm_report(
            &root.name,
            defaults.as_ref(),
            &user,
        ))));
    }
    let (coalesced, kept) = schema.coalesce_kept(defaults.as_ref(), &user);
    // Values files reach templates as float64; `--set` integers as int64.
    let chart = tree::engine_tree(&root, &kept).map_err(invalid)?;
    let coalesced = overlay_set(as_float64(&coalesced), set, &chart);
    let values = match coalesced {
        Value::Null => GoValue::map(Default::default()),
        other => go_value(&other),
    };
    Ok((chart, values, root))
}

/// The chart's files: a directory as Helm's `LoadDir` reads it (`.helmignore` applied), or an
/// archive.
fn read(source: &dyn Source, path: &str) -> Result<crate::chart::Files, String> {
    if source.entry(path) == Some(Entry::Dir) {
        let ignore_file = format!("{}/.helmignore", path.trim_end_matches('/'));
        let text = match source.entry(&ignore_file) {
            Some(Entry::File) => Some(source.bytes(&ignore_file)?),
            _ => None,
        };
        let rules = engine::ignore::Rules::parse(text.as_deref())
            .map_err(|e| format!("{path}: .helmignore: {e}"))?;
        let keep = |relative: &str, is_dir: bool| !rules.ignores(relative, is_dir);
        return crate::chart::read_all(source, path, &keep).map_err(|e| e.to_string());
    }
    let bytes = source
        .bytes(path)
        .map_err(|e| format!("{path}: cannot read: {e}"))?;
    crate::chart::archive::read(path, &bytes).map_err(|e| e.to_string())
}

/// A values text (every document merged) as Helm's loader reads it.
fn values_text(name: &str, text: &str) -> Result<Value, String> {
    let options = DecodeOptions {
        typing: Typing::Helm,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(text, &options).map_err(|e| e.display_with(name, text))?;
    crate::schema::load_values(documents)
        .map_err(|(_, why)| format!("failed to parse {name}: {why}"))
}

/// The user's values as Helm's `MergeValues` makes them (`-f` files merged in order, then each
/// `--set`), and the `--set` values alone (their integers are int64 in Go, not float64).
fn user_values(request: &Request) -> Result<(Value, Map<String, Value>), String> {
    let mut base = Map::new();
    for (name, text) in &request.values {
        match values_text(name, text)? {
            Value::Object(map) => crate::schema::merge_maps(&mut base, map),
            Value::Null => {}
            other => {
                return Err(format!(
                    "failed to parse {name}: {}",
                    crate::schema::not_a_mapping(&other)
                ));
            }
        }
    }
    let mut set = Map::new();
    for expression in &request.set {
        strvals::parse_into(expression, &mut base)
            .map_err(|e| format!("failed parsing --set data: {e}"))?;
        strvals::parse_into(expression, &mut set)
            .map_err(|e| format!("failed parsing --set data: {e}"))?;
    }
    Ok((Value::Object(base), set))
}

/// `values` with the `--set` integers laid back where they were set (files' numbers are
/// float64 in Go, `--set`'s integers int64), and where Helm's `coalesceGlobals` copied a set
/// `global` into each subchart's `global`.
fn overlay_set(mut values: Value, set: Map<String, Value>, chart: &engine::Chart) -> Value {
    let global = set.get("global").cloned();
    lay(&mut values, Value::Object(set));
    if let Some(global) = global {
        lay_globals(&mut values, &global, chart);
    }
    values
}

/// Lays the set `global` over each subchart's `global` (at any depth: each subchart's globals
/// come from its parent's), where the copy holds the same number.
fn lay_globals(values: &mut Value, global: &Value, chart: &engine::Chart) {
    for sub in &chart.subcharts {
        // Helm's `Table("Values." + name)`: each `.` of the name is a step down.
        let mut at = Some(&mut *values);
        for key in sub.metadata.name.split('.') {
            at = at
                .and_then(|v| v.as_object_mut())
                .and_then(|m| m.get_mut(key));
        }
        let Some(sub_values) = at else {
            continue;
        };
        if let Some(slot) = sub_values.as_object_mut().and_then(|m| m.get_mut("global")) {
            lay_copied(slot, global);
        }
        lay_globals(sub_values, global, sub);
    }
}

/// Lays the integers of `set` over `into` where `into` holds the same number (a copy of it).
fn lay_copied(into: &mut Value, set: &Value) {
    match (into, set) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in b {
                if let Some(slot) = a.get_mut(key) {
                    lay_copied(slot, value);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (slot, value) in a.iter_mut().zip(b) {
                lay_copied(slot, value);
            }
        }
        (slot @ Value::Number(_), value @ Value::Number(n))
            if (n.is_i64() || n.is_u64()) && slot.as_f64() == value.as_f64() =>
        {
            *slot = value.clone();
        }
        _ => {}
    }
}

/// Lays the integers of `set` over `into`, walking mappings and lists side by side.
fn lay(into: &mut Value, set: Value) {
    match (into, set) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in b {
                if let Some(slot) = a.get_mut(&key) {
                    lay(slot, value);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (slot, value) in a.iter_mut().zip(b) {
                lay(slot, value);
            }
        }
        (slot, value @ Value::Number(_)) if has_int(&value) => *slot = value,
        _ => {}
    }
}

/// Whether a value holds an integer anywhere.
fn has_int(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_i64() || n.is_u64(),
        Value::Array(items) => items.iter().any(has_int),
        Value::Object(map) => map.values().any(has_int),
        _ => false,
    }
}

/// Every number as a float64, as Helm's values reach templates (YAML read through JSON).
fn as_float64(value: &Value) -> Value {
    match value {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.iter().map(as_float64).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), as_float64(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A JSON value as a template holds it: float64 numbers but the `--set` integers (int64).
fn go_value(value: &Value) -> GoValue {
    match value {
        Value::Null => GoValue::Nil,
        Value::Bool(b) => GoValue::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) if !n.is_f64() => GoValue::Int(i, values_migrate_render::IntType::Int64),
            _ => GoValue::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => GoValue::str(s.as_str()),
        Value::Array(items) => GoValue::list(items.iter().map(go_value).collect()),
        Value::Object(map) => {
            GoValue::map(map.iter().map(|(k, v)| (k.clone(), go_value(v))).collect())
        }
    }
}

/// `fromYaml`'s reader: the first document as sigs.k8s.io/yaml reads it (JSON's kinds); YAML
/// it cannot read is a refusal, as yaml.v2's words for it are not ported.
fn from_yaml(text: &str) -> Result<GoValue, String> {
    let options = DecodeOptions {
        typing: Typing::Helm,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(text, &options).map_err(|e| {
        format!(
            "{}fromYaml of YAML Helm cannot read ({}): yaml.v2's error text is not ported",
            values_migrate_render::value::UNSUPPORTED,
            e.message()
        )
    })?;
    Ok(documents
        .first()
        .map_or(GoValue::Nil, |d| go_value(&as_float64(d))))
}

/// Helm's check of the chart's `kubeVersion` against the Kubernetes version it renders for.
fn check_kube_version(metadata: &engine::Metadata) -> Result<(), String> {
    if metadata.kube_version.is_empty() {
        return Ok(());
    }
    let kube = engine::KubeVersion::default();
    match crate::chart::semver_matches(&metadata.kube_version, &kube.normalized) {
        Some(true) => Ok(()),
        Some(false) => Err(format!(
            "chart requires kubeVersion: {} which is incompatible with Kubernetes {}",
            metadata.kube_version, kube.version
        )),
        None => Err(format!(
            "unsupported: the chart's kubeVersion constraint `{}` cannot be read",
            metadata.kube_version
        )),
    }
}

/// Helm's refusal of values its charts' schemas reject: the report under Helm's heading (a chart
/// tree's report carries it already), ending with a line break as Helm's does.
fn schema_refusal(report: &str) -> String {
    const HEADING: &str =
        "values don't meet the specifications of the schema(s) in the following chart(s):\n";
    let mut message = if report.starts_with(HEADING) {
        report.to_string()
    } else {
        format!("{HEADING}{report}")
    };
    if !message.ends_with('\n') {
        message.push('\n');
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A chart named `name` with `subcharts`.
    fn chart(name: &str, subcharts: Vec<engine::Chart>) -> engine::Chart {
        let mut chart = engine::Chart {
            subcharts,
            ..engine::Chart::default()
        };
        chart.metadata.name = name.to_string();
        chart
    }

    /// The number at a path of a Go map.
    fn at(value: &GoValue, path: &[&str]) -> Option<GoValue> {
        let mut value = value.clone();
        for key in path {
            let GoValue::Map(map, _) = value else {
                return None;
            };
            let next = map.borrow().get(*key).cloned()?;
            value = next;
        }
        Some(value)
    }

    /// Helm's `coalesceGlobals` copies the parent's global values into each subchart's
    /// `global` as they are (by reference), so a `--set` integer stays int64 there too; a
    /// subchart's own global table where the set value is a number stays as it is.
    #[test]
    fn set_globals_copied_into_subcharts_stay_int64() {
        let request = Request {
            set: vec!["global.x=3".to_string(), "global.t.y=4".to_string()],
            ..Request::default()
        };
        let (_, set) = user_values(&request).unwrap();
        let coalesced = json!({
            "global": {"x": 3, "t": {"y": 4}},
            "sub": {"global": {"x": 3, "t": {"y": 4}}, "deep": {"global": {"x": 3, "t": {"y": 4}}}},
            "other": {"global": {"x": {"own": 3}, "t": {"y": 4.5}}}
        });
        let tree = chart(
            "root",
            vec![
                chart("sub", vec![chart("deep", vec![])]),
                chart("other", vec![]),
            ],
        );
        let laid = go_value(&overlay_set(as_float64(&coalesced), set, &tree));
        let int64 = |path: &[&str]| {
            matches!(
                at(&laid, path),
                Some(GoValue::Int(_, values_migrate_render::IntType::Int64))
            )
        };
        assert!(int64(&["global", "x"]) && int64(&["global", "t", "y"]));
        assert!(int64(&["sub", "global", "x"]) && int64(&["sub", "global", "t", "y"]));
        assert!(int64(&["sub", "deep", "global", "x"]));
        assert!(matches!(
            at(&laid, &["other", "global", "x", "own"]),
            Some(GoValue::Float(_))
        ));
        assert!(matches!(
            at(&laid, &["other", "global", "t", "y"]),
            Some(GoValue::Float(f)) if f == 4.5
        ));
    }

    #[test]
    fn set_integers_stay_int64_and_file_numbers_become_float64() {
        let request = Request {
            values: vec![("v.yaml".to_string(), "a: 1\nb: {c: 2}\n".to_string())],
            set: vec!["b.d=3".to_string(), "e=x".to_string()],
            ..Request::default()
        };
        let (user, set) = user_values(&request).unwrap();
        assert_eq!(user, json!({"a": 1, "b": {"c": 2, "d": 3}, "e": "x"}));
        let laid = overlay_set(as_float64(&user), set, &engine::Chart::default());
        let GoValue::Map(map, _) = go_value(&laid) else {
            panic!()
        };
        let map = map.borrow();
        assert!(matches!(map.get("a"), Some(GoValue::Float(f)) if *f == 1.0));
        let Some(GoValue::Map(b, _)) = map.get("b") else {
            panic!()
        };
        assert!(matches!(b.borrow().get("c"), Some(GoValue::Float(_))));
        assert!(matches!(
            b.borrow().get("d"),
            Some(GoValue::Int(3, values_migrate_render::IntType::Int64))
        ));
    }
}
