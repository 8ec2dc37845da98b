//! What a render returns, the object `values-migrate render --format json` prints and the JS
//! `render` returns: every rendered file, the masked spans, the refusals and the error.

use serde::Serialize;

use super::{Failure, Outcome};

/// What `render` returns, the object `values-migrate render --format json` prints: every
/// rendered file, the masked spans, the refusals and the error.
#[derive(Serialize, Default)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct RenderResult {
    /// Every rendered file's text by Helm's name for it (`chart/templates/x.yaml`), in name order;
    /// empty files and `NOTES.txt` included, as Helm's engine returns them.
    #[cfg_attr(
        feature = "types",
        ts(type = "Record<string, string>"),
        schemars(with = "std::collections::HashMap<String, String>")
    )]
    pub files: serde_json::Map<String, serde_json::Value>,
    /// The spans of a random or clock function's output (and what was made of it), which differ
    /// from Helm's run to run.
    pub masked: Vec<RenderMasked>,
    /// The templates this renderer refused (a function or case it does not implement).
    pub refused: Vec<RenderRefused>,
    /// Why the render failed (Helm's words); `null` when it did not.
    pub error: Option<RenderError>,
}

/// A masked span of a rendered file.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct RenderMasked {
    /// The file's name (a key of `files`).
    pub file: String,
    /// The span's first byte (a byte offset into the file's UTF-8 text).
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The function it came from (`randAlphaNum`, `now`, …).
    pub from: String,
}

/// A template this renderer refused, and where.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct RenderRefused {
    /// The template file (`chart/templates/x.yaml`).
    pub file: String,
    /// The 1-based line (0 when there is no place).
    pub line: usize,
    /// Go's column: the 0-based byte offset in the line.
    pub column: usize,
    /// What is not implemented.
    pub message: String,
}

/// Why a render failed.
#[derive(Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub struct RenderError {
    /// Helm's message (a `required`/`fail`, an execution error, the schema's refusal), or why
    /// the chart or a values file could not be read.
    pub message: String,
}

impl RenderResult {
    /// The result of a render as the CLI's `--format json` prints it; a chart or values file
    /// that cannot be read, or Helm's refusal before rendering, is the error.
    pub fn of(render: Result<Outcome, Failure>) -> RenderResult {
        use Failure;
        let outcome = match render {
            Ok(outcome) => outcome,
            Err(Failure::Invalid(message) | Failure::Helm(message)) => {
                return RenderResult {
                    error: Some(RenderError { message }),
                    ..RenderResult::default()
                };
            }
        };
        // The stream is printed only when nothing failed or was refused; a head it cannot read
        // is then the error (as `helm template` fails on it).
        let stream_error = match (&outcome.rendered.error, outcome.rendered.refused.is_empty()) {
            (None, true) => outcome.stream().err(),
            _ => None,
        };
        let rendered = outcome.rendered;
        let mut masked = Vec::new();
        let mut files = serde_json::Map::new();
        // In the engine's order, which is the names' (the map keeps the order it is given).
        for (name, (text, masks)) in rendered.files {
            masked.extend(masks.into_iter().map(|m| RenderMasked {
                file: name.clone(),
                start: m.start,
                end: m.end,
                from: m.from.to_string(),
            }));
            files.insert(name, serde_json::Value::String(text));
        }
        let refused = (rendered.refused.into_iter())
            .map(|r| RenderRefused {
                file: r.file,
                line: r.line,
                column: r.column,
                message: r.message,
            })
            .collect();
        let error = (rendered.error.map(|e| e.to_string()))
            .or(stream_error)
            .map(|message| RenderError { message });
        RenderResult {
            files,
            masked,
            refused,
            error,
        }
    }
}
