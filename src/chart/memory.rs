//! A chart given in memory (the JS API's `render`, the playground's dropped chart) as a
//! [`Source`]: an archive's bytes at one path, or a directory's files under one.

use super::dir::{Entry, Source};

/// A chart held in memory: an archive's bytes at [`InMemory::path`], or a directory's files
/// (paths inside the chart) under it.
#[derive(Clone, Debug)]
pub struct InMemory {
    path: String,
    /// `(path inside the chart, bytes)`; for an archive, one entry with the empty path.
    files: Vec<(String, Vec<u8>)>,
}

impl InMemory {
    /// An archive (`.tgz`) named `name`.
    pub fn archive(name: &str, bytes: Vec<u8>) -> InMemory {
        InMemory {
            path: name.to_string(),
            files: vec![(String::new(), bytes)],
        }
    }

    /// A directory named `name` of `files` (paths inside the chart, `/`-separated; a leading
    /// `./` or `/` is dropped).
    pub fn dir(name: &str, files: Vec<(String, Vec<u8>)>) -> InMemory {
        let files = files
            .into_iter()
            .map(|(path, bytes)| {
                let path = path.trim_start_matches("./").trim_start_matches('/');
                (path.to_string(), bytes)
            })
            .collect();
        InMemory {
            path: name.trim_end_matches('/').to_string(),
            files,
        }
    }

    /// Where the chart is: the path a render is given.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// `path` inside the chart (`Some("")` for the chart itself), or `None` outside it.
    fn inside<'p>(&self, path: &'p str) -> Option<&'p str> {
        let rest = path.strip_prefix(self.path.as_str())?;
        match rest.strip_prefix('/') {
            Some(inner) => Some(inner.trim_end_matches('/')),
            None => rest.is_empty().then_some(""),
        }
    }

    /// The files under the directory `dir` (inside the chart; `""` for the top).
    fn under<'a>(&'a self, dir: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.files.iter().filter_map(move |(path, _)| {
            if dir.is_empty() {
                Some(path.as_str()).filter(|p| !p.is_empty())
            } else {
                path.strip_prefix(dir)?.strip_prefix('/')
            }
        })
    }
}

impl Source for InMemory {
    fn entry(&self, path: &str) -> Option<Entry> {
        let inner = self.inside(path)?;
        if self.files.iter().any(|(p, _)| p == inner) {
            return Some(Entry::File);
        }
        self.under(inner).next().map(|_| Entry::Dir)
    }

    fn names(&self, dir: &str) -> Result<Vec<String>, String> {
        let inner = self.inside(dir).ok_or("No such file or directory")?;
        let mut names: Vec<String> = self
            .under(inner)
            .map(|rest| rest.split('/').next().unwrap_or(rest).to_string())
            .collect();
        crate::order::sort(&mut names);
        names.dedup();
        Ok(names)
    }

    fn bytes(&self, path: &str) -> Result<Vec<u8>, String> {
        let inner = self.inside(path).ok_or("No such file or directory")?;
        self.files
            .iter()
            .find(|(p, _)| p == inner)
            .map(|(_, bytes)| bytes.clone())
            .ok_or_else(|| "No such file or directory".to_string())
    }
}

/// Several charts held in memory, each at its own path (a bump's two charts): a path is read
/// from the first chart that holds it.
impl Source for Vec<InMemory> {
    fn entry(&self, path: &str) -> Option<Entry> {
        self.iter().find_map(|chart| chart.entry(path))
    }

    fn names(&self, dir: &str) -> Result<Vec<String>, String> {
        self.iter()
            .find(|chart| chart.inside(dir).is_some())
            .ok_or("No such file or directory")?
            .names(dir)
    }

    fn bytes(&self, path: &str) -> Result<Vec<u8>, String> {
        self.iter()
            .find(|chart| chart.inside(path).is_some())
            .ok_or("No such file or directory")?
            .bytes(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> InMemory {
        let file = |p: &str| (p.to_string(), p.as_bytes().to_vec());
        InMemory::dir(
            "app",
            vec![
                file("Chart.yaml"),
                file("./templates/a.yaml"),
                file("templates/sub/b.tpl"),
                file("charts/db/Chart.yaml"),
            ],
        )
    }

    #[test]
    fn a_directory_lists_its_files_and_directories() {
        let chart = chart();
        assert_eq!(chart.entry("app"), Some(Entry::Dir));
        assert_eq!(chart.entry("app/templates"), Some(Entry::Dir));
        assert_eq!(chart.entry("app/templates/a.yaml"), Some(Entry::File));
        assert_eq!(chart.entry("app/templates/a"), None);
        assert_eq!(chart.entry("application"), None);
        assert_eq!(
            chart.names("app").unwrap(),
            ["Chart.yaml", "charts", "templates"]
        );
        assert_eq!(chart.names("app/templates").unwrap(), ["a.yaml", "sub"]);
        assert_eq!(
            chart.bytes("app/templates/sub/b.tpl").unwrap(),
            b"templates/sub/b.tpl"
        );
        assert!(chart.bytes("app/templates").is_err());
    }

    #[test]
    fn an_archive_is_one_file() {
        let chart = InMemory::archive("app-1.0.0.tgz", vec![1, 2]);
        assert_eq!(chart.entry(chart.path()), Some(Entry::File));
        assert_eq!(chart.bytes("app-1.0.0.tgz").unwrap(), [1, 2]);
        assert_eq!(chart.entry("app-1.0.0.tgz/x"), None);
    }

    #[test]
    fn two_charts_are_read_each_at_its_own_path() {
        let charts = vec![
            InMemory::archive("base/app.tgz", vec![1]),
            InMemory::archive("target/app.tgz", vec![2]),
        ];
        assert_eq!(charts.bytes("base/app.tgz").unwrap(), [1]);
        assert_eq!(charts.bytes("target/app.tgz").unwrap(), [2]);
        assert_eq!(charts.entry("target/app.tgz"), Some(Entry::File));
        assert!(charts.bytes("other/app.tgz").is_err());
        let dirs = vec![chart(), InMemory::archive("b.tgz", vec![3])];
        assert_eq!(dirs.names("app/templates").unwrap(), ["a.yaml", "sub"]);
    }
}
