//! The parser on its own: trees, positions, trims, Go's errors located, every real chart's
//! templates in the repository parsed, and no input that makes it panic.

use std::path::Path;
use values_migrate_template::{Arg, Node, parse};

fn only_action(text: &str) -> Vec<Arg> {
    let trees = parse("t.yaml", text).expect("parses");
    let action = trees[0]
        .root
        .iter()
        .find_map(|n| match n {
            Node::Action { pipe, .. } => Some(pipe.clone()),
            _ => None,
        })
        .expect("an action");
    action.cmds.into_iter().flat_map(|c| c.args).collect()
}

#[test]
fn a_file_gives_its_top_level_then_each_define_and_block() {
    let text = r#"a{{ define "x" }}x{{ end }}{{ block "y" . }}y{{ end }}b"#;
    let trees = parse("t.yaml", text).expect("parses");
    let names: Vec<&str> = trees.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["t.yaml", "x", "y"]);
    assert!(matches!(&trees[0].root[1], Node::Template { name, .. } if name == "y"));
}

#[test]
fn fields_variables_and_chains_keep_their_idents() {
    let args = only_action(r#"{{ $x := .Values.a.b }}{{ ($x).c.d }}"#);
    assert!(matches!(&args[0], Arg::Field { idents, .. } if idents == &["Values", "a", "b"]));
    let trees = parse("t.yaml", r#"{{ $x := .A }}{{ $x.b.c }}{{ (.A).b }}"#).expect("parses");
    let Node::Action { pipe, .. } = &trees[0].root[1] else {
        panic!("an action")
    };
    assert!(
        matches!(&pipe.cmds[0].args[0], Arg::Variable { name, idents, .. } if name == "$x" && idents == &["b", "c"])
    );
    let Node::Action { pipe, .. } = &trees[0].root[2] else {
        panic!("an action")
    };
    assert!(matches!(&pipe.cmds[0].args[0], Arg::Chain { fields, .. } if fields == &["b"]));
}

#[test]
fn strings_are_unquoted_with_go_escapes() {
    let args = only_action(r#"{{ print "a\tb\u00e9\x41\101" `r\n` }}"#);
    assert!(matches!(&args[1], Arg::String { value, .. } if value == "a\tbéAA"));
    assert!(matches!(&args[2], Arg::String { value, .. } if value == "r\\n"));
}

#[test]
fn trim_markers_need_their_space_and_a_minus_number_is_a_number() {
    let args = only_action("{{-3}}");
    assert!(matches!(&args[0], Arg::Number { text, .. } if text == "-3"));
    let trees = parse("t.yaml", "a  {{- .A -}}  b").expect("parses");
    assert_eq!(trees[0].root.len(), 3);
}

#[test]
fn else_if_and_else_with_chain_as_go_nests_them() {
    let trees = parse(
        "t.yaml",
        "{{ if .A }}1{{ else if .B }}2{{ else }}3{{ end }}",
    )
    .expect("parses");
    let Node::If(branch) = &trees[0].root[0] else {
        panic!("an if")
    };
    let else_list = branch.else_list.as_ref().expect("else");
    assert!(matches!(&else_list[..], [Node::If(inner)] if inner.else_list.is_some()));
}

#[test]
fn errors_are_located_at_their_line_and_column_in_gos_words() {
    let cases = [
        ("a\nb {{ if }}", 2, 9, "missing value for if"),
        ("{{ nope 1 }}", 1, 4, "function \"nope\" not defined"),
        ("{{ $y }}", 1, 4, "undefined variable \"$y\""),
        ("{{ break }}", 1, 4, "{{break}} outside {{range}}"),
        ("{{ end }}", 1, 4, "unexpected {{end}}"),
        ("{{ if .A }}x", 1, 13, "unexpected EOF"),
        ("x\n{{ .A\n", 3, 1, "unclosed action started at t.yaml:2"),
        ("{{ 3k }}", 1, 4, "bad number syntax: \"3k\""),
        ("{{ 09 }}", 1, 4, "integer overflow: \"09\""),
        ("{{ 'ab' }}", 1, 4, "malformed character constant: 'ab'"),
        (
            "{{ \"x\" | 3 }}",
            1,
            10,
            "non executable command in pipeline stage 2",
        ),
    ];
    for (text, line, column, message) in cases {
        let error = parse("t.yaml", text).expect_err(text);
        assert_eq!(
            (error.line(), error.column(), error.message()),
            (line, column, message),
            "{text}"
        );
        assert_eq!(
            error.to_string(),
            format!("t.yaml:{line}:{column}: {message}")
        );
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let parens = format!("{{{{ {}1{} }}}}", "(".repeat(500), ")".repeat(500));
    assert_eq!(
        parse("t.yaml", &parens).expect_err("too deep").message(),
        "nesting too deep"
    );
    let ifs = format!("{}{}", "{{ if .A }}".repeat(300), "{{ end }}".repeat(300));
    assert_eq!(
        parse("t.yaml", &ifs).expect_err("too deep").message(),
        "nesting too deep"
    );
}

/// Every file under `dir` whose path has a `templates` directory.
fn templates(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            templates(&path, out);
        } else if path.components().any(|c| c.as_os_str() == "templates") {
            out.push(path);
        }
    }
}

#[test]
fn every_real_charts_template_in_the_repository_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/charts/real");
    let mut files = Vec::new();
    templates(&root, &mut files);
    assert!(files.len() > 400, "{} template files", files.len());
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).expect("readable")).into_owned();
        if let Err(error) = parse(&file.display().to_string(), &text) {
            panic!("{error}");
        }
    }
}

proptest::proptest! {
    #[test]
    fn no_input_panics(text in "(\\{\\{-? ?|[a-z$.()|\"'`:=, -]|-? ?\\}\\}|end|if|range|define|/\\*|\\*/|[0-9]){0,40}") {
        let _ = parse("t.yaml", &text);
    }
}
