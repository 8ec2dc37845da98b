//! Go's text/template syntax as Helm parses it: a port of Go's `text/template/parse` (lexer and
//! parser), giving each file's trees (its top level and every `define`/`block`) with byte offsets.
#![warn(missing_docs)]

pub mod ast;
mod body;
mod error;
mod funcs;
mod item;
mod lex;
mod number;
mod parse;
mod pipeline;
mod print;
mod steps;
mod strconv;

pub use ast::{Arg, Branch, Command, Node, Pipe, Pos, Tree, Variable};
pub use error::ParseError;
pub use number::{Number, number};
pub use parse::parse;
pub use print::GoString;

#[cfg(test)]
mod go_tests;
