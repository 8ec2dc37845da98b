//! Helm's words: for each case of tests/fixtures/helm/words.json, the lines `helm install`
//! prints under the chart's name (recorded from Helm 4.2.3 through helm-python-sdk) are the
//! lines `Schema::helm_text` gives. Helm lists one object's errors in Go's map order, so the
//! lines compare as a multiset.

use serde_json::Value;
use values_migrate::schema::Schema;

#[test]
fn every_case_prints_what_helm_printed() {
    let text = std::fs::read_to_string("tests/fixtures/helm/words.json").expect("fixture");
    let fixture: Value = serde_json::from_str(&text).expect("JSON");
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() >= 20);
    let mut failures = Vec::new();
    for case in cases {
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
