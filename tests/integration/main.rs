//! The integration tests, one test binary (each binary links the whole crate: build time).
//! The compile-counting tests (`tests/replay_counts.rs`, `tests/session_counts.rs`) and the wasm
//! tests (`tests/wasm.rs`) keep binaries of their own: a process-wide counter, another target.

mod common;
mod fuzz_case;

#[cfg(feature = "render")]
mod behaviour;
mod chart_archives;
mod cli;
mod conformance;
mod fuzz_property;
mod generated_types;
mod helm_words;
mod migrate_fixtures;
mod migrate_robustness;
mod patch_cli;
mod patch_fixtures;
mod propose_cli;
mod render_cli;
mod replay;
mod replay_cli;
mod schema_compile;
mod schema_corpus;
mod schema_keywords;
mod splice_property;
mod structure;
mod yaml_fuzz;
mod yaml_limits;
mod yaml_located;
mod yaml_matches;
mod yaml_path_roundtrip;
mod yaml_queries;
mod yaml_spans;
mod yaml_typing;
