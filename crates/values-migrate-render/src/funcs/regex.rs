//! Sprig v3.3's regular-expression functions (`regex.go`) over Go's `regexp`
//! (`values-migrate-regexp`): the `must` forms return Go's compile error; the others panic through
//! `regexp.MustCompile`, which text/template recovers as the call's error
//! (`regexp: Compile(`(`): error parsing regexp: …`), except `regexMatch`, which answers false.

use std::rc::Rc;

use values_migrate_regexp::{Exhausted, Fuel, Regex};

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::value::{ElemType, Value};

/// The signature of a function's body.
type Body = fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>;

/// A function of fixed parameters: a string result made from masked text is masked whole; a
/// masked pattern, or masked text behind a bool or a list, is refused in the body.
const fn regex_fn(params: &'static [Param], call: Body) -> Func {
    Func {
        params,
        variadic: None,
        spans: Spans::Whole,
        call,
    }
}

/// `(regex, s)`.
const TWO: &[Param] = &[Param::Str, Param::Str];
/// `(regex, s, n)`.
const WITH_N: &[Param] = &[Param::Str, Param::Str, Param::Int];
/// `(regex, s, repl)`.
const THREE: &[Param] = &[Param::Str, Param::Str, Param::Str];

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("regexMatch", regex_fn(TWO, fn_regex_match)),
    ("mustRegexMatch", regex_fn(TWO, fn_must_regex_match)),
    ("regexFindAll", regex_fn(WITH_N, fn_regex_find_all)),
    ("mustRegexFindAll", regex_fn(WITH_N, fn_must_regex_find_all)),
    ("regexFind", regex_fn(TWO, fn_regex_find)),
    ("mustRegexFind", regex_fn(TWO, fn_must_regex_find)),
    ("regexReplaceAll", regex_fn(THREE, fn_regex_replace_all)),
    (
        "mustRegexReplaceAll",
        regex_fn(THREE, fn_must_regex_replace_all),
    ),
    (
        "regexReplaceAllLiteral",
        regex_fn(THREE, fn_regex_replace_all_literal),
    ),
    (
        "mustRegexReplaceAllLiteral",
        regex_fn(THREE, fn_must_regex_replace_all_literal),
    ),
    ("regexSplit", regex_fn(WITH_N, fn_regex_split)),
    ("mustRegexSplit", regex_fn(WITH_N, fn_must_regex_split)),
    (
        "regexQuoteMeta",
        regex_fn(&[Param::Str], fn_regex_quote_meta),
    ),
];

/// How a bad pattern fails: sprig's `must` form returns `regexp.Compile`'s error; the other
/// panics in `regexp.MustCompile`, whose message text/template reports.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnBad {
    Error,
    Panic,
}

/// Argument `i`'s text (the evaluator converted it to a string).
fn text(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or("")
}

/// Argument `i` as Go's `int` (the evaluator converted it).
fn int(args: &[Value], i: usize) -> i64 {
    match args.get(i) {
        Some(Value::Int(n, _)) => *n,
        _ => 0,
    }
}

/// Whether argument `i` holds random or clock output.
fn masked(args: &[Value], i: usize) -> bool {
    args.get(i).is_some_and(Value::is_masked)
}

/// The pattern of argument 0 compiled, or the call's error as sprig's form gives it; a pattern
/// made from random or clock output is refused.
fn compile(ctx: &mut Ctx, args: &[Value], name: &str, on_bad: OnBad) -> Result<Regex, CallError> {
    if masked(args, 0) {
        return Err(CallError::Unsupported(format!(
            "{name} with a pattern made from random or clock output"
        )));
    }
    let pattern = text(args, 0);
    ctx.budget.alloc(pattern.len()).map_err(CallError::Budget)?;
    let re = Regex::new(pattern).map_err(|error| match on_bad {
        OnBad::Error => CallError::Go(error),
        OnBad::Panic => CallError::Go(must_compile_panic(pattern, &error)),
    })?;
    // A search's memory is proportional to the program: charged as made bytes.
    ctx.budget
        .alloc(re.program_len().saturating_mul(32))
        .map_err(CallError::Budget)?;
    Ok(re)
}

/// The message of `regexp.MustCompile`'s panic: ``regexp: Compile(`pat`): error``.
fn must_compile_panic(pattern: &str, error: &str) -> String {
    format!("regexp: Compile({}): {error}", go_regexp_quote(pattern))
}

/// `regexp`'s `quote`: backquoted when `strconv.CanBackquote` allows, else `strconv.Quote`.
fn go_regexp_quote(s: &str) -> String {
    let can_backquote = s
        .chars()
        .all(|c| c != '\u{feff}' && c != '`' && c != '\u{7f}' && (c >= ' ' || c == '\t'));
    if can_backquote {
        format!("`{s}`")
    } else {
        values_migrate_unicode::quote(s, '"')
    }
}

/// Refuses masked text where the result cannot carry the mask (a bool, a list's length).
fn refuse_masked_text(args: &[Value], name: &str) -> Result<(), CallError> {
    if masked(args, 1) {
        return Err(CallError::Unsupported(format!(
            "{name} over random or clock output (its result cannot be masked)"
        )));
    }
    Ok(())
}

/// Runs `search` with the render's budget as its fuel, and hands back what is left.
fn with_fuel<T>(
    ctx: &mut Ctx,
    search: impl FnOnce(&mut Fuel) -> Result<T, Exhausted>,
) -> Result<T, CallError> {
    let mut fuel = Fuel {
        steps: ctx.budget.steps,
        bytes: ctx.budget.bytes,
    };
    let result = search(&mut fuel);
    ctx.budget.steps = fuel.steps;
    ctx.budget.bytes = fuel.bytes;
    result.map_err(|spent| {
        CallError::Budget(
            match spent {
                Exhausted::Steps => "the render took more steps than its budget allows",
                Exhausted::Bytes => "the render made more text than its budget allows",
            }
            .to_string(),
        )
    })
}

/// A `[]string` value of `items`, their bytes charged.
fn string_list(ctx: &mut Ctx, items: Vec<&str>) -> Result<Value, CallError> {
    let total: usize = items.iter().map(|s| s.len()).sum();
    ctx.budget.alloc(total).map_err(CallError::Budget)?;
    let values = items.into_iter().map(Value::str).collect();
    Ok(Value::List(Rc::new(values), ElemType::String))
}

/// `regexMatch`: whether the pattern matches; false for a pattern Go refuses.
fn fn_regex_match(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    match_with(ctx, &args, "regexMatch", true)
}

/// `mustRegexMatch`: whether the pattern matches, or Go's compile error.
fn fn_must_regex_match(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    match_with(ctx, &args, "mustRegexMatch", false)
}

/// `regexp.MatchString(regex, s)`; a refused pattern is false when `lenient`.
fn match_with(
    ctx: &mut Ctx,
    args: &[Value],
    name: &str,
    lenient: bool,
) -> Result<Value, CallError> {
    let re = match compile(ctx, args, name, OnBad::Error) {
        Err(CallError::Go(_)) if lenient => return Ok(Value::Bool(false)),
        other => other?,
    };
    refuse_masked_text(args, name)?;
    let found = with_fuel(ctx, |fuel| re.is_match_within(text(args, 1), fuel))?;
    Ok(Value::Bool(found))
}

/// `regexFindAll`: up to n matches (all when n < 0).
fn fn_regex_find_all(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    find_all_with(ctx, &args, "regexFindAll", OnBad::Panic)
}

/// `mustRegexFindAll`: as `regexFindAll`, or Go's compile error.
fn fn_must_regex_find_all(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    find_all_with(ctx, &args, "mustRegexFindAll", OnBad::Error)
}

/// `r.FindAllString(s, n)` as a `[]string`.
fn find_all_with(
    ctx: &mut Ctx,
    args: &[Value],
    name: &str,
    on_bad: OnBad,
) -> Result<Value, CallError> {
    let re = compile(ctx, args, name, on_bad)?;
    refuse_masked_text(args, name)?;
    let s = text(args, 1);
    let found = with_fuel(ctx, |fuel| re.find_all(s, int(args, 2), fuel))?;
    if found.is_empty() {
        // Go's `FindAllString` gives a nil slice when nothing matches.
        return Ok(Value::nil_list_of(ElemType::String));
    }
    let items = found.into_iter().map(|r| s.get(r).unwrap_or("")).collect();
    string_list(ctx, items)
}

/// `regexFind`: the leftmost match, or "".
fn fn_regex_find(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    find_with(ctx, &args, "regexFind", OnBad::Panic)
}

/// `mustRegexFind`: as `regexFind`, or Go's compile error.
fn fn_must_regex_find(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    find_with(ctx, &args, "mustRegexFind", OnBad::Error)
}

/// `r.FindString(s)`.
fn find_with(ctx: &mut Ctx, args: &[Value], name: &str, on_bad: OnBad) -> Result<Value, CallError> {
    let re = compile(ctx, args, name, on_bad)?;
    let s = text(args, 1);
    let found = with_fuel(ctx, |fuel| re.find(s, fuel))?;
    let matched = found.and_then(|r| s.get(r)).unwrap_or("");
    ctx.budget.alloc(matched.len()).map_err(CallError::Budget)?;
    Ok(Value::str(matched))
}

/// `regexReplaceAll`: every match replaced by the template expanded (`$1`, `${name}`, `$$`).
fn fn_regex_replace_all(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    replace_with(ctx, &args, "regexReplaceAll", OnBad::Panic, true)
}

/// `mustRegexReplaceAll`: as `regexReplaceAll`, or Go's compile error.
fn fn_must_regex_replace_all(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    replace_with(ctx, &args, "mustRegexReplaceAll", OnBad::Error, true)
}

/// `regexReplaceAllLiteral`: every match replaced by the text as it is.
fn fn_regex_replace_all_literal(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    replace_with(ctx, &args, "regexReplaceAllLiteral", OnBad::Panic, false)
}

/// `mustRegexReplaceAllLiteral`: as `regexReplaceAllLiteral`, or Go's compile error.
fn fn_must_regex_replace_all_literal(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    replace_with(
        ctx,
        &args,
        "mustRegexReplaceAllLiteral",
        OnBad::Error,
        false,
    )
}

/// `r.ReplaceAllString(s, repl)`, or `ReplaceAllLiteralString` unless `expand`.
fn replace_with(
    ctx: &mut Ctx,
    args: &[Value],
    name: &str,
    on_bad: OnBad,
    expand: bool,
) -> Result<Value, CallError> {
    let re = compile(ctx, args, name, on_bad)?;
    let (s, repl) = (text(args, 1), text(args, 2));
    let out = with_fuel(ctx, |fuel| {
        if expand {
            re.replace_all(s, repl, fuel)
        } else {
            re.replace_all_literal(s, repl, fuel)
        }
    })?;
    Ok(Value::str(out))
}

/// `regexSplit`: the text cut around the matches, at most n pieces (all when n < 0).
fn fn_regex_split(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    split_with(ctx, &args, "regexSplit", OnBad::Panic)
}

/// `mustRegexSplit`: as `regexSplit`, or Go's compile error.
fn fn_must_regex_split(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    split_with(ctx, &args, "mustRegexSplit", OnBad::Error)
}

/// `r.Split(s, n)` as a `[]string` (nil, refused, when n is 0).
fn split_with(
    ctx: &mut Ctx,
    args: &[Value],
    name: &str,
    on_bad: OnBad,
) -> Result<Value, CallError> {
    let re = compile(ctx, args, name, on_bad)?;
    refuse_masked_text(args, name)?;
    let n = int(args, 2);
    if n == 0 {
        // Go's `Split` gives a nil slice for n = 0.
        return Ok(Value::nil_list_of(ElemType::String));
    }
    let s = text(args, 1);
    let pieces = with_fuel(ctx, |fuel| re.split(s, n, fuel))?;
    string_list(ctx, pieces)
}

/// `regexQuoteMeta`: the text with every metacharacter escaped.
fn fn_regex_quote_meta(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let quoted = values_migrate_regexp::quote_meta(text(&args, 0));
    ctx.budget.alloc(quoted.len()).map_err(CallError::Budget)?;
    Ok(Value::str(quoted))
}

#[cfg(test)]
mod tests {
    use super::FUNCS;
    use crate::budget::{Budget, Random};
    use crate::func::{CallError, Ctx};
    use crate::value::{ElemType, IntType, Mask, Str, Value};
    use serde_json::Value as Json;

    /// Helm 4.2.3's answers, recorded by `tests/regex_helm.py`.
    const HELM: &str = include_str!("../../tests/regex-helm.json");

    /// Calls `name` with `args` on a fresh budget.
    fn call(name: &str, args: Vec<Value>, budget: &mut Budget) -> Result<Value, CallError> {
        let func = FUNCS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
            .unwrap_or_else(|| panic!("{name} is in the table"));
        let mut random = Random::default();
        let mut ctx = Ctx {
            budget,
            random: &mut random,
            yaml: None,
        };
        (func.call)(&mut ctx, args)
    }

    /// A recorded argument as the value the evaluator hands the function.
    fn value(arg: &Json) -> Value {
        match arg {
            Json::String(s) => Value::str(s.as_str()),
            Json::Number(n) => Value::Int(n.as_i64().unwrap_or(0), IntType::Int),
            other => panic!("unexpected argument {other}"),
        }
    }

    /// Our result as the JSON `toJson` would print (strings, bools, lists of strings).
    fn json(v: &Value) -> Json {
        match v {
            Value::Str(s) => Json::String(s.text.to_string()),
            Value::Bool(b) => Json::Bool(*b),
            Value::List(items, _) => Json::Array(items.iter().map(json).collect()),
            other => panic!("unexpected result {other:?}"),
        }
    }

    #[test]
    fn answers_as_helm_answered() {
        let cases: Vec<Json> = serde_json::from_str(HELM).expect("the recorded answers");
        assert!(cases.len() > 100);
        for case in &cases {
            let name = case["func"].as_str().expect("func");
            let args: Vec<Value> = case["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(value)
                .collect();
            let got = call(name, args, &mut Budget::default());
            let helm = &case["helm"];
            let context = format!("{name} {}", case["args"]);
            if let Some(error) = helm["error"].as_str() {
                assert_eq!(
                    got.err(),
                    Some(CallError::Go(error.to_string())),
                    "{context}"
                );
                continue;
            }
            let expected: Json =
                serde_json::from_str(helm["json"].as_str().expect("json")).expect("Helm's toJson");
            if expected.is_null() {
                let nil =
                    matches!(&got, Ok(v @ Value::List(_, ElemType::String)) if v.is_nil_list());
                assert!(nil, "{context}: Go's nil []string, got {got:?}");
                continue;
            }
            let got = got.unwrap_or_else(|e| panic!("{context}: {e:?}"));
            assert_eq!(json(&got), expected, "{context}");
        }
    }

    /// A string whose whole text came from `randAlphaNum`.
    fn random_text(text: &str) -> Value {
        Value::Str(Str {
            text: text.into(),
            masks: Some(std::rc::Rc::new(vec![Mask {
                start: 0,
                end: text.len(),
                from: "randAlphaNum",
            }])),
        })
    }

    #[test]
    fn refuses_random_output_where_the_result_cannot_carry_its_mask() {
        let budget = &mut Budget::default();
        let refused = |r: Result<Value, CallError>| matches!(r, Err(CallError::Unsupported(_)));
        assert!(refused(call(
            "regexMatch",
            vec![random_text("a"), Value::str("a")],
            budget
        )));
        assert!(refused(call(
            "regexMatch",
            vec![Value::str("a"), random_text("a")],
            budget
        )));
        let n = Value::Int(-1, IntType::Int);
        assert!(refused(call(
            "regexFindAll",
            vec![Value::str("a"), random_text("a"), n.clone()],
            budget
        )));
        assert!(refused(call(
            "regexSplit",
            vec![Value::str("a"), random_text("bab"), n],
            budget
        )));
        // A string result is masked whole by the evaluator (`Spans::Whole`).
        let found = call(
            "regexFind",
            vec![Value::str("[a-z]+"), random_text("abc1")],
            budget,
        );
        assert_eq!(found.map(|v| json(&v)), Ok(Json::String("abc".to_string())));
    }

    #[test]
    fn a_search_spends_the_render_budget() {
        let mut budget = Budget {
            steps: 1_000,
            ..Budget::default()
        };
        let text = Value::str("a".repeat(10_000));
        let got = call("regexFind", vec![Value::str("(a|aa)*b"), text], &mut budget);
        assert!(matches!(got, Err(CallError::Budget(_))), "{got:?}");
        let mut budget = Budget {
            bytes: 1_000,
            ..Budget::default()
        };
        let text = Value::str("a".repeat(600));
        let args = vec![Value::str("a"), text, Value::str("bb")];
        let got = call("regexReplaceAll", args, &mut budget);
        assert!(matches!(got, Err(CallError::Budget(_))), "{got:?}");
    }
}
