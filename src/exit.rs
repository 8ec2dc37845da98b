//! Exit statuses of the command line, shared by the native CLI and the package's Node CLI.

use crate::manifest::PatchStatus;
use crate::migrate::{Status, ValidateReport};

/// Exit status for an input that could not be read.
pub(crate) const EXIT_INVALID: i32 = 3;
/// Exit status for a usage error.
#[cfg(feature = "cli")]
pub(crate) const EXIT_USAGE: i32 = 64;

/// `migrate` and `diagnose`: 0 planned/unchanged/needs-proposal, 1 refused, 2 escalated, 3 invalid.
pub(crate) fn of_status(status: Status) -> i32 {
    match status {
        Status::Planned | Status::Unchanged | Status::NeedsProposal => 0,
        Status::Refused => 1,
        Status::Escalated => 2,
        Status::Invalid => EXIT_INVALID,
    }
}

/// `patch`: 0 patched, 2 needs intervention, 3 invalid.
pub(crate) fn of_patch(status: PatchStatus) -> i32 {
    match status {
        PatchStatus::Patched => 0,
        PatchStatus::NeedsIntervention => 2,
        PatchStatus::Invalid => EXIT_INVALID,
    }
}

/// `render`: 0 rendered whole, 1 Helm fails to render it too (its error), 2 this renderer
/// refuses a template or runs out of its budget (named with its place).
pub(crate) fn of_render(rendered: &values_migrate_render::engine::Rendered) -> i32 {
    use values_migrate_render::error::ErrorKind;
    match &rendered.error {
        Some(error) if error.kind == ErrorKind::Helm => 1,
        Some(_) => 2,
        None if rendered.refused.is_empty() => 0,
        None => 2,
    }
}

/// `validate`: 0 valid, 1 invalid values, 3 unreadable input.
pub(crate) fn of_validate(report: &ValidateReport) -> i32 {
    if !report.errors.is_empty() {
        EXIT_INVALID
    } else if report.valid {
        0
    } else {
        1
    }
}
