//! `semver`'s `*semver.Version`: its fields and its comparison methods, against Masterminds/semver's
//! own `TestCompare` table (version_test.go).

use values_migrate_render::Value;

mod common;

/// `semver TEXT`.
fn semver(text: &str) -> Value {
    common::call("semver", vec![Value::str(text)]).expect("a version")
}

/// Calls method `name` of version `v` with `args`.
fn method(v: &Value, name: &str, args: &[Value]) -> Result<Value, String> {
    let Value::Object(o) = v else {
        panic!("not an object")
    };
    o.call(name, args).expect("a method")
}

/// Masterminds/semver's `TestCompare`: (v1, v2, v1.Compare(v2)).
const COMPARE: &[(&str, &str, i64)] = &[
    ("1.2.3", "1.5.1", -1),
    ("2.2.3", "1.5.1", 1),
    ("2.2.3", "2.2.2", 1),
    ("3.2-beta", "3.2-beta", 0),
    ("1.3", "1.1.4", 1),
    ("4.2", "4.2-beta", 1),
    ("4.2-beta", "4.2", -1),
    ("4.2-alpha", "4.2-beta", -1),
    ("4.2-alpha", "4.2-alpha", 0),
    ("4.2-beta.2", "4.2-beta.1", 1),
    ("4.2-beta2", "4.2-beta1", 1),
    ("4.2-beta", "4.2-beta.2", -1),
    ("4.2-beta", "4.2-beta.foo", -1),
    ("4.2-beta.2", "4.2-beta", 1),
    ("4.2-beta.foo", "4.2-beta", 1),
    ("1.2+bar", "1.2+baz", 0),
    ("1.0.0-beta.4", "1.0.0-beta.-2", -1),
    ("1.0.0-beta.-2", "1.0.0-beta.-3", -1),
    ("1.0.0-beta.-3", "1.0.0-beta.5", 1),
];

#[test]
fn compare_matches_masterminds_table() {
    for (a, b, want) in COMPARE {
        let got = method(&semver(a), "Compare", &[semver(b)]);
        assert!(
            matches!(got, Ok(Value::Int(n, _)) if n == *want),
            "{a} vs {b}: {got:?}"
        );
        let less = method(&semver(a), "LessThan", &[semver(b)]);
        assert!(
            matches!(less, Ok(Value::Bool(l)) if l == (*want < 0)),
            "{a} < {b}"
        );
        let equal = method(&semver(a), "Equal", &[semver(b)]);
        assert!(
            matches!(equal, Ok(Value::Bool(e)) if e == (*want == 0)),
            "{a} == {b}"
        );
    }
}

#[test]
fn fields_and_printing_are_masterminds() {
    let v = semver("v1.2.3-beta.1+build.5");
    let Value::Object(o) = &v else {
        panic!("not an object")
    };
    assert_eq!(o.type_name(), "*semver.Version");
    assert_eq!(o.display().as_deref(), Some("1.2.3-beta.1+build.5"));
    assert!(matches!(o.field("Minor"), Some(Value::Int(2, _))));
    assert_eq!(
        o.field("Prerelease")
            .and_then(|p| p.as_str().map(str::to_string))
            .as_deref(),
        Some("beta.1")
    );
    assert_eq!(
        o.field("Original")
            .and_then(|p| p.as_str().map(str::to_string))
            .as_deref(),
        Some("v1.2.3-beta.1+build.5")
    );
    let wrong = method(&v, "Compare", &[Value::str("1.0.0")]);
    assert_eq!(
        wrong.err().as_deref(),
        Some("wrong type for value; expected *semver.Version; got string")
    );
}
