//! One fuzz case, shared by the cargo-fuzz target (fuzz/, nightly) and the stable proptest
//! (tests/integration/fuzz_property.rs): decode, a forced migrate and a patch on arbitrary text.
//!
//! What must hold: nothing panics; a decode error is located inside the text; a migrate that
//! plans an edit writes text that decodes to the proposal with every other document as before;
//! a migrate that does not plan leaves the file unchanged and says why; a patch either patches
//! or says why, and leaves the file unchanged when it does not patch.

use serde_json::{Map, Value, json};
use values_migrate::manifest::{PatchRequest, PatchStatus, patch};
use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{Named, Request, SourceFile, migrate};
use values_migrate::report::Status;
use values_migrate::yaml::{DecodeOptions, Typing, decode};

/// A schema accepting exactly the mapping structure of `value` (leaves free).
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let properties: Map<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), shape(v))).collect();
            json!({"type": "object", "additionalProperties": false, "properties": properties})
        }
        Value::Array(_) => json!({"type": "array"}),
        _ => json!({}),
    }
}

/// Runs the case on `data`; `Err` says which property failed.
pub fn check(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data).into_owned();
    for typing in [Typing::Helm, Typing::Yaml12] {
        let options = DecodeOptions {
            typing,
            ..DecodeOptions::default()
        };
        if let Err(e) = decode(&text, &options) {
            if e.offset() > text.len() {
                return Err(format!("error offset {} past the text's end", e.offset()));
            }
            e.line_col(&text);
        }
    }
    check_migrate(&text)?;
    check_patch(&text)
}

/// Forces the removal of the first key of the first document, when it is a mapping.
fn check_migrate(text: &str) -> Result<(), String> {
    let Ok(documents) = decode(text, &DecodeOptions::default()) else {
        return Ok(());
    };
    let Some(Value::Object(original)) = documents.first() else {
        return Ok(());
    };
    let Some(first) = original.keys().next().cloned() else {
        return Ok(());
    };
    let mut proposal = original.clone();
    proposal.remove(&first);
    let proposal = Value::Object(proposal);
    let request = Request {
        files: vec![SourceFile {
            path: "values.yaml".into(),
            text: text.to_string(),
        }],
        proposal: Some(Named {
            name: "proposal.json".into(),
            text: proposal.to_string(),
        }),
        prefix: Some(String::new()),
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: Named {
                name: "base.json".into(),
                text: shape(&Value::Object(original.clone())).to_string(),
            },
            target_schema: Named {
                name: "target.json".into(),
                text: shape(&proposal).to_string(),
            },
            defaults: None,
            typing: Typing::Helm,
            schema_refs: Vec::new(),
            base_defaults: None,
            templates: None,
            base_chart: None,
            target_chart: None,
        },
    };
    let report = migrate(&request);
    let after = report.files.first().map_or(text, |f| f.after.as_str());
    match report.status {
        Status::Planned => {
            let decoded = decode(after, &DecodeOptions::default())
                .map_err(|e| format!("planned text does not decode: {}", e.message()))?;
            let values = decoded.first().cloned().unwrap_or_else(|| json!({}));
            let values = if values.is_null() { json!({}) } else { values };
            if values != proposal || decoded.get(1..) != documents.get(1..) {
                return Err(format!(
                    "planned text does not read as asked:\n{after}\n{}",
                    serde_json::to_string(&report.ops).unwrap_or_default()
                ));
            }
            Ok(())
        }
        _ if after != text => Err(format!("{:?} but the file changed", report.status)),
        Status::Refused if report.refusals.iter().all(|r| !r.message.is_empty()) => Ok(()),
        Status::Invalid if !report.errors.is_empty() => Ok(()),
        Status::Unchanged | Status::Refused | Status::Invalid => {
            if report.refusals.is_empty() && report.errors.is_empty() {
                Err(format!("{:?} without a reason", report.status))
            } else {
                Ok(())
            }
        }
        other => Err(format!("unexpected status {other:?}")),
    }
}

/// Patches a replica count in whatever the text holds.
fn check_patch(text: &str) -> Result<(), String> {
    let report = patch(&PatchRequest {
        file: "manifest.yaml".into(),
        text: text.to_string(),
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        namespace: None,
        name: "web".into(),
        container: None,
        field: "spec.replicas".into(),
        from: "2".into(),
        to: "3".into(),
    });
    if report.reason.is_empty() {
        return Err(format!("patch {:?} without a reason", report.status));
    }
    if report.status != PatchStatus::Patched && report.file.after != text {
        return Err("a patch that did not patch changed the file".into());
    }
    Ok(())
}
