//! The values-migrate command line.
fn main() {
    // In wasm the layer runs from the Node script (src/wasm_cli.rs); this binary is native only.
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(values_migrate::cli::main(std::env::args_os()));
}
