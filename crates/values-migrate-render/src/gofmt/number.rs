//! Go's `fmt` for numbers: `fmtInteger`, `fmtC`, `fmtQc`, `fmtUnicode` and `fmtFloat`.

use super::print::Printer;
use super::strconv::{format_float, quote_rune};
use crate::func::CallError;
use crate::value::Value;

const LOWER: &[u8; 17] = b"0123456789abcdefx";
const UPPER: &[u8; 17] = b"0123456789ABCDEFX";

impl Printer {
    /// Go's `pp.fmtInteger`: the verb chosen for an integer.
    pub(crate) fn fmt_integer_verb(
        &mut self,
        v: &Value,
        u: u64,
        signed: bool,
        verb: char,
    ) -> Result<(), CallError> {
        match verb {
            'v' if self.f.sharp_v && !signed => {
                // Go's `fmt0x64(v, true)`: an unsigned integer in Go syntax is hexadecimal.
                let old = self.f.sharp;
                self.f.sharp = true;
                self.fmt_integer(u, 16, signed, verb, LOWER);
                self.f.sharp = old;
            }
            'v' | 'd' => self.fmt_integer(u, 10, signed, verb, LOWER),
            'b' => self.fmt_integer(u, 2, signed, verb, LOWER),
            'o' | 'O' => self.fmt_integer(u, 8, signed, verb, LOWER),
            'x' => self.fmt_integer(u, 16, signed, verb, LOWER),
            'X' => self.fmt_integer(u, 16, signed, verb, UPPER),
            'c' => {
                let c = char_of(u);
                self.pad(c.encode_utf8(&mut [0; 4]));
            }
            'q' => {
                let q = quote_rune(u, self.f.plus);
                self.pad(&q);
            }
            'U' => self.fmt_unicode(u),
            _ => self.bad_verb(v, verb)?,
        }
        Ok(())
    }

    /// Go's `fmt.fmtInteger`: digits in `base`, precision or zero padding, prefixes, sign.
    fn fmt_integer(&mut self, u: u64, base: u64, signed: bool, verb: char, digits: &[u8; 17]) {
        let negative = signed && (u as i64) < 0;
        let mut u = if negative {
            (u as i64).unsigned_abs()
        } else {
            u
        };
        let mut prec = 0usize;
        if self.f.prec_present {
            prec = self.f.prec;
            if prec == 0 && u == 0 {
                let old = self.f.zero;
                self.f.zero = false;
                let wid = self.f.wid;
                self.write_padding_pub(wid);
                self.f.zero = old;
                return;
            }
        } else if self.f.zero && !self.f.minus && self.f.wid_present {
            prec = self.f.wid;
            if negative || self.f.plus || self.f.space {
                prec = prec.saturating_sub(1);
            }
        }
        // Built right to left, as Go does.
        let mut rev: Vec<u8> = Vec::new();
        loop {
            rev.push(digits[(u % base) as usize]);
            u /= base;
            if u == 0 {
                break;
            }
        }
        while rev.len() < prec {
            rev.push(b'0');
        }
        if self.f.sharp {
            match base {
                2 => rev.extend_from_slice(b"b0"),
                8 if rev.last() != Some(&b'0') => rev.push(b'0'),
                16 => {
                    rev.push(digits[16]);
                    rev.push(b'0');
                }
                _ => {}
            }
        }
        if verb == 'O' {
            rev.extend_from_slice(b"o0");
        }
        if negative {
            rev.push(b'-');
        } else if self.f.plus {
            rev.push(b'+');
        } else if self.f.space {
            rev.push(b' ');
        }
        rev.reverse();
        let text = String::from_utf8_lossy(&rev).into_owned();
        let old = self.f.zero;
        self.f.zero = false;
        self.pad(&text);
        self.f.zero = old;
    }

    /// Go's `fmtUnicode`: `U+0078`, with `#` also `'x'`.
    fn fmt_unicode(&mut self, u: u64) {
        let mut prec = 4;
        if self.f.prec_present && self.f.prec > 4 {
            prec = self.f.prec;
        }
        let mut text = format!("U+{:0prec$X}", u, prec = prec);
        if self.f.sharp {
            if let Some(c) = u32::try_from(u).ok().and_then(char::from_u32) {
                if values_migrate_unicode::is_print(c) {
                    text.push_str(&format!(" '{c}'"));
                }
            }
        }
        let old = self.f.zero;
        self.f.zero = false;
        self.pad(&text);
        self.f.zero = old;
    }

    /// Go's `fmt.fmtFloat`: `strconv.AppendFloat`, then sign, `#`, infinities and padding.
    pub(crate) fn fmt_float(&mut self, v: f64, verb: u8, prec: i32) {
        let prec = if self.f.prec_present {
            i32::try_from(self.f.prec).unwrap_or(i32::MAX)
        } else {
            prec
        };
        let formatted = format_float(v, verb, prec);
        let mut num: Vec<u8> = if formatted.starts_with('-') || formatted.starts_with('+') {
            formatted.into_bytes()
        } else {
            let mut n = vec![b'+'];
            n.extend_from_slice(formatted.as_bytes());
            n
        };
        if self.f.space && num.first() == Some(&b'+') && !self.f.plus {
            num[0] = b' ';
        }
        if matches!(num.get(1), Some(b'I') | Some(b'N')) {
            let old = self.f.zero;
            self.f.zero = false;
            if num.get(1) == Some(&b'N') && !self.f.space && !self.f.plus {
                num.remove(0);
            }
            self.pad(&String::from_utf8_lossy(&num));
            self.f.zero = old;
            return;
        }
        if self.f.sharp && verb != b'b' {
            sharp_float(&mut num, verb, prec);
        }
        let text = String::from_utf8_lossy(&num).into_owned();
        if self.f.plus || num.first() != Some(&b'+') {
            if self.f.zero && !self.f.minus && self.f.wid_present && self.f.wid > num.len() {
                self.buf.push_str(text.get(..1).unwrap_or(""));
                let n = self.f.wid - num.len();
                self.write_padding_pub(n);
                self.buf.push_str(text.get(1..).unwrap_or(""));
                return;
            }
            self.pad(&text);
            return;
        }
        self.pad(text.get(1..).unwrap_or(""));
    }

    /// `writePadding`, for the number formatters.
    fn write_padding_pub(&mut self, n: usize) {
        let c = if self.f.zero { '0' } else { ' ' };
        self.buf.extend(std::iter::repeat_n(c, n));
    }
}

/// Go's `#` flag on a float: a decimal point always, trailing zeros kept for `%g`.
fn sharp_float(num: &mut Vec<u8>, verb: u8, prec: i32) {
    // Go lists `x` here but not `X`: `%#X` keeps no trailing zeros.
    let mut digits: i64 = match verb {
        b'v' | b'g' | b'G' | b'x' => {
            if prec == -1 {
                6
            } else {
                i64::from(prec)
            }
        }
        _ => 0,
    };
    let mut tail: Vec<u8> = Vec::new();
    let mut has_point = false;
    let mut saw_nonzero = false;
    let mut i = 1;
    while i < num.len() {
        match num[i] {
            b'.' => has_point = true,
            b'p' | b'P' => {
                tail = num.split_off(i);
                break;
            }
            b'e' | b'E' if verb != b'x' && verb != b'X' => {
                tail = num.split_off(i);
                break;
            }
            c => {
                if c != b'0' {
                    saw_nonzero = true;
                }
                if saw_nonzero {
                    digits -= 1;
                }
            }
        }
        i += 1;
    }
    if !has_point {
        if num.len() == 2 && num.get(1) == Some(&b'0') {
            digits -= 1;
        }
        num.push(b'.');
    }
    while digits > 0 {
        num.push(b'0');
        digits -= 1;
    }
    num.extend_from_slice(&tail);
}

/// The character `%c` prints for an integer (U+FFFD when it is no code point).
fn char_of(u: u64) -> char {
    u32::try_from(u)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or('\u{fffd}')
}
