//! Go's text/template parser (`text/template/parse/parse.go`): a file's items into its trees,
//! with Go's checks (functions defined, variables declared, `break` inside `range`) and words.

use crate::ast::{Arg, Branch, Command, Node, Pipe, Tree, Variable};
use crate::error::ParseError;
use crate::funcs::is_function;
use crate::lex::{Item, Kind, lex};
use crate::number::check_number;

/// How deep parenthesized pipelines and control structures may nest (real charts nest under 20).
const MAX_DEPTH: usize = 100;

/// Parses one template file as Helm does (default delimiters): its top level first, then every
/// `define`/`block` in order.
pub fn parse(file: &str, text: &str) -> Result<Vec<Tree>, ParseError> {
    let mut p = Parser {
        file,
        text,
        action: None,
        items: lex(text),
        at: 0,
        vars: vec!["$".to_string()],
        range_depth: 0,
        depth: 0,
        trees: Vec::new(),
    };
    let root = p
        .top()
        .map_err(|(pos, message)| ParseError::new(file, text, pos, message))?;
    let mut trees = vec![Tree {
        name: file.to_string(),
        file: file.to_string(),
        pos: 0,
        root,
    }];
    trees.append(&mut p.trees);
    Ok(trees)
}

/// An error: the byte offset and Go's message.
type Fail = (usize, String);

struct Parser<'f> {
    file: &'f str,
    text: &'f str,
    /// Where the action being parsed starts (Go's `actionLine`).
    action: Option<usize>,
    items: Vec<Item>,
    at: usize,
    vars: Vec<String>,
    range_depth: usize,
    depth: usize,
    trees: Vec<Tree>,
}

/// What ends a list: `{{end}}` or `{{else}}`.
enum Ending {
    End,
    Else,
}

impl Parser<'_> {
    fn peek(&self) -> &Item {
        let last = self.items.len().saturating_sub(1);
        &self.items[self.at.min(last)]
    }

    fn next(&mut self) -> Item {
        let item = self.peek().clone();
        if self.at < self.items.len() {
            self.at += 1;
        }
        item
    }

    fn backup(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    fn next_non_space(&mut self) -> Item {
        loop {
            let item = self.next();
            if item.kind != Kind::Space {
                return item;
            }
        }
    }

    fn peek_non_space(&mut self) -> Item {
        let item = self.next_non_space();
        self.backup();
        item
    }

    fn fail<T>(&self, pos: usize, message: String) -> Result<T, Fail> {
        Err((pos, message))
    }

    /// Go's `unexpected`: a lexer error as it is (with where its action started, when that is
    /// another line), anything else named.
    fn unexpected<T>(&self, item: &Item, context: &str) -> Result<T, Fail> {
        if item.kind == Kind::Error {
            let mut message = item.val.clone();
            if let Some(start) = self
                .action
                .map(|a| self.line(a))
                .filter(|l| *l != self.line(item.pos))
            {
                let started = format!(" in action started at {}:{start}", self.file);
                match message.ends_with(" action") {
                    true => message.push_str(&started[" in action".len()..]),
                    false => message.push_str(&started),
                }
            }
            return self.fail(item.pos, message);
        }
        self.fail(
            item.pos,
            format!("unexpected {} in {context}", item.describe()),
        )
    }

    /// The 1-based line of a byte offset.
    fn line(&self, pos: usize) -> usize {
        1 + self.text.as_bytes()[..pos.min(self.text.len())]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
    }

    fn expect(&mut self, kind: Kind, context: &str) -> Result<Item, Fail> {
        let item = self.next_non_space();
        if item.kind != kind {
            return self.unexpected(&item, context);
        }
        Ok(item)
    }

    /// The top level: text, actions and `define`s until the end.
    fn top(&mut self) -> Result<Vec<Node>, Fail> {
        let mut root = Vec::new();
        while self.peek().kind != Kind::Eof {
            if self.peek().kind == Kind::LeftDelim {
                let mark = self.at;
                let delim = self.next();
                if self.next_non_space().kind == Kind::Define {
                    self.definition(delim.pos)?;
                    continue;
                }
                self.at = mark;
            }
            match self.text_or_action()? {
                Ok(node) => root.push(node),
                Err((Ending::End, pos)) => return self.fail(pos, "unexpected {{end}}".into()),
                Err((Ending::Else, pos)) => return self.fail(pos, "unexpected {{else}}".into()),
            }
        }
        Ok(root)
    }

    /// `{{define "name"}} … {{end}}`: a tree of its own, with its own variables.
    fn definition(&mut self, pos: usize) -> Result<(), Fail> {
        let context = "define clause";
        let token = self.next_non_space();
        let name = self.template_name(&token, context)?;
        self.expect(Kind::RightDelim, context)?;
        let vars = std::mem::replace(&mut self.vars, vec!["$".to_string()]);
        let (root, ending, at) = self.item_list()?;
        self.vars = vars;
        if let Ending::Else = ending {
            return self.fail(at, format!("unexpected {{{{else}}}} in {context}"));
        }
        self.trees.push(Tree {
            name,
            file: self.file.to_string(),
            pos,
            root,
        });
        Ok(())
    }

    /// Nodes up to `{{end}}` or `{{else}}`; the end of the text is an error.
    fn item_list(&mut self) -> Result<(Vec<Node>, Ending, usize), Fail> {
        let mut list = Vec::new();
        while self.peek_non_space().kind != Kind::Eof {
            match self.text_or_action()? {
                Ok(node) => list.push(node),
                Err((ending, pos)) => return Ok((list, ending, pos)),
            }
        }
        let pos = self.peek().pos;
        self.fail(pos, "unexpected EOF".into())
    }

    /// A text node or an action; `Err` carries a list's ending.
    fn text_or_action(&mut self) -> Result<Result<Node, (Ending, usize)>, Fail> {
        let token = self.next_non_space();
        match token.kind {
            Kind::Text => Ok(Ok(Node::Text { pos: token.pos })),
            Kind::LeftDelim => {
                let outer = self.action.replace(token.pos);
                let node = self.action();
                self.action = outer;
                node
            }
            _ => self.unexpected(&token, "input"),
        }
    }

    /// The action after `{{`.
    fn action(&mut self) -> Result<Result<Node, (Ending, usize)>, Fail> {
        let token = self.next_non_space();
        let node = match token.kind {
            Kind::Block => self.block(token.pos)?,
            Kind::Break | Kind::Continue => self.loop_control(&token)?,
            Kind::Else => return self.else_control(token.pos).map(Err),
            Kind::End => {
                self.expect(Kind::RightDelim, "end")?;
                return Ok(Err((Ending::End, token.pos)));
            }
            Kind::If => Node::If(self.control("if", token.pos)?),
            Kind::Range => Node::Range(self.control("range", token.pos)?),
            Kind::With => Node::With(self.control("with", token.pos)?),
            Kind::Template => self.template(token.pos)?,
            _ => {
                self.backup();
                let pos = self.peek().pos;
                let pipe = self.pipeline("command", Kind::RightDelim)?;
                Node::Action { pos, pipe }
            }
        };
        Ok(Ok(node))
    }

    fn loop_control(&mut self, token: &Item) -> Result<Node, Fail> {
        let name = if token.kind == Kind::Break {
            "break"
        } else {
            "continue"
        };
        let next = self.next_non_space();
        if next.kind != Kind::RightDelim {
            return self.unexpected(&next, &format!("{{{{{name}}}}}"));
        }
        if self.range_depth == 0 {
            return self.fail(token.pos, format!("{{{{{name}}}}} outside {{{{range}}}}"));
        }
        Ok(match token.kind {
            Kind::Break => Node::Break { pos: token.pos },
            _ => Node::Continue { pos: token.pos },
        })
    }

    /// `{{else}}`, `{{else if …}}` or `{{else with …}}` (the latter two left for `control`).
    fn else_control(&mut self, pos: usize) -> Result<(Ending, usize), Fail> {
        let peek = self.peek_non_space();
        if matches!(peek.kind, Kind::If | Kind::With) {
            return Ok((Ending::Else, pos));
        }
        self.expect(Kind::RightDelim, "else")?;
        Ok((Ending::Else, pos))
    }

    /// The body and `else` of `if`, `range` or `with`.
    fn control(&mut self, context: &str, pos: usize) -> Result<Branch, Fail> {
        self.enter(pos)?;
        let scope = self.vars.len();
        let pipe = self.pipeline(context, Kind::RightDelim)?;
        if context == "range" {
            self.range_depth += 1;
        }
        let (list, ending, _) = self.item_list()?;
        if context == "range" {
            self.range_depth -= 1;
        }
        let else_list = match ending {
            Ending::End => None,
            Ending::Else => Some(self.else_part(context)?),
        };
        self.vars.truncate(scope);
        self.depth -= 1;
        Ok(Branch {
            pos,
            pipe,
            list,
            else_list,
        })
    }

    /// What follows `{{else`: a chained `if`/`with` (which takes the `{{end}}`), or a list.
    fn else_part(&mut self, context: &str) -> Result<Vec<Node>, Fail> {
        let chained = match (context, self.peek().kind) {
            ("if", Kind::If) => Some(Kind::If),
            ("with", Kind::With) => Some(Kind::With),
            _ => None,
        };
        if let Some(kind) = chained {
            let token = self.next();
            let branch = self.control(context, token.pos)?;
            return Ok(vec![if kind == Kind::If {
                Node::If(branch)
            } else {
                Node::With(branch)
            }]);
        }
        let (list, ending, at) = self.item_list()?;
        if let Ending::Else = ending {
            return self.fail(at, "expected end; found {{else}}".into());
        }
        Ok(list)
    }

    fn enter(&mut self, pos: usize) -> Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail(pos, "nesting too deep".into());
        }
        Ok(())
    }

    /// `{{template "name" pipeline}}`.
    fn template(&mut self, pos: usize) -> Result<Node, Fail> {
        let context = "template clause";
        let token = self.next_non_space();
        let name = self.template_name(&token, context)?;
        let pipe = if self.next_non_space().kind != Kind::RightDelim {
            self.backup();
            Some(self.pipeline(context, Kind::RightDelim)?)
        } else {
            None
        };
        Ok(Node::Template { pos, name, pipe })
    }

    /// `{{block "name" pipeline}} … {{end}}`: a define and a template call.
    fn block(&mut self, pos: usize) -> Result<Node, Fail> {
        let context = "block clause";
        let token = self.next_non_space();
        let name = self.template_name(&token, context)?;
        let pipe = self.pipeline(context, Kind::RightDelim)?;
        let vars = std::mem::replace(&mut self.vars, vec!["$".to_string()]);
        let (root, ending, at) = self.item_list()?;
        self.vars = vars;
        if let Ending::Else = ending {
            return self.fail(at, format!("unexpected {{{{else}}}} in {context}"));
        }
        self.trees.push(Tree {
            name: name.clone(),
            file: self.file.to_string(),
            pos,
            root,
        });
        Ok(Node::Template {
            pos,
            name,
            pipe: Some(pipe),
        })
    }

    fn template_name(&self, token: &Item, context: &str) -> Result<String, Fail> {
        match token.kind {
            Kind::String | Kind::RawString => {
                unquote(&token.val).ok_or_else(|| (token.pos, "invalid syntax".to_string()))
            }
            _ => self.unexpected(token, context),
        }
    }

    /// A pipeline ending in `end`: its declarations, then its commands.
    fn pipeline(&mut self, context: &str, end: Kind) -> Result<Pipe, Fail> {
        let pos = self.peek_non_space().pos;
        let mut pipe = Pipe {
            pos,
            is_assign: false,
            decl: Vec::new(),
            cmds: Vec::new(),
        };
        self.declarations(context, &mut pipe)?;
        loop {
            let token = self.next_non_space();
            match token.kind {
                kind if kind == end => {
                    self.check_pipeline(&pipe, context, token.pos)?;
                    return Ok(pipe);
                }
                Kind::Bool
                | Kind::CharConstant
                | Kind::Dot
                | Kind::Field
                | Kind::Identifier
                | Kind::Number
                | Kind::Nil
                | Kind::RawString
                | Kind::String
                | Kind::Variable
                | Kind::LeftParen => {
                    self.backup();
                    let command = self.command()?;
                    pipe.cmds.push(command);
                }
                _ => return self.unexpected(&token, context),
            }
        }
    }

    /// `$x :=`, `$x =`, or `$k, $v :=` in a range.
    fn declarations(&mut self, context: &str, pipe: &mut Pipe) -> Result<(), Fail> {
        loop {
            let v = self.peek_non_space();
            if v.kind != Kind::Variable {
                return Ok(());
            }
            let mark = self.at;
            self.next_non_space();
            let next = self.peek_non_space();
            match next.kind {
                Kind::Assign | Kind::Declare => {
                    pipe.is_assign = next.kind == Kind::Assign;
                    self.next_non_space();
                    self.declare(pipe, &v);
                    return Ok(());
                }
                Kind::Char if next.val == "," => {
                    self.next_non_space();
                    self.declare(pipe, &v);
                    if context == "range" && pipe.decl.len() < 2 {
                        match self.peek_non_space().kind {
                            Kind::Variable | Kind::RightDelim | Kind::RightParen => continue,
                            _ => {
                                return self
                                    .fail(next.pos, "range can only initialize variables".into());
                            }
                        }
                    }
                    return self.fail(next.pos, format!("too many declarations in {context}"));
                }
                _ => {
                    self.at = mark;
                    return Ok(());
                }
            }
        }
    }

    fn declare(&mut self, pipe: &mut Pipe, v: &Item) {
        pipe.decl.push(Variable {
            pos: v.pos,
            name: v.val.clone(),
        });
        self.vars.push(v.val.clone());
    }

    fn check_pipeline(&self, pipe: &Pipe, context: &str, pos: usize) -> Result<(), Fail> {
        if pipe.cmds.is_empty() {
            return self.fail(pos, format!("missing value for {context}"));
        }
        for (i, cmd) in pipe.cmds.iter().enumerate().skip(1) {
            if let Some(
                first @ (Arg::Bool { .. }
                | Arg::Dot { .. }
                | Arg::Nil { .. }
                | Arg::Number { .. }
                | Arg::String { .. }),
            ) = cmd.args.first()
            {
                let _ = first;
                return self.fail(
                    cmd.pos,
                    format!("non executable command in pipeline stage {}", i + 1),
                );
            }
        }
        Ok(())
    }

    /// One command: operands separated by spaces, up to `|`, `)` or `}}`.
    fn command(&mut self) -> Result<Command, Fail> {
        let pos = self.peek_non_space().pos;
        let mut args = Vec::new();
        loop {
            self.peek_non_space();
            if let Some(operand) = self.operand()? {
                args.push(operand);
            }
            let token = self.next();
            match token.kind {
                Kind::Space => continue,
                Kind::RightDelim | Kind::RightParen => self.backup(),
                Kind::Pipe => {}
                _ => return self.unexpected(&token, "operand"),
            }
            break;
        }
        if args.is_empty() {
            return self.fail(pos, "empty command".into());
        }
        Ok(Command { pos, args })
    }

    /// A term and the fields after it.
    fn operand(&mut self) -> Result<Option<Arg>, Fail> {
        let Some(term) = self.term()? else {
            return Ok(None);
        };
        if self.peek().kind != Kind::Field {
            return Ok(Some(term));
        }
        let mut fields = Vec::new();
        while self.peek().kind == Kind::Field {
            let field = self.next();
            fields.push(field.val.trim_start_matches('.').to_string());
        }
        Ok(Some(match term {
            Arg::Field { pos, mut idents } => {
                idents.append(&mut fields);
                Arg::Field { pos, idents }
            }
            Arg::Variable {
                pos,
                name,
                mut idents,
            } => {
                idents.append(&mut fields);
                Arg::Variable { pos, name, idents }
            }
            Arg::Bool { pos, .. }
            | Arg::String { pos, .. }
            | Arg::Number { pos, .. }
            | Arg::Nil { pos }
            | Arg::Dot { pos } => {
                let shown = self
                    .items
                    .iter()
                    .find(|i| i.pos == pos)
                    .map(|i| i.val.clone());
                let shown = shown.unwrap_or_default();
                return self.fail(
                    pos,
                    format!("unexpected . after term {}", crate::lex::quote(&shown)),
                );
            }
            node => Arg::Chain {
                pos: node.pos(),
                node: Box::new(node),
                fields,
            },
        }))
    }

    /// One term: a function, `.`, `nil`, a variable, a field, a constant or a parenthesized pipeline.
    fn term(&mut self) -> Result<Option<Arg>, Fail> {
        let token = self.next_non_space();
        let pos = token.pos;
        Ok(Some(match token.kind {
            Kind::Identifier => {
                if !is_function(&token.val) {
                    return self.fail(
                        pos,
                        format!("function {} not defined", crate::lex::quote(&token.val)),
                    );
                }
                Arg::Identifier {
                    pos,
                    name: token.val,
                }
            }
            Kind::Dot => Arg::Dot { pos },
            Kind::Nil => Arg::Nil { pos },
            Kind::Variable => {
                if !self.vars.contains(&token.val) {
                    return self.fail(
                        pos,
                        format!("undefined variable {}", crate::lex::quote(&token.val)),
                    );
                }
                Arg::Variable {
                    pos,
                    name: token.val,
                    idents: Vec::new(),
                }
            }
            Kind::Field => Arg::Field {
                pos,
                idents: vec![token.val.trim_start_matches('.').to_string()],
            },
            Kind::Bool => Arg::Bool {
                pos,
                value: token.val == "true",
            },
            Kind::CharConstant | Kind::Number => {
                check_number(&token.val).map_err(|m| (pos, m))?;
                Arg::Number {
                    pos,
                    text: token.val,
                }
            }
            Kind::LeftParen => {
                self.enter(pos)?;
                let pipe = self.pipeline("parenthesized pipeline", Kind::RightParen)?;
                self.depth -= 1;
                Arg::Pipe(Box::new(pipe))
            }
            Kind::String | Kind::RawString => {
                let value =
                    unquote(&token.val).ok_or_else(|| (pos, "invalid syntax".to_string()))?;
                Arg::String { pos, value }
            }
            _ => {
                self.backup();
                return Ok(None);
            }
        }))
    }
}

/// A Go string literal's value: raw (backquoted) as it is, interpreted with Go's escapes.
pub(crate) fn unquote(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('`') {
        return raw.strip_suffix('`').map(|r| r.replace('\r', ""));
    }
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    crate::number::unescape(inner, '"')
}
