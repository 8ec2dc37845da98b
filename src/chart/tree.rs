//! The chart tree as Helm's loader reads it: Chart.yaml (and a v1 chart's requirements.yaml),
//! values.yaml, values.schema.json, and the subcharts in `charts/`, as directories or archives.

use super::{ChartError, Files, archive};
use crate::yaml::{DecodeOptions, Typing};
use serde_json::Value;

/// How deep subcharts may nest (archives inside archives); deeper is refused, not followed.
const MAX_DEPTH: usize = 16;

/// One chart of the tree, with the subcharts its `charts/` holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Chart.yaml's `name`.
    pub name: String,
    /// Chart.yaml's `version`.
    pub version: String,
    /// Whether Chart.yaml says `type: library`.
    pub library: bool,
    /// Where it was read, as errors name it (`umbrella-1.0.0.tgz > charts/redis-1.2.3.tgz`).
    pub source: String,
    /// The text of values.yaml, if any.
    pub values: Option<String>,
    /// The text of values.schema.json, if any.
    pub schema: Option<String>,
    /// Chart.yaml's `dependencies`, in order.
    pub dependencies: Vec<Dependency>,
    /// The files under `templates/`: (path inside the chart, text), in path order.
    pub templates: Vec<(String, String)>,
    /// The charts loaded from `charts/`, in path order.
    pub subcharts: Vec<Chart>,
    /// Every file of this chart outside its subcharts (`charts/*.prov` kept, as Helm keeps
    /// them), as read: what a render's `.Chart` and `.Files` come from.
    pub raw: Vec<(String, Vec<u8>)>,
    /// values.yaml decoded as Helm reads it, on first use (a composition asks for it several
    /// times a chart).
    pub(crate) decoded: Decoded,
}

/// A chart's values.yaml decoded once; a cache, so no part of a chart's equality.
#[derive(Clone, Debug, Default)]
pub(crate) struct Decoded(pub(crate) std::sync::OnceLock<Result<Option<Value>, ChartError>>);

impl PartialEq for Decoded {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// One entry of Chart.yaml's `dependencies`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dependency {
    /// The subchart's name.
    pub name: String,
    /// The version constraint.
    pub version: String,
    /// The key its values live under instead of its name.
    pub alias: Option<String>,
    /// The `condition` paths, comma-separated as written.
    pub condition: String,
    /// The `tags`.
    pub tags: Vec<String>,
    /// Its `import-values`, in order.
    pub imports: Vec<Import>,
}

/// One entry of a dependency's `import-values`: a table Helm copies from the subchart's values
/// into its parent's, where the parent's own values do not already hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Import {
    /// `- name`: the subchart's `exports.name`, laid at the parent's values root.
    Exports(String),
    /// `- {child, parent}`: the table at `child` in the subchart's values, laid at `parent` in
    /// the parent's (`.`: the root); dotted paths, as Helm writes them.
    Table {
        /// The path in the subchart's values.
        child: String,
        /// The path in the parent's values.
        parent: String,
    },
}

impl Import {
    /// The keys of the table in the subchart's values, and of where it is laid in the parent's
    /// (none: the root), split at every `.` as Helm splits them.
    pub fn paths(&self) -> (Vec<String>, Vec<String>) {
        let split = |p: &str| p.split('.').map(str::to_string).collect::<Vec<_>>();
        match self {
            Import::Exports(name) => (split(&format!("exports.{name}")), Vec::new()),
            Import::Table { child, parent } if parent == "." => (split(child), Vec::new()),
            Import::Table { child, parent } => (split(child), split(parent)),
        }
    }
}

/// Reads the chart tree from its files.
pub fn load(files: Files) -> Result<Chart, ChartError> {
    load_at(&files, &files.name, 0)
}

fn load_at(files: &Files, source: &str, depth: usize) -> Result<Chart, ChartError> {
    if depth > MAX_DEPTH {
        return Err(ChartError::new(
            source,
            None,
            "subcharts nested deeper than 16 levels",
        ));
    }
    let meta = yaml_file(files, source, "Chart.yaml")?
        .ok_or_else(|| ChartError::new(source, None, "Chart.yaml file is missing"))?;
    let field = |key: &str| meta.get(key).map(scalar).unwrap_or_default();
    let name = field("name");
    if name.is_empty() {
        return Err(ChartError::new(
            source,
            Some("Chart.yaml"),
            "validation: chart.metadata.name is required",
        ));
    }
    let mut dependencies = dependencies(meta.get("dependencies"), source, "Chart.yaml")?;
    if field("apiVersion") == "v1" {
        if let Some(reqs) = yaml_file(files, source, "requirements.yaml")? {
            dependencies =
                self::dependencies(reqs.get("dependencies"), source, "requirements.yaml")?;
        }
    }
    Ok(Chart {
        version: field("version"),
        library: field("type") == "library",
        source: source.to_string(),
        values: text_file(files, source, "values.yaml")?,
        schema: text_file(files, source, "values.schema.json")?,
        dependencies,
        templates: templates(files),
        subcharts: subcharts(files, source, depth)?,
        raw: files
            .iter()
            .filter(|(path, _)| !path.starts_with("charts/") || path.ends_with(".prov"))
            .map(|(path, data)| (path.to_string(), data.to_vec()))
            .collect(),
        name,
        decoded: Decoded::default(),
    })
}

/// The subcharts in `charts/`: Helm skips names starting with `_` or `.`, reads `*.tgz` as
/// archives and anything else as a directory.
fn subcharts(files: &Files, source: &str, depth: usize) -> Result<Vec<Chart>, ChartError> {
    let mut groups: Vec<(String, Files)> = Vec::new();
    for (path, data) in files.iter() {
        let Some(rest) = path.strip_prefix("charts/") else {
            continue;
        };
        let (top, inner) = rest.split_once('/').unwrap_or((rest, ""));
        if top.starts_with(['_', '.']) || path.ends_with(".prov") {
            continue;
        }
        let at = match groups.iter().position(|(n, _)| n == top) {
            Some(at) => at,
            None => {
                groups.push((top.to_string(), Files::new(source)));
                groups.len() - 1
            }
        };
        let key = if top.ends_with(".tgz") { rest } else { inner };
        if !key.is_empty() {
            groups[at].1.insert(key.to_string(), data.to_vec());
        }
    }
    crate::order::by(&mut groups, |a, b| a.0.cmp(&b.0));
    let mut out = Vec::new();
    for (top, group) in groups {
        let inner_source = format!("{source} > charts/{top}");
        let chart = if top.ends_with(".tgz") {
            let data = group.get(&top).unwrap_or_default();
            let nested = archive::read(&inner_source, data).map_err(|e| {
                let message = format!("nested chart archive cannot be read: {}", e.message);
                ChartError::new(source, Some(&format!("charts/{top}")), message)
            })?;
            load_at(&nested, &inner_source, depth + 1)?
        } else {
            load_at(&group, &inner_source, depth + 1)?
        };
        out.push(chart);
    }
    Ok(out)
}

/// The files under `templates/`, as text (Helm reads them as bytes; text that is not UTF-8 is
/// read with replacement characters, which no template action can hold).
fn templates(files: &Files) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = files
        .iter()
        .filter(|(path, _)| path.starts_with("templates/"))
        .map(|(path, data)| (path.to_string(), String::from_utf8_lossy(data).into_owned()))
        .collect();
    crate::order::by(&mut out, |a, b| a.0.cmp(&b.0));
    out
}

/// A file's text (a UTF-8 BOM dropped); not UTF-8 is an error naming the file.
fn text_file(files: &Files, source: &str, path: &str) -> Result<Option<String>, ChartError> {
    let Some(bytes) = files.get(path) else {
        return Ok(None);
    };
    let bytes = bytes
        .strip_prefix(b"\xEF\xBB\xBF".as_slice())
        .unwrap_or(bytes);
    String::from_utf8(bytes.to_vec())
        .map(Some)
        .map_err(|_| ChartError::new(source, Some(path), "not UTF-8 text"))
}

/// A YAML file's first document as a mapping; anything else is an error naming the file.
fn yaml_file(files: &Files, source: &str, path: &str) -> Result<Option<Value>, ChartError> {
    let Some(text) = text_file(files, source, path)? else {
        return Ok(None);
    };
    let options = DecodeOptions {
        typing: Typing::Helm,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(&text, &options).map_err(|e| {
        ChartError::new(
            source,
            Some(path),
            format!("not YAML: {}", e.display_with(path, &text)),
        )
    })?;
    match documents.into_iter().next() {
        Some(value @ Value::Object(_)) => Ok(Some(value)),
        Some(Value::Null) | None => Ok(Some(Value::Object(serde_json::Map::new()))),
        Some(_) => Err(ChartError::new(source, Some(path), "not a YAML mapping")),
    }
}

/// Chart.yaml's (or requirements.yaml's) `dependencies` list.
fn dependencies(
    list: Option<&Value>,
    source: &str,
    file: &str,
) -> Result<Vec<Dependency>, ChartError> {
    let items = match list {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(ChartError::new(
                source,
                Some(file),
                "`dependencies` is not a list",
            ));
        }
    };
    items
        .iter()
        .map(|item| {
            let field = |key: &str| item.get(key).map(scalar).unwrap_or_default();
            let alias = field("alias");
            let tags = match item.get("tags") {
                Some(Value::Array(tags)) => tags.iter().map(scalar).collect(),
                _ => Vec::new(),
            };
            Ok(Dependency {
                name: field("name"),
                version: field("version"),
                alias: (!alias.is_empty()).then_some(alias),
                condition: field("condition"),
                tags,
                imports: imports(item, source, file)?,
            })
        })
        .collect()
}

/// A dependency's `import-values`: strings and `{child, parent}` mappings (Helm prints a missing
/// one as `<nil>`); Helm skips items of any other kind, and cannot read a value that is no list.
fn imports(item: &Value, source: &str, file: &str) -> Result<Vec<Import>, ChartError> {
    let items = match item.get("import-values") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            let name = item.get("name").map(scalar).unwrap_or_default();
            let message = format!("dependency `{name}`: `import-values` is not a list");
            return Err(ChartError::new(source, Some(file), message));
        }
    };
    let field = |map: &serde_json::Map<String, Value>, key: &str| match map.get(key) {
        None | Some(Value::Null) => "<nil>".to_string(),
        Some(value) => scalar(value),
    };
    Ok(items
        .iter()
        .filter_map(|entry| match entry {
            Value::String(name) => Some(Import::Exports(name.clone())),
            Value::Object(map) => Some(Import::Table {
                child: field(map, "child"),
                parent: field(map, "parent"),
            }),
            _ => None,
        })
        .collect())
}

/// A scalar as Helm's metadata reads it: strings as they are, numbers and booleans as text.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
