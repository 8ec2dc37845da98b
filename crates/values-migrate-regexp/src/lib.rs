//! Go's `regexp` as Helm's templates and schemas meet it: Go 1.26's syntax with the `Perl`
//! flags `regexp.Compile` uses — what it accepts, what it refuses and its words — and Go's
//! leftmost-first (Perl-like) matching, submatches included, by Go's Pike VM in time linear in
//! the text times the program; `FindAll`, `ReplaceAll` (with `Expand`'s `$name` templates),
//! `Split` and `QuoteMeta` as Go's `regexp.go` writes them. Unicode 15.0.0, as in Go 1.26:
//! general categories, scripts and simple case folding (the `values-migrate-unicode` crate).
#![warn(missing_docs)]

mod class;
#[cfg(test)]
mod differential;
#[cfg(test)]
mod go_regex;
mod parse;
mod pike;
mod program;
mod replace;
#[cfg(test)]
mod tests;
mod unicode;

use std::ops::Range;

use pike::{Machine, UNSET};
use program::Program;

pub use replace::quote_meta;

/// Compiles `pattern` as Go's `regexp.Compile` does, or returns Go's error text.
pub fn compile(pattern: &str) -> Result<Regex, String> {
    Regex::new(pattern)
}

/// What a search may spend: steps of the machine and bytes of text it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fuel {
    /// Machine steps left (one per thread moved or state visited).
    pub steps: u64,
    /// Bytes of made text left (what `replace_all` and `replace_all_literal` write).
    pub bytes: u64,
}

impl Fuel {
    /// No limit.
    pub fn unlimited() -> Fuel {
        Fuel {
            steps: u64::MAX,
            bytes: u64::MAX,
        }
    }

    /// Spends `n` bytes of made text.
    fn alloc(&mut self, n: usize) -> Result<(), Exhausted> {
        self.bytes = self.bytes.checked_sub(n as u64).ok_or(Exhausted::Bytes)?;
        Ok(())
    }
}

/// Which limit of a `Fuel` a search ran out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The machine's steps.
    Steps,
    /// The bytes of made text.
    Bytes,
}

/// A match's capture groups as byte ranges: group 0 the whole match, `None` for a group that
/// took no part.
pub type Groups = Vec<Option<Range<usize>>>;

/// A compiled Go regular expression.
#[derive(Debug)]
pub struct Regex {
    pattern: String,
    program: Program,
    names: Vec<String>,
}

impl Regex {
    /// Compiles `pattern` as Go's `regexp.Compile` does, or returns Go's error text
    /// (`error parsing regexp: invalid escape sequence: `\u``).
    pub fn new(pattern: &str) -> Result<Regex, String> {
        let parsed = parse::parse(pattern)?;
        Ok(Regex {
            pattern: pattern.to_string(),
            program: Program::new(&parsed.node),
            names: parsed.names,
        })
    }

    /// The pattern as written (Go's `String`).
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// The number of capturing groups (Go's `NumSubexp`).
    pub fn num_subexp(&self) -> usize {
        self.names.len() - 1
    }

    /// Each group's name, `""` for group 0 and for unnamed groups (Go's `SubexpNames`).
    pub fn subexp_names(&self) -> &[String] {
        &self.names
    }

    /// The program's size in instructions (what a search's memory is proportional to).
    pub fn program_len(&self) -> usize {
        self.program.insts.len()
    }

    /// Whether the pattern matches somewhere in `text` (Go's `MatchString`), without limit.
    pub fn is_match(&self, text: &str) -> bool {
        let mut steps = u64::MAX;
        let found = Machine::new(&self.program, 0).run(text, 0, &mut steps);
        matches!(found, Ok(Some(_)))
    }

    /// Whether the pattern matches somewhere in `text`, spending `fuel`.
    pub fn is_match_within(&self, text: &str, fuel: &mut Fuel) -> Result<bool, Exhausted> {
        Ok(self.exec(text, 0, 0, fuel)?.is_some())
    }

    /// The leftmost-first match (Go's `FindStringIndex`).
    pub fn find(&self, text: &str, fuel: &mut Fuel) -> Result<Option<Range<usize>>, Exhausted> {
        let found = self.exec(text, 0, 2, fuel)?;
        Ok(found.map(|slots| pair(&slots, 0).unwrap_or(0..0)))
    }

    /// The leftmost-first match and its groups (Go's `FindStringSubmatchIndex`).
    pub fn find_submatch(&self, text: &str, fuel: &mut Fuel) -> Result<Option<Groups>, Exhausted> {
        let found = self.exec(text, 0, self.program.num_cap, fuel)?;
        Ok(found.map(|slots| self.groups(&slots)))
    }

    /// Successive non-overlapping matches, at most `n` (all when `n < 0`), with Go's rule that
    /// an empty match right after a previous match is dropped (Go's `FindAllStringSubmatchIndex`).
    pub fn find_all_submatch(
        &self,
        text: &str,
        n: i64,
        fuel: &mut Fuel,
    ) -> Result<Vec<Groups>, Exhausted> {
        let limit = if n < 0 {
            text.len() as u64 + 1
        } else {
            n as u64
        };
        let mut out = Vec::new();
        let (mut pos, mut prev_end) = (0, None);
        let mut machine = Machine::new(&self.program, self.program.num_cap);
        while (out.len() as u64) < limit && pos <= text.len() {
            let Some(slots) = run(&mut machine, text, pos, fuel)? else {
                break;
            };
            let Some(whole) = pair(&slots, 0) else {
                break;
            };
            let mut accept = true;
            if whole.end == pos {
                accept = prev_end != Some(whole.start);
                pos += text
                    .get(pos..)
                    .and_then(|s| s.chars().next())
                    .map_or(1, char::len_utf8);
            } else {
                pos = whole.end;
            }
            prev_end = Some(whole.end);
            if accept {
                out.push(self.groups(&slots));
            }
        }
        Ok(out)
    }

    /// Successive non-overlapping matches' ranges (Go's `FindAllStringIndex`).
    pub fn find_all(
        &self,
        text: &str,
        n: i64,
        fuel: &mut Fuel,
    ) -> Result<Vec<Range<usize>>, Exhausted> {
        let all = self.find_all_submatch(text, n, fuel)?;
        Ok(all
            .into_iter()
            .filter_map(|groups| groups.into_iter().next().flatten())
            .collect())
    }

    /// The capture slots of the leftmost-first match at `pos` or later, `ncap` of them.
    fn exec(
        &self,
        text: &str,
        pos: usize,
        ncap: usize,
        fuel: &mut Fuel,
    ) -> Result<Option<Vec<usize>>, Exhausted> {
        run(&mut Machine::new(&self.program, ncap), text, pos, fuel)
    }

    /// Capture slots as Go's padded submatch list: one entry per group.
    fn groups(&self, slots: &[usize]) -> Groups {
        (0..self.names.len()).map(|i| pair(slots, i)).collect()
    }
}

/// One search by `machine` from `pos`, spending `fuel`'s steps.
fn run(
    machine: &mut Machine,
    text: &str,
    pos: usize,
    fuel: &mut Fuel,
) -> Result<Option<Vec<usize>>, Exhausted> {
    machine
        .run(text, pos, &mut fuel.steps)
        .map_err(|_| Exhausted::Steps)
}

/// Group `i`'s range in `slots`, if it took part.
fn pair(slots: &[usize], i: usize) -> Option<Range<usize>> {
    let start = *slots.get(2 * i)?;
    let end = *slots.get(2 * i + 1)?;
    (start != UNSET && end != UNSET).then_some(start..end)
}
