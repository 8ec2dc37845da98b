//! `migrate --propose-with CMD`: runs the proposal writer (the loop itself is the library's,
//! `migrate::propose`), with the brief on its stdin and the proposal read from its stdout.

use crate::exit::EXIT_INVALID;
use crate::migrate::propose::{self, BriefFormat, Step};
use crate::migrate::{MigrateReport, Named, Request};
use clap::{Args, ValueEnum};
use std::io::{Read, Seek};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What the writer reads on its stdin.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Brief {
    /// Plain text.
    Text,
    /// One JSON object (`attempt`, `prompt`, `diagnosis`, `previous`, …).
    Json,
}

/// The writer and its loop.
#[derive(Args)]
pub(super) struct ProposeArgs {
    /// A command that writes the proposal (run by `sh -c`): the brief on its stdin, the proposal on its stdout.
    #[arg(long = "propose-with", value_name = "CMD", conflicts_with = "proposal")]
    pub(super) propose_with: Option<String>,
    /// How many proposals to ask for: each refusal goes back to the writer on the next attempt.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100), requires = "propose_with")]
    attempts: u32,
    /// Seconds the writer may take per attempt; then it is killed, with its process group.
    #[arg(long = "propose-timeout", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..), requires = "propose_with")]
    propose_timeout: u64,
    /// What the writer reads: `text` or `json`.
    #[arg(
        long = "brief-format",
        value_enum,
        default_value = "text",
        requires = "propose_with"
    )]
    brief_format: Brief,
}

/// Runs the loop; `finish` judges the accepted proposal as `migrate --proposal` does, `show`
/// prints a diagnosis that needs no proposal. A writer that fails stops it: nothing is written.
pub(super) fn run(
    args: &ProposeArgs,
    mut request: Request,
    finish: impl FnOnce(&Request) -> i32,
    show: impl FnOnce(&MigrateReport) -> i32,
) -> i32 {
    let Some(command) = args.propose_with.as_deref() else {
        return EXIT_INVALID;
    };
    let format = match args.brief_format {
        Brief::Text => BriefFormat::Text,
        Brief::Json => BriefFormat::Json,
    };
    let attempts = args.attempts as usize;
    let timeout = Duration::from_secs(args.propose_timeout);
    let mut proposals: Vec<Named> = Vec::new();
    loop {
        match propose::step(&request, &proposals, attempts, format) {
            Step::Ask {
                attempt,
                input,
                after,
            } => {
                if let Some(after) = after {
                    eprintln!(
                        "attempt {} of {attempts} {after}; asking again",
                        attempt - 1
                    );
                }
                match write_proposal(command, &input, timeout) {
                    Ok(text) => proposals.push(Named {
                        name: format!("proposal (attempt {attempt})"),
                        text: propose::proposal_text(&text),
                    }),
                    Err(message) => {
                        eprintln!("--propose-with `{command}` (attempt {attempt}): {message}");
                        return EXIT_INVALID;
                    }
                }
            }
            Step::Done {
                proposal: Some(index),
                ..
            } => {
                request.proposal = Some(proposals.swap_remove(index));
                return finish(&request);
            }
            Step::Done { report, .. } => return show(&report),
        }
    }
}

/// Runs `command` once with `input` on its stdin; its stdout, or why there is no proposal.
fn write_proposal(command: &str, input: &str, timeout: Duration) -> Result<String, String> {
    // The brief is a file, not a pipe: the writer's read offset, shared with ours, tells whether
    // it read its stdin (a pipe's buffer would swallow a brief the writer never reads).
    let path = temporary_path();
    std::fs::write(&path, input).map_err(|e| format!("cannot write the brief: {e}"))?;
    let opened = std::fs::File::open(&path);
    let _ = std::fs::remove_file(&path);
    let stdin = opened.map_err(|e| format!("cannot read the brief back: {e}"))?;
    let mut probe = stdin
        .try_clone()
        .map_err(|e| format!("cannot share the brief: {e}"))?;
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(command)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // A group of its own, so that a timeout ends whatever the writer started too.
    #[cfg(unix)]
    shell.process_group(0);
    let mut child = shell.spawn().map_err(|e| format!("cannot run it: {e}"))?;
    let deadline = Instant::now() + timeout;
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                kill_group(child.id());
                let _ = child.wait();
                return Err(format!(
                    "no proposal within {} s: the writer was killed, with its process group",
                    timeout.as_secs()
                ));
            }
        }
    };
    let left = deadline.saturating_duration_since(Instant::now());
    let (Ok(out), Ok(err)) = (stdout.recv_timeout(left), stderr.recv_timeout(left)) else {
        kill_group(child.id());
        return Err("the writer exited, but its stdout stayed open past the timeout".into());
    };
    let err = String::from_utf8_lossy(&err).into_owned();
    judge_exit(status, &out, &err)?;
    let read = probe.stream_position().unwrap_or(0);
    let mut unread = Vec::new();
    let _ = probe.read_to_end(&mut unread);
    if !unread.is_empty() {
        return Err(format!(
            "the writer did not read its stdin (it read {read} of {} bytes of the brief): it never saw the brief",
            input.len()
        ));
    }
    String::from_utf8(out).map_err(|_| "the writer's stdout is not UTF-8".to_string())
}

/// An error for a writer that failed or printed nothing.
fn judge_exit(status: ExitStatus, out: &[u8], err: &str) -> Result<(), String> {
    let stderr = if err.trim().is_empty() {
        String::new()
    } else {
        format!("; its stderr:\n{}", last_lines(err))
    };
    if !status.success() {
        let how = match status.code() {
            Some(code) => format!("exit status {code}"),
            None => "killed by a signal".to_string(),
        };
        return Err(format!("the writer failed ({how}){stderr}"));
    }
    if out.iter().all(u8::is_ascii_whitespace) {
        return Err(format!("the writer printed nothing on stdout{stderr}"));
    }
    Ok(())
}

/// The last lines of a writer's stderr, enough to see why it failed.
fn last_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// Reads a pipe to its end on a thread of its own; the bytes arrive on the channel.
fn drain(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        let _ = send.send(bytes);
    });
    receive
}

/// Kills the process group `id` leads (the writer and whatever it started), by the shell's `kill`.
fn kill_group(id: u32) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -KILL -{id} 2>/dev/null"))
        .status();
}

/// A fresh temporary file path, unique to this process and call.
fn temporary_path() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "values-migrate-brief-{}-{n}.txt",
        std::process::id()
    ))
}
