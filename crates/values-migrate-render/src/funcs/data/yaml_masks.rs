//! `fromYaml` of text holding masked spans. The YAML reader gives no positions, so the text is
//! read three times: as it is, and with every masked character (but a line's leading and
//! trailing blanks and its break) replaced by `q`, then by `z`. Keys, kinds, numbers and literals
//! must agree in the three readings (else the render is refused: they depend on random text); a
//! decoded string that differs between them is masked whole, one that agrees is kept as read.

use crate::func::{CallError, YamlReader};
use crate::value::{Mask, Str, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The deepest value compared (deeper is refused).
const MAX_DEPTH: usize = 1000;

/// The reader's answer for `text`, its strings made from masked text masked whole.
pub(super) fn read_masked(
    read: &YamlReader,
    text: &str,
    masks: &[Mask],
) -> Result<Result<Value, String>, CallError> {
    let Some(first) = masks.first() else {
        return Ok(read(text));
    };
    let from = first.from;
    let refuse = |what: &str| CallError::Unsupported(format!("{what} masked ({from}) text"));
    let plain = read(text).map_err(|_| refuse("a YAML error in text holding"))?;
    let q = read(&substitute(text, masks, 'q'));
    let z = read(&substitute(text, masks, 'z'));
    match (q, z) {
        (Ok(q), Ok(z)) => Ok(Ok(merge(&plain, &q, &z, from, 0)?)),
        _ => Err(refuse("YAML whose structure depends on")),
    }
}

/// The text with each masked character inside a line's blanks replaced by `fill` (but a block
/// scalar's header line).
pub(super) fn substitute(text: &str, masks: &[Mask], fill: char) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    let mut next = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r', ' ', '\t']);
        let lead = body.len() - body.trim_start_matches([' ', '\t']).len();
        let mut header = false;
        for (i, c) in line.char_indices() {
            let pos = at + i;
            while masks.get(next).is_some_and(|m| m.end <= pos) {
                next += 1;
            }
            let masked = masks.get(next).is_some_and(|m| m.start <= pos);
            // A block scalar's header (`|2-`) opening a masked span stays as written.
            header |= masks.get(next).is_some_and(|m| m.start == pos) && matches!(c, '|' | '>');
            out.push(if masked && !header && i >= lead && i < body.len() {
                fill
            } else {
                c
            });
        }
        at += line.len();
    }
    out
}

/// The first reading, checked against the other two: strings that differ masked whole.
fn merge(
    plain: &Value,
    q: &Value,
    z: &Value,
    from: &'static str,
    depth: usize,
) -> Result<Value, CallError> {
    let refuse = |what: &str| {
        Err(CallError::Unsupported(format!(
            "{what} masked ({from}) text"
        )))
    };
    if depth > MAX_DEPTH {
        return refuse("YAML nested too deep beside");
    }
    match (plain, q, z) {
        (Value::Str(p), Value::Str(a), Value::Str(b)) => {
            if p.text == a.text && p.text == b.text || p.text.is_empty() {
                return Ok(plain.clone());
            }
            let end = p.text.len();
            Ok(Value::Str(Str {
                text: p.text.clone(),
                masks: Some(Rc::new(vec![Mask {
                    start: 0,
                    end,
                    from,
                }])),
            }))
        }
        (Value::Map(p, kind), Value::Map(a, _), Value::Map(b, _)) => {
            let (p, a, b) = (p.borrow(), a.borrow(), b.borrow());
            if !p.keys().eq(a.keys()) || !p.keys().eq(b.keys()) {
                return refuse("a YAML key made of");
            }
            let mut out = BTreeMap::new();
            for ((key, pv), (av, bv)) in p.iter().zip(a.values().zip(b.values())) {
                out.insert(key.clone(), merge(pv, av, bv, from, depth + 1)?);
            }
            Ok(Value::Map(Rc::new(std::cell::RefCell::new(out)), *kind))
        }
        (Value::List(p, kind), Value::List(a, _), Value::List(b, _)) => {
            if p.len() != a.len() || p.len() != b.len() {
                return refuse("a YAML list shaped by");
            }
            let mut out = Vec::with_capacity(p.len());
            for (pv, (av, bv)) in p.iter().zip(a.iter().zip(b.iter())) {
                out.push(merge(pv, av, bv, from, depth + 1)?);
            }
            Ok(Value::List(Rc::new(out), *kind))
        }
        _ if same_scalar(plain, q) && same_scalar(plain, z) => Ok(plain.clone()),
        _ => refuse("a YAML kind, number or literal made of"),
    }
}

/// Whether two non-string scalars are the same value of the same kind.
fn same_scalar(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Nil, Value::Nil) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x, s), Value::Int(y, t)) => x == y && s == t,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_characters_are_replaced_inside_a_lines_blanks() {
        let text = "p: ab cd\n  ef\nk: v\n";
        // "ab cd\n  ef" masked: the break and the indent stay.
        let masks = [Mask {
            start: 3,
            end: 13,
            from: "randAscii",
        }];
        assert_eq!(substitute(text, &masks, 'q'), "p: qqqqq\n  qq\nk: v\n");
    }
}
