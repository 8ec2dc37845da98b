//! The bump's behaviour on a `migrate` or `diagnose` report (docs/behaviour.md): when both
//! `--base` and `--target` are charts, the three renders, the verdicts and the manifest diff are
//! added to the report, its comment, its brief; the text output shows them.

use super::Run;
use super::args::SpecArgs;
use crate::behaviour::Renders;
use crate::migrate::behaviour::text_section;
use crate::migrate::{MigrateReport, Request};

impl Run<'_> {
    /// The two chart paths, when both were given as charts (not bare schemas).
    pub(super) fn charts_of(spec: &SpecArgs, request: &Request) -> Option<(String, String)> {
        let spec_ = &request.spec;
        (spec_.base_chart.is_some() && spec_.target_chart.is_some())
            .then(|| (spec.base.clone(), spec.target.clone()))
    }

    /// `diagnose` or `migrate` (`with_proposal`), with both charts' renders as the judge's
    /// evidence when both are charts, and what the bump does to the manifests added.
    pub(super) fn judged(&self, request: &Request, with_proposal: bool) -> MigrateReport {
        let source = super::chart::source(self.host);
        let Some((base, target)) = &self.charts else {
            return if with_proposal {
                crate::migrate::migrate(request)
            } else {
                crate::migrate::diagnose(request)
            };
        };
        crate::behaviour::run(request, with_proposal, &Renders::new(&source, base, target))
    }
}

/// The text summary's behaviour lines, when the report has them.
pub(super) fn text(report: &MigrateReport) -> String {
    report
        .behaviour
        .as_ref()
        .map(text_section)
        .unwrap_or_default()
}
