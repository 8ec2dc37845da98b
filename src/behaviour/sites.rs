//! The rendered manifests as objects, and each origin of the render (which values made or decided
//! which bytes) placed at its fields: every rendered document read with `yaml`'s located model,
//! objects named by API group, kind, namespace and name, fields by their path inside the object
//! with list items named by their `name` (as dyff names them).

use std::collections::HashMap;
use std::ops::Range;

use serde_json::Value;
use values_migrate_render::engine::Rendered;
use values_migrate_render::exec::{Paths, Seg};

use crate::migrate::renders::Reading;
use crate::path::{Segment, ValuePath};
use crate::yaml::{Limits, Node, NodeKind, Typing};

/// An object's identity: what a manifest diff matches objects by.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId {
    /// The API group (`apps`; `""` for the core group).
    pub group: String,
    /// The kind.
    pub kind: String,
    /// The namespace, `""` when the object names none.
    pub namespace: String,
    /// The name (or the file and document when the document has none).
    pub name: String,
}

impl ObjectId {
    /// `Kind.group/namespace/name`, the parts that are empty left out.
    pub fn label(&self) -> String {
        let kind = if self.group.is_empty() {
            self.kind.clone()
        } else {
            format!("{}.{}", self.kind, self.group)
        };
        if self.namespace.is_empty() {
            format!("{kind}/{}", self.name)
        } else {
            format!("{kind}/{}/{}", self.namespace, self.name)
        }
    }
}

/// One rendered object.
#[derive(Clone, Debug)]
pub struct Object {
    /// Who it is.
    pub id: ObjectId,
    /// The template that rendered it.
    pub file: String,
    /// Its document's text, masked spans replaced by `<masked: FROM>`.
    pub text: String,
    /// Its value.
    pub value: Value,
    /// Whether it stands for a subchart a condition switched off (no object of the manifests).
    pub pseudo: bool,
}

/// A field of an object that values made or decided.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The object's index in [`Manifests::objects`].
    pub object: usize,
    /// The field (`spec.template.spec.containers[name=x].args[3]`; `""` the whole object).
    pub field: String,
    /// The value paths that made its bytes.
    pub data: Vec<ValuePath>,
    /// The value paths that decided them.
    pub control: Vec<ValuePath>,
}

/// A render's objects and the fields its values reached.
#[derive(Clone, Debug, Default)]
pub struct Manifests {
    /// Every object, in file order.
    pub objects: Vec<Object>,
    /// Every field an origin reached.
    pub placed: Vec<Placed>,
    /// What the render read, written or not.
    pub reads: ReadPaths,
}

/// The value paths a render's templates read (NOTES.txt aside), whether their bytes were written
/// or not, each with the first file that read it; and the subcharts' conditions, read by Helm.
#[derive(Clone, Debug, Default)]
pub struct ReadPaths {
    /// Each path read and the file that read it, sorted by path.
    paths: Vec<(ValuePath, String)>,
    /// The file that took the whole `.Values`, if one did (every value is read then).
    whole: Option<String>,
}

impl ReadPaths {
    /// How the render read `path` (whose value is `value`), and the file that read it: itself
    /// or a value inside it that `value` holds, or only a mapping or list it sits in, taken whole.
    pub fn reading(&self, path: &ValuePath, value: Option<&Value>) -> (Reading, Option<&str>) {
        // In path order a value's descendants follow it; its ancestors are found one by one.
        let at = self.paths.partition_point(|(read, _)| read < path);
        let inside = self.paths[at..]
            .iter()
            .take_while(|(read, _)| read.starts_with(path))
            .find(|(read, _)| match (value, read.strip_prefix(path)) {
                (Some(value), Some(rest)) => crate::path::get(value, &rest).is_some(),
                _ => true,
            });
        if let Some((_, file)) = inside {
            return (Reading::Itself, Some(file));
        }
        if let Some(file) = &self.whole {
            return (Reading::Around, Some(file));
        }
        let above = (1..path.len()).rev().find_map(|depth| {
            let prefix = ValuePath::from_segments(path.segments()[..depth].to_vec());
            let at = self.paths.partition_point(|(read, _)| *read < prefix);
            self.paths.get(at).filter(|(read, _)| *read == prefix)
        });
        match above {
            Some((_, file)) => (Reading::Around, Some(file)),
            None => (Reading::Nowhere, None),
        }
    }

    /// The read logs of the engine's files, NOTES.txt aside, and the subcharts' conditions.
    fn of(outcome: &crate::render::Outcome) -> ReadPaths {
        let rendered = &outcome.rendered;
        let empty = Paths::new();
        let ids = rendered.paths.as_ref().unwrap_or(&empty);
        let mut cache: HashMap<u32, ValuePath> = HashMap::new();
        let mut out = ReadPaths::default();
        for (file, log) in &rendered.reads {
            if file.ends_with("NOTES.txt") {
                continue;
            }
            if log.whole && out.whole.is_none() {
                out.whole = Some(file.clone());
            }
            for path in to_paths(ids, &log.paths, &mut cache) {
                out.paths.push((path, file.clone()));
            }
        }
        for gate in &outcome.gates {
            for keys in &gate.conditions {
                let path =
                    ValuePath::from_segments(keys.iter().cloned().map(Segment::Key).collect());
                out.paths.push((path, format!("{}Chart.yaml", gate.prefix)));
            }
        }
        crate::order::by_key(&mut out.paths, |(path, _)| path.clone());
        out
    }
}

/// A step of a field's path.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
    Named(String),
}

/// The objects and placed origins of a render (NOTES.txt and files that are no YAML left out),
/// and the subcharts' conditions: a subchart's objects are decided by its condition's paths, and
/// a subchart switched off stands as one pseudo object they decide.
pub fn manifests(outcome: &crate::render::Outcome) -> Manifests {
    let mut out = placed(&outcome.rendered);
    out.reads = ReadPaths::of(outcome);
    for gate in &outcome.gates {
        let control: Vec<ValuePath> = gate
            .conditions
            .iter()
            .map(|keys| ValuePath::from_segments(keys.iter().cloned().map(Segment::Key).collect()))
            .collect();
        let inside: Vec<usize> = (0..out.objects.len())
            .filter(|i| out.objects[*i].file.starts_with(&gate.prefix))
            .collect();
        if inside.is_empty() {
            out.objects.push(Object {
                id: ObjectId {
                    group: String::new(),
                    kind: "(subchart)".to_string(),
                    namespace: String::new(),
                    name: gate.name.clone(),
                },
                file: gate.prefix.clone(),
                text: String::new(),
                value: Value::Null,
                pseudo: true,
            });
            out.placed.push(Placed {
                object: out.objects.len() - 1,
                field: String::new(),
                data: Vec::new(),
                control: control.clone(),
            });
        }
        for object in inside {
            out.placed.push(Placed {
                object,
                field: String::new(),
                data: Vec::new(),
                control: control.clone(),
            });
        }
    }
    out
}

/// The objects and placed origins of the engine's files.
fn placed(rendered: &Rendered) -> Manifests {
    let mut out = Manifests::default();
    let empty = Paths::new();
    let paths = rendered.paths.as_ref().unwrap_or(&empty);
    let mut cache: HashMap<u32, ValuePath> = HashMap::new();
    let limits = Limits::default();
    for (file, (text, masks)) in &rendered.files {
        if file.ends_with("NOTES.txt") || text.trim().is_empty() {
            continue;
        }
        let Ok(stream) = crate::yaml::parse(text, &limits) else {
            continue;
        };
        let origins = rendered.origins.get(file).map_or(&[][..], Vec::as_slice);
        // (object index, document index, the root's range)
        let mut docs: Vec<(usize, usize, Range<usize>)> = Vec::new();
        for (i, doc) in stream.documents.iter().enumerate() {
            let Ok(value) = doc.to_json(Typing::Helm, &limits) else {
                continue;
            };
            if !value.is_object() {
                continue;
            }
            let id = object_id(&value, file, i);
            let range = doc.root.range();
            let masked = masked_text(text, range.clone(), masks);
            docs.push((out.objects.len(), i, range));
            out.objects.push(Object {
                id,
                file: file.clone(),
                text: masked,
                value,
                pseudo: false,
            });
        }
        for origin in origins {
            let Some(r) = trimmed(text, origin.start..origin.end) else {
                continue;
            };
            let Some((object, index, _)) = docs
                .iter()
                .find(|(_, _, range)| range.start <= r.start && r.start < range.end)
            else {
                continue;
            };
            let Some(doc) = stream.documents.get(*index) else {
                continue;
            };
            let mut fields = Vec::new();
            descend(&doc.root, &r, &mut Vec::new(), &mut fields);
            let data = to_paths(paths, &origin.data, &mut cache);
            let control = to_paths(paths, &origin.control, &mut cache);
            for field in fields {
                out.placed.push(Placed {
                    object: *object,
                    field: field_text(&field),
                    data: data.clone(),
                    control: control.clone(),
                });
            }
        }
    }
    out
}

/// The value paths of a set of ids.
fn to_paths(paths: &Paths, ids: &[u32], cache: &mut HashMap<u32, ValuePath>) -> Vec<ValuePath> {
    ids.iter()
        .map(|id| {
            cache
                .entry(*id)
                .or_insert_with(|| {
                    let segments = paths
                        .segments(*id)
                        .into_iter()
                        .map(|seg| match seg {
                            Seg::Key(k) => Segment::Key(k),
                            Seg::Index(i) => Segment::Index(i),
                        })
                        .collect();
                    ValuePath::from_segments(segments)
                })
                .clone()
        })
        .collect()
}

/// The range without the white space at its ends; `None` when nothing is left.
fn trimmed(text: &str, r: Range<usize>) -> Option<Range<usize>> {
    let slice = text.get(r.clone())?;
    let start = r.start + (slice.len() - slice.trim_start().len());
    let end = r.end - (slice.len() - slice.trim_end().len());
    (start < end).then_some(start..end)
}

/// The fields of `node` that `r` reaches: the node itself when `r` covers it, else each child
/// `r` overlaps (its key included), else the node.
fn descend(node: &Node, r: &Range<usize>, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let range = node.range();
    if r.start <= range.start && range.end <= r.end {
        out.push(path.clone());
        return;
    }
    let overlaps = |a: &Range<usize>| a.start < r.end && r.start < a.end.max(a.start + 1);
    let before = out.len();
    match node.kind() {
        NodeKind::Mapping { entries, .. } => {
            for entry in entries {
                let key = entry.key.range();
                let value = entry.value.range();
                let span = key.start..value.end.max(key.end);
                if !overlaps(&span) {
                    continue;
                }
                let name = entry.key.scalar_text().unwrap_or("").to_string();
                path.push(Step::Key(name));
                if overlaps(&key) || (r.start <= value.start && value.end <= r.end) {
                    out.push(path.clone());
                } else {
                    descend(&entry.value, r, path, out);
                }
                path.pop();
            }
        }
        NodeKind::Sequence { items, .. } => {
            for (i, item) in items.iter().enumerate() {
                if !overlaps(&item.range()) {
                    continue;
                }
                path.push(item_step(item, i));
                descend(item, r, path, out);
                path.pop();
            }
        }
        _ => {}
    }
    if out.len() == before {
        out.push(path.clone());
    }
}

/// A list item's step: `[name=x]` when it is a mapping with a scalar `name`, else its index.
fn item_step(item: &Node, i: usize) -> Step {
    if let NodeKind::Mapping { entries, .. } = item.kind() {
        for entry in entries {
            if entry.key.scalar_text() == Some("name") {
                if let Some(name) = entry.value.scalar_text() {
                    return Step::Named(name.to_string());
                }
            }
        }
    }
    Step::Index(i)
}

/// A field's path as text.
fn field_text(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Key(k) => {
                let plain = !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
                if plain {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                } else {
                    out.push_str(&format!("[{}]", serde_json::Value::String(k.clone())));
                }
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
            Step::Named(n) => out.push_str(&format!("[name={n}]")),
        }
    }
    out
}

/// The value at a field of an object (`None` when the field text cannot be followed).
pub fn value_at<'v>(object: &'v Value, field: &str) -> Option<&'v Value> {
    let mut at = object;
    let mut rest = field;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            rest = after;
            continue;
        }
        if let Some(after) = rest.strip_prefix("[name=") {
            let end = after.find(']')?;
            let name = &after[..end];
            at = at
                .as_array()?
                .iter()
                .find(|item| item.get("name").and_then(Value::as_str) == Some(name))?;
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix("[\"") {
            // A JSON string key: find its closing quote (escapes honoured).
            let mut end = None;
            let bytes = after.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'\\' => i += 2,
                    b'"' => {
                        end = Some(i);
                        break;
                    }
                    _ => i += 1,
                }
            }
            let end = end?;
            let key: String = serde_json::from_str(&format!("\"{}\"", &after[..end])).ok()?;
            at = at.get(key.as_str())?;
            rest = after.get(end + 2..)?;
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']')?;
            let i: usize = after[..end].parse().ok()?;
            at = at.get(i)?;
            rest = &after[end + 1..];
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            at = at.get(&rest[..end])?;
            rest = &rest[end..];
        }
    }
    Some(at)
}

/// Every scalar under `value` with its field (`field` the value's own).
pub fn leaves<'v>(value: &'v Value, field: &str) -> Vec<(String, &'v Value)> {
    let mut out = Vec::new();
    let mut steps = Vec::new();
    walk_leaves(value, &mut steps, &mut out);
    out.into_iter()
        .map(|(steps, v)| {
            (
                format!("{field}{}", join_steps(field.is_empty(), &steps)),
                v,
            )
        })
        .collect()
}

fn walk_leaves<'v>(value: &'v Value, steps: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, &'v Value)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                steps.push(Step::Key(k.clone()));
                walk_leaves(v, steps, out);
                steps.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let step = match v.get("name").and_then(Value::as_str) {
                    Some(name) => Step::Named(name.to_string()),
                    None => Step::Index(i),
                };
                steps.push(step);
                walk_leaves(v, steps, out);
                steps.pop();
            }
        }
        _ => out.push((steps.clone(), value)),
    }
}

/// Steps appended to a field's text.
fn join_steps(at_root: bool, steps: &[Step]) -> String {
    let text = field_text(steps);
    if at_root || text.is_empty() || text.starts_with('[') {
        text
    } else {
        format!(".{text}")
    }
}

/// Who a document is.
fn object_id(value: &Value, file: &str, index: usize) -> ObjectId {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or("").to_string();
    let api = text(value.get("apiVersion"));
    let group = match api.rsplit_once('/') {
        Some((group, _)) => group.to_string(),
        None => String::new(),
    };
    let metadata = value.get("metadata");
    let mut name = text(metadata.and_then(|m| m.get("name")));
    if name.is_empty() {
        name = format!("{file}#{index}");
    }
    ObjectId {
        group,
        kind: text(value.get("kind")),
        namespace: text(metadata.and_then(|m| m.get("namespace"))),
        name,
    }
}

/// A document's text with each masked span replaced by `<masked: FROM>`.
fn masked_text(text: &str, range: Range<usize>, masks: &[values_migrate_render::Mask]) -> String {
    let mut out = String::new();
    let mut at = range.start;
    for m in masks {
        if m.end <= range.start || m.start >= range.end || m.start < at {
            continue;
        }
        out.push_str(text.get(at..m.start).unwrap_or(""));
        out.push_str(&format!("<masked: {}>", m.from));
        at = m.end.min(range.end);
    }
    out.push_str(text.get(at..range.end).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_follow_named_items_and_quoted_keys() {
        let object = json!({"spec": {"containers": [{"name": "a", "args": ["x", "y"]}]}, "data": {"a.b": "z"}});
        assert_eq!(
            value_at(&object, "spec.containers[name=a].args[1]"),
            Some(&json!("y"))
        );
        assert_eq!(value_at(&object, "data[\"a.b\"]"), Some(&json!("z")));
        assert_eq!(value_at(&object, ""), Some(&object));
    }

    #[test]
    fn a_range_is_placed_at_the_fields_it_reaches() {
        let text = "kind: Deployment\nspec:\n  containers:\n  - name: c\n    image: r:v1\n    args:\n    - --x\n    - debug\n";
        let stream = crate::yaml::parse(text, &Limits::default()).unwrap();
        let root = &stream.documents[0].root;
        let place = |needle: &str| {
            let start = text.find(needle).unwrap();
            let mut out = Vec::new();
            descend(
                root,
                &(start..start + needle.len()),
                &mut Vec::new(),
                &mut out,
            );
            out.iter().map(|f| field_text(f)).collect::<Vec<_>>()
        };
        assert_eq!(place("v1"), vec!["spec.containers[name=c].image"]);
        assert_eq!(place("debug"), vec!["spec.containers[name=c].args[1]"]);
        assert_eq!(
            place("image: r:v1\n    args"),
            vec![
                "spec.containers[name=c].image",
                "spec.containers[name=c].args"
            ]
        );
        assert_eq!(place(text.trim()), vec![""]);
    }
}
