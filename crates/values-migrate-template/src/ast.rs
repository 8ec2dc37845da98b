//! The parse tree of Go's text/template, as `text/template/parse` builds it (positions are byte
//! offsets into the template's text).

/// A byte offset into the template's text.
pub type Pos = usize;

/// One parsed template: a file's top level, or a `define`/`block` body.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// The template's name: the file name for a file's top level, else the `define`d name.
    pub name: String,
    /// The file it was parsed from.
    pub file: String,
    /// Where the `define`/`block` action starts, its `{{` (0 for a file's top level).
    pub pos: Pos,
    /// The body.
    pub root: Vec<Node>,
}

/// A node of a template's list (Go's `ListNode` items); every `pos` is where the node starts:
/// a text's first byte, a comment's `/*`, an action's first token, a keyword.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Plain text between actions: the bytes `pos..end` (after any trim markers' trimming).
    Text { pos: Pos, end: Pos },
    /// A comment `{{/* … */}}`.
    Comment { pos: Pos },
    /// `{{pipeline}}`: its value is printed (unless it declares variables).
    Action { pos: Pos, pipe: Pipe },
    /// `{{if pipe}} list {{else}} else_list {{end}}`; `else if` is an `If` alone in `else_list`.
    If(Branch),
    /// `{{range pipe}} list {{else}} else_list {{end}}`.
    Range(Branch),
    /// `{{with pipe}} list {{else}} else_list {{end}}`; `else with` is a `With` alone in `else_list`.
    With(Branch),
    /// `{{template "name" pipe}}` (a `block` is a `define` plus this), at its keyword.
    Template {
        pos: Pos,
        name: String,
        pipe: Option<Pipe>,
    },
    /// `{{break}}` inside a range.
    Break { pos: Pos },
    /// `{{continue}}` inside a range.
    Continue { pos: Pos },
}

/// The parts of `if`, `range` and `with`.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    /// Where its keyword is (`if`, `range`, `with`; for `else if`, that `if`).
    pub pos: Pos,
    /// The pipeline tested (or ranged over).
    pub pipe: Pipe,
    /// The body.
    pub list: Vec<Node>,
    /// The `else` part, if any.
    pub else_list: Option<Vec<Node>>,
}

/// A pipeline: optional variable declarations and commands joined by `|`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pipe {
    /// Where it starts.
    pub pos: Pos,
    /// `$x = …` (an assignment) rather than `$x := …` (a declaration).
    pub is_assign: bool,
    /// The variables declared or assigned, in order (`$k, $v := …` in a range has two).
    pub decl: Vec<Variable>,
    /// The commands; the value of each is the last argument of the next.
    pub cmds: Vec<Command>,
}

/// A variable named in a declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// Where it is.
    pub pos: Pos,
    /// The name with its `$` (`$x`, or `$` alone).
    pub name: String,
}

/// One command of a pipeline: a function or method call, or a single operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// Where it starts.
    pub pos: Pos,
    /// The operands; the first is the function when it is an `Identifier`.
    pub args: Vec<Arg>,
}

/// An operand (Go's `FieldNode`, `VariableNode`, `IdentifierNode`, `ChainNode`, `PipeNode`,
/// `DotNode`, `NilNode`, `BoolNode`, `NumberNode`, `StringNode`); every `pos` is where it starts
/// (a parenthesized pipeline's is its first token's, after the `(`).
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// `.A.B`: fields of dot.
    Field { pos: Pos, idents: Vec<String> },
    /// `$x.A.B` (`$` alone is `name == "$"`); `idents` are the fields after the variable.
    Variable {
        pos: Pos,
        name: String,
        idents: Vec<String>,
    },
    /// A function name (`include`, `toYaml`, …).
    Identifier { pos: Pos, name: String },
    /// `(pipeline).A.B`, or fields of another operand.
    Chain {
        pos: Pos,
        node: Box<Arg>,
        fields: Vec<String>,
    },
    /// A parenthesized pipeline.
    Pipe(Box<Pipe>),
    /// `.`
    Dot { pos: Pos },
    /// `nil`
    Nil { pos: Pos },
    /// `true` or `false`.
    Bool { pos: Pos, value: bool },
    /// A number, character constant or complex number, as written.
    Number { pos: Pos, text: String },
    /// A string constant, unquoted.
    String { pos: Pos, value: String },
}

impl Arg {
    /// Where the operand starts.
    pub fn pos(&self) -> Pos {
        match self {
            Arg::Field { pos, .. }
            | Arg::Variable { pos, .. }
            | Arg::Identifier { pos, .. }
            | Arg::Chain { pos, .. }
            | Arg::Dot { pos }
            | Arg::Nil { pos }
            | Arg::Bool { pos, .. }
            | Arg::Number { pos, .. }
            | Arg::String { pos, .. } => *pos,
            Arg::Pipe(pipe) => pipe.pos,
        }
    }
}
