//! Sprig v3.3's reflection functions (`reflect.go`): `typeOf`, `typeIs`, `typeIsLike`, `kindOf`,
//! `kindIs`, and `deepEqual` (Go's `reflect.DeepEqual`).

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param};
use crate::funcs::args::{arg, fixed, spend};
use crate::value::Value;

/// The deepest nesting `deepEqual` walks (a map can hold itself through `set`): values
/// nest a dozen levels, and each level's frames must fit the wasm stack (1 MiB) beside the
/// evaluator's.
const MAX_DEPTH: usize = 100;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("typeOf", fixed(&[Param::Any], fn_type_of)),
    ("typeIs", fixed(&[Param::Str, Param::Any], fn_type_is)),
    (
        "typeIsLike",
        fixed(&[Param::Str, Param::Any], fn_type_is_like),
    ),
    ("kindOf", fixed(&[Param::Any], fn_kind_of)),
    ("kindIs", fixed(&[Param::Str, Param::Any], fn_kind_is)),
    ("deepEqual", fixed(&[Param::Any, Param::Any], fn_deep_equal)),
];

/// `typeOf`: Go's `%T` of the value.
fn fn_type_of(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(arg(&args, 0).type_name()))
}

/// `typeIs`: whether the value's `%T` is the target.
fn fn_type_is(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let target = arg(&args, 0).as_str().unwrap_or("");
    Ok(Value::Bool(arg(&args, 1).type_name() == target))
}

/// `typeIsLike`: whether the value's `%T` is the target or a pointer to it.
fn fn_type_is_like(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let target = arg(&args, 0).as_str().unwrap_or("");
    let name = arg(&args, 1).type_name();
    Ok(Value::Bool(
        name == target || name.strip_prefix('*') == Some(target),
    ))
}

/// `kindOf`: the name of the value's `reflect.Kind` (`invalid` for nil).
fn fn_kind_of(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(kind_of(arg(&args, 0))?))
}

/// `kindIs`: whether the value's kind is the target.
fn fn_kind_is(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let target = arg(&args, 0).as_str().unwrap_or("");
    Ok(Value::Bool(kind_of(arg(&args, 1))? == target))
}

/// The name of a value's `reflect.Kind`; a Go value of a slice or map type with methods
/// (`common.VersionSet`, `engine.files`) by the keys of its entries (an empty one is refused).
pub fn kind_of(v: &Value) -> Result<&'static str, CallError> {
    let Value::Object(o) = v else {
        return Ok(v.kind_name());
    };
    match o.entries() {
        None => Ok("ptr"),
        Some(entries) => match entries.first() {
            Some((Value::Int(..), _)) => Ok("slice"),
            Some((Value::Str(_), _)) => Ok("map"),
            _ => Err(CallError::Unsupported(format!(
                "the kind of an empty {} (a slice or a map)",
                o.type_name()
            ))),
        },
    }
}

/// `deepEqual`: Go's `reflect.DeepEqual`.
fn fn_deep_equal(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(deep_equal(ctx, arg(&args, 0), arg(&args, 1))?))
}

/// Go's `reflect.DeepEqual`: same types all the way down, equal scalars, NaN unequal to itself
/// (each value compared is a step of the budget: shared maps can make a small value wide).
pub fn deep_equal(ctx: &mut Ctx, a: &Value, b: &Value) -> Result<bool, CallError> {
    walk(ctx, a, b, 0)
}

/// `deep_equal` at a depth of nesting.
fn walk(ctx: &mut Ctx, a: &Value, b: &Value, depth: usize) -> Result<bool, CallError> {
    spend(ctx, 1)?;
    if depth > MAX_DEPTH {
        return Err(CallError::Unsupported(
            "comparing values nested deeper than 100 levels".to_string(),
        ));
    }
    Ok(match (a, b) {
        (Value::Nil, Value::Nil) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x, tx), Value::Int(y, ty)) => x == y && tx == ty,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x.text == y.text,
        (Value::List(x, ex), Value::List(y, ey)) => {
            if ex != ey || x.len() != y.len() || a.is_nil_list() != b.is_nil_list() {
                return Ok(false);
            }
            if Rc::ptr_eq(x, y) {
                return Ok(true);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !walk(ctx, p, q, depth + 1)? {
                    return Ok(false);
                }
            }
            true
        }
        (Value::Map(x, tx), Value::Map(y, ty)) => {
            if tx != ty || a.is_nil_map() != b.is_nil_map() {
                return Ok(false);
            }
            if Rc::ptr_eq(x, y) {
                return Ok(true);
            }
            let (x, y) = (x.borrow(), y.borrow());
            if x.len() != y.len() {
                return Ok(false);
            }
            for (key, p) in x.iter() {
                match y.get(key) {
                    Some(q) if walk(ctx, p, q, depth + 1)? => {}
                    _ => return Ok(false),
                }
            }
            true
        }
        (Value::Object(x), Value::Object(y)) => {
            if x.type_name() != y.type_name() {
                return Ok(false);
            }
            if std::ptr::addr_eq(Rc::as_ptr(x), Rc::as_ptr(y)) {
                return Ok(true);
            }
            return Err(CallError::Unsupported(format!(
                "deepEqual of two {} values",
                x.type_name()
            )));
        }
        _ => false,
    })
}
