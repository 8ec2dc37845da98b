//! HMAC-SHA256, PBKDF2 and scrypt (RFC 7914), as golang.org/x/crypto computes them for sprig's
//! `derivePassword`.

use super::sha::sha256;

/// HMAC-SHA256 of `message` under `key`.
pub(crate) fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut block = if key.len() > 64 {
        sha256(key)
    } else {
        key.to_vec()
    };
    block.resize(64, 0);
    let mut inner: Vec<u8> = block.iter().map(|b| b ^ 0x36).collect();
    inner.extend_from_slice(message);
    let mut outer: Vec<u8> = block.iter().map(|b| b ^ 0x5c).collect();
    outer.extend_from_slice(&sha256(&inner));
    sha256(&outer)
}

/// PBKDF2-HMAC-SHA256 with one iteration (all scrypt asks of it).
fn pbkdf2_once(password: &[u8], salt: &[u8], len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 32);
    let mut i: u32 = 1;
    while out.len() < len {
        let mut message = salt.to_vec();
        message.extend_from_slice(&i.to_be_bytes());
        out.extend_from_slice(&hmac_sha256(password, &message));
        i += 1;
    }
    out.truncate(len);
    out
}

/// Salsa20's double round: (target, addend, addend, rotation) for each step.
#[rustfmt::skip]
const QUARTER_ROUNDS: [(usize, usize, usize, u32); 32] = [
    (4, 0, 12, 7), (8, 4, 0, 9), (12, 8, 4, 13), (0, 12, 8, 18),
    (9, 5, 1, 7), (13, 9, 5, 9), (1, 13, 9, 13), (5, 1, 13, 18),
    (14, 10, 6, 7), (2, 14, 10, 9), (6, 2, 14, 13), (10, 6, 2, 18),
    (3, 15, 11, 7), (7, 3, 15, 9), (11, 7, 3, 13), (15, 11, 7, 18),
    (1, 0, 3, 7), (2, 1, 0, 9), (3, 2, 1, 13), (0, 3, 2, 18),
    (6, 5, 4, 7), (7, 6, 5, 9), (4, 7, 6, 13), (5, 4, 7, 18),
    (11, 10, 9, 7), (8, 11, 10, 9), (9, 8, 11, 13), (10, 9, 8, 18),
    (12, 15, 14, 7), (13, 12, 15, 9), (14, 13, 12, 13), (15, 14, 13, 18),
];

/// The Salsa20/8 core over one 16-word block, in place.
fn salsa8(b: &mut [u32; 16]) {
    let mut x = *b;
    for _ in 0..4 {
        for &(a, c, d, s) in &QUARTER_ROUNDS {
            x[a] ^= x[c].wrapping_add(x[d]).rotate_left(s);
        }
    }
    for (out, x) in b.iter_mut().zip(x) {
        *out = out.wrapping_add(x);
    }
}

/// scrypt's `BlockMix` with Salsa20/8 over `2r` blocks of 16 words.
fn block_mix(input: &[u32], out: &mut [u32], r: usize) {
    let mut x = [0u32; 16];
    x.copy_from_slice(&input[(2 * r - 1) * 16..2 * r * 16]);
    for i in 0..2 * r {
        for (xw, bw) in x.iter_mut().zip(&input[i * 16..i * 16 + 16]) {
            *xw ^= bw;
        }
        salsa8(&mut x);
        let at = (i / 2 + (i % 2) * r) * 16;
        out[at..at + 16].copy_from_slice(&x);
    }
}

/// scrypt's `ROMix` of one `128r`-byte block with cost `n`.
fn ro_mix(block: &mut [u8], n: usize, r: usize) {
    let words = 32 * r;
    let mut x: Vec<u32> = block
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut v = vec![0u32; n * words];
    let mut y = vec![0u32; words];
    for i in 0..n {
        v[i * words..(i + 1) * words].copy_from_slice(&x);
        block_mix(&x, &mut y, r);
        std::mem::swap(&mut x, &mut y);
    }
    for _ in 0..n {
        let j = x[(2 * r - 1) * 16] as usize & (n - 1);
        for (xw, vw) in x.iter_mut().zip(&v[j * words..(j + 1) * words]) {
            *xw ^= vw;
        }
        block_mix(&x, &mut y, r);
        std::mem::swap(&mut x, &mut y);
    }
    for (chunk, w) in block.chunks_mut(4).zip(x) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
}

/// scrypt's key (`n` a power of two).
pub(crate) fn scrypt(
    password: &[u8],
    salt: &[u8],
    n: usize,
    r: usize,
    p: usize,
    len: usize,
) -> Vec<u8> {
    let mut b = pbkdf2_once(password, salt, p * 128 * r);
    for block in b.chunks_mut(128 * r) {
        ro_mix(block, n, r);
    }
    pbkdf2_once(password, &b, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::funcs::encoding::hex;

    #[test]
    fn rfc_7914_first_vector() {
        let key = scrypt(b"", b"", 16, 1, 1, 64);
        assert_eq!(
            hex(&key),
            "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442\
             fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
        );
    }

    #[test]
    fn rfc_4231_hmac_sha256() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            hex(&mac),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
