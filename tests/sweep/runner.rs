//! The sweep's batch runner: one `migrate` per JSON line on stdin, one JSON result line on stdout.
//!
//! Input line: `{"id", "files": [{"path", "text"}], "base", "target", "proposal", "prefix", "typing"}`.
//! Output line: `{"id", "crash": null | "panic message", "report": MigrateReport | null}`.
//! A line `{"id", "decode": "helm" | "yaml-1.2", "text"}` is decoded instead (the typing
//! differential, tests/sweep/typing_diff.py): `{"id", "crash", "report": DecodeResult}`.
//! A panic is caught per case (the dev profile unwinds), so one crash does not end the batch.

use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use values_migrate::decode::decode;
use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{Named, Request, SourceFile, migrate};
use values_migrate::{DecodeOptions, Typing};

/// Builds the library's request from one input line.
fn request(case: &Value) -> Request {
    let text = |key: &str| case[key].as_str().unwrap_or_default().to_string();
    let named = |key: &str| Named {
        name: format!("{key}.json"),
        text: text(key),
    };
    let files = case["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .map(|f| SourceFile {
                    path: f["path"].as_str().unwrap_or("values.yaml").to_string(),
                    text: f["text"].as_str().unwrap_or_default().to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    Request {
        files,
        proposal: Some(named("proposal")),
        prefix: case["prefix"].as_str().map(str::to_string),
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: named("base"),
            target_schema: named("target"),
            defaults: None,
            typing: match case["typing"].as_str() {
                Some("yaml-1.2") => Typing::Yaml12,
                _ => Typing::Helm,
            },
            schema_refs: Vec::new(),
            base_defaults: None,
            templates: None,
            base_chart: None,
            target_chart: None,
        },
    }
}

/// Runs one case, turning a panic into a `crash` message.
fn run(case: &Value) -> Value {
    let outcome = match case["decode"].as_str() {
        Some(typing) => {
            let options = DecodeOptions {
                typing: if typing == "yaml-1.2" {
                    Typing::Yaml12
                } else {
                    Typing::Helm
                },
                ..DecodeOptions::default()
            };
            let text = case["text"].as_str().unwrap_or_default();
            catch_unwind(AssertUnwindSafe(|| {
                json!(decode("in.yaml", text, &options))
            }))
        }
        None => {
            let request = request(case);
            catch_unwind(AssertUnwindSafe(|| json!(migrate(&request))))
        }
    };
    match outcome {
        Ok(report) => json!({"id": case["id"], "crash": null, "report": report}),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".to_string());
            json!({"id": case["id"], "crash": message, "report": null})
        }
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let result = match serde_json::from_str::<Value>(&line) {
            Ok(case) => run(&case),
            Err(e) => json!({"id": null, "crash": format!("bad input line: {e}"), "report": null}),
        };
        let _ = writeln!(out, "{result}");
        let _ = out.flush();
    }
}
