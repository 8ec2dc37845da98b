//! Patterns as Go's `regexp` (RE2 syntax) reads them — Helm compiles `pattern`,
//! `patternProperties` and `format: regex` with it — translated for the `regex` crate: `\d`,
//! `\s`, `\w` and `\b` ASCII-only, `\Q…\E` and octal escapes spelled out, a `{` that is no
//! repetition literal, Rust's class set operators escaped; what Go refuses (lookaround,
//! backreferences, `\u`, flags other than `imsU`, counts over 1000) refused with Go's words.

/// Go's largest repetition count.
const MAX_REPEAT: u32 = 1000;

/// A compiled pattern that matches as Go's `regexp.MatchString` does.
pub fn compile(pattern: &str) -> Result<regex::Regex, String> {
    let translated = translate(pattern)?;
    regex::RegexBuilder::new(&translated)
        .size_limit(1 << 23)
        .build()
        .map_err(|e| {
            let text = e.to_string();
            let last = text.lines().rev().find(|l| l.starts_with("error:"));
            let reason = last.map_or(text.as_str(), |l| l.trim_start_matches("error: "));
            format!("error parsing regexp: {reason}: `{pattern}`")
        })
}

/// Go's error text for a refused pattern.
fn go_error(code: &str, expr: &str) -> String {
    format!("error parsing regexp: {code}: `{expr}`")
}

/// The `regex` crate's spelling of Go pattern `pattern`, or Go's reason for refusing it.
pub(crate) fn translate(pattern: &str) -> Result<String, String> {
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    // The repetition operator just read (with its lazy `?`, if any): Go refuses another.
    let mut repeat: Option<(usize, bool)> = None;
    while i < pattern.len() {
        let rest = &pattern[i..];
        let c = rest.chars().next().unwrap_or('\0');
        let is_count = c == '{' && brace(rest, &mut String::new()).is_ok_and(|_| counted(rest));
        if let Some((start, lazy)) = repeat {
            match c {
                '?' if !lazy => {
                    out.push('?');
                    repeat = Some((start, true));
                    i += 1;
                    continue;
                }
                '*' | '+' | '?' => {
                    let op = &pattern[start..=i];
                    return Err(go_error("invalid nested repetition operator", op));
                }
                '{' if is_count => {
                    let end = i + rest.find('}').unwrap_or(0);
                    let op = &pattern[start..=end];
                    return Err(go_error("invalid nested repetition operator", op));
                }
                _ => {}
            }
        }
        repeat = match c {
            '*' | '+' | '?' => Some((i, false)),
            '{' if is_count => Some((i, false)),
            _ => None,
        };
        i += match c {
            '\\' => escape(rest, false, &mut out)?,
            '[' => class(rest, &mut out)?,
            '(' => group(rest, &mut out)?,
            '{' => brace(rest, &mut out)?,
            '}' => {
                out.push_str("\\}");
                1
            }
            _ => {
                out.push(c);
                c.len_utf8()
            }
        };
    }
    Ok(out)
}

/// Whether the `{` at the start of `rest` opens a counted repetition (`{2}`, `{2,}`, `{2,3}`).
fn counted(rest: &str) -> bool {
    let Some(end) = rest.find('}') else {
        return false;
    };
    let body = &rest[1..end];
    let (low, high) = body.split_once(',').unwrap_or((body, "0"));
    !low.is_empty() && low.bytes().chain(high.bytes()).all(|b| b.is_ascii_digit())
}

/// A `(`: a group, a named group or flags; Go refuses every other `(?`.
fn group(rest: &str, out: &mut String) -> Result<usize, String> {
    let Some(after) = rest.strip_prefix("(?") else {
        out.push('(');
        return Ok(1);
    };
    if after.starts_with("P<") || after.starts_with('<') {
        // Go reads every `(?<` as a named group, lookbehind included.
        let Some(end) = rest.find('>') else {
            return Err(go_error("invalid named capture", rest));
        };
        let name = &rest[if after.starts_with('P') { 4 } else { 3 }..end];
        if name.is_empty() || !name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()) {
            return Err(go_error("invalid named capture", &rest[..=end]));
        }
        out.push_str(&rest[..=end]);
        return Ok(end + 1);
    }
    for (n, c) in after.char_indices() {
        match c {
            'i' | 'm' | 's' | 'U' | '-' => {}
            ':' | ')' if n > 0 || c == ':' => {
                out.push_str(&rest[..n + 3]);
                return Ok(n + 3);
            }
            _ => {
                let end = 2 + n + c.len_utf8();
                return Err(go_error("invalid or unsupported Perl syntax", &rest[..end]));
            }
        }
    }
    Err(go_error("missing closing )", rest))
}

/// A `{`: a counted repetition (at most 1000), or a literal brace as Go reads it.
fn brace(rest: &str, out: &mut String) -> Result<usize, String> {
    let Some(end) = rest.find('}') else {
        out.push_str("\\{");
        return Ok(1);
    };
    let body = &rest[1..end];
    let (low, high) = body.split_once(',').map_or((body, Some(body)), |(l, h)| {
        (l, if h.is_empty() { None } else { Some(h) })
    });
    let number = |s: &str| -> Option<u32> {
        (!s.is_empty() && s.len() <= 8 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let Some(min) = number(low) else {
        out.push_str("\\{");
        return Ok(1);
    };
    let max = match high {
        None => None,
        Some(h) => match number(h) {
            Some(m) => Some(m),
            None => {
                out.push_str("\\{");
                return Ok(1);
            }
        },
    };
    if min > MAX_REPEAT || max.is_some_and(|m| m > MAX_REPEAT || m < min) {
        return Err(go_error("invalid repeat count", &rest[..=end]));
    }
    out.push_str(&rest[..=end]);
    Ok(end + 1)
}

/// A `[…]` class, its members as Go reads them.
fn class(rest: &str, out: &mut String) -> Result<usize, String> {
    out.push('[');
    let mut i = 1;
    if rest[i..].starts_with('^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let here = &rest[i..];
        let Some(c) = here.chars().next() else {
            return Err(go_error("missing closing ]", rest));
        };
        if c == ']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        i += match c {
            '\\' => escape(here, true, out)?,
            '[' if here.starts_with("[:") => posix(here, out)?,
            '[' | '&' | '~' | ']' => {
                out.push('\\');
                out.push(c);
                1
            }
            '-' if out.ends_with('-') => {
                out.push_str("\\-");
                1
            }
            _ => {
                out.push(c);
                c.len_utf8()
            }
        };
    }
}

/// A POSIX class `[:name:]` (ASCII, as in Go), or a literal `[` when it is not one.
fn posix(here: &str, out: &mut String) -> Result<usize, String> {
    const NAMES: [&str; 14] = [
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
        "space", "upper", "word", "xdigit",
    ];
    if let Some(end) = here[2..].find(":]") {
        let name = &here[2..2 + end];
        let bare = name.strip_prefix('^').unwrap_or(name);
        if NAMES.contains(&bare) {
            out.push_str(&here[..end + 4]);
            return Ok(end + 4);
        }
        return Err(go_error("invalid character class range", &here[..end + 4]));
    }
    out.push_str("\\[");
    Ok(1)
}

/// An escape at the start of `here` (inside a class or not), as Go reads it.
fn escape(here: &str, in_class: bool, out: &mut String) -> Result<usize, String> {
    let mut chars = here[1..].chars();
    let Some(c) = chars.next() else {
        return Err(go_error("trailing backslash at end of expression", ""));
    };
    let perl = |set: &str, negated: bool| {
        if negated {
            format!("[^{set}]")
        } else {
            format!("[{set}]")
        }
    };
    let used = 1 + c.len_utf8();
    match c {
        'd' | 'D' => out.push_str(&perl("0-9", c == 'D')),
        's' | 'S' => out.push_str(&perl("\\t\\n\\x0C\\r ", c == 'S')),
        'w' | 'W' => out.push_str(&perl("0-9A-Za-z_", c == 'W')),
        'b' | 'B' | 'A' | 'z' if !in_class => match c {
            'b' => out.push_str("(?-u:\\b)"),
            'B' => out.push_str("(?-u:\\B)"),
            _ => {
                out.push('\\');
                out.push(c);
            }
        },
        'a' | 'f' | 't' | 'n' | 'r' | 'v' => {
            out.push('\\');
            out.push(c);
        }
        'x' => return hex(here, out),
        'p' | 'P' => return property(here, c == 'P', out),
        'Q' if !in_class => return Ok(quoted(here, out)),
        'C' if !in_class => out.push_str("(?s:.)"),
        '0'..='7' => return octal(here, out),
        '<' | '>' => out.push(c),
        _ if c.is_ascii() && !c.is_ascii_alphanumeric() => {
            out.push('\\');
            out.push(c);
        }
        _ => return Err(go_error("invalid escape sequence", &here[..used])),
    }
    Ok(used)
}

/// `\x7F` or `\x{10FFFF}`.
fn hex(here: &str, out: &mut String) -> Result<usize, String> {
    let bad = |end: usize| go_error("invalid escape sequence", &here[..end.min(here.len())]);
    let body = &here[2..];
    let (digits, used) = if let Some(braced) = body.strip_prefix('{') {
        let end = braced.find('}').ok_or_else(|| bad(here.len()))?;
        (&braced[..end], 2 + end + 2)
    } else {
        (body.get(..2).ok_or_else(|| bad(here.len()))?, 4)
    };
    let value = u32::from_str_radix(digits, 16).map_err(|_| bad(used))?;
    if digits.is_empty() || char::from_u32(value).is_none() && value <= 0x10FFFF {
        return Err(bad(used));
    }
    if value > 0x10FFFF {
        return Err(bad(used));
    }
    out.push_str(&format!("\\x{{{value:X}}}"));
    Ok(used)
}

/// Go's octal escapes: `\0` to `\377`; a lone `\1`…`\7` would be a backreference, refused.
fn octal(here: &str, out: &mut String) -> Result<usize, String> {
    let digits: String = here[1..]
        .chars()
        .take(3)
        .take_while(|c| ('0'..='7').contains(c))
        .collect();
    if digits.len() == 1 && digits != "0" {
        return Err(go_error("invalid escape sequence", &here[..2]));
    }
    let value = u32::from_str_radix(&digits, 8).unwrap_or(0);
    out.push_str(&format!("\\x{{{value:X}}}"));
    Ok(1 + digits.len())
}

/// `\pL`, `\p{Greek}`, `\p{^Greek}`: the general categories and scripts Go knows.
fn property(here: &str, negated: bool, out: &mut String) -> Result<usize, String> {
    let body = &here[2..];
    let (name, used) = if let Some(braced) = body.strip_prefix('{') {
        let end = braced
            .find('}')
            .ok_or_else(|| go_error("invalid character class range", here))?;
        (&braced[..end], 2 + end + 2)
    } else {
        let c = body
            .chars()
            .next()
            .ok_or_else(|| go_error("invalid character class range", here))?;
        (&body[..c.len_utf8()], 2 + c.len_utf8())
    };
    let (negated, bare) = match name.strip_prefix('^') {
        Some(bare) => (!negated, bare),
        None => (negated, name),
    };
    // Go 1.25 reads long and case-insensitive names too (`\p{Letter}`, `\p{latin}`), as Rust does.
    if bare.is_empty() || !bare.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()) {
        return Err(go_error("invalid character class range", &here[..used]));
    }
    out.push_str(if negated { "\\P{" } else { "\\p{" });
    out.push_str(bare);
    out.push('}');
    Ok(used)
}

/// `\Q…\E`: everything between, literally.
fn quoted(here: &str, out: &mut String) -> usize {
    let body = &here[2..];
    let (text, used) = match body.find("\\E") {
        Some(end) => (&body[..end], 2 + end + 2),
        None => (body, here.len()),
    };
    out.push_str(&regex::escape(text));
    used
}

#[cfg(test)]
mod tests {
    use super::compile;

    /// Each pattern, a subject, and whether Go's `regexp.MatchString` matches it (or, with
    /// `Err`, the start of Go's refusal) — checked against Helm 4.2.3.
    #[test]
    fn patterns_read_as_go_reads_them() {
        let cases: &[(&str, &str, Result<bool, &str>)] = &[
            (r"^\p{L}+$", "héllo", Ok(true)),
            (r"^\p{L}+$", "h1", Ok(false)),
            (r"^[[:alpha:]]+$", "abc", Ok(true)),
            (r"^[[:alpha:]]+$", "é", Ok(false)),
            (r"^\s$", "\u{a0}", Ok(false)),
            (r"^\s$", "\t", Ok(true)),
            (r"^\d$", "٣", Ok(false)),
            (r"^\w+$", "é", Ok(false)),
            (r"a{,3}", "a{,3}", Ok(true)),
            (r"^[a-z]{2,3}$", "abc", Ok(true)),
            (r"^\Qa.b\E$", "a.b", Ok(true)),
            (r"^\Qa.b\E$", "axb", Ok(false)),
            (r"^\101$", "A", Ok(true)),
            (r"^x\z", "x", Ok(true)),
            (r"^[a&&b]$", "&", Ok(true)),
            (r"^[[]$", "[", Ok(true)),
            (r"(?i)^abc$", "ABC", Ok(true)),
            (r"^\p{Greek}$", "α", Ok(true)),
            (
                "(?=x)",
                "",
                Err("error parsing regexp: invalid or unsupported Perl syntax: `(?=`"),
            ),
            (
                "(?!x)",
                "",
                Err("error parsing regexp: invalid or unsupported Perl syntax: `(?!`"),
            ),
            (
                r"(a)\1",
                "",
                Err("error parsing regexp: invalid escape sequence: `\\1`"),
            ),
            (
                r"\u0041",
                "",
                Err("error parsing regexp: invalid escape sequence: `\\u`"),
            ),
            (
                "a{1001}",
                "",
                Err("error parsing regexp: invalid repeat count: `{1001}`"),
            ),
            (
                "(?x)a",
                "",
                Err("error parsing regexp: invalid or unsupported Perl syntax: `(?x`"),
            ),
            (r"^\p{Letter}$", "a", Ok(true)),
            ("^a*?$", "aa", Ok(true)),
            ("^a{2}?$", "aa", Ok(true)),
            (
                "a*+",
                "",
                Err("error parsing regexp: invalid nested repetition operator: `*+`"),
            ),
            (
                "a{2}*",
                "",
                Err("error parsing regexp: invalid nested repetition operator: `{2}*`"),
            ),
            (
                "a**",
                "",
                Err("error parsing regexp: invalid nested repetition operator: `**`"),
            ),
            (r"^\p{latin}$", "a", Ok(true)),
            (
                "(?<=x)a",
                "",
                Err("error parsing regexp: invalid named capture: `(?<=x)a`"),
            ),
            (
                r"\8",
                "",
                Err("error parsing regexp: invalid escape sequence: `\\8`"),
            ),
            (
                r"x\Z",
                "",
                Err("error parsing regexp: invalid escape sequence: `\\Z`"),
            ),
        ];
        for (pattern, subject, expected) in cases {
            match (compile(pattern), expected) {
                (Ok(re), Ok(matches)) => {
                    assert_eq!(re.is_match(subject), *matches, "{pattern} on {subject:?}")
                }
                (Err(e), Err(start)) => assert!(e.starts_with(start), "{pattern}: {e}"),
                (got, _) => panic!("{pattern}: {got:?}"),
            }
        }
    }
}
