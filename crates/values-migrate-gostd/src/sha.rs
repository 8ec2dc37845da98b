//! SHA-1, SHA-256 and SHA-512 (FIPS 180-4), as Go's `crypto/sha1`, `sha256` and `sha512` compute them.

/// The message padded to whole blocks of `block` bytes, its bit length in `len_bytes` big-endian bytes.
fn pad(data: &[u8], block: usize, len_bytes: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    out.push(0x80);
    while out.len() % block != block - len_bytes {
        out.push(0);
    }
    let bits = (data.len() as u128).wrapping_mul(8).to_be_bytes();
    out.extend_from_slice(&bits[16 - len_bytes..]);
    out
}

/// SHA-1's digest.
pub fn sha1(data: &[u8]) -> Vec<u8> {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    for block in pad(data, 64, 8).chunks(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(*wi);
            (e, d, c, b, a) = (d, c, b.rotate_left(30), a, t);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().flat_map(|x| x.to_be_bytes()).collect()
}

/// SHA-256's round constants.
const K256: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// One SHA-2 digest function (FIPS 180-4 §6.2 and §6.4: the same rounds over 32- or 64-bit
/// words, with their own rotations): its name, word, block and length bytes, round constants,
/// initial hash, and the rotations of σ0, σ1 (with their shifts), Σ1 and Σ0.
macro_rules! sha2 {
    ($name:ident, $word:ty, $block:expr, $len:expr, $k:expr, $h:expr,
     σ0: $a0:expr, $a1:expr, $a2:expr; σ1: $b0:expr, $b1:expr, $b2:expr;
     Σ1: $c0:expr, $c1:expr, $c2:expr; Σ0: $d0:expr, $d1:expr, $d2:expr) => {
        /// The digest, as Go's `crypto/sha256` or `crypto/sha512` computes it.
        pub fn $name(data: &[u8]) -> Vec<u8> {
            const BYTES: usize = <$word>::BITS as usize / 8;
            let mut h: [$word; 8] = $h;
            for block in pad(data, $block, $len).chunks($block) {
                let mut w = [0; $k.len()];
                for (i, word) in block.chunks(BYTES).enumerate() {
                    let mut bytes = [0u8; BYTES];
                    bytes.copy_from_slice(word);
                    w[i] = <$word>::from_be_bytes(bytes);
                }
                for i in 16..w.len() {
                    let s0 = w[i - 15].rotate_right($a0)
                        ^ w[i - 15].rotate_right($a1)
                        ^ (w[i - 15] >> $a2);
                    let s1 =
                        w[i - 2].rotate_right($b0) ^ w[i - 2].rotate_right($b1) ^ (w[i - 2] >> $b2);
                    w[i] = w[i - 16]
                        .wrapping_add(s0)
                        .wrapping_add(w[i - 7])
                        .wrapping_add(s1);
                }
                let mut v = h;
                for (k, wi) in $k.iter().zip(w.iter()) {
                    let [a, b, c, d, e, f, g, hh] = v;
                    let s1 = e.rotate_right($c0) ^ e.rotate_right($c1) ^ e.rotate_right($c2);
                    let ch = (e & f) ^ (!e & g);
                    let t1 = hh
                        .wrapping_add(s1)
                        .wrapping_add(ch)
                        .wrapping_add(*k)
                        .wrapping_add(*wi);
                    let s0 = a.rotate_right($d0) ^ a.rotate_right($d1) ^ a.rotate_right($d2);
                    let maj = (a & b) ^ (a & c) ^ (b & c);
                    v = [
                        t1.wrapping_add(s0.wrapping_add(maj)),
                        a,
                        b,
                        c,
                        d.wrapping_add(t1),
                        e,
                        f,
                        g,
                    ];
                }
                for (x, y) in h.iter_mut().zip(v) {
                    *x = x.wrapping_add(y);
                }
            }
            h.iter().flat_map(|x| x.to_be_bytes()).collect()
        }
    };
}

sha2!(sha256, u32, 64, 8, K256, [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
], σ0: 7, 18, 3; σ1: 17, 19, 10; Σ1: 6, 11, 25; Σ0: 2, 13, 22);

/// SHA-512's round constants.
const K512: [u64; 80] = [
    0x428a2f98d728ae22,
    0x7137449123ef65cd,
    0xb5c0fbcfec4d3b2f,
    0xe9b5dba58189dbbc,
    0x3956c25bf348b538,
    0x59f111f1b605d019,
    0x923f82a4af194f9b,
    0xab1c5ed5da6d8118,
    0xd807aa98a3030242,
    0x12835b0145706fbe,
    0x243185be4ee4b28c,
    0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f,
    0x80deb1fe3b1696b1,
    0x9bdc06a725c71235,
    0xc19bf174cf692694,
    0xe49b69c19ef14ad2,
    0xefbe4786384f25e3,
    0x0fc19dc68b8cd5b5,
    0x240ca1cc77ac9c65,
    0x2de92c6f592b0275,
    0x4a7484aa6ea6e483,
    0x5cb0a9dcbd41fbd4,
    0x76f988da831153b5,
    0x983e5152ee66dfab,
    0xa831c66d2db43210,
    0xb00327c898fb213f,
    0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2,
    0xd5a79147930aa725,
    0x06ca6351e003826f,
    0x142929670a0e6e70,
    0x27b70a8546d22ffc,
    0x2e1b21385c26c926,
    0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df,
    0x650a73548baf63de,
    0x766a0abb3c77b2a8,
    0x81c2c92e47edaee6,
    0x92722c851482353b,
    0xa2bfe8a14cf10364,
    0xa81a664bbc423001,
    0xc24b8b70d0f89791,
    0xc76c51a30654be30,
    0xd192e819d6ef5218,
    0xd69906245565a910,
    0xf40e35855771202a,
    0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8,
    0x1e376c085141ab53,
    0x2748774cdf8eeb99,
    0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63,
    0x4ed8aa4ae3418acb,
    0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc,
    0x78a5636f43172f60,
    0x84c87814a1f0ab72,
    0x8cc702081a6439ec,
    0x90befffa23631e28,
    0xa4506cebde82bde9,
    0xbef9a3f7b2c67915,
    0xc67178f2e372532b,
    0xca273eceea26619c,
    0xd186b8c721c0c207,
    0xeada7dd6cde0eb1e,
    0xf57d4f7fee6ed178,
    0x06f067aa72176fba,
    0x0a637dc5a2c898a6,
    0x113f9804bef90dae,
    0x1b710b35131c471b,
    0x28db77f523047d84,
    0x32caab7b40c72493,
    0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6,
    0x597f299cfc657e2a,
    0x5fcb6fab3ad6faec,
    0x6c44198c4a475817,
];

sha2!(sha512, u64, 128, 16, K512, [
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
], σ0: 1, 8, 7; σ1: 19, 61, 6; Σ1: 14, 18, 41; Σ0: 28, 34, 39);

/// A digest as lowercase hex digits, as Go's `hex.EncodeToString` writes it.
pub fn hex(digest: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(digest.len() * 2);
    for &b in digest {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{hex, sha1, sha256, sha512};

    /// FIPS 180-4's examples: "abc" and the empty message.
    #[test]
    fn digests_of_the_standard_examples() {
        assert_eq!(
            hex(&sha1(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(&sha512(b"abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        );
    }
}
