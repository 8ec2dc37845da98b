//! Every case of `tests/fixtures/funcs/oracle.json` rendered end to end through the evaluator
//! (argument conversion, pipelines, printing, error words), as Helm 4.2.3 rendered it.

use std::collections::BTreeMap;

use values_migrate_render::Value;
use values_migrate_render::error::ErrorKind;
use values_migrate_render::exec::{Env, TemplateSet};

/// The cases this port refuses by name (Helm's answers are recorded beside them all the same).
const REFUSED: &[&str] = &[
    r#"{{ float64 "0x1p-2" }}"#,
    r#"{{ addf 1e300 1e-300 }}"#,
    r#"{{ mustToDate "2006-01-02 MST" "2024-01-02 PST" }}"#,
    r#"{{ mustToDate "2006-01-02 -0700" "2024-01-02 +0100" }}"#,
    r#"{{ abbrevboth 5 10 "éééééééééééé" }}"#,
    r#"{{ trunc -4 "héllo" }}"#,
];

/// The probe chart's template, rendered: its text, or the error's kind and message.
fn render(template: &str) -> Result<String, (ErrorKind, String)> {
    render_masked(template).map(|(text, _)| text)
}

/// A render's text and masked spans.
type Masked = (String, Vec<(usize, usize)>);

/// The probe chart's template, rendered: its text and masked spans, or the error.
fn render_masked(template: &str) -> Result<Masked, (ErrorKind, String)> {
    let file = "p/templates/x.yaml";
    let mut set = TemplateSet::new();
    set.add_file(file, template)
        .map_err(|e| (e.kind, e.message))?;
    let mut dot = BTreeMap::new();
    dot.insert("Values".to_string(), Value::map(BTreeMap::new()));
    let mut names = BTreeMap::new();
    names.insert("Name".to_string(), Value::str(file));
    names.insert("BasePath".to_string(), Value::str("p/templates"));
    dot.insert("Template".to_string(), Value::map(names));
    let mut env = Env::default();
    let out = set
        .execute(file, Value::map(dot), &mut env)
        .map_err(|e| (e.kind, e.message))?;
    let out = out.without_no_value();
    let masks = out.masks.iter().map(|m| (m.start, m.end)).collect();
    Ok((out.text, masks))
}

/// Whether `helm` is `ours` with each masked span replaced by any text (a glob match).
fn matches_outside_masks(ours: &str, masks: &[(usize, usize)], helm: &str) -> bool {
    let mut literals = Vec::new();
    let mut at = 0;
    for (start, end) in masks {
        literals.push(&ours[at..*start]);
        at = *end;
    }
    literals.push(&ours[at..]);
    let (first, rest) = literals.split_first().expect("one literal at least");
    let Some(mut left) = helm.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for literal in middle {
        match left.find(literal) {
            Some(i) => left = &left[i + literal.len()..],
            None => return false,
        }
    }
    left.len() >= last.len() && left.ends_with(last)
}

#[test]
fn random_and_clock_output_matches_helm_outside_its_masks() {
    let text = std::fs::read_to_string("tests/fixtures/funcs/masked.json").expect("the fixture");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let mut wrong = Vec::new();
    let mut masked = 0;
    for case in &cases {
        let template = case["template"].as_str().expect("a template");
        let helm = case["out"]
            .as_str()
            .expect("Helm rendered every masked case");
        match render_masked(template) {
            Ok((ours, masks)) => {
                // Unmasked output (a length, a given default) must equal Helm's exactly.
                masked += usize::from(!masks.is_empty());
                if !matches_outside_masks(&ours, &masks, helm) {
                    wrong.push(format!(
                        "{template}\n  helm {helm:?}\n  ours {ours:?} {masks:?}"
                    ));
                }
            }
            Err(e) => wrong.push(format!("{template}: {e:?}")),
        }
    }
    assert!(
        masked >= 17,
        "only {masked} of {} cases were masked",
        cases.len()
    );
    assert!(
        wrong.is_empty(),
        "{} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_recorded_case_renders_through_the_evaluator() {
    let text = std::fs::read_to_string("tests/fixtures/funcs/oracle.json").expect("the fixture");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let mut wrong = Vec::new();
    let mut refused = Vec::new();
    for case in &cases {
        let template = case["template"].as_str().expect("a template");
        if template.contains("derivePassword") {
            continue;
        }
        let ours = render(template);
        let ok = match (&ours, case.get("out"), case.get("err")) {
            (Err((ErrorKind::Unsupported, _)), _, _) => {
                refused.push(template);
                REFUSED.contains(&template)
            }
            (Ok(text), Some(out), _) => out.as_str() == Some(text.as_str()),
            (Err((ErrorKind::Helm, message)), _, Some(err)) => {
                err.as_str() == Some(message.as_str())
            }
            _ => false,
        };
        if !ok {
            wrong.push(format!("{template}\n  helm {case}\n  ours {ours:?}"));
        }
    }
    assert_eq!(refused, REFUSED, "the refusals are the known ones");
    assert!(
        wrong.is_empty(),
        "{} of {} cases differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}
