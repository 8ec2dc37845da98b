//! What `replay` prints as text: a replay, a layered replay, a chain, a fleet (both CLIs use it).

use super::chain::ChainReport;
use super::fleet::FleetReport;
use super::layers::LayeredReport;
use super::record::RecordedOp;
use super::replay::ReplayReport;
use crate::migrate::render::text as text_summary;
use crate::migrate::{Op, Status};

/// A replay's summary: the status line, what became of each recorded op, then the pipeline's summary.
pub fn replay_text(r: &ReplayReport) -> String {
    let mut out = String::new();
    for d in &r.schema_drift {
        out.push_str(&format!(
            "schema drift: {} ({} != recorded {})\n",
            d.schema, d.given.sha256, d.recorded.sha256
        ));
    }
    for op in &r.replayed {
        let note = op
            .note
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        out.push_str(&format!("replayed: {}{note}\n", op_text(&op.op)));
    }
    for op in &r.skipped {
        out.push_str(&format!("skipped: {} ({})\n", op_text(&op.op), op.reason));
    }
    let summary = text_summary(&r.report);
    let (status, rest) = summary.split_once('\n').unwrap_or((&summary, ""));
    format!("{status}\n{out}{rest}")
}

/// A layered replay's summary: each layer's ops, then the replay's.
pub fn layered_text(r: &LayeredReport) -> String {
    let mut out = String::new();
    for layer in &r.layers {
        out.push_str(&format!(
            "layer {} (values at `{}`)\n",
            layer.file, layer.prefix
        ));
        for op in &layer.ops {
            out.push_str(&format!("  {}\n", report_op_text(op)));
        }
        for op in &layer.left {
            out.push_str(&format!(
                "  left to a later layer: {}\n",
                report_op_text(op)
            ));
        }
    }
    out + &replay_text(&r.replay)
}

/// A chain's summary: each step's replay (without its own diff), then the combined diffs.
pub fn chain_text(r: &ChainReport) -> String {
    let mut out = format!("status: {}\n", status_name(r.status));
    if let Some(v) = &r.file_version {
        out.push_str(&format!("values at version {v}, target {}\n", r.to));
    }
    if let Some(m) = &r.message {
        out.push_str(&format!("{m}\n"));
    }
    for e in &r.errors {
        out.push_str(&format!("error: {e}\n"));
    }
    for step in &r.steps {
        out.push_str(&format!(
            "\n== step {} -> {} ({}): {}\n",
            step.from,
            step.to,
            step.migration,
            status_name(step.result.report.status)
        ));
        let text = replay_text(&step.result);
        out.push_str(text.split("\n--- a/").next().unwrap_or(""));
    }
    for f in r.files.iter().filter(|f| f.changed) {
        out.push_str(&format!("\n{}", f.diff));
    }
    out
}

/// A fleet's summary: each repository and file with its status (and first reason), then the table.
pub fn fleet_text(report: &FleetReport) -> String {
    let mut out = String::new();
    for repo in &report.repositories {
        out.push_str(&format!("{}: {}\n", repo.repo, status_name(repo.status)));
        if let Some(error) = &repo.error {
            out.push_str(&format!("  {error}\n"));
        }
        for file in &repo.files {
            let why = file.result["refusals"][0]["message"]
                .as_str()
                .or(file.result["errors"][0]["message"].as_str())
                .map(|m| format!(": {m}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "  {}: {}{why}\n",
                file.path,
                status_name(file.status)
            ));
        }
    }
    format!("{out}\n{}\n", report.table())
}

/// A fleet's diffs, every file of every repository in order.
pub fn fleet_diff(report: &FleetReport) -> String {
    let results = report.repositories.iter().flat_map(|r| &r.files);
    let files = results
        .filter_map(|f| f.result["files"].as_array())
        .flatten();
    files.filter_map(|f| f["diff"].as_str()).collect()
}

/// A status as JSON names it (`needs-proposal`).
pub fn status_name(status: Status) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

fn op_text(op: &RecordedOp) -> String {
    match op {
        RecordedOp::Remove { path, .. } => format!("remove {path}"),
        RecordedOp::Rename { from, to, .. } => format!("rename {from} -> {to}"),
        RecordedOp::Set {
            path,
            value,
            source,
        } => format!("set {path} = {value} ({source})"),
    }
}

fn report_op_text(op: &Op) -> String {
    match op {
        Op::Remove { path } => format!("remove {path}"),
        Op::Rename { from, to, .. } => format!("rename {from} -> {to}"),
        Op::Set { path, value, .. } => format!("set {path} = {value}"),
    }
}
