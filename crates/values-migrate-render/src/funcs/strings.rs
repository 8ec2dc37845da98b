//! Sprig's string functions (`strings.go` and the goutils/xstrings functions it names), with Go's
//! byte semantics: lengths and cuts count bytes, and a cut inside a character is refused.

mod case;
mod words;

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::convert::{to_string, to_strings};
use crate::value::{ElemType, MapType, Mask, Str, Value};

pub(crate) use case::{Case, to as to_case};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("trim", own(&[Param::Str], trim)),
    ("trimAll", own(&[Param::Str, Param::Str], trim_all)),
    ("trimall", own(&[Param::Str, Param::Str], trim_all)),
    ("trimPrefix", own(&[Param::Str, Param::Str], trim_prefix)),
    ("trimSuffix", own(&[Param::Str, Param::Str], trim_suffix)),
    ("upper", whole(&[Param::Str], upper)),
    ("lower", whole(&[Param::Str], lower)),
    ("title", whole(&[Param::Str], title)),
    ("untitle", whole(&[Param::Str], untitle)),
    (
        "substr",
        whole(&[Param::Int, Param::Int, Param::Str], substr),
    ),
    ("repeat", whole(&[Param::Int, Param::Str], repeat)),
    ("trunc", whole(&[Param::Int, Param::Str], trunc)),
    ("abbrev", whole(&[Param::Int, Param::Str], abbrev)),
    (
        "abbrevboth",
        whole(&[Param::Int, Param::Int, Param::Str], abbrevboth),
    ),
    ("initials", whole(&[Param::Str], initials)),
    ("nospace", whole(&[Param::Str], nospace)),
    ("swapcase", whole(&[Param::Str], swapcase)),
    ("snakecase", whole(&[Param::Str], snakecase)),
    ("kebabcase", whole(&[Param::Str], kebabcase)),
    ("camelcase", whole(&[Param::Str], camelcase)),
    ("shuffle", own(&[Param::Str], shuffle)),
    ("wrap", whole(&[Param::Int, Param::Str], wrap)),
    (
        "wrapWith",
        whole(&[Param::Int, Param::Str, Param::Str], wrap_with),
    ),
    ("contains", whole(&[Param::Str, Param::Str], contains)),
    ("hasPrefix", whole(&[Param::Str, Param::Str], has_prefix)),
    ("hasSuffix", whole(&[Param::Str, Param::Str], has_suffix)),
    ("quote", variadic(quote)),
    ("squote", variadic(squote)),
    ("cat", variadic(cat)),
    ("indent", own(&[Param::Int, Param::Str], indent)),
    ("nindent", own(&[Param::Int, Param::Str], nindent)),
    (
        "replace",
        whole(&[Param::Str, Param::Str, Param::Str], replace),
    ),
    (
        "plural",
        whole(&[Param::Str, Param::Str, Param::Int], plural),
    ),
    ("join", whole(&[Param::Str, Param::Any], join)),
    ("split", whole(&[Param::Str, Param::Str], split)),
    ("splitList", whole(&[Param::Str, Param::Str], split_list)),
    (
        "splitn",
        whole(&[Param::Str, Param::Int, Param::Str], splitn),
    ),
    ("hello", whole(&[], hello)),
];

/// The signature of a function's body.
type Body = fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>;

/// A function of fixed parameters whose result the evaluator masks whole.
const fn whole(params: &'static [Param], call: Body) -> Func {
    Func {
        params,
        variadic: None,
        spans: Spans::Whole,
        call,
    }
}

/// A function of fixed parameters that places masked spans itself.
const fn own(params: &'static [Param], call: Body) -> Func {
    Func {
        params,
        variadic: None,
        spans: Spans::Own,
        call,
    }
}

/// A function of any number of `interface{}` arguments that places masked spans itself.
const fn variadic(call: Body) -> Func {
    Func {
        params: &[],
        variadic: Some(Param::Any),
        spans: Spans::Own,
        call,
    }
}

/// The text of argument `i` (the evaluator converted it to a string).
pub(crate) fn text(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or("")
}

/// Argument `i` as a string with its masks.
fn masked(args: &[Value], i: usize) -> Str {
    match args.get(i) {
        Some(Value::Str(s)) => s.clone(),
        _ => Str::default(),
    }
}

/// Integer argument `i` (the evaluator converted it to `int`).
pub(crate) fn int(args: &[Value], i: usize) -> i64 {
    match args.get(i) {
        Some(Value::Int(n, _)) => *n,
        _ => 0,
    }
}

/// A refusal for a cut that would split a character (Go's strings are bytes; ours are UTF-8).
fn split_char(name: &str) -> CallError {
    CallError::Unsupported(format!("{name} cutting inside a multi-byte character"))
}

/// `s[start..end]` by bytes, refused when a boundary falls inside a character.
pub(crate) fn cut<'s>(
    name: &str,
    s: &'s str,
    start: usize,
    end: usize,
) -> Result<&'s str, CallError> {
    s.get(start..end).ok_or_else(|| split_char(name))
}

/// A string being built with the masked spans of the pieces copied into it.
#[derive(Default)]
pub(crate) struct Spliced {
    text: String,
    masks: Vec<Mask>,
}

impl Spliced {
    /// Appends plain text.
    pub(crate) fn push(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// Appends a string, mapping each masked and unmasked run through `map` (a per-character
    /// rewrite, so runs map independently); a masked run's output stays masked.
    pub(crate) fn push_mapped(&mut self, s: &Str, map: &dyn Fn(&str) -> String) {
        let Some(masks) = &s.masks else {
            self.text.push_str(&map(&s.text));
            return;
        };
        let mut at = 0;
        for mask in masks.iter() {
            let (Some(before), Some(inside)) =
                (s.text.get(at..mask.start), s.text.get(mask.start..mask.end))
            else {
                continue;
            };
            self.text.push_str(&map(before));
            let start = self.text.len();
            self.text.push_str(&map(inside));
            self.mask(start, mask.from);
            at = mask.end;
        }
        self.text.push_str(&map(s.text.get(at..).unwrap_or("")));
    }

    /// Appends a value's text whole: masked entirely when any string in it is masked.
    pub(crate) fn push_value(
        &mut self,
        v: &Value,
        map: &dyn Fn(&str) -> String,
    ) -> Result<(), CallError> {
        if let Value::Str(s) = v {
            self.push_mapped(s, map);
            return Ok(());
        }
        let start = self.text.len();
        self.text.push_str(&map(&to_string(v)?));
        if v.is_masked() {
            self.mask(start, first_mask(v).unwrap_or("value"));
        }
        Ok(())
    }

    /// Masks everything from `start` to the end, as made by `from`.
    pub(crate) fn mask(&mut self, start: usize, from: &'static str) {
        let end = self.text.len();
        if end > start {
            self.masks.push(Mask { start, end, from });
        }
    }

    /// The built string value.
    pub(crate) fn finish(self) -> Value {
        Value::Str(Str {
            text: self.text.into(),
            masks: (!self.masks.is_empty()).then(|| Rc::new(self.masks)),
        })
    }
}

/// The function that made the first masked span in any of the arguments, if one holds any.
pub(crate) fn tainted(args: &[Value]) -> Option<&'static str> {
    args.iter().find_map(first_mask)
}

/// The function that made the first masked span inside a value.
fn first_mask(v: &Value) -> Option<&'static str> {
    match v {
        Value::Str(s) => s.masks.as_ref().and_then(|m| m.first()).map(|m| m.from),
        Value::List(items, _) => items.iter().find_map(first_mask),
        Value::Map(map, _) => map.borrow().values().find_map(first_mask),
        _ => None,
    }
}

/// The part `start..end` of a string, its masks clipped to the part.
pub(crate) fn sub_str(s: &Str, start: usize, end: usize) -> Value {
    let text: Rc<str> = s.text.get(start..end).unwrap_or("").into();
    let masks = s.masks.as_ref().map(|masks| {
        masks
            .iter()
            .filter(|m| m.end > start && m.start < end)
            .map(|m| Mask {
                start: m.start.max(start) - start,
                end: m.end.min(end) - start,
                from: m.from,
            })
            .collect::<Vec<_>>()
    });
    Value::Str(Str {
        text,
        masks: masks.filter(|m| !m.is_empty()).map(Rc::new),
    })
}

/// Go's `unicode.IsSpace`.
pub(crate) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// Go's `unicode.IsUpper` (category `Lu`).
pub(crate) fn is_upper(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_uppercase();
    }
    values_migrate_unicode::category(c) == "Lu"
}

/// Go's `unicode.IsLower` (category `Ll`).
pub(crate) fn is_lower(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_lowercase();
    }
    values_migrate_unicode::category(c) == "Ll"
}

/// Go's `strings.Map` of a simple case mapping over every character.
fn map_case(s: &str, case: Case) -> String {
    s.chars().map(|c| to_case(case, c)).collect()
}

/// `trim`: Go's `strings.TrimSpace`.
fn trim(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let s = masked(&args, 0);
    let start = s.text.len() - s.text.trim_start_matches(is_space).len();
    let end = s.text.trim_end_matches(is_space).len().max(start);
    Ok(sub_str(&s, start, end))
}

/// `trimAll CUTSET S`: Go's `strings.Trim(s, cutset)`.
fn trim_all(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let cutset = text(&args, 0);
    let s = masked(&args, 1);
    let in_set = |c: char| cutset.contains(c);
    let start = s.text.len() - s.text.trim_start_matches(in_set).len();
    let end = s.text.trim_end_matches(in_set).len().max(start);
    Ok(sub_str(&s, start, end))
}

/// `trimPrefix PREFIX S`: Go's `strings.TrimPrefix`.
fn trim_prefix(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let prefix = text(&args, 0);
    let s = masked(&args, 1);
    let start = if s.text.starts_with(prefix) {
        prefix.len()
    } else {
        0
    };
    Ok(sub_str(&s, start, s.text.len()))
}

/// `trimSuffix SUFFIX S`: Go's `strings.TrimSuffix`.
fn trim_suffix(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let suffix = text(&args, 0);
    let s = masked(&args, 1);
    let end = s.text.len()
        - if s.text.ends_with(suffix) {
            suffix.len()
        } else {
            0
        };
    Ok(sub_str(&s, 0, end))
}

/// `upper`: Go's `strings.ToUpper` (one character to one, as Go's tables map it).
fn upper(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(map_case(text(&args, 0), Case::Upper)))
}

/// `lower`: Go's `strings.ToLower`.
fn lower(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(map_case(text(&args, 0), Case::Lower)))
}

/// `title`: Go's `strings.Title` (title case after each separator).
fn title(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut prev = ' ';
    let out: String = text(&args, 0)
        .chars()
        .map(|c| {
            let mapped = if is_separator(prev) {
                to_case(Case::Title, c)
            } else {
                c
            };
            prev = c;
            mapped
        })
        .collect();
    Ok(Value::str(out))
}

/// Go's `strings.isSeparator`, which ends a word for `strings.Title`.
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    if values_migrate_unicode::is_letter(c) || values_migrate_unicode::is_digit(c) {
        return false;
    }
    is_space(c)
}

/// `untitle`: goutils' `Uncapitalize` (the first letter of each space-separated word lowered).
fn untitle(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut next = true;
    let out: String = text(&args, 0)
        .chars()
        .map(|c| {
            if is_space(c) {
                next = true;
                c
            } else if next {
                next = false;
                to_case(Case::Lower, c)
            } else {
                c
            }
        })
        .collect();
    Ok(Value::str(out))
}

/// `substr START END S`: sprig's `substring`, with Go's slice panics as errors.
fn substr(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (start, end, s) = (int(&args, 0), int(&args, 1), text(&args, 2));
    let len = s.len() as i64;
    let (from, to) = if start < 0 {
        (0, end)
    } else if end < 0 || end > len {
        (start, len)
    } else {
        (start, end)
    };
    if to < 0 || to > len {
        let with = if to < 0 {
            String::new()
        } else {
            format!(" with length {len}")
        };
        return Err(CallError::Go(format!(
            "runtime error: slice bounds out of range [:{to}]{with}"
        )));
    }
    if from > to {
        return Err(CallError::Go(format!(
            "runtime error: slice bounds out of range [{from}:{to}]"
        )));
    }
    Ok(Value::str(cut("substr", s, from as usize, to as usize)?))
}

/// `repeat COUNT S`: Go's `strings.Repeat`, its panics as errors.
fn repeat(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (count, s) = (int(&args, 0), text(&args, 1));
    if count < 0 {
        return Err(CallError::Go("strings: negative Repeat count".to_string()));
    }
    let Some(len) = (s.len() as u64).checked_mul(count as u64) else {
        return Err(CallError::Go(
            "strings: Repeat output length overflow".to_string(),
        ));
    };
    ctx.budget
        .alloc(usize::try_from(len).unwrap_or(usize::MAX))
        .map_err(CallError::Budget)?;
    Ok(Value::str(s.repeat(count as usize)))
}

/// `trunc COUNT S`: the first COUNT bytes, or the last -COUNT.
fn trunc(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (c, s) = (int(&args, 0), text(&args, 1));
    let len = s.len() as i64;
    let out = if c < 0 && len + c > 0 {
        cut("trunc", s, (len + c) as usize, s.len())?
    } else if c >= 0 && len > c {
        cut("trunc", s, 0, c as usize)?
    } else {
        s
    };
    Ok(Value::str(out))
}

/// `abbrev WIDTH S`: goutils' `Abbreviate`.
fn abbrev(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (width, s) = (int(&args, 0), text(&args, 1));
    if width < 4 {
        return Ok(Value::str(s));
    }
    Ok(Value::str(abbreviate(s, 0, width)?))
}

/// `abbrevboth LEFT RIGHT S`: goutils' `AbbreviateFull`.
fn abbrevboth(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (left, right, s) = (int(&args, 0), int(&args, 1), text(&args, 2));
    if right < 4 || (left > 0 && right < 7) {
        return Ok(Value::str(s));
    }
    Ok(Value::str(abbreviate(s, left, right)?))
}

/// goutils' `AbbreviateFull`, its errors as the empty string (sprig drops them).
fn abbreviate(s: &str, offset: i64, width: i64) -> Result<String, CallError> {
    let len = s.len() as i64;
    if s.is_empty() || width < 4 {
        return Ok(String::new());
    }
    if len <= width {
        return Ok(s.to_string());
    }
    let mut offset = offset.min(len);
    if len - offset < width - 3 {
        offset = len - (width - 3);
    }
    if offset <= 4 {
        return Ok(format!("{}...", cut("abbrev", s, 0, (width - 3) as usize)?));
    }
    if width < 7 {
        return Ok(String::new());
    }
    if offset + width - 3 < len {
        let rest = cut("abbrevboth", s, offset as usize, s.len())?;
        return Ok(format!("...{}", abbreviate(rest, 0, width - 3)?));
    }
    Ok(format!(
        "...{}",
        cut("abbrevboth", s, (len - (width - 3)) as usize, s.len())?
    ))
}

/// `initials`: goutils' `Initials`, which reads bytes as Latin-1 characters.
fn initials(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = String::new();
    let mut gap = true;
    for b in text(&args, 0).bytes() {
        let c = char::from(b);
        if is_space(c) {
            gap = true;
        } else if gap {
            out.push(c);
            gap = false;
        }
    }
    Ok(Value::str(out))
}

/// `nospace`: goutils' `DeleteWhiteSpace`, which reads bytes as Latin-1 characters.
fn nospace(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let s = text(&args, 0);
    if !s.bytes().any(|b| is_space(char::from(b))) {
        return Ok(Value::str(s));
    }
    let out: String = s
        .bytes()
        .map(char::from)
        .filter(|c| !is_space(*c))
        .collect();
    Ok(Value::str(out))
}

/// `swapcase`: goutils' `SwapCase` (a word's first lower letter becomes title case).
fn swapcase(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut whitespace = true;
    let out: String = text(&args, 0)
        .chars()
        .map(|c| {
            if is_upper(c) || values_migrate_unicode::category(c) == "Lt" {
                whitespace = false;
                to_case(Case::Lower, c)
            } else if is_lower(c) {
                let case = if whitespace { Case::Title } else { Case::Upper };
                whitespace = false;
                to_case(case, c)
            } else {
                whitespace = is_space(c);
                c
            }
        })
        .collect();
    Ok(Value::str(out))
}

/// `snakecase`: xstrings v1.5's `ToSnakeCase`.
fn snakecase(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(words::to_lower_case(
        no_replacement("snakecase", text(&args, 0))?,
        '_',
    )))
}

/// `kebabcase`: xstrings v1.5's `ToKebabCase`.
fn kebabcase(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(words::to_lower_case(
        no_replacement("kebabcase", text(&args, 0))?,
        '-',
    )))
}

/// The text, refused when it holds U+FFFD (xstrings skips it as if it were invalid UTF-8).
fn no_replacement<'s>(name: &str, s: &'s str) -> Result<&'s str, CallError> {
    if s.contains('\u{FFFD}') {
        return Err(CallError::Unsupported(format!(
            "{name} of a string holding U+FFFD"
        )));
    }
    Ok(s)
}

/// `camelcase`: xstrings v1.5's `ToPascalCase`.
fn camelcase(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(words::to_pascal_case(text(&args, 0))))
}

/// `shuffle`: the characters in a random order (masked: Go draws from `math/rand`).
fn shuffle(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut chars: Vec<char> = text(&args, 0).chars().collect();
    for i in (1..chars.len()).rev() {
        let j = (ctx.random.next_u64() % (i as u64 + 1)) as usize;
        chars.swap(i, j);
    }
    let mut out = Spliced::default();
    out.push(&chars.into_iter().collect::<String>());
    out.mask(0, "shuffle");
    Ok(out.finish())
}

/// `wrap WIDTH S`: goutils' `Wrap`.
fn wrap(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = words::wrap_custom(text(&args, 1), int(&args, 0), "\n", false, ctx.budget.bytes)?;
    ctx.budget.alloc(out.len()).map_err(CallError::Budget)?;
    Ok(Value::str(out))
}

/// `wrapWith WIDTH SEP S`: goutils' `WrapCustom` wrapping long words too.
fn wrap_with(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (width, sep, s) = (int(&args, 0), text(&args, 1), text(&args, 2));
    let out = words::wrap_custom(s, width, sep, true, ctx.budget.bytes)?;
    ctx.budget.alloc(out.len()).map_err(CallError::Budget)?;
    Ok(Value::str(out))
}

/// `contains SUBSTR S`.
fn contains(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(text(&args, 1).contains(text(&args, 0))))
}

/// `hasPrefix PREFIX S`.
fn has_prefix(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(text(&args, 1).starts_with(text(&args, 0))))
}

/// `hasSuffix SUFFIX S`.
fn has_suffix(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(text(&args, 1).ends_with(text(&args, 0))))
}

/// Go's `%q` of a run of text, without the quotes around it.
fn quote_inner(s: &str) -> String {
    let quoted = values_migrate_unicode::quote(s, '"');
    quoted
        .get(1..quoted.len().saturating_sub(1))
        .unwrap_or("")
        .to_string()
}

/// `quote`: each non-nil argument's `strval` as Go's `%q`, joined by spaces.
fn quote(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = Spliced::default();
    for (i, arg) in args.iter().filter(|a| !matches!(a, Value::Nil)).enumerate() {
        out.push(if i > 0 { " \"" } else { "\"" });
        out.push_value(arg, &quote_inner)?;
        out.push("\"");
    }
    ctx.budget
        .alloc(out.text.len())
        .map_err(CallError::Budget)?;
    Ok(out.finish())
}

/// `squote`: each non-nil argument as `'%v'`, joined by spaces.
fn squote(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = Spliced::default();
    for (i, arg) in args.iter().filter(|a| !matches!(a, Value::Nil)).enumerate() {
        out.push(if i > 0 { " '" } else { "'" });
        out.push_value(arg, &str::to_string)?;
        out.push("'");
    }
    ctx.budget
        .alloc(out.text.len())
        .map_err(CallError::Budget)?;
    Ok(out.finish())
}

/// `cat`: the non-nil arguments as `%v`, joined by spaces.
fn cat(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = Spliced::default();
    for (i, arg) in args.iter().filter(|a| !matches!(a, Value::Nil)).enumerate() {
        if i > 0 {
            out.push(" ");
        }
        out.push_value(arg, &str::to_string)?;
    }
    ctx.budget
        .alloc(out.text.len())
        .map_err(CallError::Budget)?;
    Ok(out.finish())
}

/// The indented text: the pad before the text and after each newline.
fn indented(ctx: &mut Ctx, args: &[Value], lead: &str) -> Result<Value, CallError> {
    let spaces = int(args, 0);
    if spaces < 0 {
        return Err(CallError::Go("strings: negative Repeat count".to_string()));
    }
    let s = masked(args, 1);
    let lines = s.text.bytes().filter(|b| *b == b'\n').count() as u64 + 1;
    let size = (spaces as u64)
        .saturating_mul(lines)
        .saturating_add(s.text.len() as u64);
    ctx.budget
        .alloc(usize::try_from(size).unwrap_or(usize::MAX))
        .map_err(CallError::Budget)?;
    let pad = " ".repeat(spaces as usize);
    let newline = format!("\n{pad}");
    let mut out = Spliced::default();
    out.push(lead);
    out.push(&pad);
    out.push_mapped(&s, &|run| run.replace('\n', &newline));
    Ok(out.finish())
}

/// `indent N S`: N spaces before the text and after each newline.
fn indent(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    indented(ctx, &args, "")
}

/// `nindent N S`: a newline, then `indent N S`.
fn nindent(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    indented(ctx, &args, "\n")
}

/// `replace OLD NEW S`: Go's `strings.Replace(s, old, new, -1)`.
fn replace(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (old, new, s) = (text(&args, 0), text(&args, 1), text(&args, 2));
    let count = if old.is_empty() {
        s.chars().count() + 1
    } else {
        s.matches(old).count()
    };
    let size = (new.len() as u64)
        .saturating_mul(count as u64)
        .saturating_add(s.len() as u64);
    ctx.budget
        .alloc(usize::try_from(size).unwrap_or(usize::MAX))
        .map_err(CallError::Budget)?;
    Ok(Value::str(s.replace(old, new)))
}

/// `plural ONE MANY COUNT`.
fn plural(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let pick = if int(&args, 2) == 1 { 0 } else { 1 };
    Ok(Value::str(text(&args, pick)))
}

/// `join SEP LIST`: sprig's `strslice`, joined.
fn join(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let items = to_strings(args.get(1).unwrap_or(&Value::Nil))?;
    let out = items.join(text(&args, 0));
    ctx.budget.alloc(out.len()).map_err(CallError::Budget)?;
    Ok(Value::str(out))
}

/// Go's `strings.SplitN(s, sep, n)` (`n < 0`: every part).
pub(crate) fn go_split(s: &str, sep: &str, n: i64) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    let limit = if n < 0 { usize::MAX } else { n as usize };
    if sep.is_empty() {
        let mut parts: Vec<String> = Vec::new();
        for (i, (at, c)) in s.char_indices().enumerate() {
            if i + 1 == limit {
                parts.push(s[at..].to_string());
                break;
            }
            parts.push(c.to_string());
        }
        return parts;
    }
    s.splitn(limit, sep).map(str::to_string).collect()
}

/// The parts as sprig's `map[string]string` of `_0`, `_1`, ….
fn parts_map(parts: Vec<String>) -> Value {
    let map = parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| (format!("_{i}"), Value::str(part)))
        .collect();
    Value::Map(Rc::new(std::cell::RefCell::new(map)), MapType::String)
}

/// `split SEP S`: the parts as a map of `_0`, `_1`, ….
fn split(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(parts_map(go_split(text(&args, 1), text(&args, 0), -1)))
}

/// `splitList SEP S`: the parts as a `[]string`.
fn split_list(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let parts = go_split(text(&args, 1), text(&args, 0), -1);
    Ok(Value::List(
        Rc::new(parts.into_iter().map(Value::str).collect()),
        ElemType::String,
    ))
}

/// `splitn SEP N S`: at most N parts as a map of `_0`, `_1`, ….
fn splitn(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(parts_map(go_split(
        text(&args, 2),
        text(&args, 0),
        int(&args, 1),
    )))
}

/// `hello`: sprig's greeting.
fn hello(_: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str("Hello!"))
}
