//! A chart archive (`helm pull`'s `.tgz`) read in memory as untrusted input, with Helm's checks
//! and limits: nothing is written, every entry is bounded, every refusal names archive and entry.

use super::{ChartError, Files};
use flate2::read::GzDecoder;
use std::io::Read;

/// Helm's `MaxDecompressedChartSize` (pkg/chart/loader/archive/archive.go): all files of one chart.
pub const MAX_CHART_SIZE: u64 = 100 * 1024 * 1024;
/// Helm's `MaxDecompressedFileSize`: one file of a chart, decompressed.
pub const MAX_FILE_SIZE: u64 = 5 * 1024 * 1024;
/// The tar stream may exceed the files' bytes by its headers and padding; beyond this, a bomb.
const MAX_TAR_OVERHEAD: u64 = 16 * 1024 * 1024;
/// More entries than any chart holds; a stream of empty entries stops here.
const MAX_ENTRIES: usize = 100_000;

/// Whether `bytes` start as gzip does (Helm's `isGZipApplication`: `1f 8b 08`).
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b, 0x08])
}

/// The files of the chart archive `bytes` (named `name` in errors), the top directory stripped.
pub fn read(name: &str, bytes: &[u8]) -> Result<Files, ChartError> {
    if !is_gzip(bytes) {
        return Err(ChartError::new(
            name,
            None,
            "not a gzipped archive (a chart archive is a .tgz)",
        ));
    }
    let limit = MAX_CHART_SIZE + MAX_TAR_OVERHEAD;
    let stream = GzDecoder::new(bytes).take(limit);
    let mut archive = tar::Archive::new(stream);
    let entries = archive
        .entries()
        .map_err(|e| ChartError::new(name, None, format!("not a tar archive: {e}")))?;
    let mut files = Files::new(name);
    let mut remaining = MAX_CHART_SIZE;
    for (count, entry) in entries.enumerate() {
        if count >= MAX_ENTRIES {
            return Err(ChartError::new(name, None, "more than 100000 entries"));
        }
        let mut entry = entry.map_err(|e| stream_error(name, &e, limit))?;
        let raw = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let Some(path) = entry_path(name, &raw, entry.header().entry_type())? else {
            continue;
        };
        let size = entry.header().size().unwrap_or(u64::MAX);
        check_size(name, &raw, size, remaining)?;
        let mut data = Vec::with_capacity(size as usize);
        (&mut entry)
            .take(size)
            .read_to_end(&mut data)
            .map_err(|e| stream_error(name, &e, limit))?;
        if (data.len() as u64) < size {
            return Err(ChartError::new(
                name,
                Some(&raw),
                "the archive ends inside this entry",
            ));
        }
        remaining -= size;
        let data = data
            .strip_prefix(b"\xEF\xBB\xBF".as_slice())
            .map(<[u8]>::to_vec)
            .unwrap_or(data);
        files.insert(path, data);
    }
    if let Some(path) = files.duplicate() {
        let message = "a duplicate entry (the archive holds this path twice)";
        return Err(ChartError::new(name, Some(path), message));
    }
    if files.is_empty() {
        return Err(ChartError::new(name, None, "no files in chart archive"));
    }
    Ok(files)
}

/// Helm's size checks for one entry: the file limit, then what is left of the chart's.
fn check_size(name: &str, raw: &str, size: u64, remaining: u64) -> Result<(), ChartError> {
    if size > remaining {
        let message =
            format!("decompressed chart is larger than the maximum size {MAX_CHART_SIZE}");
        return Err(ChartError::new(name, Some(raw), message));
    }
    if size > MAX_FILE_SIZE {
        let message =
            format!("decompressed file is larger than the maximum file size {MAX_FILE_SIZE}");
        return Err(ChartError::new(name, Some(raw), message));
    }
    Ok(())
}

/// A read error of the decompressed stream, told apart from a stream cut at the bomb limit.
fn stream_error(name: &str, error: &std::io::Error, limit: u64) -> ChartError {
    ChartError::new(
        name,
        None,
        format!(
            "cannot read the archive (corrupt, or more than {limit} bytes decompressed): {error}"
        ),
    )
}

/// An entry's path inside the chart (Helm's rules), `None` for what Helm skips (directories,
/// pax headers); links and special files are refused.
fn entry_path(name: &str, raw: &str, kind: tar::EntryType) -> Result<Option<String>, ChartError> {
    use tar::EntryType as T;
    let refuse = |message: &str| Err(ChartError::new(name, Some(raw), message));
    match kind {
        T::Directory | T::XGlobalHeader | T::XHeader => return Ok(None),
        T::Regular | T::Continuous => {}
        T::Symlink => return refuse("a symbolic link (refused: a chart archive holds files)"),
        T::Link => return refuse("a hard link (refused: a chart archive holds files)"),
        _ => return refuse("not a regular file (refused: a chart archive holds files)"),
    }
    // An archive made on Windows may use `\`; Helm splits on it then.
    let delimiter = if raw.contains('\\') { '\\' } else { '/' };
    let mut parts = raw.split(delimiter);
    let top = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    if top == "Chart.yaml" {
        return refuse("chart yaml not in base directory");
    }
    let joined = rest.join("/");
    if raw.starts_with(['/', '\\']) || joined.starts_with('/') {
        return refuse("an absolute path (chart illegally contains absolute paths)");
    }
    let Some(clean) = clean(&joined) else {
        return refuse("a path outside the chart (chart illegally references parent directory)");
    };
    if clean.starts_with("..") {
        return refuse("a path outside the chart (chart illegally references parent directory)");
    }
    if clean.is_empty() {
        return refuse("chart illegally contains content outside the base directory");
    }
    let bytes = clean.as_bytes();
    if bytes.len() > 2 && bytes[0].is_ascii_alphabetic() && &bytes[1..3] == b":/" {
        return refuse("chart contains illegally named files (a drive letter)");
    }
    Ok(Some(clean))
}

/// Go's `path.Clean` for a relative path, `None` when it climbs out (`..` first).
fn clean(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            other => out.push(other),
        }
    }
    Some(out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::clean;

    #[test]
    fn clean_is_go_path_clean_for_relative_paths() {
        assert_eq!(clean("a/./b//c").as_deref(), Some("a/b/c"));
        assert_eq!(clean("a/../b").as_deref(), Some("b"));
        assert_eq!(clean("../a"), None);
        assert_eq!(clean("a/../../b"), None);
        assert_eq!(clean("").as_deref(), Some(""));
    }
}
