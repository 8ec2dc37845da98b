//! Where an error arises, as Go's `ErrorContext` names it: the node being evaluated, its position
//! as Go's parser records it, and its text as Go's `Node.String()` writes it.

use values_migrate_template::{Arg, Command, Node, Pipe};

/// The node evaluation is at (Go's `state.node`), for errors.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At<'t> {
    /// Nothing yet (Go's `s.node == nil`).
    Nowhere,
    /// A node of a list.
    Node(&'t Node),
    /// A list of nodes (a body).
    List(&'t [Node]),
    /// A pipeline.
    Pipe(&'t Pipe),
    /// A command of a pipeline.
    Cmd(&'t Command),
    /// An operand.
    Arg(&'t Arg),
}

impl<'t> At<'t> {
    /// The operand, or its pipeline when it is a parenthesized one (Go's `PipeNode` itself).
    pub(crate) fn arg(arg: &'t Arg) -> At<'t> {
        match arg {
            Arg::Pipe(pipe) => At::Pipe(pipe),
            _ => At::Arg(arg),
        }
    }

    /// Go's `Node.String()` of the node.
    pub(crate) fn context(&self, text: &str) -> String {
        match self {
            At::Nowhere => String::new(),
            At::Node(node) => node.display(text).to_string(),
            At::List(nodes) => nodes.iter().map(|n| n.display(text).to_string()).collect(),
            At::Pipe(pipe) => pipe.go_string(text),
            At::Cmd(cmd) => cmd.go_string(text),
            At::Arg(arg) => arg.go_string(text),
        }
    }

    /// The byte offset Go's parser gives the node.
    pub(crate) fn pos(&self, text: &str) -> usize {
        match self {
            At::Nowhere => 0,
            At::Node(node) => node_pos(node, text),
            At::List(nodes) => nodes.first().map_or(0, |n| node_pos(n, text)),
            At::Pipe(pipe) => pipe.pos,
            At::Cmd(cmd) => cmd.pos,
            At::Arg(arg) => arg_pos(arg, text),
        }
    }
}

/// Go's position of a node: control structures at their pipeline, `template` at its name.
fn node_pos(node: &Node, text: &str) -> usize {
    match node {
        Node::Text { pos, .. }
        | Node::Comment { pos }
        | Node::Action { pos, .. }
        | Node::Break { pos }
        | Node::Continue { pos } => *pos,
        Node::If(b) | Node::Range(b) | Node::With(b) => b.pipe.pos,
        Node::Template { pos, .. } => {
            let rest = text.get(*pos..).unwrap_or("");
            let word = rest.len()
                - rest
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .len();
            let after = rest.get(word..).unwrap_or("");
            let space = after.len() - after.trim_start_matches([' ', '\t', '\r', '\n']).len();
            pos + word + space
        }
    }
}

/// Go's position of an operand: a chain of fields is at its second field (Go's parser makes the
/// chain at the first field after the term, then turns `.A.B` and `$x.A` back into one node).
fn arg_pos(arg: &Arg, text: &str) -> usize {
    match arg {
        Arg::Field { pos, idents } if idents.len() > 1 => {
            pos + 1 + idents.first().map_or(0, String::len)
        }
        Arg::Variable { pos, name, idents } if !idents.is_empty() => pos + name.len(),
        Arg::Chain { pos, .. } => term_end(text, *pos),
        other => other.pos(),
    }
}

/// The end of the term at `pos`: a parenthesized pipeline through its `)`, a quoted constant
/// through its closing quote, else a run of a word's characters.
fn term_end(text: &str, pos: usize) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(pos) {
        Some(b'(') => matching_paren(bytes, pos),
        Some(&q @ (b'"' | b'`' | b'\'')) => skip_quoted(bytes, pos, q),
        Some(b'.') => pos + 1,
        _ => bytes
            .iter()
            .skip(pos)
            .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80))
            .map_or(bytes.len(), |n| pos + n),
    }
}

/// The offset after the quoted constant opening at `pos`.
fn skip_quoted(bytes: &[u8], pos: usize, quote: u8) -> usize {
    let mut i = pos + 1;
    while let Some(&b) = bytes.get(i) {
        if b == b'\\' && quote != b'`' {
            i += 2;
            continue;
        }
        if b == quote {
            return i + 1;
        }
        i += 1;
    }
    bytes.len()
}

/// The offset after the `)` that closes the `(` at `pos`.
fn matching_paren(bytes: &[u8], pos: usize) -> usize {
    let mut depth = 0usize;
    let mut i = pos;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' | b'`' | b'\'' => {
                i = skip_quoted(bytes, i, b);
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Go's `ErrorContext` location: `NAME:LINE:COL`, the column a 0-based byte count in its line
/// (on the first line, the offset itself).
pub(crate) fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = text.get(..pos).unwrap_or(text);
    let line = 1 + before.matches('\n').count();
    let column = match before.rfind('\n') {
        Some(nl) => pos - (nl + 1),
        None => pos,
    };
    (line, column)
}
