//! The bump's behaviour on a `migrate` or `diagnose` report (docs/behaviour.md): when both
//! `--base` and `--target` are charts, the three renders, the verdicts and the manifest diff are
//! added to the report, its comment, its brief; the text output shows them.

use super::Run;
use super::args::SpecArgs;
use crate::migrate::behaviour::{brief_section, comment_section, text_section};
use crate::migrate::{MigrateReport, Request};

impl Run<'_> {
    /// The two chart paths, when both were given as charts (not bare schemas).
    pub(super) fn charts_of(spec: &SpecArgs, request: &Request) -> Option<(String, String)> {
        let charts = request.spec.charts.as_ref()?;
        (!charts.base.is_empty() && !charts.target.is_empty())
            .then(|| (spec.base.clone(), spec.target.clone()))
    }

    /// Renders both charts and adds what the bump does to the manifests to the report.
    pub(super) fn add_behaviour(&self, request: &Request, report: &mut MigrateReport) {
        let Some((base, target)) = &self.charts else {
            return;
        };
        let source = super::chart::source(self.host);
        let charts = crate::behaviour::Charts {
            source: &source,
            base,
            target,
        };
        let files: Vec<(String, String)> = request
            .files
            .iter()
            .map(|f| (f.path.clone(), f.text.clone()))
            .collect();
        let Some(behaviour) = crate::behaviour::judge(report, &files, request.spec.typing, &charts)
        else {
            return;
        };
        report.comment.push_str(&comment_section(&behaviour));
        if let (Some(brief), Some(more)) = (report.brief.as_mut(), brief_section(&behaviour)) {
            brief.push_str(&more);
        }
        report.behaviour = Some(behaviour);
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
