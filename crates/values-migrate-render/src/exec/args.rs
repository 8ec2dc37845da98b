//! Arguments converted to a function's parameter types as Go's `evalArg` and `validateType`
//! convert them (constants typed by the parameter, values checked against it).

use values_migrate_template::{Arg, number};

use super::Scope;
use super::fail::Fail;
use super::place::At;
use super::state::{Frame, Held, Run};
use crate::func::Param;
use crate::value::{ElemType, IntType, MapType, Value};

/// A parameter's type: one of Go's types, or a builtin's `reflect.Value` (which takes any value
/// as it is held, nil included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    /// `reflect.Value`.
    Reflect,
    /// `interface {}`.
    Any,
    /// Any other Go type.
    Go(Param),
}

/// A function's parameters: the fixed ones and the variadic tail's element type.
pub(crate) struct Sig {
    fixed: &'static [Ty],
    go_fixed: &'static [Param],
    pub variadic: Option<Ty>,
}

impl Sig {
    /// A signature of builtin types.
    pub(crate) const fn of(fixed: &'static [Ty], variadic: Option<Ty>) -> Sig {
        Sig {
            fixed,
            go_fixed: &[],
            variadic,
        }
    }

    /// A function-map function's signature.
    pub(crate) fn go(fixed: &'static [Param], variadic: Option<Param>) -> Sig {
        Sig {
            fixed: &[],
            go_fixed: fixed,
            variadic: variadic.map(ty_of),
        }
    }

    /// How many fixed parameters there are.
    pub(crate) fn fixed_len(&self) -> usize {
        self.fixed.len() + self.go_fixed.len()
    }

    /// The type argument `i` is converted to.
    pub(crate) fn ty(&self, i: usize) -> Ty {
        if let Some(ty) = self.fixed.get(i) {
            return *ty;
        }
        if let Some(param) = self.go_fixed.get(i) {
            return ty_of(*param);
        }
        self.variadic.unwrap_or(Ty::Any)
    }
}

/// The type of a function-map parameter.
fn ty_of(param: Param) -> Ty {
    match param {
        Param::Any => Ty::Any,
        other => Ty::Go(other),
    }
}

/// Go's name of a type, as its messages print it.
pub(crate) fn ty_name(ty: Ty) -> &'static str {
    match ty {
        Ty::Reflect => "reflect.Value",
        Ty::Any | Ty::Go(Param::Any) => "interface {}",
        Ty::Go(Param::Str) => "string",
        Ty::Go(Param::Int) => "int",
        Ty::Go(Param::Int64) => "int64",
        Ty::Go(Param::Float) => "float64",
        Ty::Go(Param::Bool) => "bool",
        Ty::Go(Param::List) => "[]interface {}",
        Ty::Go(Param::Map) => "map[string]interface {}",
        Ty::Go(Param::StrList) => "[]string",
    }
}

/// Go's `canBeNil`: whether an untyped nil converts to the type.
fn can_be_nil(ty: Ty) -> bool {
    matches!(
        ty,
        Ty::Reflect | Ty::Any | Ty::Go(Param::Any | Param::List | Param::Map | Param::StrList)
    )
}

/// Whether a value (out of any interface) is assignable to a Go type.
fn assignable(value: &Value, param: Param) -> bool {
    matches!(
        (param, value),
        (Param::Any, _)
            | (Param::Str, Value::Str(_))
            | (Param::Int, Value::Int(_, IntType::Int))
            | (Param::Int64, Value::Int(_, IntType::Int64))
            | (Param::Float, Value::Float(_))
            | (Param::Bool, Value::Bool(_))
            | (Param::List, Value::List(_, ElemType::Any))
            | (Param::StrList, Value::List(_, ElemType::String))
            | (Param::Map, Value::Map(_, MapType::Any | MapType::Values))
    )
}

/// Go's `idealConstant`: a number constant typed by its syntax alone (int, or float64 when it
/// is written as one).
pub(crate) fn ideal_constant(frame: &Frame, text: &str) -> Result<Held, Fail> {
    let Some(n) = number(text) else {
        return Err(frame.unsupported(format_args!("the constant {text}")));
    };
    if n.is_complex {
        return Err(frame.unsupported(format_args!("the complex constant {text}")));
    }
    let hex_int = text.len() > 2
        && (text.starts_with("0x") || text.starts_with("0X"))
        && !text.contains(['p', 'P']);
    let rune = text.starts_with('\'');
    if n.is_float && !hex_int && !rune && text.contains(['.', 'e', 'E', 'p', 'P']) {
        return Ok(Held::new(Value::Float(n.float64)));
    }
    if n.is_int {
        return Ok(Held::new(Value::int(n.int64)));
    }
    if n.is_uint {
        return Err(frame.errorf(format_args!("{text} overflows int")));
    }
    Ok(Held::new(Value::Nil))
}

impl<'e, 'a> Run<'e, 'a> {
    /// Go's `evalArg`: an operand evaluated and converted to the parameter's type.
    pub(crate) fn eval_arg<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        ty: Ty,
        arg: &'t Arg,
    ) -> Result<Held, Fail> {
        frame.at = At::arg(arg);
        let held = match arg {
            Arg::Dot { .. } => {
                self.read_origin(dot);
                dot.clone()
            }
            Arg::Nil { .. } if can_be_nil(ty) => return Ok(Held::new(Value::Nil)),
            Arg::Nil { .. } => {
                return Err(frame.errorf(format_args!("cannot assign nil to {}", ty_name(ty))));
            }
            Arg::Field { idents, .. } => {
                let own = std::slice::from_ref(arg);
                self.eval_field_chain(
                    frame,
                    scope,
                    dot,
                    dot.clone(),
                    At::Arg(arg),
                    idents,
                    own,
                    None,
                )?
            }
            Arg::Variable { .. } => self.eval_variable(frame, scope, dot, arg, &[], None)?,
            Arg::Pipe(pipe) => self.eval_pipeline(frame, scope, dot, pipe)?,
            Arg::Identifier { name, .. } => {
                self.eval_function(frame, scope, dot, name, At::Arg(arg), &[], None)?
            }
            Arg::Chain { .. } => self.eval_chain(frame, scope, dot, arg, &[], None)?,
            Arg::Bool { .. } | Arg::Number { .. } | Arg::String { .. } => {
                return literal(frame, ty, arg);
            }
        };
        self.validate(frame, held, ty)
    }

    /// Go's `validateType`: a value checked against (and taken out of an interface for) a type.
    pub(crate) fn validate(&mut self, frame: &Frame, held: Held, ty: Ty) -> Result<Held, Fail> {
        let param = match ty {
            Ty::Reflect => return Ok(held),
            Ty::Any => return Ok(Held::new(held.value)),
            Ty::Go(param) => param,
        };
        match (&held.value, held.boxed) {
            (Value::Nil, false) if can_be_nil(ty) => Ok(Held::new(Value::Nil)),
            (Value::Nil, false) => {
                Err(frame.errorf(format_args!("invalid value; expected {}", ty_name(ty))))
            }
            (value, boxed)
                if assignable(value, param) && !(boxed && matches!(value, Value::Nil)) =>
            {
                // A `common.Values` reaches a `map[string]interface {}` parameter as that type.
                Ok(Held::new(match held.value {
                    Value::Map(map, MapType::Values) if param == Param::Map => {
                        Value::Map(map, MapType::Any)
                    }
                    other => other,
                }))
            }
            _ => Err(frame.errorf(format_args!(
                "wrong type for value; expected {}; got {}",
                ty_name(ty),
                match held.value {
                    Value::Nil => "interface {}",
                    ref other => other.type_name(),
                }
            ))),
        }
    }
}

/// A constant operand converted to the parameter's type (Go's `evalBool`, `evalString`, …).
fn literal(frame: &Frame, ty: Ty, arg: &Arg) -> Result<Held, Fail> {
    let shown = || arg.go_string(&frame.entry.text);
    match (ty, arg) {
        (Ty::Reflect | Ty::Any | Ty::Go(Param::Any), Arg::Number { text, .. }) => {
            ideal_constant(frame, text)
        }
        (Ty::Reflect | Ty::Any | Ty::Go(Param::Any), Arg::Bool { value, .. })
        | (Ty::Go(Param::Bool), Arg::Bool { value, .. }) => Ok(Held::new(Value::Bool(*value))),
        (Ty::Reflect | Ty::Any | Ty::Go(Param::Any | Param::Str), Arg::String { value, .. }) => {
            Ok(Held::new(Value::str(value.as_str())))
        }
        (Ty::Go(Param::Bool), _) => {
            Err(frame.errorf(format_args!("expected bool; found {}", shown())))
        }
        (Ty::Go(Param::Str), _) => {
            Err(frame.errorf(format_args!("expected string; found {}", shown())))
        }
        (Ty::Go(p @ (Param::Int | Param::Int64)), Arg::Number { text, .. }) => {
            match number(text).filter(|n| n.is_int && !n.is_complex) {
                Some(n) => Ok(Held::new(Value::Int(n.int64, int_type(p)))),
                None => Err(frame.errorf(format_args!("expected integer; found {}", shown()))),
            }
        }
        (Ty::Go(Param::Int | Param::Int64), _) => {
            Err(frame.errorf(format_args!("expected integer; found {}", shown())))
        }
        (Ty::Go(Param::Float), Arg::Number { text, .. }) => {
            match number(text).filter(|n| n.is_float && !n.is_complex) {
                Some(n) => Ok(Held::new(Value::Float(n.float64))),
                None => Err(frame.errorf(format_args!("expected float; found {}", shown()))),
            }
        }
        (Ty::Go(Param::Float), _) => {
            Err(frame.errorf(format_args!("expected float; found {}", shown())))
        }
        (ty, _) => Err(frame.errorf(format_args!(
            "can't handle {} for arg of type {}",
            shown(),
            ty_name(ty)
        ))),
    }
}

/// The integer type of an integer parameter.
fn int_type(param: Param) -> IntType {
    match param {
        Param::Int64 => IntType::Int64,
        _ => IntType::Int,
    }
}
