//! Helm's engine around the evaluator (`pkg/engine/engine.go`, with `ToRenderValues`' release
//! and capabilities): every template of a chart tree parsed into one set in Helm's order, each
//! chart's `.Values`, `.Chart`, `.Files`, `.Subcharts`, `.Release`, `.Capabilities` and
//! `.Template`, partials parsed but not rendered, `<no value>` removed; and the stream `helm
//! template` prints (`manifest`).

mod capabilities;
mod chart;
mod files;
mod glob;
pub mod ignore;
pub mod manifest;
mod values_methods;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub use capabilities::{BuildInfo, Capabilities, DEFAULT_API_VERSIONS, KubeVersion, VersionSet};
pub use chart::{Chart, Dependency, Maintainer, Metadata};
pub use files::Files;
pub use manifest::manifest_stream;
pub use values_methods::ValuesMethods;

use crate::error::{ErrorKind, RenderError};
pub use crate::exec::YamlReader;
use crate::exec::{Env, TemplateSet};
use crate::value::{MapRef, MapType, Mask, Value};

/// The release and cluster a render is for (`helm template`'s defaults: `release-name` in
/// `default`, revision 1, an install, Kubernetes v1.36.0 with Helm's default API versions).
#[derive(Clone, Debug)]
pub struct Options {
    /// `.Release.Name`
    pub release_name: String,
    /// `.Release.Namespace`
    pub namespace: String,
    /// `.Release.Revision`
    pub revision: i64,
    /// `.Release.IsInstall`
    pub is_install: bool,
    /// `.Release.IsUpgrade`
    pub is_upgrade: bool,
    /// `.Capabilities` (Kubernetes version, API versions, Helm's build).
    pub capabilities: Capabilities,
    /// Whether to record which values fed which bytes ([`Rendered::origins`]; issue 43).
    pub provenance: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            release_name: "release-name".to_string(),
            namespace: "default".to_string(),
            revision: 1,
            is_install: true,
            is_upgrade: false,
            capabilities: Capabilities::default(),
            provenance: false,
        }
    }
}

/// What a render made: each rendered file's text and masked spans, the files this port refused,
/// and the error that stopped it (Helm's, or a budget's).
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    /// Every rendered template by Helm's name (`chart/templates/x.yaml`), empty ones and
    /// `NOTES.txt` included, as Helm's engine returns them.
    pub files: BTreeMap<String, (String, Vec<Mask>)>,
    /// The templates this port refused to render (a function or case it does not implement);
    /// the render went on with the others.
    pub refused: Vec<RenderError>,
    /// The error that stopped the render (Helm then prints no file; `files` holds those
    /// rendered before it).
    pub error: Option<RenderError>,
    /// Each rendered file's origins (which value paths made and decided which bytes), when
    /// provenance was asked for.
    pub origins: BTreeMap<String, Vec<crate::exec::Origin>>,
    /// The value paths the origins name, when provenance was asked for.
    pub paths: Option<crate::exec::Paths>,
    /// Each rendered file's read log (the value paths its statements read, written or not),
    /// when provenance was asked for.
    pub reads: BTreeMap<String, crate::exec::ReadLog>,
}

/// One template to parse and render: its text, the chart's dot and its templates directory.
struct Renderable {
    text: String,
    vals: MapRef,
    base_path: String,
}

/// Renders a chart tree as Helm's engine does, given the tree's coalesced values (what
/// `ToRenderValues` puts under `Values`) and a YAML reader for `fromYaml`.
pub fn render(
    root: &Chart,
    values: Value,
    options: &Options,
    yaml: Option<YamlReader>,
) -> Rendered {
    let top = top_values(values, options);
    let mut templates = BTreeMap::new();
    let mut charts_values = Vec::new();
    collect(root, None, &top, &mut templates, &mut charts_values);
    let names = sort_templates(templates.keys().cloned().collect());
    let mut rendered = Rendered::default();
    let mut set = TemplateSet::new();
    for name in &names {
        if let Some(t) = templates.get(name) {
            if let Err(error) = set.add_file(name, &t.text) {
                rendered.error = Some(error);
                return rendered;
            }
        }
    }
    let provenance = match (options.provenance, charts_values.first()) {
        (true, Some(root)) => Some(crate::exec::Provenance::new(root, &charts_values)),
        _ => None,
    };
    let mut env = Env {
        yaml,
        values: charts_values,
        provenance,
        ..Env::default()
    };
    for name in &names {
        let Some(t) = templates.get(name) else {
            continue;
        };
        if base(name).starts_with('_') {
            continue;
        }
        let template = as_values(map_of(vec![
            ("Name", Value::str(name.as_str())),
            ("BasePath", Value::str(t.base_path.as_str())),
        ]));
        t.vals.borrow_mut().insert("Template".to_string(), template);
        // Helm executes each template with its chart's dot as a `common.Values`.
        let dot = Value::Map(Rc::clone(&t.vals), MapType::Values);
        let outcome = set.execute(name, dot, &mut env);
        if let Some(p) = env.provenance.as_mut() {
            rendered.reads.insert(name.clone(), p.take_log());
        }
        match outcome {
            Ok(output) => {
                let output = output.without_no_value();
                if env.provenance.is_some() {
                    rendered.origins.insert(name.clone(), output.origins);
                }
                rendered
                    .files
                    .insert(name.clone(), (output.text, output.masks));
            }
            Err(error) if error.kind == ErrorKind::Unsupported => rendered.refused.push(error),
            Err(error) => {
                rendered.error = Some(error);
                rendered.paths = env.provenance.map(|p| p.paths);
                return rendered;
            }
        }
    }
    rendered.paths = env.provenance.map(|p| p.paths);
    rendered
}

/// `ToRenderValues`' top map: `Values`, `Release` and `Capabilities` (`Chart` is each chart's).
fn top_values(values: Value, options: &Options) -> MapRef {
    let release = map_of(vec![
        ("Name", Value::str(options.release_name.as_str())),
        ("Namespace", Value::str(options.namespace.as_str())),
        ("IsUpgrade", Value::Bool(options.is_upgrade)),
        ("IsInstall", Value::Bool(options.is_install)),
        ("Revision", Value::int(options.revision)),
        ("Service", Value::str("Helm")),
    ]);
    let capabilities = Value::Object(Rc::new(options.capabilities.clone()));
    let mut top = BTreeMap::new();
    top.insert("Values".to_string(), as_values(values));
    top.insert("Release".to_string(), release);
    top.insert("Capabilities".to_string(), capabilities);
    Rc::new(RefCell::new(top))
}

/// A map given Helm's `common.Values` type (any other value as it is).
fn as_values(value: Value) -> Value {
    match value {
        Value::Map(map, MapType::Any) => Value::Map(map, MapType::Values),
        other => other,
    }
}

/// A new `map[string]interface {}` from its entries.
fn map_of(entries: Vec<(&str, Value)>) -> Value {
    Value::map(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// Helm's `recAllTpls`: the chart's dot (shared by its templates and its parent's
/// `.Subcharts`), its subcharts' first, then its own templates; returns the dot.
fn collect(
    chart: &Chart,
    parent: Option<&str>,
    values_of_parent: &MapRef,
    out: &mut BTreeMap<String, Renderable>,
    charts_values: &mut Vec<MapRef>,
) -> MapRef {
    let is_root = parent.is_none();
    let subcharts: MapRef = Rc::new(RefCell::new(BTreeMap::new()));
    let parent_vals = values_of_parent.borrow();
    let values = if is_root {
        parent_vals.get("Values").cloned().unwrap_or(Value::Nil)
    } else {
        let table = table(&parent_vals, &chart.metadata.name);
        as_values(table.unwrap_or_else(|| Value::map(BTreeMap::new())))
    };
    if let Value::Map(map, _) = &values {
        charts_values.push(Rc::clone(map));
    }
    let mut next = BTreeMap::new();
    next.insert("Chart".to_string(), chart.metadata.to_value(is_root));
    next.insert(
        "Files".to_string(),
        Value::Object(Rc::new(Files::new(&chart.files))),
    );
    for key in ["Release", "Capabilities"] {
        let value = parent_vals.get(key).cloned().unwrap_or(Value::Nil);
        next.insert(key.to_string(), value);
    }
    next.insert("Values".to_string(), values);
    next.insert(
        "Subcharts".to_string(),
        Value::Map(Rc::clone(&subcharts), MapType::Any),
    );
    drop(parent_vals);
    let next: MapRef = Rc::new(RefCell::new(next));
    let full_path = match parent {
        None => chart.metadata.name.clone(),
        Some(parent_path) => format!("{parent_path}/charts/{}", chart.metadata.name),
    };
    for sub in &chart.subcharts {
        let dot = collect(sub, Some(&full_path), &next, out, charts_values);
        subcharts
            .borrow_mut()
            .insert(sub.metadata.name.clone(), Value::Map(dot, MapType::Any));
    }
    let library = chart.metadata.is_library();
    for (name, text) in &chart.templates {
        if library && !base(name).starts_with('_') {
            continue;
        }
        out.insert(
            join(&full_path, name),
            Renderable {
                text: text.clone(),
                vals: Rc::clone(&next),
                base_path: join(&full_path, "templates"),
            },
        );
    }
    next
}

/// Helm's `Values.Table("Values." + name)` on the parent's dot: the subchart's values when
/// they are a table (each `.` in the name is a step down, as Helm's `parsePath` splits it).
fn table(parent: &BTreeMap<String, Value>, name: &str) -> Option<Value> {
    let mut at = match parent.get("Values") {
        Some(value @ Value::Map(_, MapType::Any | MapType::Values)) => value.clone(),
        _ => return None,
    };
    for key in name.split('.') {
        let next = match &at {
            Value::Map(map, MapType::Any | MapType::Values) => map.borrow().get(key).cloned(),
            _ => None,
        };
        at = match next {
            Some(value @ Value::Map(_, MapType::Any)) => value,
            _ => return None,
        };
    }
    Some(at)
}

/// Helm's `sortTemplates`: more `/`s first, then names in reverse order (a root's templates
/// are parsed last, so its `define`s win).
pub fn sort_templates(mut names: Vec<String>) -> Vec<String> {
    names.sort_by(|a, b| {
        let (ca, cb) = (a.matches('/').count(), b.matches('/').count());
        cb.cmp(&ca).then_with(|| b.cmp(a))
    });
    names
}

/// Go's `path.Base` for a template name.
fn base(name: &str) -> &str {
    let trimmed = name.trim_end_matches('/');
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// Go's `path.Join` of two relative parts: joined by `/` and cleaned (`.`, `..`, doubled `/`).
fn join(a: &str, b: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let rooted = a.starts_with('/');
    for part in a.split('/').chain(b.split('/')) {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_string(),
        (false, false) => joined,
    }
}

#[cfg(test)]
mod tests;
