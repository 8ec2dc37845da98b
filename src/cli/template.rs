//! `values-migrate render`: a chart rendered as `helm template` renders it (src/render), printed
//! as Helm's stream (`--format text`) or as one JSON object (`--format json`: every file, the
//! masked spans, the refusals, the error).

use super::Run;
use super::args::{RenderChartArgs, RenderFormat};
use crate::exit;
use crate::render::{Failure, Outcome, RenderResult, Request};

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
            RenderFormat::Json => self.render_json(outcome),
        })
    }

    /// Helm's refusal before any template ran: `Error: …` on stderr, or the JSON object's error.
    fn helm_failed(&mut self, message: &str, format: RenderFormat) -> i32 {
        match format {
            RenderFormat::Text => self.eprint(&format!("Error: {message}")),
            RenderFormat::Json => {
                self.print_json(&RenderResult::of(Err(Failure::Helm(message.to_string()))))
            }
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

    /// The JSON object (docs/contract.md's shape for `render`: `RenderResult`, as the JS `render`
    /// returns it); a stream head that cannot be read is Helm's error (status 1).
    fn render_json(&mut self, outcome: Outcome) -> i32 {
        let status = exit::of_render(&outcome.rendered);
        let result = RenderResult::of(Ok(outcome));
        self.print_json(&result);
        match (status, &result.error) {
            (0, Some(_)) => 1,
            _ => status,
        }
    }
}
