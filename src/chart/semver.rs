//! Enough of Masterminds' semver constraints (Helm's `IsCompatibleRange`) to match a dependency
//! to the chart in `charts/`: `=`, `!=`, `<`, `<=`, `>`, `>=`, `~`, `^`, wildcards, `a - b`, `,`, `||`.

/// A version's numbers and pre-release; `None` parts are wildcards (`1.x`, `1.2`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Version {
    parts: [Option<u64>; 3],
    pre: String,
}

/// Whether `version` satisfies `constraint`; `None` when either cannot be read.
pub fn matches(constraint: &str, version: &str) -> Option<bool> {
    let version = parse(version)?;
    if version.parts.iter().any(Option::is_none) {
        return None;
    }
    let mut any = false;
    for alternative in constraint.split("||") {
        let mut all = true;
        for comparator in comparators(alternative)? {
            all &= comparator_matches(&comparator, &version)?;
        }
        any |= all;
    }
    Some(any)
}

/// The comparators of one `||` alternative: `a - b` becomes `>=a`, `<=b`.
fn comparators(alternative: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = alternative
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words.get(i + 1) == Some(&"-") {
            out.push(format!(">={}", words[i]));
            out.push(format!("<={}", words.get(i + 2)?));
            i += 3;
        } else if is_operator(words[i]) {
            out.push(format!("{}{}", words[i], words.get(i + 1)?));
            i += 2;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    (!out.is_empty()).then_some(out)
}

fn is_operator(word: &str) -> bool {
    matches!(
        word,
        "=" | "!=" | ">" | "<" | ">=" | "=>" | "<=" | "=<" | "~" | "~>" | "^"
    )
}

fn comparator_matches(comparator: &str, v: &Version) -> Option<bool> {
    let split = comparator.find(|c: char| c.is_ascii_alphanumeric() || c == '*')?;
    let (op, rest) = comparator.split_at(split);
    let c = parse(rest)?;
    // A pre-release matches only a comparator that names one (Masterminds' rule).
    if !v.pre.is_empty() && c.pre.is_empty() {
        return Some(false);
    }
    let low = floor(&c);
    Some(match op {
        "" | "=" => within(v, &low, &ceiling(&c, wildcard_level(&c))),
        "!=" => !within(v, &low, &ceiling(&c, wildcard_level(&c))),
        ">" => match ceiling(&c, wildcard_level(&c)) {
            Some(high) => key(v) >= key(&high),
            None => c.parts[0].is_some() && key(v) > key(&low),
        },
        ">=" | "=>" => key(v) >= key(&low),
        "<" => key(v) < key(&low),
        "<=" | "=<" => match ceiling(&c, wildcard_level(&c)) {
            Some(high) => key(v) < key(&high),
            None => key(v) <= key(&low),
        },
        "~" | "~>" => within(
            v,
            &low,
            &ceiling(&c, if c.parts[1].is_some() { 1 } else { 0 }),
        ),
        "^" => {
            let level = match c.parts {
                [Some(0), Some(0), Some(_)] => 2,
                [Some(0), Some(_), _] => 1,
                _ => 0,
            };
            within(v, &low, &ceiling(&c, level))
        }
        _ => return None,
    })
}

/// How many leading parts are fixed before the first wildcard (3: none).
fn wildcard_level(c: &Version) -> usize {
    c.parts
        .iter()
        .position(Option::is_none)
        .map_or(3, |at| at.max(1) - 1)
}

fn within(v: &Version, low: &Version, high: &Option<Version>) -> bool {
    key(v) >= key(low) && high.as_ref().is_none_or(|h| key(v) < key(h))
}

/// The comparator with wildcards as zeros.
fn floor(c: &Version) -> Version {
    Version {
        parts: c.parts.map(|p| Some(p.unwrap_or(0))),
        pre: c.pre.clone(),
    }
}

/// The first version past the range that keeps parts `0..=level` (level 3: the version itself);
/// `None` for `*`.
fn ceiling(c: &Version, level: usize) -> Option<Version> {
    c.parts[0]?;
    let level = level.min(2);
    let mut parts = [Some(0); 3];
    for (i, part) in parts.iter_mut().enumerate().take(level + 1) {
        *part = Some(c.parts[i].unwrap_or(0));
    }
    parts[level] = parts[level].map(|p| p + 1);
    Some(Version {
        parts,
        pre: "0".to_string(),
    })
}

/// An ordering key: numbers, then a release after any of its pre-releases.
fn key(v: &Version) -> ([u64; 3], bool, &str) {
    (
        v.parts.map(|p| p.unwrap_or(0)),
        v.pre.is_empty(),
        v.pre.as_str(),
    )
}

fn parse(text: &str) -> Option<Version> {
    let text = text.trim().trim_start_matches(['v', 'V']);
    let text = text.split('+').next()?;
    let (numbers, pre) = text.split_once('-').unwrap_or((text, ""));
    let mut parts = [None; 3];
    for (i, part) in numbers.split('.').enumerate() {
        if i >= 3 {
            return None;
        }
        parts[i] = match part {
            "x" | "X" | "*" => None,
            digits => Some(digits.parse().ok()?),
        };
    }
    Some(Version {
        parts,
        pre: pre.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn constraints_as_helm_reads_them() {
        let cases = [
            ("1.2.3", "1.2.3", true),
            ("1.2.3", "1.2.4", false),
            ("^1.2.0", "1.9.0", true),
            ("^1.2.0", "2.0.0", false),
            ("^0.2.3", "0.3.0", false),
            ("~1.2.0", "1.2.9", true),
            ("~1.2.0", "1.3.0", false),
            (">=1.0.0", "0.9.0", false),
            (">=1.0.0 <2.0.0", "1.5.0", true),
            (">= 1.0.0, < 2.0.0", "2.0.0", false),
            ("1.x", "1.4.2", true),
            ("1.x", "2.0.0", false),
            ("*", "3.1.4", true),
            ("1.0.0 - 1.2.0", "1.2.0", true),
            ("<1.0.0 || >=2.0.0", "2.1.0", true),
            ("^1.0.0", "1.1.0-rc.1", false),
            ("x.x.x", "0.25.1", true),
        ];
        for (constraint, version, expected) in cases {
            assert_eq!(
                matches(constraint, version),
                Some(expected),
                "{constraint} vs {version}"
            );
        }
    }
}
