//! The native command line, run as a user runs it.

use std::process::Command;

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

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("vm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn decode_prints_one_json_value_per_document() {
    let (code, stdout, _) =
        values_migrate(&["decode", "examples/bosun-0.20.0-to-0.25.1/addons.yaml"]);
    assert_eq!(code, 0);
    let documents: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(documents.as_array().map(Vec::len), Some(1));
    assert_eq!(
        documents[0]["bosun"]["valuesObject"]["gate"]["argocd"]["port"],
        8083
    );
}

#[test]
fn decode_reports_file_line_and_column() {
    let path = temp_file("broken.yaml", "a: 1\nb: [1, 2\n");
    let (code, stdout, stderr) = values_migrate(&["decode", path.to_str().unwrap()]);
    assert_eq!(code, 3);
    assert!(stdout.is_empty());
    let prefix = format!("{}:", path.display());
    assert!(stderr.starts_with(&prefix), "{stderr}");
    let position: Vec<&str> = stderr[prefix.len()..].splitn(3, ':').collect();
    assert!(
        position[0].parse::<usize>().is_ok() && position[1].parse::<usize>().is_ok(),
        "{stderr}"
    );
}

#[test]
fn a_missing_file_and_a_usage_error_have_their_exit_codes() {
    let (code, _, stderr) = values_migrate(&["decode", "no/such/file.yaml"]);
    assert_eq!(code, 3);
    assert!(stderr.contains("no/such/file.yaml"), "{stderr}");
    let (code, _, _) = values_migrate(&["frobnicate"]);
    assert_eq!(code, 64);
}

#[test]
fn mcp_points_at_the_node_cli() {
    let (code, stdout, stderr) = values_migrate(&["mcp"]);
    assert_eq!(code, 3);
    assert!(stdout.is_empty());
    assert!(stderr.contains("npx values-migrate mcp"), "{stderr}");
}

fn in_dir(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const BOSUN: &str = "examples/bosun-0.20.0-to-0.25.1";
const MIGRATE: &[&str] = &[
    "migrate",
    "--values",
    "addons.yaml",
    "--base",
    "base.values.schema.json",
    "--target",
    "target.values.schema.json",
];

#[test]
fn migrate_prints_the_bosun_diff_to_the_byte() {
    let dir = std::path::Path::new(BOSUN);
    let mut args = MIGRATE.to_vec();
    args.extend(["--proposal", "proposal.yaml", "--format", "diff"]);
    let (code, stdout, stderr) = in_dir(dir, &args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        std::fs::read_to_string(dir.join("expected.diff")).unwrap()
    );
}

#[test]
fn migrate_json_has_the_contract_fields_and_the_exit_codes() {
    let dir = std::path::Path::new(BOSUN);
    let mut args = MIGRATE.to_vec();
    args.extend(["--proposal", "proposal.yaml"]);
    let (code, stdout, _) = in_dir(dir, &args);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    for key in [
        "status",
        "prefix",
        "displaced",
        "escalations",
        "refusals",
        "errors",
        "ops",
        "notCarried",
        "files",
        "comment",
    ] {
        assert!(report.get(key).is_some(), "missing {key}");
    }
    assert_eq!(report["status"], "planned");
    assert_eq!(report["prefix"], "bosun.valuesObject");

    let escalation = std::path::Path::new("examples/bosun-servicemonitor-escalation");
    let base = [
        "--base",
        "base.values.schema.json",
        "--target",
        "target.values.schema.json",
    ];
    let mut args = vec![
        "migrate",
        "--values",
        "values.yaml",
        "--proposal",
        "proposal.yaml",
    ];
    args.extend(base);
    let (code, stdout, _) = in_dir(escalation, &args);
    assert_eq!(code, 2, "escalated");
    assert!(stdout.contains("metrics.serviceMonitor.namespace"));
    args.extend([
        "--answer",
        "metrics.serviceMonitor.namespace=monitoring",
        "--format",
        "text",
    ]);
    let (code, stdout, _) = in_dir(escalation, &args);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("+    namespace: monitoring"), "{stdout}");

    let mut args = vec!["diagnose", "--values", "values.yaml", "--format", "text"];
    args.extend(base);
    let (code, stdout, _) = in_dir(escalation, &args);
    assert_eq!(code, 2);
    assert!(stdout.starts_with("status: escalated"), "{stdout}");
}

#[test]
fn write_replaces_only_a_planned_file_atomically() {
    let dir = std::env::temp_dir().join(format!("vm-write-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for file in [
        "addons.yaml",
        "base.values.schema.json",
        "target.values.schema.json",
        "proposal.yaml",
    ] {
        std::fs::copy(std::path::Path::new(BOSUN).join(file), dir.join(file)).unwrap();
    }
    let original = std::fs::read_to_string(dir.join("addons.yaml")).unwrap();
    // A refused proposal writes nothing.
    std::fs::write(
        dir.join("bad.yaml"),
        std::fs::read_to_string(dir.join("proposal.yaml"))
            .unwrap()
            .replace("replicas: 2", "replicas: 3"),
    )
    .unwrap();
    let mut args = MIGRATE.to_vec();
    args.extend(["--proposal", "bad.yaml", "--write"]);
    let (code, _, _) = in_dir(&dir, &args);
    assert_eq!(code, 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("addons.yaml")).unwrap(),
        original
    );
    // A planned one is written, and no temporary file is left behind.
    let mut args = MIGRATE.to_vec();
    args.extend(["--proposal", "proposal.yaml", "--write", "--format", "text"]);
    let (code, _, stderr) = in_dir(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    let expected =
        std::fs::read_to_string(std::path::Path::new(BOSUN).join("expected.addons.yaml")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("addons.yaml")).unwrap(),
        expected
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    // Running again is idempotent: unchanged, nothing to write.
    let mut args = MIGRATE.to_vec();
    args.extend(["--proposal", "proposal.yaml", "--write"]);
    let (code, stdout, _) = in_dir(&dir, &args);
    assert_eq!(code, 0);
    assert!(stdout.contains("\"status\": \"unchanged\""), "{stdout}");
}

#[test]
fn validate_locates_violations_and_exits_1() {
    let dir = std::path::Path::new(BOSUN);
    let (code, stdout, _) = in_dir(
        dir,
        &[
            "validate",
            "--values",
            "addons.yaml",
            "--prefix",
            "bosun.valuesObject",
            "--schema",
            "target.values.schema.json",
        ],
    );
    assert_eq!(code, 1);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["valid"], false);
    let mode = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["path"] == "gate.mode")
        .expect("gate.mode");
    assert_eq!(
        (mode["file"].as_str(), mode["line"].as_u64()),
        (Some("addons.yaml"), Some(24))
    );
    let (code, _, _) = in_dir(
        dir,
        &[
            "validate",
            "--values",
            "expected.addons.yaml",
            "--prefix",
            "bosun.valuesObject",
            "--schema",
            "target.values.schema.json",
        ],
    );
    assert_eq!(code, 0);
}

#[test]
fn decode_refuses_a_raw_control_character_with_its_line_and_column() {
    let path = temp_file("bell.yaml", "a: 1\nb: x\u{7}y\n");
    let (code, _, stderr) = values_migrate(&["decode", path.to_str().unwrap()]);
    assert_eq!(code, 3);
    let expected = format!(
        "{}:2:5: the character U+0007 is not allowed",
        path.display()
    );
    assert!(stderr.starts_with(&expected), "{stderr}");
}

#[test]
fn an_absolute_path_is_not_doubled_in_the_diff_headers() {
    let dir = std::env::current_dir().unwrap().join(BOSUN);
    let copy = temp_file(
        "addons.yaml",
        &std::fs::read_to_string(dir.join("addons.yaml")).unwrap(),
    );
    let copy = copy.to_str().unwrap();
    let schema = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (base, target, proposal) = (
        schema("base.values.schema.json"),
        schema("target.values.schema.json"),
        schema("proposal.yaml"),
    );
    let (code, stdout, stderr) = values_migrate(&[
        "migrate",
        "--values",
        copy,
        "--base",
        &base,
        "--target",
        &target,
        "--proposal",
        &proposal,
        "--format",
        "diff",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let name = copy.trim_start_matches('/');
    assert!(
        stdout.starts_with(&format!("--- a/{name}\n+++ b/{name}\n")),
        "{stdout}"
    );
}

// Writes that lose nothing (src/cli/write.rs): through a link, with the mode, never over a file
// changed since it was read, and all or none.
#[cfg(all(unix, feature = "cli"))]
mod writes {
    use super::{BOSUN, MIGRATE, in_dir};

    /// A fresh directory holding the bosun example's inputs.
    fn bosun_copy(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("vm-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for file in [
            "addons.yaml",
            "base.values.schema.json",
            "target.values.schema.json",
            "proposal.yaml",
        ] {
            std::fs::copy(std::path::Path::new(BOSUN).join(file), dir.join(file)).unwrap();
        }
        dir
    }

    fn expected_addons() -> String {
        std::fs::read_to_string(std::path::Path::new(BOSUN).join("expected.addons.yaml")).unwrap()
    }

    fn leftovers(dir: &std::path::Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn write_through_a_link_migrates_its_target_and_keeps_the_link_and_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = bosun_copy("link");
        std::fs::create_dir_all(dir.join("real")).unwrap();
        std::fs::rename(dir.join("addons.yaml"), dir.join("real/addons.yaml")).unwrap();
        std::os::unix::fs::symlink("real/addons.yaml", dir.join("addons.yaml")).unwrap();
        let mode = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(dir.join("real/addons.yaml"), mode).unwrap();
        let mut args = MIGRATE.to_vec();
        args.extend(["--proposal", "proposal.yaml", "--write"]);
        let (code, _, stderr) = in_dir(&dir, &args);
        assert_eq!(code, 0, "{stderr}");
        let link = std::fs::symlink_metadata(dir.join("addons.yaml")).unwrap();
        assert!(link.file_type().is_symlink(), "the link stays a link");
        let real = dir.join("real/addons.yaml");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), expected_addons());
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o640, "the mode is kept");
        assert!(leftovers(&dir.join("real")).is_empty());
    }

    /// The native machine, with one misstep: `change` runs before the first temporary file is created,
    /// and the rename numbered `fail_rename` fails.
    struct Flaky {
        change: Option<Box<dyn Fn() + Sync>>,
        fail_rename: usize,
        renames: std::sync::atomic::AtomicUsize,
    }

    impl values_migrate::cli::Host for Flaky {
        fn read(&self, path: &str) -> Result<Vec<u8>, String> {
            values_migrate::cli::Native.read(path)
        }
        fn list(&self, dir: &str) -> Result<Vec<(String, values_migrate::cli::Kind)>, String> {
            values_migrate::cli::Native.list(dir)
        }
        fn kind(&self, path: &str) -> Option<values_migrate::cli::Kind> {
            values_migrate::cli::Native.kind(path)
        }
        fn resolve(&self, path: &str) -> Result<String, String> {
            values_migrate::cli::Native.resolve(path)
        }
        fn mode(&self, path: &str) -> Option<u32> {
            values_migrate::cli::Native.mode(path)
        }
        fn create(&self, path: &str, text: &str, mode: Option<u32>) -> Result<(), String> {
            if let Some(change) = &self.change {
                change();
            }
            values_migrate::cli::Native.create(path, text, mode)
        }
        fn rename(&self, from: &str, to: &str) -> Result<(), String> {
            let n = self
                .renames
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if n + 1 == self.fail_rename {
                return Err("No space left on device (os error 28)".to_string());
            }
            values_migrate::cli::Native.rename(from, to)
        }
        fn remove(&self, path: &str) {
            values_migrate::cli::Native.remove(path)
        }
        fn shell(&self, line: &str) -> Result<(Option<i32>, String), String> {
            values_migrate::cli::Native.shell(line)
        }
        fn propose(
            &self,
            command: &str,
            input: &str,
            timeout: u64,
        ) -> Result<values_migrate::cli::Proposed, String> {
            values_migrate::cli::Native.propose(command, input, timeout)
        }
        fn temp_dir(&self) -> String {
            values_migrate::cli::Native.temp_dir()
        }
        fn pid(&self) -> u32 {
            values_migrate::cli::Native.pid()
        }
        fn styled(&self) -> bool {
            false
        }
        fn jobs(&self, asked: usize) -> usize {
            asked
        }
    }

    /// `migrate --write` on the copied bosun example, absolute paths, on `host`.
    fn migrate_with(
        dir: &std::path::Path,
        host: &Flaky,
        extra: &[&str],
    ) -> values_migrate::cli::Output {
        let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
        let mut args: Vec<String> = ["values-migrate", "migrate", "--values"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend([
            path("addons.yaml"),
            "--base".into(),
            path("base.values.schema.json"),
            "--target".into(),
            path("target.values.schema.json"),
            "--proposal".into(),
            path("proposal.yaml"),
            "--write".into(),
        ]);
        args.extend(extra.iter().map(|s| s.to_string()));
        values_migrate::cli::run(args.into_iter().map(Into::into), host)
    }

    #[test]
    fn write_refuses_a_file_changed_on_disk_since_it_was_read() {
        let dir = bosun_copy("changed");
        let values = dir.join("addons.yaml");
        let edited = format!(
            "{}# edited meanwhile\n",
            std::fs::read_to_string(&values).unwrap()
        );
        let (target, text) = (values.clone(), edited.clone());
        let host = Flaky {
            change: Some(Box::new(move || std::fs::write(&target, &text).unwrap())),
            fail_rename: 0,
            renames: Default::default(),
        };
        let out = migrate_with(&dir, &host, &[]);
        assert_eq!(out.exit_code, 3, "{}", out.stderr);
        assert!(
            out.stderr
                .contains("addons.yaml: changed on disk since it was read"),
            "{}",
            out.stderr
        );
        assert_eq!(
            std::fs::read_to_string(&values).unwrap(),
            edited,
            "not clobbered"
        );
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_failed_write_leaves_every_file_as_it_was() {
        let dir = bosun_copy("all-or-none");
        let original = std::fs::read_to_string(dir.join("addons.yaml")).unwrap();
        let record = dir.join("migration.json").to_string_lossy().into_owned();
        // The recording is renamed first, the values file second: the second fails.
        let host = Flaky {
            change: None,
            fail_rename: 2,
            renames: Default::default(),
        };
        let out = migrate_with(&dir, &host, &["--record", &record]);
        assert_eq!(out.exit_code, 3, "{}", out.stderr);
        assert!(
            out.stderr
                .contains("addons.yaml: cannot write: No space left on device"),
            "{}",
            out.stderr
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("addons.yaml")).unwrap(),
            original
        );
        assert!(
            !std::path::Path::new(&record).exists(),
            "the recording is not left alone"
        );
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        // The same run on a sound machine writes both.
        let host = Flaky {
            change: None,
            fail_rename: 0,
            renames: Default::default(),
        };
        let out = migrate_with(&dir, &host, &["--record", &record]);
        assert_eq!(out.exit_code, 0, "{}", out.stderr);
        assert_eq!(
            std::fs::read_to_string(dir.join("addons.yaml")).unwrap(),
            expected_addons()
        );
        assert!(std::path::Path::new(&record).exists());
    }
}

/// The documents a schema's `$ref`s name elsewhere: refused without, read with `--schema-ref`.
#[test]
fn schema_ref_supplies_a_remote_document_and_without_it_the_refusal_says_how() {
    let dir = "tests/data/schema-ref";
    let schema = format!("{dir}/values.schema.json");
    let values = format!("{dir}/values.yaml");
    let url = "https://schemas.example/common.json";
    let base = ["validate", "--schema", &schema, "--values", &values];
    let (code, stdout, _) = values_migrate(&base);
    assert_eq!(code, 3, "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let error = &report["errors"][0];
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(7), Some(18))
    );
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("--schema-ref {url}=FILE")),
        "{message}"
    );
    assert!(
        message.contains(&format!("refs: {{ \"{url}\": text }}")),
        "{message}"
    );

    let supplied = format!("{url}={dir}/common.json");
    let with = [&base[..], &["--schema-ref", &supplied]].concat();
    let (code, stdout, _) = values_migrate(&with);
    assert_eq!(code, 1, "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let found: Vec<(&str, &str)> = (report["violations"].as_array().unwrap().iter())
        .map(|v| {
            (
                v["pointer"].as_str().unwrap(),
                v["keyword"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [("/service/port", "maximum"), ("/image", "required")]
    );

    // A supplied document that is not JSON is located in its own file; a flag without `=` is
    // a usage error.
    let broken = format!("{url}={dir}/broken.json");
    let (code, stdout, _) = values_migrate(&[&base[..], &["--schema-ref", &broken]].concat());
    assert_eq!(code, 3, "{stdout}");
    assert!(stdout.contains("broken.json"), "{stdout}");
    let (code, _, stderr) = values_migrate(&[&base[..], &["--schema-ref", "nope"]].concat());
    assert_ne!(code, 0);
    assert!(stderr.contains("expected URL=FILE"), "{stderr}");
}

/// `validate` of values held in an Argo CD Application's `helm.values: |` string places each
/// violation at its line and column in the Application file.
#[test]
fn validate_places_violations_inside_a_values_string_in_the_outer_file() {
    let (code, stdout, _) = values_migrate(&[
        "validate",
        "--values",
        "examples/argo-cd-application-helm-values/bosun.application.yaml",
        "--prefix",
        "spec.source.helm.values",
        "--schema",
        "examples/bosun-0.20.0-to-0.25.1/target.values.schema.json",
    ]);
    assert_eq!(code, 1, "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let found: Vec<(String, u64, u64)> = (report["violations"].as_array().unwrap().iter())
        .map(|v| {
            let at = |k: &str| v[k].as_u64().unwrap_or(0);
            (
                v["path"].as_str().unwrap().to_string(),
                at("line"),
                at("column"),
            )
        })
        .collect();
    assert!(
        found.contains(&("gate.mode".to_string(), 24, 11)),
        "{found:?}"
    );
    assert!(
        found.contains(&("gate.argocd.port".to_string(), 30, 13)),
        "{found:?}"
    );
}
