//! The part of `fancy-regex`'s API that `jsonschema` names, with no engine behind it.
//!
//! `jsonschema` compiles every pattern-matching keyword twice, once per regex engine, and picks
//! one at run time. values-migrate always picks the standard engine (`PatternOptions::regex()`,
//! src/schema/compile.rs), so this engine is never asked to build: its `Regex` is uninhabited,
//! which lets the compiler drop every code path that would hold one. Lookaround and
//! backreferences, which only `fancy-regex` matched, are refused by the library with an error
//! naming the schema keyword (docs/size.md).
#![forbid(unsafe_code)]

use std::fmt;

#[derive(Clone, Copy, Debug)]
enum Never {}

/// A compiled regular expression: none can exist in this build.
#[derive(Clone, Debug)]
pub struct Regex(Never);

impl Regex {
    /// Always an error: this build has no backtracking engine.
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        RegexBuilder::new(pattern).build()
    }

    /// Unreachable: no `Regex` exists.
    pub fn is_match(&self, _text: &str) -> Result<bool, Error> {
        match self.0 {}
    }

    /// Unreachable: no `Regex` exists.
    pub fn as_str(&self) -> &str {
        match self.0 {}
    }
}

/// The builder `jsonschema` configures; building always fails.
#[derive(Debug)]
pub struct RegexBuilder(String);

impl RegexBuilder {
    /// A builder for `pattern`.
    pub fn new(pattern: &str) -> RegexBuilder {
        RegexBuilder(pattern.to_string())
    }

    /// Accepted and ignored.
    pub fn backtrack_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// Accepted and ignored.
    pub fn delegate_size_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// Accepted and ignored.
    pub fn delegate_dfa_size_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// Always an error: this build has no backtracking engine.
    pub fn build(&self) -> Result<Regex, Error> {
        Err(Error::ParseError(format!(
            "'{}': this build has no backtracking regex engine",
            self.0
        )))
    }
}

/// Why a pattern did not compile.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The pattern could not be compiled.
    ParseError(String),
    /// Matching stopped.
    RuntimeError(RuntimeError),
}

/// Why matching stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuntimeError {
    /// The backtracking limit was reached.
    BacktrackLimitExceeded,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ParseError(message) => f.write_str(message),
            Error::RuntimeError(RuntimeError::BacktrackLimitExceeded) => {
                f.write_str("backtrack limit exceeded")
            }
        }
    }
}

impl std::error::Error for Error {}
