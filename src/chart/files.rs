//! The files of one chart, by path inside it, whether read from an archive or a directory.

/// A chart's files: `(path inside the chart, bytes)`, each path once.
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// The archive or directory they come from, as errors name it.
    pub name: String,
    entries: Vec<(String, Vec<u8>)>,
}

impl Files {
    /// No files yet, from `name`.
    pub fn new(name: &str) -> Files {
        Files {
            name: name.to_string(),
            entries: Vec::new(),
        }
    }

    /// Adds a file; [`Files::duplicate`] finds a path added twice, once all are in.
    pub fn insert(&mut self, path: String, data: Vec<u8>) {
        self.entries.push((path, data));
    }

    /// A path added twice, if any (Helm would keep one silently; we refuse): one sort, no hashing.
    pub fn duplicate(&self) -> Option<&str> {
        let mut paths: Vec<&str> = self.entries.iter().map(|(p, _)| p.as_str()).collect();
        crate::order::sort(&mut paths);
        paths.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
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
