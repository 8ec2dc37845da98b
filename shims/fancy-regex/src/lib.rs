//! The part of `fancy-regex`'s API that `jsonschema` uses, over `regex-lite`.
//!
//! `fancy-regex` adds a backtracking VM for lookaround and backreferences on top of `regex`.
//! Helm values schemas do not use them, so this build leaves them out: a pattern that needs
//! them does not compile, and the library reports it naming the schema keyword (docs/size.md).
#![forbid(unsafe_code)]

use std::fmt;

/// A compiled regular expression.
#[derive(Clone)]
pub struct Regex(regex_lite::Regex);

impl Regex {
    /// Compiles `pattern`.
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        RegexBuilder::new(pattern).build()
    }

    /// Whether `text` contains a match; never fails (there is no backtracking limit to hit).
    pub fn is_match(&self, text: &str) -> Result<bool, Error> {
        Ok(self.0.is_match(text))
    }

    /// The pattern this was compiled from.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Debug for Regex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Regex").field(&self.as_str()).finish()
    }
}

/// Compiles a [`Regex`] with limits.
#[derive(Debug)]
pub struct RegexBuilder(regex_lite::RegexBuilder);

impl RegexBuilder {
    /// A builder for `pattern`.
    pub fn new(pattern: &str) -> RegexBuilder {
        RegexBuilder(regex_lite::RegexBuilder::new(pattern))
    }

    /// Accepted and ignored: matching does not backtrack without bound.
    pub fn backtrack_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// The compiled program's size limit, in bytes.
    pub fn delegate_size_limit(&mut self, limit: usize) -> &mut RegexBuilder {
        self.0.size_limit(limit);
        self
    }

    /// Accepted and ignored: there is no DFA.
    pub fn delegate_dfa_size_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// Compiles the pattern.
    pub fn build(&self) -> Result<Regex, Error> {
        self.0.build().map(Regex).map_err(|e| Error::ParseError(e.to_string()))
    }
}

/// Why a pattern did not compile or match.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The pattern is not valid (or needs lookaround or backreferences).
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
            Error::ParseError(message) => write!(f, "{message}"),
            Error::RuntimeError(RuntimeError::BacktrackLimitExceeded) => {
                f.write_str("backtrack limit exceeded")
            }
        }
    }
}

impl std::error::Error for Error {}
