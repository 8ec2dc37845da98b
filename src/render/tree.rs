//! The chart tree as Helm's engine receives it: each chart's Chart.yaml read into Helm's
//! `Metadata` (scalars made strings as sigs.k8s.io/yaml makes them, fields matched without
//! case), `Files` and templates split as Helm's loader splits them, and only the subcharts
//! `ProcessDependencies` keeps, each under its alias.

use serde_json::{Map, Value};
use values_migrate_render::engine;

use crate::chart::{Chart, included};
use crate::yaml::{DecodeOptions, Typing};

/// The files Helm's loader takes for itself (not in `.Files`), besides `templates/`.
const OWN: &[&str] = &[
    "Chart.yaml",
    "Chart.lock",
    "values.yaml",
    "values.schema.json",
];

/// The engine's tree for `root`, keeping the subcharts whose value paths are in `kept`.
pub(super) fn engine_tree(root: &Chart, kept: &[Vec<String>]) -> Result<engine::Chart, String> {
    build(root, &root.name, &[], kept)
}

/// One chart (named `name`, its values at `at`) and the kept subcharts below it.
fn build(
    chart: &Chart,
    name: &str,
    at: &[String],
    kept: &[Vec<String>],
) -> Result<engine::Chart, String> {
    let raw = |path: &str| {
        chart
            .raw
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, d)| trim_bom(d))
    };
    let meta = yaml_map(raw("Chart.yaml"), &chart.source, "Chart.yaml")?;
    let mut metadata = metadata(&meta).map_err(|e| format!("{}: Chart.yaml: {e}", chart.source))?;
    let v1 = metadata.api_version == "v1";
    metadata.name = name.to_string();
    let mut out = engine::Chart::default();
    for (path, data) in &chart.raw {
        let data = trim_bom(data);
        if let Some(_inner) = path.strip_prefix("templates/") {
            let text = std::str::from_utf8(data).map_err(|_| {
                format!(
                    "{}: {path}: unsupported: a template that is not UTF-8 text",
                    chart.source
                )
            })?;
            out.templates.push((path.clone(), text.to_string()));
        } else if !OWN.contains(&path.as_str())
            && (v1 || !["requirements.yaml", "requirements.lock"].contains(&path.as_str()))
        {
            out.files.push((path.clone(), data.to_vec()));
        }
    }
    let listed = dependency_entries(&meta, raw("requirements.yaml"), v1, &chart.source)?;
    for (i, dep) in chart.dependencies.iter().enumerate() {
        let key = dep.alias.clone().unwrap_or_else(|| dep.name.clone());
        if !is_kept(at, &key, kept) {
            continue;
        }
        let entry = listed.get(i).cloned().unwrap_or_default();
        metadata.dependencies.push(engine::Dependency {
            name: key,
            enabled: true,
            import_values: dep.imports.iter().map(import_pair).collect(),
            ..entry
        });
    }
    out.metadata = metadata;
    for (key, sub, _) in included(chart).map_err(|e| e.to_string())? {
        if !is_kept(at, &key, kept) {
            continue;
        }
        let mut path = at.to_vec();
        path.push(key.clone());
        out.subcharts.push(build(sub, &key, &path, kept)?);
    }
    Ok(out)
}

/// Whether the subchart under `key` of the chart at `at` is one Helm keeps.
fn is_kept(at: &[String], key: &str, kept: &[Vec<String>]) -> bool {
    kept.iter()
        .any(|p| p.len() == at.len() + 1 && p.starts_with(at) && p.last().is_some_and(|k| k == key))
}

/// An `import-values` entry as Helm rewrites it: (`child`, `parent`).
fn import_pair(import: &crate::chart::Import) -> (String, String) {
    match import {
        crate::chart::Import::Exports(name) => (format!("exports.{name}"), ".".to_string()),
        crate::chart::Import::Table { child, parent } => (child.clone(), parent.clone()),
    }
}

/// The bytes without a UTF-8 byte order mark (Helm's loader drops it from every file).
fn trim_bom(data: &[u8]) -> &[u8] {
    data.strip_prefix(b"\xEF\xBB\xBF".as_slice())
        .unwrap_or(data)
}

/// A YAML file's first document as a mapping (none, or `null`: empty).
fn yaml_map(data: Option<&[u8]>, source: &str, file: &str) -> Result<Map<String, Value>, String> {
    let Some(data) = data else {
        return Ok(Map::new());
    };
    let text =
        std::str::from_utf8(data).map_err(|_| format!("{source}: {file}: not UTF-8 text"))?;
    let options = DecodeOptions {
        typing: Typing::Helm,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(text, &options)
        .map_err(|e| format!("{source}: {}", e.display_with(file, text)))?;
    match documents.into_iter().next() {
        Some(Value::Object(map)) => Ok(map),
        Some(Value::Null) | None => Ok(Map::new()),
        Some(_) => Err(format!("{source}: {file}: not a YAML mapping")),
    }
}

/// The values of `map` whose keys equal `field` without case, in the order Go's JSON decoder
/// assigns them (keys sorted; a later one wins, `null` assigns nothing).
fn field<'m>(map: &'m Map<String, Value>, name: &str) -> Option<&'m Value> {
    let mut keys: Vec<&String> = map
        .keys()
        .filter(|k| k.eq_ignore_ascii_case(name))
        .collect();
    crate::order::sort(&mut keys);
    keys.iter()
        .filter_map(|k| map.get(*k))
        .rfind(|v| !v.is_null())
}

/// A scalar read into a Go string field: sigs.k8s.io/yaml makes numbers and booleans strings
/// (floats as `FormatFloat(f, 'g', -1, 32)`); a list or mapping fails Helm's load.
fn go_string(value: Option<&Value>, name: &str) -> Result<String, String> {
    match value {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Bool(b)) => Ok(b.to_string()),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(n.to_string()),
        Some(Value::Number(n)) => Ok(format_float32(n.as_f64().unwrap_or(0.0))),
        Some(other) => Err(format!(
            "cannot load Chart.yaml: {name} is {}, not a string",
            if other.is_array() {
                "a list"
            } else {
                "a mapping"
            }
        )),
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 32)`: float32's shortest digits, in `%e` form when
/// the exponent is below -4 or at least 6 (Go's `eprec` for the shortest form).
fn format_float32(f: f64) -> String {
    let single = f as f32;
    if single.is_infinite() {
        return if single > 0.0 {
            "+Inf".to_string()
        } else {
            "-Inf".to_string()
        };
    }
    if single.is_nan() {
        return "NaN".to_string();
    }
    // Rust's `{:e}` gives the shortest digits that round-trip as f32: `d.ddde±x`.
    let sci = format!("{single:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let sign_exp = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{rest}e{sign_exp}{:02}", exp.abs());
    }
    let point = exp + 1;
    if point <= 0 {
        let zeros = "0".repeat(point.unsigned_abs() as usize);
        return format!("{sign}0.{zeros}{digits}");
    }
    let point = point as usize;
    if digits.len() <= point {
        format!("{sign}{digits}{}", "0".repeat(point - digits.len()))
    } else {
        let (whole, frac) = digits.split_at(point);
        format!("{sign}{whole}.{frac}")
    }
}

/// A list of strings (`sources`, `keywords`, `tags`).
fn go_strings(value: Option<&Value>, name: &str) -> Result<Vec<String>, String> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items.iter().map(|i| go_string(Some(i), name)).collect(),
        Some(_) => Err(format!("cannot load Chart.yaml: {name} is not a list")),
    }
}

/// Chart.yaml read into Helm's `Metadata` (dependencies are added by the caller).
fn metadata(meta: &Map<String, Value>) -> Result<engine::Metadata, String> {
    let s = |name: &str| go_string(field(meta, name), name);
    let deprecated = match field(meta, "deprecated") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("cannot load Chart.yaml: deprecated is not a boolean".to_string()),
    };
    let annotations = match field(meta, "annotations") {
        None => None,
        Some(Value::Object(map)) => Some(
            map.iter()
                .map(|(k, v)| Ok((k.clone(), go_string(Some(v), "annotations")?)))
                .collect::<Result<_, String>>()?,
        ),
        Some(_) => return Err("cannot load Chart.yaml: annotations is not a mapping".to_string()),
    };
    let maintainers = match field(meta, "maintainers") {
        None => Vec::new(),
        Some(Value::Array(items)) => items.iter().map(maintainer).collect::<Result<_, _>>()?,
        Some(_) => return Err("cannot load Chart.yaml: maintainers is not a list".to_string()),
    };
    let api_version = s("apiVersion")?;
    Ok(engine::Metadata {
        name: s("name")?,
        home: s("home")?,
        sources: go_strings(field(meta, "sources"), "sources")?,
        version: s("version")?,
        description: s("description")?,
        keywords: go_strings(field(meta, "keywords"), "keywords")?,
        maintainers,
        icon: s("icon")?,
        api_version: if api_version.is_empty() {
            "v1".to_string()
        } else {
            api_version
        },
        condition: s("condition")?,
        tags: s("tags")?,
        app_version: s("appVersion")?,
        deprecated,
        annotations,
        kube_version: s("kubeVersion")?,
        dependencies: Vec::new(),
        chart_type: s("type")?,
    })
}

/// One `maintainers` entry.
fn maintainer(item: &Value) -> Result<engine::Maintainer, String> {
    let map = match item {
        Value::Object(map) => map.clone(),
        Value::Null => Map::new(),
        _ => return Err("cannot load Chart.yaml: a maintainer is not a mapping".to_string()),
    };
    Ok(engine::Maintainer {
        name: go_string(field(&map, "name"), "name")?,
        email: go_string(field(&map, "email"), "email")?,
        url: go_string(field(&map, "url"), "url")?,
    })
}

/// The `dependencies` entries (requirements.yaml's for a v1 chart that has one), their fields
/// read as Helm's `Dependency` holds them.
fn dependency_entries(
    meta: &Map<String, Value>,
    requirements: Option<&[u8]>,
    v1: bool,
    source: &str,
) -> Result<Vec<engine::Dependency>, String> {
    let from_requirements = match (v1, requirements) {
        (true, Some(data)) => Some(yaml_map(Some(data), source, "requirements.yaml")?),
        _ => None,
    };
    let holder = from_requirements.as_ref().unwrap_or(meta);
    let Some(Value::Array(items)) = field(holder, "dependencies") else {
        return Ok(Vec::new());
    };
    items
        .iter()
        .map(|item| {
            let empty = Map::new();
            let map = item.as_object().unwrap_or(&empty);
            let s = |name: &str| go_string(field(map, name), name);
            Ok(engine::Dependency {
                name: s("name")?,
                version: s("version")?,
                repository: s("repository")?,
                condition: s("condition")?,
                tags: go_strings(field(map, "tags"), "tags")?,
                enabled: true,
                import_values: Vec::new(),
                alias: s("alias")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Helm 4.2.3's `.Chart` on a probe chart (helm_python): floats through float32's shortest
    /// digits, integers beyond int64 as written, booleans as words.
    #[test]
    fn chart_yaml_scalars_become_the_strings_helm_makes() {
        let meta = json!({
            "apiVersion": "v2", "name": "p3", "version": "0.1.0", "appVersion": 1.000000001,
            "description": 1e3, "home": 12345678901234567890u64, "icon": true, "kubeVersion": 1.0,
            "keywords": [1.0, 2, 1.5, true], "condition": 7, "deprecated": true,
        });
        let m = metadata(meta.as_object().unwrap()).unwrap();
        assert_eq!(m.app_version, "1");
        assert_eq!(m.description, "1000");
        assert_eq!(m.home, "12345678901234567890");
        assert_eq!(m.icon, "true");
        assert_eq!(m.kube_version, "1");
        assert_eq!(m.keywords, ["1", "2", "1.5", "true"]);
        assert_eq!(m.condition, "7");
        assert!(m.deprecated);
        assert_eq!(format_float32(1.1), "1.1");
    }

    #[test]
    fn float32_formatting_follows_gos_g_format() {
        let table = [
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (123456789.0, "1.2345679e+08"),
            (1e20, "1e+20"),
            (1e21, "1e+21"),
            (0.0001, "0.0001"),
            (-2.5, "-2.5"),
        ];
        for (f, want) in table {
            assert_eq!(format_float32(f), want, "{f}");
        }
    }

    #[test]
    fn fields_match_without_case_and_null_assigns_nothing() {
        let meta = json!({"AppVersion": "a", "appversion": null, "NAME": "n"});
        let map = meta.as_object().unwrap();
        assert_eq!(go_string(field(map, "appVersion"), "").unwrap(), "a");
        assert_eq!(go_string(field(map, "name"), "").unwrap(), "n");
    }
}
