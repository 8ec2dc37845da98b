//! Hostile templates end within their budget with an error naming the template and line:
//! a range over a billion, a template that includes itself, includes that double at each level,
//! a `tpl` value that renders itself, deep nesting — on a 2 MiB thread, natively.

use std::collections::BTreeMap;

use values_migrate_render::error::{ErrorKind, RenderError};
use values_migrate_render::exec::{Env, TemplateSet};
use values_migrate_render::{Budget, Value};

/// Executes `x.yaml` of `files` with `dot` and `budget` on a thread with a 2 MiB stack.
fn run(files: &[(&str, &str)], dot: Value, budget: Budget) -> Result<String, RenderError> {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    // A `Value` is not `Send`: the dot is rebuilt on the thread from a description.
    let dot_text = match &dot {
        Value::Str(s) => Some(s.text.to_string()),
        _ => None,
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut set = TemplateSet::new();
            for (name, text) in &files {
                set.add_file(name, text)?;
            }
            let mut values = BTreeMap::new();
            if let Some(text) = dot_text {
                values.insert("x".to_string(), Value::str(text));
            }
            let mut dot = BTreeMap::new();
            dot.insert("Values".to_string(), Value::map(values));
            let mut env = Env {
                budget,
                ..Env::default()
            };
            set.execute("x.yaml", Value::map(dot), &mut env)
                .map(|o| o.text)
        })
        .expect("thread")
        .join()
        .expect("no panic")
}

fn budget_error(result: Result<String, RenderError>) -> RenderError {
    let error = result.expect_err("the render must stop");
    assert_eq!(error.kind, ErrorKind::Budget, "{error}");
    error
}

#[test]
fn a_range_over_a_billion_runs_out_of_steps_at_its_line() {
    let small = Budget {
        steps: 100_000,
        ..Budget::default()
    };
    let error = budget_error(run(
        &[("x.yaml", "a\n{{ range 1000000000 }}x{{ end }}")],
        Value::Nil,
        small,
    ));
    assert_eq!((error.file.as_str(), error.line), ("x.yaml", 2));
    assert!(error.message.contains("steps"), "{}", error.message);
}

#[test]
fn a_range_that_prints_too_much_runs_out_of_bytes() {
    let small = Budget {
        bytes: 1 << 20,
        ..Budget::default()
    };
    let text = "{{ $s := \"0123456789abcdef\" }}{{ range 1000000 }}{{ $s }}{{ end }}";
    let error = budget_error(run(&[("x.yaml", text)], Value::Nil, small));
    assert!(error.message.contains("text"), "{}", error.message);
}

#[test]
fn a_template_that_includes_itself_ends_before_the_stack_does() {
    let files = [
        ("h.tpl", "{{ define \"a\" }}{{ include \"a\" . }}{{ end }}"),
        ("x.yaml", "{{ include \"a\" . }}"),
    ];
    let error = budget_error(run(&files, Value::Nil, Budget::default()));
    assert_eq!(
        (error.file.as_str(), error.line, error.column),
        ("h.tpl", 1, 19)
    );
    // `template` recursion too (Go's own limit, 100000, is far past any stack).
    let files = [
        ("h.tpl", "{{ define \"a\" }}{{ template \"a\" . }}{{ end }}"),
        ("x.yaml", "{{ template \"a\" . }}"),
    ];
    budget_error(run(&files, Value::Nil, Budget::default()));
}

#[test]
fn includes_that_double_at_each_level_run_out_of_steps_or_bytes() {
    let mut files = vec![("x.yaml".to_string(), "{{ include \"t0\" . }}".to_string())];
    for i in 0..40 {
        let body = format!(
            "{{{{ define \"t{i}\" }}}}{{{{ include \"t{n}\" . }}}}{{{{ include \"t{n}\" . }}}}{{{{ end }}}}",
            n = i + 1
        );
        files.push((format!("h{i}.tpl"), body));
    }
    files.push((
        "h40.tpl".to_string(),
        "{{ define \"t40\" }}ab{{ end }}".to_string(),
    ));
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let small = Budget {
        steps: 1_000_000,
        ..Budget::default()
    };
    let error = budget_error(run(&refs, Value::Nil, small));
    assert!(error.file.starts_with('h'), "{error}");
}

#[test]
fn a_tpl_value_that_renders_itself_ends_cleanly() {
    // Helm 4.2.3 itself dies of a stack overflow here.
    let error = budget_error(run(
        &[("x.yaml", "{{ tpl .Values.x . }}")],
        Value::str("{{ tpl .Values.x . }}"),
        Budget::default(),
    ));
    // Placed at the outermost `tpl` call, in the chart's own template.
    assert_eq!((error.file.as_str(), error.line), ("x.yaml", 1));
}

#[test]
fn deep_nesting_within_the_parser_limits_ends_cleanly() {
    // A thousand nested bodies, each level including the template again.
    let body = format!(
        "{{{{ define \"a\" }}}}{}{{{{ include \"a\" . }}}}{}{{{{ end }}}}",
        "{{ with 1 }}".repeat(999),
        "{{ end }}".repeat(999)
    );
    let files = [
        ("h.tpl", body.as_str()),
        ("x.yaml", "{{ include \"a\" . }}"),
    ];
    budget_error(run(&files, Value::Nil, Budget::default()));
    // Realistic depths render: a hundred parentheses inside a hundred bodies.
    let nested = |n: usize| {
        format!(
            "{}{{{{ {}1{} }}}}{}",
            "{{ with 1 }}".repeat(n),
            "(".repeat(n),
            ")".repeat(n),
            "{{ end }}".repeat(n)
        )
    };
    let ok = run(
        &[("x.yaml", nested(100).as_str())],
        Value::Nil,
        Budget::default(),
    );
    assert_eq!(ok.as_deref(), Ok("1"));
    // Go's parser limits at once (a thousand of each): rendered, or refused by the stack's budget.
    match run(
        &[("x.yaml", nested(999).as_str())],
        Value::Nil,
        Budget::default(),
    ) {
        Ok(text) => assert_eq!(text, "1"),
        Err(error) => assert_eq!(error.kind, ErrorKind::Budget, "{error}"),
    }
}
