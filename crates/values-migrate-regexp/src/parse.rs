//! Go's `regexp/syntax` parser with the `Perl` flags `regexp.Compile` uses: what it accepts,
//! what it refuses, and in which words (`invalid escape sequence: \u`), read left to right as
//! Go reads it, into a tree that keeps only what decides whether a text matches.

use super::class::{self, Class, MAX};
use super::unicode;

/// Go's largest count in `x{n,m}`, also the largest product of nested counts.
const MAX_REPEAT: u32 = 1000;
/// Go's deepest tree (`maxHeight`).
const MAX_HEIGHT: u32 = 1000;
/// Go's largest program, in instructions (`maxSize`: 128 MiB of 40-byte instructions).
const MAX_SIZE: u64 = (128 << 20) / 40;
/// Go's most code points held by the classes of one expression (`maxRunes`).
const MAX_RUNES: usize = (128 << 20) / 4;

/// An empty-width assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Look {
    /// `\A`, or `^` without `(?m)`.
    BeginText,
    /// `\z`, or `$` without `(?m)`.
    EndText,
    /// `^` under `(?m)`.
    BeginLine,
    /// `$` under `(?m)`.
    EndLine,
    /// `\b` (ASCII word characters).
    WordBoundary,
    /// `\B`.
    NotWordBoundary,
}

/// One node of the parsed expression.
#[derive(Debug)]
pub(super) enum Kind {
    /// Matches the empty string.
    Empty,
    /// One code point of the class (a literal is a class of its case-fold equivalents).
    Class(Class),
    /// An empty-width assertion.
    Look(Look),
    /// Each in turn.
    Concat(Vec<Node>),
    /// Any one of them.
    Alternate(Vec<Node>),
    /// Capturing group number `.0` (1 for the first `(`).
    Capture(usize, Box<Node>),
    /// `sub` at least `min` times, at most `max` (unbounded if `None`); `counted` for `{…}`;
    /// `greedy` unless `?` follows (swapped under `(?U)`).
    Repeat {
        sub: Box<Node>,
        min: u32,
        max: Option<u32>,
        counted: bool,
        greedy: bool,
    },
}

/// A node and the height of its tree (Go's `maxHeight` limit is checked as nodes are built).
#[derive(Debug)]
pub(super) struct Node {
    pub(super) kind: Kind,
    height: u32,
}

/// The flags in force (`(?i)`, `(?s)`, `(?m)` clears `one_line`, `(?U)` sets `ungreedy`).
#[derive(Clone, Copy)]
struct Flags {
    fold: bool,
    dot_nl: bool,
    one_line: bool,
    ungreedy: bool,
}

/// A group being read: its alternatives so far, the items of the current one, the flags to
/// restore at its `)`, and its group number if it captures.
struct Frame {
    alternates: Vec<Node>,
    items: Vec<Node>,
    saved: Flags,
    capture: Option<usize>,
}

/// A parsed expression: its tree and the names of its groups (`""` for group 0 and unnamed ones).
#[derive(Debug)]
pub(super) struct Parsed {
    pub(super) node: Node,
    pub(super) names: Vec<String>,
}

/// Go's error text for `code` at `expr`.
pub(super) fn error(code: &str, expr: &str) -> String {
    format!("error parsing regexp: {code}: `{expr}`")
}

struct Parser<'p> {
    pattern: &'p str,
    flags: Flags,
    frames: Vec<Frame>,
    runes: usize,
    names: Vec<String>,
}

/// Parses `pattern` as Go's `regexp.Compile` does, or returns Go's error text.
pub(super) fn parse(pattern: &str) -> Result<Parsed, String> {
    let flags = Flags {
        fold: false,
        dot_nl: false,
        one_line: true,
        ungreedy: false,
    };
    let mut p = Parser {
        pattern,
        flags,
        frames: vec![Frame::new(flags, None)],
        runes: 0,
        names: vec![String::new()],
    };
    let mut i = 0;
    // Where the repetition operator just read starts: Go refuses another right after it.
    let mut last_repeat: Option<usize> = None;
    while i < pattern.len() {
        let (next, repeat) = p.step(i, last_repeat)?;
        i = next;
        last_repeat = repeat;
    }
    p.finish()
}

impl Parser<'_> {
    /// Reads the token at `i`: where the next one starts, and where this one starts if it is a
    /// repetition operator.
    fn step(
        &mut self,
        i: usize,
        last_repeat: Option<usize>,
    ) -> Result<(usize, Option<usize>), String> {
        let rest = &self.pattern[i..];
        let c = rest.chars().next().unwrap_or('\0');
        let mut repeat = None;
        let mut i = i;
        match c {
            '(' => i += self.open(rest)?,
            '|' => {
                self.bar();
                i += 1;
            }
            ')' => {
                self.close()?;
                i += 1;
            }
            '^' | '$' => {
                let look = match (c, self.flags.one_line) {
                    ('^', true) => Look::BeginText,
                    ('^', false) => Look::BeginLine,
                    (_, true) => Look::EndText,
                    (_, false) => Look::EndLine,
                };
                self.push(leaf(Kind::Look(look)))?;
                i += 1;
            }
            '.' => {
                let mut dot = Class::default();
                if self.flags.dot_nl {
                    dot.push(0, MAX);
                } else {
                    dot.push(0, 9);
                    dot.push(11, MAX);
                }
                self.push_class(dot)?;
                i += 1;
            }
            '[' => i += self.bracket(rest)?,
            '*' | '+' | '?' => {
                let (min, max) = match c {
                    '*' => (0, None),
                    '+' => (1, None),
                    _ => (0, Some(1)),
                };
                repeat = Some(i);
                i = self.repeat(i, i + 1, min, max, false, last_repeat)?;
            }
            '{' => return self.counted(i, last_repeat),
            '\\' => i += self.escape(rest)?,
            _ => {
                self.literal(c as u32)?;
                i += c.len_utf8();
            }
        }
        Ok((i, repeat))
    }

    /// `{n}`, `{n,}` or `{n,m}` at `i` (or a literal `{`).
    fn counted(
        &mut self,
        i: usize,
        last_repeat: Option<usize>,
    ) -> Result<(usize, Option<usize>), String> {
        let rest = &self.pattern[i..];
        let Some((min, max, used)) = counts(rest) else {
            self.literal('{' as u32)?;
            return Ok((i + 1, None));
        };
        let bad = min.is_none() || max.is_some_and(|m| m.is_none_or(|m| m > MAX_REPEAT));
        let min = min.unwrap_or(u32::MAX);
        let max = max.map(|m| m.unwrap_or(u32::MAX));
        if bad || min > MAX_REPEAT || max.is_some_and(|m| m < min) {
            return Err(error("invalid repeat count", &rest[..used]));
        }
        let end = self.repeat(i, i + used, min, max, true, last_repeat)?;
        Ok((end, Some(i)))
    }
}

/// A node without children.
fn leaf(kind: Kind) -> Node {
    Node { kind, height: 1 }
}

impl Frame {
    fn new(saved: Flags, capture: Option<usize>) -> Frame {
        Frame {
            alternates: Vec::new(),
            items: Vec::new(),
            saved,
            capture,
        }
    }
}

/// `{n}`, `{n,}` or `{n,m}` at the start of `s`: the counts (`None` for a number too large to
/// read; the outer `None` of max for `{n,}`) and the bytes used; `None` when `{` is a literal.
#[allow(clippy::type_complexity)]
fn counts(s: &str) -> Option<(Option<u32>, Option<Option<u32>>, usize)> {
    let (min, mut at) = number(s, 1)?;
    let max = match s.as_bytes().get(at)? {
        b',' if s.as_bytes().get(at + 1) == Some(&b'}') => {
            at += 1;
            None
        }
        b',' => {
            let (max, end) = number(s, at + 1)?;
            at = end;
            Some(max)
        }
        _ => Some(min),
    };
    (s.as_bytes().get(at) == Some(&b'}')).then_some((min, max, at + 1))
}

/// A decimal number at `s[at..]` without a leading zero (Go's `parseInt`): its value (`None`
/// past 10^8) and where it ends.
fn number(s: &str, at: usize) -> Option<(Option<u32>, usize)> {
    let digits = s.as_bytes()[at.min(s.len())..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || (digits > 1 && s.as_bytes()[at] == b'0') {
        return None;
    }
    let text = &s[at..at + digits];
    let value = if digits > 9 {
        None
    } else {
        text.parse::<u32>().ok().filter(|&n| n <= 100_000_000)
    };
    Some((value, at + digits))
}

impl Parser<'_> {
    /// Adds `node` to the current group's items, checking Go's depth limit.
    fn push(&mut self, node: Node) -> Result<(), String> {
        if node.height > MAX_HEIGHT {
            return Err(error("expression nests too deeply", self.pattern));
        }
        self.frame().items.push(node);
        Ok(())
    }

    fn frame(&mut self) -> &mut Frame {
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    /// Adds a class, counting its code point ranges toward Go's `maxRunes`.
    fn push_class(&mut self, class: Class) -> Result<(), String> {
        self.runes += 2 * class.ranges.len();
        if self.runes > MAX_RUNES {
            return Err(error("expression too large", self.pattern));
        }
        self.push(leaf(Kind::Class(class)))
    }

    /// Adds the literal `c` (its case-fold class under `(?i)`).
    fn literal(&mut self, c: u32) -> Result<(), String> {
        let mut class = Class::single(c);
        if self.flags.fold {
            class.fold();
        }
        self.runes += 1;
        self.push(leaf(Kind::Class(class)))
    }

    /// A `(`: a capturing group, a named one, a non-capturing one or flags (`(?i)`, `(?i:`).
    fn open(&mut self, s: &str) -> Result<usize, String> {
        let b = s.as_bytes();
        if b.get(1) != Some(&b'?') {
            self.open_capture(String::new());
            return Ok(1);
        }
        let with_p = b.len() > 4 && b[2] == b'P' && b[3] == b'<';
        if with_p || (b.len() > 3 && b[2] == b'<') {
            let Some(end) = s.find('>') else {
                return Err(error("invalid named capture", s));
            };
            let name = &s[if with_p { 4 } else { 3 }..end];
            if name.is_empty() || !name.bytes().all(|c| c == b'_' || c.is_ascii_alphanumeric()) {
                return Err(error("invalid named capture", &s[..=end]));
            }
            self.open_capture(name.to_string());
            return Ok(end + 1);
        }
        let mut flags = self.flags;
        let mut negated = false;
        let mut saw = false;
        for (i, c) in s[2..].char_indices() {
            let used = 2 + i + c.len_utf8();
            match c {
                'i' => flags.fold = !negated,
                'm' => flags.one_line = negated,
                's' => flags.dot_nl = !negated,
                'U' => flags.ungreedy = !negated,
                '-' if !negated => {
                    negated = true;
                    saw = false;
                    continue;
                }
                ':' | ')' if !negated || saw => {
                    if c == ':' {
                        self.frames.push(Frame::new(self.flags, None));
                    }
                    self.flags = flags;
                    return Ok(used);
                }
                _ => return Err(error("invalid or unsupported Perl syntax", &s[..used])),
            }
            saw = true;
        }
        Err(error("invalid or unsupported Perl syntax", s))
    }

    /// Opens capturing group number `names.len()`, named `name` (`""` for none).
    fn open_capture(&mut self, name: String) {
        let index = self.names.len();
        self.names.push(name);
        self.frames.push(Frame::new(self.flags, Some(index)));
    }

    /// A `|`: the current items become one alternative.
    fn bar(&mut self) {
        let frame = self.frame();
        let items = std::mem::take(&mut frame.items);
        frame.alternates.push(concat(items));
    }

    /// A `)`: closes the innermost group.
    fn close(&mut self) -> Result<(), String> {
        if self.frames.len() < 2 {
            return Err(error("unexpected )", self.pattern));
        }
        let frame = self
            .frames
            .pop()
            .unwrap_or_else(|| Frame::new(self.flags, None));
        self.flags = frame.saved;
        let capture = frame.capture;
        let node = frame.into_node();
        self.push(match capture {
            Some(index) => wrap(|sub| Kind::Capture(index, sub), node),
            None => node,
        })
    }

    /// The whole expression, once the pattern has been read.
    fn finish(mut self) -> Result<Parsed, String> {
        if self.frames.len() != 1 {
            return Err(error("missing closing )", self.pattern));
        }
        let frame = self
            .frames
            .pop()
            .unwrap_or_else(|| Frame::new(self.flags, None));
        let node = frame.into_node();
        if size(&node) > MAX_SIZE {
            return Err(error("expression too large", self.pattern));
        }
        Ok(Parsed {
            node,
            names: self.names,
        })
    }
}

impl Frame {
    fn into_node(mut self) -> Node {
        let last = concat(self.items);
        if self.alternates.is_empty() {
            return last;
        }
        self.alternates.push(last);
        let height = 1 + self.alternates.iter().map(|n| n.height).max().unwrap_or(0);
        Node {
            kind: Kind::Alternate(self.alternates),
            height,
        }
    }
}

/// The concatenation of `items` (one item is itself; none is the empty match).
fn concat(mut items: Vec<Node>) -> Node {
    match items.len() {
        0 => leaf(Kind::Empty),
        1 => items.pop().unwrap_or_else(|| leaf(Kind::Empty)),
        _ => {
            let height = 1 + items.iter().map(|n| n.height).max().unwrap_or(0);
            Node {
                kind: Kind::Concat(items),
                height,
            }
        }
    }
}

/// `node` under a one-child node.
fn wrap(kind: impl FnOnce(Box<Node>) -> Kind, node: Node) -> Node {
    let height = node.height + 1;
    Node {
        kind: kind(Box::new(node)),
        height,
    }
}

impl Parser<'_> {
    /// A repetition operator at `start..after` (and its lazy `?`) applied to the last item.
    fn repeat(
        &mut self,
        start: usize,
        after: usize,
        min: u32,
        max: Option<u32>,
        counted: bool,
        last_repeat: Option<usize>,
    ) -> Result<usize, String> {
        let lazy = self.pattern[after..].starts_with('?');
        let end = after + usize::from(lazy);
        if let Some(previous) = last_repeat {
            let op = &self.pattern[previous..end];
            return Err(error("invalid nested repetition operator", op));
        }
        let op = &self.pattern[start..end];
        let Some(sub) = self.frame().items.pop() else {
            return Err(error("missing argument to repetition operator", op));
        };
        let greedy = lazy == self.flags.ungreedy;
        let node = wrap(
            |sub| Kind::Repeat {
                sub,
                min,
                max,
                counted,
                greedy,
            },
            sub,
        );
        if counted
            && (min >= 2 || max.is_some_and(|m| m >= 2))
            && !repeat_is_valid(&node, MAX_REPEAT)
        {
            return Err(error("invalid repeat count", op));
        }
        self.push(node)?;
        Ok(end)
    }
}

/// Go's `repeatIsValid`: nested counted repetitions multiply to at most `n` copies.
fn repeat_is_valid(node: &Node, mut n: u32) -> bool {
    match &node.kind {
        Kind::Repeat {
            sub,
            min,
            max,
            counted,
            ..
        } => {
            if *counted {
                let m = match max {
                    Some(0) => return true,
                    Some(m) => *m,
                    None => *min,
                };
                if m > n {
                    return false;
                }
                n = n.checked_div(m).unwrap_or(n);
            }
            repeat_is_valid(sub, n)
        }
        Kind::Concat(subs) | Kind::Alternate(subs) => subs.iter().all(|s| repeat_is_valid(s, n)),
        Kind::Capture(_, sub) => repeat_is_valid(sub, n),
        _ => true,
    }
}

/// Go's `calcSize`: the instructions the expression compiles to.
fn size(node: &Node) -> u64 {
    let n = match &node.kind {
        Kind::Empty | Kind::Class(_) | Kind::Look(_) => 1,
        Kind::Concat(subs) => subs.iter().map(size).sum(),
        Kind::Alternate(subs) => subs.iter().map(size).sum::<u64>() + subs.len() as u64 - 1,
        Kind::Capture(_, sub) => 2 + size(sub),
        Kind::Repeat {
            sub,
            min,
            max,
            counted,
            ..
        } => {
            let sub = size(sub);
            match (counted, max) {
                (false, None) if *min == 0 => 2 + sub,
                (false, _) => 1 + sub,
                (true, None) if *min == 0 => 2 + sub,
                (true, None) => 1 + u64::from(*min) * sub,
                (true, Some(max)) => u64::from(*max) * sub + u64::from(max - min),
            }
        }
    };
    n.max(1)
}

impl Parser<'_> {
    /// A `\` outside a class: an assertion, `\Q…\E`, a class (`\pL`, `\d`) or one code point.
    fn escape(&mut self, s: &str) -> Result<usize, String> {
        let b = s.as_bytes();
        match b.get(1) {
            Some(b'A') => return self.push(leaf(Kind::Look(Look::BeginText))).map(|()| 2),
            Some(b'z') => return self.push(leaf(Kind::Look(Look::EndText))).map(|()| 2),
            Some(b'b') => return self.push(leaf(Kind::Look(Look::WordBoundary))).map(|()| 2),
            Some(b'B') => {
                return self
                    .push(leaf(Kind::Look(Look::NotWordBoundary)))
                    .map(|()| 2);
            }
            Some(b'C') => return Err(error("invalid escape sequence", &s[..2])),
            Some(b'Q') => {
                let (text, used) = match s[2..].find("\\E") {
                    Some(end) => (&s[2..2 + end], 2 + end + 2),
                    None => (&s[2..], s.len()),
                };
                for c in text.chars() {
                    self.literal(c as u32)?;
                }
                return Ok(used);
            }
            Some(b'p' | b'P') => {
                let (class, used) = self.unicode_class(s)?;
                self.push_class(class)?;
                return Ok(used);
            }
            _ => {}
        }
        if let Some(class) = self.perl_class(s) {
            self.push_class(class)?;
            return Ok(2);
        }
        let (c, used) = code_point(s)?;
        self.literal(c)?;
        Ok(used)
    }

    /// `\d \D \s \S \w \W` at the start of `s`, folded under `(?i)`.
    fn perl_class(&self, s: &str) -> Option<Class> {
        let b = s.as_bytes();
        let name = match b.get(1)? {
            b'd' | b'D' => "d",
            b's' | b'S' => "s",
            b'w' | b'W' => "w",
            _ => return None,
        };
        let negated = b[1].is_ascii_uppercase();
        b.first().filter(|&&c| c == b'\\')?;
        Some(self.group(class::group(name)?, negated))
    }

    /// An ASCII class folded under `(?i)`, then negated if asked (Go's `appendGroup`).
    fn group(&self, mut class: Class, negated: bool) -> Class {
        if self.flags.fold {
            class.fold();
        }
        if negated {
            class.negate();
        }
        class
    }

    /// `\pL`, `\p{Greek}`, `\P{Lu}`, `\p{^Lu}` at the start of `s`: the class and the bytes used.
    fn unicode_class(&self, s: &str) -> Result<(Class, usize), String> {
        let mut negated = s.as_bytes()[1] == b'P';
        let (seq, name) = match s[2..].chars().next() {
            Some('{') => {
                let Some(end) = s.find('}') else {
                    return Err(error("invalid character class range", s));
                };
                (&s[..=end], &s[3..end])
            }
            Some(c) => (&s[..2 + c.len_utf8()], &s[2..2 + c.len_utf8()]),
            None => (s, ""),
        };
        let name = match name.strip_prefix('^') {
            Some(bare) => {
                negated = !negated;
                bare
            }
            None => name,
        };
        let Some(mut class) = unicode::property(name, self.flags.fold) else {
            return Err(error("invalid character class range", seq));
        };
        if negated {
            class.negate();
        }
        Ok((class, seq.len()))
    }

    /// A `[…]` class at the start of `s`; returns the bytes used.
    fn bracket(&mut self, s: &str) -> Result<usize, String> {
        let mut t = 1;
        let negated = s[1..].starts_with('^');
        t += usize::from(negated);
        let mut class = Class::default();
        let mut first = true;
        while t == s.len() || s.as_bytes()[t] != b']' || first {
            first = false;
            let here = &s[t..];
            if here.len() > 2 && here.starts_with("[:") {
                if let Some(end) = here[2..].find(":]") {
                    let name = &here[2..2 + end];
                    let (neg, bare) = match name.strip_prefix('^') {
                        Some(bare) => (true, bare),
                        None => (false, name),
                    };
                    let Some(group) = class::group(bare).filter(|_| bare.len() > 1) else {
                        return Err(error("invalid character class range", &here[..end + 4]));
                    };
                    class.extend(&self.group(group, neg));
                    t += end + 4;
                    continue;
                }
            }
            if here.starts_with("\\p") || here.starts_with("\\P") {
                let (group, used) = self.unicode_class(here)?;
                class.extend(&group);
                t += used;
                continue;
            }
            if let Some(group) = self.perl_class(here) {
                class.extend(&group);
                t += 2;
                continue;
            }
            t += self.range(here, s, &mut class)?;
        }
        class.clean();
        if negated {
            class.negate();
        }
        self.push_class(class)?;
        Ok(t + 1)
    }

    /// One code point or range `a-z` of a class at the start of `here` (`whole` is the class).
    fn range(&self, here: &str, whole: &str, class: &mut Class) -> Result<usize, String> {
        let (lo, mut used) = class_char(here, whole)?;
        let mut hi = lo;
        let rest = &here[used..];
        if rest.len() >= 2 && rest.starts_with('-') && rest.as_bytes()[1] != b']' {
            let (end, more) = class_char(&rest[1..], whole)?;
            used += 1 + more;
            if end < lo {
                return Err(error("invalid character class range", &here[..used]));
            }
            hi = end;
        }
        if self.flags.fold {
            let mut folded = Class::default();
            folded.push(lo, hi);
            folded.fold();
            class.extend(&folded);
        } else {
            class.push(lo, hi);
        }
        Ok(used)
    }
}

/// One code point of a class: an escape or a character (Go's `parseClassChar`).
fn class_char(s: &str, whole: &str) -> Result<(u32, usize), String> {
    match s.chars().next() {
        None => Err(error("missing closing ]", whole)),
        Some('\\') => code_point(s),
        Some(c) => Ok((c as u32, c.len_utf8())),
    }
}

/// An escape standing for one code point (Go's `parseEscape`) at the start of `s`.
fn code_point(s: &str) -> Result<(u32, usize), String> {
    let Some(c) = s[1..].chars().next() else {
        return Err(error("trailing backslash at end of expression", ""));
    };
    let after = 1 + c.len_utf8();
    let bad = |end: usize| Err(error("invalid escape sequence", &s[..end]));
    let octal = |b: Option<&u8>| b.is_some_and(|b| (b'0'..=b'7').contains(b));
    let b = s.as_bytes();
    match c {
        '1'..='7' if !octal(b.get(2)) => bad(after),
        '0'..='7' => {
            let digits = 1 + (2..4).take_while(|&i| octal(b.get(i))).count();
            let value = s[1..1 + digits]
                .bytes()
                .fold(0, |v, d| v * 8 + u32::from(d - b'0'));
            Ok((value, 1 + digits))
        }
        'x' => hex(s),
        'a' => Ok((7, 2)),
        'f' => Ok((12, 2)),
        'n' => Ok((10, 2)),
        'r' => Ok((13, 2)),
        't' => Ok((9, 2)),
        'v' => Ok((11, 2)),
        _ if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c as u32, 2)),
        _ => bad(after),
    }
}

/// `\x41` or `\x{10FFFF}` at the start of `s`.
fn hex(s: &str) -> Result<(u32, usize), String> {
    let bad = |end: usize| Err(error("invalid escape sequence", &s[..end.min(s.len())]));
    let mut chars = s[2..].char_indices();
    let Some((_, first)) = chars.next() else {
        return bad(2);
    };
    if first != '{' {
        let x = first.to_digit(16);
        let (end, y) = match chars.next() {
            Some((i, c)) => (2 + i + c.len_utf8(), c.to_digit(16)),
            None => (s.len(), None),
        };
        return match (x, y) {
            (Some(x), Some(y)) => Ok((x * 16 + y, end)),
            _ => bad(end),
        };
    }
    let mut value = 0u32;
    for (i, c) in chars {
        let end = 2 + i + c.len_utf8();
        if c == '}' {
            // `i` counts from the `{`: 1 is a `}` right after it, no digit.
            return if i == 1 { bad(end) } else { Ok((value, end)) };
        }
        let Some(d) = c.to_digit(16) else {
            return bad(end);
        };
        value = value * 16 + d;
        if value > MAX {
            return bad(end);
        }
    }
    bad(s.len())
}
