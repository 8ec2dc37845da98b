//! Migrations that travel (issue 15) through the native command line, as a user runs it:
//! `migrate --record`, `replay` (--write, text, drift), a fleet of twenty repositories with
//! `--jobs 2`, a chain directory, the render gate with Helm's engine, `schema --for-overrides`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const EXAMPLE: &str = "examples/bosun-0.20.0-to-0.25.1";

fn values_migrate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vm-replay-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `migrate` on the bosun example, with `extra` options.
fn migrate_bosun(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "migrate".into(),
        "--values".into(),
        format!("{EXAMPLE}/addons.yaml"),
    ];
    for (option, file) in [
        ("--base", "base.values.schema.json"),
        ("--target", "target.values.schema.json"),
        ("--proposal", "proposal.yaml"),
    ] {
        args.push(option.into());
        args.push(format!("{EXAMPLE}/{file}"));
    }
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

/// Records the bosun example's migration with the CLI and returns the recording's path.
fn record_bosun(dir: &Path) -> PathBuf {
    let recording = dir.join("bosun-0.20.0-to-0.25.1.json");
    let (code, _, stderr) = run(&migrate_bosun(&[
        "--record",
        s(&recording),
        "--chart",
        "bosun",
        "--from",
        "0.20.0",
        "--to",
        "0.25.1",
        "--format",
        "diff",
    ]));
    assert_eq!(code, 0, "{stderr}");
    recording
}

fn replay_args<'a>(recording: &'a str, extra: &[&'a str]) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "replay".into(),
        "--migration".into(),
        recording.into(),
        "--base".into(),
        format!("{EXAMPLE}/base.values.schema.json"),
        "--target".into(),
        format!("{EXAMPLE}/target.values.schema.json"),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

fn run(args: &[String]) -> (i32, String, String) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    values_migrate(&refs)
}

#[test]
fn migrate_records_and_replay_writes_another_file() {
    let dir = temp_dir("record");
    let recording = record_bosun(&dir);
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&recording).unwrap()).unwrap();
    assert_eq!(json["chart"]["name"], "bosun");
    assert_eq!(json["ops"].as_array().map(Vec::len), Some(4));
    let values = dir.join("values.yaml");
    let before = std::fs::read_to_string("tests/data/replay/bosun/commented.yaml").unwrap();
    write(&values, &before);
    let (code, stdout, stderr) = run(&replay_args(
        s(&recording),
        &["--values", s(&values), "--write"],
    ));
    assert_eq!(code, 0, "{stderr}");
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(result["status"], "planned");
    assert_eq!(result["replayed"].as_array().map(Vec::len), Some(4));
    assert_eq!(result["skipped"], serde_json::json!([]));
    let after = std::fs::read_to_string(&values).unwrap();
    assert!(
        after.contains("    podPort: 8083   # the mesh owns 8080\n")
            && !after.contains("mode: sync")
    );
    // Replayed again on the written file: unchanged, every op skipped.
    let (code, stdout, _) = run(&replay_args(
        s(&recording),
        &["--values", s(&values), "--format", "text"],
    ));
    assert_eq!(code, 0);
    assert!(stdout.starts_with("status: unchanged\n"), "{stdout}");
    assert_eq!(stdout.matches("skipped: ").count(), 4, "{stdout}");
}

#[test]
fn a_replay_whose_schema_drifted_exits_1_and_names_it() {
    let dir = temp_dir("drift");
    let recording = record_bosun(&dir);
    let target = dir.join("target.json");
    let text = std::fs::read_to_string(format!("{EXAMPLE}/target.values.schema.json")).unwrap();
    write(&target, &text.replace("0.25.1 values", "0.25.2 values"));
    let args = [
        "replay",
        "--migration",
        s(&recording),
        "--values",
        "tests/data/replay/bosun/commented.yaml",
        "--base",
        &format!("{EXAMPLE}/base.values.schema.json"),
        "--target",
        s(&target),
    ];
    let (code, stdout, _) = values_migrate(&args);
    assert_eq!(code, 1);
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(result["refusals"][0]["kind"], "schema-drift");
    assert_eq!(result["schemaDrift"][0]["schema"], "target");
    let mut allowed = args.to_vec();
    allowed.push("--allow-schema-drift");
    let (code, stdout, _) = values_migrate(&allowed);
    assert_eq!(code, 0, "{stdout}");
}

/// Twenty generated repositories: 12 need the migration (one file or two), 4 are migrated, 2 hold
/// a key the recording never saw (refused), 2 turn on the ServiceMonitor without a namespace (escalated).
fn generate_fleet(root: &Path) -> Vec<PathBuf> {
    let old = |port: usize| {
        format!(
            "# repo values\nimage:\n  repository: ghcr.io/example/bosun\nreplicas: 2\ngate:\n  enabled: true\n  mode: sync\n  wait: 30s\n  argocd:\n    server: argocd-server.argocd.svc\n    port: {port}\n"
        )
    };
    (0..20)
        .map(|i| {
            let repo = root.join(format!("repo-{i:02}"));
            let port = 8000 + i;
            write(&repo.join("deploy/README.md"), "not a values file\n");
            match i {
                0 | 5 | 10 | 15 => write(
                    &repo.join("deploy/values.yaml"),
                    &old(port)
                        .replace("  mode: sync\n  wait: 30s\n", "")
                        .replace("port:", "podPort:"),
                ),
                3 | 13 => write(
                    &repo.join("deploy/values.yaml"),
                    &old(port)
                        .replace("  enabled: true\n", "  enabled: true\n  legacyMode: true\n"),
                ),
                7 | 17 => write(
                    &repo.join("deploy/values.yaml"),
                    &format!(
                        "{}metrics:\n  serviceMonitor:\n    enabled: true\n",
                        old(port)
                    ),
                ),
                _ if i % 2 == 0 => {
                    write(&repo.join("deploy/staging/values.yaml"), &old(port));
                    write(
                        &repo.join("deploy/prod/values-prod.yaml"),
                        &old(port + 100).replace('\n', "\r\n"),
                    );
                }
                _ => write(
                    &repo.join("deploy/values.yaml"),
                    &format!(
                        "bosun:\n  enabled: true\n  valuesObject:\n{}",
                        old(port)
                            .lines()
                            .skip(1)
                            .map(|l| format!("    {l}\n"))
                            .collect::<String>()
                    ),
                ),
            }
            repo
        })
        .collect()
}

#[test]
fn a_fleet_run_over_twenty_repositories_reports_a_correct_summary_with_two_jobs() {
    let dir = temp_dir("fleet");
    let recording = record_bosun(&dir);
    let repos = generate_fleet(&dir.join("repos"));
    let mut args = replay_args(
        s(&recording),
        &[
            "--files",
            "deploy/**/values*.yaml",
            "--jobs",
            "2",
            "--write",
            "--repos",
        ],
    );
    args.extend(repos.iter().map(|r| s(r).to_string()));
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 2, "the worst repository is escalated; {stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        report["summary"],
        serde_json::json!({"planned": 12, "unchanged": 4, "refused": 2, "escalated": 2, "invalid": 0})
    );
    let repositories = report["repositories"].as_array().unwrap();
    assert_eq!(repositories.len(), 20);
    for (i, repo) in repositories.iter().enumerate() {
        assert_eq!(
            repo["repo"],
            s(&repos[i]),
            "one result per repository, in order"
        );
        let want = match i {
            0 | 5 | 10 | 15 => "unchanged",
            3 | 13 => "refused",
            7 | 17 => "escalated",
            _ => "planned",
        };
        assert_eq!(repo["status"], want, "repo {i}");
        let files: Vec<&str> = repo["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap())
            .collect();
        let expected: &[&str] = if want == "planned" && i % 2 == 0 {
            &["deploy/prod/values-prod.yaml", "deploy/staging/values.yaml"]
        } else {
            &["deploy/values.yaml"]
        };
        assert_eq!(
            files, expected,
            "repo {i}: the glob picks the values files only"
        );
    }
    // Written: each planned file holds its own port under the new key; the others are untouched.
    let staging = std::fs::read_to_string(repos[2].join("deploy/staging/values.yaml")).unwrap();
    assert!(staging.contains("    podPort: 8002\n") && !staging.contains("mode:"));
    let prod = std::fs::read_to_string(repos[2].join("deploy/prod/values-prod.yaml")).unwrap();
    assert!(prod.contains("    podPort: 8102\r\n"));
    let nested = std::fs::read_to_string(repos[1].join("deploy/values.yaml")).unwrap();
    assert!(nested.contains("        podPort: 8001\n"));
    let refused = std::fs::read_to_string(repos[3].join("deploy/values.yaml")).unwrap();
    assert!(refused.contains("    port: 8003\n"));
    // A second run finds the planned repositories migrated; the text summary is a table.
    let mut again = replay_args(
        s(&recording),
        &[
            "--files",
            "deploy/**/values*.yaml",
            "--jobs",
            "2",
            "--format",
            "text",
            "--repos",
        ],
    );
    again.extend(repos.iter().map(|r| s(r).to_string()));
    let (_, stdout, _) = run(&again);
    assert!(stdout.contains("| unchanged | 16 |"), "{stdout}");
    assert!(
        stdout.contains("| refused | 2 |") && stdout.contains("| escalated | 2 |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("legacyMode"),
        "a refused repository says why: {stdout}"
    );
}

#[test]
fn a_chain_directory_folds_the_steps_from_the_command_line() {
    let dir = temp_dir("chain");
    let chain = dir.join("chain");
    let schema = |props: &str| {
        format!(
            "{{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {{{props}}}}}"
        )
    };
    write(
        &chain.join("1.0.0/values.schema.json"),
        &schema("\"a\": {\"type\": \"integer\"}, \"z\": {\"type\": \"string\"}"),
    );
    write(
        &chain.join("2.0.0/values.schema.json"),
        &schema("\"b\": {\"type\": \"integer\"}, \"z\": {\"type\": \"string\"}"),
    );
    write(
        &chain.join("3.0.0/values.schema.json"),
        &schema("\"c\": {\"type\": \"integer\"}, \"z\": {\"type\": \"string\"}"),
    );
    write(
        &chain.join("4.0.0/values.schema.json"),
        &schema("\"c\": {\"type\": \"integer\"}"),
    );
    let steps = [("a", "b"), ("b", "c"), ("c", "c")];
    for (n, (from, to)) in steps.iter().enumerate() {
        let values = dir.join(format!("rec-{n}.yaml"));
        write(&values, &format!("{from}: 1\nz: x\n"));
        let proposal = dir.join(format!("proposal-{n}.yaml"));
        write(
            &proposal,
            &if n == 2 {
                format!("{to}: 1\n")
            } else {
                format!("{to}: 1\nz: x\n")
            },
        );
        let (code, _, stderr) = values_migrate(&[
            "migrate",
            "--values",
            s(&values),
            "--base",
            s(&chain.join(format!("{}.0.0/values.schema.json", n + 1))),
            "--target",
            s(&chain.join(format!("{}.0.0/values.schema.json", n + 2))),
            "--proposal",
            s(&proposal),
            "--record",
            s(&chain.join(format!("step-{n}.json"))),
            "--chart",
            "gen",
            "--from",
            &format!("{}.0.0", n + 1),
            "--to",
            &format!("{}.0.0", n + 2),
        ]);
        assert_eq!(code, 0, "{stderr}");
    }
    let values = dir.join("values.yaml");
    write(&values, "# mine\na: 42   # the answer\nz: keep\n");
    let args = [
        "replay",
        "--chain",
        s(&chain),
        "--values",
        s(&values),
        "--from",
        "1.0.0",
        "--to",
        "4.0.0",
        "--format",
        "text",
    ];
    let (code, stdout, stderr) = values_migrate(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(stdout.matches("== step ").count(), 3, "{stdout}");
    assert!(
        stdout.ends_with("-a: 42   # the answer\n-z: keep\n+c: 42   # the answer\n"),
        "one combined diff: {stdout}"
    );
    // A fleet folds the chain per repository: one at 1.0.0, one at 3.0.0, one already at 4.0.0.
    let repos: Vec<PathBuf> = ["a: 1\nz: q\n", "c: 3\nz: q\n", "c: 4\n"]
        .iter()
        .enumerate()
        .map(|(n, text)| {
            let repo = dir.join(format!("repos/r{n}"));
            write(&repo.join("values.yaml"), text);
            repo
        })
        .collect();
    let (code, stdout, stderr) = values_migrate(&[
        "replay",
        "--chain",
        s(&chain),
        "--from",
        "1.0.0",
        "--to",
        "4.0.0",
        "--files",
        "values.yaml",
        "--jobs",
        "2",
        "--write",
        "--repos",
        s(&repos[0]),
        s(&repos[1]),
        s(&repos[2]),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["summary"]["planned"], 2, "{stdout}");
    assert_eq!(report["summary"]["unchanged"], 1, "{stdout}");
    let versions: Vec<&str> = report["repositories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["files"][0]["result"]["fileVersion"].as_str().unwrap())
        .collect();
    assert_eq!(versions, ["1.0.0", "3.0.0", "4.0.0"]);
    for repo in &repos {
        assert!(
            std::fs::read_to_string(repo.join("values.yaml"))
                .unwrap()
                .starts_with("c: ")
        );
    }
    // Without the middle recording the chain has a gap: exit 3, naming it, nothing written.
    std::fs::remove_file(chain.join("step-1.json")).unwrap();
    let mut write_args = args.to_vec();
    write_args.push("--write");
    let (code, stdout, _) = values_migrate(&write_args);
    assert_eq!(code, 3);
    assert!(
        stdout.contains("no recorded migration from 2.0.0"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&values).unwrap(),
        "# mine\na: 42   # the answer\nz: keep\n"
    );
}

/// The render command: Helm's Go SDK (PyPI helm-python-sdk) rendering the test chart.
fn helm_render_command() -> String {
    let probe = Command::new("python3")
        .args(["-c", "import helm_python"])
        .status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "helm-python-sdk is missing: scripts/setup.sh installs it (python3 -m pip install helm-python-sdk)"
    );
    "python3 tests/render/helm_render.py tests/data/replay/chart/bosun {values}".to_string()
}

#[test]
fn the_render_gate_lets_a_rendering_migration_through_and_refuses_a_failing_one() {
    let render = helm_render_command();
    let dir = temp_dir("render");
    let recording = record_bosun(&dir);
    let good = dir.join("good.yaml");
    write(
        &good,
        &std::fs::read_to_string("tests/data/replay/bosun/commented.yaml").unwrap(),
    );
    let (code, stdout, stderr) = run(&replay_args(
        s(&recording),
        &["--values", s(&good), "--render-with", &render, "--write"],
    ));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        std::fs::read_to_string(&good)
            .unwrap()
            .contains("podPort: 8083")
    );

    let bad = dir.join("no-server.yaml");
    let before = std::fs::read_to_string("tests/data/replay/render/no-server.yaml").unwrap();
    write(&bad, &before);
    let (code, stdout, _) = run(&replay_args(
        s(&recording),
        &["--values", s(&bad), "--render-with", &render, "--write"],
    ));
    assert_eq!(code, 1);
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(result["status"], "refused");
    let refusal = &result["refusals"][0];
    assert_eq!(refusal["kind"], "render-failed");
    let message = refusal["message"].as_str().unwrap();
    assert!(
        message.contains("gate.argocd.server is required when the gate is enabled"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        before,
        "nothing is written"
    );

    // Layered values are rendered merged: the base names no server, and prod turns the gate on.
    let base = dir.join("layers/values.yaml");
    write(
        &base,
        "gate:\n  enabled: false\n  argocd:\n    port: 8083\n",
    );
    let prod = dir.join("layers/values-prod.yaml");
    write(&prod, "gate:\n  enabled: true\n  mode: sync\n");
    let layered = replay_args(
        s(&recording),
        &[
            "--layered",
            "--values",
            s(&base),
            "--values",
            s(&prod),
            "--render-with",
            &render,
        ],
    );
    let (code, stdout, _) = run(&layered);
    assert_eq!(code, 1, "{stdout}");
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(result["refusals"][0]["kind"], "render-failed");
    write(
        &base,
        "gate:\n  enabled: false\n  argocd:\n    server: s\n    port: 8083\n",
    );
    let (code, stdout, _) = run(&layered);
    assert_eq!(code, 0, "{stdout}");

    // A command that does not say where the values go is an error before anything runs.
    let (code, _, stderr) = run(&replay_args(
        s(&recording),
        &["--values", s(&bad), "--render-with", "true"],
    ));
    assert_eq!(code, 3);
    assert!(stderr.contains("must contain {values}"), "{stderr}");

    // migrate gates too; values under a prefix are rendered as the values root.
    let (code, stdout, _) = run(&migrate_bosun(&["--render-with", &render]));
    assert_eq!(code, 0, "{stdout}");
    // The unmigrated file does not render: the chart's template refuses the old key.
    let status = Command::new("sh")
        .args([
            "-c",
            &render.replace("{values}", "tests/data/replay/bosun/commented.yaml"),
        ])
        .output()
        .unwrap();
    assert!(!status.status.success());
    assert!(String::from_utf8_lossy(&status.stderr).contains("renamed to gate.argocd.podPort"));
}

#[test]
fn schema_for_overrides_prints_the_schema_without_required_under_the_prefix() {
    let (code, stdout, stderr) = values_migrate(&[
        "schema",
        "--for-overrides",
        "--schema",
        &format!("{EXAMPLE}/target.values.schema.json"),
        "--prefix",
        "bosun.valuesObject",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let schema: Value = serde_json::from_str(&stdout).unwrap();
    let inner = &schema["properties"]["bosun"]["properties"]["valuesObject"];
    assert_eq!(inner["title"], "bosun 0.25.1 values");
    assert!(
        inner["properties"]["metrics"]["properties"]["serviceMonitor"]
            .get("required")
            .is_none()
    );
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
}

/// `replay` takes what `migrate` takes to build its session: a schema's remote `$ref` is refused
/// naming `--schema-ref`, and read from the file `--schema-ref` names.
#[test]
fn replay_reads_the_documents_schema_ref_supplies_as_migrate_does() {
    let dir = temp_dir("replay-schema-ref");
    let recording = record_bosun(&dir);
    let refs = "tests/data/schema-ref";
    let schema = format!("{refs}/values.schema.json");
    let url = "https://schemas.example/common.json";
    let args = |extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = ["replay", "--migration", s(&recording), "--base", &schema]
            .iter()
            .map(|a| a.to_string())
            .collect();
        args.extend(
            [
                "--target",
                &schema,
                "--values",
                &format!("{refs}/values.yaml"),
            ]
            .map(String::from),
        );
        args.extend(["--allow-schema-drift"].map(String::from));
        args.extend(extra.iter().map(|a| a.to_string()));
        args
    };
    let (code, stdout, _) = run(&args(&[]));
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stdout.contains(&format!("--schema-ref {url}=FILE")),
        "{stdout}"
    );
    let supplied = format!("{url}={refs}/common.json");
    let (code, stdout, _) = run(&args(&["--schema-ref", &supplied]));
    assert_ne!(code, 3, "{stdout}");
    assert!(!stdout.contains("--schema-ref"), "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["errors"], serde_json::json!([]), "{stdout}");
}
