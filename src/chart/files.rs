//! The files of one chart, by path inside it, whether read from an archive or a directory.

/// A chart's files: `(path inside the chart, bytes)`, each path once.
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// The archive or directory they come from, as errors name it.
    pub name: String,
    entries: Vec<(String, Vec<u8>)>,
    seen: std::collections::HashSet<String>,
}

impl Files {
    /// No files yet, from `name`.
    pub fn new(name: &str) -> Files {
        Files {
            name: name.to_string(),
            entries: Vec::new(),
            seen: std::collections::HashSet::new(),
        }
    }

    /// Adds a file; a path already present is refused (Helm would keep one silently).
    pub fn insert(&mut self, path: String, data: Vec<u8>) -> Result<(), String> {
        if !self.seen.insert(path.clone()) {
            return Err("a duplicate entry (the archive holds this path twice)".to_string());
        }
        self.entries.push((path, data));
        Ok(())
    }

    /// The bytes of `path`, if the chart holds it.
    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.entries
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, d)| d.as_slice())
    }

    /// Whether there are no files.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every file, in the order read.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.entries.iter().map(|(p, d)| (p.as_str(), d.as_slice()))
    }
}
