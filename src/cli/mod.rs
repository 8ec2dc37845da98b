//! The command line: argument parsing and output, on top of the library.
use std::ffi::OsString;

/// Runs the command line with `args` and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let _ = args.into_iter().count();
    64
}
