//! Data-driven migrate/diagnose cases: every folder under `tests/fixtures/migrate/` is one case.
//!
//! A case is a `case.json` naming its inputs (paths relative to the case folder) and the outcome
//! it expects; `expected.diff` (optional) is compared byte for byte with the values file's diff.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{MigrateReport, Named, Request, SourceFile, diagnose, migrate};
use values_migrate::yaml::Typing;

fn read(dir: &Path, name: &str) -> Named {
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Named {
        name: file_name(name),
        text,
    }
}

fn file_name(name: &str) -> String {
    Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The fields of an op a reviewer compares (the reason is prose).
fn op_shape(op: &Value) -> Value {
    let mut op = op.clone();
    if let Some(map) = op.as_object_mut() {
        map.remove("reason");
    }
    op
}

/// The report judged with both charts' renders, when both are charts (a build with the renderer).
#[cfg(feature = "render")]
fn rendered(
    request: &Request,
    charts: &[Option<String>; 2],
    diagnosing: bool,
) -> Option<MigrateReport> {
    let [Some(base), Some(target)] = charts else {
        return None;
    };
    let renders = values_migrate::behaviour::Renders::new(&values_migrate::chart::Fs, base, target);
    Some(if diagnosing {
        values_migrate::migrate::diagnose_rendered(request, &renders)
    } else {
        values_migrate::migrate::migrate_rendered(request, &renders)
    })
}

/// A build without the renderer judges on the schemas and templates alone.
#[cfg(not(feature = "render"))]
fn rendered(_: &Request, _: &[Option<String>; 2], _: bool) -> Option<MigrateReport> {
    None
}

fn run_case(dir: &Path) -> Result<(), String> {
    let case: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("case.json")).map_err(|e| e.to_string())?,
    )
    .map_err(|e| format!("case.json: {e}"))?;
    let text = |key: &str| case.get(key).and_then(Value::as_str);
    let files = case["values"]
        .as_array()
        .ok_or("case.json: `values` must list files")?
        .iter()
        .filter_map(Value::as_str)
        .map(|name| {
            let n = read(dir, name);
            SourceFile {
                path: n.name,
                text: n.text,
            }
        })
        .collect();
    let answers = case
        .get("answers")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        v.as_str().map_or_else(|| v.to_string(), String::from),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    // `base`/`target`: a schema file, or a chart directory or archive (its schema, defaults and templates).
    let chart = |key: &str| -> Result<values_migrate::chart::Input, String> {
        let path = dir.join(text(key).ok_or(format!("case.json: `{key}`"))?);
        if path.is_dir() || path.extension().is_some_and(|e| e == "tgz") {
            return values_migrate::chart::Input::from_path(&path);
        }
        let named = read(dir, text(key).unwrap_or_default());
        Ok(values_migrate::chart::Input::schema(
            &named.name,
            named.text,
        ))
    };
    let (base, target) = (chart("base")?, chart("target")?);
    let request = Request {
        files,
        proposal: text("proposal").map(|p| read(dir, p)),
        prefix: text("prefix").map(String::from),
        answers,
        spec: SessionSpec {
            base_schema: base.schema,
            target_schema: target.schema,
            defaults: text("defaults").map(|d| read(dir, d)).or(target.defaults),
            typing: match text("typing") {
                Some("yaml-1.2") => Typing::Yaml12,
                _ => Typing::Helm,
            },
            schema_refs: Vec::new(),
            base_defaults: text("baseDefaults").map(|d| read(dir, d)).or(base.defaults),
            templates: values_migrate::migrate::BumpTemplates::of(base.templates, target.templates),
            base_chart: base.chart,
            target_chart: target.chart,
        },
    };
    // Both charts given as charts: their renders judge too, as the CLI's do (docs/behaviour.md).
    let charts = ["base", "target"].map(|key| {
        let path = dir.join(text(key).unwrap_or_default());
        (path.is_dir() || path.extension().is_some_and(|e| e == "tgz"))
            .then(|| path.display().to_string())
    });
    let diagnosing = text("command") == Some("diagnose");
    let report = match (rendered(&request, &charts, diagnosing), diagnosing) {
        (Some(report), _) => report,
        (None, true) => diagnose(&request),
        (None, false) => migrate(&request),
    };
    let got = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    let expect = &case["expect"];
    let mut problems = Vec::new();
    let mut check = |what: &str, ok: bool, detail: String| {
        if !ok {
            problems.push(format!("{what}: {detail}"));
        }
    };
    for key in [
        "status",
        "prefix",
        "valuesIn",
        "valuesDocument",
        "mergedDocuments",
    ] {
        if let Some(want) = expect.get(key) {
            check(
                key,
                &got[key] == want,
                format!("want {want}, got {}", got[key]),
            );
        }
    }
    if let Some(want) = expect.get("ops") {
        let ops: Vec<Value> = got["ops"]
            .as_array()
            .map(|a| a.iter().map(op_shape).collect())
            .unwrap_or_default();
        check(
            "ops",
            &Value::Array(ops.clone()) == want,
            format!("want {want}, got {}", Value::Array(ops)),
        );
    }
    if let Some(want) = expect.get("notCarried") {
        check(
            "notCarried",
            &got["notCarried"] == want,
            format!("want {want}, got {}", got["notCarried"]),
        );
    }
    for (key, field) in [
        ("displaced", "path"),
        ("escalations", "path"),
        ("derivable", "path"),
    ] {
        if let Some(want) = expect.get(key) {
            let mut paths: Vec<Value> = got[key]
                .as_array()
                .map(|a| a.iter().map(|d| d[field].clone()).collect())
                .unwrap_or_default();
            let mut want: Vec<Value> = want.as_array().cloned().unwrap_or_default();
            paths.sort_by_key(|v| v.to_string());
            want.sort_by_key(|v| v.to_string());
            check(key, paths == want, format!("want {want:?}, got {paths:?}"));
        }
    }
    for key in ["refusals", "errors"] {
        let Some(want) = expect.get(key) else {
            continue;
        };
        // Each expected refusal or error (kind, path, and line/file if given) must be among those reported.
        for w in want.as_array().cloned().unwrap_or_default() {
            // A refusal names its kind and its place (`"line": null` where it has none), so a
            // case cannot pass on another refusal at another place.
            if key == "refusals" {
                let named = ["kind", "line"].iter().all(|f| w.get(f).is_some());
                check(key, named, format!("{w} must name `kind` and `line`"));
            }
            let found = got[key]
                .as_array()
                .is_some_and(|all| all.iter().any(|r| listed_matches(r, &w)));
            check(key, found, format!("want {w} among {}", got[key]));
        }
        if want.as_array().is_some_and(Vec::is_empty) {
            check(
                key,
                got[key] == json!([]),
                format!("want none, got {}", got[key]),
            );
        }
    }
    if let Some(want) = expect.get("keptComments") {
        let lines: Vec<Value> = got["keptComments"]
            .as_array()
            .map(|a| a.iter().map(|k| k["line"].clone()).collect())
            .unwrap_or_default();
        check(
            "keptComments",
            &Value::Array(lines.clone()) == want,
            format!("want lines {want}, got {lines:?}"),
        );
    }
    for key in ["comment", "brief"] {
        for needle in expect
            .get(format!("{key}Contains"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
        {
            let needle = needle.as_str().unwrap_or_default();
            check(
                key,
                got[key].as_str().is_some_and(|c| c.contains(needle)),
                format!("does not mention {needle:?}: {}", got[key]),
            );
        }
    }
    let diff_path = dir.join(text("diff").unwrap_or("expected.diff"));
    if diff_path.exists() {
        let want = std::fs::read_to_string(&diff_path).map_err(|e| e.to_string())?;
        let got_diff: String = report.files.iter().map(|f| f.diff.as_str()).collect();
        check(
            "diff",
            got_diff == want,
            format!("want\n{want}\ngot\n{got_diff}"),
        );
    }
    let after_path = dir.join(text("afterFile").unwrap_or("expected.yaml"));
    if after_path.exists() {
        let want = std::fs::read_to_string(&after_path).map_err(|e| e.to_string())?;
        let got_after = report
            .files
            .first()
            .map(|f| f.after.clone())
            .unwrap_or_default();
        check(
            "after",
            got_after == want,
            format!("want\n{want:?}\ngot\n{got_after:?}"),
        );
    }
    if report.status != values_migrate::report::Status::Planned {
        check(
            "files",
            report.files.iter().all(|f| !f.changed),
            "a file changed without a plan".into(),
        );
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}

#[test]
fn every_migrate_fixture_gives_its_expected_outcome() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/migrate");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/fixtures/migrate exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("case.json").exists())
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 10,
        "expected the fixture cases, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        if let Err(problem) = run_case(case) {
            failures.push(format!(
                "{}:\n  {problem}",
                case.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    println!(
        "{} migrate fixtures, {} failed",
        cases.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether a reported refusal or error has every field `want` names (`messageContains`: part of
/// its message).
fn listed_matches(got: &Value, want: &Value) -> bool {
    want.as_object().is_some_and(|want| {
        want.iter().all(|(k, v)| {
            if k == "messageContains" {
                got["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(v.as_str().unwrap_or("\u{0}")))
            } else {
                &got[k] == v
            }
        })
    })
}
