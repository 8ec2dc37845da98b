//! Random patterns of Go's tokens on random texts, as Helm 4.2.3 answered them (recorded by
//! `helm_random.py` into `data/helm-random.json`): Go's compile error word for word, or every
//! match's whole text and groups 1 to 3 through `ReplaceAllString`, and `FindAllString`'s
//! matches (`null`, Go's nil slice, for none).

use serde_json::Value as Json;
use values_migrate_regexp::{Fuel, Regex};

/// Helm's answers.
const DATA: &str = include_str!("data/helm-random.json");

/// The replacement template the recording used.
const TEMPLATE: &str = "<$0|$1|$2|$3>";

/// Our `FindAllString` as Helm's `toJson` prints it.
fn found(re: &Regex, text: &str) -> Json {
    let all = re
        .find_all(text, -1, &mut Fuel::unlimited())
        .expect("unlimited fuel");
    if all.is_empty() {
        return Json::Null;
    }
    Json::Array(
        all.into_iter()
            .map(|r| Json::String(text[r].to_string()))
            .collect(),
    )
}

#[test]
fn agrees_with_helm_on_random_patterns() {
    let cases: Vec<Json> = serde_json::from_str(DATA).expect("the recording");
    let (mut compiled, mut refused) = (0, 0);
    for case in &cases {
        let pattern = case["pattern"].as_str().expect("pattern");
        let helm = &case["helm"];
        let re = match (Regex::new(pattern), helm["error"].as_str()) {
            (Ok(re), None) => re,
            (Err(ours), Some(theirs)) => {
                assert_eq!(ours, theirs, "{pattern:?}");
                refused += 1;
                continue;
            }
            (ours, theirs) => panic!("{pattern:?}: ours {ours:?}, Helm's error {theirs:?}"),
        };
        compiled += 1;
        for (i, text) in case["texts"].as_array().expect("texts").iter().enumerate() {
            let text = text.as_str().expect("text");
            let replaced = re
                .replace_all(text, TEMPLATE, &mut Fuel::unlimited())
                .expect("unlimited fuel");
            assert_eq!(
                Json::String(replaced),
                helm["replaced"][i],
                "{pattern:?} on {text:?}"
            );
            assert_eq!(
                found(&re, text),
                helm["found"][i],
                "{pattern:?} on {text:?}"
            );
        }
    }
    assert!(
        compiled > 500 && refused > 500,
        "{compiled} compiled, {refused} refused"
    );
}
