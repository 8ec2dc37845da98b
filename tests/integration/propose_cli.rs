//! `migrate --propose-with CMD` (issue 25), native: scripted stand-in writers
//! (tests/fixtures/writers) on the bosun example; the loop feeds refusals back, a writer that
//! fails gets a clear error, and nothing is written unless the status is planned.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const EXAMPLE: &str = "examples/bosun-0.20.0-to-0.25.1";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn migrate(values: &Path, writer: &str, extra: &[&str]) -> Run {
    let command = format!("sh tests/fixtures/writers/{writer}");
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .args(["migrate", "--values"])
        .arg(values)
        .args(["--base", &format!("{EXAMPLE}/base.values.schema.json")])
        .args(["--target", &format!("{EXAMPLE}/target.values.schema.json")])
        .args(["--propose-with", &command])
        .args(extra)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A private copy of the example's values file, for `--write`.
fn copy_of_values(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vm-propose-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("addons.yaml");
    std::fs::copy(format!("{EXAMPLE}/addons.yaml"), &path).unwrap();
    path
}

fn status(run: &Run) -> String {
    let report: serde_json::Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout, run.stderr));
    report["status"].as_str().unwrap().to_string()
}

/// Each writer, what it is given, and what becomes of it: the exit status, the status or the
/// error, and whether `--write` wrote the file.
#[test]
fn each_writer_gets_its_outcome_and_only_planned_writes() {
    let expected = std::fs::read_to_string(format!("{EXAMPLE}/expected.addons.yaml")).unwrap();
    let original = std::fs::read_to_string(format!("{EXAMPLE}/addons.yaml")).unwrap();
    let cases: &[(&str, &[&str], i32, &str, bool)] = &[
        ("right.sh", &[], 0, "status planned", true),
        ("fenced.sh", &[], 0, "status planned", true),
        (
            "json.sh",
            &["--brief-format", "json"],
            0,
            "status planned",
            true,
        ),
        ("learns.sh", &[], 1, "status refused", false),
        ("learns.sh", &["--attempts", "2"], 0, "status planned", true),
        ("broken.sh", &[], 3, "status invalid", false),
        (
            "silent.sh",
            &[],
            3,
            "the writer printed nothing on stdout",
            false,
        ),
        (
            "fails.sh",
            &[],
            3,
            "the writer failed (exit status 3); its stderr:\nerror: model 'llama9' not found",
            false,
        ),
        (
            "deaf.sh",
            &[],
            3,
            "the writer did not read its stdin (it read 0 of",
            false,
        ),
        (
            "hangs.sh",
            &["--propose-timeout", "1"],
            3,
            "no proposal within 1 s: the writer was killed, with its process group",
            false,
        ),
    ];
    for (i, (writer, extra, code, outcome, written)) in cases.iter().enumerate() {
        let values = copy_of_values(&i.to_string());
        let mut args = extra.to_vec();
        args.push("--write");
        let run = migrate(&values, writer, &args);
        let what = format!("{writer} {extra:?}: {}", run.stderr);
        assert_eq!(run.code, *code, "{what}");
        match outcome.strip_prefix("status ") {
            Some(wanted) => assert_eq!(status(&run), wanted, "{what}"),
            None => {
                assert!(run.stdout.is_empty(), "{what}");
                let prefix =
                    format!("--propose-with `sh tests/fixtures/writers/{writer}` (attempt 1): ");
                assert!(run.stderr.starts_with(&prefix), "{what}");
                assert!(run.stderr.contains(outcome), "{what}");
            }
        }
        let now = std::fs::read_to_string(&values).unwrap();
        assert_eq!(&now, if *written { &expected } else { &original }, "{what}");
        let _ = std::fs::remove_dir_all(values.parent().unwrap());
    }
}

#[test]
fn the_second_attempt_reads_the_refusal_and_the_hint() {
    let values = copy_of_values("second");
    let run = migrate(
        &values,
        "learns.sh",
        &["--attempts", "2", "--format", "text"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("status: planned\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.starts_with(
            "attempt 1 of 2 refused: survival at `replicas`: `replicas` is 2 and the target schema accepts it there; the proposal changes it to 3; asking again\n"
        ),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(values.parent().unwrap());
}

#[test]
fn a_hanging_writer_is_killed_with_its_process_group() {
    let values = copy_of_values("hangs");
    let pidfile = values.with_file_name("child.pid");
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .args(["migrate", "--values"])
        .arg(&values)
        .args(["--base", &format!("{EXAMPLE}/base.values.schema.json")])
        .args(["--target", &format!("{EXAMPLE}/target.values.schema.json")])
        .args(["--propose-with", "sh tests/fixtures/writers/hangs.sh"])
        .args(["--propose-timeout", "1"])
        .env("WRITER_PIDFILE", &pidfile)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(started.elapsed() < Duration::from_secs(30));
    let pid = std::fs::read_to_string(&pidfile).unwrap();
    // Gone, or a zombie waiting for a reaper: either way no longer running.
    std::thread::sleep(Duration::from_millis(200));
    let state = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    let running = state
        .split(") ")
        .nth(1)
        .is_some_and(|rest| !rest.starts_with('Z'));
    assert!(!running, "the writer's child {pid} still runs: {state}");
    let _ = std::fs::remove_dir_all(values.parent().unwrap());
}

#[test]
fn the_json_brief_names_the_attempt_and_the_previous_refusals() {
    let values = copy_of_values("json");
    let dir = values.parent().unwrap().to_path_buf();
    // A writer that keeps each brief it reads and answers wrong: two attempts, two briefs.
    let writer = format!(
        "n=$(ls {0} | grep -c brief); cat > {0}/brief$n.json; echo 'replicas: 3'",
        dir.display()
    );
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .args(["migrate", "--values"])
        .arg(&values)
        .args(["--base", &format!("{EXAMPLE}/base.values.schema.json")])
        .args(["--target", &format!("{EXAMPLE}/target.values.schema.json")])
        .args([
            "--propose-with",
            &writer,
            "--attempts",
            "2",
            "--brief-format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let read = |n: usize| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("brief{n}.json"))).unwrap())
            .unwrap()
    };
    let (first, second) = (read(0), read(1));
    assert_eq!(first["attempt"], 1);
    assert_eq!(first["previous"], serde_json::Value::Null);
    assert_eq!(second["attempt"], 2);
    assert_eq!(second["previous"]["status"], "refused");
    assert_eq!(second["previous"]["proposal"], "replicas: 3\n");
    let port = second["previous"]["notCarried"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["path"] == "gate.argocd.port")
        .expect("the dropped port is named");
    assert_eq!(port["near"], serde_json::json!(["gate.argocd.podPort"]));
    assert!(
        second["prompt"]
            .as_str()
            .unwrap()
            .contains("Attempt 2 of 2.")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn usage_errors() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_values-migrate"))
            .args([
                "migrate", "--values", "a.yaml", "--base", "b", "--target", "c",
            ])
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(run(&[]), Some(64), "a proposal or a writer is required");
    assert_eq!(run(&["--proposal", "p", "--propose-with", "cat"]), Some(64));
    assert_eq!(
        run(&["--attempts", "2"]),
        Some(64),
        "--attempts needs a writer"
    );
    assert_eq!(run(&["--propose-with", "cat", "--attempts", "0"]), Some(64));
}
