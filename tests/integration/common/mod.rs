//! Shared test helpers: the corpus, and YAML decoded to JSON.
//!
//! YAML goes through the project's own model with Helm's typing.

#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::Value;
use values_migrate::schema::Schema;

/// The corpus folder, `tests/corpus` from the crate root (a copy of the shared corpus).
pub fn corpus_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    assert!(
        dir.join("pairs.json").is_file(),
        "the corpus is missing: expected {} (the shared folder next to the crate)",
        dir.display()
    );
    dir
}

/// Reads a corpus file as text.
pub fn corpus_text(relative: &str) -> String {
    let path = corpus_dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Decodes the first YAML document of `text` to JSON, as Helm reads a values file.
pub fn yaml(text: &str) -> Value {
    let docs = values_migrate::yaml::decode(text, &values_migrate::yaml::DecodeOptions::default())
        .unwrap_or_else(|e| panic!("not YAML: {}", e.display_with("test input", text)));
    docs.into_iter().next().unwrap_or(Value::Null)
}

/// One version of a chart in the corpus.
pub struct Version {
    /// `<chart>/<version>`.
    pub dir: String,
    /// The compiled `values.schema.json`.
    pub schema: Schema,
    /// The decoded `values.yaml`.
    pub values: Value,
}

impl Version {
    /// Loads `<chart>/<version>` from the corpus.
    pub fn load(dir: &str) -> Version {
        let text = corpus_text(&format!("{dir}/values.schema.json"));
        let schema = Schema::compile(&text).unwrap_or_else(|e| panic!("{dir}: {e}"));
        let values = yaml(&corpus_text(&format!("{dir}/values.yaml")));
        Version {
            dir: dir.to_string(),
            schema,
            values,
        }
    }
}

/// A corpus pair: A (moved from) and B (moved to), with its pairs.json entry.
pub struct Pair {
    /// The pair's id in pairs.json.
    pub id: String,
    /// The version moved from.
    pub a: Version,
    /// The version moved to.
    pub b: Version,
    /// The pairs.json entry.
    pub meta: Value,
}

/// Every pair id in pairs.json, in order.
pub fn pair_ids() -> Vec<String> {
    let index: Value =
        serde_json::from_str(&corpus_text("pairs.json")).expect("pairs.json is JSON");
    index["pairs"]
        .as_array()
        .expect("pairs.json has pairs")
        .iter()
        .map(|p| p["id"].as_str().expect("a pair has an id").to_string())
        .collect()
}

/// Loads the pair `id` from pairs.json.
pub fn pair(id: &str) -> Pair {
    let index: Value =
        serde_json::from_str(&corpus_text("pairs.json")).expect("pairs.json is JSON");
    let meta = index["pairs"]
        .as_array()
        .expect("pairs.json has pairs")
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no pair {id} in pairs.json"))
        .clone();
    let dir = |side: &str| {
        meta[side]["dir"]
            .as_str()
            .unwrap_or_else(|| panic!("{id}: no {side}.dir"))
            .to_string()
    };
    Pair {
        id: id.to_string(),
        a: Version::load(&dir("A")),
        b: Version::load(&dir("B")),
        meta,
    }
}

/// A small deterministic generator (xorshift64*), so randomized tests reproduce.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}
