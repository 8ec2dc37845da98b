//! Go's text/template lexer (`text/template/parse/lex.go`) with the default delimiters: the text
//! becomes a vector of items, ending in `Eof` or in the first `Error`.

/// What an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Error,
    Bool,
    Char,
    CharConstant,
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
    // Keywords.
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

/// One lexed item: its kind, its text (an error's message), its byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub kind: Kind,
    pub val: String,
    pub pos: usize,
}

impl Item {
    /// The item as Go's `item.String()` prints it in errors.
    pub(crate) fn describe(&self) -> String {
        match self.kind {
            Kind::Eof => "EOF".to_string(),
            Kind::Error => self.val.clone(),
            kind if kind.is_keyword() => format!("<{}>", self.val),
            _ if self.val.chars().count() > 10 => {
                let short: String = self.val.chars().take(10).collect();
                format!("{}...", quote(&short))
            }
            _ => quote(&self.val),
        }
    }
}

/// A string as Go's `%q` writes it.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const LEFT: &str = "{{";
const RIGHT: &str = "}}";
const LEFT_COMMENT: &str = "/*";
const RIGHT_COMMENT: &str = "*/";

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

fn is_alphanumeric(c: char) -> bool {
    c == '_' || c.is_alphabetic() || c.is_numeric()
}

fn has_left_trim(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next() == Some('-') && chars.next().is_some_and(is_space)
}

fn has_right_trim(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_space) && chars.next() == Some('-')
}

/// The lexer's state: the text, where the current item starts, where it is now.
struct Lexer<'t> {
    input: &'t str,
    start: usize,
    pos: usize,
    paren_depth: i64,
    items: Vec<Item>,
}

/// Lexes `input` into items; the last is `Eof` or an `Error`.
pub(crate) fn lex(input: &str) -> Vec<Item> {
    let mut l = Lexer {
        input,
        start: 0,
        pos: 0,
        paren_depth: 0,
        items: Vec::new(),
    };
    loop {
        if !l.text() {
            break;
        }
        if !l.action() {
            break;
        }
    }
    l.items
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

    fn emit(&mut self, kind: Kind) {
        let val = self
            .input
            .get(self.start..self.pos)
            .unwrap_or("")
            .to_string();
        self.items.push(Item {
            kind,
            val,
            pos: self.start,
        });
        self.start = self.pos;
    }

    /// Records an error at the current item's start and stops.
    fn error(&mut self, message: String) -> bool {
        self.items.push(Item {
            kind: Kind::Error,
            val: message,
            pos: self.start,
        });
        false
    }

    /// Text up to the next `{{` (trimmed when a left trim marker follows); false at the end.
    fn text(&mut self) -> bool {
        let Some(x) = self.rest().find(LEFT) else {
            self.pos = self.input.len();
            if self.pos > self.start {
                self.emit(Kind::Text);
            }
            self.items.push(Item {
                kind: Kind::Eof,
                val: String::new(),
                pos: self.pos,
            });
            return false;
        };
        self.pos += x;
        let after = self.pos + LEFT.len();
        let trim = has_left_trim(self.input.get(after..).unwrap_or(""));
        let text = self.input.get(self.start..self.pos).unwrap_or("");
        let kept = if trim {
            text.trim_end_matches(is_space).len()
        } else {
            text.len()
        };
        if kept > 0 {
            let end = self.pos;
            self.pos = self.start + kept;
            self.emit(Kind::Text);
            self.pos = end;
        }
        self.start = self.pos;
        true
    }

    /// From `{{` to its `}}` (or a comment); false on an error.
    fn action(&mut self) -> bool {
        self.pos += LEFT.len();
        let trim = has_left_trim(self.rest());
        let after_marker = if trim { 2 } else { 0 };
        if self
            .rest()
            .get(after_marker..)
            .is_some_and(|r| r.starts_with(LEFT_COMMENT))
        {
            self.pos += after_marker;
            return self.comment();
        }
        self.emit(Kind::LeftDelim);
        self.pos += after_marker;
        self.start = self.pos;
        self.paren_depth = 0;
        self.inside()
    }

    fn comment(&mut self) -> bool {
        self.pos += LEFT_COMMENT.len();
        let Some(x) = self.rest().find(RIGHT_COMMENT) else {
            return self.error("unclosed comment".to_string());
        };
        self.pos += x + RIGHT_COMMENT.len();
        let Some(trim) = self.at_right_delim() else {
            return self.error("comment ends before closing delimiter".to_string());
        };
        self.close(trim);
        true
    }

    /// Whether a `}}` (or ` -}}`) is here, and whether it trims.
    fn at_right_delim(&self) -> Option<bool> {
        let rest = self.rest();
        if has_right_trim(rest) && rest.get(2..).is_some_and(|r| r.starts_with(RIGHT)) {
            return Some(true);
        }
        rest.starts_with(RIGHT).then_some(false)
    }

    /// Skips a right delimiter (and the space a trim marker takes from the following text).
    fn close(&mut self, trim: bool) {
        if trim {
            self.pos += 2;
        }
        self.pos += RIGHT.len();
        if trim {
            let rest = self.rest();
            self.pos += rest.len() - rest.trim_start_matches(is_space).len();
        }
        self.start = self.pos;
    }

    /// The items of one action, up to and including its right delimiter.
    fn inside(&mut self) -> bool {
        loop {
            if let Some(trim) = self.at_right_delim() {
                if self.paren_depth != 0 {
                    return self.error("unclosed left paren".to_string());
                }
                if trim {
                    self.pos += 2;
                    self.start = self.pos;
                }
                self.pos += RIGHT.len();
                self.emit(Kind::RightDelim);
                if trim {
                    let rest = self.rest();
                    self.pos += rest.len() - rest.trim_start_matches(is_space).len();
                    self.start = self.pos;
                }
                return true;
            }
            if !self.token() {
                return false;
            }
        }
    }

    /// One item inside an action; false on an error.
    fn token(&mut self) -> bool {
        let Some(c) = self.next() else {
            return self.error("unclosed action".to_string());
        };
        match c {
            c if is_space(c) => self.space(),
            '=' => self.emit(Kind::Assign),
            ':' => {
                if self.next() != Some('=') {
                    return self.error("expected :=".to_string());
                }
                self.emit(Kind::Declare);
            }
            '|' => self.emit(Kind::Pipe),
            '"' => return self.quoted('"', Kind::String, "unterminated quoted string"),
            '\'' => {
                return self.quoted('\'', Kind::CharConstant, "unterminated character constant");
            }
            '`' => return self.raw(),
            '$' => return self.field_or_variable(Kind::Variable),
            '.' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => {
                return self.field_or_variable(Kind::Field);
            }
            '.' | '+' | '-' | '0'..='9' => {
                self.pos -= 1;
                return self.number();
            }
            c if is_alphanumeric(c) => {
                self.pos -= c.len_utf8();
                return self.identifier();
            }
            '(' => {
                self.emit(Kind::LeftParen);
                self.paren_depth += 1;
            }
            ')' => {
                self.paren_depth -= 1;
                if self.paren_depth < 0 {
                    return self.error("unexpected right paren".to_string());
                }
                self.emit(Kind::RightParen);
            }
            c if c.is_ascii() && !c.is_ascii_control() => self.emit(Kind::Char),
            c => return self.error(format!("unrecognized character in action: {}", unicode(c))),
        }
        true
    }

    /// A run of spaces; a space that begins a trim marker is left for the delimiter.
    fn space(&mut self) {
        let mut count = 1;
        while self.peek().is_some_and(is_space) {
            self.next();
            count += 1;
        }
        let from_last = self.pos - 1;
        let before = self.input.get(from_last..).unwrap_or("");
        if has_right_trim(before) && before.get(2..).is_some_and(|r| r.starts_with(RIGHT)) {
            self.pos -= 1;
            if count == 1 {
                return;
            }
        }
        self.emit(Kind::Space);
    }

    fn quoted(&mut self, close: char, kind: Kind, unterminated: &str) -> bool {
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some(c) if c != '\n' => {}
                    _ => return self.error(unterminated.to_string()),
                },
                None | Some('\n') => return self.error(unterminated.to_string()),
                Some(c) if c == close => break,
                Some(_) => {}
            }
        }
        self.emit(kind);
        true
    }

    fn raw(&mut self) -> bool {
        match self.rest().find('`') {
            Some(x) => {
                self.pos += x + 1;
                self.emit(Kind::RawString);
                true
            }
            None => self.error("unterminated raw quoted string".to_string()),
        }
    }

    /// Whether what follows ends an operand.
    fn at_terminator(&self) -> bool {
        match self.peek() {
            None => true,
            Some(c) if is_space(c) => true,
            Some('.' | ',' | '|' | ':' | ')' | '(') => true,
            Some(_) => self.rest().starts_with(RIGHT),
        }
    }

    fn field_or_variable(&mut self, kind: Kind) -> bool {
        if self.at_terminator() {
            self.emit(if kind == Kind::Variable {
                Kind::Variable
            } else {
                Kind::Dot
            });
            return true;
        }
        while self.peek().is_some_and(is_alphanumeric) {
            self.next();
        }
        if !self.at_terminator() {
            let c = self.peek().unwrap_or('\0');
            return self.error(format!("bad character {}", unicode(c)));
        }
        self.emit(kind);
        true
    }

    fn identifier(&mut self) -> bool {
        while self.peek().is_some_and(is_alphanumeric) {
            self.next();
        }
        if !self.at_terminator() {
            let c = self.peek().unwrap_or('\0');
            return self.error(format!("bad character {}", unicode(c)));
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
        self.emit(kind);
        true
    }

    fn number(&mut self) -> bool {
        let mut ok = self.scan_number();
        // A complex constant: `1+2i`, no spaces, ending in `i`.
        if ok && matches!(self.peek(), Some('+' | '-')) {
            ok = self.scan_number() && self.input[..self.pos].ends_with('i');
        }
        if !ok {
            let word = self.input.get(self.start..self.pos).unwrap_or("");
            return self.error(format!("bad number syntax: {}", quote(word)));
        }
        self.emit(Kind::Number);
        true
    }

    fn accept(&mut self, valid: &str) -> bool {
        match self.peek() {
            Some(c) if valid.contains(c) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    fn accept_run(&mut self, valid: &str) {
        while self.accept(valid) {}
    }

    /// Go's `scanNumber`: the shape of a number, its validity decided by the parser.
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
        if digits.len() == 11 && self.accept("eE") {
            self.accept("+-");
            self.accept_run("0123456789_");
        }
        if digits.len() == 23 && self.accept("pP") {
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

/// A character as Go's `%#U` prints it (`U+0023 '#'`).
fn unicode(c: char) -> String {
    format!("U+{:04X} '{c}'", c as u32)
}
