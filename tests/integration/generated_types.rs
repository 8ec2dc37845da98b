//! The generated contract in types/ is what the Rust types say: each file is generated again and
//! compared; `UPDATE_TYPES=1` writes them instead.
#![cfg(feature = "types")]

use std::path::Path;

fn check(file: &str, generated: String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("types")
        .join(file);
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "types/{file} is stale: run `UPDATE_TYPES=1 cargo test --features types --test integration generated_types`"
    );
}

#[test]
fn the_typescript_declarations_are_generated_from_the_rust_types() {
    check("values_migrate.d.ts", values_migrate::types::typescript());
}

#[test]
fn the_json_schema_of_the_results_is_generated_from_the_rust_types() {
    check("results.schema.json", values_migrate::types::json_schema());
}
