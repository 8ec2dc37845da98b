//! Charts as Helm ships them: a `values.schema.json`, a chart directory (`helm pull --untar`) or a
//! chart archive (`helm pull`), read into one schema and one set of defaults for a session.
//!
//! The archive is untrusted input (`archive`); the tree is Chart.yaml, its dependencies and
//! `charts/` as Helm's loader reads them (`tree`); `compose` lays every chart's schema at its
//! own values (alias, condition, tags) and coalesces the defaults and `global` as Helm does;
//! `imports` works out what each chart's `import-values` take from its subcharts; the chart tree
//! (`schema::ChartTree`: the charts, their values, gates, imports, drafts) travels beside the
//! composed schema so that the schema layer validates and names violations as Helm does.

pub mod archive;
mod compose;
mod dir;
mod files;
mod imports;
mod included;
mod memory;
mod semver;
mod templates;
mod tree;

pub use compose::{ChartAt, Composed, compose};
pub use dir::Fs;
pub use dir::read_all;
pub use dir::{Entry, Source};
pub use files::Files;
#[cfg(feature = "render")]
pub(crate) use included::included;
pub use memory::InMemory;
#[cfg(feature = "render")]
pub(crate) use semver::matches as semver_matches;
pub use tree::{Chart, Dependency, Import, load};

use serde::Serialize;
use std::fmt;

/// Why a chart could not be read: the archive (or directory) and, when known, the entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartError {
    /// The archive or directory, as named by the caller (`bosun-0.25.1.tgz`).
    pub archive: String,
    /// The entry inside it (`bosun/charts/gate.tgz`), when the problem is one entry.
    pub entry: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl ChartError {
    /// An error about `archive` (and `entry`, when given).
    pub fn new(archive: &str, entry: Option<&str>, message: impl Into<String>) -> ChartError {
        ChartError {
            archive: archive.to_string(),
            entry: entry.map(str::to_string),
            message: message.into(),
        }
    }
}

impl fmt::Display for ChartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.entry {
            Some(entry) => write!(f, "{}: {}: {}", self.archive, entry, self.message),
            None => write!(f, "{}: {}", self.archive, self.message),
        }
    }
}

/// What a `--base`/`--target` input is, told apart by its bytes (or by being a directory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A gzip stream: a chart archive.
    Archive,
    /// Anything else: a `values.schema.json`.
    Schema,
}

/// Tells a chart archive from a schema file by its first bytes.
pub fn kind_of(bytes: &[u8]) -> InputKind {
    if archive::is_gzip(bytes) {
        InputKind::Archive
    } else {
        InputKind::Schema
    }
}

/// The schema and defaults a chart archive's bytes give a session.
pub fn from_archive(name: &str, bytes: &[u8]) -> Result<Composed, ChartError> {
    compose(&load(archive::read(name, bytes)?)?)
}

/// The schema and defaults a chart directory's files give a session, given as `(path inside the
/// chart, bytes)` by a caller that read them (the Node CLI), under Helm's size limits.
pub fn from_files(name: &str, entries: Vec<(String, Vec<u8>)>) -> Result<Composed, ChartError> {
    let mut files = Files::new(name);
    let mut budget = archive::MAX_CHART_SIZE;
    for (path, data) in entries {
        let size = data.len() as u64;
        if size > archive::MAX_FILE_SIZE || size > budget {
            let message = "over Helm's size limits (5 MiB a file, 100 MiB a chart)";
            return Err(ChartError::new(name, Some(&path), message));
        }
        budget -= size;
        files.insert(path, data);
    }
    if let Some(path) = files.duplicate() {
        return Err(ChartError::new(name, Some(path), "a duplicate entry"));
    }
    compose(&load(files)?)
}

/// The schema and defaults the chart directory `path` gives a session, read from `source`.
pub fn from_dir(source: &dyn Source, path: &str) -> Result<Composed, ChartError> {
    compose(&load(dir::read(source, path)?)?)
}

/// A `--base`/`--target` input read: the schema a session compiles, and a chart's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    /// The schema (a chart's composition, or the schema file as given).
    pub schema: crate::migrate::Named,
    /// The chart's defaults (`None` for a schema file, or a chart without values.yaml).
    pub defaults: Option<crate::migrate::Named>,
    /// The chart tree (`None` for a schema file).
    pub chart: Option<crate::schema::ChartTree>,
    /// The root chart's version (empty for a schema file).
    pub version: String,
    /// Every chart's templates (`None` for a schema file).
    pub templates: Option<crate::reads::Templates>,
}

impl Input {
    /// A schema file's text, as given.
    pub fn schema(name: &str, text: String) -> Input {
        let schema = crate::migrate::Named {
            name: name.to_string(),
            text,
        };
        Input {
            schema,
            defaults: None,
            chart: None,
            version: String::new(),
            templates: None,
        }
    }

    /// What a chart archive's bytes (or, not gzip, a schema file's) give a session.
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Input, String> {
        match kind_of(&bytes) {
            InputKind::Archive => Ok(Input::from(from_archive(name, &bytes).map_err(|e| e.to_string())?)),
            InputKind::Schema => String::from_utf8(bytes)
                .map(|text| Input::schema(name, text))
                .map_err(|_| format!("{name}: neither a chart archive (.tgz) nor a values.schema.json (not UTF-8 text)")),
        }
    }

    /// A path as given on a command line: a chart directory, a chart archive or a schema file.
    pub fn from_path(path: &std::path::Path) -> Result<Input, String> {
        Input::read(&dir::Fs, &path.display().to_string())
    }

    /// `path` read from `source`: a chart directory, a chart archive or a schema file.
    pub fn read(source: &dyn Source, path: &str) -> Result<Input, String> {
        if source.entry(path) == Some(Entry::Dir) {
            return from_dir(source, path)
                .map(Input::from)
                .map_err(|e| e.to_string());
        }
        let bytes = source
            .bytes(path)
            .map_err(|e| format!("{path}: cannot read: {e}"))?;
        Input::from_bytes(path, bytes)
    }

    /// A chart directory (it holds Chart.yaml) or a chart archive at `path`; `None` for anything else.
    pub fn chart_at(source: &dyn Source, path: &str) -> Result<Option<Input>, String> {
        let is_chart = match source.entry(path) {
            Some(Entry::Dir) => source.entry(&format!("{path}/Chart.yaml")) == Some(Entry::File),
            Some(Entry::File) => source.bytes(path).is_ok_and(|b| archive::is_gzip(&b)),
            None => false,
        };
        is_chart.then(|| Input::read(source, path)).transpose()
    }
}

impl From<Composed> for Input {
    fn from(composed: Composed) -> Input {
        let schema = crate::migrate::Named {
            name: composed.schema_name,
            text: composed.schema,
        };
        let defaults = composed.defaults.map(|text| crate::migrate::Named {
            name: composed.defaults_name,
            text,
        });
        Input {
            schema,
            defaults,
            chart: Some(composed.tree),
            version: composed.version,
            templates: Some(composed.templates),
        }
    }
}
