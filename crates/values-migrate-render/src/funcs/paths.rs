//! Sprig v3.3's path functions: Go's `path` (`base`, `dir`, `clean`, `ext`, `isAbs`) and
//! `path/filepath` as it is on Linux, where Helm runs (`osBase`, `osDir`, `osClean`, `osExt`,
//! `osIsAbs`: the same rules with `/`), and sprig's `urlParse` and `urlJoin` over Go's `net/url`.

use std::collections::BTreeMap;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::lists::{NIL_DEREF, arg};
use crate::funcs::reflect::kind_of;
use crate::value::Value;
use values_migrate_gostd::url;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("base", path_fn(fn_base)),
    ("dir", path_fn(fn_dir)),
    ("clean", path_fn(fn_clean)),
    ("ext", path_fn(fn_ext)),
    ("isAbs", path_fn(fn_is_abs)),
    ("osBase", path_fn(fn_base)),
    ("osDir", path_fn(fn_dir)),
    ("osClean", path_fn(fn_clean)),
    ("osExt", path_fn(fn_ext)),
    ("osIsAbs", path_fn(fn_is_abs)),
    (
        "urlParse",
        Func {
            params: &[Param::Str],
            variadic: None,
            spans: Spans::Own,
            call: fn_url_parse,
        },
    ),
    (
        "urlJoin",
        Func {
            params: &[Param::Map],
            variadic: None,
            spans: Spans::Whole,
            call: fn_url_join,
        },
    ),
];

/// A function of one string whose result the evaluator masks whole when the path is masked.
const fn path_fn(call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>) -> Func {
    Func {
        params: &[Param::Str],
        variadic: None,
        spans: Spans::Whole,
        call,
    }
}

/// The path argument's text.
fn path_arg(args: &[Value]) -> &str {
    arg(args, 0).as_str().unwrap_or("")
}

/// `base`: Go's `path.Base`.
fn fn_base(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(base(path_arg(&args))))
}

/// `dir`: Go's `path.Dir`.
fn fn_dir(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(dir(path_arg(&args))))
}

/// `clean`: Go's `path.Clean`.
fn fn_clean(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(clean(path_arg(&args))))
}

/// `ext`: Go's `path.Ext`.
fn fn_ext(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(ext(path_arg(&args))))
}

/// `isAbs`: Go's `path.IsAbs`.
fn fn_is_abs(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(path_arg(&args).starts_with('/')))
}

/// Go's `path.Base`: the last element, trailing slashes dropped; `.` for "" and `/` for slashes.
pub fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let path = path.trim_end_matches('/');
    let last = match path.rfind('/') {
        Some(i) => &path[i + 1..],
        None => path,
    };
    if last.is_empty() {
        "/".to_string()
    } else {
        last.to_string()
    }
}

/// Go's `path.Dir`: everything before the last slash, cleaned.
pub fn dir(path: &str) -> String {
    let head = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    clean(head)
}

/// Go's `path.Ext`: the suffix from the last dot of the last element, or "".
pub fn ext(path: &str) -> String {
    for (i, c) in path.bytes().enumerate().rev() {
        match c {
            b'/' => break,
            b'.' => return path[i..].to_string(),
            _ => {}
        }
    }
    String::new()
}

/// Go's `path.Clean`: the shortest equivalent path (no `//`, `.`, or `..` that can be resolved).
pub fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let bytes = path.as_bytes();
    let rooted = bytes.first() == Some(&b'/');
    let n = bytes.len();
    let mut out: Vec<u8> = Vec::with_capacity(n);
    let (mut r, mut dotdot) = (0, 0);
    if rooted {
        out.push(b'/');
        (r, dotdot) = (1, 1);
    }
    let at = |i: usize| bytes.get(i).copied();
    while r < n {
        let sep_at = |i: usize| i == n || at(i) == Some(b'/');
        if at(r) == Some(b'/') || (at(r) == Some(b'.') && sep_at(r + 1)) {
            // An empty element or `.`.
            r += 1;
        } else if at(r) == Some(b'.') && at(r + 1) == Some(b'.') && sep_at(r + 2) {
            r += 2;
            if out.len() > dotdot {
                // Back to the last slash after `dotdot`, the slash dropped too.
                let mut w = out.len() - 1;
                while w > dotdot && out.get(w) != Some(&b'/') {
                    w -= 1;
                }
                out.truncate(w);
            } else if !rooted {
                if !out.is_empty() {
                    out.push(b'/');
                }
                out.extend_from_slice(b"..");
                dotdot = out.len();
            }
        } else {
            if (rooted && out.len() != 1) || (!rooted && !out.is_empty()) {
                out.push(b'/');
            }
            while r < n && at(r) != Some(b'/') {
                out.extend(at(r));
                r += 1;
            }
        }
    }
    if out.is_empty() {
        return ".".to_string();
    }
    // Only whole elements between slashes are kept, so the bytes stay UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Bytes that Go holds as a string, as our string (a cut through a character is refused).
fn utf8(bytes: Vec<u8>, what: &str) -> Result<String, CallError> {
    String::from_utf8(bytes)
        .map_err(|_| CallError::Unsupported(format!("{what} that is not UTF-8 once unescaped")))
}

/// `urlParse`: Go's `url.Parse` as a dict of `scheme`, `host`, `hostname`, `path`, `query`,
/// `opaque`, `fragment` and `userinfo`.
fn fn_url_parse(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let raw = arg(&args, 0);
    if raw.is_masked() {
        // Which parts come from the masked span is not tracked through the unescaping.
        return Err(CallError::Unsupported(
            "urlParse of random or clock output".to_string(),
        ));
    }
    let text = raw.as_str().unwrap_or("");
    let parsed = url::parse(text.as_bytes()).map_err(|e| url_error("unable to parse url", e))?;
    let userinfo = parsed
        .user
        .as_ref()
        .map(url::user_string)
        .unwrap_or_default();
    let parts: [(&str, Vec<u8>); 8] = [
        ("scheme", parsed.scheme.clone()),
        ("host", parsed.host.clone()),
        ("hostname", url::hostname(&parsed.host).to_vec()),
        ("path", parsed.path),
        ("query", parsed.raw_query),
        ("opaque", parsed.opaque),
        ("fragment", parsed.fragment),
        ("userinfo", userinfo),
    ];
    let mut dict = BTreeMap::new();
    for (key, bytes) in parts {
        dict.insert(key.to_string(), Value::str(utf8(bytes, "a URL's part")?));
    }
    Ok(Value::map(dict))
}

/// Sprig's panic for a URL Go cannot parse.
fn url_error(words: &str, error: String) -> CallError {
    CallError::Go(format!("{words}: {error}"))
}

/// Sprig's `dictGetOrEmpty`: the string at a key, "" when missing, an error for another kind.
fn url_part(d: &BTreeMap<String, Value>, key: &str) -> Result<Vec<u8>, CallError> {
    match d.get(key) {
        None => Ok(Vec::new()),
        Some(Value::Str(s)) => Ok(s.text.as_bytes().to_vec()),
        Some(Value::Nil) => Err(CallError::Go(NIL_DEREF.to_string())),
        Some(other) => Err(CallError::Go(format!(
            "unable to parse {key} key, must be of type string, but {} found",
            kind_of(other)?
        ))),
    }
}

/// `urlJoin`: Go's `URL.String` of a dict's `scheme`, `host`, `path`, `query`, `opaque`,
/// `fragment` and `userinfo`.
fn fn_url_join(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let Value::Map(map, _) = arg(&args, 0) else {
        return Ok(Value::str(""));
    };
    let d = map
        .try_borrow()
        .map_err(|_| CallError::Unsupported("a map read while it is being written".to_string()))?;
    let mut joined = url::Url {
        scheme: url_part(&d, "scheme")?,
        host: url_part(&d, "host")?,
        path: url_part(&d, "path")?,
        raw_query: url_part(&d, "query")?,
        opaque: url_part(&d, "opaque")?,
        fragment: url_part(&d, "fragment")?,
        user: None,
        raw_path: Vec::new(),
    };
    let userinfo = url_part(&d, "userinfo")?;
    if !userinfo.is_empty() {
        let mut raw = b"proto://".to_vec();
        raw.extend(&userinfo);
        raw.extend(b"@host");
        let parsed =
            url::parse(&raw).map_err(|e| url_error("unable to parse userinfo in dict", e))?;
        joined.user = parsed.user;
    }
    Ok(Value::str(utf8(url::to_string(&joined), "a joined URL")?))
}
