//! `migrate --propose-with CMD`: the proposal writer run through the machine (the loop itself is
//! the library's, `migrate::propose`), the brief on its stdin, the proposal read from its stdout.

use super::Run;
use super::args::{Brief, ProposeArgs};
use super::proposed::Proposed;
use crate::exit::EXIT_INVALID;
use crate::migrate::propose::{self, BriefFormat, Step};
use crate::migrate::{MigrateReport, Named, Request};

/// What the loop ended with: a proposal to judge as `migrate --proposal` does, a diagnosis to
/// print (no proposal needed or possible), or an exit status (the writer gave no proposal).
pub(super) enum Ended {
    /// The request with the accepted proposal.
    Proposal(Box<Request>),
    /// The diagnosis.
    Diagnosis(Box<MigrateReport>),
    /// Stop with this status (the reason is on stderr).
    Exit(i32),
}

impl Run<'_> {
    /// Runs the loop; a writer that fails stops it (nothing is written).
    pub(super) fn propose(&mut self, args: &ProposeArgs, mut request: Request) -> Ended {
        let Some(command) = args.propose_with.as_deref() else {
            return Ended::Exit(EXIT_INVALID);
        };
        let format = match args.brief_format {
            Brief::Text => BriefFormat::Text,
            Brief::Json => BriefFormat::Json,
        };
        let attempts = args.attempts as usize;
        let mut proposals: Vec<Named> = Vec::new();
        loop {
            match propose::step(&request, &proposals, attempts, format) {
                Step::Ask {
                    attempt,
                    input,
                    after,
                } => {
                    if let Some(after) = after {
                        let n = attempt - 1;
                        self.eprint(&format!("attempt {n} of {attempts} {after}; asking again"));
                    }
                    let ran = self.host.propose(command, &input, args.propose_timeout);
                    match ran.and_then(|ran| proposal(ran, input.len(), args.propose_timeout)) {
                        Ok(text) => proposals.push(Named {
                            name: format!("proposal (attempt {attempt})"),
                            text: propose::proposal_text(&text),
                        }),
                        Err(message) => {
                            self.eprint(&format!(
                                "--propose-with `{command}` (attempt {attempt}): {message}"
                            ));
                            return Ended::Exit(EXIT_INVALID);
                        }
                    }
                }
                Step::Done {
                    proposal: Some(index),
                    ..
                } => {
                    request.proposal = Some(proposals.swap_remove(index));
                    return Ended::Proposal(Box::new(request));
                }
                Step::Done { report, .. } => return Ended::Diagnosis(report),
            }
        }
    }
}

/// The writer's proposal, or why there is none (it failed, printed nothing, never read the brief).
fn proposal(ran: Proposed, brief: usize, timeout: u64) -> Result<String, String> {
    if ran.timed_out {
        return Err(format!(
            "no proposal within {timeout} s: the writer was killed, with its process group"
        ));
    }
    let stderr = if ran.stderr.trim().is_empty() {
        String::new()
    } else {
        format!("; its stderr:\n{}", last_lines(&ran.stderr))
    };
    match ran.status {
        Some(0) => {}
        Some(code) => return Err(format!("the writer failed (exit status {code}){stderr}")),
        None => return Err(format!("the writer failed (killed by a signal){stderr}")),
    }
    if ran.stdout.iter().all(u8::is_ascii_whitespace) {
        return Err(format!("the writer printed nothing on stdout{stderr}"));
    }
    if ran.unread > 0 {
        return Err(format!(
            "the writer did not read its stdin (it read {} of {brief} bytes of the brief): it never saw the brief",
            brief - ran.unread.min(brief)
        ));
    }
    String::from_utf8(ran.stdout).map_err(|_| "the writer's stdout is not UTF-8".to_string())
}

/// The last lines of a writer's stderr, enough to see why it failed.
fn last_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}
