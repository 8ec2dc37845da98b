//! yaml.v2's emitter (emitterc.go, as libyaml writes block style): indent 2, width 80, the
//! scalar analysis and style choice, and the plain, quoted and literal writers with their folding;
//! with `v3`, yaml.v3's changes to it (sequences indented under a key, tabs kept out of plain
//! and single-quoted scalars, an empty plain scalar written without its space).

/// A node as yaml.v2's encoder hands it to the emitter.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A scalar and the style the encoder asked for.
    Scalar(String, Style),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in the encoder's order.
    Map(Vec<(Node, Node)>),
    /// A node made from masked text (a string holding a masked span), and where it came from.
    Masked(Box<Node>, &'static str),
}

/// Scalar styles (`yaml_scalar_style_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

/// The emitter's state (`yaml_emitter_t`, what block output needs).
pub(crate) struct Emitter {
    pub out: String,
    column: usize,
    indent: i64,
    whitespace: bool,
    indention: bool,
    flow_level: u32,
    v3: bool,
    /// Where long scalars fold: 80 columns in yaml.v2; yaml.v3 never folds.
    best_width: usize,
    /// The masked spans of the output: each masked node's text, without its surrounding blanks.
    pub masks: Vec<crate::value::Mask>,
}

const BEST_INDENT: i64 = 2;

/// `yaml_emitter_analyze_scalar`'s verdicts.
struct Analysis {
    multiline: bool,
    flow_plain: bool,
    block_plain: bool,
    single_quoted: bool,
    block: bool,
}

/// The contexts `yaml_emitter_emit_node` records.
#[derive(Clone, Copy)]
struct Context {
    mapping: bool,
    simple_key: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// libyaml's `is_printable`, as yaml.v2 tests the UTF-8 bytes.
fn is_printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0a
        || (0x20..=0x7e).contains(&u)
        || (0xa0..=0xd7ff).contains(&u)
        || (0xe000..=0xfffd).contains(&u) && u != 0xfeff
}

impl Emitter {
    /// A fresh emitter at the stream's start (`v3`: yaml.v3's emitter with indent 2).
    pub fn new(v3: bool) -> Emitter {
        Emitter {
            v3,
            best_width: if v3 { usize::MAX } else { 80 },
            out: String::new(),
            column: 0,
            indent: -1,
            whitespace: true,
            indention: true,
            flow_level: 0,
            masks: Vec::new(),
        }
    }

    /// One document: the root node, then the document end's indent.
    pub fn document(&mut self, root: &Node) {
        let ctx = Context {
            mapping: false,
            simple_key: false,
        };
        self.node(root, ctx);
        self.write_indent();
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// `write_break`: `\n` as the line break, any other break copied.
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, indicator: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
    }

    /// `yaml_emitter_increase_indent`.
    fn increase_indent(&mut self, flow: bool, indentless: bool) -> i64 {
        let saved = self.indent;
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
        saved
    }

    /// `yaml_emitter_emit_node` for a scalar, a sequence or a mapping.
    fn node(&mut self, node: &Node, ctx: Context) {
        match node {
            Node::Scalar(text, style) => self.scalar(text, *style, ctx),
            Node::Seq(items) if items.is_empty() || self.flow_level > 0 => {
                self.write_indicator("[", true, true, false);
                let saved = self.increase_indent(true, false);
                self.indent = saved;
                self.write_indicator("]", false, false, false);
            }
            Node::Map(entries) if entries.is_empty() || self.flow_level > 0 => {
                self.write_indicator("{", true, true, false);
                let saved = self.increase_indent(true, false);
                self.indent = saved;
                self.write_indicator("}", false, false, false);
            }
            Node::Seq(items) => {
                // yaml.v2 writes a sequence under a key at the key's indent, yaml.v3 one further in.
                let indentless = !self.v3 && ctx.mapping && !self.indention;
                let saved = self.increase_indent(false, indentless);
                for item in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    let item_ctx = Context {
                        mapping: false,
                        simple_key: false,
                    };
                    self.node(item, item_ctx);
                }
                self.indent = saved;
            }
            Node::Map(entries) => self.block_mapping(entries),
            Node::Masked(inner, from) => {
                let start = self.out.len();
                self.node(inner, ctx);
                self.mask_since(start, from);
            }
        }
    }

    /// Masks what was written since `start`, its surrounding blanks left out (a block scalar's
    /// header is kept in: its indicators depend on the text).
    fn mask_since(&mut self, start: usize, from: &'static str) {
        let blank = |c: char| c == ' ' || c == '\n';
        let written = self.out.get(start..).unwrap_or("");
        let first = start + (written.len() - written.trim_start_matches(blank).len());
        let end = self.out.trim_end_matches(blank).len();
        if first < end {
            self.masks.push(crate::value::Mask {
                start: first,
                end,
                from,
            });
        }
    }

    /// A block mapping: simple keys `key: value`, others `? key` then `: value`.
    fn block_mapping(&mut self, entries: &[(Node, Node)]) {
        let saved = self.increase_indent(false, false);
        let value_ctx = Context {
            mapping: true,
            simple_key: false,
        };
        for (key, value) in entries {
            self.write_indent();
            if is_simple_key(key) {
                let key_ctx = Context {
                    mapping: true,
                    simple_key: true,
                };
                self.node(key, key_ctx);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.node(key, value_ctx);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(value, value_ctx);
        }
        self.indent = saved;
    }

    /// `yaml_emitter_emit_scalar`: the style chosen, then the scalar written one indent in.
    fn scalar(&mut self, text: &str, style: Style, ctx: Context) {
        let a = analyze(text, self.v3);
        let style = self.select_style(text, style, &a, ctx);
        let saved = self.increase_indent(true, false);
        let allow_breaks = !ctx.simple_key;
        match style {
            Style::Plain => self.write_plain(text, allow_breaks),
            Style::Single => self.write_single(text, allow_breaks),
            Style::Double => self.write_double(text, allow_breaks),
            Style::Literal => self.write_literal(text),
        }
        self.indent = saved;
    }

    /// `yaml_emitter_select_scalar_style`.
    fn select_style(&self, text: &str, style: Style, a: &Analysis, ctx: Context) -> Style {
        let mut style = style;
        if ctx.simple_key && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain {
            if self.flow_level > 0 && !a.flow_plain || self.flow_level == 0 && !a.block_plain {
                style = Style::Single;
            }
            if text.is_empty() && (self.flow_level > 0 || ctx.simple_key) {
                style = Style::Single;
            }
        }
        if style == Style::Single && !a.single_quoted {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block || self.flow_level > 0 || ctx.simple_key) {
            style = Style::Double;
        }
        style
    }
}

/// `yaml_emitter_check_simple_key` for what the encoder makes: a one-line scalar of at most 128 bytes.
fn is_simple_key(key: &Node) -> bool {
    match key {
        Node::Scalar(text, _) => !analyze(text, false).multiline && text.len() <= 128,
        Node::Seq(items) => items.is_empty(),
        Node::Map(entries) => entries.is_empty(),
        Node::Masked(inner, _) => is_simple_key(inner),
    }
}

/// What `yaml_emitter_analyze_scalar` notes while it walks a scalar.
#[derive(Default)]
struct Seen {
    block_ind: bool,
    flow_ind: bool,
    line_breaks: bool,
    special: bool,
    leading_space: bool,
    leading_break: bool,
    trailing_space: bool,
    trailing_break: bool,
    break_space: bool,
    space_break: bool,
    tabs: bool,
}

/// `yaml_emitter_analyze_scalar` (`v3`: a tab is no special character but keeps the scalar
/// out of plain and single quotes).
fn analyze(value: &str, v3: bool) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            flow_plain: false,
            block_plain: true,
            single_quoted: true,
            block: false,
        };
    }
    let mut seen = Seen::default();
    if value.starts_with("---") || value.starts_with("...") {
        seen.block_ind = true;
        seen.flow_ind = true;
    }
    let (mut preceded_by_ws, mut prev_space, mut prev_break) = (true, false, false);
    let chars: Vec<char> = value.chars().collect();
    let n = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_ws = chars.get(i + 1).copied().is_none_or(is_blank);
        indicators(&mut seen, i == 0, c, followed_by_ws, preceded_by_ws);
        if v3 && c == '\t' {
            seen.tabs = true;
        } else {
            seen.special |= !is_printable(c);
        }
        if c == ' ' {
            seen.leading_space |= i == 0;
            seen.trailing_space |= i + 1 == n;
            seen.break_space |= prev_break;
            (prev_space, prev_break) = (true, false);
        } else if is_break(c) {
            seen.line_breaks = true;
            seen.leading_break |= i == 0;
            seen.trailing_break |= i + 1 == n;
            seen.space_break |= prev_space;
            (prev_space, prev_break) = (false, true);
        } else {
            (prev_space, prev_break) = (false, false);
        }
        preceded_by_ws = is_blank(c) || is_break(c) || c == '\0';
    }
    verdict(&seen)
}

/// The indicators one character makes (at the start, or inside the scalar).
fn indicators(seen: &mut Seen, first: bool, c: char, followed_by_ws: bool, preceded_by_ws: bool) {
    let (flow, block) = if first {
        match c {
            '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"' | '%'
            | '@' | '`' => (true, true),
            '?' | ':' => (true, followed_by_ws),
            '-' if followed_by_ws => (true, true),
            _ => (false, false),
        }
    } else {
        match c {
            ',' | '?' | '[' | ']' | '{' | '}' => (true, false),
            ':' => (true, followed_by_ws),
            '#' if preceded_by_ws => (true, true),
            _ => (false, false),
        }
    };
    seen.flow_ind |= flow;
    seen.block_ind |= block;
}

/// Which styles what was seen allows.
fn verdict(seen: &Seen) -> Analysis {
    let mut a = Analysis {
        multiline: seen.line_breaks,
        flow_plain: true,
        block_plain: true,
        single_quoted: true,
        block: true,
    };
    if seen.leading_space || seen.leading_break || seen.trailing_space || seen.trailing_break {
        a.flow_plain = false;
        a.block_plain = false;
    }
    if seen.trailing_space {
        a.block = false;
    }
    if seen.break_space {
        a.flow_plain = false;
        a.block_plain = false;
        a.single_quoted = false;
    }
    if seen.space_break || seen.tabs || seen.special {
        a.flow_plain = false;
        a.block_plain = false;
        a.single_quoted = false;
    }
    if seen.space_break || seen.special {
        a.block = false;
    }
    if seen.line_breaks {
        a.flow_plain = false;
        a.block_plain = false;
    }
    if seen.flow_ind {
        a.flow_plain = false;
    }
    if seen.block_ind {
        a.block_plain = false;
    }
    a
}

impl Emitter {
    /// `yaml_emitter_write_plain_scalar`.
    fn write_plain(&mut self, value: &str, allow_breaks: bool) {
        if value.is_empty() && self.v3 {
            self.indention = false;
            return;
        }
        if !self.whitespace {
            self.put(' ');
        }
        let chars: Vec<char> = value.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_space = chars.get(i + 1) == Some(&' ');
                if allow_breaks && !spaces && self.column > self.best_width && !next_space {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    /// `yaml_emitter_write_single_quoted_scalar`.
    fn write_single(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        let n = chars.len();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_space = chars.get(i + 1) == Some(&' ');
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && i > 0
                    && i + 1 < n
                    && !next_space
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// `yaml_emitter_write_double_quoted_scalar` (escapes as libyaml writes them).
    fn write_double(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        // libyaml tests the start of the whole value for a BOM at every character.
        let bom = value.starts_with('\u{feff}');
        let chars: Vec<char> = value.chars().collect();
        let n = chars.len();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || bom || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                self.escape(c);
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > self.best_width && i > 0 && i + 1 < n {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// One escape after its backslash.
    fn escape(&mut self, c: char) {
        let short = match c {
            '\0' => Some('0'),
            '\u{7}' => Some('a'),
            '\u{8}' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\u{b}' => Some('v'),
            '\u{c}' => Some('f'),
            '\r' => Some('r'),
            '\u{1b}' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{a0}' => Some('_'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(s) = short {
            self.put(s);
            return;
        }
        let v = c as u32;
        let (letter, width) = if v <= 0xff {
            ('x', 2)
        } else if v <= 0xffff {
            ('u', 4)
        } else {
            ('U', 8)
        };
        self.put(letter);
        for c in format!("{v:0width$X}").chars() {
            self.put(c);
        }
    }

    /// `yaml_emitter_write_literal_scalar` with its block scalar hints.
    fn write_literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        let first = value.chars().next();
        if first.is_some_and(|c| c == ' ' || is_break(c)) {
            let hint = BEST_INDENT.to_string();
            self.write_indicator(&hint, false, false, false);
        }
        let mut rev = value.chars().rev();
        let chomp = match (rev.next(), rev.next()) {
            (None, _) => Some("-"),
            (Some(last), _) if !is_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(prev)) if is_break(prev) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in value.chars() {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}
