//! Values migration as a plan (ADR 13), as stages that each run once and hand a typed value
//! forward: read → locate → diagnose → judge → write → report. A [`Session`] keeps the
//! compiled schemas between calls.

pub mod answers;
pub mod behaviour;
pub mod brief;
mod charts;
pub mod comment;
mod compiled;
pub mod draft;
mod facts;
mod held;
pub mod home;
mod judge;
mod keyed;
pub mod locate;
mod located;
mod merged;
pub mod outcome;
mod parsed;
pub mod plan;
pub mod propose;
mod read;
mod refusals;
pub mod render;
pub mod renders;
pub mod request;
pub mod residual;
pub mod session;
mod stages;
// What the charts' templates say of a bump: with feature `templates`, the analysis; without it, a
// session holds no templates that render, and they say nothing.
#[cfg_attr(not(feature = "templates"), path = "unread_none.rs")]
mod unread;
pub mod validate;
mod write;

pub use draft::{Draft, draft};
pub(crate) use held::values_at;
pub(crate) use merged::located as located_values;
pub use outcome::{
    ChartFinding, ChartFindings, KeptComment, MigrateReport, NotCarried, Op, Refusal, RefusalKind,
    SetSource, Status,
};
pub use renders::Renders;
pub use request::{
    BumpTemplates, ChartSpec, Named, Request, SchemaRef, SessionSpec, SourceFile, ValidateRequest,
};
pub use session::{Inputs, Session};
pub use validate::{ChartNamed, LocatedViolation, ValidateReport};

/// Diagnoses the old values against both schemas, without a proposal (a session of its own).
pub fn diagnose(request: &Request) -> MigrateReport {
    session::one_shot(request, false, None)
}

/// `diagnose`, with both charts' renders as the judge's evidence (docs/behaviour.md).
pub fn diagnose_rendered(request: &Request, renders: &dyn Renders) -> MigrateReport {
    session::one_shot(request, false, Some(renders))
}

/// Judges the proposal, derives the plan, applies it to the original text and verifies the result
/// (a session of its own).
pub fn migrate(request: &Request) -> MigrateReport {
    session::one_shot(request, true, None)
}

/// `migrate`, with both charts' renders as the judge's evidence (docs/behaviour.md).
pub fn migrate_rendered(request: &Request, renders: &dyn Renders) -> MigrateReport {
    session::one_shot(request, true, Some(renders))
}

#[cfg(test)]
mod tests;

/// Validates every file of a request against its chart, compiled once for all of them, as Helm
/// does; a chart that cannot be read makes the report unreadable, naming why.
pub fn validate(request: &ValidateRequest) -> ValidateReport {
    match Session::of_chart(&request.chart) {
        Ok(session) => ValidateReport::merge(
            (request.files.iter()).map(|f| session.validate(f, request.prefix.as_deref())),
        ),
        Err(errors) => ValidateReport::unreadable(errors),
    }
}
