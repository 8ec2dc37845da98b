//! Go's `newNumber`: which number, character and complex constants the parser accepts, and Go's
//! words for the ones it refuses.

use crate::strconv::{NumError, parse_float, parse_int, parse_uint, quote, unquote_char};

/// How the lexer read a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Constant {
    /// `'a'`.
    Char,
    /// `1+2i`.
    Complex,
    /// Everything else the lexer calls a number.
    Number,
}

/// Checks a constant as Go's `newNumber` does; the error is Go's message.
pub(crate) fn check_number(text: &str, kind: Constant) -> Result<(), String> {
    match kind {
        Constant::Char => check_char(text),
        Constant::Complex => scan_complex(text),
        Constant::Number => check_plain(text),
    }
}

/// A number constant's values as Go's `NumberNode` holds them (`IsInt`, `Int64`, …).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Number {
    /// It is an `int64` (`Int64` holds it).
    pub is_int: bool,
    /// It is a `uint64` (`Uint64` holds it).
    pub is_uint: bool,
    /// It is a `float64` (`Float64` holds it).
    pub is_float: bool,
    /// It is a complex number (whose value is not kept here).
    pub is_complex: bool,
    /// Go's `Int64`.
    pub int64: i64,
    /// Go's `Uint64`.
    pub uint64: u64,
    /// Go's `Float64`.
    pub float64: f64,
}

/// The values Go's `newNumber` gives a constant the parser accepted (`None` if it refuses it).
pub fn number(text: &str) -> Option<Number> {
    if text.starts_with('\'') {
        let (rune, _, _) = unquote_char(text.get(1..)?, '\'')?;
        let int = i64::from(rune);
        return Some(Number {
            is_int: true,
            is_uint: true,
            is_float: true,
            is_complex: false,
            int64: int,
            uint64: u64::from(rune),
            float64: f64::from(rune),
        });
    }
    if text.ends_with('i') {
        return Some(Number {
            is_complex: true,
            ..Number::default()
        });
    }
    let mut n = Number::default();
    if let Ok(u) = parse_uint(text) {
        (n.is_uint, n.uint64) = (true, u);
    }
    if let Ok(i) = parse_int(text) {
        (n.is_int, n.int64) = (true, i);
        if i == 0 {
            n.is_uint = true;
        }
    }
    if n.is_int {
        (n.is_float, n.float64) = (true, n.int64 as f64);
    } else if n.is_uint {
        (n.is_float, n.float64) = (true, n.uint64 as f64);
    } else {
        let f = parse_float(text).ok()?;
        if !text.contains(['.', 'e', 'E', 'p', 'P']) {
            return None;
        }
        (n.is_float, n.float64) = (true, f);
        // Go's `float64(int64(f)) == f`, without Rust's saturating casts.
        let two_63 = (1u64 << 63) as f64;
        if (-two_63..two_63).contains(&f) && (f as i64) as f64 == f {
            (n.is_int, n.int64) = (true, f as i64);
        }
        if (0.0..2.0 * two_63).contains(&f) && (f as u64) as f64 == f {
            (n.is_uint, n.uint64) = (true, f as u64);
        }
    }
    Some(n)
}

/// A character constant: one character (or escape) between quotes.
fn check_char(text: &str) -> Result<(), String> {
    let inner = text.get(1..).unwrap_or("");
    match unquote_char(inner, '\'') {
        None => Err("invalid syntax".to_string()),
        Some((_, _, "'")) => Ok(()),
        Some(_) => Err(format!("malformed character constant: {text}")),
    }
}

/// An integer, a float, or an imaginary number (`2i`).
fn check_plain(text: &str) -> Result<(), String> {
    if let Some(imaginary) = text.strip_suffix('i') {
        if parse_float(imaginary).is_ok() {
            return Ok(());
        }
    }
    if parse_uint(text).is_ok() || parse_int(text).is_ok() {
        return Ok(());
    }
    match parse_float(text) {
        Ok(_) if !text.contains(['.', 'e', 'E', 'p', 'P']) => {
            Err(format!("integer overflow: {}", quote(text)))
        }
        Ok(_) => Ok(()),
        Err(_) => Err(format!("illegal number syntax: {}", quote(text))),
    }
}

/// Go's `fmt.Sscan` of a `complex128`, which `newNumber` uses for `1+2i`.
fn scan_complex(text: &str) -> Result<(), String> {
    let mut scan = Scan {
        rest: text,
        buf: String::new(),
    };
    let (real, imaginary) = scan
        .complex_tokens()
        .ok_or_else(|| "syntax error scanning complex number".to_string())?;
    convert_float(&real)?;
    convert_float(&imaginary)?;
    Ok(())
}

/// The scanner state of `fmt`'s `ss`: what is left, and the token read so far.
struct Scan<'t> {
    rest: &'t str,
    buf: String,
}

impl Scan<'_> {
    /// Takes the next character into the token when it is one of `set`.
    fn accept(&mut self, set: &str) -> bool {
        match self.rest.chars().next() {
            Some(c) if set.contains(c) => {
                self.buf.push(c);
                self.rest = self.rest.get(c.len_utf8()..).unwrap_or("");
                true
            }
            _ => false,
        }
    }

    /// `fmt`'s `complexTokens`: the real and the signed imaginary part; `None` is `complexError`.
    fn complex_tokens(&mut self) -> Option<(String, String)> {
        let parens = self.accept("(");
        let real = self.float_token();
        self.buf.clear();
        if !self.accept("+-") {
            return None;
        }
        let sign = std::mem::take(&mut self.buf);
        let imaginary = self.float_token();
        if !self.accept("i") || parens && !self.accept(")") {
            return None;
        }
        Some((real, sign + &imaginary))
    }

    /// `fmt`'s `floatToken`: the longest run that looks like a float (partial matches kept).
    fn float_token(&mut self) -> String {
        self.buf.clear();
        if self.accept("nN") && self.accept("aA") && self.accept("nN") {
            return self.buf.clone();
        }
        self.accept("+-");
        if self.accept("iI") && self.accept("nN") && self.accept("fF") {
            return self.buf.clone();
        }
        let mut digits = "0123456789_";
        let mut exponent = "eEpP";
        if self.accept("0") && self.accept("xX") {
            digits = "0123456789aAbBcCdDeEfF_";
            exponent = "pP";
        }
        while self.accept(digits) {}
        if self.accept(".") {
            while self.accept(digits) {}
        }
        if self.accept(exponent) {
            self.accept("+-");
            while self.accept("0123456789_") {}
        }
        self.buf.clone()
    }
}

/// `fmt`'s `convertFloat`, with `strconv`'s error as Go prints it.
fn convert_float(text: &str) -> Result<(), String> {
    let failed = |function: &str, error: NumError| {
        let why = match error {
            NumError::Syntax => "invalid syntax",
            NumError::Range => "value out of range",
        };
        format!("strconv.{function}: parsing {}: {why}", quote(text))
    };
    if let Some((mantissa, exponent)) = text.split_once('p') {
        if !text.contains(['x', 'X']) {
            parse_float(mantissa).map_err(|e| failed("ParseFloat", e))?;
            return parse_int(exponent).map(drop).map_err(|e| failed("Atoi", e));
        }
    }
    parse_float(text)
        .map(drop)
        .map_err(|e| failed("ParseFloat", e))
}

#[cfg(test)]
mod tests {
    use super::{Constant, check_number};
    use Constant::{Char, Complex, Number};

    /// Constants beyond Go's `numberTests` (which `go_tests.rs` runs) that Go accepts.
    const GOOD: &[(&str, Constant)] = &[
        ("1.", Number),
        (".5", Number),
        ("1.e5", Number),
        ("1e-400", Number),
        ("1_000.5", Number),
        ("18446744073709551615", Number),
        ("-9223372036854775808", Number),
        ("1+2i", Complex),
        ("0x1p4+2i", Complex),
        ("'\\377'", Char),
    ];

    /// Constants Go refuses, with Go's words (checked against Helm by `tests/helm_parse.py`).
    const BAD: &[(&str, Constant, &str)] = &[
        ("0x123.", Number, "illegal number syntax: \"0x123.\""),
        ("'x", Char, "malformed character constant: 'x"),
        ("'xx'", Char, "malformed character constant: 'xx'"),
        ("09", Number, "integer overflow: \"09\""),
        (
            "18446744073709551616",
            Number,
            "integer overflow: \"18446744073709551616\"",
        ),
        ("1e400", Number, "illegal number syntax: \"1e400\""),
        ("1__0", Number, "illegal number syntax: \"1__0\""),
        ("0x1.8", Number, "illegal number syntax: \"0x1.8\""),
        ("0x10i", Number, "illegal number syntax: \"0x10i\""),
        ("''", Char, "invalid syntax"),
        ("'\\q'", Char, "invalid syntax"),
        ("'\\\"'", Char, "invalid syntax"),
        ("'\\400'", Char, "invalid syntax"),
        ("1i+2i", Complex, "syntax error scanning complex number"),
        (
            "0x1+2i",
            Complex,
            "strconv.ParseFloat: parsing \"0x1\": invalid syntax",
        ),
        (
            "1+.i",
            Complex,
            "strconv.ParseFloat: parsing \"+.\": invalid syntax",
        ),
        (
            "1e400+1i",
            Complex,
            "strconv.ParseFloat: parsing \"1e400\": value out of range",
        ),
    ];

    #[test]
    fn constants_as_go_reads_them() {
        for &(text, kind) in GOOD {
            assert_eq!(check_number(text, kind), Ok(()), "{text}");
        }
        for &(text, kind, message) in BAD {
            assert_eq!(check_number(text, kind), Err(message.to_string()), "{text}");
        }
    }
}
