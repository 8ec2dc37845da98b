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
