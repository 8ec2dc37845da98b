//! The stable twin of the cargo-fuzz target (fuzz/, docs/fuzzing.md): proptest mutates
//! realistic and awkward YAML and runs the shared fuzz case (decode, a forced migrate, a patch).

use crate::fuzz_case;

use proptest::prelude::*;

/// Texts to mutate: everyday values, and the shapes the sweep found hard.
const SEEDS: &[&str] = &[
    "# c\nreplicaCount: 1\nimage:\n  repository: nginx\n  tag: \"1.25\"  # pinned\npodAnnotations: {}\ntolerations: []\n",
    "a: |\n  x\n  y\nb: >-\n  folded\nc: 1",
    "\u{feff}a: 1\r\nb:\r\n  c: 2\r\n",
    "base: &b\n  x: 1\nd:\n  <<: *b\n  y: 2\n",
    "key: value\n...\n",
    "---\nother: doc\n---\nk: v\n",
    "\"port\": 8083\n'name': web\n? complex\n: value\n",
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n",
    "foo: |\n \t\nbar: 1\n",
    "e: \"\\a\\x7F\\e\\N\\L\\P\\uFFFE\"\n",
];

/// Characters a mutation inserts: YAML indicators, breaks of every kind, and what YAML forbids raw.
const ALPHABET: &[char] = &[
    ' ', '\t', '\n', '\r', ':', '-', '?', '#', '|', '>', '{', '}', '[', ']', ',', '&', '*', '!',
    '"', '\'', '%', '@', '`', '.', '~', '\u{7}', '\u{7F}', '\u{85}', '\u{2028}', '\u{FEFF}',
    '\u{FFFE}', 'é', '😀', 'a', '0',
];

/// Applies `edits` (position, action, character) to `seed`.
fn mutate(seed: &str, edits: &[(usize, u8, usize)]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for &(at, action, pick) in edits {
        let at = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        let c = ALPHABET[pick % ALPHABET.len()];
        match action % 3 {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_yaml_is_decoded_migrated_and_patched_safely(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0usize..400, 0u8..3, 0usize..64), 0..6),
    ) {
        let text = mutate(SEEDS[seed], &edits);
        if let Err(problem) = fuzz_case::check(text.as_bytes()) {
            prop_assert!(false, "{problem}\n--- input\n{text:?}");
        }
    }
}

#[test]
fn every_seed_passes_unmutated() {
    for seed in SEEDS {
        fuzz_case::check(seed.as_bytes()).unwrap_or_else(|p| panic!("{p}\n--- input\n{seed:?}"));
    }
}
