//! The bump's behaviour on a `migrate` or `diagnose` report (docs/behaviour.md): when both
//! `--base` and `--target` are charts, the three renders, the verdicts and the manifest diff are
//! added to the report, its comment, its brief; the text output shows them.

use super::Run;
use super::args::SpecArgs;
use crate::behaviour::Renders;
use crate::migrate::behaviour::{brief_section, comment_section, text_section};
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
        let renders = Renders::new(&source, base, target);
        let mut report = if with_proposal {
            crate::migrate::migrate_rendered(request, &renders)
        } else {
            crate::migrate::diagnose_rendered(request, &renders)
        };
        add_behaviour(request, &mut report, &renders);
        report
    }
}

/// Adds what the bump does to the manifests to the report, its comment and its brief.
fn add_behaviour(request: &Request, report: &mut MigrateReport, renders: &Renders) {
    let files: Vec<(String, String)> = request
        .files
        .iter()
        .map(|f| (f.path.clone(), f.text.clone()))
        .collect();
    let Some(behaviour) = crate::behaviour::judge(report, &files, request.spec.typing, renders)
    else {
        return;
    };
    report.comment.push_str(&comment_section(&behaviour));
    if let (Some(brief), Some(more)) = (report.brief.as_mut(), brief_section(&behaviour)) {
        brief.push_str(&more);
    }
    report.behaviour = Some(behaviour);
}

/// The text summary's behaviour lines, when the report has them.
pub(super) fn text(report: &MigrateReport) -> String {
    report
        .behaviour
        .as_ref()
        .map(text_section)
        .unwrap_or_default()
}
