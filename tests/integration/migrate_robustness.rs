//! Damaged inputs to migrate and diagnose: never a panic, and an unreadable input is `invalid`
//! with the file named and, for a syntax error, a line and column.

use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{Named, Request, SourceFile, diagnose, migrate};
use values_migrate::report::Status;
use values_migrate::yaml::Typing;

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/bosun-0.20.0-to-0.25.1/"
);

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{file}")).unwrap()
}

fn request(values: &str, base: &str, target: &str, proposal: &str) -> Request {
    Request {
        files: vec![SourceFile {
            path: "addons.yaml".into(),
            text: values.into(),
        }],
        proposal: Some(Named {
            name: "proposal.yaml".into(),
            text: proposal.into(),
        }),
        prefix: None,
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: Named {
                name: "base.json".into(),
                text: base.into(),
            },
            target_schema: Named {
                name: "target.json".into(),
                text: target.into(),
            },
            defaults: None,
            typing: Typing::Helm,
            schema_refs: Vec::new(),
            base_defaults: None,
            templates: None,
            base_chart: None,
            target_chart: None,
        },
    }
}

/// Cuts of `text` at many char boundaries, and copies with one byte garbled.
fn damaged(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    for &cut in boundaries.iter().step_by(5) {
        out.push(text[..cut].to_string());
    }
    for (n, &at) in boundaries.iter().enumerate().step_by(11) {
        let junk = [
            "{", "]", ":", "\t", "&a ", "*a", "\"", "'", "- ", "|", "!!int ",
        ][n % 11];
        out.push(format!("{}{junk}{}", &text[..at], &text[at..]));
    }
    out
}

fn check(report: &values_migrate::report::MigrateReport, what: &str) {
    match report.status {
        Status::Invalid => {
            assert!(
                !report.errors.is_empty(),
                "{what}: invalid without an error"
            );
            for e in &report.errors {
                assert!(
                    !e.at.file.as_deref().unwrap_or_default().is_empty() && !e.message.is_empty(),
                    "{what}: {e:?}"
                );
            }
        }
        Status::Refused => assert!(
            !report.refusals.is_empty(),
            "{what}: refused without a refusal"
        ),
        _ => {}
    }
    if report.status != Status::Planned {
        assert!(
            report.files.iter().all(|f| !f.changed),
            "{what}: a file changed without a plan"
        );
    }
}

#[test]
fn damaged_values_schemas_and_proposals_never_panic() {
    let (values, base, target, proposal) = (
        read("addons.yaml"),
        read("base.values.schema.json"),
        read("target.values.schema.json"),
        read("proposal.yaml"),
    );
    let mut runs = 0;
    for bad in damaged(&values) {
        let r = request(&bad, &base, &target, &proposal);
        check(&migrate(&r), "values");
        check(&diagnose(&r), "values (diagnose)");
        runs += 2;
    }
    for bad in damaged(&proposal) {
        check(
            &migrate(&request(&values, &base, &target, &bad)),
            "proposal",
        );
        runs += 1;
    }
    for bad in damaged(&target).into_iter().step_by(3) {
        check(
            &migrate(&request(&values, &base, &bad, &proposal)),
            "target schema",
        );
        runs += 1;
    }
    println!("{runs} damaged runs, no panic");
}

#[test]
fn a_syntax_error_names_file_line_and_column() {
    let (base, target, proposal) = (
        read("base.values.schema.json"),
        read("target.values.schema.json"),
        read("proposal.yaml"),
    );
    let report = migrate(&request("a: 1\nb: [1, 2\n", &base, &target, &proposal));
    assert_eq!(report.status, Status::Invalid);
    let e = &report.errors[0];
    assert_eq!(e.at.file.as_deref(), Some("addons.yaml"));
    assert!(
        e.at.line.is_some() && e.at.column.is_some() && e.at.utf16_column.is_some(),
        "{e:?}"
    );
    let report = migrate(&request(
        &read("addons.yaml"),
        &base,
        "{\n  \"type\": \"object\",,\n}",
        &proposal,
    ));
    assert_eq!(report.status, Status::Invalid);
    let e = &report.errors[0];
    assert_eq!(
        (e.at.file.as_deref(), e.at.line),
        (Some("target.json"), Some(2)),
        "{e:?}"
    );
}

#[test]
fn a_json_proposal_with_surrogate_pair_escapes_is_read_as_json() {
    let schema = r#"{"type": "object", "properties": {"greeting": {"type": "string"}, "newName": {"type": "string"}}, "additionalProperties": false}"#;
    let base = r#"{"type": "object"}"#;
    let request = values_migrate::migrate::Request {
        files: vec![values_migrate::migrate::SourceFile {
            path: "values.yaml".into(),
            text: "# hello\ngreeting: \"😀\"\noldName: x\n".into(),
        }],
        // What Python's json.dumps writes for the emoji.
        proposal: Some(values_migrate::migrate::Named {
            name: "proposal.json".into(),
            text: r#"{"greeting": "\ud83d\ude00", "newName": "x"}"#.into(),
        }),
        prefix: None,
        answers: vec![],
        spec: SessionSpec {
            base_schema: values_migrate::migrate::Named {
                name: "base.json".into(),
                text: base.into(),
            },
            target_schema: values_migrate::migrate::Named {
                name: "target.json".into(),
                text: schema.into(),
            },
            defaults: None,
            typing: values_migrate::yaml::Typing::Helm,
            schema_refs: Vec::new(),
            base_defaults: None,
            templates: None,
            base_chart: None,
            target_chart: None,
        },
    };
    let report = values_migrate::migrate::migrate(&request);
    assert_eq!(report.status, Status::Planned, "{:?}", report.errors);
    assert_eq!(
        report.files[0].after,
        "# hello\ngreeting: \"😀\"\nnewName: x\n"
    );
}
