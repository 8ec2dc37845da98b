//! Which keys and strings a YAML text may hold, told from its words without parsing it: a key
//! or a string spelled as a plain word (an ASCII letter, then letters, digits, `_`, `-`, `.` or
//! `/`) is written in every text that holds it as that same word, or as a double-quoted scalar
//! whose escapes spell it.
//!
//! A scalar's value is its own bytes unless an escape (`\`), the binary tag, folding (which
//! yields spaces) or typing (`on` read as `true`) made it; so a plain word that is not a typed
//! name appears whole, between bytes that cannot belong to it, wherever it is a key or a string
//! (plain, quoted, a block scalar's line, an anchor's value a merge copies), unless escapes spell
//! it, which are read here, or it is binary, when the text is taken to hold every word.

/// Sets of words, each to be held whole (a leaf's keys and its string, say): how many of them
/// a text may hold.
pub(crate) struct WordSets<'w> {
    /// Every plain word of the sets, sorted; a word's index is its place here.
    words: Vec<&'w str>,
    /// Each set's plain words, by index (a set with none: any text may hold it).
    sets: Vec<Vec<usize>>,
    /// A bit for each word's length and first, middle and last bytes ([`sketch`]): most of a
    /// text's words are passed over on it alone.
    sketches: [u64; 64],
}

impl<'w> WordSets<'w> {
    /// The sets given; of each, only the plain words can be looked for.
    pub fn new<S: IntoIterator<Item = &'w str>>(sets: impl IntoIterator<Item = S>) -> Self {
        let sets: Vec<Vec<&str>> = (sets.into_iter())
            .map(|set| set.into_iter().filter(|word| is_plain_word(word)).collect())
            .collect();
        let words = crate::order::set(sets.iter().flatten().copied());
        let index = |word: &str| words.binary_search(&word).unwrap_or_default();
        let sets = (sets.iter())
            .map(|set| set.iter().map(|word| index(word)).collect())
            .collect();
        let mut sketches = [0; 64];
        for word in &words {
            let bit = sketch(word.as_bytes());
            sketches[bit / 64] |= 1 << (bit % 64);
        }
        WordSets {
            words,
            sets,
            sketches,
        }
    }

    /// Whether `word`, a whole word of a text, may be one of the words.
    fn may_be_one(&self, word: &[u8]) -> bool {
        let bit = sketch(word);
        self.sketches[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// How many of the sets `text` may hold whole as keys and strings: those whose every plain
    /// word it holds, and all of them when a binary tag could spell a word in other bytes.
    pub fn most(&self, text: &str) -> usize {
        if self.words.is_empty() || may_be_binary(text) {
            return self.sets.len();
        }
        let held = self.held(text);
        let whole = |set: &&Vec<usize>| set.iter().all(|&word| held[word]);
        self.sets.iter().filter(whole).count()
    }

    /// Which of the words `text` holds whole, as written or spelled by a double-quoted
    /// scalar's escapes, by index.
    fn held(&self, text: &str) -> Vec<bool> {
        let mut held = vec![false; self.words.len()];
        let mut left = held.len();
        let mut hold = |word: &str| {
            if let Ok(at) = self.words.binary_search(&word)
                && !held[at]
            {
                held[at] = true;
                left -= 1;
            }
            left == 0
        };
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(skip) = bytes[at..].iter().position(|&b| in_word(b)) {
            let start = at + skip;
            let rest = &bytes[start..];
            let len = rest.iter().position(|&b| !in_word(b)).unwrap_or(rest.len());
            at = start + len;
            if self.may_be_one(&rest[..len]) && hold(&text[start..at]) {
                return held;
            }
        }
        // Every `"` may open a double-quoted scalar: what its escapes spell, when a word.
        if text.contains('\\') {
            for (quote, _) in text.match_indices('"') {
                if let Some(word) = escaped_word(&text[quote + 1..])
                    && hold(&word)
                {
                    break;
                }
            }
        }
        held
    }
}

/// The plain word a double-quoted scalar's text spells through its escapes (`rest` follows the
/// opening quote); `None` when it spells none or holds no escape.
fn escaped_word(rest: &str) -> Option<String> {
    let bytes = rest.as_bytes();
    let (mut word, mut escaped, mut at) = (String::new(), false, 0);
    loop {
        let byte = *bytes.get(at)?;
        let (spelled, width) = match byte {
            b'"' => return escaped.then_some(word),
            b'\\' => {
                escaped = true;
                let code = |digits: usize| {
                    let hex = bytes.get(at + 2..at + 2 + digits)?;
                    let value = hex.iter().try_fold(0u32, |value, &digit| {
                        Some(value << 4 | char::from(digit).to_digit(16)?)
                    })?;
                    u8::try_from(value).ok()
                };
                match *bytes.get(at + 1)? {
                    b'x' => (code(2)?, 4),
                    b'u' => (code(4)?, 6),
                    b'U' => (code(8)?, 10),
                    b'/' => (b'/', 2),
                    // An escaped line break joins the next line, its indentation dropped.
                    b'\n' | b'\r' => {
                        at = continued(bytes, at + 1)?;
                        continue;
                    }
                    _ => return None,
                }
            }
            _ => (byte, 1),
        };
        if !in_word(spelled) {
            return None;
        }
        word.push(char::from(spelled));
        at += width;
    }
}

/// Where the text goes on after the line break at `at` that an escape joined: past its spaces
/// and tabs; `None` when a blank line follows (folded into a line break).
fn continued(bytes: &[u8], at: usize) -> Option<usize> {
    let mut at = at
        + if bytes[at..].starts_with(b"\r\n") {
            2
        } else {
            1
        };
    while matches!(bytes.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    (!matches!(bytes.get(at), Some(b'\n' | b'\r'))).then_some(at)
}

/// Whether a binary tag may be in `text`: a tag (`!…`) that names it or holds an escape, or a
/// `%TAG` directive, whose handle may spell it.
fn may_be_binary(text: &str) -> bool {
    let tagged = text.match_indices('!').any(|(at, _)| {
        let rest = &text.as_bytes()[at..];
        let end = rest
            .iter()
            .position(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
        let tag = &rest[..end.unwrap_or(rest.len())];
        tag.windows(6).any(|w| w == b"binary") || tag.contains(&b'%')
    });
    tagged || text.contains("%TAG")
}

/// A word's bit among 4,096, from its length and its first, middle and last bytes.
fn sketch(word: &[u8]) -> usize {
    let byte = |at: usize| usize::from(word.get(at).copied().unwrap_or_default());
    let len = word.len();
    let mixed = len.wrapping_mul(0x9E37)
        ^ byte(0).wrapping_mul(0x85EB)
        ^ byte(len / 2).wrapping_mul(0xC2B3)
        ^ byte(len.saturating_sub(1)).wrapping_mul(0x27D5);
    (mixed.wrapping_mul(0x9E37_79B9) >> 7) & 4095
}

/// A byte a plain word may hold.
fn in_word(byte: u8) -> bool {
    IN_WORD[usize::from(byte)]
}

/// [`in_word`], by byte.
static IN_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/');
        byte += 1;
    }
    table
};

/// Whether `word` is a plain word that no typed scalar becomes (`true`, `NaN`, …).
fn is_plain_word(word: &str) -> bool {
    // What a boolean, a null or a float that is not a number becomes as a key.
    const TYPED: [&str; 6] = ["true", "false", "null", "nan", "inf", "infinity"];
    word.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && word.bytes().all(in_word)
        && !TYPED.iter().any(|typed| word.eq_ignore_ascii_case(typed))
}

#[cfg(test)]
mod tests {
    use super::WordSets;

    #[test]
    fn a_set_counts_where_each_of_its_words_is_whole() {
        let sets = WordSets::new([
            vec!["replicas"],
            vec!["image", "tag"],
            vec!["image", "repository", "ghcr.io/example/app"],
        ]);
        assert_eq!(sets.most("replicas: 3\n"), 1);
        assert_eq!(sets.most("image:\n  tag: v1\n"), 1);
        assert_eq!(sets.most("'image': {repository: ghcr.io/example/app}\n"), 1);
        assert_eq!(
            sets.most("image: {repository: \"ghcr.io/example/app\", tag: x}\n"),
            2
        );
        assert_eq!(sets.most("? |-\n  replicas\n: 1\n"), 1);
        // Part of a longer word is not the word.
        assert_eq!(
            sets.most("replicasCount: 3\nimage-tag: x\nmy.image: y\n"),
            0
        );
        assert_eq!(sets.most("config: |\n  nothing here\n"), 0);
        // A word of any length is read.
        assert_eq!(
            sets.most(&format!("k: {}\nreplicas: 1\n", "a".repeat(300_000))),
            1
        );
    }

    #[test]
    fn escapes_are_read_and_a_binary_tag_may_spell_any_word() {
        let sets = WordSets::new([vec!["replicas"], vec!["image"]]);
        assert_eq!(sets.most("\"re\\x70licas\": 3\n"), 1);
        assert_eq!(sets.most("a: \"\\u0069mage\"\nb: \"x\\\"\"\n"), 1);
        assert_eq!(sets.most("a: \"rep\\\n    licas\"\n"), 1);
        assert_eq!(sets.most("a: \"rep\\\n\n  licas\"\n"), 0);
        assert_eq!(
            sets.most("a: 're\\x70licas'\n# \\ and ! in a comment, binary\n"),
            0
        );
        assert_eq!(sets.most("!!binary cmVwbGljYXM=: 3\n"), 2);
        assert_eq!(sets.most("!!bin%61ry cmVwbGljYXM=: 3\n"), 2);
        assert_eq!(
            sets.most("%TAG !b! tag:yaml.org,2002:bin\n---\n!b!ary cmVwbGljYXM=: 3\n"),
            2
        );
    }

    #[test]
    fn words_that_are_not_plain_are_not_looked_for() {
        let sets = WordSets::new([
            vec!["true"],
            vec!["8080"],
            vec!["a b"],
            vec!["NaN", "port"],
            vec!["ключ"],
            vec!["name"],
        ]);
        assert_eq!(sets.most("on: 1\n"), 4);
        assert_eq!(sets.most("name: x\nport: 1\n"), 6);
    }

    /// Every key and string of every node a text holds is a whole word of it, as the YAML
    /// parser reads the text.
    #[test]
    fn never_fewer_than_the_parse_holds() {
        use crate::yaml::{DecodeOptions, Typing, decode};
        let texts = [
            "a: 1\nb:\n  c: two\n  d: [e, {f: g}]\n",
            "a: &x g\n*x : h\n",
            "base: &b {h: i, j: k}\nl:\n  <<: *b\n  m: n\n",
            "'o': p\n\"q\": 'r'\n? s\n: |-\n  t\n? |-\n  u\n: >-\n  v\n",
            "{w: 1,x: y.z/a-b_c, r.s/t-u_v: 3}\n",
            "- w: 1\n-   x: 2\n",
            "\"re\\x70licas\": \"\\u0069mage\"\nt: \"a\\U00000062c\\/d\"\nu: \"rep\\\n    licas\"\n",
            "a: \"x\\\"y\"\nb: \"\\\\\"\nc: \"d\\\\\"\n",
        ];
        for text in texts {
            // Helm knows no `\/`; YAML 1.2 does.
            let typings = [Typing::Helm, Typing::Yaml12];
            let read = typings.map(|typing| {
                decode(
                    text,
                    &DecodeOptions {
                        typing,
                        ..Default::default()
                    },
                )
            });
            assert!(read.iter().any(Result::is_ok), "{text:?}");
            for documents in read.into_iter().flatten() {
                holds_every_word(text, &documents, &format!("{text:?}"));
            }
        }
    }

    /// The same, on every YAML file of the repository's real charts and fixtures that decodes.
    #[test]
    fn never_fewer_than_real_files_hold() {
        use crate::yaml::{DecodeOptions, decode};
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
        let mut pending = vec![root.join("corpus"), root.join("fixtures")];
        let mut checked = 0;
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    pending.push(path);
                    continue;
                }
                if !path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let Ok(documents) = decode(&text, &DecodeOptions::default()) else {
                    continue;
                };
                holds_every_word(&text, &documents, &path.display().to_string());
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} files");
    }

    /// Asserts that `text` may hold every key and string of its `documents`, each a set.
    fn holds_every_word(text: &str, documents: &[serde_json::Value], name: &str) {
        let mut words = Vec::new();
        documents.iter().for_each(|d| collect(d, &mut words));
        let sets = WordSets::new(words.iter().map(|word| [word.as_str()]));
        assert_eq!(sets.most(text), words.len(), "{name}: {words:?}");
    }

    fn collect(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    out.push(key.clone());
                    collect(value, out);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
            serde_json::Value::String(text) => out.push(text.clone()),
            _ => {}
        }
    }
}
