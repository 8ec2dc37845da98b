//! The bump's behaviour (issue 43, docs/behaviour.md) as a user meets it: `migrate` and
//! `diagnose` with two charts gain `behaviour` — a verdict per op with its sites before and after,
//! and the manifest diff — judged on the real bumps (Helm agrees: tests/behaviour/ablate.py).

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn real(pair: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/charts/real")
        .join(pair)
}

/// Runs the binary in `dir` with `args`: (exit status, stdout).
fn run(dir: &PathBuf, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `migrate` of a real bump's values and proposal: the report as JSON.
fn migrate(pair: &str) -> Value {
    let args = [
        "migrate",
        "--values",
        "values.yaml",
        "--base",
        "base-chart",
        "--target",
        "target-chart",
        "--proposal",
        "proposal.yaml",
        "--format",
        "json",
    ];
    let (_, out) = run(&real(pair), &args);
    serde_json::from_str(&out).expect("JSON")
}

/// Each value's (path, to, verdict).
fn verdicts(report: &Value) -> Vec<(String, String, String)> {
    report["behaviour"]["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| {
            (
                v["path"].as_str().unwrap_or("").to_string(),
                v["to"].as_str().unwrap_or("").to_string(),
                v["verdict"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn v(path: &str, to: &str, verdict: &str) -> (String, String, String) {
    (path.to_string(), to.to_string(), verdict.to_string())
}

/// The fields of one side of a value's sites, as `object field`.
fn sites(report: &Value, path: &str, side: &str) -> Vec<String> {
    let values = report["behaviour"]["values"].as_array().expect("values");
    let found = values
        .iter()
        .find(|v| v["path"] == path)
        .expect("the path is judged");
    found[side]
        .as_array()
        .expect("sites")
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                s["object"].as_str().unwrap(),
                s["field"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn argo_cd_6_relocates_the_controller_log_level_to_a_config_map_key_and_keeps_the_rest() {
    let report = migrate("argo-cd-5.55.0-to-6.0.0");
    assert_eq!(
        verdicts(&report),
        vec![
            v(
                "controller.logLevel",
                "configs.params[\"controller.log.level\"]",
                "relocated"
            ),
            v("server.config", "configs.cm", "preserved"),
            v("server.rbacConfig", "configs.rbac", "preserved"),
            v(
                "server.ingress.hosts[0]",
                "server.ingress.hostname",
                "preserved"
            ),
        ]
    );
    let controller = "StatefulSet.apps/default/release-name-argocd-application-controller";
    assert_eq!(
        sites(&report, "controller.logLevel", "before"),
        vec![format!(
            "{controller} spec.template.spec.containers[name=application-controller].args[3]"
        )]
    );
    let after = sites(&report, "controller.logLevel", "after");
    assert!(
        after.contains(
            &"ConfigMap/default/argocd-cmd-params-cm data[\"controller.log.level\"]".to_string()
        ),
        "{after:?}"
    );
    assert_eq!(
        sites(&report, "server.config", "before")
            .into_iter()
            .filter(|s| s.starts_with("ConfigMap"))
            .collect::<Vec<_>>(),
        vec![
            "ConfigMap/default/argocd-cm data.url",
            "ConfigMap/default/argocd-cm data[\"oidc.config\"]"
        ]
    );
    // The manifest diff: the chart label folded into one line, the migration's objects told apart.
    let manifests = &report["behaviour"]["manifests"];
    assert_eq!(
        manifests["churn"],
        "helm.sh/chart: argo-cd-5.55.0 → argo-cd-6.0.0 on 49 objects"
    );
    let objects = manifests["objects"].as_array().unwrap();
    let params = objects
        .iter()
        .find(|o| o["object"] == "ConfigMap/default/argocd-cmd-params-cm")
        .expect("the params ConfigMap differs");
    assert_eq!(params["cause"], "migration");
    assert!(
        params["diff"]
            .as_str()
            .unwrap()
            .contains("+  controller.log.level: debug"),
        "{}",
        params["diff"]
    );
    assert!(
        objects
            .iter()
            .all(|o| !o["diff"].as_str().unwrap().contains("helm.sh/chart"))
    );
    // The comment's table and the text output name the verdicts.
    let comment = report["comment"].as_str().unwrap();
    assert!(
        comment.contains(
            "| `controller.logLevel` → `configs.params[\"controller.log.level\"]` | relocated |"
        ),
        "{comment}"
    );
}

#[test]
fn values_a_bump_drops_are_lost_where_the_base_rendered_them_and_inert_where_it_did_not() {
    let report = migrate("prometheus-postgres-exporter-4.8.0-to-5.0.0");
    assert_eq!(
        verdicts(&report),
        vec![
            v("rbac.pspEnabled", "", "inert"),
            v("config.autoDiscoverDatabases", "", "lost"),
            v("config.excludeDatabases", "", "lost"),
            v("config.constantLabels", "", "lost"),
            v("config.userQueries", "", "lost"),
        ]
    );
    let brief = report["brief"].as_str().unwrap_or("");
    assert!(brief.contains("config.userQueries (lost)"), "{brief}");
    let report = migrate("argo-cd-4.10.9-to-5.0.0");
    assert_eq!(
        verdicts(&report),
        vec![
            v("controller.enableStatefulSet", "", "lost"),
            v("server.additionalApplications", "", "lost"),
            v("configs.repositoryCredentials", "", "lost"),
        ]
    );
}

#[test]
fn a_subchart_condition_moved_with_its_value_is_preserved_and_a_registry_keeps_its_images() {
    let report = migrate("prometheus-18.4.0-to-19.0.0");
    assert_eq!(
        verdicts(&report),
        vec![
            v("server.enabled", "", "lost"),
            v("server.extraObjects", "extraManifests", "preserved"),
            v("kubeStateMetrics", "kube-state-metrics", "preserved"),
        ]
    );
    let report = migrate("grafana-6.61.2-to-7.0.0");
    assert_eq!(
        verdicts(&report),
        vec![v(
            "global.image.registry",
            "global.imageRegistry",
            "preserved"
        )]
    );
    let before = sites(&report, "global.image.registry", "before");
    assert!(before.contains(&"Deployment.apps/default/release-name-grafana spec.template.spec.containers[name=grafana].image".to_string()), "{before:?}");
}

#[test]
fn diagnose_judges_each_displaced_value_against_the_target_with_the_original_values() {
    let args = [
        "diagnose",
        "--values",
        "values.yaml",
        "--base",
        "base-chart",
        "--target",
        "target-chart",
        "--format",
        "json",
    ];
    let (_, out) = run(&real("argo-cd-5.55.0-to-6.0.0"), &args);
    let report: Value = serde_json::from_str(&out).unwrap();
    let judged = verdicts(&report);
    assert!(
        judged.contains(&v("controller.logLevel", "controller.logLevel", "lost")),
        "{judged:?}"
    );
    assert_eq!(
        report["behaviour"]["manifests"]["renders"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn schemas_alone_give_no_behaviour_and_a_chart_that_does_not_render_says_so() {
    let dir = std::env::temp_dir().join(format!("vm-behaviour-{}", std::process::id()));
    let chart = |name: &str, template: &str| {
        let at = dir.join(name);
        std::fs::create_dir_all(at.join("templates")).unwrap();
        std::fs::write(
            at.join("Chart.yaml"),
            "apiVersion: v2\nname: c\nversion: 1.0.0\n",
        )
        .unwrap();
        std::fs::write(at.join("values.yaml"), "old: x\n").unwrap();
        std::fs::write(at.join("templates/cm.yaml"), template).unwrap();
    };
    chart(
        "base",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  v: {{ .Values.old | quote }}\n",
    );
    chart(
        "target",
        "{{ if .Values.old }}{{ fail \"old is gone\" }}{{ end }}apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
    );
    std::fs::write(dir.join("values.yaml"), "old: y\n").unwrap();
    std::fs::write(dir.join("proposal.yaml"), "old: y\n").unwrap();
    let args = [
        "migrate",
        "--values",
        "values.yaml",
        "--base",
        "base",
        "--target",
        "target",
        "--proposal",
        "proposal.yaml",
        "--format",
        "json",
    ];
    let (_, out) = run(&dir, &args);
    let report: Value = serde_json::from_str(&out).unwrap();
    let why = report["behaviour"]["unrendered"]
        .as_str()
        .expect("unrendered says why");
    assert!(why.contains("old is gone"), "{why}");
    assert!(
        report["comment"]
            .as_str()
            .unwrap()
            .contains("The charts were not rendered")
    );
    // Bare schemas: no renders, no field.
    std::fs::write(dir.join("s.json"), "{}").unwrap();
    let args = [
        "migrate",
        "--values",
        "values.yaml",
        "--base",
        "s.json",
        "--target",
        "s.json",
        "--proposal",
        "proposal.yaml",
        "--format",
        "json",
    ];
    let (_, out) = run(&dir, &args);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(report.get("behaviour").is_none());
    std::fs::remove_dir_all(&dir).ok();
}

/// A real bump's two chart directories, as paths.
fn chart_paths(pair: &str) -> (String, String) {
    let path = |side: &str| real(pair).join(side).display().to_string();
    (path("base-chart"), path("target-chart"))
}

/// A `migrate` request of a fixture's values and proposal against a real bump's two charts.
fn request_of(fixture: &str, pair: &str) -> values_migrate::migrate::Request {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/fixtures/migrate").join(fixture);
    let named = |name: &str| values_migrate::migrate::Named {
        name: name.to_string(),
        text: std::fs::read_to_string(dir.join(name)).expect("fixture file"),
    };
    let chart = |side: &str| {
        values_migrate::chart::Input::from_path(&real(pair).join(side)).expect("the chart reads")
    };
    let (base, target) = (chart("base-chart"), chart("target-chart"));
    values_migrate::migrate::Request {
        files: vec![values_migrate::migrate::SourceFile {
            path: "values.yaml".to_string(),
            text: named("values.yaml").text,
        }],
        proposal: Some(named("proposal.yaml")),
        prefix: None,
        answers: Vec::new(),
        spec: values_migrate::migrate::SessionSpec {
            base_schema: base.schema,
            target_schema: target.schema,
            defaults: target.defaults,
            base_defaults: base.defaults,
            typing: values_migrate::yaml::Typing::Helm,
            schema_refs: Vec::new(),
            templates: values_migrate::migrate::BumpTemplates::of(base.templates, target.templates),
            base_chart: base.chart,
            target_chart: target.chart,
        },
    }
}

#[test]
fn a_move_away_from_a_back_compat_read_is_carried_when_the_target_renders_it_the_same() {
    // argo-cd 6.0.0 still reads `server.config["exec.enabled"]` (role.yaml:45, `coalesce`): the
    // templates alone keep it where it is and survival refuses the proposal's move; the renders
    // show the Role's rules the same with the move, so it is carried.
    let pair = "argo-cd-5.55.0-to-6.0.0";
    let fixture = "real-argo-cd-5.55.0-to-6.0.0-exec-enabled-read-back-compat-moved-as-it-renders";
    let request = request_of(fixture, pair);
    let alone = serde_json::to_value(values_migrate::migrate::migrate(&request)).unwrap();
    assert_eq!(alone["status"], "refused");
    let survival = &alone["refusals"][0];
    assert_eq!(survival["kind"], "survival");
    assert_eq!(survival["path"], "server.config[\"exec.enabled\"]");
    let (base, target) = chart_paths(pair);
    let renders =
        values_migrate::behaviour::Renders::new(&values_migrate::chart::Fs, &base, &target);
    let judged = values_migrate::migrate::migrate_rendered(&request, &renders);
    let judged = serde_json::to_value(judged).unwrap();
    assert_eq!(judged["status"], "planned", "{}", judged["refusals"]);
    let moved = judged["ops"].as_array().unwrap().iter().any(|op| {
        op["op"] == "rename"
            && op["from"] == "server.config[\"exec.enabled\"]"
            && op["to"] == "configs.cm[\"exec.enabled\"]"
    });
    assert!(moved, "{}", judged["ops"]);
}

#[test]
fn a_value_the_targets_render_reads_nowhere_is_named_where_the_templates_reading_is_blind() {
    // argo-cd 5.55.0's own values as the user's file: 6.0.0 reads
    // `applicationSet.webhook.ingress.enabled` nowhere (not even in a guard), which the
    // templates' static reading misses and the render finds (Helm agrees: unread_oracle.py).
    let pair = "argo-cd-5.55.0-to-6.0.0";
    let fixture = "real-argo-cd-5.55.0-to-6.0.0-exec-enabled-read-back-compat-moved-as-it-renders";
    let mut request = request_of(fixture, pair);
    request.proposal = None;
    request.files[0].text =
        std::fs::read_to_string(real(pair).join("base-chart/values.yaml")).expect("defaults");
    let path = "applicationSet.webhook.ingress.enabled";
    let named = |report: &values_migrate::migrate::MigrateReport| {
        report
            .displaced
            .iter()
            .find(|d| d.path.to_string() == path)
            .map(|d| d.reason.clone())
    };
    assert_eq!(named(&values_migrate::migrate::diagnose(&request)), None);
    let (base, target) = chart_paths(pair);
    let renders =
        values_migrate::behaviour::Renders::new(&values_migrate::chart::Fs, &base, &target);
    let reason = named(&values_migrate::migrate::diagnose_rendered(
        &request, &renders,
    ));
    let reason = reason.expect("named from the render");
    assert!(
        reason.contains("rendered with these values, no template of it reads it"),
        "{reason}"
    );
    assert!(
        reason.contains("argocd-applicationset/webhook-ingress.yaml"),
        "{reason}"
    );
}
