//! Sprig's `semver` and `semverCompare` over Masterminds/semver v3.5 (Helm 4.2.3's version):
//! `NewVersion`'s coercing parse, `NewConstraint`'s grammar (`||`, `,`, `x`/`*` wildcards,
//! `~`, `^`, prerelease rules) and `Check`, ported without regular expressions.

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::strings::text;
use crate::value::{IntType, Object, Value};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    (
        "semver",
        Func {
            params: &[Param::Str],
            variadic: None,
            spans: Spans::Whole,
            call: semver,
        },
    ),
    (
        "semverCompare",
        Func {
            params: &[Param::Str, Param::Str],
            variadic: None,
            spans: Spans::Whole,
            call: semver_compare,
        },
    ),
];

/// A parsed version (Masterminds' `Version`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    /// The major number.
    pub major: u64,
    /// The minor number.
    pub minor: u64,
    /// The patch number.
    pub patch: u64,
    /// The prerelease, without its `-`.
    pub pre: String,
    /// The build metadata, without its `+`.
    pub metadata: String,
    /// The text it was parsed from.
    pub original: String,
}

/// Whether `s` is non-empty and made only of bytes `ok` accepts.
fn only(s: &str, ok: impl Fn(u8) -> bool) -> bool {
    !s.is_empty() && s.bytes().all(ok)
}

/// A prerelease or metadata identifier character.
fn ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// The length of the leading run of bytes `ok` accepts.
fn run(s: &str, ok: impl Fn(u8) -> bool) -> usize {
    s.bytes().take_while(|b| ok(*b)).count()
}

/// A dot-separated list of non-empty identifiers at the start of `s`: its length.
fn dotted(s: &str) -> usize {
    let mut len = run(s, ident_char);
    if len == 0 {
        return 0;
    }
    while s.as_bytes().get(len) == Some(&b'.') {
        let more = run(&s[len + 1..], ident_char);
        if more == 0 {
            break;
        }
        len += 1 + more;
    }
    len
}

/// A version segment as Go's `ParseUint`, refused when it overflows.
fn segment(s: &str) -> Result<u64, CallError> {
    s.parse::<i64>()
        .ok()
        .and_then(|n| u64::try_from(n).ok())
        .ok_or_else(|| CallError::Unsupported(format!("a version segment {s:?} larger than int64")))
}

impl Version {
    /// Masterminds' `NewVersion` (coercing: `v` prefix, missing minor/patch, leading zeros).
    pub fn parse(v: &str) -> Result<Version, CallError> {
        let invalid = || CallError::Go("invalid semantic version".to_string());
        let s = v.strip_prefix('v').unwrap_or(v);
        let major_len = run(s, |b| b.is_ascii_digit());
        if major_len == 0 {
            return Err(invalid());
        }
        let mut at = major_len;
        let mut nums = vec![&s[..major_len]];
        for _ in 0..2 {
            if s.as_bytes().get(at) != Some(&b'.') {
                break;
            }
            let len = run(&s[at + 1..], |b| b.is_ascii_digit());
            if len == 0 {
                break;
            }
            nums.push(&s[at + 1..at + 1 + len]);
            at += 1 + len;
        }
        let mut pre = "";
        let mut metadata = "";
        if s.as_bytes().get(at) == Some(&b'-') {
            let len = dotted(&s[at + 1..]);
            if len == 0 {
                return Err(invalid());
            }
            pre = &s[at + 1..at + 1 + len];
            at += 1 + len;
        }
        if s.as_bytes().get(at) == Some(&b'+') {
            let len = dotted(&s[at + 1..]);
            if len == 0 {
                return Err(invalid());
            }
            metadata = &s[at + 1..at + 1 + len];
            at += 1 + len;
        }
        if at != s.len() {
            return Err(invalid());
        }
        for part in pre.split('.').filter(|_| !pre.is_empty()) {
            if only(part, |b| b.is_ascii_digit()) && part.len() > 1 && part.starts_with('0') {
                return Err(CallError::Go("version segment starts with 0".to_string()));
            }
        }
        Ok(Version {
            major: segment(nums[0])?,
            minor: nums.get(1).map_or(Ok(0), |n| segment(n))?,
            patch: nums.get(2).map_or(Ok(0), |n| segment(n))?,
            pre: pre.to_string(),
            metadata: metadata.to_string(),
            original: v.to_string(),
        })
    }

    /// Masterminds' `Compare`: -1, 0 or 1, metadata ignored.
    pub fn compare(&self, o: &Version) -> i32 {
        let by_numbers = (self.major, self.minor, self.patch).cmp(&(o.major, o.minor, o.patch));
        if by_numbers != std::cmp::Ordering::Equal {
            return by_numbers as i32;
        }
        match (self.pre.is_empty(), o.pre.is_empty()) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => -1,
            (false, false) => compare_prerelease(&self.pre, &o.pre),
        }
    }

    /// Masterminds' `String`.
    fn display(&self) -> String {
        let mut out = format!("{}.{}.{}", self.major, self.minor, self.patch);
        if !self.pre.is_empty() {
            out.push('-');
            out.push_str(&self.pre);
        }
        if !self.metadata.is_empty() {
            out.push('+');
            out.push_str(&self.metadata);
        }
        out
    }
}

/// Masterminds' `comparePrerelease`, part by part.
fn compare_prerelease(v: &str, o: &str) -> i32 {
    let (vs, os): (Vec<&str>, Vec<&str>) = (v.split('.').collect(), o.split('.').collect());
    for i in 0..vs.len().max(os.len()) {
        let d = compare_pre_part(
            vs.get(i).copied().unwrap_or(""),
            os.get(i).copied().unwrap_or(""),
        );
        if d != 0 {
            return d;
        }
    }
    0
}

/// Masterminds' `comparePrePart`: numbers numerically and below words, words by bytes.
fn compare_pre_part(s: &str, o: &str) -> i32 {
    if s == o {
        return 0;
    }
    if s.is_empty() {
        return -1;
    }
    if o.is_empty() {
        return 1;
    }
    match (s.parse::<u64>(), o.parse::<u64>()) {
        (Err(_), Err(_)) => {
            if s > o {
                1
            } else {
                -1
            }
        }
        (Ok(_), Err(_)) => -1,
        (Err(_), Ok(_)) => 1,
        (Ok(a), Ok(b)) => {
            if a > b {
                1
            } else {
                -1
            }
        }
    }
}

/// One constraint: its operator, its version and which parts were wildcards.
#[derive(Debug)]
struct Constraint {
    /// The operator as written (`""`, `=`, `!=`, `>`, `<`, `>=`, `=>`, `<=`, `=<`, `~`, `~>`, `^`).
    op: String,
    /// The version, wildcards read as zero.
    con: Version,
    /// The minor part was a wildcard or missing.
    minor_dirty: bool,
    /// The patch part was a wildcard or missing.
    patch_dirty: bool,
    /// Some part was a wildcard or missing.
    dirty: bool,
}

/// The operators, longest first (Go's alternation backtracks to the one that matches).
const OPS: &[&str] = &[">=", "=>", "<=", "=<", "~>", "!=", "=", ">", "<", "~", "^"];

/// A constraint version character (`[0-9|x|X|\*]` without the `|`).
fn cv_num(b: u8) -> bool {
    b.is_ascii_digit() || b == b'x' || b == b'X' || b == b'*'
}

/// The length of the constraint version at the start of `s` (Masterminds' `cvRegex`), and its
/// major, `.minor`, `.patch` and `-pre` parts.
fn cv(s: &str) -> Option<(usize, [&str; 4])> {
    cv_with(s, cv_num)
}

/// `cvRegex` with the number class given (`rewriteRange` reads `|` in it, as Go's class has it).
fn cv_with(s: &str, cv_num: fn(u8) -> bool) -> Option<(usize, [&str; 4])> {
    let start = usize::from(s.starts_with('v'));
    let major = run(&s[start..], cv_num);
    if major == 0 {
        return None;
    }
    let mut at = start + major;
    let mut parts = [&s[start..at], "", "", ""];
    for part in parts.iter_mut().skip(1).take(2) {
        let len = if s.as_bytes().get(at) == Some(&b'.') {
            run(&s[at + 1..], cv_num)
        } else {
            0
        };
        if len == 0 {
            break;
        }
        *part = &s[at..at + 1 + len];
        at += 1 + len;
    }
    for (mark, slot) in [(b'-', Some(3)), (b'+', None)] {
        if s.as_bytes().get(at) == Some(&mark) {
            let len = dotted(&s[at + 1..]);
            if len > 0 {
                if let Some(i) = slot {
                    parts[i] = &s[at..at + 1 + len];
                }
                at += 1 + len;
            }
        }
    }
    Some((at, parts))
}

/// Masterminds' `isX`.
fn is_x(s: &str) -> bool {
    matches!(s, "x" | "X" | "*")
}

/// The refusal of a constraint, in Masterminds' words.
fn improper(c: &str) -> CallError {
    CallError::Go(format!(
        "improper constraint: {}",
        values_migrate_unicode::quote(c, '"')
    ))
}

/// One `||` group: its constraints, in order (`validConstraintRegex`, then `parseConstraint`).
fn parse_group(group: &str) -> Result<Vec<Constraint>, CallError> {
    let mut out = Vec::new();
    let mut rest = group;
    loop {
        let trimmed = rest.trim_start_matches(is_ws);
        if !out.is_empty() {
            let had_space = trimmed.len() < rest.len();
            let after_comma = trimmed.strip_prefix(',');
            rest = match after_comma {
                Some(r) => r.trim_start_matches(is_ws),
                None if had_space => trimmed,
                None => return Err(improper(group)),
            };
        } else {
            rest = trimmed;
        }
        let op = OPS.iter().find(|op| {
            rest.strip_prefix(**op)
                .is_some_and(|r| cv(r.trim_start_matches(is_ws)).is_some())
        });
        let op = op.copied().unwrap_or("");
        let after_op = rest[op.len()..].trim_start_matches(is_ws);
        let Some((len, parts)) = cv(after_op) else {
            return Err(improper(group));
        };
        out.push(constraint(op, &after_op[..len], parts)?);
        rest = &after_op[len..];
        let tail = rest.trim_start_matches(is_ws);
        if tail.is_empty() {
            return Ok(out);
        }
    }
}

/// Go's `\s` in RE2: ASCII space, tab, newline, form feed, carriage return.
fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{c}' | '\r')
}

/// Masterminds' `parseConstraint` for one matched operator and version.
fn constraint(op: &str, text: &str, parts: [&str; 4]) -> Result<Constraint, CallError> {
    let [major, minor, patch, pre] = parts;
    let (ver, minor_dirty, patch_dirty, dirty) = if is_x(major) {
        (format!("0.0.0{pre}"), false, false, true)
    } else if minor.is_empty() || is_x(&minor[1..]) {
        (format!("{major}.0.0{pre}"), true, false, true)
    } else if patch.is_empty() || is_x(&patch[1..]) {
        (format!("{major}{minor}.0{pre}"), false, true, true)
    } else {
        (text.to_string(), false, false, false)
    };
    let con = Version::parse(&ver).map_err(|e| match e {
        CallError::Go(_) => CallError::Unsupported(format!("the semver constraint {text:?}")),
        other => other,
    })?;
    Ok(Constraint {
        op: op.to_string(),
        con,
        minor_dirty,
        patch_dirty,
        dirty,
    })
}

/// A hyphen range (`\s*(cv)\s+-\s+(cv)\s*`) starting at the start of `s`: its length and
/// both versions.
fn range_at(s: &str) -> Option<(usize, &str, &str)> {
    let with_pipe = |b: u8| cv_num(b) || b == b'|';
    let ws = |t: &str| t.len() - t.trim_start_matches(is_ws).len();
    let mut at = ws(s);
    let (first_len, _) = cv_with(&s[at..], with_pipe)?;
    let first = &s[at..at + first_len];
    at += first_len;
    let gap = ws(&s[at..]);
    if gap == 0 || s.as_bytes().get(at + gap) != Some(&b'-') {
        return None;
    }
    at += gap + 1;
    let gap = ws(&s[at..]);
    if gap == 0 {
        return None;
    }
    at += gap;
    let (second_len, _) = cv_with(&s[at..], with_pipe)?;
    let second = &s[at..at + second_len];
    at += second_len;
    at += ws(&s[at..]);
    Some((at, first, second))
}

/// Masterminds' `rewriteRange`: each `A - B` becomes `>= A, <= B `.
fn rewrite_range(c: &str) -> Result<String, CallError> {
    let mut found = Vec::new();
    let mut p = 0;
    while p < c.len() {
        match range_at(&c[p..]) {
            Some((len, first, second)) => {
                found.push((&c[p..p + len], first, second));
                p += len;
            }
            None => p += c[p..].chars().next().map_or(1, char::len_utf8),
        }
    }
    let mut out = c.to_string();
    for (text, first, second) in found {
        if first.contains('|') || second.contains('|') {
            return Err(CallError::Unsupported(format!(
                "the semver hyphen range {c:?} (a | in a version)"
            )));
        }
        if let Some(i) = out.find(text) {
            out.replace_range(i..i + text.len(), &format!(">= {first}, <= {second} "));
        }
    }
    Ok(out)
}

/// Masterminds' `NewConstraint`: the `||` groups of constraints.
fn parse_constraints(c: &str) -> Result<Vec<Vec<Constraint>>, CallError> {
    if c.contains('|') && c.split("||").any(|g| g.contains('|')) {
        return Err(CallError::Unsupported(format!(
            "the semver constraint {c:?} (a single |)"
        )));
    }
    let rewritten = rewrite_range(c)?;
    let c = rewritten.as_str();
    c.split("||").map(parse_group).collect()
}

/// Whether `v` satisfies one constraint (Masterminds' `constraintOps`).
fn check(v: &Version, c: &Constraint, include_pre: bool) -> bool {
    if !v.pre.is_empty() && !include_pre {
        return false;
    }
    let cmp = v.compare(&c.con);
    match c.op.as_str() {
        "" | "=" => {
            if c.dirty {
                tilde(v, c)
            } else {
                cmp == 0
            }
        }
        "!=" => not_equal(v, c),
        ">" => greater(v, c),
        "<" => cmp < 0,
        ">=" | "=>" => cmp >= 0,
        "<=" | "=<" => {
            if !c.dirty {
                return cmp <= 0;
            }
            !(v.major > c.con.major
                || (v.major == c.con.major && v.minor > c.con.minor && !c.minor_dirty))
        }
        "~" | "~>" => tilde(v, c),
        _ => caret(v, c),
    }
}

/// `constraintNotEqual`.
fn not_equal(v: &Version, c: &Constraint) -> bool {
    if c.dirty {
        if c.con.major != v.major {
            return true;
        }
        if c.con.minor != v.minor && !c.minor_dirty {
            return true;
        } else if c.minor_dirty {
            return false;
        } else if c.con.patch != v.patch && !c.patch_dirty {
            return true;
        } else if c.patch_dirty {
            if !v.pre.is_empty() || !c.con.pre.is_empty() {
                return compare_prerelease(&v.pre, &c.con.pre) != 0;
            }
            return false;
        }
    }
    v.compare(&c.con) != 0
}

/// `constraintGreaterThan`.
fn greater(v: &Version, c: &Constraint) -> bool {
    if !c.dirty {
        return v.compare(&c.con) == 1;
    }
    if v.major != c.con.major {
        return v.major > c.con.major;
    }
    if c.minor_dirty {
        return false;
    }
    if c.patch_dirty {
        return v.minor > c.con.minor;
    }
    v.compare(&c.con) == 1
}

/// `constraintTilde`.
fn tilde(v: &Version, c: &Constraint) -> bool {
    if v.compare(&c.con) < 0 {
        return false;
    }
    if c.con.major == 0 && c.con.minor == 0 && c.con.patch == 0 && !c.minor_dirty && !c.patch_dirty
    {
        return true;
    }
    v.major == c.con.major && (v.minor == c.con.minor || c.minor_dirty)
}

/// `constraintCaret`.
fn caret(v: &Version, c: &Constraint) -> bool {
    if v.compare(&c.con) < 0 {
        return false;
    }
    if c.con.major > 0 || c.minor_dirty {
        return v.major == c.con.major;
    }
    if v.major > 0 {
        return false;
    }
    if c.con.minor > 0 || c.patch_dirty {
        return v.minor == c.con.minor;
    }
    if v.minor > 0 {
        return false;
    }
    c.con.patch == v.patch
}

/// Masterminds' `Constraints.Check`: some `||` group whose constraints all hold (prereleases
/// admitted only by a group that names one).
pub fn satisfies(constraint: &str, version: &Version) -> Result<bool, CallError> {
    Ok(check_groups(&parse_constraints(constraint)?, version))
}

/// `Check` over parsed groups.
fn check_groups(groups: &[Vec<Constraint>], version: &Version) -> bool {
    groups.iter().any(|group| {
        let include_pre = group.iter().any(|c| !c.con.pre.is_empty());
        group.iter().all(|c| check(version, c, include_pre))
    })
}

/// `semverCompare CONSTRAINT VERSION`.
fn semver_compare(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let groups = parse_constraints(text(&args, 0))?;
    let version = Version::parse(text(&args, 1))?;
    Ok(Value::Bool(check_groups(&groups, &version)))
}

/// `semver VERSION`: a `*semver.Version`.
fn semver(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Object(Rc::new(Version::parse(text(&args, 0))?)))
}

/// The field name (no template can spell it) by which another version is read back.
const HIDDEN: &str = "\u{0}semver";

/// A uint64 field, refused past int64 (this port's ints).
fn uint(n: u64) -> Value {
    // `Version::parse` refuses segments past int64, so this always fits.
    Value::Int(i64::try_from(n).unwrap_or(i64::MAX), IntType::Uint64)
}

impl Object for Version {
    fn type_name(&self) -> &'static str {
        "*semver.Version"
    }

    fn field(&self, name: &str) -> Option<Value> {
        Some(match name {
            "Major" => uint(self.major),
            "Minor" => uint(self.minor),
            "Patch" => uint(self.patch),
            "Prerelease" => Value::str(self.pre.as_str()),
            "Metadata" => Value::str(self.metadata.as_str()),
            "Original" => Value::str(self.original.as_str()),
            "String" => Value::str(self.display()),
            HIDDEN => Value::str(self.original.as_str()),
            _ => return None,
        })
    }

    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        let order = |c: i32| match name {
            "Compare" => Some(Value::int(i64::from(c))),
            "LessThan" => Some(Value::Bool(c < 0)),
            "LessThanEqual" => Some(Value::Bool(c <= 0)),
            "GreaterThan" => Some(Value::Bool(c > 0)),
            "GreaterThanEqual" => Some(Value::Bool(c >= 0)),
            "Equal" => Some(Value::Bool(c == 0)),
            _ => None,
        };
        order(0)?;
        let other = match args {
            [Value::Object(o)] => o.field(HIDDEN).and_then(|v| v.as_str().map(str::to_string)),
            _ => None,
        };
        let Some(other) = other.and_then(|text| Version::parse(&text).ok()) else {
            let got = args.first().map_or("<nil>", Value::type_name);
            return Some(Err(format!(
                "wrong type for value; expected *semver.Version; got {got}"
            )));
        };
        order(self.compare(&other)).map(Ok)
    }

    fn display(&self) -> Option<String> {
        Some(self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::rewrite_range;

    #[test]
    fn ranges_rewrite_as_masterminds_test_rewrite_range() {
        let cases = [
            ("2 - 3", ">= 2, <= 3 "),
            ("2 - 3, 2 - 3", ">= 2, <= 3 ,>= 2, <= 3 "),
            ("2 - 3, 4.0.0 - 5.1", ">= 2, <= 3 ,>= 4.0.0, <= 5.1 "),
            ("2 - 3 4.0.0 - 5.1", ">= 2, <= 3 >= 4.0.0, <= 5.1 "),
            ("1.0.0 - 2.0.0 <=2.0.0", ">= 1.0.0, <= 2.0.0 <=2.0.0"),
        ];
        for (range, want) in cases {
            assert_eq!(rewrite_range(range).ok().as_deref(), Some(want), "{range}");
        }
    }
}
