//! What a template expression may hold, as far as the values go: the context of a chart, a
//! value under `.Values`, a `dict` or `list` built in a template, a string constant, or text
//! made from values (which `tpl` may run as a template).

use crate::path::{Segment, ValuePath};

/// The most atoms one abstract value keeps; a larger one is read whole and forgotten.
pub(super) const MAX_ATOMS: usize = 64;

/// How deep a `dict` inside a `dict` is followed; deeper is read whole and forgotten.
const MAX_NESTING: usize = 8;

/// One thing an expression may evaluate to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Atom {
    /// The top-level context (`.` of a file, `$`) of the chart with this index in the tree.
    Root(usize),
    /// `.Subcharts` of the chart with this index.
    Subcharts(usize),
    /// `.Template` of the chart with this index.
    Template(usize),
    /// The value at this path of the values root (the umbrella chart's).
    Values(ValuePath),
    /// The mapping at this path less these keys (`omit .Values.x "k"`).
    Without(ValuePath, Vec<String>),
    /// A `dict` with these keys (sorted).
    Dict(Vec<(String, Val)>),
    /// A `list` of these items.
    List(Vec<Val>),
    /// A string or number constant, as text.
    Const(String),
    /// A string made from the values at this path (`toYaml .Values.x`): text `tpl` may run.
    Text(ValuePath),
    /// A key of the mapping at this path (`range $key, $v := .Values.env`): text `tpl` may run.
    Keys(ValuePath),
}

/// A set of atoms: what an expression may hold (empty: nothing the values decide).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Val(pub(super) Vec<Atom>);

impl Val {
    /// Nothing the values decide.
    pub(super) fn none() -> Val {
        Val(Vec::new())
    }

    /// One atom.
    pub(super) fn one(atom: Atom) -> Val {
        Val(vec![atom])
    }

    /// Whether it holds nothing the values decide.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Both sets of atoms, sorted and without repeats.
    pub(super) fn union(mut self, other: Val) -> Val {
        self.0.extend(other.0);
        crate::order::sort(&mut self.0);
        self.0.dedup();
        self
    }

    /// The one string constant it holds, if that is all it holds.
    pub(super) fn constant(&self) -> Option<&str> {
        match self.0.as_slice() {
            [Atom::Const(text)] => Some(text),
            _ => None,
        }
    }

    /// The string constants it may be, when it may only be constants (at least one).
    pub(super) fn constants(&self) -> Option<Vec<&str>> {
        let texts: Option<Vec<&str>> = self
            .0
            .iter()
            .map(|atom| match atom {
                Atom::Const(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        texts.filter(|t| !t.is_empty())
    }

    /// The paths of values it holds or was made from, directly or inside dicts and lists.
    pub(super) fn value_paths(&self, out: &mut Vec<ValuePath>) {
        for atom in &self.0 {
            match atom {
                Atom::Values(path) | Atom::Text(path) | Atom::Without(path, _) => {
                    out.push(path.clone())
                }
                Atom::Dict(entries) => entries.iter().for_each(|(_, v)| v.value_paths(out)),
                Atom::List(items) => items.iter().for_each(|v| v.value_paths(out)),
                Atom::Root(_)
                | Atom::Subcharts(_)
                | Atom::Template(_)
                | Atom::Const(_)
                | Atom::Keys(_) => {}
            }
        }
    }

    /// Whether it is too large or too deep to keep.
    pub(super) fn too_big(&self) -> bool {
        self.0.len() > MAX_ATOMS || self.depth() > MAX_NESTING
    }

    fn depth(&self) -> usize {
        let inner = |atom: &Atom| match atom {
            Atom::Dict(entries) => entries.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            Atom::List(items) => items.iter().map(Val::depth).max().unwrap_or(0),
            _ => 0,
        };
        1 + self.0.iter().map(inner).max().unwrap_or(0)
    }
}

/// A key or index of a path from a template's constant (`index .Values.list 0` gives an index).
pub(super) fn segment(key: &str, numeric: bool) -> Segment {
    match key.parse::<usize>() {
        Ok(index) if numeric => Segment::Index(index),
        _ => Segment::Key(key.to_string()),
    }
}
