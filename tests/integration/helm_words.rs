//! Helm's words: for each case of tests/fixtures/helm/words.json, the lines `helm install`
//! prints under the chart's name (recorded from Helm 4.2.3 through helm-python-sdk) are the
//! lines `Schema::helm_text` gives. Helm lists one object's errors in Go's map order, so the
//! lines compare as a multiset. A schema Helm refuses (tests/fixtures/helm/refused.json) is refused
//! here naming the deepest place and words of Helm's meta-schema error.

use serde_json::Value;
use values_migrate::schema::Schema;

/// The cases of one fixture file of tests/fixtures/helm, at least `least` of them.
fn cases(path: &str, least: usize) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("fixture");
    let fixture: Value = serde_json::from_str(&text).expect("JSON");
    let cases = fixture["cases"].as_array().expect("cases").clone();
    assert!(cases.len() >= least);
    cases
}

#[test]
fn every_case_prints_what_helm_printed() {
    let cases = cases("tests/fixtures/helm/words.json", 20);
    let mut failures = Vec::new();
    for case in &cases {
        let schema_text = case["schema"].to_string();
        let expected = case["helm"].as_str().expect("helm");
        let got = match Schema::compile(&schema_text) {
            Ok(schema) => schema.helm_text(&case["values"]),
            Err(e) => format!("refused: {e}"),
        };
        let lines = |t: &str| {
            let mut v: Vec<String> = t.lines().map(str::to_string).collect();
            v.sort();
            v
        };
        if lines(&got) != lines(expected) {
            failures.push(format!("{schema_text}\nHelm:\n{expected}ours:\n{got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_refused_schema_names_what_helm_named() {
    let cases = cases("tests/fixtures/helm/refused.json", 10);
    let mut failures = Vec::new();
    for case in &cases {
        let schema_text = case["schema"].as_str().expect("schema");
        let helm = case["helm"].as_str().expect("helm");
        // Helm's deepest cause: `- at '/deprecated': got string, want boolean`.
        let deepest = helm.lines().last().expect("a cause").trim_start();
        let deepest = deepest.strip_prefix("- ").expect("a cause line");
        match Schema::compile(schema_text) {
            Ok(_) => failures.push(format!("{schema_text}: compiled; Helm: {deepest}")),
            Err(e) if !e.message().ends_with(deepest) || e.line().is_none() => {
                failures.push(format!("{schema_text}: ours `{e}`; Helm: {deepest}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The lines one violation stands for in Helm's report: the lines holding it, its own, its causes.
fn violation_lines(v: &values_migrate::schema::Violation, out: &mut Vec<String>) {
    fn line(depth: usize, pointer: &str, message: &str) -> String {
        let pointer = values_migrate_validator::go_quote(pointer);
        format!("{}- at {pointer}: {message}", "  ".repeat(depth))
    }
    fn causes(depth: usize, lines: &[values_migrate::schema::HelmLine], out: &mut Vec<String>) {
        for l in lines {
            out.push(line(depth, &l.pointer, &l.message));
            causes(depth + 1, &l.causes, out);
        }
    }
    for (depth, head) in v.within.iter().enumerate() {
        out.push(line(depth, &head.pointer, &head.message));
    }
    out.push(line(v.within.len(), &v.pointer, &v.helm_message));
    causes(v.within.len() + 1, &v.causes, out);
}

#[test]
fn every_violation_is_nested_as_helm_nests_it() {
    let cases = cases("tests/fixtures/helm/words.json", 20);
    let mut failures = Vec::new();
    for case in &cases {
        let Ok(schema) = Schema::compile(&case["schema"].to_string()) else {
            continue;
        };
        let expected = case["helm"].as_str().expect("helm");
        let mut ours = Vec::new();
        for v in schema.validate(&case["values"]) {
            violation_lines(&v, &mut ours);
        }
        let set = |lines: Vec<String>| {
            let mut v = lines;
            v.sort();
            v.dedup();
            v
        };
        let helm = set(expected.lines().map(str::to_string).collect());
        if set(ours.clone()) != helm {
            let ours = set(ours).join("\n");
            failures.push(format!(
                "{}\nHelm:\n{expected}ours:\n{ours}",
                case["schema"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
