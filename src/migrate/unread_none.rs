//! What the charts' templates say of a bump, in a build without the template analysis (feature
//! `templates` off: the browser's first module). A session of that build holds no templates that
//! render (`Session::with_templates` refuses them), so their static reading displaces, escalates
//! and refuses nothing, and a value the bump keeps is kept by the target schema alone; renders
//! handed in by a caller (`migrate_rendered`) still judge (`facts.rs`).

use super::compiled::Compiled;
use super::plan::Finding;
use crate::path::ValuePath;
use crate::schema::{Displaced, Escalation};
use serde_json::Value;

/// No value is read nowhere by templates the session does not hold.
pub(crate) fn read_nowhere(_: &Compiled, _: &Value, _: &[Displaced]) -> Vec<Displaced> {
    Vec::new()
}

/// No value is `required` by templates the session does not hold.
pub(crate) fn required(_: &Compiled, _: &Value) -> Vec<Escalation> {
    Vec::new()
}

/// No value of the proposal is refused for templates the session does not hold.
pub(crate) fn unread_in_proposal(_: &Compiled, _: &Value, _: &Value) -> Vec<Finding> {
    Vec::new()
}

/// Why a value the bump does not displace stays, for survival's refusal: the target schema
/// declares it, or nothing displaces it.
pub(crate) struct Kept<'s> {
    compiled: &'s Compiled,
}

impl<'s> Kept<'s> {
    /// The target schema's answer for `original`.
    pub(crate) fn new(compiled: &'s Compiled, _: &Value) -> Kept<'s> {
        Kept { compiled }
    }

    /// No template of a session without templates reads `path`.
    pub(crate) fn read_by_template(&self, _: &ValuePath) -> bool {
        false
    }

    /// The words for `path`; `None` when the target schema accepting it is the reason.
    pub(crate) fn why(&self, path: &ValuePath) -> Option<String> {
        (!self.compiled.target_declares(path))
            .then(|| "the target schema does not refuse it".to_string())
    }
}
