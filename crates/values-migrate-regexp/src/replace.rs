//! What Go's `regexp.go` builds on matches: `ReplaceAllString` with `Expand`'s templates
//! (`$1`, `${1}`, `$name`, `${name}`, `$$`; `$1x` is the group named `1x`),
//! `ReplaceAllLiteralString`, `Split` and `QuoteMeta`.

use std::ops::Range;

use values_migrate_unicode::{is_digit, is_letter};

use super::pike::Machine;
use super::{Exhausted, Fuel, Regex, pair, run};

impl Regex {
    /// `src` with every match replaced by `template` expanded (Go's `ReplaceAllString`).
    pub fn replace_all(
        &self,
        src: &str,
        template: &str,
        fuel: &mut Fuel,
    ) -> Result<String, Exhausted> {
        let ncap = if template.contains('$') {
            2 * self.names.len()
        } else {
            2
        };
        self.replace_with(src, ncap, fuel, |re, out, slots, fuel| {
            re.expand(out, template, src, slots, fuel)
        })
    }

    /// `src` with every match replaced by `repl` as it is (Go's `ReplaceAllLiteralString`).
    pub fn replace_all_literal(
        &self,
        src: &str,
        repl: &str,
        fuel: &mut Fuel,
    ) -> Result<String, Exhausted> {
        self.replace_with(src, 2, fuel, |_, out, _, fuel| {
            fuel.alloc(repl.len())?;
            out.push_str(repl);
            Ok(())
        })
    }

    /// Go's `replaceAll`: each match found from the search position on, the text before it
    /// copied and `repl` called, except for an empty match right after the previous match.
    fn replace_with(
        &self,
        src: &str,
        ncap: usize,
        fuel: &mut Fuel,
        mut repl: impl FnMut(&Regex, &mut String, &[usize], &mut Fuel) -> Result<(), Exhausted>,
    ) -> Result<String, Exhausted> {
        let mut machine = Machine::new(&self.program, ncap);
        let mut out = String::new();
        let (mut last_end, mut search) = (0, 0);
        while search <= src.len() {
            let Some(slots) = run(&mut machine, src, search, fuel)? else {
                break;
            };
            let Some(whole) = pair(&slots, 0) else {
                break;
            };
            let before = src.get(last_end..whole.start).unwrap_or("");
            fuel.alloc(before.len())?;
            out.push_str(before);
            if whole.end > last_end || whole.start == 0 {
                repl(self, &mut out, &slots, fuel)?;
            }
            last_end = whole.end;
            let width = src
                .get(search..)
                .and_then(|s| s.chars().next())
                .map_or(0, char::len_utf8);
            search = if search + width > whole.end {
                search + width
            } else if search + 1 > whole.end {
                search + 1
            } else {
                whole.end
            };
        }
        let rest = src.get(last_end..).unwrap_or("");
        fuel.alloc(rest.len())?;
        out.push_str(rest);
        Ok(out)
    }

    /// Appends `template` to `out` with each `$` variable replaced by its group's text in `src`
    /// (Go's `expand`; `slots` are a match's capture slots).
    fn expand(
        &self,
        out: &mut String,
        template: &str,
        src: &str,
        slots: &[usize],
        fuel: &mut Fuel,
    ) -> Result<(), Exhausted> {
        let mut rest = template;
        while let Some(at) = rest.find('$') {
            let before = &rest[..at];
            fuel.alloc(before.len() + 1)?;
            out.push_str(before);
            rest = &rest[at + 1..];
            if let Some(after) = rest.strip_prefix('$') {
                out.push('$');
                rest = after;
                continue;
            }
            let Some((name, num, after)) = extract(rest) else {
                out.push('$');
                continue;
            };
            rest = after;
            if let Some(range) = self.variable(name, num, slots) {
                let text = src.get(range).unwrap_or("");
                fuel.alloc(text.len())?;
                out.push_str(text);
            }
        }
        fuel.alloc(rest.len())?;
        out.push_str(rest);
        Ok(())
    }

    /// The range of the group a variable names: by number, or the first group so named that
    /// took part.
    fn variable(&self, name: &str, num: Option<usize>, slots: &[usize]) -> Option<Range<usize>> {
        match num {
            Some(num) => pair(slots, num),
            None => self
                .names
                .iter()
                .enumerate()
                .filter(|(_, n)| *n == name)
                .find_map(|(i, _)| pair(slots, i)),
        }
    }

    /// `s` cut around the matches, at most `n` pieces (all when `n < 0`; none when 0; Go's `Split`).
    pub fn split<'t>(
        &self,
        s: &'t str,
        n: i64,
        fuel: &mut Fuel,
    ) -> Result<Vec<&'t str>, Exhausted> {
        if n == 0 {
            return Ok(Vec::new());
        }
        if !self.pattern.is_empty() && s.is_empty() {
            return Ok(vec![""]);
        }
        let matches = self.find_all(s, n, fuel)?;
        let mut pieces = Vec::with_capacity(matches.len() + 1);
        let (mut beg, mut end) = (0, 0);
        for m in matches {
            if n > 0 && pieces.len() as i64 == n - 1 {
                break;
            }
            end = m.start;
            if m.end != 0 {
                pieces.push(s.get(beg..end).unwrap_or(""));
            }
            beg = m.end;
        }
        if end != s.len() {
            pieces.push(s.get(beg..).unwrap_or(""));
        }
        Ok(pieces)
    }
}

/// The name after a `$` (`name` or `{name}`: letters, digits, `_`), its number if it is one
/// (no leading zero, below 10^8 as Go reads it), and the rest; `None` when malformed.
fn extract(s: &str) -> Option<(&str, Option<usize>, &str)> {
    let (brace, body) = match s.strip_prefix('{') {
        Some(body) => (true, body),
        None => (false, s),
    };
    let len: usize = body
        .chars()
        .take_while(|&c| is_letter(c) || is_digit(c) || c == '_')
        .map(char::len_utf8)
        .sum();
    if len == 0 {
        return None;
    }
    let name = &body[..len];
    let mut rest = &body[len..];
    if brace {
        rest = rest.strip_prefix('}')?;
    }
    Some((name, number(name), rest))
}

/// Go's reading of a variable name as a group number.
fn number(name: &str) -> Option<usize> {
    let mut num: usize = 0;
    for b in name.bytes() {
        if !b.is_ascii_digit() || num >= 100_000_000 {
            return None;
        }
        num = num * 10 + usize::from(b - b'0');
    }
    if name.len() > 1 && name.starts_with('0') {
        return None;
    }
    Some(num)
}

/// `s` with every metacharacter escaped: a pattern matching `s` literally (Go's `QuoteMeta`).
pub fn quote_meta(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
