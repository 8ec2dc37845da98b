//! The values-migrate command line.
fn main() {
    std::process::exit(values_migrate::cli::run(std::env::args_os()));
}
