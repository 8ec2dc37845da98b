//! libFuzzer on the shared fuzz case (tests/integration/fuzz_case): decode, a forced migrate and a patch on
//! arbitrary bytes. Run with `cargo +nightly fuzz run decode_migrate_patch` (docs/fuzzing.md).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/integration/fuzz_case/mod.rs"]
mod fuzz_case;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = fuzz_case::check(data) {
        panic!("{problem}");
    }
});
