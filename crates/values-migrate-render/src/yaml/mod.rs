//! Helm's YAML output byte for byte: sigs.k8s.io/yaml's `Marshal` (Go's `json.Marshal`, then
//! yaml.v2 reading that JSON back and writing it with its emitter, keys in yaml.v2's order), and
//! yaml.v3's `Encoder` with indent 2 (Helm 4's `toYamlPretty`), which writes the values as they are.

mod emit;
mod resolve;

use crate::func::CallError;
use crate::gofmt::strconv::format_float;
use crate::value::{Mask, Value};
use emit::{Emitter, Node, Style};
use resolve::Number;

/// sigs.k8s.io/yaml's `Marshal`: the document yaml.v2 writes, ending in a newline.
pub fn to_yaml(v: &Value) -> Result<String, CallError> {
    to_yaml_masked(v).map(|(out, _)| out)
}

/// `to_yaml` and the masked spans of its output (each masked string's scalar, masked whole).
pub fn to_yaml_masked(v: &Value) -> Result<(String, Vec<Mask>), CallError> {
    // The JSON step runs first: its errors (NaN, infinities) come before any of yaml.v2's.
    if let Err(err) = crate::json::marshal(v, true) {
        return Err(match err {
            CallError::Go(message) => {
                CallError::Go(format!("error marshaling into JSON: {message}"))
            }
            other => other,
        });
    }
    let mut found = Found::default();
    read_back(v, &mut found);
    found.verdict()?;
    let node = to_node(v)?;
    let mut emitter = Emitter::new(false);
    emitter.document(&node);
    Ok((emitter.out, emitter.masks))
}

/// yaml.v3's `Encoder` with `SetIndent(2)`: the document it writes, ending in a newline.
pub fn to_yaml_v3(v: &Value) -> Result<String, CallError> {
    to_yaml_v3_masked(v).map(|(out, _)| out)
}

/// `to_yaml_v3` and the masked spans of its output.
pub fn to_yaml_v3_masked(v: &Value) -> Result<(String, Vec<Mask>), CallError> {
    let mut walk = V3 {
        open: Vec::new(),
        bytes: 0,
    };
    let node = walk.node(v, 0)?;
    let mut emitter = Emitter::new(true);
    emitter.document(&node);
    Ok((emitter.out, emitter.masks))
}

/// The most scalar text one yaml.v3 document holds (a value's shared parts can make it huge).
const MAX_V3_BYTES: usize = 64 << 20;

/// yaml.v3's encoder over a value: the maps open on the way down, the text made so far.
struct V3 {
    open: Vec<*const ()>,
    bytes: usize,
}

impl V3 {
    /// The node yaml.v3 makes of a value: floats as `%g`, strings styled as yaml.v2 styles them.
    fn node(&mut self, v: &Value, depth: u32) -> Result<Node, CallError> {
        if depth > 1000 {
            return Err(CallError::Unsupported(
                "YAML of a value nested more than 1000 deep".to_string(),
            ));
        }
        let node = match v {
            Value::Nil => Node::Scalar("null".to_string(), Style::Plain),
            Value::Bool(b) => Node::Scalar(b.to_string(), Style::Plain),
            Value::Int(n, _) => Node::Scalar(n.to_string(), Style::Plain),
            Value::Float(f) => {
                let text = match format_float(*f, b'g', -1).as_str() {
                    "+Inf" => ".inf".to_string(),
                    "-Inf" => "-.inf".to_string(),
                    "NaN" => ".nan".to_string(),
                    other => other.to_string(),
                };
                Node::Scalar(text, Style::Plain)
            }
            Value::Str(s) => masked_node(s),
            Value::List(items, _) => {
                let mut nodes = Vec::with_capacity(items.len());
                for item in items.iter() {
                    nodes.push(self.node(item, depth + 1)?);
                }
                Node::Seq(nodes)
            }
            Value::Map(map, _) => self.map(map, depth)?,
            Value::Object(o) => {
                return Err(CallError::Unsupported(format!(
                    "YAML of a {}",
                    o.type_name()
                )));
            }
        };
        let scalar = match &node {
            Node::Masked(inner, _) => inner.as_ref(),
            other => other,
        };
        if let Node::Scalar(text, _) = scalar {
            self.bytes += text.len() + 8;
            if self.bytes > MAX_V3_BYTES {
                return Err(CallError::Budget(
                    "YAML made more text than the render's budget allows".to_string(),
                ));
            }
        }
        Ok(node)
    }

    /// A map's entries in yaml.v3's key order; a map that holds itself is refused.
    fn map(&mut self, map: &crate::value::MapRef, depth: u32) -> Result<Node, CallError> {
        let ptr = std::rc::Rc::as_ptr(map) as *const ();
        if self.open.contains(&ptr) {
            return Err(CallError::Unsupported(
                "YAML of a map that holds itself".to_string(),
            ));
        }
        self.open.push(ptr);
        let map = map.borrow();
        let keys = sorted_keys(map.keys().map(String::as_str).collect(), true)?;
        let mut entries = Vec::with_capacity(keys.len());
        for key in keys {
            let item = map.get(key).unwrap_or(&Value::Nil);
            entries.push((string_node(key), self.node(item, depth + 1)?));
        }
        self.open.pop();
        Ok(Node::Map(entries))
    }
}

/// A string as yaml.v2's and yaml.v3's encoders style it (their quoting rules agree).
fn string_node(s: &str) -> Node {
    let style = if s.contains('\n') {
        Style::Literal
    } else if resolve::is_plain_string(s) {
        Style::Plain
    } else {
        Style::Double
    };
    Node::Scalar(s.to_string(), style)
}

/// A string's node, wrapped as masked when the string holds a masked span.
fn masked_node(s: &crate::value::Str) -> Node {
    let node = string_node(&s.text);
    match s.masks.as_ref().and_then(|m| m.first()) {
        Some(m) => Node::Masked(Box::new(node), m.from),
        None => node,
    }
}

/// The node yaml.v2 makes of the value's JSON (the JSON step already refused what it cannot hold).
fn to_node(v: &Value) -> Result<Node, CallError> {
    let node = match v {
        Value::Nil => Node::Scalar("null".to_string(), Style::Plain),
        Value::Bool(b) => Node::Scalar(b.to_string(), Style::Plain),
        Value::Int(n, _) => number(&n.to_string()),
        Value::Float(f) => number(&crate::json::float_text(*f)),
        Value::Str(s) if s.text.contains('\u{85}') => {
            let folded = fold_nel(&s.text).map_err(|_| {
                CallError::Unsupported("YAML of a NEL before a document marker".to_string())
            })?;
            masked_node(&crate::value::Str {
                text: folded.into(),
                masks: s.masks.clone(),
            })
        }
        Value::Str(s) => masked_node(s),
        Value::List(..) if v.is_nil_list() => Node::Scalar("null".to_string(), Style::Plain),
        Value::Map(..) if v.is_nil_map() => Node::Scalar("null".to_string(), Style::Plain),
        Value::List(items, _) => {
            let mut nodes = Vec::with_capacity(items.len());
            for item in items.iter() {
                nodes.push(to_node(item)?);
            }
            Node::Seq(nodes)
        }
        Value::Map(map, _) => {
            let map = map.borrow();
            let keys = sorted_keys(map.keys().map(String::as_str).collect(), false)?;
            let mut entries = Vec::with_capacity(keys.len());
            for key in keys {
                let item = map.get(key).unwrap_or(&Value::Nil);
                entries.push((string_node(key), to_node(item)?));
            }
            Node::Map(entries)
        }
        Value::Object(o) => {
            return Err(CallError::Unsupported(format!(
                "YAML of a {}",
                o.type_name()
            )));
        }
    };
    Ok(node)
}

/// A string as yaml.v2 reads it back from the JSON text when it holds a raw NEL (JSON escapes
/// every other break and the tab): libyaml's double-quoted scanner takes the NEL as a line
/// break, drops the spaces around it and folds one break to a space, `n` breaks to `n - 1`
/// newlines. `---` or `...` and a blank right after a break is its error: `Err` holds the
/// number of NELs up to there.
fn fold_nel(text: &str) -> Result<String, usize> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut seen = 0;
    while !rest.is_empty() {
        let run = rest.find([' ', '\u{85}']).unwrap_or(rest.len());
        out.push_str(rest.get(..run).unwrap_or(""));
        rest = rest.get(run..).unwrap_or("");
        let blanks = rest.len() - rest.trim_start_matches([' ', '\u{85}']).len();
        let (run, after) = rest.split_at(blanks);
        rest = after;
        let breaks = run.matches('\u{85}').count();
        seen += breaks;
        if breaks == 0 {
            out.push_str(run);
            continue;
        }
        if run.ends_with('\u{85}') && starts_document_marker(rest) {
            return Err(seen);
        }
        match breaks {
            1 => out.push(' '),
            n => out.push_str(&"\n".repeat(n - 1)),
        }
    }
    Ok(out)
}

/// Whether the text starts with `---` or `...` and a blank (libyaml's `is_blankz` there: a
/// space or a NEL; the closing quote is none).
fn starts_document_marker(text: &str) -> bool {
    (text.starts_with("---") || text.starts_with("..."))
        && text
            .get(3..)
            .is_some_and(|t| t.starts_with([' ', '\u{85}']))
}

/// A number as yaml.v2 reads JSON's text for it and writes it back.
fn number(json_text: &str) -> Node {
    let text = match resolve::json_number(json_text) {
        Number::Int(n) => n.to_string(),
        Number::Uint(n) => n.to_string(),
        Number::Float(f) => format_float(f, b'g', -1),
    };
    Node::Scalar(text, Style::Plain)
}

/// What stops yaml.v2 reading back the JSON text: characters its reader refuses, a raw NEL
/// (a line break inside a quoted scalar: folded in a value, refused in a key or beside another
/// error), a key too long to be a simple key.
#[derive(Default)]
struct Found {
    control: bool,
    nel: bool,
    nel_key: bool,
    long_key: bool,
    /// The NELs of the JSON text so far (each starts a line for yaml.v2's reader).
    lines: usize,
    /// The line of the first document marker after a NEL (yaml.v2's scanner error).
    marker: Option<usize>,
}

impl Found {
    /// The error yaml.v2 reports (both errors at once depend on its reader's chunks: refused).
    fn verdict(&self) -> Result<(), CallError> {
        let refuse = |why: &str| Err(CallError::Unsupported(why.to_string()));
        if self.nel_key {
            return refuse("YAML of a map key holding U+0085 (NEL)");
        }
        match (self.control, self.nel, self.long_key) {
            (true, true, _) | (_, true, true) => {
                refuse("YAML of a string holding U+0085 (NEL) beside another error")
            }
            (true, _, true) => {
                refuse("YAML of control characters beside a key over 1022 characters")
            }
            (false, true, false) => match self.marker {
                Some(line) => Err(CallError::Go(format!(
                    "yaml: line {line}: found unexpected document indicator"
                ))),
                None => Ok(()),
            },
            (true, _, _) => Err(CallError::Go(
                "yaml: control characters are not allowed".to_string(),
            )),
            (_, _, true) => Err(CallError::Go(
                "yaml: did not find expected ',' or '}'".to_string(),
            )),
            _ => Ok(()),
        }
    }

    /// A string of the JSON text (`key`: a map key, which must stay a simple key).
    fn string(&mut self, s: &str, key: bool) {
        let mut len = 2;
        for c in s.chars() {
            // yaml.v2's reader refuses these raw; JSON writes them raw (below 0x20 it escapes them).
            self.control |= matches!(c as u32, 0x7f..=0x84 | 0x86..=0x9f | 0xfffe..=0xffff);
            self.nel |= c == '\u{85}';
            self.nel_key |= key && c == '\u{85}';
            len += match c {
                '"' | '\\' | '\u{8}' | '\u{c}' | '\n' | '\r' | '\t' => 2,
                '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => 6,
                c if (c as u32) < 0x20 => 6,
                _ => 1,
            };
        }
        if s.contains('\u{85}') {
            if let Err(seen) = fold_nel(s) {
                self.marker = self.marker.or(Some(self.lines + seen + 1));
            }
            self.lines += s.matches('\u{85}').count();
        }
        // A simple key goes stale 1024 characters past its start.
        self.long_key |= key && len > 1024;
    }
}

/// Walks every string of the value as yaml.v2 reads the JSON text of it.
fn read_back(v: &Value, found: &mut Found) {
    match v {
        Value::Str(s) => found.string(&s.text, false),
        Value::List(items, _) => items.iter().for_each(|item| read_back(item, found)),
        Value::Map(map, _) => {
            for (key, item) in map.borrow().iter() {
                found.string(key, true);
                read_back(item, found);
            }
        }
        _ => {}
    }
}

/// Map keys in yaml.v2's (or yaml.v3's) `keyList` order; refused where that order is not total.
fn sorted_keys(mut keys: Vec<&str>, v3: bool) -> Result<Vec<&str>, CallError> {
    let runes: Vec<Vec<char>> = keys.iter().map(|k| k.chars().collect()).collect();
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| {
        if key_less(&runes[a], &runes[b], v3) {
            std::cmp::Ordering::Less
        } else if key_less(&runes[b], &runes[a], v3) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    let any_digit = keys
        .iter()
        .any(|k| k.chars().any(|c| c.is_ascii_digit() || !c.is_ascii()));
    if any_digit && order.len() > 1 {
        // Go's unstable sort agrees with this one only when the order is total: check every pair.
        if order.len() > 2000 {
            return Err(CallError::Unsupported(
                "YAML of a map of more than 2000 keys with digits".to_string(),
            ));
        }
        for (i, &a) in order.iter().enumerate() {
            for &b in order.iter().skip(i + 1) {
                if !key_less(&runes[a], &runes[b], v3) || key_less(&runes[b], &runes[a], v3) {
                    return Err(CallError::Unsupported(
                        "YAML of map keys yaml.v2 cannot order".to_string(),
                    ));
                }
            }
        }
    }
    let sorted = order.iter().map(|&i| keys[i]).collect();
    keys.clear();
    Ok(sorted)
}

/// yaml.v2's `keyList.Less` for two string keys: letters after the rest, runs of digits by
/// value (`v3`: after a run of digits, a letter comes first).
fn key_less(a: &[char], b: &[char], v3: bool) -> bool {
    use values_migrate_unicode::{is_digit, is_letter};
    let mut i = 0;
    let mut digits = false;
    while i < a.len() && i < b.len() {
        let (ac, bc) = (a[i], b[i]);
        if ac == bc {
            digits = is_digit(ac);
            i += 1;
            continue;
        }
        let (al, bl) = (is_letter(ac), is_letter(bc));
        if al && bl {
            return ac < bc;
        }
        if al || bl {
            return if v3 && digits { al } else { bl };
        }
        let (mut an, mut bn): (i64, i64) = (0, 0);
        if ac == '0' || bc == '0' {
            let mut j = i;
            while j > 0 && is_digit(a[j - 1]) {
                j -= 1;
                if a[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < a.len() && is_digit(a[ai]) {
            an = an
                .wrapping_mul(10)
                .wrapping_add(i64::from(a[ai] as u32) - i64::from(b'0'));
            ai += 1;
        }
        let mut bi = i;
        while bi < b.len() && is_digit(b[bi]) {
            bn = bn
                .wrapping_mul(10)
                .wrapping_add(i64::from(b[bi] as u32) - i64::from(b'0'));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ac < bc;
    }
    a.len() < b.len()
}
