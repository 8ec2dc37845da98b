//! JSON, YAML and TOML in and out, as Helm 4's `funcs.go` and sprig v3 define them: Helm's
//! `toJson`/`toYaml` give "" on error and their `must` forms fail; sprig's `toRawJson` fails;
//! `toToml` gives the error's text; `fromJson`/`fromYaml` put the error under the key `Error`,
//! their array forms as the one item; `fromToml` is refused (no TOML reader here).

mod toml;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::value::{ElemType, Value};
use std::collections::BTreeMap;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("toJson", func(Param::Any, to_json)),
    ("mustToJson", func(Param::Any, must_to_json)),
    ("toPrettyJson", func(Param::Any, to_pretty_json)),
    ("mustToPrettyJson", func(Param::Any, must_to_pretty_json)),
    ("toRawJson", func(Param::Any, must_to_raw_json)),
    ("mustToRawJson", func(Param::Any, must_to_raw_json)),
    ("fromJson", func(Param::Str, from_json)),
    ("fromJsonArray", func(Param::Str, from_json_array)),
    ("mustFromJson", func(Param::Str, must_from_json)),
    ("toYaml", func(Param::Any, to_yaml)),
    ("mustToYaml", func(Param::Any, must_to_yaml)),
    ("toYamlPretty", func(Param::Any, to_yaml_pretty)),
    ("fromYaml", func(Param::Str, from_yaml)),
    ("fromYamlArray", func(Param::Str, from_yaml_array)),
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

/// A Go error swallowed as "" (what Helm's and sprig's non-`must` forms do); refusals pass.
fn or_empty(result: Result<String, CallError>) -> Result<String, CallError> {
    match result {
        Err(CallError::Go(_)) => Ok(String::new()),
        other => other,
    }
}

/// Helm's `toJson`: `json.Marshal`, "" on error.
fn to_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = or_empty(crate::json::marshal(arg(&args), true))?;
    made(ctx, out)
}

/// Helm's `mustToJson`: `json.Marshal`, its error failing the render.
fn must_to_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = crate::json::marshal(arg(&args), true)?;
    made(ctx, out)
}

/// Sprig's `toPrettyJson`: `json.MarshalIndent(v, "", "  ")`, "" on error.
fn to_pretty_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = or_empty(crate::json::marshal_indent(arg(&args), "  "))?;
    made(ctx, out)
}

/// Sprig's `mustToPrettyJson`.
fn must_to_pretty_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = crate::json::marshal_indent(arg(&args), "  ")?;
    made(ctx, out)
}

/// Sprig's `toRawJson` and `mustToRawJson`: an encoder without HTML escaping, its newline trimmed
/// (`toRawJson` panics on error, which the template reports as the call's error).
fn must_to_raw_json(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = crate::json::marshal(arg(&args), false)?;
    made(ctx, out)
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
    let message = match crate::json::unmarshal(text(&args))? {
        Ok(v @ Value::Map(..)) => return Ok(v),
        Ok(Value::Nil) => return Err(refuse_null("fromJson")),
        Ok(other) => mismatch(&other, "map[string]interface {}"),
        Err(message) => message,
    };
    Ok(error_map(message))
}

/// Helm's `fromJsonArray`: a list, or a list of the one error.
fn from_json_array(_ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let message = match crate::json::unmarshal(text(&args))? {
        Ok(v @ Value::List(..)) => return Ok(v),
        Ok(Value::Nil) => return Err(refuse_null("fromJsonArray")),
        Ok(other) => mismatch(&other, "[]interface {}"),
        Err(message) => message,
    };
    Ok(Value::list(vec![Value::str(message)]))
}

/// Sprig's `mustFromJson`: any JSON value, or the error failing the render.
fn must_from_json(_ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    crate::json::unmarshal(text(&args))?.map_err(CallError::Go)
}

/// A nil map or slice from `null`: Go keeps it apart from an empty one (`toJson` prints `null`).
fn refuse_null(name: &str) -> CallError {
    CallError::Unsupported(format!("{name} of JSON null (a nil map or slice)"))
}

/// `map[Error:message]`.
fn error_map(message: String) -> Value {
    let mut map = BTreeMap::new();
    map.insert("Error".to_string(), Value::str(message));
    Value::map(map)
}

/// Helm's `toYaml`: sigs.k8s.io/yaml's `Marshal`, one trailing newline trimmed, "" on error.
fn to_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = or_empty(crate::yaml::to_yaml(arg(&args)))?;
    made(ctx, trim_newline(out))
}

/// Helm's `mustToYaml`: as `toYaml`, its error failing the render.
fn must_to_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let out = crate::yaml::to_yaml(arg(&args))?;
    made(ctx, trim_newline(out))
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
    let out = or_empty(crate::yaml::to_yaml_v3(arg(&args)))?;
    made(ctx, trim_newline(out))
}

/// Helm's `fromYaml`: the caller's YAML reader; a non-map or an error gives `map[Error:…]`.
fn from_yaml(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let read = ctx
        .yaml
        .ok_or_else(|| CallError::Unsupported("fromYaml without a YAML reader".to_string()))?;
    let message = match read(text(&args)) {
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
    let message = match read(text(&args)) {
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
