//! A chart directory (`helm pull --untar`) read as the files a chart's values need: Chart.yaml,
//! requirements.yaml, values.yaml, values.schema.json and everything under `charts/`.

use super::archive::{MAX_CHART_SIZE, MAX_FILE_SIZE};
use super::{ChartError, Files};
use std::path::Path;

/// The files the tree needs at a chart's top, besides `charts/`.
const TOP: &[&str] = &[
    "Chart.yaml",
    "requirements.yaml",
    "values.yaml",
    "values.schema.json",
];
/// How deep `charts/` is walked (directories inside directories).
const MAX_DEPTH: usize = 32;

/// Reads the chart directory at `path`, under Helm's file and chart size limits.
pub fn read(path: &Path) -> Result<Files, ChartError> {
    let name = path.display().to_string();
    let mut files = Files::new(&name);
    let mut budget = MAX_CHART_SIZE;
    for top in TOP {
        let full = path.join(top);
        if full.is_file() {
            add(&mut files, &name, &full, top.to_string(), &mut budget)?;
        }
    }
    let charts = path.join("charts");
    if charts.is_dir() {
        walk(&mut files, &name, &charts, "charts", 0, &mut budget)?;
    }
    Ok(files)
}

/// Adds every file under `dir` (as `prefix/…`), in name order.
fn walk(
    files: &mut Files,
    name: &str,
    dir: &Path,
    prefix: &str,
    depth: usize,
    budget: &mut u64,
) -> Result<(), ChartError> {
    if depth > MAX_DEPTH {
        return Err(ChartError::new(
            name,
            Some(prefix),
            "directories nested too deep",
        ));
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| ChartError::new(name, Some(prefix), format!("cannot read: {e}")))?;
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    crate::order::sort(&mut paths);
    for path in paths {
        let Some(file_name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        let relative = format!("{prefix}/{file_name}");
        if path.is_dir() {
            walk(files, name, &path, &relative, depth + 1, budget)?;
        } else if path.is_file() {
            add(files, name, &path, relative, budget)?;
        }
    }
    Ok(())
}

/// Reads one file under Helm's limits.
fn add(
    files: &mut Files,
    name: &str,
    path: &Path,
    relative: String,
    budget: &mut u64,
) -> Result<(), ChartError> {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > MAX_FILE_SIZE {
        let message = format!("chart file is larger than the maximum file size {MAX_FILE_SIZE}");
        return Err(ChartError::new(name, Some(&relative), message));
    }
    if size > *budget {
        let message = format!("chart is larger than the maximum size {MAX_CHART_SIZE}");
        return Err(ChartError::new(name, Some(&relative), message));
    }
    *budget -= size;
    let data = std::fs::read(path)
        .map_err(|e| ChartError::new(name, Some(&relative), format!("cannot read: {e}")))?;
    files.insert(relative, data);
    Ok(())
}
