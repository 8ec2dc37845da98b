//! Sprig's encodings and digests: `b64enc`/`b64dec`, `b32enc`/`b32dec` (Go's standard
//! encodings and their error words), `sha1sum`, `sha256sum`, `sha512sum`, `adler32sum`.

pub(crate) mod aes;
mod scrypt;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::strings::text;
use crate::value::Value;
use values_migrate_gostd::sha;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("b64enc", func(b64enc)),
    ("b64dec", func(b64dec)),
    ("b32enc", func(b32enc)),
    ("b32dec", func(b32dec)),
    ("sha1sum", func(sha1sum)),
    ("sha256sum", func(sha256sum)),
    ("sha512sum", func(sha512sum)),
    ("adler32sum", func(adler32sum)),
    (
        "decryptAES",
        Func {
            params: &[Param::Str, Param::Str],
            variadic: None,
            spans: Spans::Own,
            call: decrypt_aes,
        },
    ),
    (
        "derivePassword",
        Func {
            params: &[Param::Int, Param::Str, Param::Str, Param::Str, Param::Str],
            variadic: None,
            spans: Spans::Whole,
            call: derive_password,
        },
    ),
];

/// A function of one string whose result the evaluator masks whole.
const fn func(call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>) -> Func {
    Func {
        params: &[Param::Str],
        variadic: None,
        spans: Spans::Whole,
        call,
    }
}

/// The standard base64 alphabet.
const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The standard base32 alphabet.
const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// Go's `base64.StdEncoding.EncodeToString`.
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(B64[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Go's `CorruptInputError` message.
fn corrupt(at: usize) -> String {
    format!("illegal base64 data at input byte {at}")
}

/// The value of a base64 character, if it is one.
fn b64_value(c: u8) -> Option<u32> {
    B64.iter().position(|x| *x == c).map(|v| v as u32)
}

/// Go's `base64.StdEncoding.DecodeString`: the bytes, or Go's error message.
pub fn base64_decode(src: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let (next, done) = decode_quantum(src, si, &mut out)?;
        si = next;
        if done {
            break;
        }
    }
    Ok(out)
}

/// Go's `decodeQuantum`: one group of four characters (newlines skipped); whether input ended.
fn decode_quantum(src: &[u8], mut si: usize, out: &mut Vec<u8>) -> Result<(usize, bool), String> {
    let mut buf = [0u32; 4];
    let mut len = 4;
    let mut j = 0;
    while j < 4 {
        let Some(&c) = src.get(si) else {
            if j == 0 {
                return Ok((si, true));
            }
            return Err(corrupt(si - j));
        };
        si += 1;
        if let Some(v) = b64_value(c) {
            buf[j] = v;
            j += 1;
            continue;
        }
        if c == b'\n' || c == b'\r' {
            continue;
        }
        if c != b'=' || j < 2 {
            return Err(corrupt(si - 1));
        }
        if j == 2 {
            while matches!(src.get(si), Some(b'\n' | b'\r')) {
                si += 1;
            }
            match src.get(si) {
                None => return Err(corrupt(src.len())),
                Some(b'=') => si += 1,
                Some(_) => return Err(corrupt(si - 1)),
            }
        }
        while matches!(src.get(si), Some(b'\n' | b'\r')) {
            si += 1;
        }
        if si < src.len() {
            return Err(corrupt(si));
        }
        len = j;
        break;
    }
    let n = (buf[0] << 18) | (buf[1] << 12) | (buf[2] << 6) | buf[3];
    let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
    out.extend_from_slice(bytes.get(..len - 1).unwrap_or(&[]));
    Ok((si, len < 4))
}

/// Go's `base32.StdEncoding.EncodeToString`.
pub fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    for chunk in bytes.chunks(5) {
        let mut block = [0u8; 5];
        block[..chunk.len()].copy_from_slice(chunk);
        let n = block.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
        let chars = (chunk.len() * 8).div_ceil(5);
        for i in 0..8 {
            if i < chars {
                out.push(char::from(B32[((n >> (35 - 5 * i)) & 31) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Go's `base32.StdEncoding.DecodeString` for well-formed input (newlines ignored); `None`
/// for input Go rejects (its error offsets are not ported).
pub fn base32_decode(src: &str) -> Option<Vec<u8>> {
    let clean: Vec<u8> = src.bytes().filter(|b| *b != b'\n' && *b != b'\r').collect();
    if clean.len() % 8 != 0 {
        return None;
    }
    let mut out = Vec::new();
    let groups = clean.len() / 8;
    for (g, group) in clean.chunks(8).enumerate() {
        let data = group.iter().take_while(|b| **b != b'=').count();
        let padded = group.get(data..).unwrap_or(&[]);
        if !padded.iter().all(|b| *b == b'=') || (data < 8 && g + 1 != groups) {
            return None;
        }
        let bytes = match data {
            8 => 5,
            7 => 4,
            5 => 3,
            4 => 2,
            2 => 1,
            _ => return None,
        };
        let mut n = 0u64;
        for (i, c) in group.iter().enumerate() {
            let v = if i < data {
                B32.iter().position(|x| x == c)? as u64
            } else {
                0
            };
            n = (n << 5) | v;
        }
        let block = n.to_be_bytes();
        out.extend_from_slice(block.get(3..3 + bytes)?);
    }
    Some(out)
}

/// Decoded bytes as a string, refused when they are not UTF-8 (Go's strings hold any bytes).
fn decoded(name: &str, bytes: Vec<u8>) -> Result<Value, CallError> {
    String::from_utf8(bytes)
        .map(Value::str)
        .map_err(|_| CallError::Unsupported(format!("{name} of bytes that are not UTF-8")))
}

/// `b64enc`.
fn b64enc(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = base64_encode(text(&args, 0).as_bytes());
    ctx.budget.alloc(out.len()).map_err(CallError::Budget)?;
    Ok(Value::str(out))
}

/// `b64dec`: the decoded text, or Go's error message as the result.
fn b64dec(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    match base64_decode(text(&args, 0).as_bytes()) {
        Ok(bytes) => decoded("b64dec", bytes),
        Err(message) => Ok(Value::str(message)),
    }
}

/// `b32enc`.
fn b32enc(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = base32_encode(text(&args, 0).as_bytes());
    ctx.budget.alloc(out.len()).map_err(CallError::Budget)?;
    Ok(Value::str(out))
}

/// `b32dec`: the decoded text; malformed input is refused (Go's error offsets are not ported).
fn b32dec(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    match base32_decode(text(&args, 0)) {
        Some(bytes) => decoded("b32dec", bytes),
        None => Err(CallError::Unsupported(
            "b32dec of malformed base32".to_string(),
        )),
    }
}

pub use sha::hex;

/// `sha1sum`: the hex SHA-1.
fn sha1sum(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(hex(&sha::sha1(text(&args, 0).as_bytes()))))
}

/// `sha256sum`: the hex SHA-256.
fn sha256sum(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(hex(&sha::sha256(text(&args, 0).as_bytes()))))
}

/// `sha512sum`: the hex SHA-512.
fn sha512sum(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(hex(&sha::sha512(text(&args, 0).as_bytes()))))
}

/// `adler32sum`: the Adler-32 checksum in decimal.
fn adler32sum(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (mut a, mut b) = (1u32, 0u32);
    for byte in text(&args, 0).bytes() {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    Ok(Value::str(((b << 16) | a).to_string()))
}

/// The Master Password templates of each password type.
fn password_templates(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "maximum" => &["anoxxxxxxxxxxxxxxxxx", "axxxxxxxxxxxxxxxxxno"],
        "long" => &[
            "CvcvnoCvcvCvcv",
            "CvcvCvcvnoCvcv",
            "CvcvCvcvCvcvno",
            "CvccnoCvcvCvcv",
            "CvccCvcvnoCvcv",
            "CvccCvcvCvcvno",
            "CvcvnoCvccCvcv",
            "CvcvCvccnoCvcv",
            "CvcvCvccCvcvno",
            "CvcvnoCvcvCvcc",
            "CvcvCvcvnoCvcc",
            "CvcvCvcvCvccno",
            "CvccnoCvccCvcv",
            "CvccCvccnoCvcv",
            "CvccCvccCvcvno",
            "CvcvnoCvccCvcc",
            "CvcvCvccnoCvcc",
            "CvcvCvccCvccno",
            "CvccnoCvcvCvcc",
            "CvccCvcvnoCvcc",
            "CvccCvcvCvccno",
        ],
        "medium" => &["CvcnoCvc", "CvcCvcno"],
        "short" => &["Cvcn"],
        "basic" => &["aaanaaan", "aannaaan", "aaannaaa"],
        "pin" => &["nnnn"],
        _ => return None,
    })
}

/// The characters a template letter stands for.
fn template_characters(c: u8) -> &'static [u8] {
    match c {
        b'V' => b"AEIOU",
        b'C' => b"BCDFGHJKLMNPQRSTVWXYZ",
        b'v' => b"aeiou",
        b'c' => b"bcdfghjklmnpqrstvwxyz",
        b'A' => b"AEIOUBCDFGHJKLMNPQRSTVWXYZ",
        b'a' => b"AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz",
        b'n' => b"0123456789",
        b'o' => b"@&%?,=[]_:-+*$#!'^~;()/.",
        _ => b"AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()",
    }
}

/// The evaluation steps one scrypt derivation is charged (it takes 32 MiB and ~2M Salsa cores).
const SCRYPT_STEPS: u64 = 1_000_000;

/// `derivePassword COUNTER TYPE PASSWORD USER SITE`: sprig's Master Password algorithm.
fn derive_password(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let counter = match args.first() {
        Some(Value::Int(n, _)) => u32::try_from(*n).map_err(|_| {
            CallError::Unsupported("derivePassword with a counter outside uint32".to_string())
        })?,
        _ => 0,
    };
    let kind = text(&args, 1);
    let Some(templates) = password_templates(kind) else {
        return Ok(Value::str(format!("cannot find password template {kind}")));
    };
    let (password, user, site) = (text(&args, 2), text(&args, 3), text(&args, 4));
    ctx.budget.steps = ctx.budget.steps.checked_sub(SCRYPT_STEPS).ok_or_else(|| {
        CallError::Budget("the render took more steps than its budget allows".to_string())
    })?;
    let seed_text = b"com.lyndir.masterpassword";
    let mut salt = seed_text.to_vec();
    salt.extend_from_slice(&(user.len() as u32).to_be_bytes());
    salt.extend_from_slice(user.as_bytes());
    let key = scrypt::scrypt(password.as_bytes(), &salt, 32_768, 8, 2, 64);
    let mut message = seed_text.to_vec();
    message.extend_from_slice(&(site.len() as u32).to_be_bytes());
    message.extend_from_slice(site.as_bytes());
    message.extend_from_slice(&counter.to_be_bytes());
    let seed = scrypt::hmac_sha256(&key, &message);
    let template = templates[usize::from(seed[0]) % templates.len()];
    let out: String = template
        .bytes()
        .zip(seed.iter().skip(1))
        .map(|(c, s)| {
            let chars = template_characters(c);
            char::from(chars[usize::from(*s) % chars.len()])
        })
        .collect();
    Ok(Value::str(out))
}

/// The AES-256 key sprig makes of a password: its bytes, cut or zero-padded to 32.
pub(crate) fn aes_key(password: &str) -> [u8; 32] {
    let mut key = [0u8; 32];
    for (k, b) in key.iter_mut().zip(password.bytes()) {
        *k = b;
    }
    key
}

/// `decryptAES PASSWORD BASE64`: sprig's AES-256-CBC decryption, Go's panics as errors; masked
/// whole (and its errors refused) when an argument holds random or clock text.
fn decrypt_aes(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let taint = crate::funcs::strings::tainted(&args);
    let fail = |message: String| match taint {
        Some(from) => CallError::Unsupported(format!("an error quoting {from}'s output")),
        None => CallError::Go(message),
    };
    let crypt64 = text(&args, 1);
    if crypt64.is_empty() {
        return Ok(Value::str(""));
    }
    let crypt = base64_decode(crypt64.as_bytes()).map_err(&fail)?;
    let Some((iv, body)) = crypt.split_first_chunk::<16>() else {
        // Go slices the decoded buffer, whose capacity is `DecodedLen` of the input.
        return Err(fail(format!(
            "runtime error: slice bounds out of range [:16] with capacity {}",
            crypt64.len() / 4 * 3
        )));
    };
    if body.len() % 16 != 0 {
        return Err(fail("crypto/cipher: input not full blocks".to_string()));
    }
    let mut plain = body.to_vec();
    let cipher = aes::Aes256::new(&aes_key(text(&args, 0)));
    aes::cbc_decrypt(&cipher, iv, &mut plain);
    let Some(&pad) = plain.last() else {
        return Err(fail("runtime error: index out of range [-1]".to_string()));
    };
    let Some(keep) = plain.len().checked_sub(usize::from(pad)) else {
        let cut = plain.len() as i64 - i64::from(pad);
        return Err(fail(format!(
            "runtime error: slice bounds out of range [:{cut}]"
        )));
    };
    plain.truncate(keep);
    let out = decoded("decryptAES", plain)?;
    Ok(match (taint, out) {
        (Some(from), Value::Str(s)) if !s.text.is_empty() => {
            let mut spliced = crate::funcs::strings::Spliced::default();
            spliced.push(&s.text);
            spliced.mask(0, from);
            spliced.finish()
        }
        (_, out) => out,
    })
}
