//! Character classes as sorted, disjoint ranges of code points, and the sets Go's syntax names:
//! Perl classes (`\d`, `\s`, `\w`: ASCII only), POSIX classes (`[:alpha:]`: ASCII only), `.`.

/// The largest code point.
pub(super) const MAX: u32 = 0x10FFFF;

/// A set of code points: sorted, disjoint, non-adjacent inclusive ranges once `clean`ed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Class {
    pub(super) ranges: Vec<(u32, u32)>,
}

impl Class {
    /// The class of one code point.
    pub(super) fn single(c: u32) -> Class {
        Class {
            ranges: vec![(c, c)],
        }
    }

    /// Adds `lo..=hi` (call `clean` before reading).
    pub(super) fn push(&mut self, lo: u32, hi: u32) {
        self.ranges.push((lo, hi));
    }

    /// Adds every range of `other`.
    pub(super) fn extend(&mut self, other: &Class) {
        self.ranges.extend_from_slice(&other.ranges);
    }

    /// Sorts and merges overlapping or adjacent ranges.
    pub(super) fn clean(&mut self) {
        self.ranges.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(self.ranges.len());
        for &(lo, hi) in &self.ranges {
            match out.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        self.ranges = out;
    }

    /// The code points not in this (clean) class.
    pub(super) fn negate(&mut self) {
        let mut out = Vec::with_capacity(self.ranges.len() + 1);
        let mut next = 0;
        for &(lo, hi) in &self.ranges {
            if lo > next {
                out.push((next, lo - 1));
            }
            next = hi + 1;
        }
        if next <= MAX {
            out.push((next, MAX));
        }
        self.ranges = out;
    }

    /// Adds every code point that simple case folding makes equivalent to one already in (clean) `self`.
    pub(super) fn fold(&mut self) {
        let mut added = Vec::new();
        values_migrate_unicode::fold_classes(|members| {
            if members.iter().any(|&m| self.contains(m)) {
                added.extend(members.iter().map(|&m| (m, m)));
            }
        });
        self.ranges.extend(added);
        self.clean();
    }

    /// Whether (clean) `self` holds `c`.
    pub(super) fn contains(&self, c: u32) -> bool {
        self.ranges
            .binary_search_by(|&(lo, hi)| {
                if hi < c {
                    std::cmp::Ordering::Less
                } else if lo > c {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
}

/// The ASCII classes Go names, as `(name, ranges)`: Perl's `\d \s \w` and the POSIX `[:name:]`.
const GROUPS: [(&str, &[(u8, u8)]); 17] = [
    ("d", &[(b'0', b'9')]),
    ("s", &[(b'\t', b'\n'), (0x0C, b'\r'), (b' ', b' ')]),
    (
        "w",
        &[(b'0', b'9'), (b'A', b'Z'), (b'_', b'_'), (b'a', b'z')],
    ),
    ("alnum", &[(b'0', b'9'), (b'A', b'Z'), (b'a', b'z')]),
    ("alpha", &[(b'A', b'Z'), (b'a', b'z')]),
    ("ascii", &[(0, 0x7F)]),
    ("blank", &[(b'\t', b'\t'), (b' ', b' ')]),
    ("cntrl", &[(0, 0x1F), (0x7F, 0x7F)]),
    ("digit", &[(b'0', b'9')]),
    ("graph", &[(b'!', b'~')]),
    ("lower", &[(b'a', b'z')]),
    ("print", &[(b' ', b'~')]),
    (
        "punct",
        &[(b'!', b'/'), (b':', b'@'), (b'[', b'`'), (b'{', b'~')],
    ),
    ("space", &[(b'\t', b'\r'), (b' ', b' ')]),
    ("upper", &[(b'A', b'Z')]),
    (
        "word",
        &[(b'0', b'9'), (b'A', b'Z'), (b'_', b'_'), (b'a', b'z')],
    ),
    ("xdigit", &[(b'0', b'9'), (b'A', b'F'), (b'a', b'f')]),
];

/// The ASCII class Go calls `name` (`d`, `s`, `w` or a POSIX name), if it is one.
pub(super) fn group(name: &str) -> Option<Class> {
    GROUPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, ranges)| Class {
            ranges: ranges
                .iter()
                .map(|&(lo, hi)| (u32::from(lo), u32::from(hi)))
                .collect(),
        })
}

/// Whether `c` is a word character for `\b` (ASCII, as in Go).
pub(super) fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c == '_' || c.is_ascii_alphanumeric())
}
