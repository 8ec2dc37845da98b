//! Writes that lose nothing: every file of one command is replaced through a temporary file and a
//! rename, all or none; a link's target is written (the link stays a link), the mode is kept, and a
//! file changed on disk since it was read is refused, not clobbered.

use super::host::{Host, joined, parent};

/// One file to replace.
pub struct Write {
    /// The path as given on the command line (links not resolved).
    pub path: String,
    /// The text read from it, which the file must still hold; `None` for an output file
    /// (`--record`) that is replaced whatever it holds.
    pub before: Option<String>,
    /// The new text.
    pub text: String,
}

/// One write, staged: its temporary file holds the new text, next to the file it replaces.
struct Staged<'a> {
    write: &'a Write,
    target: String,
    temp: String,
    /// What the target held before (`None`: it was not there), put back if a later rename fails.
    prior: Option<Vec<u8>>,
}

/// Replaces every file of `writes`, or none: a failure leaves every file as it was.
pub fn all(host: &dyn Host, writes: &[Write]) -> Result<(), String> {
    let mut staged: Vec<Staged> = Vec::new();
    let result = writes.iter().try_for_each(|write| {
        staged.push(stage(host, write)?);
        Ok(())
    });
    let result = result
        .and_then(|()| staged.iter().try_for_each(|s| unchanged(host, s)))
        .and_then(|()| commit(host, &staged));
    if result.is_err() {
        staged.iter().for_each(|s| host.remove(&s.temp));
    }
    result
}

/// Checks the file, then writes its new text to a temporary file beside its real target.
fn stage<'a>(host: &dyn Host, write: &'a Write) -> Result<Staged<'a>, String> {
    // A link is followed to its file; a file not there yet (an output) is created where named.
    let target = host
        .resolve(&write.path)
        .unwrap_or_else(|_| write.path.clone());
    let staged = Staged {
        write,
        temp: temporary(host, &target),
        prior: host.read(&target).ok(),
        target,
    };
    unchanged(host, &staged)?;
    let mode = host.mode(&staged.target);
    host.create(&staged.temp, &write.text, mode)
        .map_err(|e| format!("{}: cannot write: {e}", write.path))?;
    Ok(staged)
}

/// A refusal when the file no longer holds the text it was read with.
fn unchanged(host: &dyn Host, staged: &Staged) -> Result<(), String> {
    let Some(before) = &staged.write.before else {
        return Ok(());
    };
    match host.read(&staged.target) {
        Ok(now) if now == before.as_bytes() => Ok(()),
        Ok(_) => Err(format!(
            "{}: changed on disk since it was read; nothing was written",
            staged.write.path
        )),
        Err(e) => Err(format!("{}: cannot write: {e}", staged.write.path)),
    }
}

/// Renames every temporary file over its target; a failed rename puts back those already done.
fn commit(host: &dyn Host, staged: &[Staged]) -> Result<(), String> {
    for (done, s) in staged.iter().enumerate() {
        if let Err(e) = host.rename(&s.temp, &s.target) {
            for back in &staged[..done] {
                restore(host, back);
            }
            return Err(format!("{}: cannot write: {e}", s.write.path));
        }
    }
    Ok(())
}

/// Puts a replaced file's old text back, or removes a file that was not there.
fn restore(host: &dyn Host, staged: &Staged) {
    let Some(prior) = &staged.prior else {
        host.remove(&staged.target);
        return;
    };
    let text = String::from_utf8_lossy(prior);
    let mode = host.mode(&staged.target);
    let back = host.create(&staged.temp, &text, mode);
    if back.is_err() || host.rename(&staged.temp, &staged.target).is_err() {
        host.remove(&staged.temp);
    }
}

/// The temporary file beside `target`: hidden, named for it and this process.
fn temporary(host: &dyn Host, target: &str) -> String {
    let name = target.rsplit('/').next().unwrap_or(target);
    joined(
        parent(target),
        &format!(".{name}.values-migrate.{}.tmp", host.pid()),
    )
}
