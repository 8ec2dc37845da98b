//! JSON, YAML and TOML in and out, as Helm 4's `funcs.go` and sprig v3 define them: Helm's
//! `toJson`/`toYaml` give "" on error and their `must` forms fail; sprig's `toRawJson` fails;
//! `toToml` gives the error's text; `fromJson`/`fromYaml` put the error under the key `Error`,
//! their array forms as the one item; `fromToml` is refused (no TOML reader here).

mod toml;
mod yaml_masks;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::value::{ElemType, Mask, Str, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("toJson", own(Param::Any, to_json)),
    ("mustToJson", own(Param::Any, must_to_json)),
    ("toPrettyJson", own(Param::Any, to_pretty_json)),
    ("mustToPrettyJson", own(Param::Any, must_to_pretty_json)),
    ("toRawJson", own(Param::Any, must_to_raw_json)),
    ("mustToRawJson", own(Param::Any, must_to_raw_json)),
    ("fromJson", own(Param::Str, from_json)),
    ("fromJsonArray", own(Param::Str, from_json_array)),
    ("mustFromJson", own(Param::Str, must_from_json)),
    ("toYaml", own(Param::Any, to_yaml)),
    ("mustToYaml", own(Param::Any, must_to_yaml)),
    ("toYamlPretty", own(Param::Any, to_yaml_pretty)),
    ("fromYaml", own(Param::Str, from_yaml)),
    ("fromYamlArray", own(Param::Str, from_yaml_array)),
    ("toToml", func(Param::Any, to_toml)),
    ("mustToToml", func(Param::Any, must_to_toml)),
    ("fromToml", func(Param::Str, from_toml)),
];

/// A function of one parameter whose result the evaluator masks whole.
const fn func(param: Param, call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>) -> Func {
    Func {
        params: match param {
            Param::Str => &[Param::Str],
            _ => &[Param::Any],
        },
        variadic: None,
        spans: Spans::Whole,
        call,
    }
}

/// A function of one parameter that places the masked spans of its result itself.
const fn own(param: Param, call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>) -> Func {
    Func {
        spans: Spans::Own,
        ..func(param, call)
    }
}

/// The one argument (the evaluator has checked the count).
fn arg(args: &[Value]) -> &Value {
    args.first().unwrap_or(&Value::Nil)
}

/// The one string argument.
fn text(args: &[Value]) -> &str {
    arg(args).as_str().unwrap_or("")
}

/// A made string, charged to the budget first.
fn made(ctx: &mut Ctx, text: String) -> Result<Value, CallError> {
    ctx.budget.alloc(text.len()).map_err(CallError::Budget)?;
    Ok(Value::str(text))
}

/// JSON of the argument with its masked strings' spans, charged to the budget; a Go error is
/// "" when `swallow` (Helm's non-`must` forms).
fn json_out(
    ctx: &mut Ctx,
    args: &[Value],
    html: bool,
    indent: Option<&str>,
    swallow: bool,
) -> Result<Value, CallError> {
    let (text, masks) = match crate::json::marshal_masked(arg(args), html, indent) {
        Err(CallError::Go(_)) if swallow => (String::new(), Vec::new()),
        other => other?,
    };
    ctx.budget.alloc(text.len()).map_err(CallError::Budget)?;
    Ok(Value::Str(Str {
        text: text.into(),
        masks: (!masks.is_empty()).then(|| Rc::new(masks)),
    }))
}

/// Helm's `toJson`: `json.Marshal`, "" on error.
fn to_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    json_out(ctx, &args, true, None, true)
}

/// Helm's `mustToJson`: `json.Marshal`, its error failing the render.
fn must_to_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    json_out(ctx, &args, true, None, false)
}

/// Sprig's `toPrettyJson`: `json.MarshalIndent(v, "", "  ")`, "" on error.
fn to_pretty_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    json_out(ctx, &args, true, Some("  "), true)
}

/// Sprig's `mustToPrettyJson`.
fn must_to_pretty_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    json_out(ctx, &args, true, Some("  "), false)
}

/// Sprig's `toRawJson` and `mustToRawJson`: an encoder without HTML escaping, its newline trimmed
/// (`toRawJson` panics on error, which the template reports as the call's error).
fn must_to_raw_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    json_out(ctx, &args, false, None, false)
}

/// The masked spans of the one string argument.
fn arg_masks(args: &[Value]) -> &[Mask] {
    match arg(args) {
        Value::Str(s) => s.masks.as_deref().map_or(&[], Vec::as_slice),
        _ => &[],
    }
}

/// Go's `json.Unmarshal` of the argument, its masks carried onto the decoded strings.
/// A syntax error in masked text is refused (its words may quote a random byte).
fn decode_json(args: &[Value]) -> Result<Result<Value, String>, CallError> {
    let masks = arg_masks(args);
    match crate::json::unmarshal_masked(text(args), masks)? {
        Err(_) if !masks.is_empty() => Err(CallError::Unsupported(format!(
            "a JSON syntax error in text holding masked ({}) spans",
            masks.first().map_or("", |m| m.from)
        ))),
        result => Ok(result),
    }
}

/// Go's words when JSON of one kind is decoded into a Go type it does not fit.
fn mismatch(v: &Value, target: &str) -> String {
    let kind = match v {
        Value::Map(..) => "object",
        Value::List(..) => "array",
        Value::Str(_) => "string",
        Value::Bool(_) => "bool",
        _ => "number",
    };
    format!("json: cannot unmarshal {kind} into Go value of type {target}")
}

/// Helm's `fromJson`: a map, or a map holding the error under `Error`.
fn from_json(_ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let message = match decode_json(&args)? {
        Ok(v @ Value::Map(..)) => return Ok(v),
        // JSON's null unmarshalled into a map makes it nil.
        Ok(Value::Nil) => return Ok(Value::nil_map()),
        Ok(other) => mismatch(&other, "map[string]interface {}"),
        Err(message) => message,
    };
    Ok(error_map(message))
}

/// Helm's `fromJsonArray`: a list, or a list of the one error.
fn from_json_array(_ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let message = match decode_json(&args)? {
        Ok(v @ Value::List(..)) => return Ok(v),
        Ok(Value::Nil) => return Ok(Value::nil_list()),
        Ok(other) => mismatch(&other, "[]interface {}"),
        Err(message) => message,
    };
    Ok(Value::list(vec![Value::str(message)]))
}

/// Sprig's `mustFromJson`: any JSON value, or the error failing the render.
fn must_from_json(_ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decode_json(&args)?.map_err(CallError::Go)
}

/// `map[Error:message]`.
fn error_map(message: String) -> Value {
    let mut map = BTreeMap::new();
    map.insert("Error".to_string(), Value::str(message));
    Value::map(map)
}

/// YAML text and its masked spans as a string, one trailing newline trimmed, charged to the
/// budget; a Go error is "" when `swallow`.
fn yaml_out(
    ctx: &mut Ctx,
    made: Result<(String, Vec<Mask>), CallError>,
    swallow: bool,
) -> Result<Value, CallError> {
    let (text, masks) = match made {
        Err(CallError::Go(_)) if swallow => (String::new(), Vec::new()),
        other => other?,
    };
    let text = trim_newline(text);
    ctx.budget.alloc(text.len()).map_err(CallError::Budget)?;
    let masks: Vec<Mask> = masks.into_iter().filter(|m| m.end <= text.len()).collect();
    Ok(Value::Str(Str {
        text: text.into(),
        masks: (!masks.is_empty()).then(|| Rc::new(masks)),
    }))
}

/// Helm's `toYaml`: sigs.k8s.io/yaml's `Marshal`, one trailing newline trimmed, "" on error.
fn to_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    yaml_out(ctx, crate::yaml::to_yaml_masked(arg(&args)), true)
}

/// Helm's `mustToYaml`: as `toYaml`, its error failing the render.
fn must_to_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    yaml_out(ctx, crate::yaml::to_yaml_masked(arg(&args)), false)
}

/// `strings.TrimSuffix(s, "\n")`.
fn trim_newline(mut s: String) -> String {
    if s.ends_with('\n') {
        s.pop();
    }
    s
}

/// Helm 4's `toYamlPretty`: yaml.v3's encoder with indent 2, one trailing newline trimmed.
fn to_yaml_pretty(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    yaml_out(ctx, crate::yaml::to_yaml_v3_masked(arg(&args)), true)
}

/// Helm's `fromYaml`: the caller's YAML reader; a non-map or an error gives `map[Error:…]`.
fn from_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let read = ctx
        .yaml
        .ok_or_else(|| CallError::Unsupported("fromYaml without a YAML reader".to_string()))?;
    let message = match yaml_masks::read_masked(read, text(&args), arg_masks(&args))? {
        Ok(v @ Value::Map(..)) => return Ok(v),
        // sigs.k8s.io/yaml decodes `null` into the interface around Helm's map: the map stays empty.
        Ok(Value::Nil) => return Ok(Value::map(BTreeMap::new())),
        Ok(other) => format!(
            "error unmarshaling JSON: while decoding JSON: {}",
            mismatch(&other, "map[string]interface {}")
        ),
        Err(message) => refused(message)?,
    };
    Ok(error_map(message))
}

/// The YAML reader's error as Helm's words, or the refusal it names (`value::UNSUPPORTED`).
fn refused(message: String) -> Result<String, CallError> {
    match message.strip_prefix(crate::value::UNSUPPORTED) {
        Some(what) => Err(CallError::Unsupported(what.to_string())),
        None => Ok(message),
    }
}

/// Helm's `fromYamlArray`: the caller's YAML reader; a non-list or an error gives `[message]`.
fn from_yaml_array(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let read = ctx
        .yaml
        .ok_or_else(|| CallError::Unsupported("fromYamlArray without a YAML reader".to_string()))?;
    let message = match yaml_masks::read_masked(read, text(&args), arg_masks(&args))? {
        Ok(v @ Value::List(..)) => return Ok(v),
        Ok(Value::Nil) => return Ok(Value::list(Vec::new())),
        Ok(other) => format!(
            "error unmarshaling JSON: while decoding JSON: {}",
            mismatch(&other, "[]interface {}")
        ),
        Err(message) => refused(message)?,
    };
    Ok(Value::List(
        std::rc::Rc::new(vec![Value::str(message)]),
        ElemType::Any,
    ))
}

/// Helm's `toToml`: BurntSushi's encoder; on error, the error's text is the result.
fn to_toml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = match toml::encode(arg(&args))? {
        Ok(out) | Err(out) => out,
    };
    made(ctx, out)
}

/// Helm's `mustToToml`: as `toToml`, its error failing the render.
fn must_to_toml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = toml::encode(arg(&args))?.map_err(CallError::Go)?;
    made(ctx, out)
}

/// BurntSushi/toml's decoder is not ported: `fromToml` is refused.
fn from_toml(_ctx: &mut Ctx, _args: Vec<Value>) -> Result<Value, CallError> {
    Err(CallError::Unsupported(
        "fromToml (a TOML reader)".to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Budget, Random};

    /// A YAML reader that knows a few documents, as the caller's would read them.
    fn reader(text: &str) -> Result<Value, String> {
        match text {
            "[1, 2]" => Ok(Value::list(vec![Value::Float(1.0), Value::Float(2.0)])),
            "a: 1" => {
                let mut map = BTreeMap::new();
                map.insert("a".to_string(), Value::Float(1.0));
                Ok(Value::map(map))
            }
            "true" => Ok(Value::Bool(true)),
            "" | "null" => Ok(Value::Nil),
            _ => Err(
                "error converting YAML to JSON: yaml: line 1: did not find expected node content"
                    .to_string(),
            ),
        }
    }

    /// What a template prints for `{{ NAME "text" | toJson }}`-like checks: `%v` of the result.
    fn printed(name: &str, text: &str) -> String {
        let mut budget = Budget::default();
        let mut random = Random::default();
        let mut ctx = Ctx {
            budget: &mut budget,
            random: &mut random,
            yaml: Some(&reader),
        };
        let f = FUNCS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
            .expect("a function");
        let v = (f.call)(&mut ctx, vec![Value::str(text)]).expect("a value");
        crate::gofmt::sprint(&[v]).expect("printed")
    }

    #[test]
    fn from_yaml_wraps_the_readers_answers_as_helm_does() {
        // Helm 4.2.3's output for each, recorded through helm_python.
        let cases = [
            ("fromYaml", "a: 1", "map[a:1]"),
            (
                "fromYaml",
                "[1, 2]",
                "map[Error:error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}]",
            ),
            (
                "fromYaml",
                "true",
                "map[Error:error unmarshaling JSON: while decoding JSON: json: cannot unmarshal bool into Go value of type map[string]interface {}]",
            ),
            ("fromYaml", "", "map[]"),
            ("fromYaml", "null", "map[]"),
            (
                "fromYaml",
                "a: [",
                "map[Error:error converting YAML to JSON: yaml: line 1: did not find expected node content]",
            ),
            ("fromYamlArray", "[1, 2]", "[1 2]"),
            (
                "fromYamlArray",
                "a: 1",
                "[error unmarshaling JSON: while decoding JSON: json: cannot unmarshal object into Go value of type []interface {}]",
            ),
            ("fromYamlArray", "", "[]"),
        ];
        for (name, text, want) in cases {
            assert_eq!(printed(name, text), want, "{name} {text:?}");
        }
    }

    #[test]
    fn without_a_reader_from_yaml_is_refused() {
        let mut budget = Budget::default();
        let mut random = Random::default();
        let mut ctx = Ctx {
            budget: &mut budget,
            random: &mut random,
            yaml: None,
        };
        let got = from_yaml(&mut ctx, vec![Value::str("a: 1")]);
        assert!(matches!(got, Err(CallError::Unsupported(_))));
    }
}
