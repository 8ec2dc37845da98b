//! Helm's own engine tests (`pkg/engine/engine_test.go` at v4.2.3) that exercise the evaluator:
//! errors in Helm's words, `include`, `tpl` (empty, redefinitions, missing keys), `required`,
//! `fail`, and the recursion limit, through a minimal engine loop over a template set.

use std::collections::BTreeMap;

use serde_json::json;
use values_migrate_render::Value;
use values_migrate_render::error::{ErrorKind, RenderError};
use values_migrate_render::exec::{Env, TemplateSet};

/// A JSON value with the kinds Go's test literals have (integers `int`).
fn go_value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(go_value).collect()),
        serde_json::Value::Object(map) => {
            Value::map(map.iter().map(|(k, v)| (k.clone(), go_value(v))).collect())
        }
    }
}

/// Helm's `render` over `chart/templates/…` files: every file parsed in Helm's order, each
/// non-partial one executed with `vals` and its `.Template`, `<no value>` removed.
fn render(
    chart: &str,
    files: &[(&str, &str)],
    vals: &serde_json::Value,
) -> Result<BTreeMap<String, String>, RenderError> {
    let mut names: Vec<String> = files.iter().map(|(n, _)| format!("{chart}/{n}")).collect();
    names.sort_by(|a, b| {
        let depth = |s: &str| s.matches('/').count();
        depth(b).cmp(&depth(a)).then_with(|| b.cmp(a))
    });
    let text = |name: &str| {
        let short = name
            .strip_prefix(&format!("{chart}/"))
            .unwrap_or(name)
            .to_string();
        files
            .iter()
            .find(|(n, _)| *n == short)
            .map(|(_, t)| *t)
            .unwrap_or("")
    };
    let mut set = TemplateSet::new();
    for name in &names {
        set.add_file(name, text(name))?;
    }
    let mut out = BTreeMap::new();
    let mut env = Env::default();
    for name in &names {
        if name
            .rsplit('/')
            .next()
            .is_some_and(|base| base.starts_with('_'))
        {
            continue;
        }
        let mut dot = vals.clone();
        dot["Template"] = json!({"Name": name, "BasePath": format!("{chart}/templates")});
        let output = set.execute(name, go_value(&dot), &mut env)?;
        out.insert(name.clone(), output.without_no_value().text);
    }
    Ok(out)
}

fn error(chart: &str, files: &[(&str, &str)], vals: &serde_json::Value) -> String {
    render(chart, files, vals).expect_err("fails").message
}

#[test]
fn parse_errors() {
    // TestParseErrors (Helm names the file without a chart directory there).
    let mut set = TemplateSet::new();
    let e = set
        .add_file("undefined_function", "{{foo}}")
        .expect_err("undefined");
    assert_eq!(
        e.message,
        r#"parse error at (undefined_function:1): function "foo" not defined"#
    );
    assert_eq!(e.kind, ErrorKind::Helm);
}

#[test]
fn exec_errors() {
    let vals = json!({"Values": {}});
    // TestExecErrors and TestFailErrors: (file, template, Helm's error).
    let cases = [
        (
            "missing_required",
            r#"{{required "foo is required" .Values.foo}}"#,
            "execution error at (missing_required:1:2): foo is required",
        ),
        (
            "missing_required_with_colons",
            r#"{{required ":this: message: has many: colons:" .Values.foo}}"#,
            "execution error at (missing_required_with_colons:1:2): :this: message: has many: colons:",
        ),
        (
            "issue6044",
            "{{ $someEmptyValue := \"\" }}\n{{ $myvar := \"abc\" }}\n{{- required (printf \"%s: something is missing\" $myvar) $someEmptyValue | repeat 0 }}",
            "execution error at (issue6044:3:4): abc: something is missing",
        ),
        (
            "issue9981",
            "{{required \"foo is required\\nmore info after the break\" .Values.foo}}",
            "execution error at (issue9981:1:2): foo is required\nmore info after the break",
        ),
        (
            "issue9981",
            "{{fail \"something is wrong\\nlinebreak\"}}",
            "execution error at (issue9981:1:2): something is wrong\nlinebreak",
        ),
        (
            "failtpl",
            r#"All your base are belong to us{{ fail "This is an error" }}"#,
            "execution error at (failtpl:1:33): This is an error",
        ),
    ];
    for (file, text, want) in cases {
        let mut set = TemplateSet::new();
        set.add_file(file, text).expect("parses");
        let got = set.execute(file, go_value(&vals), &mut Env::default());
        assert_eq!(got.expect_err(file).message, want);
    }
}

#[test]
fn include_and_required() {
    // TestAlterFuncMap_include and TestAlterFuncMap_require.
    let vals = json!({"Values": "", "Release": {"Name": "Mistah Kurtz"}});
    let files = [
        (
            "templates/quote",
            r#"{{include "conrad/templates/_partial" . | indent 2}} dead."#,
        ),
        ("templates/_partial", "{{.Release.Name}} - he"),
    ];
    let out = render("conrad", &files, &vals).expect("renders");
    assert_eq!(out["conrad/templates/quote"], "  Mistah Kurtz - he dead.");
    let nested = [
        (
            "templates/quote",
            r#"{{include "nested/templates/quote" . | indent 2}} dead."#,
        ),
        ("templates/_partial", "{{.Release.Name}} - he"),
    ];
    assert!(render("nested", &nested, &vals).is_err());
    let vals = json!({"Values": {"who": "us", "bases": 2}, "Release": {"Name": "That 90s meme"}});
    let files = [
        (
            "templates/quote",
            r#"All your base are belong to {{ required "A valid 'who' is required" .Values.who }}"#,
        ),
        (
            "templates/bases",
            r#"All {{ required "A valid 'bases' is required" .Values.bases }} of them!"#,
        ),
    ];
    let out = render("conan", &files, &vals).expect("renders");
    assert_eq!(
        out["conan/templates/quote"],
        "All your base are belong to us"
    );
    assert_eq!(out["conan/templates/bases"], "All 2 of them!");
}

#[test]
fn tpl() {
    let vals = json!({"Values": {"value": "myvalue"}, "Release": {"Name": "TestRelease"}});
    // TestAlterFuncMap_tpl, _tplfunc.
    let files = [(
        "templates/base",
        r#"Evaluate tpl {{tpl "Value: {{ .Values.value}}" .}}"#,
    )];
    let out = render("TplFunction", &files, &vals).expect("renders");
    assert_eq!(
        out["TplFunction/templates/base"],
        "Evaluate tpl Value: myvalue"
    );
    let files = [(
        "templates/base",
        r#"Evaluate tpl {{tpl "Value: {{ .Values.value | quote}}" .}}"#,
    )];
    let out = render("TplFunction", &files, &vals).expect("renders");
    assert_eq!(
        out["TplFunction/templates/base"],
        "Evaluate tpl Value: \"myvalue\""
    );
    // TestRenderTplEmpty.
    let files = [
        ("templates/empty-string", r#"{{tpl "" .}}"#),
        ("templates/empty-action", r#"{{tpl "{{ \"\"}}" .}}"#),
        (
            "templates/only-defines",
            r#"{{tpl "{{define \"not-invoked\"}}not-rendered{{end}}" .}}"#,
        ),
    ];
    let out = render("TplEmpty", &files, &vals).expect("renders");
    assert!(out.values().all(String::is_empty), "{out:?}");
    // TestRenderTplMissingKey.
    let files = [(
        "templates/manifest",
        r#"missingValue: {{tpl "{{.Values.noSuchKey}}" .}}"#,
    )];
    let out = render("TplMissingKey", &files, &json!({"Values": {}})).expect("renders");
    assert_eq!(out["TplMissingKey/templates/manifest"], "missingValue: ");
}

#[test]
fn tpl_template_names() {
    // TestRenderTplTemplateNames: `.Template` reaches the text `tpl` renders.
    let vals = json!({"Values": {"dot": {"Template": {
        "BasePath": "path/to/template", "Name": "name-of-template", "Field": "extra-field"}}}});
    let files = [
        (
            "templates/default-basepath",
            r#"{{tpl "{{ .Template.BasePath }}" .}}"#,
        ),
        (
            "templates/default-name",
            r#"{{tpl "{{ .Template.Name }}" .}}"#,
        ),
        (
            "templates/modified-basepath",
            r#"{{tpl "{{ .Template.BasePath }}" .Values.dot}}"#,
        ),
        (
            "templates/modified-name",
            r#"{{tpl "{{ .Template.Name }}" .Values.dot}}"#,
        ),
        (
            "templates/modified-field",
            r#"{{tpl "{{ .Template.Field }}" .Values.dot}}"#,
        ),
    ];
    let out = render("TplTemplateNames", &files, &vals).expect("renders");
    let want = [
        ("default-basepath", "TplTemplateNames/templates"),
        ("default-name", "TplTemplateNames/templates/default-name"),
        ("modified-basepath", "path/to/template"),
        ("modified-name", "name-of-template"),
        ("modified-field", "extra-field"),
    ];
    for (file, text) in want {
        assert_eq!(
            out[&format!("TplTemplateNames/templates/{file}")],
            text,
            "{file}"
        );
    }
}

#[test]
fn tpl_redefines() {
    // TestRenderTplRedefines: a definition inside `tpl` is seen inside it only.
    let vals = json!({"Values": {
        "partialText": r#"{{define "partial"}}redefined-in-tpl{{end}}tpl: {{include "partial" .}}"#,
        "manifestText": r#"{{define "manifest"}}redefined-in-tpl{{end}}tpl: {{include "manifest" .}}"#,
        "manifestOnlyText": r#"tpl: {{include "manifest-only" .}}"#,
        "nestedText": concat!(
            r#"{{define "nested"}}redefined-in-tpl{{end}}"#,
            r#"{{define "nested-outer"}}redefined-outer-in-tpl{{end}}"#,
            r#"before-inner-tpl: {{include "nested" .}} {{include "nested-outer" . }}\n"#,
            r#"{{tpl .Values.innerText .}}\n"#,
            r#"after-inner-tpl: {{include "nested" .}} {{include "nested-outer" . }}"#
        ),
        "innerText": r#"{{define "nested"}}redefined-in-inner-tpl{{end}}inner-tpl: {{include "nested" .}} {{include "nested-outer" . }}"#
    }});
    let files = [
        (
            "templates/_partials",
            r#"{{define "partial"}}original-in-partial{{end}}"#,
        ),
        (
            "templates/partial",
            r#"before: {{include "partial" .}}\n{{tpl .Values.partialText .}}\nafter: {{include "partial" .}}"#,
        ),
        (
            "templates/manifest",
            r#"{{define "manifest"}}original-in-manifest{{end}}before: {{include "manifest" .}}\n{{tpl .Values.manifestText .}}\nafter: {{include "manifest" .}}"#,
        ),
        (
            "templates/manifest-only",
            r#"{{define "manifest-only"}}only-in-manifest{{end}}before: {{include "manifest-only" .}}\n{{tpl .Values.manifestOnlyText .}}\nafter: {{include "manifest-only" .}}"#,
        ),
        (
            "templates/nested",
            concat!(
                r#"{{define "nested"}}original-in-manifest{{end}}"#,
                r#"{{define "nested-outer"}}original-outer-in-manifest{{end}}"#,
                r#"before: {{include "nested" .}} {{include "nested-outer" .}}\n"#,
                r#"{{tpl .Values.nestedText .}}\n"#,
                r#"after: {{include "nested" .}} {{include "nested-outer" .}}"#
            ),
        ),
    ];
    let out = render("TplRedefines", &files, &vals).expect("renders");
    let want = [
        (
            "partial",
            r#"before: original-in-partial\ntpl: redefined-in-tpl\nafter: original-in-partial"#,
        ),
        (
            "manifest",
            r#"before: original-in-manifest\ntpl: redefined-in-tpl\nafter: original-in-manifest"#,
        ),
        (
            "manifest-only",
            r#"before: only-in-manifest\ntpl: only-in-manifest\nafter: only-in-manifest"#,
        ),
        (
            "nested",
            concat!(
                r#"before: original-in-manifest original-outer-in-manifest\n"#,
                r#"before-inner-tpl: redefined-in-tpl redefined-outer-in-tpl\n"#,
                r#"inner-tpl: redefined-in-inner-tpl redefined-outer-in-tpl\n"#,
                r#"after-inner-tpl: redefined-in-tpl redefined-outer-in-tpl\n"#,
                r#"after: original-in-manifest original-outer-in-manifest"#
            ),
        ),
    ];
    for (file, text) in want {
        assert_eq!(
            out[&format!("TplRedefines/templates/{file}")],
            text,
            "{file}"
        );
    }
}

#[test]
fn nested_helpers_produce_a_multiline_stacktrace() {
    // TestNestedHelpersProducesMultilineStacktrace and TestMultilineNoTemplateAssociatedError.
    let files = [
        (
            "templates/svc.yaml",
            r#"name: {{ include "nested_helper.name" . }}"#,
        ),
        (
            "templates/_helpers_1.tpl",
            r#"{{- define "nested_helper.name" -}}{{- include "common.names.get_name" . -}}{{- end -}}"#,
        ),
        (
            "charts/common/templates/_helpers_2.tpl",
            r#"{{- define "common.names.get_name" -}}{{- .Values.nonexistant.key | trunc 63 | trimSuffix "-" -}}{{- end -}}"#,
        ),
    ];
    let want = r#"NestedHelperFunctions/templates/svc.yaml:1:9
  executing "NestedHelperFunctions/templates/svc.yaml" at <include "nested_helper.name" .>:
    error calling include:
NestedHelperFunctions/templates/_helpers_1.tpl:1:39
  executing "nested_helper.name" at <include "common.names.get_name" .>:
    error calling include:
NestedHelperFunctions/charts/common/templates/_helpers_2.tpl:1:49
  executing "common.names.get_name" at <.Values.nonexistant.key>:
    nil pointer evaluating interface {}.key"#;
    assert_eq!(
        error("NestedHelperFunctions", &files, &json!({"Values": {}})),
        want
    );
    let files = [
        (
            "templates/svc.yaml",
            r#"name: {{ include "nested_helper.name" . }}"#,
        ),
        ("templates/test.yaml", "{{ toYaml .Values }}"),
        (
            "charts/common/templates/_helpers_2.tpl",
            "{{ toYaml .Values }}",
        ),
    ];
    let want = r#"multiline/templates/svc.yaml:1:9
  executing "multiline/templates/svc.yaml" at <include "nested_helper.name" .>:
    error calling include:
template: no template "nested_helper.name" associated with template "gotpl""#;
    assert_eq!(error("multiline", &files, &json!({"Values": {}})), want);
}

#[test]
fn recursion_ends_and_repetition_does_not() {
    // TestRenderRecursionLimit: endless recursion is an error (Helm's at its 1000th nested
    // include; this renderer's stack budget ends it first), while 4000 includes in a row render.
    let vals = json!({"Values": "", "Release": {"Name": "TestRelease"}});
    let files = [
        ("templates/base", r#"{{include "recursion" . }}"#),
        (
            "templates/recursion",
            r#"{{define "recursion"}}{{include "recursion" . }}{{end}}"#,
        ),
    ];
    let failure = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || render("bad", &files, &vals).map(|_| ()))
        .expect("thread")
        .join()
        .expect("no panic")
        .expect_err("endless recursion fails");
    assert_eq!(failure.kind, ErrorKind::Budget, "{failure}");
    let phrase = "All work and no play makes Jack a dull boy";
    let define = format!(r#"{{{{define "overlook"}}}}{{{{printf "{phrase}\n"}}}}{{{{end}}}}"#);
    let repeated = r#"{{include "overlook" . }}"#.repeat(4000);
    let files = [
        ("templates/quote", repeated.as_str()),
        ("templates/_function", define.as_str()),
    ];
    let out = render("overlook", &files, &json!({"Values": ""})).expect("renders");
    assert_eq!(
        out["overlook/templates/quote"],
        format!("{phrase}\n").repeat(4000)
    );
}
