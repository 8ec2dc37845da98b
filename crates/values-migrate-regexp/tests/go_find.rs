//! Go's `findTests` (`regexp/find_test.go`), every one Go's strings can carry here (the
//! invalid UTF-8 rows aside: a template's strings are UTF-8 here), checked as Go's `TestFind*`
//! functions check them: the first match, its submatches, and `FindAll*` with the row's `n`.

use serde_json::Value;
use values_migrate_regexp::{Fuel, Regex};

/// Go's table, one row a line (`tests/data/go-find-tests.json`): pattern, text, n, and each
/// match's submatch index pairs (`-1` for a group that took no part), `null` for none.
const DATA: &str = include_str!("data/go-find-tests.json");

/// A row's expected matches as `Option<(start, end)>` per group.
fn expected(row: &Value) -> Vec<Vec<Option<(usize, usize)>>> {
    let Some(matches) = row["matches"].as_array() else {
        return Vec::new();
    };
    matches
        .iter()
        .map(|m| {
            let flat: Vec<i64> = m
                .as_array()
                .expect("pairs")
                .iter()
                .map(|n| n.as_i64().expect("a number"))
                .collect();
            flat.chunks(2)
                .map(|p| (p[0] >= 0).then(|| (p[0] as usize, p[1] as usize)))
                .collect()
        })
        .collect()
}

#[test]
fn finds_as_gos_find_tests_say() {
    let rows: Vec<Value> = serde_json::from_str(DATA).expect("the table");
    assert!(rows.len() >= 90, "{} rows", rows.len());
    for row in &rows {
        let pattern = row["pattern"].as_str().expect("pattern");
        let text = row["text"].as_str().expect("text");
        let n = row["max"].as_i64().expect("max");
        let want = expected(row);
        let re = Regex::new(pattern).expect("Go compiles every pattern of the table");
        assert_eq!(re.as_str(), pattern);
        let fuel = &mut Fuel::unlimited();
        let all: Vec<Vec<Option<(usize, usize)>>> = re
            .find_all_submatch(text, n, fuel)
            .expect("fuel")
            .into_iter()
            .map(|groups| {
                groups
                    .into_iter()
                    .map(|g| g.map(|r| (r.start, r.end)))
                    .collect()
            })
            .collect();
        assert_eq!(
            all, want,
            "FindAllStringSubmatchIndex {pattern:?} on {text:?}, n={n}"
        );
        let ranges: Vec<(usize, usize)> = re
            .find_all(text, n, fuel)
            .expect("fuel")
            .into_iter()
            .map(|r| (r.start, r.end))
            .collect();
        let whole: Vec<(usize, usize)> = want.iter().filter_map(|m| m[0]).collect();
        assert_eq!(ranges, whole, "FindAllStringIndex {pattern:?} on {text:?}");
        if n == 0 {
            continue;
        }
        let first = re.find_submatch(text, fuel).expect("fuel").map(|groups| {
            groups
                .into_iter()
                .map(|g| g.map(|r| (r.start, r.end)))
                .collect::<Vec<_>>()
        });
        assert_eq!(
            first.as_ref(),
            want.first(),
            "FindStringSubmatchIndex {pattern:?} on {text:?}"
        );
        let index = re.find(text, fuel).expect("fuel").map(|r| (r.start, r.end));
        assert_eq!(
            index,
            want.first().and_then(|m| m[0]),
            "FindStringIndex {pattern:?}"
        );
        assert_eq!(
            re.is_match(text),
            !want.is_empty(),
            "MatchString {pattern:?} on {text:?}"
        );
    }
}
