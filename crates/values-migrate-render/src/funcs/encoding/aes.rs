//! AES-256 (FIPS 197) in CBC mode, as Go's `crypto/aes` and `crypto/cipher` compute it for
//! sprig's `encryptAES` and `decryptAES`.

/// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        let carry = a & 0x80 != 0;
        a <<= 1;
        if carry {
            a ^= 0x1b;
        }
        b >>= 1;
    }
    p
}

/// The S-box and its inverse, computed from their definition.
fn sboxes() -> ([u8; 256], [u8; 256]) {
    let mut sbox = [0u8; 256];
    let mut inv = [0u8; 256];
    for x in 0..=255u8 {
        // x^254 is x's inverse (0 for 0).
        let mut y = 1u8;
        for _ in 0..254 {
            y = gf_mul(y, x);
        }
        let y = if x == 0 { 0 } else { y };
        let s =
            y ^ y.rotate_left(1) ^ y.rotate_left(2) ^ y.rotate_left(3) ^ y.rotate_left(4) ^ 0x63;
        sbox[usize::from(x)] = s;
        inv[usize::from(s)] = x;
    }
    (sbox, inv)
}

/// An expanded AES-256 key: 15 round keys of 16 bytes, and the S-boxes.
pub(crate) struct Aes256 {
    /// The round keys, in the state's byte order.
    round_keys: [[u8; 16]; 15],
    /// The S-box.
    sbox: [u8; 256],
    /// The inverse S-box.
    inv: [u8; 256],
}

impl Aes256 {
    /// The key schedule of a 32-byte key.
    pub(crate) fn new(key: &[u8; 32]) -> Aes256 {
        let (sbox, inv) = sboxes();
        let mut w = [[0u8; 4]; 60];
        for (i, word) in w.iter_mut().take(8).enumerate() {
            word.copy_from_slice(&key[4 * i..4 * i + 4]);
        }
        let mut rcon = 1u8;
        for i in 8..60 {
            let mut t = w[i - 1];
            if i % 8 == 0 {
                t = [
                    sbox[usize::from(t[1])] ^ rcon,
                    sbox[usize::from(t[2])],
                    sbox[usize::from(t[3])],
                    sbox[usize::from(t[0])],
                ];
                rcon = gf_mul(rcon, 2);
            } else if i % 8 == 4 {
                t = t.map(|b| sbox[usize::from(b)]);
            }
            for k in 0..4 {
                w[i][k] = w[i - 8][k] ^ t[k];
            }
        }
        let mut round_keys = [[0u8; 16]; 15];
        for (r, rk) in round_keys.iter_mut().enumerate() {
            for c in 0..4 {
                rk[4 * c..4 * c + 4].copy_from_slice(&w[4 * r + c]);
            }
        }
        Aes256 {
            round_keys,
            sbox,
            inv,
        }
    }

    /// One block enciphered.
    pub(crate) fn encrypt(&self, block: &mut [u8; 16]) {
        xor(block, &self.round_keys[0]);
        for round in 1..15 {
            for b in block.iter_mut() {
                *b = self.sbox[usize::from(*b)];
            }
            let old = *block;
            for (i, b) in block.iter_mut().enumerate() {
                let (r, c) = (i % 4, i / 4);
                *b = old[r + 4 * ((c + r) % 4)];
            }
            if round != 14 {
                mix(block, [2, 3, 1, 1]);
            }
            xor(block, &self.round_keys[round]);
        }
    }

    /// One block deciphered.
    pub(crate) fn decrypt(&self, block: &mut [u8; 16]) {
        xor(block, &self.round_keys[14]);
        for round in (0..14).rev() {
            let old = *block;
            for (i, b) in old.iter().enumerate() {
                let (r, c) = (i % 4, i / 4);
                block[r + 4 * ((c + r) % 4)] = *b;
            }
            for b in block.iter_mut() {
                *b = self.inv[usize::from(*b)];
            }
            xor(block, &self.round_keys[round]);
            if round != 0 {
                mix(block, [14, 11, 13, 9]);
            }
        }
    }
}

/// `block ^= key`.
fn xor(block: &mut [u8; 16], key: &[u8; 16]) {
    for (b, k) in block.iter_mut().zip(key) {
        *b ^= k;
    }
}

/// MixColumns (or its inverse) with the first row of the circulant matrix.
fn mix(block: &mut [u8; 16], row: [u8; 4]) {
    for c in 0..4 {
        let col = [
            block[4 * c],
            block[4 * c + 1],
            block[4 * c + 2],
            block[4 * c + 3],
        ];
        for r in 0..4 {
            block[4 * c + r] = (0..4).fold(0, |acc, k| acc ^ gf_mul(row[(k + 4 - r) % 4], col[k]));
        }
    }
}

/// CBC encryption of whole blocks after `iv`.
pub(crate) fn cbc_encrypt(aes: &Aes256, iv: &[u8; 16], data: &mut [u8]) {
    let mut prev = *iv;
    for chunk in data.chunks_exact_mut(16) {
        let mut block = [0u8; 16];
        block.copy_from_slice(chunk);
        xor(&mut block, &prev);
        aes.encrypt(&mut block);
        chunk.copy_from_slice(&block);
        prev = block;
    }
}

/// CBC decryption of whole blocks after `iv`.
pub(crate) fn cbc_decrypt(aes: &Aes256, iv: &[u8; 16], data: &mut [u8]) {
    let mut prev = *iv;
    for chunk in data.chunks_exact_mut(16) {
        let mut block = [0u8; 16];
        block.copy_from_slice(chunk);
        let cipher = block;
        aes.decrypt(&mut block);
        xor(&mut block, &prev);
        chunk.copy_from_slice(&block);
        prev = cipher;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::funcs::encoding::hex;

    #[test]
    fn fips_197_aes_256_vector() {
        let key: [u8; 32] = std::array::from_fn(|i| i as u8);
        let aes = Aes256::new(&key);
        let mut block: [u8; 16] = std::array::from_fn(|i| (i as u8) * 0x11);
        aes.encrypt(&mut block);
        assert_eq!(hex(&block), "8ea2b7ca516745bfeafc49904b496089");
        aes.decrypt(&mut block);
        assert_eq!(hex(&block), "00112233445566778899aabbccddeeff");
    }
}
