//! What a session compiles once and every stage reads: both schemas, the defaults, the typing,
//! the changelog and what each chart's templates read (the bottom the stages stand on).

use crate::path::ValuePath;
#[cfg(feature = "templates")]
use crate::reads::Reads;
use crate::schema::{Change, Schema};
use crate::yaml::Typing;
use serde_json::Value;
use std::sync::Arc;

/// The compiled schemas, the defaults and the typing that a run of calls shares.
pub(crate) struct Compiled {
    /// The base chart's schema.
    pub base: Arc<Schema>,
    /// The target chart's schema (the base's own, when the bump leaves its text as it was).
    pub target: Arc<Schema>,
    /// The base schema's name, as given.
    pub base_name: String,
    /// The target schema's name, as given.
    pub target_name: String,
    /// The target chart's defaults (its values.yaml), when given.
    pub defaults: Option<Value>,
    /// The base chart's defaults, when given: the values root is judged coalesced with them.
    pub base_defaults: Option<Value>,
    /// How YAML is typed.
    pub typing: Typing,
    /// What the bump changed in the schema.
    pub changelog: Vec<Change>,
    /// What each chart's templates read, when both were given as charts.
    #[cfg(feature = "templates")]
    pub reads: Option<Arc<(Reads, Reads)>>,
    /// The outermost paths the target chart's templates read and the base's did not.
    pub gained: Vec<ValuePath>,
    /// The charts of each side's tree (a schema file's: none), when either side was given as a
    /// chart: each finding is named by its chart.
    pub charts: Option<(Vec<crate::schema::ChartAt>, Vec<crate::schema::ChartAt>)>,
}

impl Compiled {
    /// The defaults the values file was written against: the base chart's when given, else the
    /// target's.
    pub fn base_side_defaults(&self) -> Option<&Value> {
        self.base_defaults.as_ref().or(self.defaults.as_ref())
    }

    /// The top-level keys the base chart's values.yaml (`defaults`) holds and its templates read:
    /// what the values root of a file written for it shares with it.
    pub fn base_top_keys(&self, defaults: Option<&Value>) -> Vec<String> {
        let mut keys: Vec<String> = match defaults {
            Some(Value::Object(map)) => map.keys().cloned().collect(),
            _ => Vec::new(),
        };
        #[cfg(feature = "templates")]
        if let Some(reads) = self.reads.as_deref() {
            keys.extend(
                reads
                    .0
                    .with_values(&Value::Null)
                    .keys_under(&ValuePath::root()),
            );
        }
        crate::order::sort(&mut keys);
        keys.dedup();
        keys
    }

    /// The target chart as a finding names it: its templates' chart and version when they were
    /// given, else the target schema's name.
    pub fn target_chart(&self) -> String {
        #[cfg(feature = "templates")]
        if let Some(reads) = self.reads.as_deref() {
            return reads.1.chart();
        }
        self.target_name.clone()
    }

    /// Whether the target schema names `path` in its `properties` (list items through `items`).
    pub fn target_declares(&self, path: &ValuePath) -> bool {
        let mut at = self.target.document();
        for segment in path.segments() {
            let next = match segment {
                crate::path::Segment::Key(key) => {
                    at.get("properties").and_then(|p| p.get(key.as_str()))
                }
                crate::path::Segment::Index(_) => at.get("items"),
            };
            match next {
                Some(next) => at = next,
                None => return false,
            }
        }
        true
    }
}
