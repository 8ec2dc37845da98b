//! Errors as Go builds them (a chain of wrapped errors, each with its text) and as Helm's
//! `reformatExecErrorMsg` prints the one that ends a render.

use crate::error::{ErrorKind, RenderError};

/// Why an execution stopped: a Go error (Helm fails too), or a refusal of this renderer.
#[derive(Debug)]
pub(crate) enum Fail {
    /// An error Go's template engine raises.
    Go(Box<GoError>),
    /// A refusal (unsupported) or a budget that ran out, with its place.
    Refused(Box<RenderError>),
}

/// A place in a template, as Go's `ErrorContext` gives it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Place {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

/// One link of a Go error chain: its own text (the text of the error is this and every inner
/// link's, outermost first) and whether it is a `template.ExecError`.
#[derive(Debug)]
struct Link {
    text: String,
    exec: bool,
    place: Option<Place>,
}

/// A Go error chain, innermost link first (an error grows outward as it is wrapped).
#[derive(Debug)]
pub(crate) struct GoError {
    links: Vec<Link>,
}

/// Helm's `warnWrap` delimiters around a `fail`/`required` message.
pub(crate) const WARN_START: &str = "HELM_ERR_START";
/// The end delimiter of `warnWrap`.
pub(crate) const WARN_END: &str = "HELM_ERR_END";

impl GoError {
    /// A plain Go error (`errors.New`).
    pub(crate) fn plain(text: String) -> GoError {
        GoError {
            links: vec![Link {
                text,
                exec: false,
                place: None,
            }],
        }
    }

    /// An `ExecError` that wraps nothing (`s.errorf` without `%w`).
    pub(crate) fn exec(text: String, place: Place) -> GoError {
        GoError {
            links: vec![Link {
                text,
                exec: true,
                place: Some(place),
            }],
        }
    }

    /// This error wrapped by an `ExecError` whose own text is `prefix` (`errorf("…: %w", err)`).
    pub(crate) fn wrap_exec(mut self, prefix: String, place: Place) -> GoError {
        self.links.push(Link {
            text: prefix,
            exec: true,
            place: Some(place),
        });
        self
    }

    /// This error wrapped by `fmt.Errorf(prefix + "%w")`.
    pub(crate) fn wrap(mut self, prefix: String) -> GoError {
        self.links.push(Link {
            text: prefix,
            exec: false,
            place: None,
        });
        self
    }

    /// Go's `err.Error()`, with the offset where each link's own error text starts.
    fn text(&self) -> (String, Vec<usize>) {
        let mut text = String::new();
        let mut starts = Vec::with_capacity(self.links.len());
        for link in self.links.iter().rev() {
            starts.push(text.len());
            text.push_str(&link.text);
        }
        (text, starts)
    }

    /// The error as Helm's render of `file` reports it (`reformatExecErrorMsg`), with the
    /// outermost place.
    pub(crate) fn into_render_error(self, file: &str) -> RenderError {
        let place = self
            .links
            .iter()
            .rev()
            .find_map(|l| l.place.clone())
            .unwrap_or_default();
        let message = self.helm_message(file);
        RenderError {
            message,
            file: place.file,
            line: place.line,
            column: place.column,
            kind: ErrorKind::Helm,
        }
    }

    /// Helm's `reformatExecErrorMsg`: a `fail`'s message at the outer place, else the chain of
    /// template errors one per paragraph, else Go's text unchanged.
    fn helm_message(&self, file: &str) -> String {
        let (full, starts) = self.text();
        if !self.links.iter().any(|l| l.exec) {
            return full;
        }
        let tokens: Vec<&str> = full.splitn(3, ": ").collect();
        let [_, location, rest] = tokens.as_slice() else {
            return format!("execution error in ({file}): {full}");
        };
        if let Some(warn) = warned(rest) {
            return format!("execution error at ({location}): {warn}");
        }
        let mut traces: Vec<Trace> = Vec::new();
        for start in starts {
            let Some(trace) = full.get(start..).and_then(parse_trace) else {
                return full;
            };
            if traces.last() != Some(&trace) {
                traces.push(trace);
            }
        }
        let out: String = traces.iter().map(Trace::render).collect();
        out.trim().to_string()
    }
}

/// What Helm's `warnRegex` (`HELM_ERR_START((?s).*)HELM_ERR_END`) captures.
fn warned(text: &str) -> Option<&str> {
    let start = text.find(WARN_START)? + WARN_START.len();
    let rest = text.get(start..)?;
    let end = rest.rfind(WARN_END)?;
    rest.get(..end)
}

/// Helm's `TraceableError`.
#[derive(Debug, PartialEq, Eq)]
struct Trace {
    location: String,
    message: String,
    executed: String,
}

impl Trace {
    /// `TraceableError.String()`.
    fn render(&self) -> String {
        let mut out = String::new();
        if !self.location.is_empty() {
            out.push_str(&self.location);
            out.push_str("\n  ");
        }
        if !self.executed.is_empty() {
            out.push_str(&self.executed);
            out.push_str("\n    ");
        }
        if !self.message.is_empty() {
            out.push_str(&self.message);
            out.push('\n');
        }
        out
    }
}

/// Helm's `parseTemplateExecErrorString`.
fn parse_trace(s: &str) -> Option<Trace> {
    let remainder = s.strip_prefix("template: ")?;
    if remainder.starts_with("no template ") {
        return Some(Trace {
            location: String::new(),
            message: s.to_string(),
            executed: String::new(),
        });
    }
    if let Some((name, after)) = remainder.split_once(": executing ") {
        return executing_trace(name, after);
    }
    let sep = remainder.rfind(": ")?;
    let message = cut_template(remainder.get(sep + 2..)?);
    Some(Trace {
        location: remainder.get(..sep)?.to_string(),
        message: message.to_string(),
        executed: String::new(),
    })
}

/// Helm's `parseTemplateExecutingAtErrorType` after `NAME: executing `.
fn executing_trace(name: &str, after: &str) -> Option<Trace> {
    let quoted = after.strip_prefix('"')?;
    let end = quoted.find('"')?;
    let function = quoted.get(..end)?;
    let at = quoted.get(end + 1..)?.strip_prefix(" at <")?;
    let (location, message) = at.split_once(">: ")?;
    Some(Trace {
        location: name.to_string(),
        message: cut_template(message).to_string(),
        executed: format!("executing \"{function}\" at <{location}>:"),
    })
}

/// The message up to a chained ` template:`.
fn cut_template(message: &str) -> &str {
    match message.find(" template:") {
        Some(cut) => message.get(..cut).unwrap_or(message),
        None => message,
    }
}

impl Fail {
    /// A Go error.
    pub(crate) fn go(error: GoError) -> Fail {
        Fail::Go(Box::new(error))
    }

    /// A refusal.
    pub(crate) fn refused(error: RenderError) -> Fail {
        Fail::Refused(Box::new(error))
    }

    /// The error as the render of `file` reports it.
    pub(crate) fn into_render_error(self, file: &str) -> RenderError {
        match self {
            Fail::Go(error) => error.into_render_error(file),
            Fail::Refused(error) => *error,
        }
    }
}
