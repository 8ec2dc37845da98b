//! The lexer's items (Go's `item` and `itemType`), and how Go's messages name them.

use crate::strconv::quote;

/// What an item is (Go's `itemType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Error,
    Bool,
    Char,
    CharConstant,
    Comment,
    Complex,
    Assign,
    Declare,
    Eof,
    Field,
    Identifier,
    LeftDelim,
    LeftParen,
    Number,
    Pipe,
    RawString,
    RightDelim,
    RightParen,
    Space,
    String,
    Text,
    Variable,
    // Keywords (Go's `itemKeyword` and after).
    Block,
    Break,
    Continue,
    Dot,
    Define,
    Else,
    End,
    If,
    Nil,
    Range,
    Template,
    With,
}

impl Kind {
    fn is_keyword(self) -> bool {
        matches!(
            self,
            Kind::Block
                | Kind::Break
                | Kind::Continue
                | Kind::Dot
                | Kind::Define
                | Kind::Else
                | Kind::End
                | Kind::If
                | Kind::Nil
                | Kind::Range
                | Kind::Template
                | Kind::With
        )
    }
}

/// One item: its kind and its text `pos..end` (an `Error` item's message is [`Lexed::error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub kind: Kind,
    pub pos: usize,
    pub end: usize,
}

/// The items of a text, and the message of the final `Error` item if there is one.
#[derive(Debug)]
pub(crate) struct Lexed<'t> {
    pub text: &'t str,
    pub items: Vec<Item>,
    pub error: String,
}

impl<'t> Lexed<'t> {
    /// The item's text (Go's `item.val`).
    pub(crate) fn val(&self, item: Item) -> &'t str {
        match item.kind {
            Kind::Error => "",
            _ => self.text.get(item.pos..item.end).unwrap_or(""),
        }
    }

    /// The item as Go's `item.String()` writes it in messages.
    pub(crate) fn describe(&self, item: Item) -> String {
        let val = self.val(item);
        match item.kind {
            Kind::Eof => "EOF".to_string(),
            Kind::Error => self.error.clone(),
            kind if kind.is_keyword() => format!("<{val}>"),
            // `%.10q...`: more than ten bytes, cut at ten characters.
            _ if val.len() > 10 => {
                let cut = val.char_indices().nth(10).map_or(val.len(), |(i, _)| i);
                format!("{}...", quote(val.get(..cut).unwrap_or(val)))
            }
            _ => quote(val),
        }
    }
}
