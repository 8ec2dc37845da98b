//! The native machine's proposal writer: `sh -c CMD` in a process group of its own, the brief as a
//! file on its stdin, its output drained on threads, the group killed past the timeout.

use super::proposed::Proposed;
use std::io::{Read, Seek};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Runs `command` once with `input` on its stdin, for `timeout` at most.
pub(super) fn run(command: &str, input: &str, timeout: Duration) -> Result<Proposed, String> {
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
                return Ok(Proposed {
                    timed_out: true,
                    ..Proposed::default()
                });
            }
        }
    };
    let left = deadline.saturating_duration_since(Instant::now());
    let (Ok(out), Ok(err)) = (stdout.recv_timeout(left), stderr.recv_timeout(left)) else {
        kill_group(child.id());
        return Err("the writer exited, but its stdout stayed open past the timeout".into());
    };
    let _ = probe.stream_position();
    let mut unread = Vec::new();
    let _ = probe.read_to_end(&mut unread);
    Ok(Proposed {
        status: status.code(),
        stdout: out,
        stderr: String::from_utf8_lossy(&err).into_owned(),
        timed_out: false,
        unread: unread.len(),
    })
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
