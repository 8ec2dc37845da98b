//! Go's pipeline grammar (`parse.go`'s `pipeline`, `command`, `operand`, `term`): declarations,
//! commands joined by `|`, operands with their fields, and constants checked as Go checks them.
//! A parenthesized pipeline inside an operand is read with a stack of its own, not by recursion.

use crate::ast::{Arg, Command, Pipe, Variable};
use crate::funcs::is_function;
use crate::item::{Item, Kind};
use crate::number::{Constant, check_number};
use crate::parse::{Fail, Parser};
use crate::strconv::quote;

/// How many commands one pipeline may have: Go's `maxPipelineCmds`.
const MAX_PIPELINE_CMDS: usize = 100_000;

/// A pipeline being read: its commands so far, the command being read, and what ends it.
struct Reading {
    pipe: Pipe,
    context: &'static str,
    end: Kind,
    /// The `(` that opened it, for a parenthesized pipeline.
    paren: Option<Item>,
    /// The command being read: where it starts, and its operands so far.
    command: (usize, Vec<Arg>),
}

/// Where a pipeline is in Go's grammar.
enum At {
    /// Before a command, or at the pipeline's end (Go's `pipeline` loop).
    Command,
    /// Before an operand (Go's `command` loop).
    Operand,
    /// After an operand: a space, `|`, or the end (Go's `command` loop).
    AfterOperand,
}

/// Whether an item can start a command (Go's `pipeline` switch).
fn starts_command(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Bool
            | Kind::CharConstant
            | Kind::Complex
            | Kind::Dot
            | Kind::Field
            | Kind::Identifier
            | Kind::Number
            | Kind::Nil
            | Kind::RawString
            | Kind::String
            | Kind::Variable
            | Kind::LeftParen
    )
}

impl Parser<'_> {
    /// A pipeline ending in `end` (`}}`): its declarations, then its commands, parenthesized
    /// pipelines among their operands read in the same loop.
    pub(crate) fn pipeline(&mut self, context: &'static str, end: Kind) -> Result<Pipe, Fail> {
        let mut outer: Vec<Reading> = Vec::new();
        let mut reading = self.open_pipeline(context, end, None)?;
        let mut at = At::Command;
        loop {
            at = match at {
                At::Command => {
                    let token = self.next_non_space();
                    if token.kind == reading.end {
                        self.check_pipeline(&reading.pipe, reading.context, token.pos)?;
                        let Some(enclosing) = outer.pop() else {
                            return Ok(reading.pipe);
                        };
                        self.scope.paren_depth = self.scope.paren_depth.saturating_sub(1);
                        let paren = reading.paren.unwrap_or(token);
                        let arg = self.fields(Arg::Pipe(Box::new(reading.pipe)), paren)?;
                        reading = enclosing;
                        reading.command.1.push(arg);
                        At::AfterOperand
                    } else if starts_command(token.kind) {
                        self.backup();
                        reading.command = (self.peek_non_space().pos, Vec::new());
                        At::Operand
                    } else {
                        return self.unexpected(token, reading.context);
                    }
                }
                At::Operand => {
                    self.peek_non_space();
                    let token = self.next_non_space();
                    if token.kind == Kind::LeftParen {
                        let inner = self.open_parenthesized(token)?;
                        outer.push(std::mem::replace(&mut reading, inner));
                        At::Command
                    } else {
                        if let Some(term) = self.term(token)? {
                            let arg = self.fields(term, token)?;
                            reading.command.1.push(arg);
                        }
                        At::AfterOperand
                    }
                }
                At::AfterOperand => {
                    let token = self.next();
                    match token.kind {
                        Kind::Space => At::Operand,
                        Kind::RightDelim | Kind::RightParen => {
                            self.backup();
                            self.end_command(&mut reading, token)?;
                            At::Command
                        }
                        Kind::Pipe => {
                            self.end_command(&mut reading, token)?;
                            At::Command
                        }
                        _ => return self.unexpected(token, "operand"),
                    }
                }
            };
        }
    }

    /// The start of a pipeline: where it is, and its declarations.
    fn open_pipeline(
        &mut self,
        context: &'static str,
        end: Kind,
        paren: Option<Item>,
    ) -> Result<Reading, Fail> {
        let pos = self.peek_non_space().pos;
        let mut pipe = Pipe::empty(pos);
        self.declarations(context, &mut pipe)?;
        Ok(Reading {
            pipe,
            context,
            end,
            paren,
            command: (pos, Vec::new()),
        })
    }

    /// `(` read: a parenthesized pipeline, no deeper than Go allows.
    fn open_parenthesized(&mut self, paren: Item) -> Result<Reading, Fail> {
        if self.scope.paren_depth >= self.max_paren_depth {
            return self.fail(paren.pos, "max expression depth exceeded".into());
        }
        self.scope.paren_depth += 1;
        self.open_pipeline("parenthesized pipeline", Kind::RightParen, Some(paren))
    }

    /// The command being read is complete (`token` ended it).
    fn end_command(&mut self, reading: &mut Reading, token: Item) -> Result<(), Fail> {
        let (pos, args) = std::mem::take(&mut reading.command);
        if args.is_empty() {
            return self.fail(pos, "empty command".into());
        }
        reading.pipe.cmds.push(Command { pos, args });
        if reading.pipe.cmds.len() > MAX_PIPELINE_CMDS {
            return self.fail(token.pos, "pipeline too long".into());
        }
        Ok(())
    }

    /// `$x :=`, `$x =`, or `$k, $v :=` in a range; a variable followed by anything else is left
    /// as the first operand.
    fn declarations(&mut self, context: &str, pipe: &mut Pipe) -> Result<(), Fail> {
        loop {
            let v = self.peek_non_space();
            if v.kind != Kind::Variable {
                return Ok(());
            }
            let mark = self.at;
            self.next();
            let next = self.peek_non_space();
            match next.kind {
                Kind::Assign | Kind::Declare => {
                    pipe.is_assign = next.kind == Kind::Assign;
                    self.next_non_space();
                    self.declare(pipe, v);
                    return Ok(());
                }
                Kind::Char if self.val(next) == "," => {
                    self.next_non_space();
                    self.declare(pipe, v);
                    if context == "range" && pipe.decl.len() < 2 {
                        let after = self.peek_non_space();
                        match after.kind {
                            Kind::Variable | Kind::RightDelim | Kind::RightParen => continue,
                            _ => {
                                let message = "range can only initialize variables".into();
                                return self.fail(after.pos, message);
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

    fn declare(&mut self, pipe: &mut Pipe, v: Item) {
        let name = self.val(v);
        pipe.decl.push(Variable {
            pos: v.pos,
            name: name.to_string(),
        });
        self.scope.vars.push(name);
    }

    /// Go's `checkPipeline`: a value is required, and only the first command may be a constant.
    fn check_pipeline(&self, pipe: &Pipe, context: &str, end: usize) -> Result<(), Fail> {
        if pipe.cmds.is_empty() {
            return self.fail(end, format!("missing value for {context}"));
        }
        for (i, command) in pipe.cmds.iter().enumerate().skip(1) {
            if let Some(
                Arg::Bool { .. }
                | Arg::Dot { .. }
                | Arg::Nil { .. }
                | Arg::Number { .. }
                | Arg::String { .. },
            ) = command.args.first()
            {
                let message = format!("non executable command in pipeline stage {}", i + 1);
                return self.fail(command.pos, message);
            }
        }
        Ok(())
    }

    /// The fields after a term (`.A.B`, `$x.A`, `(pipe).A`; `token` is the term's first item):
    /// a constant takes none.
    fn fields(&mut self, term: Arg, token: Item) -> Result<Arg, Fail> {
        if self.peek().kind != Kind::Field {
            return Ok(term);
        }
        let mut fields = Vec::new();
        while self.peek().kind == Kind::Field {
            let field = self.next();
            let name = self.val(field);
            fields.push(name.get(1..).unwrap_or(name).to_string());
        }
        Ok(match term {
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
            Arg::Bool { .. }
            | Arg::String { .. }
            | Arg::Number { .. }
            | Arg::Nil { .. }
            | Arg::Dot { .. } => {
                let message = format!("unexpected . after term {}", quote(self.val(token)));
                return self.fail(token.pos, message);
            }
            node => Arg::Chain {
                pos: token.pos,
                node: Box::new(node),
                fields,
            },
        })
    }

    /// The term `token` starts (not `(`, which the pipeline loop reads): a function, `.`,
    /// `nil`, a variable, a field or a constant; `None` (the item put back) for anything else.
    fn term(&mut self, token: Item) -> Result<Option<Arg>, Fail> {
        let pos = token.pos;
        let val = self.val(token);
        let arg = match token.kind {
            Kind::Identifier => {
                if !is_function(val) {
                    return self.fail(pos, format!("function {} not defined", quote(val)));
                }
                Arg::Identifier {
                    pos,
                    name: val.to_string(),
                }
            }
            Kind::Dot => Arg::Dot { pos },
            Kind::Nil => Arg::Nil { pos },
            Kind::Variable => {
                if !self.scope.vars.contains(&val) {
                    return self.fail(pos, format!("undefined variable {}", quote(val)));
                }
                Arg::Variable {
                    pos,
                    name: val.to_string(),
                    idents: Vec::new(),
                }
            }
            Kind::Field => Arg::Field {
                pos,
                idents: vec![val.get(1..).unwrap_or(val).to_string()],
            },
            Kind::Bool => Arg::Bool {
                pos,
                value: val == "true",
            },
            Kind::CharConstant | Kind::Complex | Kind::Number => {
                let kind = match token.kind {
                    Kind::CharConstant => Constant::Char,
                    Kind::Complex => Constant::Complex,
                    _ => Constant::Number,
                };
                if let Err(message) = check_number(val, kind) {
                    return self.fail(pos, message);
                }
                Arg::Number {
                    pos,
                    text: val.to_string(),
                }
            }
            Kind::String | Kind::RawString => Arg::String {
                pos,
                value: self.unquote(token)?,
            },
            _ => {
                self.backup();
                return Ok(None);
            }
        };
        Ok(Some(arg))
    }
}
