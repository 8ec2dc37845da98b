//! A render that failed: Helm's words where Helm fails, this renderer's where it refuses.

use std::fmt;

/// Why a render stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Helm fails here too, with exactly this message.
    Helm,
    /// A feature or a case this port does not render: the render is refused by name.
    Unsupported,
    /// A budget of steps, bytes or depth ran out (a hostile or runaway chart).
    Budget,
}

/// A failed render: the message (Helm's text for `ErrorKind::Helm`) and where it arose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError {
    /// Helm's message, byte for byte, for `ErrorKind::Helm`; the refusal's reason otherwise.
    pub message: String,
    /// The template file (`chart/templates/x.yaml`, or `gotpl` inside `tpl`).
    pub file: String,
    /// The 1-based line (0 when there is no place).
    pub line: usize,
    /// Go's column: the 0-based byte offset in the line, as Go's `ErrorContext` counts it.
    pub column: usize,
    /// Whether Helm fails here too, or the renderer refused.
    pub kind: ErrorKind,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::Helm => f.write_str(&self.message),
            _ => write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            ),
        }
    }
}

impl std::error::Error for RenderError {}
