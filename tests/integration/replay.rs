//! Migrations that travel (issue 15), end to end through the library: record, replay on
//! differently formatted files, schema drift, chains, layered values, override schemas.

use crate::common;
use values_migrate::migrate::SessionSpec;

use serde_json::{Value, json};
use values_migrate::migrate::{Named, Request, SourceFile, migrate};
use values_migrate::migration::chain::{ChainRequest, Version, chain};
use values_migrate::migration::layers::{LayerPolicy, replay_layered};
use values_migrate::migration::overrides::for_overrides;
use values_migrate::migration::{ChartBump, Migration, ReplayRequest, record, replay};
use values_migrate::report::{RefusalKind, Status};
use values_migrate::schema::Schema;
use values_migrate::{Typing, ValuePath};

const EXAMPLE: &str = "examples/bosun-0.20.0-to-0.25.1";

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn named(path: &str) -> Named {
    Named {
        name: path.to_string(),
        text: read(path),
    }
}

fn file(path: &str, text: &str) -> SourceFile {
    SourceFile {
        path: path.to_string(),
        text: text.to_string(),
    }
}

/// The bosun example's migration, recorded from its verified plan.
fn bosun_recording() -> Migration {
    let request = Request {
        files: vec![file(
            "addons.yaml",
            &read(&format!("{EXAMPLE}/addons.yaml")),
        )],
        proposal: Some(named(&format!("{EXAMPLE}/proposal.yaml"))),
        prefix: None,
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: named(&format!("{EXAMPLE}/base.values.schema.json")),
            target_schema: named(&format!("{EXAMPLE}/target.values.schema.json")),
            ..SessionSpec::default()
        },
    };
    let report = migrate(&request);
    assert_eq!(report.status, Status::Planned);
    let chart = ChartBump {
        name: Some("bosun".into()),
        from: Some("0.20.0".into()),
        to: Some("0.25.1".into()),
    };
    record::record(&request, &report, &chart).expect("a planned migration is recorded")
}

fn bosun_replay(migration: &Migration, path: &str, text: &str) -> ReplayRequest {
    ReplayRequest {
        migration: migration.clone(),
        files: vec![file(path, text)],
        prefix: None,
        allow_schema_drift: false,
        spec: SessionSpec {
            base_schema: named(&format!("{EXAMPLE}/base.values.schema.json")),
            target_schema: named(&format!("{EXAMPLE}/target.values.schema.json")),
            ..SessionSpec::default()
        },
    }
}

/// The text a bosun replay must produce: each removed key's line gone, `port:` renamed in place.
fn expected_after(before: &str) -> String {
    let eol = if before.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    before
        .split_inclusive(eol)
        .filter(|line| {
            let key = line.trim_start();
            !(key.starts_with("mode:")
                || key.starts_with("wait:")
                || key.starts_with("inventorySource:"))
        })
        .map(|line| line.replacen("port:", "podPort:", 1))
        .collect()
}

#[test]
fn the_recording_names_the_bump_both_digests_and_every_op_with_its_source() {
    let migration = bosun_recording();
    let json = serde_json::to_value(&migration).unwrap();
    assert_eq!(json["format"], "values-migrate/migration@1");
    assert_eq!(
        json["chart"],
        json!({"name": "bosun", "from": "0.20.0", "to": "0.25.1"})
    );
    let digest = |path: &str| {
        values_migrate_gostd::sha::hex(&values_migrate_gostd::sha::sha256(read(path).as_bytes()))
    };
    assert_eq!(
        json["schemas"]["base"]["sha256"],
        digest(&format!("{EXAMPLE}/base.values.schema.json"))
    );
    assert_eq!(
        json["schemas"]["target"]["sha256"],
        digest(&format!("{EXAMPLE}/target.values.schema.json"))
    );
    assert_eq!(
        json["ops"],
        json!([
            {"op": "remove", "path": "gate.mode", "value": "sync"},
            {"op": "remove", "path": "gate.wait", "value": "30s"},
            {"op": "remove", "path": "gate.inventorySource", "value": "configmap"},
            {"op": "rename", "from": "gate.argocd.port", "to": "gate.argocd.podPort",
             "reason": "the only displaced value equal to it", "value": 8083}
        ])
    );
    assert_eq!(json["displaced"].as_array().map(Vec::len), Some(4));
    assert!(
        json["tool"]
            .as_str()
            .unwrap()
            .starts_with("values-migrate ")
    );
    // It reads back as itself, and another format is refused.
    let text = serde_json::to_string(&migration).unwrap();
    assert_eq!(record::parse("m.json", &text).unwrap(), migration);
    let other = text.replace("migration@1", "migration@9");
    assert!(
        record::parse("m.json", &other)
            .unwrap_err()
            .contains("migration@9")
    );
}

#[test]
fn a_recorded_bosun_migration_replays_on_five_differently_formatted_files() {
    let migration = bosun_recording();
    let dir = "tests/data/replay/bosun";
    let cases = [
        (
            "argocd-application.yaml",
            "spec.source.helm.valuesObject",
            4,
            0,
        ),
        ("commented.yaml", "", 4, 0),
        ("reordered.yaml", "", 2, 2),
        ("crlf.yaml", "", 4, 0),
    ];
    for (name, prefix, replayed, skipped) in cases {
        let path = format!("{dir}/{name}");
        let before = read(&path);
        let result = replay(&bosun_replay(&migration, &path, &before));
        let report = &result.report;
        assert_eq!(
            report.status,
            Status::Planned,
            "{name}: {:?}",
            report.refusals
        );
        assert_eq!(report.prefix.as_deref(), Some(prefix), "{name}");
        assert_eq!(
            (result.replayed.len(), result.skipped.len()),
            (replayed, skipped),
            "{name}"
        );
        let after = &report.files[0].after;
        assert_eq!(
            after,
            &expected_after(&before),
            "{name}: only the changed keys' lines move"
        );
        // Every changed line of the diff is one key: removed lines, and the one renamed line.
        let diff = &report.files[0].diff;
        let added: Vec<&str> = diff
            .lines()
            .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
            .collect();
        assert_eq!(added.len(), 1, "{name}: {diff}");
        assert!(
            added[0]
                .trim_start_matches('+')
                .trim_start()
                .starts_with("podPort:"),
            "{name}: {diff}"
        );
        // The edited file decodes (as Helm reads it) to the values with the ops applied.
        let values = common::yaml(after);
        let values =
            values_migrate::path::get(&values, &ValuePath::parse(prefix).unwrap()).unwrap();
        assert!(
            values["gate"].get("mode").is_none() && values["gate"].get("inventorySource").is_none()
        );
        assert!(values["gate"]["argocd"].get("port").is_none(), "{name}");
    }
    // The Application's port differs from the recording's: carried with its own value.
    let path = format!("{dir}/argocd-application.yaml");
    let result = replay(&bosun_replay(&migration, &path, &read(&path)));
    assert!(result.report.files[0].after.contains("podPort: 9090"));
    let note = result.replayed[3].note.as_deref().unwrap();
    assert!(note.contains("9090") && note.contains("8083"), "{note}");
    // CRLF stays CRLF.
    let path = format!("{dir}/crlf.yaml");
    let result = replay(&bosun_replay(&migration, &path, &read(&path)));
    assert!(
        !result.report.files[0]
            .after
            .replace("\r\n", "")
            .contains('\n')
    );
    // Absent sources are skipped and say so.
    let path = format!("{dir}/reordered.yaml");
    let result = replay(&bosun_replay(&migration, &path, &read(&path)));
    let skipped: Vec<(String, &str)> = result
        .skipped
        .iter()
        .map(|s| (s.op.source_path().to_string(), s.reason.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [
            ("gate.mode".to_string(), "absent in this file"),
            ("gate.wait".to_string(), "absent in this file")
        ]
    );
}

#[test]
fn a_recorded_migration_replays_on_values_held_in_an_argo_cd_applications_string() {
    let migration = bosun_recording();
    let dir = "tests/fixtures/migrate/embedded-argo-cd-application-helm-values";
    let text = read(&format!("{dir}/bosun.application.yaml"));
    let result = replay(&bosun_replay(&migration, "bosun.application.yaml", &text));
    assert_eq!(
        result.report.status,
        Status::Planned,
        "{:?}",
        result.report.refusals
    );
    assert_eq!(
        result.report.prefix.as_deref(),
        Some("spec.source.helm.values")
    );
    assert_eq!(result.replayed.len(), 4);
    assert_eq!(
        result.report.files[0].diff,
        read(&format!("{dir}/expected.diff"))
    );
    // Replayed again on what it wrote: unchanged.
    let again = replay(&bosun_replay(
        &migration,
        "bosun.application.yaml",
        &result.report.files[0].after,
    ));
    assert_eq!(again.report.status, Status::Unchanged);
}

#[test]
fn a_replay_on_an_already_migrated_file_is_unchanged() {
    let migration = bosun_recording();
    let path = "tests/data/replay/bosun/migrated.yaml";
    let text = read(path);
    let result = replay(&bosun_replay(&migration, path, &text));
    assert_eq!(result.report.status, Status::Unchanged);
    assert!(result.replayed.is_empty() && result.report.ops.is_empty());
    assert_eq!(result.skipped.len(), 4);
    assert!(
        result.skipped[3]
            .reason
            .contains("already has `gate.argocd.podPort`")
    );
    assert_eq!(result.report.files[0].after, text);
    // Replaying on a file a replay just produced is unchanged too (idempotence).
    let once = replay(&bosun_replay(
        &migration,
        "c.yaml",
        &read("tests/data/replay/bosun/commented.yaml"),
    ));
    let twice = replay(&bosun_replay(
        &migration,
        "c.yaml",
        &once.report.files[0].after,
    ));
    assert_eq!(twice.report.status, Status::Unchanged);
}

#[test]
fn a_replay_with_other_schemas_is_refused_naming_which_differ_unless_allowed() {
    let migration = bosun_recording();
    let path = "tests/data/replay/bosun/commented.yaml";
    let mut request = bosun_replay(&migration, path, &read(path));
    request.spec.target_schema.text = request
        .spec
        .target_schema
        .text
        .replace("0.25.1 values", "0.25.1 values (patched)");
    let result = replay(&request);
    assert_eq!(result.report.status, Status::Refused);
    assert_eq!(result.schema_drift.len(), 1);
    assert_eq!(result.schema_drift[0].schema, "target");
    let refusal = &result.report.refusals[0];
    assert_eq!(refusal.kind, RefusalKind::SchemaDrift);
    assert!(
        refusal.message.contains("target schema differs"),
        "{}",
        refusal.message
    );
    assert!(result.report.files.is_empty());
    request.allow_schema_drift = true;
    let result = replay(&request);
    assert_eq!(result.report.status, Status::Planned);
    assert_eq!(
        result.schema_drift.len(),
        1,
        "drift is still reported when allowed"
    );
}

#[test]
fn a_file_with_a_value_the_recording_did_not_see_is_refused_by_the_pipeline() {
    let migration = bosun_recording();
    let text = read("tests/data/replay/bosun/commented.yaml")
        .replace("  enabled: true\n", "  enabled: true\n  legacyMode: true\n");
    let result = replay(&bosun_replay(&migration, "v.yaml", &text));
    assert_eq!(result.report.status, Status::Refused);
    let refusal = &result.report.refusals[0];
    assert_eq!(refusal.kind, RefusalKind::Schema);
    assert!(
        refusal.message.contains("legacyMode"),
        "{}",
        refusal.message
    );
}

// --- Chains: four generated versions, three recorded steps. ---

/// Chart versions 1.0.0 → 1.3.0: 1.1.0 renames `server.port`, 1.2.0 drops `mode`, 1.3.0 renames
/// `server.host` and requires `logLevel` (default `info`).
fn generated_schema(version: usize) -> String {
    let port = if version >= 1 { "listenPort" } else { "port" };
    let host = if version >= 3 { "address" } else { "host" };
    let mut properties = json!({
        "replicas": {"type": "integer"},
        "server": {"type": "object", "additionalProperties": false, "properties": {
            port: {"type": "integer"}, host: {"type": "string"}}}
    });
    if version < 2 {
        properties["mode"] = json!({"type": "string"});
    }
    let mut schema = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "additionalProperties": false, "properties": properties});
    if version >= 3 {
        schema["properties"]["logLevel"] = json!({"type": "string", "default": "info"});
        schema["required"] = json!(["logLevel"]);
    }
    serde_json::to_string_pretty(&schema).unwrap()
}

fn versions() -> Vec<Version> {
    (0..4)
        .map(|v| Version {
            version: format!("1.{v}.0"),
            schema: Named {
                name: format!("1.{v}.0/values.schema.json"),
                text: generated_schema(v),
            },
            chart: None,
            defaults: None,
            templates: None,
        })
        .collect()
}

/// Records each step from a values file through migrate, as a team would once.
fn chain_recordings() -> Vec<(String, Migration)> {
    let steps = [
        (
            "replicas: 1\nmode: fast\nserver:\n  port: 80\n  host: a\n",
            "{replicas: 1, mode: fast, server: {listenPort: 80, host: a}}",
        ),
        (
            "replicas: 1\nmode: fast\nserver:\n  listenPort: 80\n  host: a\n",
            "{replicas: 1, server: {listenPort: 80, host: a}}",
        ),
        (
            "replicas: 1\nserver:\n  listenPort: 80\n  host: a\n",
            "{replicas: 1, logLevel: info, server: {listenPort: 80, address: a}}",
        ),
    ];
    steps
        .iter()
        .enumerate()
        .map(|(v, (values, proposal))| {
            let request = Request {
                files: vec![file("values.yaml", values)],
                proposal: Some(Named {
                    name: "proposal".into(),
                    text: proposal.to_string(),
                }),
                prefix: None,
                answers: Vec::new(),
                spec: SessionSpec {
                    base_schema: Named {
                        name: format!("1.{v}.0/values.schema.json"),
                        text: generated_schema(v),
                    },
                    target_schema: Named {
                        name: format!("1.{}.0/values.schema.json", v + 1),
                        text: generated_schema(v + 1),
                    },
                    defaults: None,
                    typing: Typing::Helm,
                    schema_refs: Vec::new(),
                    base_defaults: None,
                    templates: None,
                    base_chart: None,
                    target_chart: None,
                },
            };
            let report = migrate(&request);
            assert_eq!(
                report.status,
                Status::Planned,
                "step {v}: {:?}",
                report.refusals
            );
            let chart = ChartBump {
                name: Some("gen".into()),
                from: Some(format!("1.{v}.0")),
                to: Some(format!("1.{}.0", v + 1)),
            };
            (
                format!("step-{v}.json"),
                record::record(&request, &report, &chart).unwrap(),
            )
        })
        .collect()
}

fn chain_request(text: &str, migrations: Vec<(String, Migration)>) -> ChainRequest {
    ChainRequest {
        versions: versions(),
        migrations,
        files: vec![file("deploy/values.yaml", text)],
        from: "1.0.0".into(),
        to: "1.3.0".into(),
        prefix: None,
        typing: Typing::Helm,
        schema_refs: Vec::new(),
        allow_schema_drift: false,
    }
}

#[test]
fn a_three_step_chain_folds_with_one_combined_diff() {
    let text = "# deploy values\nserver:\n  host: web.internal   # the VIP\n  port: 8443\nmode: safe\nreplicas: 3\n";
    let report = chain(&chain_request(text, chain_recordings()));
    assert_eq!(
        report.status,
        Status::Planned,
        "{:?} {:?}",
        report.errors,
        report.refusals
    );
    assert_eq!(report.file_version.as_deref(), Some("1.0.0"));
    let steps: Vec<(&str, &str, Status)> = report
        .steps
        .iter()
        .map(|s| (s.from.as_str(), s.to.as_str(), s.result.report.status))
        .collect();
    assert_eq!(
        steps,
        [
            ("1.0.0", "1.1.0", Status::Planned),
            ("1.1.0", "1.2.0", Status::Planned),
            ("1.2.0", "1.3.0", Status::Planned)
        ]
    );
    let after = &report.files[0].after;
    assert_eq!(
        after,
        "# deploy values\nserver:\n  address: web.internal   # the VIP\n  listenPort: 8443\nreplicas: 3\nlogLevel: info\n"
    );
    assert!(
        report.files[0]
            .diff
            .starts_with("--- a/deploy/values.yaml\n+++ b/deploy/values.yaml\n")
    );
    // The result satisfies the last version's schema.
    let schema = Schema::compile(&generated_schema(3)).unwrap();
    assert!(schema.validate(&common::yaml(after)).is_empty());
}

#[test]
fn a_chain_starts_at_the_files_version_and_leaves_a_file_at_or_past_the_target_alone() {
    let at_two = "replicas: 2\nserver:\n  listenPort: 80\n  host: h\n";
    let report = chain(&chain_request(at_two, chain_recordings()));
    assert_eq!(report.file_version.as_deref(), Some("1.2.0"));
    assert_eq!(report.steps.len(), 1);
    assert_eq!(report.status, Status::Planned);
    let done = "replicas: 2\nlogLevel: debug\nserver:\n  listenPort: 80\n  address: h\n";
    let report = chain(&chain_request(done, chain_recordings()));
    assert_eq!(report.status, Status::Unchanged);
    assert_eq!(report.file_version.as_deref(), Some("1.3.0"));
    assert!(report.steps.is_empty());
    assert!(
        report
            .message
            .as_deref()
            .unwrap()
            .contains("at or past the target")
    );
    assert_eq!(report.files[0].after, done);
}

#[test]
fn a_gap_in_the_chain_is_an_error_naming_it() {
    let mut migrations = chain_recordings();
    migrations.remove(1);
    let report = chain(&chain_request("server:\n  port: 1\n", migrations));
    assert_eq!(report.status, Status::Invalid);
    let message = &report.errors[0].message;
    assert!(
        message.contains("gap") && message.contains("from 1.1.0") && message.contains("1.2.0"),
        "{message}"
    );
    assert!(
        report.steps.is_empty(),
        "nothing runs when the chain has a gap"
    );
}

// --- Layered values. ---

fn layered_recording() -> Migration {
    let request = Request {
        files: vec![file(
            "rec.yaml",
            "image:\n  pullPolicy: always\ngate:\n  mode: sync\n  wait: 30s\n  argocd:\n    server: a\n    port: 8083\n",
        )],
        proposal: Some(Named {
            name: "p".into(),
            text: "image: {pullPolicy: Always}\ngate: {argocd: {server: a, podPort: 8083}}\n"
                .into(),
        }),
        prefix: None,
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: named(&format!("{EXAMPLE}/base.values.schema.json")),
            target_schema: named(&format!("{EXAMPLE}/target.values.schema.json")),
            ..SessionSpec::default()
        },
    };
    let report = migrate(&request);
    assert_eq!(report.status, Status::Planned, "{:?}", report.refusals);
    record::record(&request, &report, &ChartBump::default()).unwrap()
}

const BASE_LAYER: &str = "# shared by every environment\nimage:\n  repository: ghcr.io/example/bosun\ngate:\n  enabled: true\n  mode: sync\n  argocd:\n    server: argocd-server.argocd.svc\n    port: 8083\n";
const PROD_LAYER: &str =
    "# prod overrides\nreplicas: 3\nimage:\n  pullPolicy: always\ngate:\n  wait: 30s\n";

fn layered(base: &str, prod: &str) -> ReplayRequest {
    ReplayRequest {
        files: vec![file("base.yaml", base), file("prod.yaml", prod)],
        ..bosun_replay(&layered_recording(), "unused", "")
    }
}

#[test]
fn layered_values_put_each_op_in_the_file_whose_layer_supplies_the_key() {
    let report = replay_layered(&layered(BASE_LAYER, PROD_LAYER), LayerPolicy::Refuse);
    let r = &report.replay.report;
    assert_eq!(r.status, Status::Planned, "{:?}", r.refusals);
    assert_eq!(
        r.files[0].after,
        "# shared by every environment\nimage:\n  repository: ghcr.io/example/bosun\ngate:\n  enabled: true\n  argocd:\n    server: argocd-server.argocd.svc\n    podPort: 8083\n"
    );
    assert_eq!(
        r.files[1].after,
        "# prod overrides\nreplicas: 3\nimage:\n  pullPolicy: Always\n"
    );
    let ops = |i: usize| {
        report.layers[i]
            .ops
            .iter()
            .map(|o| {
                serde_json::to_value(o).unwrap()["op"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(ops(0), ["remove", "rename"]);
    assert_eq!(ops(1), ["remove", "set"]);
    // The merge of the edited layers is what the target schema accepts.
    let merged = report.merged.clone().unwrap();
    assert_eq!(
        merged["gate"],
        json!({"enabled": true, "argocd": {"server": "argocd-server.argocd.svc", "podPort": 8083}})
    );
    assert_eq!(merged["image"]["pullPolicy"], "Always");
}

#[test]
fn a_layer_of_several_documents_is_read_and_edited_merged_as_helms_f_reads_it() {
    // The base layer split in two documents, the second overriding the port: the layer's values
    // are its documents merged, and the rename is written in both.
    let base = "image:\n  repository: ghcr.io/example/bosun\ngate:\n  enabled: true\n  mode: sync\n  argocd:\n    server: argocd-server.argocd.svc\n    port: 8080\n---\ngate:\n  argocd:\n    port: 8083\n";
    let layered = replay_layered(&layered(base, PROD_LAYER), LayerPolicy::Refuse);
    let written: Vec<&str> = (layered.replay.report.files.iter())
        .map(|f| f.after.as_str())
        .collect();
    let want = "image:\n  repository: ghcr.io/example/bosun\ngate:\n  enabled: true\n  argocd:\n    server: argocd-server.argocd.svc\n    podPort: 8080\n---\ngate:\n  argocd:\n    podPort: 8083\n";
    assert_eq!(
        written.first(),
        Some(&want),
        "{:?}",
        layered.replay.report.refusals
    );
    let merged = layered.merged.unwrap_or_default();
    assert_eq!(merged["gate"]["argocd"]["podPort"], 8083);
}

#[test]
fn a_key_supplied_by_several_layers_is_refused_naming_all_or_edited_in_the_last() {
    let base = BASE_LAYER.replace(
        "  repository: ghcr.io/example/bosun\n",
        "  repository: ghcr.io/example/bosun\n  pullPolicy: always\n",
    );
    let report = replay_layered(&layered(&base, PROD_LAYER), LayerPolicy::Refuse);
    let r = &report.replay.report;
    assert_eq!(r.status, Status::Refused);
    let refusal = &r.refusals[0];
    assert_eq!(refusal.kind, RefusalKind::LayerConflict);
    assert!(
        refusal.message.contains("base.yaml, prod.yaml"),
        "{}",
        refusal.message
    );
    assert_eq!(
        (refusal.at.file.as_deref(), refusal.at.line),
        (Some("prod.yaml"), Some(4))
    );
    assert!(r.files.iter().all(|f| !f.changed));

    let report = replay_layered(&layered(&base, PROD_LAYER), LayerPolicy::Last);
    let r = &report.replay.report;
    assert_eq!(r.status, Status::Planned, "{:?}", r.refusals);
    assert!(
        r.files[0].after.contains("pullPolicy: always"),
        "the base layer keeps its overridden value"
    );
    assert!(r.files[1].after.contains("pullPolicy: Always"));
    assert_eq!(report.layers[0].left.len(), 1);
}

// --- The override schema. ---

#[test]
fn the_override_schema_accepts_a_partial_file_the_chart_schema_refuses() {
    let schema: Value =
        serde_json::from_str(&read(&format!("{EXAMPLE}/target.values.schema.json"))).unwrap();
    let override_file = common::yaml(
        "bosun:\n  valuesObject:\n    metrics:\n      serviceMonitor:\n        enabled: true\n",
    );
    let full = Schema::from_value(schema.clone()).unwrap();
    assert!(
        !full
            .validate(&override_file["bosun"]["valuesObject"])
            .is_empty(),
        "the chart schema requires namespace"
    );
    let relaxed = for_overrides(&schema, &ValuePath::parse("bosun.valuesObject").unwrap()).unwrap();
    let relaxed = Schema::from_value(relaxed).unwrap();
    assert!(relaxed.validate(&override_file).is_empty());
    // Still closed: a key the chart does not know is an error in the editor.
    let typo =
        common::yaml("bosun:\n  valuesObject:\n    gate:\n      argocd:\n        port: 8083\n");
    assert!(!relaxed.validate(&typo).is_empty());
}

#[test]
fn a_recorded_answer_settles_the_same_escalation_in_another_file() {
    let dir = "examples/bosun-servicemonitor-escalation";
    let request = Request {
        files: vec![file("values.yaml", &read(&format!("{dir}/values.yaml")))],
        proposal: Some(named(&format!("{dir}/proposal.yaml"))),
        prefix: None,
        answers: vec![(
            "metrics.serviceMonitor.namespace".into(),
            "monitoring".into(),
        )],
        spec: SessionSpec {
            base_schema: named(&format!("{dir}/base.values.schema.json")),
            target_schema: named(&format!("{dir}/target.values.schema.json")),
            ..SessionSpec::default()
        },
    };
    let report = migrate(&request);
    assert_eq!(report.status, Status::Planned, "{:?}", report.refusals);
    let migration = record::record(&request, &report, &ChartBump::default()).unwrap();
    let set = serde_json::to_value(&migration.ops).unwrap();
    assert!(
        set.as_array()
            .unwrap()
            .iter()
            .any(|op| op["source"] == "answer"),
        "{set}"
    );
    // Another cluster's file escalates the same way; the team's recorded answer settles it.
    let other = "metrics:\n  serviceMonitor:\n    enabled: true\ngate:\n  mode: sync\n  argocd:\n    port: 9000\n";
    let result = replay(&ReplayRequest {
        migration,
        files: vec![file("other.yaml", other)],
        prefix: None,
        allow_schema_drift: false,
        spec: SessionSpec {
            base_schema: request.spec.base_schema.clone(),
            target_schema: request.spec.target_schema.clone(),
            ..SessionSpec::default()
        },
    });
    assert_eq!(
        result.report.status,
        Status::Planned,
        "{:?}",
        result.report.refusals
    );
    assert_eq!(
        result.report.files[0].after,
        "metrics:\n  serviceMonitor:\n    enabled: true\n    namespace: monitoring\ngate:\n  argocd:\n    podPort: 9000\n"
    );
}

#[test]
fn a_recording_with_an_unreadable_path_is_invalid_and_says_which() {
    let mut migration = bosun_recording();
    if let record::RecordedOp::Remove { path, .. } = &mut migration.ops[0] {
        *path = "gate..mode".into();
    }
    let path = "tests/data/replay/bosun/commented.yaml";
    let result = replay(&bosun_replay(&migration, path, &read(path)));
    assert_eq!(result.report.status, Status::Invalid);
    assert!(
        result.report.errors[0].message.contains("gate..mode"),
        "{:?}",
        result.report.errors
    );
}

#[test]
fn a_chain_reads_the_documents_its_versions_schemas_ref_from_its_schema_refs() {
    let url = "https://schemas.example/open.json";
    let text = "# deploy values\nserver:\n  host: web.internal   # the VIP\n  port: 8443\nmode: safe\nreplicas: 3\n";
    let mut request = chain_request(text, chain_recordings());
    // Every version's schema names a document elsewhere; the recordings' digests then differ.
    for v in &mut request.versions {
        v.schema.text = format!(r#"{{"allOf": [{{"$ref": "{url}"}}, {}]}}"#, v.schema.text);
    }
    request.allow_schema_drift = true;
    let without = chain(&request);
    assert_eq!(without.status, Status::Invalid, "{:?}", without.refusals);
    assert!(
        (without.errors.iter()).any(|e| e.message.contains(url)),
        "{:?}",
        without.errors
    );
    request.schema_refs = vec![values_migrate::migrate::SchemaRef {
        url: url.to_string(),
        document: Named {
            name: "open.json".into(),
            text: "{}".into(),
        },
    }];
    let with = chain(&request);
    assert_eq!(
        with.status,
        Status::Planned,
        "{:?} {:?}",
        with.errors,
        with.refusals
    );
    assert_eq!(with.file_version.as_deref(), Some("1.0.0"));
    assert_eq!(with.steps.len(), 3);
}
