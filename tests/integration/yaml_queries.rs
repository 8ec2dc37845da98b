//! Queries on the located tree: paths, walks, mappings, duplicate and merge keys, errors.

use values_migrate::ValuePath;
use values_migrate::yaml::{Limits, NodeKind, Stream, Typing, YamlErrorKind, parse};

fn stream(text: &str) -> Stream {
    parse(text, &Limits::default()).unwrap()
}

fn path(text: &str) -> ValuePath {
    ValuePath::parse(text).unwrap()
}

const VALUES: &str = "gate:\n  argocd:\n    port: 8080\n    \"prometheus.io/scrape\": 'true'\n  extraEnv:\n    - name: A\n      value: b\nyes: 1\n1: one\n";

#[test]
fn get_finds_values_by_typed_keys() {
    let s = stream(VALUES);
    let root = &s.documents[0].root;
    let port = root.get(&path("gate.argocd.port"), Typing::Helm).unwrap();
    assert_eq!(&VALUES[port.range()], "8080");
    let scrape = root
        .get(&path("gate.argocd[\"prometheus.io/scrape\"]"), Typing::Helm)
        .unwrap();
    assert_eq!(&VALUES[scrape.range()], "'true'");
    let name = root
        .get(&path("gate.extraEnv[0].name"), Typing::Helm)
        .unwrap();
    assert_eq!(name.scalar_text(), Some("A"));
    // Under Helm `yes` is the key "true"; under YAML 1.2 it is "yes".
    assert!(root.get(&path("true"), Typing::Helm).is_some());
    assert!(root.get(&path("yes"), Typing::Helm).is_none());
    assert!(root.get(&path("yes"), Typing::Yaml12).is_some());
    assert!(root.get(&path("[\"1\"]"), Typing::Helm).is_some());
    assert!(root.get(&path("gate.missing"), Typing::Helm).is_none());
    assert!(root.get(&path("gate.extraEnv[5]"), Typing::Helm).is_none());
    assert_eq!(root.get(&ValuePath::root(), Typing::Helm), Some(root));
}

#[test]
fn walk_returns_every_node_and_key_on_the_path() {
    let s = stream(VALUES);
    let root = &s.documents[0].root;
    let steps = root.walk(&path("gate.extraEnv[0].value"), Typing::Helm);
    assert_eq!(steps.len(), 5);
    assert!(steps[0].key.is_none());
    assert_eq!(&VALUES[steps[1].key.unwrap().range()], "gate");
    assert!(steps[3].key.is_none());
    assert_eq!(&VALUES[steps[4].node.range()], "b");
    // A path that stops early returns the nodes it reached.
    let steps = root.walk(&path("gate.argocd.port.deeper"), Typing::Helm);
    assert_eq!(steps.len(), 4);
}

#[test]
fn walk_stops_at_aliases_so_callers_see_them() {
    let text = "base: &b {port: 1}\nuse: *b\n";
    let s = stream(text);
    let steps = s.documents[0].root.walk(&path("use.port"), Typing::Helm);
    assert_eq!(steps.len(), 2);
    assert!(steps[1].node.is_alias());
}

#[test]
fn mappings_are_listed_with_their_paths() {
    let s = stream(VALUES);
    let paths: Vec<String> = s.documents[0]
        .root
        .mappings(Typing::Helm)
        .into_iter()
        .map(|(path, _)| path.to_string())
        .collect();
    assert_eq!(paths, ["", "gate", "gate.argocd", "gate.extraEnv[0]"]);
}

#[test]
fn duplicate_keys_are_reported_not_collapsed() {
    let text = "a: 1\nb:\n  c: 1\n  c: 2\na: 3\ntrue: x\nyes: y\n";
    let s = stream(text);
    let root = &s.documents[0].root;
    assert_eq!(root.entries().unwrap().len(), 5);
    let helm = root.duplicate_keys(Typing::Helm);
    let found: Vec<(String, String, &str)> = helm
        .iter()
        .map(|d| {
            (
                d.path.to_string(),
                d.key.clone(),
                &text[d.duplicate.clone()],
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (String::new(), "a".to_string(), "a"),
            (String::new(), "true".to_string(), "yes"),
            ("b".to_string(), "c".to_string(), "c"),
        ]
    );
    assert_eq!(&text[helm[0].first.clone()], "a");
    assert_eq!(helm[0].first.start, 0);
    assert_eq!(root.duplicate_keys(Typing::Yaml12).len(), 2);
    assert_eq!(s.duplicate_keys(Typing::Helm).len(), 3);
}

#[test]
fn merge_keys_are_found() {
    let text = "b: &b {x: 1}\na:\n  <<: *b\n  c:\n    !!merge <<: *b\n  d:\n    \"<<\": 1\n";
    let s = stream(text);
    let merges = s.documents[0].root.merge_keys(Typing::Helm);
    let paths: Vec<String> = merges.iter().map(|m| m.path.to_string()).collect();
    assert_eq!(paths, ["a", "a.c"]);
    let a = s.documents[0].root.get(&path("a"), Typing::Helm).unwrap();
    assert!(a.entries().unwrap()[0].is_merge_key());
    assert!(matches!(
        a.entries().unwrap()[0].value.kind(),
        NodeKind::Alias(_)
    ));
}

#[test]
fn syntax_errors_are_located_in_bytes_and_rendered_with_a_caret() {
    let text = "é: 你好\nb: [🎉, x\n";
    let error = parse(text, &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::Syntax);
    assert!(text.is_char_boundary(error.offset()));
    let rendered = error.display_with("values.yaml", text);
    let (line, column, _) = error.line_col(text);
    assert!(
        rendered.starts_with(&format!("values.yaml:{line}:{column}: ")),
        "{rendered}"
    );
    assert_eq!(rendered.lines().count(), 3, "{rendered}");
    let text = "a: 1\n  b: 2\n";
    let error = parse(text, &Limits::default()).unwrap_err();
    assert_eq!(error.line_col(text).0, 2);
    let text = "k: \"never closed\n";
    let error = parse(text, &Limits::default()).unwrap_err();
    assert_eq!(error.line_col(text), (1, 4, 4));
}
