//! Go's `text/template` execution as Helm runs it (`missingkey=zero`, Helm's `include`, `tpl`,
//! `required`, `fail`, `lookup`): one template set per chart tree, executed by name.

mod args;
mod builtins;
mod fail;
mod helm;
mod output;
mod pipeline;
mod place;
pub mod provenance;
mod state;

use std::collections::BTreeMap;
use std::rc::Rc;

use values_migrate_template::{Node, Tree, parse};

use crate::budget::{Budget, Random};
use crate::error::{ErrorKind, RenderError};
use crate::value::Value;

pub use output::Output;
pub use provenance::{Origin, PathSet, Paths, Provenance, ReadLog, Seg};

/// A YAML reader as Helm's `fromYaml` reads (sigs.k8s.io/yaml), given by the caller.
pub type YamlReader<'a> = &'a dyn Fn(&str) -> Result<Value, String>;

/// Everything a render spends and uses besides the templates: its budget, its random source and
/// the YAML reader `fromYaml` needs.
#[derive(Default)]
pub struct Env<'a> {
    /// What the render may still spend.
    pub budget: Budget,
    /// The deterministic random source of `randAlphaNum` and the like.
    pub random: Random,
    /// YAML read as Helm's `fromYaml` reads it; `None` refuses `fromYaml`.
    pub yaml: Option<YamlReader<'a>>,
    /// Every chart's `.Values` map (Helm's `common.Values`, whose methods templates may call
    /// through any chart's dot, `.Subcharts` included), given by the engine.
    pub values: Vec<crate::value::MapRef>,
    /// Which values fed which bytes, recorded only when set (issue 43).
    pub provenance: Option<Provenance>,
    /// Whether a random or clock function has run in this render: until one has, no value holds
    /// a masked span, and no value is searched for one (a caller whose dot holds masked text
    /// sets it).
    pub masks_made: bool,
}

/// One parsed template: its tree and the text of the file it came from.
#[derive(Debug)]
pub(crate) struct Entry {
    pub tree: Tree,
    pub text: Rc<str>,
    /// The masked spans of the text (a `tpl` of random text), which its text nodes carry out.
    pub masks: Option<Rc<Vec<crate::value::Mask>>>,
}

/// The templates of a render by name, as Go's `Template.tmpl` map holds them (Helm's `gotpl` set).
#[derive(Debug, Default)]
pub struct TemplateSet {
    trees: BTreeMap<String, Rc<Entry>>,
}

impl TemplateSet {
    /// An empty set.
    pub fn new() -> Self {
        TemplateSet::default()
    }

    /// Parses a file and adds its top level under the file name and each `define`/`block` under
    /// its name, as Go's `AddParseTree` does (an empty definition never replaces a full one).
    pub fn add_file(&mut self, file: &str, text: &str) -> Result<(), RenderError> {
        let trees = parse(file, text).map_err(|error| parse_error(file, &error))?;
        let text: Rc<str> = Rc::from(text);
        for tree in trees {
            let entry = Rc::new(Entry {
                tree,
                text: Rc::clone(&text),
                masks: None,
            });
            associate(&mut self.trees, entry, self_lookup);
        }
        Ok(())
    }

    /// Whether a template of that name is in the set.
    pub fn has(&self, name: &str) -> bool {
        self.trees.contains_key(name)
    }

    /// Executes the template `name` with `dot` as Helm's engine does (`ExecuteTemplate`); the
    /// output still holds Go's `<no value>` (see [`Output::without_no_value`]).
    pub fn execute(&self, name: &str, dot: Value, env: &mut Env) -> Result<Output, RenderError> {
        let scope = Scope {
            base: &self.trees,
            overlays: Vec::new(),
        };
        let Some(entry) = scope.lookup(name) else {
            return Err(RenderError {
                message: format!(
                    "template: no template {} associated with template \"gotpl\"",
                    values_migrate_unicode::quote(name, '"')
                ),
                file: name.to_string(),
                line: 0,
                column: 0,
                kind: ErrorKind::Helm,
            });
        };
        if let Some(p) = env.provenance.as_mut() {
            p.reset();
        }
        let mut run = state::Run::new(env);
        run.set_values(&dot);
        let mut out = Output::default();
        match run.exec_entry(&entry, &scope, dot, &mut out) {
            Ok(()) => Ok(out),
            Err(fail) => Err(fail.into_render_error(name)),
        }
    }
}

/// No lookup beyond the map itself (used when adding files to the base set).
fn self_lookup(_: &str) -> Option<Rc<Entry>> {
    None
}

/// Adds a tree under its name unless it is empty and a non-empty one already holds the name
/// (Go's `associate`); `outer` finds the name in the sets this one overlays.
fn associate(
    trees: &mut BTreeMap<String, Rc<Entry>>,
    entry: Rc<Entry>,
    outer: impl Fn(&str) -> Option<Rc<Entry>>,
) {
    let name = entry.tree.name.clone();
    let old = trees.get(&name).cloned().or_else(|| outer(&name));
    if old.is_some() && is_empty_tree(&entry.tree.root, &entry.text) {
        return;
    }
    trees.insert(name, entry);
}

/// Go's `parse.IsEmptyTree`: nothing but space (`bytes.TrimSpace`'s) and comments.
pub(crate) fn is_empty_tree(nodes: &[Node], text: &str) -> bool {
    nodes.iter().all(|node| match node {
        Node::Comment { .. } => true,
        Node::Text { pos, end } => text.get(*pos..*end).unwrap_or("").trim().is_empty(),
        _ => false,
    })
}

/// Helm's `cleanupParseError` over Go's `template: FILE:LINE: MESSAGE`.
fn parse_error(file: &str, error: &values_migrate_template::ParseError) -> RenderError {
    let go = format!(
        "template: {}:{}: {}",
        error.file(),
        error.line(),
        error.message()
    );
    let last = go.rsplit(": ").next().unwrap_or("");
    RenderError {
        message: format!(
            "parse error at ({}:{}): {}",
            error.file(),
            error.line(),
            last
        ),
        file: file.to_string(),
        line: error.line(),
        column: 0,
        // Go has no such limit: past it, the render is refused by this port's budget.
        kind: if error.is_nesting_limit() {
            ErrorKind::Budget
        } else {
            ErrorKind::Helm
        },
    }
}

/// The templates visible to an execution: the set, and the definitions of each enclosing `tpl`
/// (Go clones the set for each `tpl` and adds the text's definitions to the clone).
#[derive(Clone)]
pub(crate) struct Scope<'s> {
    base: &'s BTreeMap<String, Rc<Entry>>,
    overlays: Vec<Rc<BTreeMap<String, Rc<Entry>>>>,
}

impl Scope<'_> {
    /// The template of that name, the innermost definition first.
    pub(crate) fn lookup(&self, name: &str) -> Option<Rc<Entry>> {
        self.overlays
            .iter()
            .rev()
            .find_map(|overlay| overlay.get(name).cloned())
            .or_else(|| self.base.get(name).cloned())
    }

    /// This scope with a `tpl`'s definitions over it.
    pub(crate) fn with_overlay(&self, trees: Vec<Tree>, text: &crate::value::Str) -> Scope<'_> {
        let mut overlay = BTreeMap::new();
        for tree in trees {
            let entry = Rc::new(Entry {
                tree,
                text: Rc::clone(&text.text),
                masks: text.masks.clone(),
            });
            associate(&mut overlay, entry, |name| self.lookup(name));
        }
        let mut overlays = self.overlays.clone();
        overlays.push(Rc::new(overlay));
        Scope {
            base: self.base,
            overlays,
        }
    }
}
