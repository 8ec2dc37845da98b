//! Layered values (seed 001): files merged per key, later layers win, lists replaced. The schemas
//! judge the merge; each op is written into the file whose layer supplies its key.

use super::overrides;
use super::replay::{self, ReplayReport, ReplayRequest};
use crate::ValuePath;
use crate::migrate::SessionSpec;
use crate::migrate::{MigrateReport, Op, Refusal, RefusalKind, SetSource, Status};
use crate::migrate::{Named, Request, SourceFile, diagnose, migrate};
use crate::path as tree;
use crate::text::{FileResult, Location};
use crate::yaml::DecodeOptions;
use serde::Serialize;
use serde_json::Value;

/// What to do when a key an op edits is supplied by several layers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayerPolicy {
    /// Refuse, naming every layer that supplies it.
    #[default]
    Refuse,
    /// Edit only the winning (last) layer, and report the others.
    Last,
}

/// One layer: its file, where its values are, and the ops written into it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Layer {
    /// The file.
    pub file: String,
    /// Where the values are in it.
    pub prefix: String,
    /// The ops written into this file.
    pub ops: Vec<Op>,
    /// Ops whose key this layer also supplies but which `--layer-policy last` left to a later layer.
    pub left: Vec<Op>,
}

/// What a layered replay returns: the replay's result for the merged values, the layer files, and each layer's ops.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "LayeredReplayResult"),
    schemars(rename = "LayeredReplayResult")
)]
#[serde(rename_all = "camelCase")]
pub struct LayeredReport {
    /// The replay of the merged values; its `files` are the layer files.
    #[serde(flatten)]
    pub replay: ReplayReport,
    /// Each layer, in order.
    pub layers: Vec<Layer>,
    /// The merged values after the edits, or `null` when nothing was written.
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub merged: Option<Value>,
}

/// Replays `request.migration` on `request.files` read as layers.
pub fn replay_layered(request: &ReplayRequest, policy: LayerPolicy) -> LayeredReport {
    let drift = replay::drift(
        &request.migration,
        &request.spec.base_schema,
        &request.spec.target_schema,
    );
    if !drift.is_empty() && !request.allow_schema_drift {
        return plain(replay::replay(request));
    }
    let (base_o, target_o) = match (
        override_of(&request.spec.base_schema),
        override_of(&request.spec.target_schema),
    ) {
        (Ok(b), Ok(t)) => (b, t),
        (Err(r), _) | (_, Err(r)) => return plain(ReplayReport::of(*r)),
    };
    let (layers, values, own_merged) = match locate_layers(request, &base_o, &target_o) {
        Ok(located) => located,
        Err(report) => return plain(ReplayReport::of(*report)),
    };
    let merged = values.iter().fold(Value::Null, merge);
    let judged = replay::replay(&ReplayRequest {
        files: vec![SourceFile {
            path: "merged values".to_string(),
            text: block_yaml(&merged, request.spec.typing),
        }],
        prefix: Some(String::new()),
        ..request.clone()
    });
    let mut report = LayeredReport {
        replay: judged,
        layers,
        merged: None,
    };
    if report.replay.report.status != Status::Planned {
        relocate(&mut report, request, &values);
        report.replay.report.files = unchanged(&request.files);
        return report;
    }
    if let Err(refusal) = route(&mut report, &values, policy) {
        return refused(report, request, *refusal);
    }
    apply(report, request, (&values, &own_merged), &base_o, &target_o)
}

/// The layers located: each one, its values, and whether they are its file's documents merged.
type LayersFound = (Vec<Layer>, Vec<Value>, Vec<bool>);

/// Each layer's place in its file, its values, and whether they are its documents merged (as
/// Helm's `-f` reads a file of several root documents), located with the override schemas.
fn locate_layers(
    request: &ReplayRequest,
    base_o: &Named,
    target_o: &Named,
) -> Result<LayersFound, Box<MigrateReport>> {
    let mut layers = Vec::new();
    let mut values = Vec::new();
    let mut merged = Vec::new();
    for file in &request.files {
        let mut layer_request = Request {
            files: vec![file.clone()],
            prefix: request.prefix.clone(),
            ..request.to_request()
        };
        layer_request.spec.base_schema = base_o.clone();
        layer_request.spec.target_schema = target_o.clone();
        layer_request.spec.defaults = None;
        let located = diagnose(&layer_request);
        let Some((prefix, v)) =
            replay::values_of(&layer_request.files, request.spec.typing, &located)?
        else {
            return Err(Box::new(located));
        };
        layers.push(Layer {
            file: file.path.clone(),
            prefix,
            ops: Vec::new(),
            left: Vec::new(),
        });
        values.push(v);
        merged.push(located.merged_documents.is_some());
    }
    Ok((layers, values, merged))
}

/// Writes each layer's ops into its file through the pipeline, then judges the merged result.
fn apply(
    mut report: LayeredReport,
    request: &ReplayRequest,
    (values, merged): (&[Value], &[bool]),
    base_o: &Named,
    target_o: &Named,
) -> LayeredReport {
    let mut files = Vec::new();
    let mut merged_after = Value::Null;
    let layers = request.files.iter().zip(&report.layers);
    for ((file, layer), own) in layers.zip(values.iter().zip(merged.iter().copied())) {
        let edited = match edit_layer(file, layer, own, base_o, target_o, request) {
            Ok(edited) => edited,
            Err(stopped) => {
                report.replay.report.status = stopped.status;
                report.replay.report.refusals = stopped.refusals;
                report.replay.report.errors = stopped.errors;
                report.replay.report.files = unchanged(&request.files);
                return report;
            }
        };
        let after = values_after(&edited.after, &layer.prefix, own.1, request);
        merged_after = merge(merged_after, &after.unwrap_or(Value::Null));
        files.push(edited);
    }
    if let Some(refusal) = judge_merge(&report, request, &merged_after) {
        return refused(report, request, refusal);
    }
    report.replay.report.files = files;
    report.replay.report.values_file = None;
    report.replay.report.prefix = None;
    report.merged = Some(merged_after);
    report
}

/// One layer file with its ops written through the pipeline, judged by the override schemas.
fn edit_layer(
    file: &SourceFile,
    layer: &Layer,
    (own, merged): (&Value, bool),
    base_o: &Named,
    target_o: &Named,
    request: &ReplayRequest,
) -> Result<FileResult, Box<MigrateReport>> {
    if layer.ops.is_empty() {
        return Ok(unchanged(std::slice::from_ref(file)).remove(0));
    }
    let (proposal, answers) = layer_proposal(own, &layer.ops);
    // A value left to a later layer stays here, overridden in the merge: this layer is not judged on it.
    let result = migrate(&Request {
        files: vec![file.clone()],
        proposal: Some(Named {
            name: format!("{} (layer proposal)", file.path),
            text: serde_json::to_string_pretty(&proposal).unwrap_or_default(),
        }),
        // A layer whose values are its documents merged is found again so: a given root would
        // name one document.
        prefix: (!merged).then(|| layer.prefix.clone()),
        answers,
        spec: SessionSpec {
            base_schema: base_o.clone(),
            target_schema: permit(target_o, &layer.left),
            typing: request.spec.typing,
            ..SessionSpec::default()
        },
    });
    if result.status != Status::Planned {
        return Err(Box::new(result));
    }
    Ok(result
        .files
        .into_iter()
        .find(|f| f.path == file.path)
        .unwrap_or_else(|| unchanged(std::slice::from_ref(file)).remove(0)))
}

/// Why the edited layers, merged again, are not the migrated merge (or fail the target schema).
fn judge_merge(
    report: &LayeredReport,
    request: &ReplayRequest,
    merged_after: &Value,
) -> Option<Refusal> {
    let expected = report
        .replay
        .report
        .files
        .first()
        .and_then(|f| values_after(&f.after, "", false, request));
    let options = DecodeOptions {
        typing: request.spec.typing,
        ..DecodeOptions::default()
    };
    let defaults = request.spec.defaults.as_ref().and_then(|d| {
        crate::yaml::decode(&d.text, &options)
            .ok()
            .and_then(|docs| docs.into_iter().next())
    });
    let target = &request.spec;
    let violation = (crate::schema::Schema::compile_chart(
        &target.target_schema.text,
        &[],
        target.target_chart.as_ref(),
    ))
    .ok()
    .map(|t| t.validate_coalesced(defaults.as_ref(), merged_after))
    .unwrap_or_default()
    .into_iter()
    .find(|v| !v.in_defaults_only);
    let conflicts_left = report.layers.iter().any(|l| !l.left.is_empty());
    let (kind, path, message) = match violation {
        Some(v) => (
            RefusalKind::Schema,
            v.path.clone(),
            format!("the layers, merged after the edits, fail the target schema: {v}"),
        ),
        None if !conflicts_left && expected.as_ref() != Some(merged_after) => (
            RefusalKind::VerifyFailed,
            ValuePath::root(),
            "the layers, merged after the edits, differ from the migrated merged values"
                .to_string(),
        ),
        None => return None,
    };
    Some(Refusal {
        kind,
        path,
        message,
        at: Location::default(),
    })
}

/// Assigns each op of the merged plan to the layer that supplies its key.
fn route(
    report: &mut LayeredReport,
    values: &[Value],
    policy: LayerPolicy,
) -> Result<(), Box<Refusal>> {
    for op in report.replay.report.ops.clone() {
        let key = match &op {
            Op::Remove { path } | Op::Set { path, .. } => path,
            Op::Rename { from, .. } => from,
        };
        let supplying: Vec<usize> = (0..values.len())
            .filter(|&i| tree::get(&values[i], key).is_some())
            .collect();
        let chosen = match (supplying.as_slice(), &op) {
            ([], Op::Set { .. }) => 0,
            ([], _) => values.len() - 1,
            ([one], _) => *one,
            (several, _) if policy == LayerPolicy::Last => {
                for &i in &several[..several.len() - 1] {
                    report.layers[i].left.push(op.clone());
                }
                several[several.len() - 1]
            }
            (several, _) => {
                let names: Vec<String> = several
                    .iter()
                    .map(|&i| report.layers[i].file.clone())
                    .collect();
                return Err(Box::new(Refusal {
                    kind: RefusalKind::LayerConflict,
                    path: key.clone(),
                    message: format!(
                        "`{key}` is supplied by several layers ({}); edit it by hand, or replay with --layer-policy last to edit only {}",
                        names.join(", "),
                        names[names.len() - 1]
                    ),
                    at: Location::file(&names[names.len() - 1]),
                }));
            }
        };
        report.layers[chosen].ops.push(op);
    }
    Ok(())
}

/// A layer's values with its ops applied, and the answers among them.
fn layer_proposal(own: &Value, ops: &[Op]) -> (Value, Vec<(String, String)>) {
    let mut proposal = own.clone();
    let mut answers = Vec::new();
    for op in ops {
        match op {
            Op::Remove { path } => {
                tree::remove(&mut proposal, path);
            }
            Op::Rename { from, to, .. } => {
                if let Some(value) = tree::remove(&mut proposal, from) {
                    let _ = tree::set(&mut proposal, to, value);
                }
            }
            Op::Set {
                path,
                value,
                source,
            } => {
                if *source == SetSource::Answer {
                    answers.push((path.to_string(), value.to_string()));
                }
                let _ = tree::set(&mut proposal, path, value.clone());
            }
        }
    }
    // A layer mapping emptied by the ops goes too: the key then comes from the layers below.
    for op in ops {
        if let Op::Remove { path } | Op::Rename { from: path, .. } = op {
            let mut parent = path.parent();
            while let Some(at) = parent.filter(|p| !p.is_root()) {
                if tree::get(&proposal, &at)
                    .is_some_and(|v| v.as_object().is_some_and(|m| m.is_empty()))
                {
                    tree::remove(&mut proposal, &at);
                }
                parent = at.parent();
            }
        }
    }
    (proposal, answers)
}

/// Merges `layer` over `acc` as Helm merges its `-f` files (`MergeMaps`: mappings merge per key,
/// anything else, lists too, is replaced); a layer without values leaves `acc` as it is.
pub fn merge(acc: Value, layer: &Value) -> Value {
    match (acc, layer) {
        (Value::Object(mut under), Value::Object(over)) => {
            crate::schema::merge_maps(&mut under, over.clone());
            Value::Object(under)
        }
        (acc, Value::Null) => acc,
        (_, over) => over.clone(),
    }
}

/// Points the merged verdict's refusals at the last layer that supplies their path, with its line.
fn relocate(report: &mut LayeredReport, request: &ReplayRequest, values: &[Value]) {
    for refusal in &mut report.replay.report.refusals {
        if refusal.at.file.as_deref() != Some("merged values") {
            continue;
        }
        let Some(i) = (0..values.len())
            .rev()
            .find(|&i| tree::get(&values[i], &refusal.path).is_some())
        else {
            refusal.at = Location::default();
            continue;
        };
        locate(
            refusal,
            &request.files[i],
            &report.layers[i].prefix,
            request,
        );
    }
}

fn locate(refusal: &mut Refusal, file: &SourceFile, prefix: &str, request: &ReplayRequest) {
    refusal.at = Location::file(&file.path);
    let Ok(prefix) = ValuePath::parse(prefix) else {
        return;
    };
    let Ok(stream) = crate::yaml::parse(&file.text, &crate::yaml::Limits::default()) else {
        return;
    };
    let full = prefix.join(&refusal.path);
    let at = stream
        .documents
        .iter()
        .find(|d| d.root.get(&prefix, request.spec.typing).is_some())
        .map(|d| d.root.offset_of(&full, request.spec.typing));
    if let Some(offset) = at {
        refusal.at = Location::in_text(&file.path, &file.text, Some(offset));
    }
}

fn refused(
    mut report: LayeredReport,
    request: &ReplayRequest,
    mut refusal: Refusal,
) -> LayeredReport {
    if let Some(i) = report
        .layers
        .iter()
        .position(|l| Some(&l.file) == refusal.at.file.as_ref())
    {
        let prefix = report.layers[i].prefix.clone();
        locate(&mut refusal, &request.files[i], &prefix, request);
    }
    report.replay.report.status = Status::Refused;
    report.replay.report.refusals.push(refusal);
    report.replay.report.files = unchanged(&request.files);
    report
}

/// The values under `prefix` of an edited layer.
fn values_after(text: &str, prefix: &str, merged: bool, request: &ReplayRequest) -> Option<Value> {
    let options = DecodeOptions {
        typing: request.spec.typing,
        ..DecodeOptions::default()
    };
    let prefix = ValuePath::parse(prefix).ok()?;
    let documents = crate::yaml::decode(text, &options).ok()?;
    if merged {
        return crate::schema::load_values(documents).ok();
    }
    documents.iter().find_map(|d| {
        crate::migrate::values_at(d, &prefix, request.spec.typing).map(|v| v.into_owned())
    })
}

/// The override schema of a schema (required dropped), so that each layer alone is judged fairly.
fn override_of(schema: &Named) -> Result<Named, Box<MigrateReport>> {
    let document: Value = serde_json::from_str(&schema.text).map_err(|e| {
        Box::new(replay::invalid(
            &schema.name,
            &format!("{}:{}: {e}", e.line(), e.column()),
        ))
    })?;
    let relaxed = overrides::for_overrides(&document, &ValuePath::root())
        .map_err(|e| Box::new(replay::invalid(&schema.name, &e)))?;
    Ok(Named {
        name: schema.name.clone(),
        text: relaxed.to_string(),
    })
}

fn plain(replay: ReplayReport) -> LayeredReport {
    LayeredReport {
        replay,
        layers: Vec::new(),
        merged: None,
    }
}

fn unchanged(files: &[SourceFile]) -> Vec<FileResult> {
    files
        .iter()
        .map(|f| FileResult::unchanged(&f.path, &f.text))
        .collect()
}

/// The merged values as block YAML (the pipeline edits block style only).
fn block_yaml(values: &Value, typing: crate::yaml::Typing) -> String {
    match values {
        Value::Object(map) if !map.is_empty() => map
            .iter()
            .map(|(k, v)| crate::splice::render::render_value(k, v, 0, 2, "\n", typing))
            .collect(),
        _ => "{}\n".to_string(),
    }
}

/// `schema` with the subschema at each key of `left` accepting anything (followed through `properties`).
fn permit(schema: &Named, left: &[Op]) -> Named {
    let Ok(mut document) = serde_json::from_str::<Value>(&schema.text) else {
        return schema.clone();
    };
    for op in left {
        let key = match op {
            Op::Remove { path } | Op::Set { path, .. } => path,
            Op::Rename { from, .. } => from,
        };
        let mut pointer = String::new();
        for segment in key.segments() {
            if let crate::path::Segment::Key(name) = segment {
                pointer.push_str("/properties/");
                pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
            }
        }
        if let Some(node) = document.pointer_mut(&pointer) {
            *node = Value::Object(serde_json::Map::new());
        }
    }
    Named {
        name: schema.name.clone(),
        text: document.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::merge;
    use serde_json::json;

    #[test]
    fn layers_merge_as_helm_merges_its_values_files() {
        let base = json!({"a": {"x": 1, "l": [1, 2]}, "b": "keep"});
        let over = json!({"a": {"y": 2, "l": [3]}, "c": null});
        let want = json!({"a": {"x": 1, "y": 2, "l": [3]}, "b": "keep", "c": null});
        assert_eq!(merge(base.clone(), &over), want);
        // A layer without values (an empty file) changes nothing, as `-f empty.yaml` does not.
        assert_eq!(merge(base.clone(), &serde_json::Value::Null), base);
    }
}
