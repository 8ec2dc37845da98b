//! A fleet run: one unit of work per repository checkout (its values files found by a glob),
//! one result per repository and a summary by status.

use crate::migrate::Status;
use serde::Serialize;

/// What one values file of a repository came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FileOutcome {
    /// The file, relative to the repository.
    pub path: String,
    /// Its status.
    pub status: Status,
    /// The full result (a replay or a chain report).
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub result: serde_json::Value,
}

/// What one repository came to: the worst status of its files.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct RepoOutcome {
    /// The repository directory, as given.
    pub repo: String,
    /// The worst status of its files (`invalid` when no file matches).
    pub status: Status,
    /// Why the repository could not be run, or `null`.
    pub error: Option<String>,
    /// Each matched file, in path order.
    pub files: Vec<FileOutcome>,
}

/// How many repositories ended in each status.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Repositories with ops applied and verified.
    pub planned: usize,
    /// Repositories with nothing to do.
    pub unchanged: usize,
    /// Repositories a refusal stopped.
    pub refused: usize,
    /// Repositories where a person must decide.
    pub escalated: usize,
    /// Repositories whose inputs could not be read.
    pub invalid: usize,
}

/// What a fleet run returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FleetReport {
    /// One result per repository, in the order given.
    pub repositories: Vec<RepoOutcome>,
    /// The counts by status.
    pub summary: Summary,
}

impl FleetReport {
    /// The summary as a table.
    pub fn table(&self) -> String {
        let s = &self.summary;
        let mut out = String::from("| status | repositories |\n| --- | ---: |\n");
        for (name, n) in [
            ("planned", s.planned),
            ("unchanged", s.unchanged),
            ("refused", s.refused),
            ("escalated", s.escalated),
            ("invalid", s.invalid),
        ] {
            out.push_str(&format!("| {name} | {n} |\n"));
        }
        out.push_str(&format!("| total | {} |\n", self.repositories.len()));
        out
    }
}

/// The fleet's report: the repositories, counted by status.
pub fn report(repositories: Vec<RepoOutcome>) -> FleetReport {
    let mut summary = Summary::default();
    for repo in &repositories {
        *match repo.status {
            Status::Planned => &mut summary.planned,
            Status::Unchanged | Status::NeedsProposal => &mut summary.unchanged,
            Status::Refused => &mut summary.refused,
            Status::Escalated => &mut summary.escalated,
            Status::Invalid => &mut summary.invalid,
        } += 1;
    }
    FleetReport {
        repositories,
        summary,
    }
}

/// One repository's outcome: its files' worst status, or `invalid` with why it could not run.
pub fn repo_outcome(repo: String, files: Result<Vec<FileOutcome>, String>) -> RepoOutcome {
    match files {
        Err(error) => RepoOutcome {
            repo,
            status: Status::Invalid,
            error: Some(error),
            files: Vec::new(),
        },
        Ok(files) => {
            let status = files
                .iter()
                .map(|f| f.status)
                .max_by_key(|s| severity(*s))
                .unwrap_or(Status::Unchanged);
            RepoOutcome {
                repo,
                status,
                error: None,
                files,
            }
        }
    }
}

/// How bad a status is, for the repository's worst.
fn severity(status: Status) -> u8 {
    match status {
        Status::Unchanged | Status::NeedsProposal => 0,
        Status::Planned => 1,
        Status::Escalated => 2,
        Status::Refused => 3,
        Status::Invalid => 4,
    }
}

/// Whether `path` (relative, `/`-separated) matches `glob` (`*`, `?`, and `**` for any number
/// of directories).
pub fn matches(glob: &str, path: &str) -> bool {
    let pattern: Vec<&str> = glob.split('/').filter(|s| !s.is_empty()).collect();
    let parts: Vec<&str> = path.split('/').collect();
    matches_parts(&pattern, &parts)
}

/// Whether path `parts` match glob `pattern` parts (`**` is any number of directories).
fn matches_parts(pattern: &[&str], parts: &[&str]) -> bool {
    match pattern.split_first() {
        None => parts.is_empty(),
        Some((&"**", rest)) => (0..=parts.len()).any(|skip| matches_parts(rest, &parts[skip..])),
        Some((first, rest)) => parts.split_first().is_some_and(|(part, others)| {
            matches_segment(first.as_bytes(), part.as_bytes()) && matches_parts(rest, others)
        }),
    }
}

/// Whether one path segment matches a pattern with `*` and `?`.
fn matches_segment(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|skip| matches_segment(rest, &text[skip..])),
        Some((b'?', rest)) => !text.is_empty() && matches_segment(rest, &text[1..]),
        Some((c, rest)) => text.first() == Some(c) && matches_segment(rest, &text[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn matches_globs_with_double_stars() {
        assert!(matches("deploy/**/values*.yaml", "deploy/values.yaml"));
        assert!(matches(
            "deploy/**/values*.yaml",
            "deploy/prod/eu/values-prod.yaml"
        ));
        assert!(!matches("deploy/**/values*.yaml", "deploy/prod/other.yaml"));
        assert!(!matches("deploy/*.yaml", "deploy/prod/values.yaml"));
        assert!(matches("?alues.yaml", "values.yaml"));
        assert!(matches("**", "a/b/c"));
    }
}
