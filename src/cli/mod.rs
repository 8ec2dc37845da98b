//! The command line: argument parsing and output, on top of the library.

use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;

/// Exit status for an input that could not be read.
const EXIT_INVALID: i32 = 3;
/// Exit status for a usage error.
const EXIT_USAGE: i32 = 64;

#[derive(Parser)]
#[command(
    name = "values-migrate",
    version,
    about = "Repairs a Helm chart's values after a chart bump, and proves the repair."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Prints a YAML file's documents as a JSON array, one element per document.
    Decode {
        /// The YAML file to read.
        file: PathBuf,
    },
}

/// Runs the command line with `args` (program name first) and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { 0 };
        }
    };
    match cli.command {
        Command::Decode { file } => decode(&file),
    }
}

fn decode(path: &PathBuf) -> i32 {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{name}: cannot read: {e}");
            return EXIT_INVALID;
        }
    };
    let result = crate::decode::decode(&name, &text);
    if result.errors.is_empty() {
        match serde_json::to_string_pretty(&result.documents) {
            Ok(json) => {
                println!("{json}");
                0
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                EXIT_INVALID
            }
        }
    } else {
        for error in &result.errors {
            match (error.line, error.column) {
                (Some(line), Some(column)) => {
                    eprintln!("{}:{line}:{column}: {}", error.file, error.message)
                }
                _ => eprintln!("{}: {}", error.file, error.message),
            }
        }
        EXIT_INVALID
    }
}
