//! Go's `TestRE2Search` (`regexp/exec_test.go`) over its own data, `testdata/re2-search.txt`
//! (RE2's search tests, Go's copy, BSD licence): for every regexp and string, the submatch
//! positions of the leftmost-first search (Go's "partial match") and of the anchored one
//! (`\A(?:re)\z`, "full match"), as Go reports them; `\C`, which Go refuses, skipped as Go does.

use values_migrate_regexp::{Fuel, Regex};

/// The file, as Go carries it.
const DATA: &str = include_str!("data/re2-search.txt");

/// A Go double-quoted string literal's value.
fn unquote(s: &str) -> String {
    let inner = &s[1..s.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => panic!("bad literal {s}"),
        }
    }
    out
}

/// A result field: `-` for no match, else space-separated `lo-hi` pairs (`-` for a group that
/// took no part).
fn parse_result(field: &str) -> Option<Vec<Option<(usize, usize)>>> {
    if field == "-" {
        return None;
    }
    Some(
        field
            .split(' ')
            .map(|pair| {
                if pair == "-" {
                    return None;
                }
                let (lo, hi) = pair.split_once('-').expect("a pair");
                Some((lo.parse().expect("lo"), hi.parse().expect("hi")))
            })
            .collect(),
    )
}

/// What our regexp reports for `re` on `text`, in the file's shape.
fn ours(re: &Regex, text: &str) -> Option<Vec<Option<(usize, usize)>>> {
    let found = re
        .find_submatch(text, &mut Fuel::unlimited())
        .expect("unlimited fuel");
    found.map(|groups| {
        groups
            .into_iter()
            .map(|g| g.map(|r| (r.start, r.end)))
            .collect()
    })
}

#[test]
fn agrees_with_gos_re2_search_table() {
    let mut lines = DATA.lines().filter(|l| !l.starts_with('#'));
    let mut strings: Vec<String> = Vec::new();
    let mut reading_strings = false;
    let (mut checked, mut skipped) = (0, 0);
    while let Some(line) = lines.next() {
        match line {
            "Regexp.SearchTests" => continue,
            "strings" => {
                strings.clear();
                reading_strings = true;
                continue;
            }
            "regexps" => {
                reading_strings = false;
                continue;
            }
            _ if reading_strings => {
                strings.push(unquote(line));
                continue;
            }
            _ => {}
        }
        let pattern = unquote(line);
        let results: Vec<&str> = (0..strings.len())
            .map(|_| lines.next().expect("a result line"))
            .collect();
        let partial = match Regex::new(&pattern) {
            Ok(re) => re,
            Err(e) if e == "error parsing regexp: invalid escape sequence: `\\C`" => {
                skipped += 1;
                continue;
            }
            Err(e) => panic!("{pattern}: {e}"),
        };
        let full = Regex::new(&format!("\\A(?:{pattern})\\z")).expect("the anchored form");
        for (text, result) in strings.iter().zip(&results) {
            let fields: Vec<&str> = result.split(';').collect();
            assert_eq!(fields.len(), 4, "{result}");
            assert_eq!(
                ours(&full, text),
                parse_result(fields[0]),
                "full {pattern:?} on {text:?}"
            );
            assert_eq!(
                ours(&partial, text),
                parse_result(fields[1]),
                "partial {pattern:?} on {text:?}"
            );
            assert_eq!(
                partial.is_match(text),
                fields[1] != "-",
                "{pattern:?} on {text:?}"
            );
            checked += 1;
        }
    }
    assert!(
        checked > 1_800 && skipped > 30,
        "{checked} checked, {skipped} skipped"
    );
}
