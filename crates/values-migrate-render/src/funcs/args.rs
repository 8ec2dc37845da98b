//! What every function table leans on: an argument by position, the render's budget spent on
//! work that grows with a list, and the table entry of a function of fixed parameters.

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::value::Value;

/// The argument at `i` (the evaluator has checked the count).
pub(crate) fn arg(args: &[Value], i: usize) -> &Value {
    args.get(i).unwrap_or(&Value::Nil)
}

/// Spends `n` steps of the render's budget (work proportional to a list's length).
pub(crate) fn spend(ctx: &mut Ctx, n: usize) -> Result<(), CallError> {
    match ctx.budget.steps.checked_sub(n as u64) {
        Some(left) => {
            ctx.budget.steps = left;
            Ok(())
        }
        None => Err(CallError::Budget(
            "the render took more steps than its budget allows".to_string(),
        )),
    }
}

/// A function of fixed parameters whose values keep their own spans.
pub(crate) const fn fixed(
    params: &'static [Param],
    call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
) -> Func {
    of_fixed(params, Spans::Own, call)
}

/// A function of fixed parameters, its result's masked spans as `spans` says.
pub(crate) const fn of_fixed(
    params: &'static [Param],
    spans: Spans,
    call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
) -> Func {
    Func {
        params,
        variadic: None,
        spans,
        call,
    }
}
