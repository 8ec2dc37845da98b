//! gobwas/glob as `.Files.Glob` compiles it (`glob.Compile(pattern, '/')`): `*` and `?` stop at
//! `/`, `**` crosses it, `[a-z]`, `[!abc]`, `{a,b}` and `\` escapes; a pattern that does not
//! compile is `**`, as Helm falls back.

/// The most steps one match may take (a pattern like `*a*a*a*b` backtracks).
const MAX_STEPS: u32 = 1_000_000;
/// The longest pattern compiled (longer is refused rather than walked).
const MAX_PATTERN: usize = 4096;
/// The deepest nesting of `{…}` compiled.
const MAX_NESTING: usize = 64;

/// One node of a compiled pattern.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    /// Literal text.
    Text(Vec<char>),
    /// `*`: any run of characters but `/`.
    Any,
    /// `**`: any run of characters.
    Super,
    /// `?`: one character but `/`.
    Single,
    /// `[lo-hi]` or `[!lo-hi]`.
    Range(char, char, bool),
    /// `[abc]` or `[!abc]`.
    List(Vec<char>, bool),
    /// `{a,b}`: the alternatives.
    AnyOf(Vec<Vec<Node>>),
}

/// A compiled glob pattern.
#[derive(Clone, Debug)]
pub struct Glob {
    nodes: Vec<Node>,
}

impl Glob {
    /// Compiles `pattern` as Helm's `Glob` does: a pattern gobwas refuses becomes `**`; a pattern
    /// too long or too deeply nested for this port is an error.
    pub fn compile(pattern: &str) -> Result<Glob, String> {
        if pattern.len() > MAX_PATTERN {
            return Err(format!("glob pattern longer than {MAX_PATTERN} bytes"));
        }
        match parse(pattern) {
            Ok(Some(nodes)) => Ok(Glob { nodes }),
            Ok(None) => Ok(Glob {
                nodes: vec![Node::Super],
            }),
            Err(e) => Err(e),
        }
    }

    /// Whether `name` matches the whole pattern; `Err` when the match takes too many steps.
    pub fn matches(&self, name: &str) -> Result<bool, String> {
        let chars: Vec<char> = name.chars().collect();
        let mut steps = MAX_STEPS;
        let done = |rest: &[char], _: &mut u32| Ok(rest.is_empty());
        walk(&self.nodes, &chars, &mut steps, &done)
    }
}

/// The tokens of gobwas's lexer.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Text(Vec<char>),
    Any,
    Super,
    Single,
    Range(Vec<char>, bool),
    RangeSpan(char, char, bool),
    TermsOpen,
    Separator,
    TermsClose,
}

/// The pattern's nodes; `Ok(None)` when gobwas refuses it (Helm then globs `**`).
fn parse(pattern: &str) -> Result<Option<Vec<Node>>, String> {
    let Some(tokens) = lex(pattern) else {
        return Ok(None);
    };
    // A stack of open `{`: each holds its finished alternatives and the one being read.
    let mut stack: Vec<(Vec<Vec<Node>>, Vec<Node>)> = vec![(Vec::new(), Vec::new())];
    for token in tokens {
        let node = match token {
            Token::Text(t) => Node::Text(t),
            Token::Any => Node::Any,
            Token::Super => Node::Super,
            Token::Single => Node::Single,
            Token::Range(chars, not) => Node::List(chars, not),
            Token::RangeSpan(lo, hi, not) => Node::Range(lo, hi, not),
            Token::TermsOpen => {
                if stack.len() > MAX_NESTING {
                    return Err(format!("glob pattern nests `{{` deeper than {MAX_NESTING}"));
                }
                stack.push((Vec::new(), Vec::new()));
                continue;
            }
            Token::Separator => {
                if let Some((alts, current)) = stack.last_mut() {
                    alts.push(std::mem::take(current));
                }
                continue;
            }
            Token::TermsClose => {
                close(&mut stack);
                continue;
            }
        };
        if let Some((_, current)) = stack.last_mut() {
            current.push(node);
        }
    }
    // An unclosed `{` is closed at the end, as gobwas's parser leaves it.
    while stack.len() > 1 {
        close(&mut stack);
    }
    Ok(stack.pop().map(|(_, nodes)| nodes))
}

/// Closes the innermost `{`, adding its alternatives to the pattern around it.
fn close(stack: &mut Vec<(Vec<Vec<Node>>, Vec<Node>)>) {
    if stack.len() < 2 {
        return;
    }
    if let Some((mut alts, current)) = stack.pop() {
        alts.push(current);
        if let Some((_, outer)) = stack.last_mut() {
            outer.push(Node::AnyOf(alts));
        }
    }
}

/// gobwas's lexer: `None` on what it reports as an error.
fn lex(pattern: &str) -> Option<Vec<Token>> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut tokens = Vec::new();
    let mut level = 0usize;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '{' => {
                level += 1;
                tokens.push(Token::TermsOpen);
            }
            ',' if level > 0 => tokens.push(Token::Separator),
            '}' if level > 0 => {
                level -= 1;
                tokens.push(Token::TermsClose);
            }
            '[' => tokens.push(range(&chars, &mut i)?),
            '?' => tokens.push(Token::Single),
            '*' if chars.get(i) == Some(&'*') => {
                i += 1;
                tokens.push(Token::Super);
            }
            '*' => tokens.push(Token::Any),
            _ => {
                i -= 1;
                let breakers: &[char] = if level > 0 {
                    &['?', '*', '[', '{', '}', ',']
                } else {
                    &['?', '*', '[', '{']
                };
                let text = text(&chars, &mut i, breakers);
                if !text.is_empty() {
                    tokens.push(Token::Text(text));
                }
            }
        }
    }
    Some(tokens)
}

/// The text up to a breaker (escapes read), as gobwas's `fetchText`.
fn text(chars: &[char], i: &mut usize, breakers: &[char]) -> Vec<char> {
    let mut out = Vec::new();
    let mut escaped = false;
    while let Some(&c) = chars.get(*i) {
        if !escaped {
            if c == '\\' {
                escaped = true;
                *i += 1;
                continue;
            }
            if breakers.contains(&c) {
                break;
            }
        }
        escaped = false;
        out.push(c);
        *i += 1;
    }
    out
}

/// A `[…]` after its `[`, as gobwas's `fetchRange` and `parserRange` read it.
fn range(chars: &[char], i: &mut usize) -> Option<Token> {
    let mut not = false;
    if chars.get(*i) == Some(&'!') {
        not = true;
        *i += 1;
    }
    let first = *chars.get(*i)?;
    if chars.get(*i + 1) == Some(&'-') {
        let hi = *chars.get(*i + 2)?;
        *i += 3;
        if chars.get(*i) != Some(&']') {
            return None;
        }
        *i += 1;
        // gobwas needs both ends non-zero and ordered.
        return (first != '\0' && hi != '\0' && hi >= first)
            .then_some(Token::RangeSpan(first, hi, not));
    }
    let _ = first;
    let list = text(chars, i, &[']']);
    if chars.get(*i) != Some(&']') || list.is_empty() {
        return None;
    }
    *i += 1;
    Some(Token::Range(list, not))
}

/// What to do with the rest of the name once a node list has matched a prefix.
type Then<'a> = dyn Fn(&[char], &mut u32) -> Result<bool, String> + 'a;

/// Whether `nodes` match a prefix of `name` for which `then` holds on the rest.
fn walk(nodes: &[Node], name: &[char], steps: &mut u32, then: &Then) -> Result<bool, String> {
    *steps = steps
        .checked_sub(1)
        .ok_or_else(|| "glob pattern took too many steps to match".to_string())?;
    let Some((node, rest)) = nodes.split_first() else {
        return then(name, steps);
    };
    let one = |ok: &dyn Fn(char) -> bool, steps: &mut u32| match name.split_first() {
        Some((c, tail)) if ok(*c) => walk(rest, tail, steps, then),
        _ => Ok(false),
    };
    match node {
        Node::Text(text) => match name.strip_prefix(text.as_slice()) {
            Some(tail) => walk(rest, tail, steps, then),
            None => Ok(false),
        },
        Node::Single => one(&|c| c != '/', steps),
        Node::Range(lo, hi, not) => one(&|c| (c >= *lo && c <= *hi) != *not, steps),
        Node::List(list, not) => one(&|c| list.contains(&c) != *not, steps),
        Node::Any | Node::Super => {
            let stop = name
                .iter()
                .position(|c| *c == '/' && *node == Node::Any)
                .unwrap_or(name.len());
            for at in 0..=stop {
                if walk(rest, name.get(at..).unwrap_or_default(), steps, then)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Node::AnyOf(alts) => {
            let after = |tail: &[char], steps: &mut u32| walk(rest, tail, steps, then);
            for alt in alts {
                if walk(alt, name, steps, &after)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (pattern, name, matches): gobwas/glob's own table (`glob_test.go`, separator `/` where
    /// it is given, else none — those rows are left out) and Helm's answers recorded on a probe
    /// chart (helm_python, Helm 4.2.3).
    const TABLE: &[(&str, &str, bool)] = &[
        ("* ?at * eyes", "my cat has very bright eyes", true),
        ("", "", true),
        ("", "b", false),
        ("*ä", "åä", true),
        ("abc", "abc", true),
        ("a*c", "abc", true),
        ("a*c", "a12345c", true),
        ("a?c", "a1c", true),
        ("a.b", "a.b", true),
        ("a.*", "a.b", true),
        ("a.**", "a.b.c", true),
        ("a.?.c", "a.b.c", true),
        ("a.?.?", "a.b.c", true),
        ("?at", "cat", true),
        ("?at", "fat", true),
        ("*", "abc", true),
        (r"\*", "*", true),
        ("**", "a.b.c", true),
        ("?at", "at", false),
        ("?at", "fat", true),
        ("[abc]", "b", true),
        ("[!abc]", "b", false),
        ("[a-c]", "b", true),
        ("[!a-c]", "b", false),
        ("a*/b", "abc/b", true),
        ("a*/b", "a/c/b", false),
        ("a**/b", "a/c/b", true),
        ("*/*", "abc/b", true),
        ("a?/b", "a/b", false),
        ("{a,b}", "a", true),
        ("{a,b}", "c", false),
        ("{a,b}*", "bcd", true),
        ("a{b,c}d", "acd", true),
        ("{*.go,*.txt}", "x.txt", true),
        ("{a,{b,c}}", "c", true),
        // Helm 4.2.3 on a probe chart's files (files/a.txt, files/conf/b.yaml, crds/c.yaml).
        ("files/**", "files/conf/b.yaml", true),
        ("files/*", "files/conf/b.yaml", false),
        ("files/*", "files/a.txt", true),
        ("files/{a,b}.txt", "files/a.txt", true),
        ("**.yaml", "crds/c.yaml", true),
        ("files/[a-c].*", "files/a.txt", true),
        // Refused by gobwas: Helm globs `**`.
        ("[", "anything/at/all", true),
        ("[]", "x", true),
        ("[z-a]", "x/y", true),
    ];

    #[test]
    fn globs_match_as_gobwas_and_helm_match_them() {
        for (pattern, name, want) in TABLE {
            let glob = Glob::compile(pattern).unwrap();
            assert_eq!(
                glob.matches(name).unwrap(),
                *want,
                "{pattern:?} on {name:?}"
            );
        }
    }

    #[test]
    fn a_pattern_that_backtracks_without_end_is_stopped() {
        let slow = Glob::compile(&format!("{}b", "*a".repeat(30))).unwrap();
        assert!(slow.matches(&"a".repeat(200)).is_err());
    }
}
