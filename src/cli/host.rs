//! What the command layer asks of the machine it runs on: files read and listed, files written,
//! a shell command run. The native CLI answers with `std` ([`Native`]); the package's Node CLI
//! answers from JS (src/wasm_cli.rs), so both run the same layer.

use super::proposed::Proposed;

/// What a path is, links followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// Anything else (a socket, a device).
    Other,
}

/// The machine: every method's error is the I/O error alone, worded as Rust's `std::io` words it
/// (`No such file or directory (os error 2)`); the layer names the path.
pub trait Host: MaybeSync {
    /// The bytes of `path`, links followed.
    fn read(&self, path: &str) -> Result<Vec<u8>, String>;
    /// The names in directory `dir` and what each is (links not followed), in any order.
    fn list(&self, dir: &str) -> Result<Vec<(String, Kind)>, String>;
    /// What `path` is, links followed; `None` when nothing is there.
    fn kind(&self, path: &str) -> Option<Kind>;
    /// `path` with every symbolic link resolved (the file a write must replace).
    fn resolve(&self, path: &str) -> Result<String, String>;
    /// The permission bits of `path`, when it exists.
    fn mode(&self, path: &str) -> Option<u32>;
    /// Creates the new file `path` (refused when it exists) holding `text`, with `mode`.
    fn create(&self, path: &str, text: &str, mode: Option<u32>) -> Result<(), String>;
    /// Renames `from` to `to`, replacing `to` (atomic on one file system).
    fn rename(&self, from: &str, to: &str) -> Result<(), String>;
    /// Removes `path`, quietly.
    fn remove(&self, path: &str);
    /// Runs `line` through `sh -c`: its exit status (`None`: killed by a signal) and its stdout then stderr.
    fn shell(&self, line: &str) -> Result<(Option<i32>, String), String>;
    /// Runs the proposal writer `command` through `sh -c` in a process group of its own, with
    /// `input` on its stdin as a file (so that what it left unread shows), for `timeout` seconds
    /// at most (then the group is killed); an error is why it could not be run, worded in full.
    fn propose(&self, command: &str, input: &str, timeout: u64) -> Result<Proposed, String>;
    /// The directory for temporary files.
    fn temp_dir(&self) -> String;
    /// This process's id (temporary file names).
    fn pid(&self) -> u32;
    /// Whether usage errors and help may be styled (stderr is a terminal).
    fn styled(&self) -> bool;
    /// How many repositories of a fleet may run at once (1: one after another).
    fn jobs(&self, asked: usize) -> usize;
}

/// `Sync` where the layer runs threads (native), nothing in wasm (one thread, JS handles).
#[cfg(not(target_arch = "wasm32"))]
pub trait MaybeSync: Sync {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: Sync + ?Sized> MaybeSync for T {}
/// `Sync` where the layer runs threads (native), nothing in wasm (one thread, JS handles).
#[cfg(target_arch = "wasm32")]
pub trait MaybeSync {}
#[cfg(target_arch = "wasm32")]
impl<T: ?Sized> MaybeSync for T {}

/// `dir/name`, as Rust's `Path::join` displays it.
pub fn joined(dir: &str, name: &str) -> String {
    if dir.ends_with('/') || dir.is_empty() {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The directory part of `path` (`.` for a bare name), as a temporary file's home.
pub fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) => "/",
        Some(at) => &path[..at],
        None => ".",
    }
}

/// The native machine, through `std`.
#[cfg(not(target_arch = "wasm32"))]
pub struct Native;

#[cfg(not(target_arch = "wasm32"))]
impl Host for Native {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        std::fs::read(path).map_err(|e| e.to_string())
    }

    fn list(&self, dir: &str) -> Result<Vec<(String, Kind)>, String> {
        let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
        Ok(entries
            .flatten()
            .filter_map(|entry| {
                let kind = entry.file_type().ok()?;
                Some((
                    entry.file_name().to_string_lossy().into_owned(),
                    kind_of(kind),
                ))
            })
            .collect())
    }

    fn kind(&self, path: &str) -> Option<Kind> {
        std::fs::metadata(path).ok().map(|m| kind_of(m.file_type()))
    }

    fn resolve(&self, path: &str) -> Result<String, String> {
        let real = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
        Ok(real.to_string_lossy().into_owned())
    }

    fn mode(&self, path: &str) -> Option<u32> {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o7777)
    }

    fn create(&self, path: &str, text: &str, mode: Option<u32>) -> Result<(), String> {
        use std::io::Write;
        use std::os::unix::fs::PermissionsExt;
        let result = (|| {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)?;
            file.write_all(text.as_bytes())?;
            if let Some(mode) = mode {
                file.set_permissions(std::fs::Permissions::from_mode(mode))?;
            }
            file.sync_all()
        })();
        result.map_err(|e| e.to_string())
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), String> {
        std::fs::rename(from, to).map_err(|e| e.to_string())
    }

    fn remove(&self, path: &str) {
        let _ = std::fs::remove_file(path);
    }

    fn shell(&self, line: &str) -> Result<(Option<i32>, String), String> {
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(line)
            .output()
            .map_err(|e| e.to_string())?;
        let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stderr));
        Ok((output.status.code(), text))
    }

    fn propose(&self, command: &str, input: &str, timeout: u64) -> Result<Proposed, String> {
        super::writer::run(command, input, std::time::Duration::from_secs(timeout))
    }

    fn temp_dir(&self) -> String {
        std::env::temp_dir().to_string_lossy().into_owned()
    }

    fn pid(&self) -> u32 {
        std::process::id()
    }

    fn styled(&self) -> bool {
        use std::io::IsTerminal;
        std::io::stderr().is_terminal()
    }

    fn jobs(&self, asked: usize) -> usize {
        asked
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn kind_of(kind: std::fs::FileType) -> Kind {
    if kind.is_file() {
        Kind::File
    } else if kind.is_dir() {
        Kind::Dir
    } else {
        Kind::Other
    }
}
