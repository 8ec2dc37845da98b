use super::*;

/// Helm's `TestSplitManifests` rows (pkg/release/v1/util/manifest_test.go) and the regexp's
/// corners: (input, documents).
const SPLIT: &[(&str, &[&str])] = &[
    (
        "\n\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: finding-nemo,\n",
        &["apiVersion: v1\nkind: Pod\nmetadata:\n  name: finding-nemo,\n"],
    ),
    ("", &[]),
    ("  \n\n  \n", &[]),
    (
        "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm1\n---\n  \n",
        &["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm1"],
    ),
    (
        "\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: test\n",
        &["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: test\n"],
    ),
    (
        "\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm2\n",
        &[
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm1",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm2\n",
        ],
    ),
    (
        "\ndata:\n  key: |\n    hello\n\n",
        &["data:\n  key: |\n    hello\n\n"],
    ),
    // The space before a separator goes with it; `---` takes what follows on its line.
    ("a: 1   \n\n---\nb: 2", &["a: 1", "b: 2"]),
    ("a: 1\n--- # c\nb: 2", &["a: 1", "# c\nb: 2"]),
    ("a: 1\n----\nb: 2", &["a: 1", "-\nb: 2"]),
    ("a: 1\n  ---\nb: 2", &["a: 1\n  ---\nb: 2"]),
    ("a: x---y", &["a: x---y"]),
    // The separator's trailing space is taken, so a second `---` right after is text.
    ("---\n---\na: 1", &["---\na: 1"]),
];

#[test]
fn manifests_split_as_helms_regexp_splits_them() {
    for (input, want) in SPLIT {
        assert_eq!(split_manifests(input), *want, "{input:?}");
    }
}

/// A reader of the JSON documents below (JSON is YAML; Helm reads YAML to JSON first).
fn reader(text: &str) -> Result<Value, String> {
    crate::json::unmarshal(text)
        .map_err(|e| format!("{e:?}"))?
        .map_err(|e| e.to_string())
}

fn files(entries: &[(&str, &str)]) -> BTreeMap<String, (String, Vec<Mask>)> {
    entries
        .iter()
        .map(|(k, v)| (k.to_string(), (v.to_string(), Vec::new())))
        .collect()
}

/// Helm's `TestSortManifests` data (manifest_sorter_test.go) as flow documents: hooks apart
/// (the unknown event dropped, the partial and the blank file skipped), both sorted by kind.
#[test]
fn the_stream_sorts_and_separates_as_helm_template_prints() {
    let files = files(&[
        (
            "c/templates/one",
            r#"{"apiVersion": "v1", "kind": "Job", "metadata": {"name": "first", "annotations": {"helm.sh/hook": "pre-install"}}}"#,
        ),
        (
            "c/templates/two",
            r#"{"kind": "ReplicaSet", "metadata": {"name": "second", "annotations": {"helm.sh/hook": "post-install"}}}"#,
        ),
        (
            "c/templates/three",
            r#"{"kind": "ReplicaSet", "metadata": {"name": "third", "annotations": {"helm.sh/hook": "no-such-hook"}}}"#,
        ),
        (
            "c/templates/four",
            r#"{"kind": "Pod", "metadata": {"name": "fourth", "annotations": {"nothing": "here"}}}"#,
        ),
        (
            "c/templates/five",
            r#"{"kind": "ReplicaSet", "metadata": {"name": "fifth", "annotations": {"helm.sh/hook": "post-delete, post-install"}}}"#,
        ),
        ("c/templates/six/_six", "invalid manifest"),
        ("c/templates/seven", ""),
        (
            "c/templates/eight",
            "{\"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"eighth\"}}\n---\n{\"kind\": \"Pod\", \"metadata\": {\"name\": \"example-test\", \"annotations\": {\"helm.sh/hook\": \"test\"}}}",
        ),
        (
            "c/templates/nine",
            r#"{"kind": "Namespace", "metadata": {"name": "ns"}}"#,
        ),
        ("c/templates/ten", r#"{"kind": "Zebra"}"#),
        ("c/templates/eleven", r#"{"kind": "Alpha"}"#),
        ("c/templates/NOTES.txt", "notes"),
    ]);
    let out = manifest_stream(&files, &reader).unwrap();
    let want = "---\n# Source: c/templates/nine\n{\"kind\": \"Namespace\", \"metadata\": {\"name\": \"ns\"}}\n\
---\n# Source: c/templates/eight\n{\"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"eighth\"}}\n\
---\n# Source: c/templates/four\n{\"kind\": \"Pod\", \"metadata\": {\"name\": \"fourth\", \"annotations\": {\"nothing\": \"here\"}}}\n\
---\n# Source: c/templates/eleven\n{\"kind\": \"Alpha\"}\n\
---\n# Source: c/templates/ten\n{\"kind\": \"Zebra\"}\n\
---\n# Source: c/templates/eight\n{\"kind\": \"Pod\", \"metadata\": {\"name\": \"example-test\", \"annotations\": {\"helm.sh/hook\": \"test\"}}}\n\
---\n# Source: c/templates/five\n{\"kind\": \"ReplicaSet\", \"metadata\": {\"name\": \"fifth\", \"annotations\": {\"helm.sh/hook\": \"post-delete, post-install\"}}}\n\
---\n# Source: c/templates/two\n{\"kind\": \"ReplicaSet\", \"metadata\": {\"name\": \"second\", \"annotations\": {\"helm.sh/hook\": \"post-install\"}}}\n\
---\n# Source: c/templates/one\n{\"apiVersion\": \"v1\", \"kind\": \"Job\", \"metadata\": {\"name\": \"first\", \"annotations\": {\"helm.sh/hook\": \"pre-install\"}}}\n";
    assert_eq!(out, want);
}

#[test]
fn with_no_manifests_the_stream_is_a_newline_then_the_hooks() {
    let only_hook = files(&[(
        "c/templates/h",
        r#"{"kind": "Job", "metadata": {"annotations": {"helm.sh/hook": "pre-install"}}}"#,
    )]);
    let out = manifest_stream(&only_hook, &reader).unwrap();
    assert!(
        out.starts_with("\n---\n# Source: c/templates/h\n"),
        "{out:?}"
    );
    assert_eq!(manifest_stream(&files(&[]), &reader).unwrap(), "\n");
}

#[test]
fn a_head_of_the_wrong_shape_is_helms_parse_error() {
    for doc in [
        r#"["a"]"#,
        r#"{"kind": ["a"]}"#,
        r#"{"metadata": {"annotations": "x"}}"#,
    ] {
        let err = manifest_stream(&files(&[("c/templates/x", doc)]), &reader).unwrap_err();
        assert!(
            err.starts_with("YAML parse error on c/templates/x: "),
            "{err}"
        );
    }
    let numbers = files(&[(
        "c/templates/x",
        r#"{"kind": 5, "metadata": {"name": 7, "annotations": {"helm.sh/hook-weight": 5}}}"#,
    )]);
    assert!(manifest_stream(&numbers, &reader).is_ok());
}
