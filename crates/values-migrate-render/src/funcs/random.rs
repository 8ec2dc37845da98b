//! Sprig's random functions (`randAlphaNum`, `uuidv4`, `bcrypt`, `genCA`, …): Helm's output
//! differs run to run, so each result is made from the render's own random source and masked
//! whole (`from` = the function); deterministic ones that this port cannot compute are refused
//! (`derivePassword`, deterministic, is computed in `encoding`).

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::encoding::base64_encode;
use crate::funcs::strings::{Spliced, int, tainted, text};
use crate::value::{Object, Value};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("randAlphaNum", own(&[Param::Int], rand_alpha_num)),
    ("randAlpha", own(&[Param::Int], rand_alpha)),
    ("randNumeric", own(&[Param::Int], rand_numeric)),
    ("randAscii", own(&[Param::Int], rand_ascii)),
    ("randBytes", own(&[Param::Int], rand_bytes)),
    ("randInt", own(&[Param::Int, Param::Int], rand_int)),
    ("uuidv4", own(&[], uuidv4)),
    ("bcrypt", own(&[Param::Str], bcrypt)),
    ("htpasswd", own(&[Param::Str, Param::Str], htpasswd)),
    ("encryptAES", own(&[Param::Str, Param::Str], encrypt_aes)),
    ("getHostByName", own(&[Param::Str], refuse)),
    ("buildCustomCert", own(&[Param::Str, Param::Str], refuse)),
    ("genPrivateKey", own(&[Param::Str], gen_private_key)),
    ("genCA", own(&[Param::Str, Param::Int], gen_ca)),
    (
        "genCAWithKey",
        own(&[Param::Str, Param::Int, Param::Str], gen_ca_with_key),
    ),
    (
        "genSelfSignedCert",
        own(
            &[Param::Str, Param::List, Param::List, Param::Int],
            gen_self_signed,
        ),
    ),
    (
        "genSelfSignedCertWithKey",
        own(
            &[Param::Str, Param::List, Param::List, Param::Int, Param::Str],
            gen_self_signed_with_key,
        ),
    ),
    (
        "genSignedCert",
        own(
            &[Param::Str, Param::List, Param::List, Param::Int, Param::Any],
            gen_signed,
        ),
    ),
    (
        "genSignedCertWithKey",
        own(
            &[
                Param::Str,
                Param::List,
                Param::List,
                Param::Int,
                Param::Any,
                Param::Str,
            ],
            gen_signed_with_key,
        ),
    ),
];

/// The signature of a function's body.
type Body = fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>;

/// A function that masks its own result.
const fn own(params: &'static [Param], call: Body) -> Func {
    Func {
        params,
        variadic: None,
        spans: Spans::Own,
        call,
    }
}

/// A body for a function whose result this port cannot compute (deterministic, or unmaskable).
fn refuse(_: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Err(CallError::Unsupported(
        "a crypto or network function whose result this renderer cannot compute".to_string(),
    ))
}

/// `text` as one string masked whole, as made by `from`.
fn masked(text: &str, from: &'static str) -> Value {
    let mut out = Spliced::default();
    out.push(text);
    out.mask(0, from);
    out.finish()
}

/// `count` characters drawn from `alphabet`, charged to the budget first.
fn draw(ctx: &mut Ctx, count: i64, alphabet: &[u8]) -> Result<String, CallError> {
    let count = usize::try_from(count).unwrap_or(0);
    ctx.budget.alloc(count).map_err(CallError::Budget)?;
    let len = alphabet.len().max(1) as u64;
    Ok((0..count)
        .map(|_| {
            char::from(
                *alphabet
                    .get((ctx.random.next_u64() % len) as usize)
                    .unwrap_or(&b'x'),
            )
        })
        .collect())
}

/// Letters and digits.
const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `randAlphaNum N` (a negative count gives "", as goutils' error is dropped).
fn rand_alpha_num(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(masked(&draw(ctx, int(&args, 0), ALNUM)?, "randAlphaNum"))
}

/// `randAlpha N`.
fn rand_alpha(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(masked(
        &draw(ctx, int(&args, 0), &ALNUM[..52])?,
        "randAlpha",
    ))
}

/// `randNumeric N`.
fn rand_numeric(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(masked(
        &draw(ctx, int(&args, 0), &ALNUM[52..])?,
        "randNumeric",
    ))
}

/// `randAscii N`: printable ASCII (32 to 126).
fn rand_ascii(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let printable: Vec<u8> = (32u8..127).collect();
    Ok(masked(&draw(ctx, int(&args, 0), &printable)?, "randAscii"))
}

/// `randBytes N`: N random bytes in base64; a negative N is Go's `makeslice` panic.
fn rand_bytes(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let count = int(&args, 0);
    if count < 0 {
        return Err(CallError::Go(
            "runtime error: makeslice: len out of range".to_string(),
        ));
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    ctx.budget
        .alloc(count.saturating_mul(2))
        .map_err(CallError::Budget)?;
    let bytes: Vec<u8> = (0..count).map(|_| ctx.random.next_u64() as u8).collect();
    Ok(masked(&base64_encode(&bytes), "randBytes"))
}

/// `randInt`: refused, since an int cannot carry a masked span.
fn rand_int(_: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Err(CallError::Unsupported(
        "randInt (a random int cannot be masked in the output)".to_string(),
    ))
}

/// `uuidv4`: a random version-4 UUID.
fn uuidv4(ctx: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    let hex = crate::funcs::encoding::hex(&ctx.random.next_u64().to_be_bytes())
        + &crate::funcs::encoding::hex(&ctx.random.next_u64().to_be_bytes());
    let h = hex.as_bytes();
    let part =
        |a: usize, b: usize| String::from_utf8_lossy(h.get(a..b).unwrap_or(&[])).into_owned();
    let id = format!(
        "{}-{}-4{}-a{}-{}",
        part(0, 8),
        part(8, 12),
        part(13, 16),
        part(17, 20),
        part(20, 32)
    );
    Ok(masked(&id, "uuidv4"))
}

/// A bcrypt hash's shape (`$2a$10$` and 53 characters of bcrypt's alphabet), made at random.
fn bcrypt_text(ctx: &mut Ctx) -> Result<String, CallError> {
    let alphabet = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    Ok(format!("$2a$10${}", draw(ctx, 53, alphabet)?))
}

/// `bcrypt S`: a salted hash (random salt, so masked).
fn bcrypt(ctx: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Ok(masked(&bcrypt_text(ctx)?, "bcrypt"))
}

/// `htpasswd USER PASSWORD`: `USER:` and a masked bcrypt hash.
fn htpasswd(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let user = text(&args, 0);
    if let Some(from) = tainted(&args[..1.min(args.len())]) {
        let line = format!("{user}:{}", bcrypt_text(ctx)?);
        return Ok(masked(&line, from));
    }
    if user.contains(':') {
        return Ok(Value::str(format!("invalid username: {user}")));
    }
    let mut out = Spliced::default();
    out.push(user);
    out.push(":");
    let start = user.len() + 1;
    out.push(&bcrypt_text(ctx)?);
    out.mask(start, "htpasswd");
    Ok(out.finish())
}

/// `encryptAES PASSWORD TEXT`: AES-256-CBC under a random IV, in base64 (masked); "" stays "".
fn encrypt_aes(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let plain = text(&args, 1);
    if plain.is_empty() {
        return Ok(Value::str(""));
    }
    let pad = 16 - plain.len() % 16;
    ctx.budget
        .alloc((plain.len() + pad + 16) * 2)
        .map_err(CallError::Budget)?;
    let mut data = plain.as_bytes().to_vec();
    data.extend(std::iter::repeat_n(pad as u8, pad));
    let iv: [u8; 16] = std::array::from_fn(|_| ctx.random.next_u64() as u8);
    let cipher =
        crate::funcs::encoding::aes::Aes256::new(&crate::funcs::encoding::aes_key(text(&args, 0)));
    crate::funcs::encoding::aes::cbc_encrypt(&cipher, &iv, &mut data);
    let mut out = iv.to_vec();
    out.extend_from_slice(&data);
    Ok(masked(&base64_encode(&out), "encryptAES"))
}

/// A PEM block of `bytes` random bytes under `label`, as `pem.EncodeToMemory` lays it out.
fn pem(ctx: &mut Ctx, label: &str, bytes: usize) -> String {
    let der: Vec<u8> = (0..bytes).map(|_| ctx.random.next_u64() as u8).collect();
    let body = base64_encode(&der);
    let mut out = format!("-----BEGIN {label}-----\n");
    for line in body.as_bytes().chunks(64) {
        out.push_str(&String::from_utf8_lossy(line));
        out.push('\n');
    }
    out.push_str(&format!("-----END {label}-----\n"));
    out
}

/// `genPrivateKey TYPE`: a PEM key of the type (masked); an unknown type is Go's message.
fn gen_private_key(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (label, size) = match text(&args, 0) {
        "" | "rsa" => ("RSA PRIVATE KEY", 2349),
        "dsa" => ("DSA PRIVATE KEY", 856),
        "ecdsa" => ("EC PRIVATE KEY", 121),
        "ed25519" => ("PRIVATE KEY", 48),
        other => {
            let message = format!("Unknown type {other}");
            return Ok(match tainted(&args) {
                Some(from) => masked(&message, from),
                None => Value::str(message),
            });
        }
    };
    let key = pem(ctx, label, size);
    Ok(masked(&key, "genPrivateKey"))
}

/// Sprig's `certificate`: a PEM certificate and its key, both masked.
#[derive(Debug)]
struct Certificate {
    /// `.Cert`
    cert: Value,
    /// `.Key`
    key: Value,
}

impl Object for Certificate {
    fn type_name(&self) -> &'static str {
        "sprig.certificate"
    }

    fn field(&self, name: &str) -> Option<Value> {
        match name {
            "Cert" => Some(self.cert.clone()),
            "Key" => Some(self.key.clone()),
            _ => None,
        }
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        None
    }
}

/// A new certificate with an RSA 2048 key, masked as made by `from`.
fn certificate(ctx: &mut Ctx, from: &'static str) -> Value {
    let cert = pem(ctx, "CERTIFICATE", 800);
    let key = pem(ctx, "RSA PRIVATE KEY", 1190);
    Value::Object(Rc::new(Certificate {
        cert: masked(&cert, from),
        key: masked(&key, from),
    }))
}

/// Sprig's checks of the IP and DNS lists (Go's errors for what is not a string or an IP).
fn check_names(args: &[Value]) -> Result<(), CallError> {
    if let Some(Value::List(ips, _)) = args.get(1) {
        for ip in ips.iter() {
            let Value::Str(s) = ip else {
                let shown = crate::funcs::convert::to_string(ip)?;
                return Err(CallError::Go(format!(
                    "error parsing ip: {shown} is not a string"
                )));
            };
            check_ip(&s.text)?;
        }
    }
    if let Some(Value::List(names, _)) = args.get(2) {
        if let Some(name) = names.iter().find(|n| !matches!(n, Value::Str(_))) {
            let shown = crate::funcs::convert::to_string(name)?;
            return Err(CallError::Go(format!(
                "error processing alternate dns name: {shown} is not a string"
            )));
        }
    }
    Ok(())
}

/// Go's `net.ParseIP` for plain dotted IPv4 and IPv6; other spellings are refused.
fn check_ip(s: &str) -> Result<(), CallError> {
    let parts: Vec<&str> = s.split('.').collect();
    let v4 = parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        });
    if v4 || (s.contains(':') && s.parse::<std::net::Ipv6Addr>().is_ok()) {
        return Ok(());
    }
    if s.bytes().all(|b| b.is_ascii_digit() || b == b'.') && !s.is_empty() {
        return Err(CallError::Go(format!("error parsing ip: {s}")));
    }
    Err(CallError::Unsupported(format!(
        "an IP address spelled {s:?} in a certificate"
    )))
}

/// `genCA CN DAYS`: a new CA certificate (masked).
fn gen_ca(ctx: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Ok(certificate(ctx, "genCA"))
}

/// `genSelfSignedCert CN IPS DNS DAYS`: a new self-signed certificate (masked).
fn gen_self_signed(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    check_names(&args)?;
    Ok(certificate(ctx, "genSelfSignedCert"))
}

/// `genSignedCert CN IPS DNS DAYS CA`: a certificate signed by a CA that `genCA` made (masked).
fn gen_signed(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let from_gen =
        matches!(args.get(4), Some(Value::Object(o)) if o.type_name() == "sprig.certificate");
    if !from_gen {
        return Err(CallError::Unsupported(
            "genSignedCert with a CA that genCA did not make".to_string(),
        ));
    }
    check_names(&args)?;
    Ok(certificate(ctx, "genSignedCert"))
}

/// The key argument at `i` when `genPrivateKey` made it (masked), which Helm always parses;
/// a key a chart supplies is refused (its parse errors are not ported).
fn generated_key(args: &[Value], i: usize, name: &str) -> Result<Value, CallError> {
    match args.get(i) {
        Some(key @ Value::Str(s)) if s.masks.is_some() => Ok(key.clone()),
        _ => Err(CallError::Unsupported(format!(
            "{name} with a key that genPrivateKey did not make"
        ))),
    }
}

/// A new certificate (masked) over a generated key.
fn certificate_with_key(ctx: &mut Ctx, key: Value, from: &'static str) -> Value {
    let cert = pem(ctx, "CERTIFICATE", 800);
    Value::Object(Rc::new(Certificate {
        cert: masked(&cert, from),
        key,
    }))
}

/// `genCAWithKey CN DAYS KEY`.
fn gen_ca_with_key(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let key = generated_key(&args, 2, "genCAWithKey")?;
    Ok(certificate_with_key(ctx, key, "genCAWithKey"))
}

/// `genSelfSignedCertWithKey CN IPS DNS DAYS KEY`.
fn gen_self_signed_with_key(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let key = generated_key(&args, 4, "genSelfSignedCertWithKey")?;
    check_names(&args)?;
    Ok(certificate_with_key(ctx, key, "genSelfSignedCertWithKey"))
}

/// `genSignedCertWithKey CN IPS DNS DAYS CA KEY`.
fn gen_signed_with_key(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let from_gen =
        matches!(args.get(4), Some(Value::Object(o)) if o.type_name() == "sprig.certificate");
    if !from_gen {
        return Err(CallError::Unsupported(
            "genSignedCertWithKey with a CA that genCA did not make".to_string(),
        ));
    }
    let key = generated_key(&args, 5, "genSignedCertWithKey")?;
    check_names(&args)?;
    Ok(certificate_with_key(ctx, key, "genSignedCertWithKey"))
}
