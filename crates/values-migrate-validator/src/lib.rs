//! A compact JSON Schema validator (drafts 4, 6, 7, 2019-09 and 2020-12), sized for Helm values
//! and deciding as Helm 3.18.5+ and 4 do (santhosh-tekuri/jsonschema v6): compiled once into a
//! flat list of nodes, each keyword checked by one function (`keywords.rs`). `is_valid` runs
//! those checks without allocating; errors come from one evaluation, Helm's error tree
//! (`helm.rs`), in Helm's words (`words.rs`), and the flat errors (kind, instance path, schema
//! path) are read off that tree (`flat.rs`). It knows nothing of values-migrate.
#![warn(missing_docs)]

mod annotations;
mod applicators;
mod apply;
mod bundle;
mod compile;
mod error;
mod flat;
mod format;
mod go_strconv;
mod go_time;
mod helm;
mod helm_formats;
mod index;
mod keywords;
mod literals;
mod metaschemas;
mod nodes;
mod number;
mod order;
mod refs;
mod subschemas;
use values_migrate_regexp as regexp;
mod shape;
mod uri;
mod words;

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

pub use bundle::{SUPPLIED, bundle, supplied_pointer};
pub use compile::{CompileError, compile_pattern};
pub use error::{ErrorKind, JsonType, TypeKind, ValidationError};
pub use flat::{Flat, flatten, flatten_lines};
pub use helm::HelmError;
pub use index::{Index, Reference, Target};
pub use literals::{Literals, json_string_end};
pub use nodes::Pattern;
pub use refs::{DEFAULT_BASE, base_of, escape};
pub use regexp::compile as go_pattern;
pub use shape::type_name;
pub use words::{of as message, quote as go_quote};

use nodes::{Node, NodeId};

/// The keyword by which a composed document gives one of its subschemas a draft of its own (a
/// chart's schema inside a chart tree's composition, read with its own draft as Helm reads it):
/// the draft's meta-schema URL, honoured by every pass over the document.
pub const DRAFT_KEYWORD: &str = "x-values-migrate-draft";

/// A JSON Schema draft, as named by `$schema`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Draft {
    /// Draft 4.
    #[serde(rename = "draft-04")]
    Draft4,
    /// Draft 6.
    #[serde(rename = "draft-06")]
    Draft6,
    /// Draft 7.
    #[serde(rename = "draft-07")]
    Draft7,
    /// Draft 2019-09.
    #[serde(rename = "2019-09")]
    Draft201909,
    /// Draft 2020-12, also used when `$schema` is missing or is the version-less `…/schema#`.
    #[serde(rename = "2020-12")]
    Draft202012,
}

impl Draft {
    /// The draft a `$schema` URL names, as Helm's validator reads it (http or https, with an
    /// empty fragment or none; the version-less `…/schema` is 2020-12), if it is one.
    pub fn from_uri(uri: &str) -> Option<Draft> {
        let bare = uri.strip_suffix('#').unwrap_or(uri);
        let bare = bare
            .strip_prefix("https://")
            .or_else(|| bare.strip_prefix("http://"))
            .unwrap_or(bare);
        match bare {
            "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
            "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft201909),
            "json-schema.org/draft/2020-12/schema" | "json-schema.org/schema" => {
                Some(Draft::Draft202012)
            }
            _ => None,
        }
    }

    /// The draft of the subschema `object`: the one its [`DRAFT_KEYWORD`] names, else this one.
    pub fn within(self, object: &serde_json::Map<String, Value>) -> Draft {
        (object.get(DRAFT_KEYWORD))
            .and_then(Value::as_str)
            .and_then(Draft::from_uri)
            .unwrap_or(self)
    }

    /// The draft's short name (`draft-07`, `2020-12`).
    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "draft-04",
            Draft::Draft6 => "draft-06",
            Draft::Draft7 => "draft-07",
            Draft::Draft201909 => "2019-09",
            Draft::Draft202012 => "2020-12",
        }
    }

    /// The canonical meta-schema URI of this draft.
    pub fn uri(self) -> &'static str {
        match self {
            Draft::Draft4 => "http://json-schema.org/draft-04/schema#",
            Draft::Draft6 => "http://json-schema.org/draft-06/schema#",
            Draft::Draft7 => "http://json-schema.org/draft-07/schema#",
            Draft::Draft201909 => "https://json-schema.org/draft/2019-09/schema",
            Draft::Draft202012 => "https://json-schema.org/draft/2020-12/schema",
        }
    }
}

impl Pattern {
    /// Whether `text` matches the pattern anywhere (JSON Schema patterns are not anchored).
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

/// A compiled schema.
#[derive(Debug)]
pub struct Validator {
    nodes: Vec<Node>,
    root: NodeId,
    /// Whether any `$recursiveRef`/`$dynamicRef` needs the dynamic scope.
    dynamic: bool,
}

/// Where the value being validated is, as a chain of segments (rendered only for errors).
#[derive(Clone, Copy, Debug)]
pub enum Loc<'a> {
    /// The instance itself.
    Root,
    /// A member of the mapping at the parent.
    Key(&'a Loc<'a>, &'a str),
    /// An item of the sequence at the parent.
    Index(&'a Loc<'a>, usize),
}

impl Loc<'_> {
    /// The JSON pointer this location names.
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        self.push_pointer(&mut out);
        out
    }

    fn push_pointer(&self, out: &mut String) {
        match self {
            Loc::Root => {}
            Loc::Key(parent, key) => {
                parent.push_pointer(out);
                out.push('/');
                match key.contains(['~', '/']) {
                    true => out.push_str(&escape(key)),
                    false => out.push_str(key),
                }
            }
            Loc::Index(parent, index) => {
                parent.push_pointer(out);
                let _ = write!(out, "/{index}");
            }
        }
    }
}

/// The state of one validation: the dynamic scope and the references being followed.
#[derive(Debug, Default)]
pub struct Scope {
    resources: Vec<usize>,
    active: Vec<(NodeId, usize)>,
}

impl Validator {
    /// Compiles `document` as `draft` (its shape checked first, as a meta-schema would); a
    /// `$ref` to the draft's own meta-schema resolves to the one built in, as in Helm.
    pub fn new(document: &Value, draft: Draft) -> Result<Validator, CompileError> {
        Validator::with_literals(document, draft, &Literals::default())
    }

    /// [`Validator::new`] with the numbers of `document` as its text writes them (`literals`,
    /// read from that text), compared exactly as Helm compares them.
    pub fn with_literals(
        document: &Value,
        draft: Draft,
        literals: &Literals,
    ) -> Result<Validator, CompileError> {
        // Each meta-schema a reference reaches is supplied, then the whole compiled again.
        let mut supplied: Vec<(String, Value)> = Vec::new();
        loop {
            let bundled = bundle(document, draft, &supplied);
            match Validator::compiled(&bundled, draft, literals) {
                Err(CompileError::Remote(url)) => {
                    let fresh = (metaschemas::for_url(&url).into_iter().flatten())
                        .filter(|(u, _)| !supplied.iter().any(|(s, _)| s == u))
                        .collect::<Vec<_>>();
                    if fresh.is_empty() {
                        return Err(CompileError::Remote(url));
                    }
                    supplied.extend(fresh);
                }
                compiled => return compiled,
            }
        }
    }

    /// Compiles `document` as `draft`, every reference within it.
    fn compiled(
        document: &Value,
        draft: Draft,
        literals: &Literals,
    ) -> Result<Validator, CompileError> {
        let written = literals.by_address(document);
        shape::check(document, draft, &written)?;
        let mut compiler = compile::Compiler::new(document, draft, written);
        let root = compiler.node(&refs::Place {
            schema: document,
            base: refs::base_of(document, DEFAULT_BASE, draft),
            location: String::new(),
        })?;
        Ok(Validator {
            dynamic: compiler.dynamic,
            nodes: compiler.nodes,
            root,
        })
    }

    /// Whether `instance` is valid (no error is built).
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.node_valid(self.root, instance, &mut Scope::default())
    }

    /// Every error of `instance`, in Helm's order: the flat errors of [`Validator::helm_errors`].
    pub fn iter_errors<'v>(&self, instance: &'v Value) -> Vec<ValidationError<'v>> {
        flatten(&self.helm_errors(instance), instance)
    }

    /// Every error of `instance` against the subschema at `pointer` of the root document (a
    /// chart's own schema inside a composition), as if it were the whole schema; `None` when
    /// no subschema is compiled there.
    pub fn iter_errors_at<'v>(
        &self,
        pointer: &str,
        instance: &'v Value,
    ) -> Option<Vec<ValidationError<'v>>> {
        let errors = self.helm_errors_at(pointer, instance)?;
        Some(flatten(&errors, instance))
    }

    /// The node compiled for the subschema at `pointer` of the root document.
    fn node_at(&self, pointer: &str) -> Option<NodeId> {
        let resource = self.nodes[self.root].resource;
        self.nodes
            .iter()
            .position(|n| n.resource == resource && n.location == pointer)
    }
}

#[cfg(test)]
mod tests;
