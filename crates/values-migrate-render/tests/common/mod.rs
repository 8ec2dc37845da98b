//! What the function-table tests share: calling one of Helm's functions directly, as given or
//! with the conversions Go's `evalArg` makes to its parameters that the recorded cases need.
// Each test binary uses a part of it.
#![allow(dead_code)]

use values_migrate_render::budget::Random;
use values_migrate_render::funcs::lookup;
use values_migrate_render::{Budget, CallError, Ctx, Param, Value};

/// Calls the function `name` with `args`, an `int` given to a `float64` parameter converted.
pub fn call_direct(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    let func = lookup(name).unwrap_or_else(|| panic!("no function {name}"));
    assert!(
        args.len() >= func.params.len()
            && (func.variadic.is_some() || args.len() == func.params.len()),
        "{name}: wrong number of arguments"
    );
    let mut converted = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        let param = func
            .params
            .get(i)
            .copied()
            .or(func.variadic)
            .expect("an argument's place");
        converted.push(match (param, arg) {
            (Param::Float, Value::Int(n, _)) => Value::Float(n as f64),
            (_, arg) => arg,
        });
    }
    call(name, converted)
}

/// Calls the function `name` with `args` as given and a fresh default budget.
pub fn call(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    call_within(Budget::default(), name, args)
}

/// Calls the function `name` with `args` as given, within `budget`.
pub fn call_within(mut budget: Budget, name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    let func = lookup(name).unwrap_or_else(|| panic!("no function {name}"));
    let mut random = Random::default();
    let mut ctx = Ctx {
        budget: &mut budget,
        random: &mut random,
        yaml: None,
    };
    (func.call)(&mut ctx, args)
}
