//! Start a proposal: the values at the prefix written as YAML, each displaced key marked by two
//! comment lines saying why the target rejects it and what the target declares next to it.

use serde::Serialize;
use serde_json::Value;

use super::outcome::MigrateReport;
use super::session::{Inputs, Session};
use crate::path::{Segment, ValuePath};
use crate::schema::{Change, ChangeKind, Displaced, DisplacedBy};
use crate::splice::render::{render_key, render_scalar};
use crate::yaml::{DecodeOptions, Typing, decode};

/// A started proposal: the diagnosis it comes from, and its text (`null` when the values were not located).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    /// What `diagnose` says of the inputs.
    pub diagnosis: MigrateReport,
    /// The proposal to start from, or `null` when the diagnosis located no values.
    pub text: Option<String>,
}

/// Diagnoses the request and starts its proposal (a session of its own).
pub fn draft(request: &super::Request) -> Draft {
    match Session::of_request(request) {
        Ok(session) => session.draft(&request.inputs()),
        Err(_) => Draft {
            diagnosis: super::diagnose(request),
            text: None,
        },
    }
}

impl Session {
    /// Diagnoses the inputs and writes the values at the prefix as the proposal to start from.
    pub fn draft(&self, inputs: &Inputs<'_>) -> Draft {
        let diagnosis = self.diagnose(inputs);
        let text = located_values(&diagnosis, inputs, self.typing()).map(|values| {
            write(
                &values,
                &diagnosis.displaced,
                &diagnosis.changelog,
                self.typing(),
            )
        });
        Draft { diagnosis, text }
    }
}

/// The values the diagnosis located (the document of its file, at its prefix).
fn located_values(diagnosis: &MigrateReport, inputs: &Inputs<'_>, typing: Typing) -> Option<Value> {
    let prefix = ValuePath::parse(diagnosis.prefix.as_deref()?).ok()?;
    let name = diagnosis.values_file.as_deref()?;
    let file = inputs.files.iter().find(|f| f.path == name)?;
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let documents = decode(&file.text, &options).ok()?;
    Some(
        super::located_values(diagnosis, &documents, &prefix, typing)
            .map(|values| values.into_owned())
            .unwrap_or(Value::Object(Default::default())),
    )
}

/// `values` as block YAML, with two comment lines above each displaced key.
pub fn write(
    values: &Value,
    displaced: &[Displaced],
    changelog: &[Change],
    typing: Typing,
) -> String {
    let writer = Writer {
        displaced,
        changelog,
        typing,
    };
    let mut out = Vec::new();
    match values {
        Value::Object(map) if !map.is_empty() => {
            writer.emit(values, &mut ValuePath::root(), 0, &mut out)
        }
        Value::Null => out.push("{}".to_string()),
        other => out.push(render_scalar(other, typing)),
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

struct Writer<'a> {
    displaced: &'a [Displaced],
    changelog: &'a [Change],
    typing: Typing,
}

fn non_empty(value: &Value) -> bool {
    match value {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    }
}

impl Writer<'_> {
    /// Writes a non-empty mapping or list at `path`, `indent` spaces in.
    fn emit(&self, value: &Value, path: &mut ValuePath, indent: usize, out: &mut Vec<String>) {
        let pad = " ".repeat(indent);
        match value {
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    path.push(Segment::Index(index));
                    self.note(path, &pad, out);
                    self.item(item, path, indent, out);
                    path.pop();
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    path.push(Segment::Key(key.clone()));
                    self.note(path, &pad, out);
                    let key = render_key(key, self.typing);
                    if non_empty(item) {
                        out.push(format!("{pad}{key}:"));
                        let step = if item.is_array() { 0 } else { 2 };
                        self.emit(item, path, indent + step, out);
                    } else {
                        out.push(format!("{pad}{key}: {}", render_scalar(item, self.typing)));
                    }
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// One list item: `- ` and a scalar, or `- ` and the first line of a nested mapping.
    fn item(&self, item: &Value, path: &mut ValuePath, indent: usize, out: &mut Vec<String>) {
        let pad = " ".repeat(indent);
        if !non_empty(item) {
            out.push(format!("{pad}- {}", render_scalar(item, self.typing)));
            return;
        }
        let mut inner = Vec::new();
        self.emit(item, path, indent + 2, &mut inner);
        let first = inner[0].trim_start();
        // A mapping's first key goes on the dash's line, unless a comment stands above it.
        if item.is_object() && !first.starts_with('#') {
            out.push(format!("{pad}- {first}"));
            out.extend(inner.drain(1..));
        } else {
            out.push(format!("{pad}-"));
            out.append(&mut inner);
        }
    }

    /// The two comment lines above a displaced key.
    fn note(&self, path: &ValuePath, pad: &str, out: &mut Vec<String>) {
        let Some(d) = self.displaced.iter().find(|d| &d.path == path) else {
            return;
        };
        let parent = path.parent().unwrap_or_else(ValuePath::root);
        let next = added_next_to(self.changelog, &parent);
        let place = if parent.is_root() {
            "at the root".to_string()
        } else {
            format!("under {parent}")
        };
        let verb = match d.by {
            DisplacedBy::Schema => "rejects",
            DisplacedBy::Templates => "ignores",
            DisplacedBy::Chart => "refuses",
        };
        out.push(format!(
            "{pad}# values-migrate: the target {verb} {}: {}",
            d.path, d.reason
        ));
        out.push(if next.is_empty() {
            format!(
                "{pad}# values-migrate: the target declares nothing new next to it ({place}); move the value or leave it out"
            )
        } else {
            format!(
                "{pad}# values-migrate: next to it ({place}) the target declares: {}",
                next.join(", ")
            )
        });
    }
}

/// The changelog's added (or newly required) keys whose parent is `parent`, in changelog order.
fn added_next_to(changelog: &[Change], parent: &ValuePath) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for change in changelog {
        let required = match change.kind {
            ChangeKind::Added { .. } => false,
            ChangeKind::NewlyRequired => true,
            _ => continue,
        };
        let Some(shape) = shape_segments(&change.path) else {
            continue;
        };
        let Some((name, above)) = shape.split_last() else {
            continue;
        };
        if above.len() != parent.len() || !above.iter().zip(parent.segments()).all(matches) {
            continue;
        }
        let name = match name {
            Segment::Key(key) => key.clone(),
            Segment::Index(index) => index.to_string(),
        };
        let label = format!("{name} (now required)");
        if required {
            names.retain(|n| n != &name);
        }
        if !names.contains(&name) && !names.contains(&label) {
            names.push(if required { label } else { name });
        }
    }
    names
}

/// A changelog shape path (`<name>` for any key of a map, `*` for a pattern, `[*]` for list items) as segments.
fn shape_segments(shape: &str) -> Option<Vec<Segment>> {
    let text = match shape.strip_prefix("[*]") {
        Some(rest) => format!("*{}", rest.replace("[*]", ".*")),
        None => shape.replace("[*]", ".*"),
    };
    ValuePath::parse(&text).ok().map(|p| p.segments().to_vec())
}

/// Whether a shape segment stands for the concrete one.
fn matches((shape, concrete): (&Segment, &Segment)) -> bool {
    shape == concrete || matches!(shape, Segment::Key(k) if k == "*" || k == "<name>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::{Named, Request, SessionSpec, SourceFile};

    fn bosun() -> Request {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/bosun-0.20.0-to-0.25.1/"
        );
        let read = |name: &str| std::fs::read_to_string(format!("{dir}{name}")).unwrap();
        let named = |name: &str, file: &str| Named {
            name: name.to_string(),
            text: read(file),
        };
        Request {
            files: vec![SourceFile {
                path: "addons.yaml".to_string(),
                text: read("addons.yaml"),
            }],
            proposal: None,
            prefix: None,
            answers: Vec::new(),
            spec: SessionSpec {
                base_schema: named("baseSchema", "base.values.schema.json"),
                target_schema: named("targetSchema", "target.values.schema.json"),
                typing: Typing::Helm,
                ..SessionSpec::default()
            },
        }
    }

    #[test]
    fn the_bosun_draft_marks_each_displaced_key_and_names_what_the_target_declares() {
        let draft = draft(&bosun());
        let text = draft.text.expect("the values are located");
        print!("{text}");
        assert!(text.starts_with("image:\n  repository: ghcr.io/example/bosun\n  tag: "));
        assert!(text.contains(
            "    # values-migrate: next to it (under gate.argocd) the target declares: podPort\n    port: 8083\n"
        ));
        assert!(text.contains("  # values-migrate: the target declares nothing new next to it (under gate); move the value or leave it out\n  mode: sync\n"));
        assert!(text.ends_with("\npodAnnotations:\n  prometheus.io/scrape: \"true\"\n"));
    }

    #[test]
    fn unlocated_values_start_no_proposal() {
        let mut request = bosun();
        request.prefix = Some("nowhere.at.all".to_string());
        let draft = draft(&request);
        assert_eq!(draft.text, None);
        assert_eq!(draft.diagnosis.prefix, None);
    }

    #[test]
    fn list_items_and_empty_collections_are_written_as_block_yaml() {
        let values = serde_json::json!({"a": [{"b": 1, "c": "yes"}, [], "x"], "d": {}, "on": null});
        let text = write(&values, &[], &[], Typing::Helm);
        assert_eq!(
            text,
            "a:\n- b: 1\n  c: \"yes\"\n- []\n- x\nd: {}\n\"on\": null\n"
        );
        let read = decode(&text, &DecodeOptions::default()).unwrap();
        assert_eq!(read, vec![values]);
    }
}
