//! The part of `regex`'s API that `jsonschema` uses, over `regex-lite`.
//!
//! `regex` brings a meta engine (lazy DFA, one-pass, backtracker, literal searchers) and the
//! Unicode tables; for the short keys and scalars of a values file `regex-lite` matches as well,
//! at a fraction of the size. What it does not support (`\p{…}` classes) is a compile error,
//! which the library reports naming the schema keyword (docs/size.md).
#![forbid(unsafe_code)]

use std::fmt;

/// A compiled regular expression.
#[derive(Clone)]
pub struct Regex(regex_lite::Regex);

impl Regex {
    /// Compiles `pattern`.
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        regex_lite::Regex::new(pattern).map(Regex).map_err(Error)
    }

    /// Whether `haystack` contains a match.
    pub fn is_match(&self, haystack: &str) -> bool {
        self.0.is_match(haystack)
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

    /// The compiled program's size limit, in bytes.
    pub fn size_limit(&mut self, limit: usize) -> &mut RegexBuilder {
        self.0.size_limit(limit);
        self
    }

    /// Accepted and ignored: there is no DFA.
    pub fn dfa_size_limit(&mut self, _limit: usize) -> &mut RegexBuilder {
        self
    }

    /// Compiles the pattern.
    pub fn build(&self) -> Result<Regex, Error> {
        self.0.build().map(Regex).map_err(Error)
    }
}

/// Why a pattern did not compile.
#[derive(Clone, Debug)]
pub struct Error(regex_lite::Error);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}
