//! Sprig's regex functions end to end: each case of `tests/regex-helm.json` (recorded from Helm
//! 4.2.3 by `tests/regex_helm.py`) rendered by the evaluator from the same template,
//! `{{ FUNC ARGS | toJson }}`: the same bytes (a Go nil slice printed `null`), or the same error
//! message.

use values_migrate_render::Value;
use values_migrate_render::error::ErrorKind;
use values_migrate_render::exec::{Env, TemplateSet};

/// A recorded argument as a Go template literal (JSON's string escapes are Go's).
fn literal(arg: &serde_json::Value) -> String {
    match arg {
        serde_json::Value::String(_) | serde_json::Value::Number(_) => arg.to_string(),
        other => panic!("unexpected argument {other}"),
    }
}

#[test]
fn every_recorded_call_renders_as_helm_renders_it() {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("regex-helm.json")).expect("the recorded answers");
    let file = "c/templates/x.yaml";
    let mut failures = Vec::new();
    for case in &cases {
        let args = case["args"].as_array().expect("args");
        let call: Vec<String> = std::iter::once(case["func"].as_str().expect("func").to_string())
            .chain(args.iter().map(literal))
            .collect();
        let text = format!("{{{{ {} | toJson }}}}", call.join(" "));
        let mut set = TemplateSet::new();
        set.add_file(file, &text).expect("the template parses");
        let ours = set
            .execute(file, Value::map(Default::default()), &mut Env::default())
            .map(|out| out.without_no_value().text)
            .map_err(|e| (e.kind, e.message));
        let helm = &case["helm"];
        let agrees = match (&ours, helm["json"].as_str(), helm["message"].as_str()) {
            (Ok(out), Some(json), _) => out == json,
            (Err((ErrorKind::Helm, message)), _, Some(theirs)) => message == theirs,
            _ => false,
        };
        if !agrees {
            failures.push(format!("{text}\n  helm: {helm}\n  ours: {ours:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
