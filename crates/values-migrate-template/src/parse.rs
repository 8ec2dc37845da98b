//! Go's text/template parser (`text/template/parse/parse.go`): a file's items into its trees,
//! with Go's checks (functions defined, variables declared, `break` inside `range`) and words.
//! Go recurses into every body; this port keeps the open bodies on a stack of its own (and
//! pipelines, in `pipeline.rs`, likewise), so nesting costs heap, not call stack.

use crate::ast::{Node, Tree};
use crate::error::ParseError;
use crate::item::{Item, Kind, Lexed};
use crate::lex::lex;
use crate::steps::{Body, Control, Ending, Scope, Step};
use crate::strconv::unquote;

/// How deep parenthesized pipelines may nest: Go's `maxStackDepth` on wasm.
pub(crate) const MAX_PAREN_DEPTH: usize = 1000;

/// Parses one template file as Helm does (default delimiters): its top level first, then every
/// `define`/`block` in order.
pub fn parse(file: &str, text: &str) -> Result<Vec<Tree>, ParseError> {
    parse_limited(file, text, MAX_PAREN_DEPTH)
}

/// [`parse`] with another limit on nested parentheses (Go's tests use 3).
pub(crate) fn parse_limited(
    file: &str,
    text: &str,
    max_paren_depth: usize,
) -> Result<Vec<Tree>, ParseError> {
    let mut p = Parser {
        file,
        lexed: lex(text),
        at: 0,
        scope: Scope::fresh(0),
        max_paren_depth,
        trees: Vec::new(),
    };
    match p.file_trees() {
        Ok(trees) => Ok(trees),
        Err(fail) => Err(p.error(fail)),
    }
}

/// An error: where (a byte offset) and Go's message.
pub(crate) struct Fail {
    pos: usize,
    message: String,
}

/// The parser: the items, a cursor, and the trees `define` and `block` made so far.
pub(crate) struct Parser<'t> {
    pub file: &'t str,
    pub lexed: Lexed<'t>,
    /// The next item's index.
    pub at: usize,
    pub scope: Scope<'t>,
    pub max_paren_depth: usize,
    pub trees: Vec<Tree>,
}

impl<'t> Parser<'t> {
    pub(crate) fn next(&mut self) -> Item {
        let last = self.lexed.items.len().saturating_sub(1);
        let i = self.at.min(last);
        self.scope.seen = self.scope.seen.max(i);
        self.at = i + 1;
        self.lexed.items.get(i).copied().unwrap_or(Item {
            kind: Kind::Eof,
            pos: 0,
            end: 0,
        })
    }

    pub(crate) fn backup(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    pub(crate) fn peek(&mut self) -> Item {
        let item = self.next();
        self.backup();
        item
    }

    pub(crate) fn next_non_space(&mut self) -> Item {
        loop {
            let item = self.next();
            if item.kind != Kind::Space {
                return item;
            }
        }
    }

    pub(crate) fn peek_non_space(&mut self) -> Item {
        let item = self.next_non_space();
        self.backup();
        item
    }

    pub(crate) fn val(&self, item: Item) -> &'t str {
        self.lexed.val(item)
    }

    pub(crate) fn fail<T>(&self, pos: usize, message: String) -> Result<T, Fail> {
        Err(Fail { pos, message })
    }

    /// The error at Go's line (that of the furthest item the current template read), at
    /// `fail.pos` when it is on that line.
    fn error(&self, fail: Fail) -> ParseError {
        let text = self.lexed.text;
        let go_pos = self.lexed.items.get(self.scope.seen).map_or(0, |i| i.pos);
        let pos = if line(text, fail.pos) == line(text, go_pos) {
            fail.pos
        } else {
            go_pos
        };
        ParseError::new(self.file, text, pos, fail.message)
    }

    /// Go's `unexpected`: a lexer error as it is (with where its action started when that is on
    /// another line), any other item named.
    pub(crate) fn unexpected<T>(&self, item: Item, context: &str) -> Result<T, Fail> {
        if item.kind != Kind::Error {
            let message = format!("unexpected {} in {context}", self.lexed.describe(item));
            return self.fail(item.pos, message);
        }
        let mut message = self.lexed.error.clone();
        let text = self.lexed.text;
        if let Some(start) = self.scope.action_start.map(|a| line(text, a)) {
            if start != line(text, item.pos) {
                let extra = format!(" in action started at {}:{start}", self.file);
                match message.ends_with(" action") {
                    true => message.push_str(extra.get(" in action".len()..).unwrap_or("")),
                    false => message.push_str(&extra),
                }
            }
        }
        self.fail(item.pos, message)
    }

    pub(crate) fn expect(&mut self, kind: Kind, context: &str) -> Result<Item, Fail> {
        let item = self.next_non_space();
        if item.kind != kind {
            return self.unexpected(item, context);
        }
        Ok(item)
    }

    /// The file's top level, then the trees its `define`s and `block`s made.
    fn file_trees(&mut self) -> Result<Vec<Tree>, Fail> {
        let root = self.lists()?;
        let file = self.file.to_string();
        if let Some(i) = self.trees.iter().position(|t| t.name == file) {
            if self.is_empty(&self.trees[i].root) {
                self.trees.remove(i);
            } else if !self.is_empty(&root) {
                return self.multiple_definition(&file);
            }
        }
        let mut trees = vec![Tree {
            name: file.clone(),
            file,
            pos: 0,
            root,
        }];
        trees.append(&mut self.trees);
        Ok(trees)
    }

    /// At the top level, `{{define "name"}}` opens a definition (with a scope of its own).
    pub(crate) fn definition(&mut self) -> Result<Option<Body<'t>>, Fail> {
        const CONTEXT: &str = "define clause";
        if self.peek().kind != Kind::LeftDelim {
            return Ok(None);
        }
        let mark = self.at;
        let delim = self.next();
        if self.next_non_space().kind != Kind::Define {
            self.at = mark;
            return Ok(None);
        }
        let outer = std::mem::replace(&mut self.scope, Scope::fresh(self.at));
        let token = self.next_non_space();
        if !matches!(token.kind, Kind::String | Kind::RawString) {
            return self.unexpected(token, CONTEXT);
        }
        let name = self.unquote(token)?;
        self.expect(Kind::RightDelim, CONTEXT)?;
        Ok(Some(Body::Define {
            start: delim.pos,
            name,
            outer,
        }))
    }

    /// A text, a comment or an action.
    pub(crate) fn text_or_action(&mut self) -> Result<Step<'t>, Fail> {
        let token = self.next_non_space();
        match token.kind {
            Kind::Text => Ok(Step::Node(Node::Text {
                pos: token.pos,
                end: token.end,
            })),
            Kind::LeftDelim => {
                self.scope.action_start = Some(token.pos);
                let step = self.action()?;
                // Go clears `actionLine` when the action returns, after its body.
                if !matches!(step, Step::Open(_)) {
                    self.scope.action_start = None;
                }
                Ok(step)
            }
            Kind::Comment => Ok(Step::Node(Node::Comment { pos: token.pos })),
            _ => self.unexpected(token, "input"),
        }
    }

    /// The action after `{{`: a control keyword, or a pipeline.
    fn action(&mut self) -> Result<Step<'t>, Fail> {
        let token = self.next_non_space();
        let node = match token.kind {
            Kind::Block => return self.block_control(token.pos),
            Kind::Break | Kind::Continue => self.loop_control(token)?,
            Kind::Else => return self.else_control(token.pos),
            Kind::End => {
                self.expect(Kind::RightDelim, "end")?;
                return Ok(Step::End(Ending::End(token.pos)));
            }
            Kind::If => return self.open_control(Control::If, token.pos),
            Kind::Range => return self.open_control(Control::Range, token.pos),
            Kind::With => return self.open_control(Control::With, token.pos),
            Kind::Template => self.template_control(token.pos)?,
            _ => {
                self.backup();
                let pos = self.peek().pos;
                let pipe = self.pipeline("command", Kind::RightDelim)?;
                Node::Action { pos, pipe }
            }
        };
        Ok(Step::Node(node))
    }

    /// `{{break}}` or `{{continue}}`, only inside a `range` body.
    fn loop_control(&mut self, token: Item) -> Result<Node, Fail> {
        let name = self.val(token);
        let next = self.next_non_space();
        if next.kind != Kind::RightDelim {
            return self.unexpected(next, &format!("{{{{{name}}}}}"));
        }
        if self.scope.range_depth == 0 {
            return self.fail(token.pos, format!("{{{{{name}}}}} outside {{{{range}}}}"));
        }
        Ok(match token.kind {
            Kind::Break => Node::Break { pos: token.pos },
            _ => Node::Continue { pos: token.pos },
        })
    }

    /// `{{else}}`; `{{else if …}}` and `{{else with …}}` leave their keyword for the branch.
    fn else_control(&mut self, pos: usize) -> Result<Step<'t>, Fail> {
        let peek = self.peek_non_space();
        if !matches!(peek.kind, Kind::If | Kind::With) {
            self.expect(Kind::RightDelim, "else")?;
        }
        Ok(Step::End(Ending::Else(pos)))
    }

    /// `{{template "name" pipeline}}` (keyword read at `pos`).
    fn template_control(&mut self, pos: usize) -> Result<Node, Fail> {
        const CONTEXT: &str = "template clause";
        let token = self.next_non_space();
        let name = self.template_name(token, CONTEXT)?;
        let pipe = if self.next_non_space().kind != Kind::RightDelim {
            self.backup();
            Some(self.pipeline(CONTEXT, Kind::RightDelim)?)
        } else {
            None
        };
        Ok(Node::Template { pos, name, pipe })
    }

    /// `{{block "name" pipeline}}` (keyword read at `pos`): its body is a tree of its own, with
    /// a scope of its own.
    fn block_control(&mut self, pos: usize) -> Result<Step<'t>, Fail> {
        const CONTEXT: &str = "block clause";
        let token = self.next_non_space();
        let name = self.template_name(token, CONTEXT)?;
        let pipe = self.pipeline(CONTEXT, Kind::RightDelim)?;
        let start = self.scope.action_start.unwrap_or(pos);
        let outer = std::mem::replace(&mut self.scope, Scope::fresh(self.at));
        Ok(Step::Open(Body::Block {
            pos,
            start,
            name,
            pipe,
            outer,
        }))
    }

    fn template_name(&mut self, token: Item, context: &str) -> Result<String, Fail> {
        match token.kind {
            Kind::String | Kind::RawString => self.unquote(token),
            _ => self.unexpected(token, context),
        }
    }

    /// A string constant's value; Go's `strconv.Unquote` error otherwise.
    pub(crate) fn unquote(&self, token: Item) -> Result<String, Fail> {
        match unquote(self.val(token)) {
            Some(value) => Ok(value),
            None => self.fail(token.pos, "invalid syntax".into()),
        }
    }
}

/// The 1-based line of a byte offset.
fn line(text: &str, pos: usize) -> usize {
    let before = text.as_bytes().get(..pos).unwrap_or(text.as_bytes());
    1 + before.iter().filter(|&&b| b == b'\n').count()
}
