//! Times the validator on one schema and one values document (both JSON), median of rounds:
//! `cargo run --release --example timing -- SCHEMA.json VALUES.json [ROUNDS]`.

use std::time::Instant;

use serde_json::Value;
use values_migrate_validator::{Draft, Validator};

fn read(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The median time of `rounds` calls of `run`, in microseconds, and what the last call returned.
fn median<T>(rounds: usize, mut run: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::with_capacity(rounds);
    let mut last = None;
    for _ in 0..rounds {
        let start = Instant::now();
        last = Some(run());
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    (times[rounds / 2], last.expect("at least one round"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (schema, values) = (read(&args[1]), read(&args[2]));
    let rounds = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(51);
    let draft = schema
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(Draft::from_uri)
        .unwrap_or(Draft::Draft202012);
    let validator = Validator::new(&schema, draft).expect("the schema compiles");
    let (valid_us, valid) = median(rounds, || validator.is_valid(&values));
    let (flat_us, flat) = median(rounds, || validator.iter_errors(&values).len());
    let (helm_us, helm) = median(rounds, || validator.helm_errors(&values).len());
    println!(
        "is_valid {valid_us:.1} us ({valid}); iter_errors {flat_us:.1} us ({flat} errors); helm_errors {helm_us:.1} us ({helm} lines)"
    );
}
