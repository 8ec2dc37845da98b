//! Exit statuses: a terminal concept, so they live with the command line.

use crate::manifest::PatchStatus;
use crate::migrate::{Status, ValidateReport};

/// Exit status for an input that could not be read.
pub(super) const EXIT_INVALID: i32 = 3;
/// Exit status for a usage error.
pub(super) const EXIT_USAGE: i32 = 64;

/// `migrate` and `diagnose`: 0 planned/unchanged/needs-proposal, 1 refused, 2 escalated, 3 invalid.
pub(super) fn of_status(status: Status) -> i32 {
    match status {
        Status::Planned | Status::Unchanged | Status::NeedsProposal => 0,
        Status::Refused => 1,
        Status::Escalated => 2,
        Status::Invalid => EXIT_INVALID,
    }
}

/// `patch`: 0 patched, 2 needs intervention, 3 invalid.
pub(super) fn of_patch(status: PatchStatus) -> i32 {
    match status {
        PatchStatus::Patched => 0,
        PatchStatus::NeedsIntervention => 2,
        PatchStatus::Invalid => EXIT_INVALID,
    }
}

/// `validate`: 0 valid, 1 invalid values, 3 unreadable input.
pub(super) fn of_validate(report: &ValidateReport) -> i32 {
    if !report.errors.is_empty() {
        EXIT_INVALID
    } else if report.valid {
        0
    } else {
        1
    }
}
