//! The values-migrate command line.
fn main() {
    std::process::exit(values_migrate::cli::main(std::env::args_os()));
}
