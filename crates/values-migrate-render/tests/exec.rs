//! The evaluator against Helm: every case of `tests/exec/helm_cases.json` was rendered by Helm
//! 4.2.3 (helm-python-sdk) from a probe chart; ours must print the same bytes or fail with the
//! same message.

use std::collections::BTreeMap;

use values_migrate_render::error::ErrorKind;
use values_migrate_render::exec::{Env, TemplateSet};
use values_migrate_render::{MapType, Value};

/// A JSON value as Helm's values hold it (numbers are float64).
fn value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Float(n.as_f64().expect("a number")),
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(value).collect()),
        serde_json::Value::Object(map) => {
            Value::map(map.iter().map(|(k, v)| (k.clone(), value(v))).collect())
        }
    }
}

/// Helm's `sortTemplates` order: deepest paths first, then reverse lexicographic.
fn helm_order(names: &mut [String]) {
    names.sort_by(|a, b| {
        let depth = |s: &str| s.matches('/').count();
        depth(b).cmp(&depth(a)).then_with(|| b.cmp(a))
    });
}

/// The probe chart's `x.yaml` rendered as Helm's engine renders it: text, or the error message.
fn render(
    files: &BTreeMap<String, String>,
    values: &serde_json::Value,
) -> Result<String, (ErrorKind, String)> {
    let mut set = TemplateSet::new();
    let mut names: Vec<String> = files.keys().map(|f| format!("probe/{f}")).collect();
    helm_order(&mut names);
    for name in &names {
        let text = &files[name.trim_start_matches("probe/")];
        set.add_file(name, text).map_err(|e| (e.kind, e.message))?;
    }
    let file = "probe/templates/x.yaml";
    // The dot, `.Values` and `.Template` are Helm's `common.Values`.
    let typed = |v: Value| match v {
        Value::Map(map, _) => Value::Map(map, MapType::Values),
        other => other,
    };
    let mut dot = BTreeMap::new();
    dot.insert("Values".to_string(), typed(value(values)));
    let mut template = BTreeMap::new();
    template.insert("Name".to_string(), Value::str(file));
    template.insert("BasePath".to_string(), Value::str("probe/templates"));
    dot.insert("Template".to_string(), typed(Value::map(template)));
    let mut env = Env::default();
    let out = set
        .execute(file, typed(Value::map(dot)), &mut env)
        .map_err(|e| (e.kind, e.message))?;
    Ok(out.without_no_value().text)
}

/// The probe chart rendered through the engine (`.Files`, `.Capabilities`, `.Release`, `.Chart`
/// as Helm gives them), for the cases marked `engine`: `x.yaml`'s text, or the error message.
fn render_engine(
    files: &BTreeMap<String, String>,
    values: &serde_json::Value,
) -> Result<String, (ErrorKind, String)> {
    use values_migrate_render::engine::{self, Chart, Metadata, Options};
    let mut chart = Chart {
        metadata: Metadata {
            name: "probe".to_string(),
            version: "0.1.0".to_string(),
            api_version: "v2".to_string(),
            ..Metadata::default()
        },
        ..Chart::default()
    };
    for (name, text) in files {
        if name.starts_with("templates/") {
            chart.templates.push((name.clone(), text.clone()));
        } else {
            chart.files.push((name.clone(), text.clone().into_bytes()));
        }
    }
    let options = Options {
        release_name: "rel".to_string(),
        namespace: "ns".to_string(),
        ..Options::default()
    };
    let rendered = engine::render(&chart, value(values), &options, None);
    if let Some(error) = rendered.error.or(rendered.refused.into_iter().next()) {
        return Err((error.kind, error.message));
    }
    let out = rendered.files.get("probe/templates/x.yaml");
    Ok(out.map(|(text, _)| text.clone()).unwrap_or_default())
}

/// The functions of other families a case calls, when this build lacks one of them.
fn missing_functions(case: &serde_json::Value) -> Vec<String> {
    case.get("needs")
        .and_then(|n| n.as_array())
        .map(|names| {
            names
                .iter()
                .filter_map(|n| n.as_str())
                .filter(|n| values_migrate_render::funcs::lookup(n).is_none())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_recorded_case_renders_as_helm_renders_it() {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("exec/helm_cases.json")).expect("cases parse");
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("?");
        let missing = missing_functions(case);
        if !missing.is_empty() {
            eprintln!("skipped (this build lacks {missing:?}): {name}");
            continue;
        }
        ran += 1;
        let files: BTreeMap<String, String> =
            serde_json::from_value(case["files"].clone()).expect("files");
        let ours = match case.get("engine") {
            Some(serde_json::Value::Bool(true)) => render_engine(&files, &case["values"]),
            _ => render(&files, &case["values"]),
        };
        let helm = &case["helm"];
        // Where this renderer refuses instead (by budget, or a case it does not render).
        let refuses = match case.get("ours").and_then(|o| o.as_str()) {
            Some("budget") => Some(ErrorKind::Budget),
            Some("unsupported") => Some(ErrorKind::Unsupported),
            _ => None,
        };
        let agrees = match (&ours, helm.get("ok"), helm.get("err")) {
            _ if refuses.is_some() => matches!(&ours, Err((kind, _)) if Some(*kind) == refuses),
            (Ok(text), Some(ok), _) => ok.as_str() == Some(text.as_str()),
            (Err((ErrorKind::Helm, message)), _, Some(err)) => {
                err.as_str() == Some(message.as_str())
            }
            _ => false,
        };
        if !agrees {
            failures.push(format!("{name}:\n  helm: {helm}\n  ours: {ours:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ran >= 150, "only {ran} cases ran");
    eprintln!("{ran} of {} cases agree with Helm", cases.len());
}
