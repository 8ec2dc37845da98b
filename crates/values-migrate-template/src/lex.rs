//! Go's text/template lexer (`text/template/parse/lex.go`) with the default delimiters and with
//! `break`/`continue` as keywords (Helm defines no such functions): the text becomes items, the
//! last one `Eof` or `Error`. Comments are items, as with Go's `ParseComments` mode.

use crate::item::{Item, Kind, Lexed};
use crate::strconv::{quote, unicode_name};
use values_migrate_unicode::{is_digit, is_letter};

const LEFT_DELIM: &str = "{{";
const RIGHT_DELIM: &str = "}}";
const LEFT_COMMENT: &str = "/*";
const RIGHT_COMMENT: &str = "*/";
/// A trim marker and the space beside it (`- ` after `{{`, ` -` before `}}`).
const TRIM_MARKER_LEN: usize = 2;

/// Go's `isSpace`: the characters trim markers trim and actions separate arguments with.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// Go's `isAlphaNumeric`.
pub(crate) fn is_alphanumeric(c: char) -> bool {
    c == '_' || is_letter(c) || is_digit(c)
}

/// `{{- `: a minus and an ASCII space.
fn has_left_trim_marker(s: &str) -> bool {
    let b = s.as_bytes();
    b.first() == Some(&b'-') && b.get(1).is_some_and(|&c| is_space(char::from(c)))
}

/// ` -}}`: an ASCII space and a minus.
fn has_right_trim_marker(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(|&c| is_space(char::from(c))) && b.get(1) == Some(&b'-')
}

/// Where the lexer goes next (Go's state functions).
#[derive(Clone, Copy)]
enum State {
    Text,
    LeftDelim,
    Comment,
    RightDelim,
    InsideAction,
    Space,
    Identifier,
    Field,
    Variable,
    Char,
    Number,
    Quote,
    RawQuote,
    Done,
}

/// The lexer's state: the text, where the current item starts, where it is now.
struct Lexer<'t> {
    input: &'t str,
    start: usize,
    pos: usize,
    paren_depth: i64,
    items: Vec<Item>,
    error: String,
}

/// Lexes `input` into items; the last is `Eof` or an `Error`.
pub(crate) fn lex(input: &str) -> Lexed<'_> {
    let mut l = Lexer {
        input,
        start: 0,
        pos: 0,
        paren_depth: 0,
        items: Vec::new(),
        error: String::new(),
    };
    let mut state = State::Text;
    loop {
        state = match state {
            State::Text => l.lex_text(),
            State::LeftDelim => l.lex_left_delim(),
            State::Comment => l.lex_comment(),
            State::RightDelim => l.lex_right_delim(),
            State::InsideAction => l.lex_inside_action(),
            State::Space => l.lex_space(),
            State::Identifier => l.lex_identifier(),
            State::Field => l.lex_field_or_variable(Kind::Field),
            State::Variable => l.lex_variable(),
            State::Char => l.lex_quoted('\'', Kind::CharConstant, "character constant"),
            State::Number => l.lex_number(),
            State::Quote => l.lex_quoted('"', Kind::String, "quoted string"),
            State::RawQuote => l.lex_raw_quote(),
            State::Done => break,
        }
    }
    Lexed {
        text: input,
        items: l.items,
        error: l.error,
    }
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        self.input.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Steps back over the character `next` returned (nothing at the end of the input).
    fn backup(&mut self, c: Option<char>) {
        if let Some(c) = c {
            self.pos -= c.len_utf8();
        }
    }

    fn emit(&mut self, kind: Kind) -> State {
        self.items.push(Item {
            kind,
            pos: self.start,
            end: self.pos,
        });
        self.start = self.pos;
        State::InsideAction
    }

    fn ignore(&mut self) {
        self.start = self.pos;
    }

    /// Ends the items with an error at the current item's start.
    fn errorf(&mut self, message: String) -> State {
        self.items.push(Item {
            kind: Kind::Error,
            pos: self.start,
            end: self.start,
        });
        self.error = message;
        State::Done
    }

    /// Text up to the next `{{`, less the spaces a `{{- ` trims; or the end of the input.
    fn lex_text(&mut self) -> State {
        let Some(x) = self.rest().find(LEFT_DELIM) else {
            self.pos = self.input.len();
            if self.pos > self.start {
                self.emit(Kind::Text);
            }
            self.emit(Kind::Eof);
            return State::Done;
        };
        if x > 0 {
            self.pos += x;
            let after = self.input.get(self.pos + LEFT_DELIM.len()..).unwrap_or("");
            let text = self.input.get(self.start..self.pos).unwrap_or("");
            let trim = if has_left_trim_marker(after) {
                text.len() - text.trim_end_matches(is_space).len()
            } else {
                0
            };
            self.pos -= trim;
            if self.pos > self.start {
                self.emit(Kind::Text);
            }
            self.pos += trim;
            self.ignore();
        }
        State::LeftDelim
    }

    /// Whether a right delimiter is here, and whether a trim marker precedes it.
    fn at_right_delim(&self) -> (bool, bool) {
        let rest = self.rest();
        if has_right_trim_marker(rest)
            && rest
                .get(TRIM_MARKER_LEN..)
                .is_some_and(|r| r.starts_with(RIGHT_DELIM))
        {
            return (true, true);
        }
        (rest.starts_with(RIGHT_DELIM), false)
    }

    /// Skips the spaces a ` -}}` trims from the following text.
    fn skip_trimmed(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start_matches(is_space).len();
    }

    fn lex_left_delim(&mut self) -> State {
        self.pos += LEFT_DELIM.len();
        let after_marker = if has_left_trim_marker(self.rest()) {
            TRIM_MARKER_LEN
        } else {
            0
        };
        let comment = self
            .rest()
            .get(after_marker..)
            .is_some_and(|r| r.starts_with(LEFT_COMMENT));
        if comment {
            self.pos += after_marker;
            self.ignore();
            return State::Comment;
        }
        self.emit(Kind::LeftDelim);
        self.pos += after_marker;
        self.ignore();
        self.paren_depth = 0;
        State::InsideAction
    }

    fn lex_comment(&mut self) -> State {
        self.pos += LEFT_COMMENT.len();
        let Some(x) = self.rest().find(RIGHT_COMMENT) else {
            return self.errorf("unclosed comment".to_string());
        };
        self.pos += x + RIGHT_COMMENT.len();
        let (delim, trim) = self.at_right_delim();
        if !delim {
            return self.errorf("comment ends before closing delimiter".to_string());
        }
        self.emit(Kind::Comment);
        if trim {
            self.pos += TRIM_MARKER_LEN;
        }
        self.pos += RIGHT_DELIM.len();
        if trim {
            self.skip_trimmed();
        }
        self.ignore();
        State::Text
    }

    fn lex_right_delim(&mut self) -> State {
        let (_, trim) = self.at_right_delim();
        if trim {
            self.pos += TRIM_MARKER_LEN;
            self.ignore();
        }
        self.pos += RIGHT_DELIM.len();
        self.emit(Kind::RightDelim);
        if trim {
            self.skip_trimmed();
            self.ignore();
        }
        State::Text
    }

    /// One item inside an action.
    fn lex_inside_action(&mut self) -> State {
        if self.at_right_delim().0 {
            if self.paren_depth == 0 {
                return State::RightDelim;
            }
            return self.errorf("unclosed left paren".to_string());
        }
        let Some(r) = self.next() else {
            return self.errorf("unclosed action".to_string());
        };
        match r {
            r if is_space(r) => {
                self.backup(Some(r));
                State::Space
            }
            '=' => self.emit(Kind::Assign),
            ':' => {
                if self.next() != Some('=') {
                    return self.errorf("expected :=".to_string());
                }
                self.emit(Kind::Declare)
            }
            '|' => self.emit(Kind::Pipe),
            '"' => State::Quote,
            '`' => State::RawQuote,
            '$' => State::Variable,
            '\'' => State::Char,
            '.' if !self
                .rest()
                .as_bytes()
                .first()
                .is_some_and(u8::is_ascii_digit)
                && self.pos < self.input.len() =>
            {
                State::Field
            }
            '.' | '+' | '-' | '0'..='9' => {
                self.backup(Some(r));
                State::Number
            }
            r if is_alphanumeric(r) => {
                self.backup(Some(r));
                State::Identifier
            }
            '(' => {
                self.paren_depth += 1;
                self.emit(Kind::LeftParen)
            }
            ')' => {
                self.paren_depth -= 1;
                if self.paren_depth < 0 {
                    return self.errorf("unexpected right paren".to_string());
                }
                self.emit(Kind::RightParen)
            }
            r if r.is_ascii() && !r.is_ascii_control() => self.emit(Kind::Char),
            r => self.errorf(format!(
                "unrecognized character in action: {}",
                unicode_name(r)
            )),
        }
    }

    /// A run of spaces; a space that starts a ` -}}` is left for the delimiter.
    fn lex_space(&mut self) -> State {
        let mut spaces = 0;
        while self.peek().is_some_and(is_space) {
            self.next();
            spaces += 1;
        }
        let last = self.input.get(self.pos.saturating_sub(1)..).unwrap_or("");
        if has_right_trim_marker(last)
            && last
                .get(TRIM_MARKER_LEN..)
                .is_some_and(|r| r.starts_with(RIGHT_DELIM))
        {
            self.pos = self.pos.saturating_sub(1);
            if spaces == 1 {
                return State::RightDelim;
            }
        }
        self.emit(Kind::Space)
    }

    fn lex_identifier(&mut self) -> State {
        loop {
            let r = self.next();
            if r.is_some_and(is_alphanumeric) {
                continue;
            }
            self.backup(r);
            if !self.at_terminator() {
                return self.bad_character(r);
            }
            let word = self.input.get(self.start..self.pos).unwrap_or("");
            let kind = match word {
                "block" => Kind::Block,
                "break" => Kind::Break,
                "continue" => Kind::Continue,
                "define" => Kind::Define,
                "else" => Kind::Else,
                "end" => Kind::End,
                "if" => Kind::If,
                "range" => Kind::Range,
                "nil" => Kind::Nil,
                "template" => Kind::Template,
                "with" => Kind::With,
                "true" | "false" => Kind::Bool,
                _ => Kind::Identifier,
            };
            return self.emit(kind);
        }
    }

    /// Go's `bad character %#U` (never at the end of the input, which ends any word).
    fn bad_character(&mut self, r: Option<char>) -> State {
        let shown = r.map_or_else(String::new, unicode_name);
        self.errorf(format!("bad character {shown}"))
    }

    fn lex_variable(&mut self) -> State {
        if self.at_terminator() {
            return self.emit(Kind::Variable);
        }
        self.lex_field_or_variable(Kind::Variable)
    }

    /// `.Name` or `$name` (`.` or `$` already read).
    fn lex_field_or_variable(&mut self, kind: Kind) -> State {
        if self.at_terminator() {
            return self.emit(if kind == Kind::Variable {
                Kind::Variable
            } else {
                Kind::Dot
            });
        }
        let mut r;
        loop {
            r = self.next();
            if !r.is_some_and(is_alphanumeric) {
                self.backup(r);
                break;
            }
        }
        if !self.at_terminator() {
            return self.bad_character(r);
        }
        self.emit(kind)
    }

    /// Whether what follows may end a word: a space, punctuation that separates, or `}}`.
    fn at_terminator(&self) -> bool {
        match self.peek() {
            None => true,
            Some(c) if is_space(c) => true,
            Some('.' | ',' | '|' | ':' | ')' | '(') => true,
            Some(_) => self.rest().starts_with(RIGHT_DELIM),
        }
    }

    /// A quoted string or character constant (the opening quote read), escapes skipped.
    fn lex_quoted(&mut self, close: char, kind: Kind, what: &str) -> State {
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some(c) if c != '\n' => {}
                    _ => return self.errorf(format!("unterminated {what}")),
                },
                None | Some('\n') => return self.errorf(format!("unterminated {what}")),
                Some(c) if c == close => break,
                Some(_) => {}
            }
        }
        self.emit(kind)
    }

    fn lex_raw_quote(&mut self) -> State {
        match self.rest().find('`') {
            Some(x) => {
                self.pos += x + 1;
                self.emit(Kind::RawString)
            }
            None => self.errorf("unterminated raw quoted string".to_string()),
        }
    }

    /// A number, or a complex constant `1+2i`; the parser decides whether it is valid.
    fn lex_number(&mut self) -> State {
        if !self.scan_number() {
            return self.bad_number();
        }
        if matches!(self.peek(), Some('+' | '-')) {
            let ends_in_i = self.scan_number()
                && self.input.as_bytes().get(self.pos.wrapping_sub(1)) == Some(&b'i');
            if !ends_in_i {
                return self.bad_number();
            }
            return self.emit(Kind::Complex);
        }
        self.emit(Kind::Number)
    }

    fn bad_number(&mut self) -> State {
        let word = self.input.get(self.start..self.pos).unwrap_or("");
        let message = format!("bad number syntax: {}", quote(word));
        self.errorf(message)
    }

    fn accept(&mut self, valid: &str) -> bool {
        match self.peek() {
            Some(c) if valid.contains(c) => {
                self.pos += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    fn accept_run(&mut self, valid: &str) {
        while self.accept(valid) {}
    }

    /// Go's `scanNumber`: the shape of a number (sign, base prefix, digits, point, exponent, `i`).
    fn scan_number(&mut self) -> bool {
        self.accept("+-");
        let mut digits = "0123456789_";
        if self.accept("0") {
            if self.accept("xX") {
                digits = "0123456789abcdefABCDEF_";
            } else if self.accept("oO") {
                digits = "01234567_";
            } else if self.accept("bB") {
                digits = "01_";
            }
        }
        self.accept_run(digits);
        if self.accept(".") {
            self.accept_run(digits);
        }
        if digits.len() == 10 + 1 && self.accept("eE") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        if digits.len() == 16 + 6 + 1 && self.accept("pP") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        self.accept("i");
        if self.peek().is_some_and(is_alphanumeric) {
            self.next();
            return false;
        }
        true
    }
}
