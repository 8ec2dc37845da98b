//! The values a chart's templates read: every `templates/**` file of every chart of the tree,
//! parsed as Helm parses them (`values-migrate-template`), then followed by an abstract
//! evaluation that over-approximates the `.Values` paths a render may read. Uncertainty always
//! counts as read (a subtree handed to `toYaml`, `range`, a computed `index`, …), and each place
//! the analysis widened is kept, so that a value called unread is one no template can reach.
//! The templates themselves (`Templates`, what a chart read gives) are in every build; the
//! analysis only with feature `templates` (the browser's first module goes without).

#[cfg(feature = "templates")]
mod calls;
#[cfg(feature = "templates")]
mod eval;
#[cfg(feature = "templates")]
mod funcs;
#[cfg(feature = "templates")]
mod set;
#[cfg(feature = "templates")]
mod value;

#[cfg(feature = "templates")]
pub use set::{Ignored, ReadSet, Refused, Required, Unread};

use crate::path::ValuePath;
#[cfg(feature = "templates")]
use crate::text::Diagnostic;
use serde::{Deserialize, Serialize};
#[cfg(feature = "templates")]
use serde_json::Value;
#[cfg(feature = "templates")]
use values_migrate_template::Tree;

/// One chart of a tree, as the analysis needs it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartInfo {
    /// Its name in the tree (its alias, if it has one).
    pub name: String,
    /// The keys from the values root to its values (empty for the root chart).
    pub values_path: Vec<String>,
    /// Its parent chart's index (`null` for the root chart).
    pub parent: Option<usize>,
    /// Its directory as Helm names templates (`argo-cd/charts/redis-ha`): `.Template.BasePath`
    /// is this and `/templates`.
    #[serde(default)]
    pub dir: String,
    /// The values Helm itself reads for it: its dependency's `condition` paths and `tags.*`, as keys.
    pub gates: Vec<Vec<String>>,
}

impl ChartInfo {
    /// Where its values sit.
    pub fn path(&self) -> ValuePath {
        keys(&self.values_path)
    }
}

/// A path of keys.
pub(crate) fn keys(keys: &[String]) -> ValuePath {
    ValuePath::from_segments(
        keys.iter()
            .cloned()
            .map(crate::path::Segment::Key)
            .collect(),
    )
}

/// One template file of a chart tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TemplateFile {
    /// Its path as Helm names it (`argo-cd/templates/argocd-server/deployment.yaml`).
    pub name: String,
    /// The index of its chart in [`Templates::charts`].
    pub chart: usize,
    /// Its text.
    pub text: String,
}

impl TemplateFile {
    /// Whether it is a chart's NOTES.txt (rendered and printed, never applied).
    pub fn is_notes(&self) -> bool {
        self.name.ends_with("/templates/NOTES.txt")
    }

    /// Whether Helm renders it (partials, `_*`, only hold `define`s).
    pub fn is_rendered(&self) -> bool {
        let base = self.name.rsplit('/').next().unwrap_or("");
        !base.starts_with('_')
    }
}

/// A chart tree's templates, as a chart archive or directory gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Templates {
    /// The root chart's name.
    pub chart: String,
    /// The root chart's version.
    pub version: String,
    /// Every chart of the tree, the root first.
    pub charts: Vec<ChartInfo>,
    /// Every template file, in path order.
    pub files: Vec<TemplateFile>,
}

#[cfg(feature = "templates")]
/// A place in a template file: its index in [`Templates::files`] and a byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Site {
    /// The file's index.
    pub file: usize,
    /// The byte offset in its text.
    pub offset: usize,
}

#[cfg(feature = "templates")]
/// A chart tree's templates, parsed once and analyzed: what a session keeps.
#[derive(Debug)]
pub struct Reads {
    templates: Templates,
    trees: Vec<(usize, Tree)>,
    found: eval::Found,
}

#[cfg(feature = "templates")]
impl Reads {
    /// Parses every template and analyzes what they read; a template Go's parser refuses is an
    /// error at its file, line and column (Helm would not render the chart either).
    pub fn new(templates: Templates) -> Result<Reads, Diagnostic> {
        let mut trees = Vec::new();
        for (index, file) in templates.files.iter().enumerate() {
            let parsed = values_migrate_template::parse(&file.name, &file.text)
                .map_err(|e| Diagnostic::at(&file.name, &file.text, e.offset(), e.message()))?;
            trees.extend(parsed.into_iter().map(|tree| (index, tree)));
        }
        let found = eval::analyze(&templates, &trees);
        Ok(Reads {
            templates,
            trees,
            found,
        })
    }

    /// The root chart's name and version, as a report names it (`argo-cd 5.0.0`).
    pub fn chart(&self) -> String {
        format!("{} {}", self.templates.chart, self.templates.version)
            .trim()
            .to_string()
    }

    /// What the templates read given the values they render with (coalesced with the chart's
    /// defaults): `tpl` runs the strings it is handed, and `required`'s conditions are decided.
    pub fn with_values(&self, coalesced: &Value) -> ReadSet {
        let mut found = self.found.clone();
        eval::run_tpl(&self.templates, &self.trees, coalesced, &mut found);
        ReadSet::new(&self.templates, found, coalesced)
    }

    /// The file and 1-based line of a site, as a report cites it (`argo-cd/templates/x.yaml:42`).
    pub fn cite(&self, site: Site) -> String {
        cite(&self.templates, site)
    }
}

#[cfg(feature = "templates")]
/// The file and 1-based line of a site; a chart's gate (`file` past the files, `offset` the
/// chart) is cited as its parent's Chart.yaml.
pub(crate) fn cite(templates: &Templates, site: Site) -> String {
    let Some(file) = templates.files.get(site.file) else {
        let chart = templates.charts.get(site.offset);
        let parent = chart
            .and_then(|c| c.parent)
            .and_then(|p| templates.charts.get(p));
        return match (chart, parent) {
            (Some(chart), Some(parent)) => format!(
                "{}/Chart.yaml (the condition or tags of the dependency `{}`)",
                parent.dir, chart.name
            ),
            _ => String::new(),
        };
    };
    let end = site.offset.min(file.text.len());
    let line = 1 + file.text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    format!("{}:{line}", file.name)
}
#[cfg(all(test, feature = "templates"))]
mod tests;
