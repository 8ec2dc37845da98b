//! Go's builtin template functions (`text/template`'s `funcs.go`): `not`, `len`, `index`, the
//! comparisons with Go's `basicKind` rules, `print`/`printf`/`println`, and the
//! escapers `html`, `js`, `urlquery`.

use super::args::{Sig, Ty};
use super::state::Held;
use crate::budget::Budget;
use crate::func::{CallError, Param};
use crate::value::{ElemType, IntType, MapType, Value};

/// One of Go's builtins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    And,
    Or,
    Not,
    Len,
    Index,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Print,
    Printf,
    Println,
    Html,
    Js,
    Urlquery,
    Call,
}

const R: Ty = Ty::Reflect;

impl Builtin {
    /// The builtin of that name.
    pub(crate) fn find(name: &str) -> Option<Builtin> {
        Some(match name {
            "and" => Builtin::And,
            "or" => Builtin::Or,
            "not" => Builtin::Not,
            "len" => Builtin::Len,
            "index" => Builtin::Index,
            "eq" => Builtin::Eq,
            "ne" => Builtin::Ne,
            "lt" => Builtin::Lt,
            "le" => Builtin::Le,
            "gt" => Builtin::Gt,
            "ge" => Builtin::Ge,
            "print" => Builtin::Print,
            "printf" => Builtin::Printf,
            "println" => Builtin::Println,
            "html" => Builtin::Html,
            "js" => Builtin::Js,
            "urlquery" => Builtin::Urlquery,
            "call" => Builtin::Call,
            _ => return None,
        })
    }

    /// The builtin's Go signature.
    pub(crate) fn sig(self) -> Sig {
        match self {
            Builtin::And | Builtin::Or | Builtin::Index | Builtin::Eq => Sig::of(&[R], Some(R)),
            Builtin::Not | Builtin::Len => Sig::of(&[R], None),
            Builtin::Ne | Builtin::Lt | Builtin::Le | Builtin::Gt | Builtin::Ge => {
                Sig::of(&[R, R], None)
            }
            Builtin::Print | Builtin::Println | Builtin::Html | Builtin::Js | Builtin::Urlquery => {
                Sig::of(&[], Some(Ty::Any))
            }
            Builtin::Printf => Sig::of(&[Ty::Go(Param::Str)], Some(Ty::Any)),
            Builtin::Call => Sig::of(&[R], Some(R)),
        }
    }

    /// Whether a string result made from masked arguments is masked as a whole.
    pub(crate) fn masks_whole(self) -> bool {
        matches!(
            self,
            Builtin::Print
                | Builtin::Printf
                | Builtin::Println
                | Builtin::Html
                | Builtin::Js
                | Builtin::Urlquery
        )
    }
}

/// Calls a builtin (`and` and `or` are evaluated by the caller, which short-circuits them).
pub(crate) fn call(b: Builtin, budget: &mut Budget, args: Vec<Held>) -> Result<Held, CallError> {
    let values = || args.iter().map(|h| h.value.clone()).collect::<Vec<_>>();
    let first = args.first().cloned().unwrap_or(Held::new(Value::Nil));
    let second = args.get(1).cloned().unwrap_or(Held::new(Value::Nil));
    let rest = args.get(1..).unwrap_or(&[]);
    let result = match b {
        Builtin::And | Builtin::Or => Err(CallError::Unsupported("and/or as a value".into())),
        Builtin::Not => Ok(Value::Bool(!first.value.truth())),
        Builtin::Len => len(&first).map(Value::int),
        Builtin::Index => return index(first, rest),
        Builtin::Eq => eq(&first.value, rest).map(Value::Bool),
        Builtin::Ne => eq(&first.value, rest).map(|e| Value::Bool(!e)),
        Builtin::Lt => lt(&first.value, &second.value).map(Value::Bool),
        Builtin::Le => le(&first.value, &second.value).map(Value::Bool),
        Builtin::Gt => le(&first.value, &second.value).map(|x| Value::Bool(!x)),
        Builtin::Ge => lt(&first.value, &second.value).map(|x| Value::Bool(!x)),
        Builtin::Print => text(budget, crate::gofmt::sprint(&values())?),
        Builtin::Println => text(budget, crate::gofmt::sprintln(&values())?),
        Builtin::Printf => {
            let all = values();
            let format = all
                .first()
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            text(
                budget,
                crate::gofmt::sprintf(&format, all.get(1..).unwrap_or(&[]))?,
            )
        }
        Builtin::Html => text(budget, html(&eval_args(&values())?)),
        Builtin::Js => text(budget, js(&eval_args(&values())?)),
        Builtin::Urlquery => text(budget, query_escape(&eval_args(&values())?)),
        Builtin::Call => Err(CallError::Unsupported("call (no function values)".into())),
    };
    result.map(Held::new)
}

/// A made string, charged to the budget.
fn text(budget: &mut Budget, s: String) -> Result<Value, CallError> {
    budget.alloc(s.len()).map_err(CallError::Budget)?;
    Ok(Value::str(s))
}

/// Go's `evalArgs`: one string argument as it is, else `fmt.Sprint` of them after
/// `printableValue` (which makes a nil `<no value>`).
fn eval_args(args: &[Value]) -> Result<String, CallError> {
    match args {
        [Value::Str(s)] => Ok(s.text.to_string()),
        _ => {
            let printable: Vec<Value> = args
                .iter()
                .map(|a| match a {
                    Value::Nil => Value::str("<no value>"),
                    other => other.clone(),
                })
                .collect();
            crate::gofmt::sprint(&printable)
        }
    }
}

/// Go's `length`.
fn len(item: &Held) -> Result<i64, CallError> {
    let n = match &item.value {
        Value::Nil if item.boxed => return Err(CallError::Go("len of nil pointer".into())),
        Value::Nil => {
            return Err(CallError::Go(
                "reflect: call of reflect.Value.Type on zero Value".into(),
            ));
        }
        Value::Str(s) => s.text.len(),
        Value::List(items, _) => items.len(),
        Value::Map(map, _) => map.borrow().len(),
        // A map or slice type with methods (`.Files`, `.Capabilities.APIVersions`).
        Value::Object(o) if o.entries().is_some() => o.entries().map_or(0, |e| e.len()),
        // Go names the struct behind the pointer, which an object does not say.
        Value::Object(_) => return Err(CallError::Unsupported("len of an object".into())),
        other => return Err(CallError::Go(format!("len of type {}", other.type_name()))),
    };
    Ok(i64::try_from(n).unwrap_or(i64::MAX))
}

/// Go's `indexArg`: an integer index within `cap`.
fn index_arg(index: &Value, cap: usize) -> Result<usize, CallError> {
    let x = match index {
        Value::Int(n, IntType::Uint64) if *n < 0 => {
            return Err(CallError::Unsupported("an index above 2^63".into()));
        }
        Value::Int(n, _) => *n,
        Value::Nil => return Err(CallError::Go("cannot index slice/array with nil".into())),
        other => {
            return Err(CallError::Go(format!(
                "cannot index slice/array with type {}",
                other.type_name()
            )));
        }
    };
    match usize::try_from(x) {
        Ok(i) if i <= cap => Ok(i),
        _ => Err(CallError::Go(format!("index out of range: {x}"))),
    }
}

/// Go's `index`: `x[1][2]` through slices and maps.
fn index(item: Held, indexes: &[Held]) -> Result<Held, CallError> {
    if matches!(item.value, Value::Nil) {
        return Err(CallError::Go("index of untyped nil".into()));
    }
    let mut item = Held::new(item.value);
    for index in indexes {
        item = match &item.value {
            Value::Nil => return Err(CallError::Go("index of nil pointer".into())),
            Value::List(items, elem) => {
                let i = index_arg(&index.value, items.len())?;
                let Some(value) = items.get(i).cloned() else {
                    return Err(CallError::Go("reflect: slice index out of range".into()));
                };
                Held {
                    value,
                    boxed: *elem == ElemType::Any,
                    origin: None,
                }
            }
            Value::Map(map, kind) => {
                let key = match &index.value {
                    Value::Str(s) => s.text.clone(),
                    Value::Nil => {
                        return Err(CallError::Go(
                            "value is nil; should be of type string".into(),
                        ));
                    }
                    other => {
                        return Err(CallError::Go(format!(
                            "value has type {}; should be string",
                            other.type_name()
                        )));
                    }
                };
                let found = map.borrow().get(&*key).cloned();
                match (found, kind) {
                    (Some(value), MapType::Any | MapType::Values) => Held {
                        value,
                        boxed: true,
                        origin: None,
                    },
                    (Some(value), MapType::String) => Held::new(value),
                    (None, MapType::Any | MapType::Values) => Held {
                        value: Value::Nil,
                        boxed: true,
                        origin: None,
                    },
                    (None, MapType::String) => Held::new(Value::str("")),
                }
            }
            // A string's byte, a `uint8` (the evaluator refuses one read from masked text).
            Value::Str(s) => {
                let i = index_arg(&index.value, s.text.len())?;
                let Some(byte) = s.text.as_bytes().get(i) else {
                    return Err(CallError::Go("reflect: string index out of range".into()));
                };
                Held::new(Value::Int(i64::from(*byte), IntType::Uint8))
            }
            Value::Object(object) => Held::new(index_object(&**object, &index.value)?),
            other => {
                return Err(CallError::Go(format!(
                    "can't index item of type {}",
                    other.type_name()
                )));
            }
        };
    }
    Ok(item)
}

/// Go's `index` of a map or slice type with methods (`.Files`, `.Capabilities.APIVersions`):
/// a map's value by its string key (a missing one is the map's zero element), or a slice's
/// string element.
fn index_object(object: &dyn crate::value::Object, key: &Value) -> Result<Value, CallError> {
    let refuse = |what: &str| {
        Err(CallError::Unsupported(format!(
            "index of {} with {what}",
            object.type_name()
        )))
    };
    let Some(entries) = object.entries() else {
        return Err(CallError::Go(format!(
            "can't index item of type {}",
            object.type_name()
        )));
    };
    let found = entries.into_iter().find(|(k, _)| match (k, key) {
        (Value::Str(a), Value::Str(b)) => a.text == b.text,
        (Value::Int(a, _), Value::Int(b, _)) => a == b,
        _ => false,
    });
    match (found, key) {
        // A byte of `[]byte` is typed `uint8` exactly.
        (
            Some((_, value @ (Value::Str(_) | Value::Object(_) | Value::Int(_, IntType::Uint8)))),
            _,
        ) => Ok(value),
        (Some(_), _) => refuse("an element of a numeric type"),
        // A missing key reads the map's zero element, which a field of that name gives
        // unless the name is one of the type's methods.
        (None, Value::Str(s)) if object.params(&s.text).is_none() => match object.field(&s.text) {
            Some(value @ Value::Object(_)) => Ok(value),
            _ => refuse("a missing key"),
        },
        (None, _) => refuse("this key"),
    }
}

/// Go's `basicKind` classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Invalid,
    Bool,
    Int,
    Float,
    String,
    Uint,
}

/// Go's `basicKind` of a value.
fn basic_kind(value: &Value) -> Kind {
    match value {
        Value::Bool(_) => Kind::Bool,
        Value::Int(_, IntType::Uint | IntType::Uint64 | IntType::Uint8) => Kind::Uint,
        Value::Int(..) => Kind::Int,
        Value::Float(_) => Kind::Float,
        Value::Str(_) => Kind::String,
        _ => Kind::Invalid,
    }
}

/// The integer as Go's `Uint()` reads a `uint64` held in an `i64`.
fn as_u64(n: i64) -> u64 {
    n as u64
}

/// Go's `eq`: true if the first argument equals any of the others.
fn eq(arg1: &Value, others: &[Held]) -> Result<bool, CallError> {
    if others.is_empty() {
        return Err(CallError::Go("missing argument for comparison".into()));
    }
    let k1 = basic_kind(arg1);
    for other in others {
        let arg = &other.value;
        let k2 = basic_kind(arg);
        let truth = match (arg1, arg) {
            _ if k1 != k2 => match (k1, k2, arg1, arg) {
                (Kind::Int, Kind::Uint, Value::Int(a, _), Value::Int(b, _)) => {
                    *a >= 0 && as_u64(*a) == as_u64(*b)
                }
                (Kind::Uint, Kind::Int, Value::Int(a, _), Value::Int(b, _)) => {
                    *b >= 0 && as_u64(*a) == as_u64(*b)
                }
                _ if !matches!(arg1, Value::Nil) && !matches!(arg, Value::Nil) => {
                    return Err(CallError::Go(format!(
                        "incompatible types for comparison: {} and {}",
                        arg1.type_name(),
                        arg.type_name()
                    )));
                }
                _ => false,
            },
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Int(a, _), Value::Int(b, _)) => a == b,
            (Value::Str(a), Value::Str(b)) => a.text == b.text,
            (Value::Nil, Value::Nil) => true,
            // A nil against a map, a slice or an object: only nil equals nil.
            (Value::Nil, _) | (_, Value::Nil) => false,
            _ => return Err(non_comparable(arg1, arg)),
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Go's error for `eq` of two maps or slices (neither comparable in Go).
fn non_comparable(arg1: &Value, arg: &Value) -> CallError {
    let same_kind = matches!(
        (arg1, arg),
        (Value::Map(..), Value::Map(..)) | (Value::List(..), Value::List(..))
    );
    let nillable = |v: &Value| matches!(v, Value::Map(..) | Value::List(..));
    if !nillable(arg1) || !nillable(arg) {
        return CallError::Unsupported(format!(
            "eq of {} and {}",
            arg1.type_name(),
            arg.type_name()
        ));
    }
    let printed = if same_kind {
        crate::gofmt::sprintf(
            "non-comparable type %s: %v",
            &[arg.clone(), Value::str(arg.type_name())],
        )
    } else {
        crate::gofmt::sprintf(
            "non-comparable types %s: %v, %s: %v",
            &[
                arg1.clone(),
                Value::str(arg1.type_name()),
                Value::str(arg.type_name()),
                arg.clone(),
            ],
        )
    };
    match printed {
        Ok(message) => CallError::Go(message),
        Err(error) => error,
    }
}

/// Go's `lt`.
fn lt(arg1: &Value, arg2: &Value) -> Result<bool, CallError> {
    let (k1, k2) = (basic_kind(arg1), basic_kind(arg2));
    if k1 == Kind::Invalid || k2 == Kind::Invalid {
        return Err(CallError::Go("invalid type for comparison".into()));
    }
    match (arg1, arg2) {
        _ if k1 != k2 => match (k1, k2, arg1, arg2) {
            (Kind::Int, Kind::Uint, Value::Int(a, _), Value::Int(b, _)) => {
                Ok(*a < 0 || as_u64(*a) < as_u64(*b))
            }
            (Kind::Uint, Kind::Int, Value::Int(a, _), Value::Int(b, _)) => {
                Ok(*b >= 0 && as_u64(*a) < as_u64(*b))
            }
            _ => Err(CallError::Go(format!(
                "incompatible types for comparison: {} and {}",
                arg1.type_name(),
                arg2.type_name()
            ))),
        },
        (Value::Bool(_), _) => Err(CallError::Go("invalid type for comparison".into())),
        (Value::Float(a), Value::Float(b)) => Ok(a < b),
        (Value::Int(a, IntType::Uint | IntType::Uint64 | IntType::Uint8), Value::Int(b, _)) => {
            Ok(as_u64(*a) < as_u64(*b))
        }
        (Value::Int(a, _), Value::Int(b, _)) => Ok(a < b),
        (Value::Str(a), Value::Str(b)) => Ok(a.text.as_bytes() < b.text.as_bytes()),
        _ => Err(CallError::Unsupported("lt".into())),
    }
}

/// Go's `le`: `lt`, or else `eq`.
fn le(arg1: &Value, arg2: &Value) -> Result<bool, CallError> {
    if lt(arg1, arg2)? {
        return Ok(true);
    }
    eq(arg1, std::slice::from_ref(&Held::new(arg2.clone())))
}

/// Go's `HTMLEscapeString`.
fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\0' => out.push('\u{FFFD}'),
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// Go's `JSEscapeString`.
fn js(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '<' => out.push_str("\\u003C"),
            '>' => out.push_str("\\u003E"),
            '&' => out.push_str("\\u0026"),
            '=' => out.push_str("\\u003D"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u00{:02X}", c as u32)),
            c if (c as u32) < 0x80 || values_migrate_unicode::is_print(c) => out.push(c),
            c => out.push_str(&format!("\\u{:04X}", c as u32)),
        }
    }
    out
}

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
