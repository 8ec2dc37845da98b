//! `values-migrate render` run as a user runs it, against what Helm 4.2.3 renders
//! (tests/fixtures/render/record.py records Helm's files with helm-python-sdk).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/render").join(name)
}

fn real(pair: &str, inner: &str) -> String {
    let path = root().join("tests/charts/real").join(pair).join(inner);
    path.display().to_string()
}

/// Runs `values-migrate render` with `args`: (exit status, stdout, stderr).
fn render(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .arg("render")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The small chart's arguments: a values file, then two `--set`s (one into the aliased subchart).
fn small_args(format: &str) -> Vec<String> {
    let values = fixture("small-values.yaml").display().to_string();
    let chart = fixture("small").display().to_string();
    [
        "--chart",
        &chart,
        "--values",
        &values,
        "--set",
        "name=web",
        "--set",
        "kid.color=red",
        "--format",
        format,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Whether `ours` equals Helm's `want` outside the spans reported as masked (random output).
fn equal_outside_masks(ours: &str, want: &str, masks: &[(usize, usize)]) -> bool {
    let (mut a, mut b) = (ours.as_bytes().to_vec(), want.as_bytes().to_vec());
    if a.len() != b.len() {
        return false;
    }
    for (start, end) in masks {
        for i in *start..*end {
            a[i] = 0;
            b[i] = 0;
        }
    }
    a == b
}

/// Our JSON output's files compared with Helm's recorded ones: every file rendered, each equal
/// outside its masked spans, nothing refused, no error; returns how many spans were masked.
fn matches_helm(args: &[&str], expected: &str) -> usize {
    let (code, stdout, stderr) = render(args);
    assert_eq!(code, 0, "{stderr}");
    let ours: Value = serde_json::from_str(&stdout).unwrap();
    let text = std::fs::read_to_string(fixture(expected)).unwrap();
    let helm: Value = serde_json::from_str(&text).unwrap();
    let (ours_files, helm_files) = (
        ours["files"].as_object().unwrap(),
        helm["files"].as_object().unwrap(),
    );
    let names = |m: &serde_json::Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(ours_files), names(helm_files));
    assert_eq!(ours["refused"], serde_json::json!([]));
    assert_eq!(ours["error"], Value::Null);
    let masked = ours["masked"].as_array().unwrap();
    for (name, want) in helm_files {
        let spans: Vec<(usize, usize)> = masked
            .iter()
            .filter(|m| m["file"] == name.as_str())
            .map(|m| {
                (
                    m["start"].as_u64().unwrap() as usize,
                    m["end"].as_u64().unwrap() as usize,
                )
            })
            .collect();
        let got = ours_files[name].as_str().unwrap();
        assert!(
            equal_outside_masks(got, want.as_str().unwrap(), &spans),
            "{name} differs from Helm's"
        );
    }
    masked.len()
}

#[test]
fn a_small_chart_renders_file_by_file_as_helm_renders_it() {
    let args = small_args("json");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(matches_helm(&args, "small.expected.json"), 0);
}

#[test]
fn the_release_name_and_namespace_reach_the_templates_as_in_helm() {
    let chart = fixture("small").display().to_string();
    let args = [
        "--chart",
        &chart,
        "--release",
        "shop-web",
        "--namespace",
        "shop",
        "--format",
        "json",
    ];
    assert_eq!(matches_helm(&args, "small-release.expected.json"), 0);
}

/// The stream `helm template` prints: `NOTES.txt` and the blank file left out, kinds in Helm's
/// install order (Namespace, ServiceAccount, ConfigMaps, Service, Deployment), the hook last;
/// the order reviewed by hand against Helm 4.2.3's `SortManifests` (helm-python-sdk renders
/// files, not the stream).
#[test]
fn the_text_output_is_helm_templates_stream() {
    let args = small_args("text");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = render(&args);
    assert_eq!(code, 0, "{stderr}");
    let want = std::fs::read_to_string(fixture("small.stream.txt")).unwrap();
    assert_eq!(stdout, want);
    let sources: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("# Source: "))
        .collect();
    assert_eq!(
        sources,
        [
            "# Source: small/templates/namespace.yaml",
            "# Source: small/templates/service.yaml",
            "# Source: small/charts/kid/templates/cm.yaml",
            "# Source: small/templates/configmap.yaml",
            "# Source: small/templates/service.yaml",
            "# Source: small/templates/deployment.yaml",
            "# Source: small/templates/hook.yaml",
        ]
    );
}

#[test]
fn a_real_chart_with_its_users_values_renders_as_helm_renders_it() {
    let pair = "prometheus-blackbox-exporter-9.8.0-to-10.0.0";
    let (chart, values) = (real(pair, "base-chart"), real(pair, "values.yaml"));
    let args = ["--chart", &chart, "--values", &values, "--format", "json"];
    assert_eq!(matches_helm(&args, "blackbox-exporter.expected.json"), 0);
}

/// An umbrella chart: a condition switched off and an aliased subchart switched on by `--set`,
/// `import-values` from a subchart, `.Subcharts` and every subchart's `.Values`.
#[test]
fn an_umbrella_chart_with_set_conditions_renders_as_helm_renders_it() {
    let chart = root()
        .join("tests/charts/umbrellas/open-webui/6.0.0")
        .display()
        .to_string();
    let args = [
        "--chart",
        &chart,
        "--set",
        "pipelines.enabled=false",
        "--set",
        "redis-cluster.enabled=true",
        "--format",
        "json",
    ];
    assert_eq!(matches_helm(&args, "open-webui.expected.json"), 0);
}

#[test]
fn a_real_charts_random_password_is_masked_and_all_else_is_helms() {
    let chart = real("grafana-6.61.2-to-7.0.0", "base-chart");
    let masked = matches_helm(
        &["--chart", &chart, "--format", "json"],
        "grafana.expected.json",
    );
    assert!(
        masked >= 2,
        "the password and the checksum over it are masked"
    );
}

#[test]
fn a_fail_in_a_template_is_helms_error_and_exit_status_1() {
    let dir = std::env::temp_dir().join(format!("vm-render-fail-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::write(
        dir.join("Chart.yaml"),
        "apiVersion: v2\nname: f\nversion: 0.1.0\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("templates/x.yaml"),
        "a: {{ required \"set x\" .Values.x }}\n",
    )
    .unwrap();
    let chart = dir.display().to_string();
    let (code, stdout, stderr) = render(&["--chart", &chart]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert_eq!(
        stderr,
        "Error: execution error at (f/templates/x.yaml:1:6): set x\n\n\
         Use --debug flag to render out invalid YAML\n"
    );
    let (code, stdout, _) = render(&["--chart", &chart, "--set", "x=1", "--format", "json"]);
    assert_eq!(code, 0);
    let ours: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(ours["files"]["f/templates/x.yaml"], "a: 1\n");
    std::fs::remove_dir_all(&dir).ok();
}

/// Values the chart's schema refuses: Helm's message, word for word, before any template runs.
#[test]
fn values_the_schema_refuses_are_helms_error() {
    let chart = fixture("schema").display().to_string();
    let values = fixture("schema-values.yaml").display().to_string();
    let (code, stdout, _) = render(&["--chart", &chart, "--values", &values, "--format", "json"]);
    assert_eq!(code, 1);
    let ours: Value = serde_json::from_str(&stdout).unwrap();
    let helm = std::fs::read_to_string(fixture("schema.expected-error.txt")).unwrap();
    assert_eq!(ours["error"]["message"], helm.as_str());
    assert_eq!(ours["files"], serde_json::json!({}));
}

#[test]
fn a_chart_that_cannot_be_read_is_invalid_input() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/render/nothing-here");
    let (code, _, stderr) = render(&["--chart", &missing.display().to_string()]);
    assert_eq!(code, 3, "{stderr}");
}
