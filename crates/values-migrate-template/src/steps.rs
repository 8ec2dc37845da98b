//! What the parser and the body builder hand each other: the scope of the template being
//! parsed, the step one text or action gives, the bodies opened and how a list ends.

use crate::ast::{Branch, Node, Pipe};

/// What one template being parsed keeps (Go keeps it in each `Tree`): a `define` or `block` body
/// starts afresh.
pub(crate) struct Scope<'t> {
    /// The variables defined at the moment (`$` always).
    pub vars: Vec<&'t str>,
    /// How many `range` bodies enclose the current action.
    pub range_depth: usize,
    /// Where the action being parsed starts (Go's `actionLine`).
    pub action_start: Option<usize>,
    /// How many parenthesized pipelines enclose the current operand.
    pub paren_depth: usize,
    /// The furthest item this template read (Go's `token[0]`: each tree has its own lookahead,
    /// and Go's errors carry its line).
    pub seen: usize,
}

impl Scope<'_> {
    pub(crate) fn fresh(at: usize) -> Self {
        Scope {
            vars: vec!["$"],
            range_depth: 0,
            action_start: None,
            paren_depth: 0,
            seen: at,
        }
    }
}

/// A list's end: `{{end}}` or `{{else}}`, at its keyword.
pub(crate) enum Ending {
    End(usize),
    Else(usize),
}

/// What one text or action gives: a node, a body opened, or the end of a list.
pub(crate) enum Step<'t> {
    Node(Node),
    Open(Body<'t>),
    End(Ending),
}

/// A body being read, and what closes it into a node or a tree.
pub(crate) enum Body<'t> {
    Control(Open),
    /// `{{block "name" pipe}}` at `pos` (its action starts at `start`); `outer` is the
    /// enclosing template's scope.
    Block {
        pos: usize,
        start: usize,
        name: String,
        pipe: Pipe,
        outer: Scope<'t>,
    },
    /// `{{define "name"}}`, its action starting at `start`.
    Define {
        start: usize,
        name: String,
        outer: Scope<'t>,
    },
}

/// An open `if`, `range` or `with`: the branches read (an `else if` chain has several), the
/// one being read, and whether its list is the final `else`.
pub(crate) struct Open {
    pub(crate) control: Control,
    /// How many variables were defined before it (its own are dropped at `{{end}}`).
    pub(crate) scope: usize,
    pub(crate) links: Vec<(usize, Pipe, Vec<Node>)>,
    pub(crate) branch: (usize, Pipe),
    pub(crate) in_else: bool,
}

/// `if`, `range` or `with`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Control {
    If,
    Range,
    With,
}

impl Control {
    pub(crate) fn context(self) -> &'static str {
        match self {
            Control::If => "if",
            Control::Range => "range",
            Control::With => "with",
        }
    }

    pub(crate) fn node(self, branch: Branch) -> Node {
        match self {
            Control::If => Node::If(branch),
            Control::Range => Node::Range(branch),
            Control::With => Node::With(branch),
        }
    }
}
