//! `values-migrate render`: a chart rendered as `helm template` renders it (src/render), printed
//! as Helm's stream (`--format text`) or as one JSON object (`--format json`: every file, the
//! masked spans, the refusals, the error).

use super::Run;
use super::args::{RenderChartArgs, RenderFormat};
use crate::exit;
use crate::render::{Failure, Outcome, Request};
use serde_json::{Value, json};

/// What `helm template` adds to an error met while rendering (it holds a partial release).
const DEBUG: &str = "\n\nUse --debug flag to render out invalid YAML";

impl Run<'_> {
    /// Runs `render`: prints the stream or the JSON object; the exit status by `exit::of_render`.
    pub(super) fn render(&mut self, args: &RenderChartArgs) -> Result<i32, String> {
        let mut values = Vec::new();
        for path in &args.values {
            let named = self.read(path)?;
            values.push((named.name, named.text));
        }
        let request = Request {
            values,
            set: args.set.clone(),
            release: args.release.clone(),
            namespace: args.namespace.clone(),
            provenance: false,
        };
        let source = super::chart::source(self.host);
        let outcome = match crate::render::render(&source, &args.chart, &request) {
            Ok(outcome) => outcome,
            Err(Failure::Invalid(message)) => return Err(message),
            Err(Failure::Helm(message)) => return Ok(self.helm_failed(&message, args.format)),
        };
        Ok(match args.format {
            RenderFormat::Text => self.render_text(&outcome),
            RenderFormat::Json => self.render_json(&outcome),
        })
    }

    /// Helm's refusal before any template ran: `Error: …` on stderr, or the JSON object's error.
    fn helm_failed(&mut self, message: &str, format: RenderFormat) -> i32 {
        match format {
            RenderFormat::Text => self.eprint(&format!("Error: {message}")),
            RenderFormat::Json => self.print_json(&object(json!({}), &[], &[], Some(message))),
        }
        1
    }

    /// The stream on stdout; an error or the refusals on stderr (and no stream).
    fn render_text(&mut self, outcome: &Outcome) -> i32 {
        let rendered = &outcome.rendered;
        if let Some(error) = &rendered.error {
            self.eprint(&format!("Error: {error}{DEBUG}"));
            return exit::of_render(rendered);
        }
        if !rendered.refused.is_empty() {
            for refused in &rendered.refused {
                self.eprint(&format!("refused: {refused}"));
            }
            return exit::of_render(rendered);
        }
        match outcome.stream() {
            Ok(stream) => {
                self.print(&stream);
                0
            }
            Err(message) => {
                self.eprint(&format!("Error: {message}{DEBUG}"));
                1
            }
        }
    }

    /// The JSON object (docs/contract.md's shape for `render`).
    fn render_json(&mut self, outcome: &Outcome) -> i32 {
        let rendered = &outcome.rendered;
        let mut files = serde_json::Map::new();
        let mut masked = Vec::new();
        for (name, (text, masks)) in &rendered.files {
            files.insert(name.clone(), Value::String(text.clone()));
            for m in masks {
                masked.push(json!({"file": name, "start": m.start, "end": m.end, "from": m.from}));
            }
        }
        let refused: Vec<Value> = rendered
            .refused
            .iter()
            .map(|r| json!({"file": r.file, "line": r.line, "column": r.column, "message": r.message}))
            .collect();
        let stream_error = match (&rendered.error, rendered.refused.is_empty()) {
            (None, true) => outcome.stream().err(),
            _ => None,
        };
        let error = rendered
            .error
            .as_ref()
            .map(|e| e.to_string())
            .or(stream_error.clone());
        self.print_json(&object(
            Value::Object(files),
            &masked,
            &refused,
            error.as_deref(),
        ));
        match stream_error {
            Some(_) => 1,
            None => exit::of_render(rendered),
        }
    }
}

/// `{"files", "masked", "refused", "error"}`.
fn object(files: Value, masked: &[Value], refused: &[Value], error: Option<&str>) -> Value {
    json!({
        "files": files,
        "masked": masked,
        "refused": refused,
        "error": error.map(|message| json!({"message": message})),
    })
}
