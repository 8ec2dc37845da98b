//! Trees written back as Go's `Node.String()` writes them (`{{if .X}}"hello"{{end}}`), given the
//! text they were parsed from (a text node, comment or string keeps only its offset).

use crate::ast::{Arg, Branch, Command, Node, Pipe, Tree};
use crate::strconv::quote;
use std::fmt::{self, Display, Formatter, Write};

/// A list of nodes shown as Go's `String()` does; with `{:#}`, text is quoted as Go's tests
/// print it (`textFormat = "%q"`).
pub struct GoString<'a> {
    nodes: &'a [Node],
    text: &'a str,
}

impl Tree {
    /// The tree as Go's `tree.Root.String()` writes it; `text` is the file it was parsed from.
    pub fn display<'a>(&'a self, text: &'a str) -> GoString<'a> {
        GoString {
            nodes: &self.root,
            text,
        }
    }
}

impl Node {
    /// The node as Go's `String()` writes it; `text` is the file it was parsed from.
    pub fn display<'a>(&'a self, text: &'a str) -> GoString<'a> {
        GoString {
            nodes: std::slice::from_ref(self),
            text,
        }
    }
}

impl Pipe {
    /// The pipeline as Go's `PipeNode.String()` writes it; `text` is the file it was parsed from.
    pub fn go_string(&self, text: &str) -> String {
        let mut out = Printer::new(text);
        out.pipe(self);
        out.out
    }
}

impl Command {
    /// The command as Go's `CommandNode.String()` writes it.
    pub fn go_string(&self, text: &str) -> String {
        let mut out = Printer::new(text);
        out.command(self);
        out.out
    }
}

impl Arg {
    /// The operand as Go's `Node.String()` writes it.
    pub fn go_string(&self, text: &str) -> String {
        let mut out = Printer::new(text);
        out.arg(self);
        out.out
    }
}

impl Display for GoString<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut out = Printer {
            out: String::new(),
            text: self.text,
            quote_text: f.alternate(),
        };
        out.list(self.nodes);
        f.write_str(&out.out)
    }
}

/// A comment at `pos` (its `/*`), through its `*/`.
fn comment_extent(text: &str, pos: usize) -> &str {
    let rest = text.get(pos..).unwrap_or("");
    match rest.get(2..).and_then(|r| r.find("*/")) {
        Some(x) => rest.get(..x + 4).unwrap_or(rest),
        None => rest,
    }
}

/// A string constant at `pos` as written, quotes included.
fn string_extent(text: &str, pos: usize) -> Option<&str> {
    let rest = text.get(pos..)?;
    let mut chars = rest.char_indices();
    let (_, open) = chars.next()?;
    let mut escaped = false;
    for (i, c) in chars {
        match c {
            _ if escaped => escaped = false,
            '\\' if open == '"' => escaped = true,
            c if c == open => return rest.get(..i + 1),
            _ => {}
        }
    }
    None
}

/// The output being written.
struct Printer<'a> {
    out: String,
    text: &'a str,
    quote_text: bool,
}

impl<'a> Printer<'a> {
    fn new(text: &'a str) -> Printer<'a> {
        Printer {
            out: String::new(),
            text,
            quote_text: false,
        }
    }

    fn list(&mut self, nodes: &[Node]) {
        nodes.iter().for_each(|node| self.node(node));
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Text { pos, end } => {
                let text = self.text.get(*pos..*end).unwrap_or("");
                match self.quote_text {
                    true => self.out.push_str(&quote(text)),
                    false => self.out.push_str(text),
                }
            }
            Node::Comment { pos } => {
                let comment = comment_extent(self.text, *pos);
                let _ = write!(self.out, "{{{{{comment}}}}}");
            }
            Node::Action { pipe, .. } => {
                self.out.push_str("{{");
                self.pipe(pipe);
                self.out.push_str("}}");
            }
            Node::If(branch) => self.branch("if", branch),
            Node::Range(branch) => self.branch("range", branch),
            Node::With(branch) => self.branch("with", branch),
            Node::Template { name, pipe, .. } => {
                let _ = write!(self.out, "{{{{template {}", quote(name));
                if let Some(pipe) = pipe {
                    self.out.push(' ');
                    self.pipe(pipe);
                }
                self.out.push_str("}}");
            }
            Node::Break { .. } => self.out.push_str("{{break}}"),
            Node::Continue { .. } => self.out.push_str("{{continue}}"),
        }
    }

    fn branch(&mut self, name: &str, branch: &Branch) {
        let _ = write!(self.out, "{{{{{name} ");
        self.pipe(&branch.pipe);
        self.out.push_str("}}");
        self.list(&branch.list);
        if let Some(else_list) = &branch.else_list {
            self.out.push_str("{{else}}");
            self.list(else_list);
        }
        self.out.push_str("{{end}}");
    }

    fn pipe(&mut self, pipe: &Pipe) {
        for (i, variable) in pipe.decl.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&variable.name);
        }
        if !pipe.decl.is_empty() {
            self.out
                .push_str(if pipe.is_assign { " = " } else { " := " });
        }
        for (i, command) in pipe.cmds.iter().enumerate() {
            if i > 0 {
                self.out.push_str(" | ");
            }
            self.command(command);
        }
    }

    fn command(&mut self, command: &Command) {
        for (i, arg) in command.args.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            self.arg(arg);
        }
    }

    fn arg(&mut self, arg: &Arg) {
        match arg {
            Arg::Field { idents, .. } => idents.iter().for_each(|i| {
                self.out.push('.');
                self.out.push_str(i);
            }),
            Arg::Variable { name, idents, .. } => {
                self.out.push_str(name);
                idents.iter().for_each(|i| {
                    self.out.push('.');
                    self.out.push_str(i);
                });
            }
            Arg::Identifier { name, .. } => self.out.push_str(name),
            Arg::Chain { node, fields, .. } => {
                self.arg(node);
                fields.iter().for_each(|f| {
                    self.out.push('.');
                    self.out.push_str(f);
                });
            }
            Arg::Pipe(pipe) => {
                self.out.push('(');
                self.pipe(pipe);
                self.out.push(')');
            }
            Arg::Dot { .. } => self.out.push('.'),
            Arg::Nil { .. } => self.out.push_str("nil"),
            Arg::Bool { value, .. } => self.out.push_str(if *value { "true" } else { "false" }),
            Arg::Number { text, .. } => self.out.push_str(text),
            Arg::String { pos, value } => match string_extent(self.text, *pos) {
                Some(written) => self.out.push_str(written),
                None => self.out.push_str(&quote(value)),
            },
        }
    }
}
