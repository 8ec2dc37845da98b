//! `values-migrate patch` run as a user runs it, on the ADR-0020 sample.

use std::path::{Path, PathBuf};
use std::process::Command;

const ADR: &str = "tests/fixtures/patch/adr-sample-limit";

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ADR).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fresh directory holding the sample as `input.yaml`, so the diff headers match the fixture.
fn workdir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vm-patch-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("input.yaml"), fixture("input.yaml")).unwrap();
    dir
}

/// Runs `values-migrate patch` in `dir` on the sample's Deployment, container `web`.
fn patch(dir: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .current_dir(dir)
        .args([
            "patch",
            "--file",
            "input.yaml",
            "--api-version",
            "apps/v1",
            "--kind",
            "Deployment",
            "--namespace",
            "orders",
            "--name",
            "orders-worker",
            "--container",
            "web",
        ])
        .args(extra)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const LIMIT: [&str; 6] = [
    "--field",
    "resources.limits.memory",
    "--from",
    "512Mi",
    "--to",
    "768Mi",
];

#[test]
fn patches_the_adr_sample_with_a_one_line_diff() {
    let dir = workdir("json");
    let (code, stdout, stderr) = patch(&dir, &LIMIT);
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["status"], "patched");
    assert_eq!(report["line"], 40);
    assert_eq!(report["column"], 21);
    assert_eq!(report["utf16Column"], 21);
    assert_eq!(report["file"]["path"], "input.yaml");
    assert_eq!(report["file"]["changed"], true);
    assert_eq!(report["file"]["after"], fixture("expected.yaml"));
    assert_eq!(report["file"]["diff"], fixture("expected.diff"));
    // Without --write nothing is written.
    assert_eq!(
        std::fs::read_to_string(dir.join("input.yaml")).unwrap(),
        fixture("input.yaml")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diff_format_prints_the_diff_and_write_replaces_the_file() {
    let dir = workdir("write");
    let mut args = LIMIT.to_vec();
    args.extend(["--format", "diff", "--write"]);
    let (code, stdout, stderr) = patch(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, fixture("expected.diff"));
    assert_eq!(
        std::fs::read_to_string(dir.join("input.yaml")).unwrap(),
        fixture("expected.yaml")
    );
    // Run again: the file now holds 768Mi, so `--from 512Mi` no longer matches.
    let (code, stdout, stderr) = patch(&dir, &args);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert!(stderr.starts_with("input.yaml:40:21: "), "{stderr}");
    assert!(
        stderr.contains("768Mi") && stderr.contains("512Mi"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("input.yaml")).unwrap(),
        fixture("expected.yaml")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_aliased_target_needs_intervention_and_is_not_written() {
    let dir = workdir("alias");
    let (code, stdout, stderr) = patch(
        &dir,
        &[
            "--field",
            "resources.requests.memory",
            "--from",
            "256Mi",
            "--to",
            "512Mi",
            "--write",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["status"], "needs-intervention");
    assert!(
        report["reason"]
            .as_str()
            .unwrap()
            .contains("anchor (`&req`)"),
        "{report}"
    );
    assert_eq!(report["line"], 37);
    assert_eq!(report["file"]["changed"], false);
    assert_eq!(report["file"]["diff"], "");
    assert_eq!(
        std::fs::read_to_string(dir.join("input.yaml")).unwrap(),
        fixture("input.yaml")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_requests_are_invalid_and_usage_errors_exit_64() {
    let dir = workdir("invalid");
    let (code, stdout, _) = patch(
        &dir,
        &[
            "--field",
            "resources.limits.memory",
            "--from",
            "512Mi",
            "--to",
            "lots",
        ],
    );
    assert_eq!(code, 3);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["status"], "invalid");
    assert!(
        report["reason"].as_str().unwrap().contains("`to`"),
        "{report}"
    );
    let (code, _, _) = patch(&dir, &["--field", "resources.limits.memory"]);
    assert_eq!(code, 64, "--from and --to are required");
    std::fs::remove_file(dir.join("input.yaml")).unwrap();
    let (code, _, stderr) = patch(&dir, &LIMIT);
    assert_eq!(code, 3);
    assert!(stderr.contains("input.yaml"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
