//! `--base`, `--target` and `--chart` read through the machine: a values.schema.json, a chart
//! directory or a chart archive (src/chart tells them apart and reads the chart).

use super::args::RecordArgs;
use super::host::{Host, Kind};
use crate::chart::{Entry, Input, Source};
use crate::migrate::SessionSpec;

/// The machine as a chart's files' source.
struct Files<'a>(&'a dyn Host);

impl Source for Files<'_> {
    fn entry(&self, path: &str) -> Option<Entry> {
        match self.0.kind(path)? {
            Kind::File => Some(Entry::File),
            Kind::Dir => Some(Entry::Dir),
            Kind::Other => None,
        }
    }

    fn names(&self, dir: &str) -> Result<Vec<String>, String> {
        let entries = self.0.list(dir)?;
        Ok(entries.into_iter().map(|(name, _)| name).collect())
    }

    fn bytes(&self, path: &str) -> Result<Vec<u8>, String> {
        self.0.read(path)
    }
}

/// The machine as a chart's files' source (`render` reads every file of a chart).
pub(super) fn source(host: &dyn Host) -> impl Source + '_ {
    Files(host)
}

/// A `--base`/`--target`/`--chart` path: a schema file, a chart directory or a chart archive.
pub(super) fn input(host: &dyn Host, path: &str) -> Result<Input, String> {
    Input::read(&Files(host), path)
}

/// A chart directory (with Chart.yaml) or chart archive at `path` (a chain's step); `None` otherwise.
pub(super) fn chart_at(host: &dyn Host, path: &str) -> Result<Option<Input>, String> {
    Input::chart_at(&Files(host), path)
}

impl RecordArgs {
    /// The chart's name and versions, where not given, from the charts read as --base/--target.
    pub(super) fn default_from(&mut self, spec: &SessionSpec) {
        let root = |tree: &Option<crate::schema::ChartTree>| tree.as_ref()?.charts.first().cloned();
        let (Some(base), Some(target)) = (root(&spec.base_chart), root(&spec.target_chart)) else {
            return;
        };
        self.chart.get_or_insert_with(|| target.chart.clone());
        self.from.get_or_insert_with(|| base.version.clone());
        self.to.get_or_insert_with(|| target.version.clone());
    }
}
