//! The chart's `values.schema.json`: compiling it, coalescing values as Helm does, validating,
//! and what a chart bump displaces, requires and changes (ADR 13).
//!
//! Nothing here ever fetches: a `$ref` that leaves the document is an error naming its URL.

mod changelog;
mod charts;
mod coalesce;
mod compile;
mod derive;
mod displaced;
mod error;
mod gates;
mod imports;
mod locate;
mod message;
mod mismatch;
mod nested;
mod pointer;
mod required;
mod tree;
mod validate;
mod walk;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;
use values_migrate_validator as validator;

pub use changelog::{Change, ChangeKind, Changelog, changelog};
pub use charts::{ChartAt, ChartNamed, ChartTree, Composition, PartDraft, RefusedPart};
pub use coalesce::{
    CoalesceWarning, Coalesced, coalesce, coalesce_tables, coalesce_with_warnings, copy_globals,
    global_sources, load_values, merge_maps, not_a_mapping, reuse_values,
};
pub(crate) use compile::meta_refusal;
pub use compile::{Draft, Supplied};
pub use derive::{Derived, PropertyInfo, PropertyKind, Source};
pub use displaced::{Displaced, DisplacedBy, bump_facts};
pub use error::{SchemaError, SchemaErrorKind};
pub use gates::Gate;
pub use imports::{ImportedTable, Importing};
pub use nested::HelmLine;
pub use required::{Derivable, Escalation, Requirements};
pub use tree::{ChartValues, SubchartValues};
pub use validate::Violation;

/// How many schemas this process has compiled (a test hook: a session compiles each once).
static COMPILATIONS: AtomicUsize = AtomicUsize::new(0);

/// How many schemas this process has compiled so far.
pub fn compilations() -> usize {
    COMPILATIONS.load(Ordering::Relaxed)
}

/// A compiled `values.schema.json`.
pub struct Schema {
    validations: AtomicUsize,
    document: Value,
    draft: Draft,
    validator: validator::Validator,
    index: validator::Index,
    patterns: HashMap<String, Option<validator::Pattern>>,
    /// The chart tree the schema was composed for (`None`: a schema as written).
    tree: Option<ChartTree>,
}

impl std::fmt::Debug for Schema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Schema")
            .field("draft", &self.draft)
            .finish_non_exhaustive()
    }
}

/// A schema document's JSON text read as Helm reads it (a number beyond a double's range held
/// as `0`, which its literal stands for), or where it is not JSON.
pub fn parse_document(text: &str) -> Result<Value, SchemaError> {
    compile::read(text)
}

impl Schema {
    /// Compiles a schema from its JSON text.
    ///
    /// The draft is the one `$schema` names; a missing `$schema` or the version-less
    /// `http://json-schema.org/schema#` means draft 2020-12, as in Helm 3.18.5+ and 4.
    pub fn compile(text: &str) -> Result<Schema, SchemaError> {
        Self::compile_with_refs(text, &[])
    }

    /// Compiles a schema from its JSON text with the documents its `$ref`s name elsewhere,
    /// supplied by the caller: Helm fetches them; nothing here is fetched.
    pub fn compile_with_refs(text: &str, refs: &[Supplied]) -> Result<Schema, SchemaError> {
        Self::compile_chart(text, refs, None)
    }

    /// Compiles a chart's schema with the chart tree it was composed for (`None`: validated as
    /// written): the tree says how Helm coalesces, switches off, imports and names its charts,
    /// and which chart's schema is read with a draft of its own.
    pub fn compile_chart(
        text: &str,
        refs: &[Supplied],
        tree: Option<&ChartTree>,
    ) -> Result<Schema, SchemaError> {
        Self::build(&compile::read(text)?, Some(text), refs, tree)
    }

    /// Compiles a schema already decoded as JSON (errors then carry no line and column).
    pub fn from_value(document: Value) -> Result<Schema, SchemaError> {
        Self::build(&document, None, &[], None)
    }

    fn build(
        document: &Value,
        text: Option<&str>,
        refs: &[Supplied],
        tree: Option<&ChartTree>,
    ) -> Result<Schema, SchemaError> {
        let drafts = tree.and_then(|t| t.composition.as_ref());
        let drafts = drafts.map_or(&[][..], |c| &c.drafts);
        let compiled = compile::compile(document, text, refs, drafts)?;
        COMPILATIONS.fetch_add(1, Ordering::Relaxed);
        Ok(Schema {
            validations: AtomicUsize::new(0),
            document: compiled.document,
            draft: compiled.draft,
            validator: compiled.validator,
            index: compiled.index,
            patterns: compiled.patterns,
            tree: tree.filter(|t| t.composition.is_some()).cloned(),
        })
    }

    /// How many documents this schema has validated (a test hook: one `migrate` validates the
    /// target at most twice).
    pub fn validations(&self) -> usize {
        self.validations.load(Ordering::Relaxed)
    }

    /// The draft the schema is read as.
    pub fn draft(&self) -> Draft {
        self.draft
    }

    /// The schema document.
    pub fn document(&self) -> &Value {
        &self.document
    }

    fn counted(&self) {
        self.validations.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether `key` matches the `patternProperties` pattern `pattern` (Go's regexp, as Helm
    /// compiles it: `crates/values-migrate-regexp`).
    pub(crate) fn matches(&self, pattern: &str, key: &str) -> bool {
        self.patterns
            .get(pattern)
            .and_then(Option::as_ref)
            .is_some_and(|p| p.is_match(key))
    }
}
