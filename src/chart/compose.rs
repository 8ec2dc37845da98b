//! The chart tree as one schema and one set of defaults: each chart's schema laid at its own
//! values (under its name or alias, inside an `if` its condition and tags switch off, as Helm's
//! `processDependencyEnabled` drops it), and the defaults coalesced with `global` as Helm does.

use super::ChartError;
use super::included::{condition_paths, included};
use super::tree::{Chart, Dependency};
use crate::schema::{ChartTree, ChartValues, Composition, Draft, Gate, PartDraft, RefusedPart};
use crate::yaml::{DecodeOptions, Typing};
use serde::Serialize;
use serde_json::{Map, Value, json};
use values_migrate_validator::Literals;

pub use crate::schema::ChartAt;

/// What a chart gives a session: the schema and the defaults, with the charts they come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Composed {
    /// The root chart's name.
    pub name: String,
    /// The root chart's version.
    pub version: String,
    /// The name errors give the schema (`bosun-0.25.1.tgz > values.schema.json`).
    pub schema_name: String,
    /// The schema text: the chart's own values.schema.json when it has no subcharts (`{}` when
    /// it has none: Helm checks nothing), else the composition, JSON Schema only (an editor
    /// reads it as it is; validating as Helm does takes it with `tree`).
    pub schema: String,
    /// The name errors give the defaults.
    pub defaults_name: String,
    /// The defaults: values.yaml as written when there are no subcharts, else Helm's coalescing
    /// of every chart's values.yaml (as JSON text).
    pub defaults: Option<String>,
    /// The chart tree: every chart, the root first, and how Helm reads a tree's values.
    pub tree: ChartTree,
    /// Every chart's templates, with the values each reads from.
    #[serde(skip)]
    pub templates: crate::reads::Templates,
}

/// Composes the tree rooted at `root`.
pub fn compose(root: &Chart) -> Result<Composed, ChartError> {
    if root.library {
        return Err(ChartError::new(
            &root.source,
            Some("Chart.yaml"),
            "library charts are not installable",
        ));
    }
    missing_dependencies(root)?;
    let mut parents = Vec::new();
    let coalesced = defaults(root, Map::new(), &[], &mut parents)?;
    // A lone chart whose meta-schema refuses its schema is composed as a tree of one chart, so
    // that the refusal is reported as Helm reports it (not JSON is the schema layer's to locate).
    let refused = (root.schema.as_ref())
        .and_then(|text| meta_refused(root, text, &serde_json::from_str(text).ok()?, ""))
        .is_some();
    let (schema, tree) = if root.subcharts.is_empty() && root.dependencies.is_empty() && !refused {
        let pointer = root.schema.as_ref().map(|_| String::new());
        let charts = vec![at(root, Vec::new(), pointer)];
        (root.schema.clone(), ChartTree::named(charts))
    } else {
        let (schema, tree) = tree_schema(root, parents)?;
        (Some(schema), tree)
    };
    let defaults = if root.subcharts.is_empty() {
        root.values.clone()
    } else {
        Some(serde_json::to_string_pretty(&coalesced).unwrap_or_default())
    };
    let plain = root.subcharts.is_empty();
    Ok(Composed {
        name: root.name.clone(),
        version: root.version.clone(),
        schema_name: if plain {
            format!("{} > values.schema.json", root.source)
        } else {
            format!("{} (every chart's values.schema.json)", root.source)
        },
        schema: schema.unwrap_or_else(|| "{}".to_string()),
        defaults_name: if plain {
            format!("{} > values.yaml", root.source)
        } else {
            format!("{} (every chart's values.yaml, coalesced)", root.source)
        },
        defaults,
        tree,
        templates: super::templates::templates(root)?,
    })
}

impl Composed {
    /// The schema compiled with its chart tree, as a session compiles it.
    pub fn compile(&self) -> Result<crate::schema::Schema, crate::schema::SchemaError> {
        crate::schema::Schema::compile_chart(&self.schema, &[], Some(&self.tree))
    }
}

/// What the composition of a tree gathers from its charts, walking them: every chart's place,
/// each schema's draft, the gates, the refused schemas, the numbers as written.
#[derive(Default)]
struct Parts {
    charts: Vec<ChartAt>,
    drafts: Vec<ChartDraft>,
    gates: Vec<Gate>,
    refused: Vec<RefusedPart>,
    literals: Literals,
}

/// The composed schema of a tree with subcharts (every chart's schema at its values, its
/// numbers as written) and the tree that says how Helm reads its values (`parents`: what each
/// subchart's parents put under its key).
fn tree_schema(
    root: &Chart,
    parents: Vec<(Vec<String>, Option<Value>)>,
) -> Result<(String, ChartTree), ChartError> {
    let mut parts = Parts::default();
    // Composed even when no chart has a schema: Helm's coalescing still refuses a subchart's
    // values that are no mapping.
    let mut composed = node(root, &[], "", &mut parts)?;
    for gate in &mut parts.gates {
        with_tops(root, gate)?;
    }
    let values = tree_of(root)?;
    let imports = super::imports::imports(root, &values)?;
    let drafts = drafts(&mut composed, &parts.drafts, root)?;
    let composition = Composition {
        values,
        held: (parents.into_iter())
            .filter(|(_, parent)| parent.is_some())
            .map(|(path, _)| path)
            .collect(),
        gates: parts.gates,
        imports,
        drafts,
        refused: parts.refused,
    };
    let tree = ChartTree {
        charts: parts.charts,
        composition: Some(composition),
    };
    Ok((written(composed, &parts.literals), tree))
}

fn at(chart: &Chart, path: Vec<String>, pointer: Option<String>) -> ChartAt {
    ChartAt {
        name: chart.name.clone(),
        chart: chart.name.clone(),
        version: chart.version.clone(),
        values_path: path,
        schema_pointer: pointer,
    }
}

/// What `helm install` and `helm template` say of the root chart's Chart.yaml dependencies that
/// no chart in its `charts/` is named after (Helm v4.2.3: `action.CheckDependencies`, its words
/// wrapped by `pkg/cmd/install.go`): every such dependency, by its name (not its alias, whatever
/// its version or condition), in Chart.yaml's order, in one error. Helm checks the root only: a
/// subchart's own missing dependency is dropped without a word, as `included` drops it.
pub(crate) fn missing_dependencies(root: &Chart) -> Result<(), ChartError> {
    let missing: Vec<&str> = (root.dependencies.iter())
        .filter(|dep| !root.subcharts.iter().any(|sub| sub.name == dep.name))
        .map(|dep| dep.name.as_str())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let message = format!(
        "an error occurred while checking for chart dependencies. You may need to run \
         'helm dependency build' to fetch missing dependencies: found in Chart.yaml, but missing \
         in charts/ directory: {}",
        missing.join(", ")
    );
    Err(ChartError::new(&root.source, Some("Chart.yaml"), message))
}

/// The schema of `chart` at `path`, placed at `pointer` in the composition (what it gathers on
/// the way, in `parts`).
fn node(
    chart: &Chart,
    path: &[String],
    pointer: &str,
    parts: &mut Parts,
) -> Result<Value, ChartError> {
    let mut all = Vec::new();
    let own = format!("{pointer}/allOf/0");
    let has_schema = chart.schema.is_some();
    if let Some(text) = &chart.schema {
        all.push(own_part(chart, text, &own, parts)?);
    }
    parts
        .charts
        .push(at(chart, path.to_vec(), has_schema.then_some(own)));
    for (key, sub, dep) in included(chart)? {
        let index = all.len();
        let mut sub_path = path.to_vec();
        sub_path.push(key.clone());
        let gate = match dep {
            Some(dep) => gate(dep, sub, path, &sub_path, &mut parts.gates)?,
            None => None,
        };
        let branch = if gate.is_some() { "/else" } else { "" };
        let sub_pointer = format!(
            "{pointer}/allOf/{index}{branch}/properties/{}",
            escape(&key)
        );
        let child = node(sub, &sub_path, &sub_pointer, parts)?;
        let charts = parts.charts.iter_mut().rev();
        if let Some(last) = charts.into_iter().find(|c| c.values_path == sub_path) {
            last.name = key.clone();
        }
        let placed = json!({"properties": {key: child}});
        all.push(match gate {
            Some(condition) => json!({"if": condition, "then": true, "else": placed}),
            None => placed,
        });
    }
    Ok(match all.len() {
        0 => json!({}),
        _ => json!({ "allOf": all }),
    })
}

/// The chart's schema `text` at `pointer`, when its own draft's meta-schema refuses it: the
/// schema and its file's place, for the schema layer to report as Helm does when it validates
/// the chart (a switched-off subchart is not validated).
fn meta_refused(chart: &Chart, text: &str, schema: &Value, pointer: &str) -> Option<RefusedPart> {
    let offset = crate::schema::meta_refusal(text, schema)?;
    let at = crate::text::LineIndex::new(text).line_col(offset);
    Some(RefusedPart {
        pointer: pointer.to_string(),
        schema: schema.clone(),
        at: format!(
            "{}: values.schema.json:{}:{}",
            chart.source, at.line, at.column
        ),
    })
}

/// The chart's own schema `text` as its part of the composition at `own`: its `$schema` noted in
/// `parts`, its `$id` dropped, its local `$ref`s pointed at `own`, its numbers in `parts`; or
/// `{}` (the refusal noted in `parts`) when its own meta-schema refuses it.
fn own_part(chart: &Chart, text: &str, own: &str, parts: &mut Parts) -> Result<Value, ChartError> {
    // A number beyond a double's range (`1e400`) is read as Helm reads it, its literal kept.
    let read = serde_json::from_str(text);
    let read = read.or_else(|e| crate::schema::parse_document(text).map_err(|_| e));
    let mut schema: Value = read.map_err(|e| {
        let message = format!("not JSON: {e}");
        ChartError::new(&chart.source, Some("values.schema.json"), message)
    })?;
    if let Some(refused) = meta_refused(chart, text, &schema, own) {
        parts.refused.push(refused);
        return Ok(json!({}));
    }
    if let Value::Object(map) = &mut schema {
        let draft = match map.remove("$schema") {
            Some(Value::String(draft)) => Some(draft),
            _ => None,
        };
        parts.drafts.push(ChartDraft {
            source: chart.source.clone(),
            draft,
            pointer: own.to_string(),
        });
        map.remove("$id");
    }
    rewrite_refs(&mut schema, own);
    let literals = std::mem::take(&mut parts.literals);
    parts.literals = literals.with(Literals::read(text).placed(own));
    Ok(schema)
}

/// The `if` that drops the subchart `sub` at `sub_path` (listed in `gates` for the coalescing
/// that leaves its values out), or `None` when nothing can switch it off.
fn gate(
    dep: &Dependency,
    sub: &Chart,
    parent: &[String],
    sub_path: &[String],
    gates: &mut Vec<Gate>,
) -> Result<Option<Value>, ChartError> {
    let conditions = condition_paths(dep, parent);
    if conditions.is_empty() && dep.tags.is_empty() {
        return Ok(None);
    }
    let own = defaults(sub, Map::new(), &[], &mut Vec::new())?;
    let own_bool = |c: &[String]| -> Option<bool> {
        let rest = c.strip_prefix(sub_path)?;
        rest.iter()
            .try_fold(&own, |at, key| at.as_object()?.get(key))?
            .as_bool()
    };
    let disabled = disabled(&conditions, &dep.tags, &own_bool);
    gates.push(Gate {
        path: sub_path.to_vec(),
        conditions,
        tags: dep.tags.clone(),
        tops: Vec::new(),
    });
    Ok(disabled)
}

/// The `$schema` a chart's schema names (`None`: none, which Helm reads as 2020-12), and where
/// the composition holds that schema.
struct ChartDraft {
    source: String,
    draft: Option<String>,
    pointer: String,
}

impl ChartDraft {
    /// The draft Helm reads this chart's schema as: each is compiled on its own, so a schema
    /// naming none is 2020-12 whatever its parent's names (`ValidateAgainstSingleSchema`).
    fn read_as(&self, root: &Chart) -> Result<Draft, ChartError> {
        let Some(uri) = &self.draft else {
            return Ok(Draft::Draft202012);
        };
        Draft::from_uri(uri).ok_or_else(|| {
            let message = format!(
                "$schema names '{uri}' in {}, which is not draft-04, -06, -07, 2019-09 or 2020-12",
                self.source
            );
            ChartError::new(&root.source, None, message)
        })
    }
}

/// The composition read as its first schema's draft (its `$schema`, set on `composed`), and each
/// chart's schema of another draft, listed with its own, as Helm reads each.
fn drafts(
    composed: &mut Value,
    drafts: &[ChartDraft],
    root: &Chart,
) -> Result<Vec<PartDraft>, ChartError> {
    let mut out = Vec::new();
    let Some(first) = drafts.first() else {
        return Ok(out);
    };
    let draft = first.read_as(root)?;
    for other in &drafts[1..] {
        let own = other.read_as(root)?;
        let is_object = matches!(composed.pointer(&other.pointer), Some(Value::Object(_)));
        if own != draft && is_object {
            out.push(PartDraft {
                pointer: other.pointer.clone(),
                draft: own.uri().to_string(),
            });
        }
    }
    if let (Some(uri), Value::Object(map)) = (&first.draft, composed) {
        map.insert("$schema".to_string(), Value::String(uri.clone()));
    }
    Ok(out)
}

/// The composition's JSON text, each number `literals` names written as its chart's text
/// writes it (Helm reads each chart's schema as written).
fn written(mut composed: Value, literals: &Literals) -> String {
    let plain = serde_json::to_string_pretty(&composed).unwrap_or_default();
    if literals.is_empty() {
        return plain;
    }
    // Each number becomes a string no schema holds (`"\u0000S-N"`, S the first salt the text
    // lacks), then its text the literal.
    let salt = (0..).find(|n| !plain.contains(&format!("\\u0000{n}-")));
    let salt = salt.unwrap_or_default();
    let mut markers = Vec::new();
    for (pointer, literal) in literals.iter() {
        if let Some(number @ Value::Number(_)) = composed.pointer_mut(pointer) {
            let marker = format!("\u{0}{salt}-{}", markers.len());
            markers.push((Value::String(marker.clone()).to_string(), literal));
            *number = Value::String(marker);
        }
    }
    let mut text = serde_json::to_string_pretty(&composed).unwrap_or_default();
    for (quoted, literal) in markers {
        text = text.replacen(&quoted, literal, 1);
    }
    text
}

/// A JSON pointer token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Every local `$ref` (`#…`) of a schema now placed at `pointer`, pointed there. A reference to
/// a plain-name anchor (`#name`: `$anchor`, `$dynamicAnchor`, a draft-07 `$id` of `#name`) is
/// no pointer: it and its anchor are renamed for this part (`anchor_prefix`), so that it still
/// finds its own chart's anchor once every chart's schema is one document (Helm validates each
/// chart's schema alone: two charts' anchors of one name never meet there).
fn rewrite_refs(schema: &mut Value, pointer: &str) {
    let prefix = anchor_prefix(pointer);
    rewrite_in(schema, pointer, &prefix);
}

fn rewrite_in(schema: &mut Value, pointer: &str, prefix: &str) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match (key.as_str(), value) {
                    ("enum" | "const" | "default" | "examples", _) => {}
                    ("$ref" | "$dynamicRef", Value::String(target)) if target.starts_with('#') => {
                        let rest = &target[1..];
                        *target = if rest.is_empty() || rest.starts_with('/') {
                            format!("#{pointer}{rest}")
                        } else {
                            format!("#{prefix}{rest}")
                        };
                    }
                    ("$anchor" | "$dynamicAnchor", Value::String(name)) => {
                        *name = format!("{prefix}{name}");
                    }
                    ("$id", Value::String(id))
                        if id.len() > 1 && id.starts_with('#') && !id.starts_with("#/") =>
                    {
                        *id = format!("#{prefix}{}", &id[1..]);
                    }
                    (_, value) => rewrite_in(value, pointer, prefix),
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| rewrite_in(v, pointer, prefix)),
        _ => {}
    }
}

/// A prefix for the anchors of the part placed at `pointer`, unique to it and a valid start of
/// an anchor's name (a letter, then letters, digits and `_`): each other character as `_` and
/// its code in hex.
fn anchor_prefix(pointer: &str) -> String {
    let mut out = String::from("chart");
    for c in pointer.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}_", c as u32));
        }
    }
    out.push_str("__");
    out
}

/// The schema of "Helm drops this subchart": its first boolean `condition` is false, or (no
/// condition is a boolean) its tags are false and none true. `None`: it is always on. Helm
/// decides on the values coalesced with the subchart's own, which a dropped subchart's values
/// no longer hold: where a condition path is missing, the subchart's own default (`own`) answers.
fn disabled(
    conditions: &[Vec<String>],
    tags: &[String],
    own: &dyn Fn(&[String]) -> Option<bool>,
) -> Option<Value> {
    if conditions.is_empty() && tags.is_empty() {
        return None;
    }
    let boolean = |c: &Vec<String>| seen(c, &json!({"type": "boolean"}), own(c).is_some());
    let off = |c: &Vec<String>| seen(c, &json!({"const": false}), own(c) == Some(false));
    let mut any = Vec::new();
    for (i, condition) in conditions.iter().enumerate() {
        let mut all: Vec<Value> = conditions[..i]
            .iter()
            .map(|c| json!({"not": boolean(c)}))
            .collect();
        all.push(off(condition));
        any.push(json!({"allOf": all}));
    }
    if !tags.is_empty() {
        let tag =
            |t: &String, b: bool| at_path(&["tags".to_string(), t.clone()], &json!({"const": b}));
        let mut all: Vec<Value> = conditions
            .iter()
            .map(|c| json!({"not": boolean(c)}))
            .collect();
        all.push(json!({"not": {"anyOf": tags.iter().map(|t| tag(t, true)).collect::<Vec<_>>()}}));
        all.push(json!({"anyOf": tags.iter().map(|t| tag(t, false)).collect::<Vec<_>>()}));
        any.push(json!({"allOf": all}));
    }
    Some(json!({"anyOf": any}))
}

/// A schema that holds when the value at `path` satisfies `leaf`, or (`by_default`) is missing
/// and the subchart's own default there does.
fn seen(path: &[String], leaf: &Value, by_default: bool) -> Value {
    if by_default {
        json!({"anyOf": [at_path(path, leaf), {"not": at_path(path, &json!({}))}]})
    } else {
        at_path(path, leaf)
    }
}

/// A schema that holds when the value at `path` exists and satisfies `leaf`.
fn at_path(path: &[String], leaf: &Value) -> Value {
    path.iter().rev().fold(
        leaf.clone(),
        |inner, key| json!({"type": "object", "required": [key], "properties": {key: inner}}),
    )
}

/// The chart's own values.yaml, as Helm's chart loader reads it (every document, merged),
/// decoded on the first call and kept by the chart.
fn own_values(chart: &Chart) -> Result<Option<Value>, ChartError> {
    (chart.decoded.0)
        .get_or_init(|| decode_values(chart))
        .clone()
}

/// A chart's values.yaml decoded, its documents merged as Helm's `LoadValues` merges them.
fn decode_values(chart: &Chart) -> Result<Option<Value>, ChartError> {
    let Some(text) = &chart.values else {
        return Ok(None);
    };
    let options = DecodeOptions {
        typing: Typing::Helm,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(text, &options).map_err(|e| {
        ChartError::new(
            &chart.source,
            Some("values.yaml"),
            format!("not YAML: {}", e.display_with("values.yaml", text)),
        )
    })?;
    if documents.is_empty() {
        return Ok(None);
    }
    let merged = crate::schema::load_values(documents).map_err(|(index, words)| {
        let message = format!("cannot load values.yaml: {words} (document {})", index + 1);
        ChartError::new(&chart.source, Some("values.yaml"), message)
    })?;
    Ok(Some(merged))
}

/// The tree as the schema layer coalesces it: each chart's own values as written, its
/// subcharts in Helm's order, whether Chart.yaml lists each.
pub(super) fn tree_of(chart: &Chart) -> Result<ChartValues, ChartError> {
    let values = match own_values(chart)? {
        Some(Value::Object(values)) => values,
        _ => Map::new(),
    };
    let mut subcharts = Vec::new();
    for (key, sub, dep) in included(chart)? {
        subcharts.push(crate::schema::SubchartValues {
            key,
            listed: dep.is_some(),
            chart: tree_of(sub)?,
        });
    }
    Ok(ChartValues { values, subcharts })
}

/// Lists on a gate the own values.yaml of each chart between the root and the subchart it
/// switches (outermost first): Helm decides a nested subchart on the values coalesced with
/// them laid at the top (`processDependencyEnabled` recursing with `CoalesceValues(t, cvals)`).
fn with_tops(root: &Chart, gate: &mut Gate) -> Result<(), ChartError> {
    let mut chart = root;
    for key in gate.path.iter().take(gate.path.len().saturating_sub(1)) {
        let Some((_, sub, _)) = included(chart)?.into_iter().find(|(k, _, _)| k == key) else {
            break;
        };
        chart = sub;
        gate.tops.push(own_values(chart)?.unwrap_or(Value::Null));
    }
    Ok(())
}

/// Helm's `CoalesceValues` for the tree with no user values: each chart's values.yaml under
/// `dest`, then each kept subchart's under its key, `global` copied down first.
/// `parents` gets, for each subchart, what its parents put under its key (the values Helm keeps
/// there when a condition or tags drop it; a user `null` over them deletes the key).
fn defaults(
    chart: &Chart,
    dest: Map<String, Value>,
    path: &[String],
    parents: &mut Vec<(Vec<String>, Option<Value>)>,
) -> Result<Value, ChartError> {
    let own = own_values(chart)?;
    let mut dest = match crate::schema::coalesce(own.as_ref(), &Value::Object(dest)) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    for (key, sub, _) in included(chart)? {
        let mut sub_path = path.to_vec();
        sub_path.push(key.clone());
        let parent = dest.get(&key).filter(|v| !v.is_null()).cloned();
        parents.push((sub_path.clone(), parent));
        let sub_values = match dest.remove(&key) {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(other) => {
                dest.insert(key, other);
                continue;
            }
        };
        let mut sub_values = sub_values;
        crate::schema::copy_globals(&dest, &mut sub_values);
        let coalesced = defaults(sub, sub_values, &sub_path, parents)?;
        dest.insert(key, coalesced);
    }
    Ok(Value::Object(dest))
}
