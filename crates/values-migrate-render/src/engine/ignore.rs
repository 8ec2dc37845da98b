//! `.helmignore` as Helm's directory loader applies it (`pkg/ignore/rules.go`): one rule a line,
//! Go's `filepath.Match`, `!` and trailing `/` as Helm reads them (its `!` drops every path the
//! rule does not match), and the default rule `templates/.?*`.

/// bufio.Scanner's longest line (Helm fails to read a longer one).
const MAX_LINE: usize = 64 * 1024;

/// One rule of a `.helmignore`.
#[derive(Clone, Debug)]
struct Rule {
    /// The pattern, without its `!`, leading `/` and trailing `/`.
    pattern: String,
    /// `!`
    negate: bool,
    /// A trailing `/`: the rule is for directories.
    must_dir: bool,
    /// How a path is matched.
    at: Anchor,
}

/// How a rule meets a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    /// A leading `/` or a `/` inside: the whole path.
    Path,
    /// No `/`: the path's last element.
    Base,
}

/// The rules of a chart directory's `.helmignore`, with Helm's default added.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    rules: Vec<Rule>,
}

impl Rules {
    /// Reads a `.helmignore` (its bytes; `None`: the chart has none) and adds Helm's default
    /// rule, or says why Helm cannot load the chart.
    pub fn parse(text: Option<&[u8]>) -> Result<Rules, String> {
        let mut rules = Rules::default();
        if let Some(bytes) = text {
            let bytes = bytes
                .strip_prefix(b"\xEF\xBB\xBF".as_slice())
                .unwrap_or(bytes);
            for line in bytes.split(|b| *b == b'\n') {
                if line.len() > MAX_LINE {
                    return Err("bufio.Scanner: token too long".to_string());
                }
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                rules.add(&String::from_utf8_lossy(line))?;
            }
        }
        rules.add("templates/.?*")?;
        Ok(rules)
    }

    /// Helm's `parseRule`.
    fn add(&mut self, rule: &str) -> Result<(), String> {
        let rule = rule.trim();
        if rule.is_empty() || rule.starts_with('#') {
            return Ok(());
        }
        if rule.contains("**") {
            return Err("double-star (**) syntax is not supported".to_string());
        }
        path_match(rule, "abc")?;
        let (negate, rest) = match rule.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, rule),
        };
        let (must_dir, rest) = match rest.strip_suffix('/') {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        let (at, pattern) = match rest.strip_prefix('/') {
            Some(rest) => (Anchor::Path, rest),
            None if rest.contains('/') => (Anchor::Path, rest),
            None => (Anchor::Base, rest),
        };
        self.rules.push(Rule {
            pattern: pattern.to_string(),
            negate,
            must_dir,
            at,
        });
        Ok(())
    }

    /// Helm's `Ignore` for one path (relative to the chart, `/`-separated).
    pub fn ignores(&self, path: &str, is_dir: bool) -> bool {
        if path.is_empty() || path == "." || path == "./" {
            return false;
        }
        for rule in &self.rules {
            let name = match rule.at {
                Anchor::Path => path,
                Anchor::Base => base(path),
            };
            let matched = path_match(&rule.pattern, name).unwrap_or(false);
            if rule.negate {
                if (rule.must_dir && !is_dir) || !matched {
                    return true;
                }
                continue;
            }
            if rule.must_dir && !is_dir {
                continue;
            }
            if matched {
                return true;
            }
        }
        false
    }

    /// Whether the directory walk keeps the file `path`: no directory above it is ignored (Helm
    /// skips an ignored directory whole) and the file is not.
    pub fn keeps(&self, path: &str) -> bool {
        let mut at = 0;
        while let Some(slash) = path.get(at..).and_then(|rest| rest.find('/')) {
            let dir = path.get(..at + slash).unwrap_or_default();
            if self.ignores(dir, true) {
                return false;
            }
            at += slash + 1;
        }
        !self.ignores(path, false)
    }
}

/// Go's `filepath.Base` for a slash-separated relative path.
fn base(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// The pattern is malformed (Go's `filepath.ErrBadPattern`).
const BAD_PATTERN: &str = "syntax error in pattern";

/// Go's `filepath.Match` on Unix: `*`, `?`, `[…]` (with `^`), `\` escapes; `/` never matched
/// by a wildcard.
pub fn path_match(pattern: &str, name: &str) -> Result<bool, String> {
    let mut pattern = pattern.as_bytes();
    let mut name = name.as_bytes();
    'chunks: while !pattern.is_empty() {
        let (star, chunk, rest) = scan_chunk(pattern);
        pattern = rest;
        if star && chunk.is_empty() {
            return Ok(!name.contains(&b'/'));
        }
        let (t, ok) = match_chunk(chunk, name)?;
        if ok && (t.is_empty() || !pattern.is_empty()) {
            name = t;
            continue;
        }
        if star {
            let mut i = 0;
            while i < name.len() && name.get(i) != Some(&b'/') {
                let (t, ok) = match_chunk(chunk, name.get(i + 1..).unwrap_or_default())?;
                if ok && (!pattern.is_empty() || t.is_empty()) {
                    name = t;
                    continue 'chunks;
                }
                i += 1;
            }
        }
        while !pattern.is_empty() {
            let (_, chunk, rest) = scan_chunk(pattern);
            pattern = rest;
            match_chunk(chunk, b"")?;
        }
        return Ok(false);
    }
    Ok(name.is_empty())
}

/// Go's `scanChunk`: leading stars, then the chunk up to the next star outside a class.
fn scan_chunk(pattern: &[u8]) -> (bool, &[u8], &[u8]) {
    let start = pattern.iter().take_while(|b| **b == b'*').count();
    let pattern = pattern.get(start..).unwrap_or_default();
    let mut in_range = false;
    let mut i = 0;
    while let Some(&b) = pattern.get(i) {
        match b {
            b'\\' if i + 1 < pattern.len() => i += 1,
            b'[' => in_range = true,
            b']' => in_range = false,
            b'*' if !in_range => break,
            _ => {}
        }
        i += 1;
    }
    let (chunk, rest) = pattern.split_at(i.min(pattern.len()));
    (start > 0, chunk, rest)
}

/// Go's `matchChunk`: the rest of `s` after `chunk` matched its start, checking the whole chunk's
/// syntax even after a mismatch.
fn match_chunk<'s>(mut chunk: &[u8], mut s: &'s [u8]) -> Result<(&'s [u8], bool), String> {
    let mut failed = false;
    while let Some(&c) = chunk.first() {
        if !failed && s.is_empty() {
            failed = true;
        }
        match c {
            b'[' => {
                let mut r = 0u32;
                if !failed {
                    let (ch, n) = decode(s);
                    r = ch;
                    s = s.get(n..).unwrap_or_default();
                }
                chunk = chunk.get(1..).unwrap_or_default();
                let negated = chunk.first() == Some(&b'^');
                if negated {
                    chunk = chunk.get(1..).unwrap_or_default();
                }
                let mut matched = false;
                let mut ranges = 0;
                loop {
                    if chunk.first() == Some(&b']') && ranges > 0 {
                        chunk = chunk.get(1..).unwrap_or_default();
                        break;
                    }
                    let (lo, rest) = get_esc(chunk)?;
                    chunk = rest;
                    let mut hi = lo;
                    if chunk.first() == Some(&b'-') {
                        let (h, rest) = get_esc(chunk.get(1..).unwrap_or_default())?;
                        hi = h;
                        chunk = rest;
                    }
                    if lo <= r && r <= hi {
                        matched = true;
                    }
                    ranges += 1;
                }
                if matched == negated {
                    failed = true;
                }
            }
            b'?' => {
                if !failed {
                    if s.first() == Some(&b'/') {
                        failed = true;
                    }
                    let (_, n) = decode(s);
                    s = s.get(n..).unwrap_or_default();
                }
                chunk = chunk.get(1..).unwrap_or_default();
            }
            _ => {
                let mut literal = c;
                if c == b'\\' {
                    chunk = chunk.get(1..).unwrap_or_default();
                    literal = *chunk.first().ok_or(BAD_PATTERN)?;
                }
                if !failed {
                    if s.first() != Some(&literal) {
                        failed = true;
                    }
                    s = s.get(1..).unwrap_or_default();
                }
                chunk = chunk.get(1..).unwrap_or_default();
            }
        }
    }
    Ok(if failed { (&[], false) } else { (s, true) })
}

/// Go's `getEsc`: one (possibly escaped) character of a class, and what follows it.
fn get_esc(chunk: &[u8]) -> Result<(u32, &[u8]), String> {
    let mut chunk = chunk;
    match chunk.first() {
        None | Some(b'-') | Some(b']') => return Err(BAD_PATTERN.to_string()),
        Some(b'\\') => {
            chunk = chunk.get(1..).unwrap_or_default();
            if chunk.is_empty() {
                return Err(BAD_PATTERN.to_string());
            }
        }
        _ => {}
    }
    let (r, n) = decode(chunk);
    if r == 0xFFFD && n == 1 {
        return Err(BAD_PATTERN.to_string());
    }
    let rest = chunk.get(n..).unwrap_or_default();
    if rest.is_empty() {
        return Err(BAD_PATTERN.to_string());
    }
    Ok((r, rest))
}

/// Go's `utf8.DecodeRune`: the first character and its length (`U+FFFD`, 1 for a bad byte; 0, 0
/// for nothing).
fn decode(s: &[u8]) -> (u32, usize) {
    let Some(&first) = s.first() else {
        return (0xFFFD, 0);
    };
    let len = match first {
        0x00..=0x7F => return (u32::from(first), 1),
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (0xFFFD, 1),
    };
    match s.get(..len).and_then(|b| std::str::from_utf8(b).ok()) {
        Some(text) => (text.chars().next().map_or(0xFFFD, u32::from), len),
        None => (0xFFFD, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Helm's `TestIgnore` table (pkg/ignore/rules_test.go), directories as its testdata holds them.
    const IGNORE: &[(&str, &str, bool, bool)] = &[
        ("helm.txt", "helm.txt", false, true),
        ("helm.*", "helm.txt", false, true),
        ("helm.*", "rudder.txt", false, false),
        ("*.txt", "tiller.txt", false, true),
        ("*.txt", "cargo/a.txt", false, true),
        ("cargo/*.txt", "cargo/a.txt", false, true),
        ("cargo/*.*", "cargo/a.txt", false, true),
        ("cargo/*.txt", "mast/a.txt", false, false),
        ("ru[c-e]?er.txt", "rudder.txt", false, true),
        ("templates/.?*", "templates/.dotfile", false, true),
        (".*", ".", true, false),
        (".*", "./", true, false),
        (".*", ".joonix", false, true),
        (".*", "helm.txt", false, false),
        (".*", "", false, false),
        ("cargo/", "cargo", true, true),
        ("cargo/", "cargo/", true, true),
        ("cargo/", "mast/", true, false),
        ("helm.txt/", "helm.txt", false, false),
        ("!helm.txt", "helm.txt", false, false),
        ("!helm.txt", "tiller.txt", false, true),
        ("!*.txt", "cargo", true, true),
        ("!cargo/", "mast/", true, true),
        ("/a.txt", "a.txt", false, true),
        ("/a.txt", "cargo/a.txt", false, false),
        ("/cargo/a.txt", "cargo/a.txt", false, true),
    ];

    #[test]
    fn rules_ignore_what_helms_own_table_says() {
        for (rule, path, is_dir, want) in IGNORE {
            let mut rules = Rules::default();
            rules.add(rule).unwrap();
            assert_eq!(rules.ignores(path, *is_dir), *want, "{rule:?} on {path:?}");
        }
    }

    #[test]
    fn rules_helm_refuses_fail_the_load() {
        for rule in ["foo/**/bar", "[z-"] {
            assert!(Rules::parse(Some(rule.as_bytes())).is_err(), "{rule:?}");
        }
        let parsed = Rules::parse(Some(b"#ignore\n\n\t#ignore\nfoo\nbar/*\n")).unwrap();
        assert_eq!(parsed.rules.len(), 3);
    }

    #[test]
    fn an_ignored_directory_takes_its_files_and_dotfiles_in_templates_go() {
        let rules = Rules::parse(Some(b"ci/\n*.md\n")).unwrap();
        assert!(!rules.keeps("ci/values.yaml"));
        assert!(!rules.keeps("README.md"));
        assert!(!rules.keeps("templates/.hidden.yaml"));
        assert!(rules.keeps("templates/a.yaml"));
        assert!(rules.keeps("charts/sub/templates/.hidden.yaml"));
    }

    /// Go's `TestMatch` table (path/filepath/match_test.go).
    const MATCH: &[(&str, &str, Result<bool, ()>)] = &[
        ("abc", "abc", Ok(true)),
        ("*", "abc", Ok(true)),
        ("*c", "abc", Ok(true)),
        ("a*", "a", Ok(true)),
        ("a*", "abc", Ok(true)),
        ("a*", "ab/c", Ok(false)),
        ("a*/b", "abc/b", Ok(true)),
        ("a*/b", "a/c/b", Ok(false)),
        ("a*b*c*d*e*/f", "axbxcxdxe/f", Ok(true)),
        ("a*b*c*d*e*/f", "axbxcxdxexxx/f", Ok(true)),
        ("a*b*c*d*e*/f", "axbxcxdxe/xxx/f", Ok(false)),
        ("a*b*c*d*e*/f", "axbxcxdxexxx/fff", Ok(false)),
        ("a*b?c*x", "abxbbxdbxebxczzx", Ok(true)),
        ("a*b?c*x", "abxbbxdbxebxczzy", Ok(false)),
        ("ab[c]", "abc", Ok(true)),
        ("ab[b-d]", "abc", Ok(true)),
        ("ab[e-g]", "abc", Ok(false)),
        ("ab[^c]", "abc", Ok(false)),
        ("ab[^b-d]", "abc", Ok(false)),
        ("ab[^e-g]", "abc", Ok(true)),
        ("a\\*b", "a*b", Ok(true)),
        ("a\\*b", "ab", Ok(false)),
        ("a?b", "a☺b", Ok(true)),
        ("a[^a]b", "a☺b", Ok(true)),
        ("a???b", "a☺b", Ok(false)),
        ("a[^a][^a][^a]b", "a☺b", Ok(false)),
        ("[a-ζ]*", "α", Ok(true)),
        ("*[a-ζ]", "A", Ok(false)),
        ("a?b", "a/b", Ok(false)),
        ("a*b", "a/b", Ok(false)),
        ("[\\]a]", "]", Ok(true)),
        ("[\\-]", "-", Ok(true)),
        ("[x\\-]", "x", Ok(true)),
        ("[x\\-]", "-", Ok(true)),
        ("[x\\-]", "z", Ok(false)),
        ("[\\-x]", "x", Ok(true)),
        ("[\\-x]", "-", Ok(true)),
        ("[\\-x]", "a", Ok(false)),
        ("[]a]", "]", Err(())),
        ("[-]", "-", Err(())),
        ("[x-]", "x", Err(())),
        ("[x-]", "-", Err(())),
        ("[x-]", "z", Err(())),
        ("[-x]", "x", Err(())),
        ("[-x]", "-", Err(())),
        ("[-x]", "a", Err(())),
        ("\\", "a", Err(())),
        ("[a-b-c]", "a", Err(())),
        ("[", "a", Err(())),
        ("[^", "a", Err(())),
        ("[^bc", "a", Err(())),
        ("a[", "a", Err(())),
        ("a[", "ab", Err(())),
        ("a[", "x", Err(())),
        ("a/b[", "x", Err(())),
        ("*x", "xxx", Ok(true)),
    ];

    #[test]
    fn path_match_follows_gos_own_table() {
        for (pattern, name, want) in MATCH {
            let got = path_match(pattern, name).map_err(|_| ());
            assert_eq!(got, *want, "{pattern:?} on {name:?}");
        }
    }
}
