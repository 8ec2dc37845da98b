//! The strict RFC 4648 decoders that `jsonschema` uses for `contentEncoding`, as `data-encoding`
//! spells them (`BASE64.decode(bytes)`): padding required, no other character, and the bits
//! past the last whole byte must be zero — the rules `data-encoding`'s constants apply.
#![forbid(unsafe_code)]

use std::fmt;

/// One RFC 4648 encoding: its alphabet and bits per symbol (4, 5 or 6).
#[derive(Debug, Clone, Copy)]
pub struct Encoding {
    alphabet: &'static [u8],
    bits: u32,
}

/// Standard base64, padded.
pub const BASE64: Encoding = Encoding {
    alphabet: b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
    bits: 6,
};
/// URL-safe base64, padded.
pub const BASE64URL: Encoding = Encoding {
    alphabet: b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    bits: 6,
};
/// Base32, padded.
pub const BASE32: Encoding = Encoding {
    alphabet: b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    bits: 5,
};
/// Base32 with the extended hex alphabet, padded.
pub const BASE32HEX: Encoding = Encoding {
    alphabet: b"0123456789ABCDEFGHIJKLMNOPQRSTUV",
    bits: 5,
};
/// Upper-case hexadecimal.
pub const HEXUPPER: Encoding = Encoding {
    alphabet: b"0123456789ABCDEF",
    bits: 4,
};

/// Why a text is not in the encoding: the byte position where it stops being so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeError {
    /// The position of the first byte that does not fit.
    pub position: usize,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid input at {}", self.position)
    }
}

impl std::error::Error for DecodeError {}

impl Encoding {
    /// Symbols per block and bytes per block (base64 4→3, base32 8→5, hex 2→1).
    fn block(&self) -> (usize, usize) {
        match self.bits {
            6 => (4, 3),
            5 => (8, 5),
            _ => (2, 1),
        }
    }

    /// Decodes `input`, or says where it is not a canonical, padded text of this encoding.
    pub fn decode(&self, input: &[u8]) -> Result<Vec<u8>, DecodeError> {
        let (symbols, bytes) = self.block();
        if input.len() % symbols != 0 {
            return Err(DecodeError {
                position: input.len() - input.len() % symbols,
            });
        }
        let data = input.len() - input.iter().rev().take_while(|&&b| b == b'=').count();
        let pad = input.len() - data;
        // The symbol counts a last block may hold: the ones that end on a byte boundary.
        let tail = data % symbols;
        let whole = |n: usize| (n * self.bits as usize) / 8;
        if pad >= symbols || (tail != 0 && (whole(tail) * 8).div_ceil(self.bits as usize) != tail) {
            return Err(DecodeError { position: data });
        }
        let mut out = Vec::with_capacity(input.len() / symbols * bytes);
        let (mut acc, mut held) = (0u64, 0u32);
        for (position, &byte) in input[..data].iter().enumerate() {
            let value = self
                .alphabet
                .iter()
                .position(|&a| a == byte)
                .ok_or(DecodeError { position })?;
            acc = (acc << self.bits) | value as u64;
            held += self.bits;
            if held >= 8 {
                held -= 8;
                out.push((acc >> held) as u8);
                acc &= (1 << held) - 1;
            }
        }
        // Non-canonical: bits past the last byte that are not zero.
        if acc != 0 {
            return Err(DecodeError {
                position: data.saturating_sub(1),
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_rfc_4648_vectors_and_refuses_the_rest() {
        for (text, plain) in [("", ""), ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYmFy", "foobar")] {
            assert_eq!(BASE64.decode(text.as_bytes()).unwrap(), plain.as_bytes(), "{text}");
        }
        for (text, plain) in [("MY======", "f"), ("MZXQ====", "fo"), ("MZXW6===", "foo"), ("MZXW6YQ=", "foob"), ("MZXW6YTB", "fooba"), ("MZXW6YTBOI======", "foobar")] {
            assert_eq!(BASE32.decode(text.as_bytes()).unwrap(), plain.as_bytes(), "{text}");
        }
        assert_eq!(BASE32HEX.decode(b"CPNMU===").unwrap(), b"foo");
        assert_eq!(HEXUPPER.decode(b"666F6F").unwrap(), b"foo");
        assert_eq!(BASE64URL.decode(b"-_8=").unwrap(), [0xfb, 0xff]);
        for bad in ["Zg", "Zh==", "Zg=a", "Z===", "Zm9v\n", "-_8=", "Zg===="] {
            assert!(BASE64.decode(bad.as_bytes()).is_err(), "{bad}");
        }
        assert!(HEXUPPER.decode(b"666f6f").is_err());
        assert!(HEXUPPER.decode(b"666").is_err());
        assert!(BASE32.decode(b"MY=====").is_err());
        assert!(BASE32.decode(b"MZ======").is_err());
    }
}
