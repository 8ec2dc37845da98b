//! A chart directory (`helm pull --untar`) read as the files a chart's values need: Chart.yaml,
//! requirements.yaml, values.yaml, values.schema.json and everything under `templates/` and
//! `charts/`, from a
//! [`Source`] (the file system, or a command line's machine).

use super::archive::{MAX_CHART_SIZE, MAX_FILE_SIZE};
use super::{ChartError, Files};

/// The files the tree needs at a chart's top, besides `charts/`.
const TOP: &[&str] = &[
    "Chart.yaml",
    "requirements.yaml",
    "values.yaml",
    "values.schema.json",
];
/// How deep `charts/` is walked (directories inside directories).
const MAX_DEPTH: usize = 32;

/// What a path holds, links followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A regular file.
    File,
    /// A directory.
    Dir,
}

/// Where a chart directory's files come from; errors are the I/O error alone.
pub trait Source {
    /// What is at `path` (`None`: nothing, or neither a file nor a directory).
    fn entry(&self, path: &str) -> Option<Entry>;
    /// The names in directory `dir`, in any order.
    fn names(&self, dir: &str) -> Result<Vec<String>, String>;
    /// The bytes of `path`.
    fn bytes(&self, path: &str) -> Result<Vec<u8>, String>;
}

/// The file system, through `std`.
pub struct Fs;

impl Source for Fs {
    fn entry(&self, path: &str) -> Option<Entry> {
        let meta = std::fs::metadata(path).ok()?;
        if meta.is_dir() {
            Some(Entry::Dir)
        } else {
            meta.is_file().then_some(Entry::File)
        }
    }

    fn names(&self, dir: &str) -> Result<Vec<String>, String> {
        let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
        Ok(entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect())
    }

    fn bytes(&self, path: &str) -> Result<Vec<u8>, String> {
        std::fs::read(path).map_err(|e| e.to_string())
    }
}

/// `dir/name`, as `Path::join` displays it.
fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() || dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// Reads the chart directory `path` from `source`, under Helm's file and chart size limits.
pub fn read(source: &dyn Source, path: &str) -> Result<Files, ChartError> {
    let mut files = Files::new(path);
    let mut budget = MAX_CHART_SIZE;
    for top in TOP {
        let full = join(path, top);
        if source.entry(&full) == Some(Entry::File) {
            add(
                source,
                &mut files,
                path,
                &full,
                top.to_string(),
                &mut budget,
            )?;
        }
    }
    for inner in ["templates", "charts"] {
        let dir = join(path, inner);
        if source.entry(&dir) == Some(Entry::Dir) {
            let mut walk = Walk {
                source,
                files: &mut files,
                name: path,
                budget: &mut budget,
                keep: &|_, _| true,
            };
            walk.dir(&dir, inner, 0)?;
        }
    }
    Ok(files)
}

/// Reads every file of the chart directory `path` (a render's `.Files` need them all), under
/// Helm's limits, skipping what `keep` refuses (given the path inside the chart and whether it
/// is a directory: a refused directory is skipped whole, as `.helmignore` skips it).
pub fn read_all(
    source: &dyn Source,
    path: &str,
    keep: &dyn Fn(&str, bool) -> bool,
) -> Result<Files, ChartError> {
    let mut files = Files::new(path);
    let mut budget = MAX_CHART_SIZE;
    let mut walk = Walk {
        source,
        files: &mut files,
        name: path,
        budget: &mut budget,
        keep,
    };
    walk.dir(path, "", 0)?;
    Ok(files)
}

/// A walk of `charts/`: where files come from and go, what budget is left, what is kept.
struct Walk<'a> {
    source: &'a dyn Source,
    files: &'a mut Files,
    name: &'a str,
    budget: &'a mut u64,
    keep: &'a dyn Fn(&str, bool) -> bool,
}

impl Walk<'_> {
    /// Adds every file under `dir` (as `prefix/…`), in name order.
    fn dir(&mut self, dir: &str, prefix: &str, depth: usize) -> Result<(), ChartError> {
        if depth > MAX_DEPTH {
            let message = "directories nested too deep";
            return Err(ChartError::new(self.name, Some(prefix), message));
        }
        let mut names = self
            .source
            .names(dir)
            .map_err(|e| ChartError::new(self.name, Some(prefix), format!("cannot read: {e}")))?;
        crate::order::sort(&mut names);
        for file_name in names {
            let path = join(dir, &file_name);
            let relative = if prefix.is_empty() {
                file_name
            } else {
                format!("{prefix}/{file_name}")
            };
            let entry = self.source.entry(&path);
            if !(self.keep)(&relative, entry == Some(Entry::Dir)) {
                continue;
            }
            match entry {
                Some(Entry::Dir) => self.dir(&path, &relative, depth + 1)?,
                Some(Entry::File) => add(
                    self.source,
                    self.files,
                    self.name,
                    &path,
                    relative,
                    self.budget,
                )?,
                None => {}
            }
        }
        Ok(())
    }
}

/// Reads one file under Helm's limits.
fn add(
    source: &dyn Source,
    files: &mut Files,
    name: &str,
    path: &str,
    relative: String,
    budget: &mut u64,
) -> Result<(), ChartError> {
    let data = source
        .bytes(path)
        .map_err(|e| ChartError::new(name, Some(&relative), format!("cannot read: {e}")))?;
    let size = data.len() as u64;
    if size > MAX_FILE_SIZE {
        let message = format!("chart file is larger than the maximum file size {MAX_FILE_SIZE}");
        return Err(ChartError::new(name, Some(&relative), message));
    }
    if size > *budget {
        let message = format!("chart is larger than the maximum size {MAX_CHART_SIZE}");
        return Err(ChartError::new(name, Some(&relative), message));
    }
    *budget -= size;
    files.insert(relative, data);
    Ok(())
}
