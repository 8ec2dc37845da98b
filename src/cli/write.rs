//! Writing a file atomically: a temporary file in the same directory, then a rename.

use std::path::Path;

/// Replaces `path` with `text` so that a reader sees the old file or the new one, never a part.
pub fn atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.values-migrate.{}.tmp", std::process::id()));
    let result = (|| {
        std::fs::write(&temp, text)?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("{}: cannot write: {e}", path.display())
    })
}
