use super::outcome::{Op, RefusalKind, SetSource};
use super::plan::{Finding, PlanInput, Planned, Source, plan};
use crate::ValuePath;
use serde_json::{Value, json};

fn p(text: &str) -> ValuePath {
    ValuePath::parse(text).unwrap()
}

fn displaced(original: &Value, paths: &[&str]) -> Vec<Source> {
    paths
        .iter()
        .map(|path| Source {
            path: p(path),
            value: crate::path::get(original, &p(path)).unwrap().clone(),
        })
        .collect()
}

fn run(original: Value, proposal: Value, paths: &[&str], defaults: Value) -> Planned {
    let displaced = displaced(&original, paths);
    let schema = move |path: &ValuePath, value: &Value| {
        (crate::path::get(&defaults, path) == Some(value)).then_some(SetSource::Default)
    };
    plan(&PlanInput {
        original: &original,
        proposal: &proposal,
        displaced: &displaced,
        answers: &[],
        schema_source: &schema,
        kept_by: &|_| None,
    })
}

fn ops(planned: &Planned) -> Vec<String> {
    planned
        .ops
        .iter()
        .map(|op| match op {
            Op::Remove { path } => format!("remove {path}"),
            Op::Rename { from, to, .. } => format!("rename {from} -> {to}"),
            Op::Set {
                path,
                value,
                source,
            } => format!("set {path} = {value} ({source:?})"),
        })
        .collect()
}

fn kinds(findings: &[Finding]) -> Vec<(RefusalKind, String)> {
    findings
        .iter()
        .map(|f| (f.kind, f.path.to_string()))
        .collect()
}

fn bosun() -> Value {
    json!({"replicas": 2, "gate": {"enabled": true, "mode": "sync", "wait": "30s",
        "inventorySource": "configmap", "argocd": {"server": "s", "port": 8083}}})
}

const BOSUN_DISPLACED: &[&str] = &[
    "gate.mode",
    "gate.wait",
    "gate.inventorySource",
    "gate.argocd.port",
];

#[test]
fn bosun_plan_is_three_removes_and_a_rename() {
    let proposal = json!({"replicas": 2, "gate": {"enabled": true, "argocd": {"server": "s", "podPort": 8083}}});
    let planned = run(
        bosun(),
        proposal,
        BOSUN_DISPLACED,
        json!({"gate": {"argocd": {"podPort": 8080}}}),
    );
    assert_eq!(planned.findings, vec![]);
    assert_eq!(
        ops(&planned),
        [
            "remove gate.mode",
            "remove gate.wait",
            "remove gate.inventorySource",
            "rename gate.argocd.port -> gate.argocd.podPort"
        ]
    );
    let lost: Vec<String> = planned
        .not_carried
        .iter()
        .map(|n| format!("{}={}", n.path, n.value))
        .collect();
    assert_eq!(
        lost,
        [
            "gate.mode=\"sync\"",
            "gate.wait=\"30s\"",
            "gate.inventorySource=\"configmap\""
        ]
    );
}

#[test]
fn the_bosun_trap_names_the_port_that_was_not_carried() {
    let proposal = json!({"replicas": 2, "gate": {"enabled": true, "argocd": {"server": "s", "podPort": 8080}}});
    let planned = run(
        bosun(),
        proposal,
        BOSUN_DISPLACED,
        json!({"gate": {"argocd": {"podPort": 8080}}}),
    );
    assert_eq!(planned.findings, vec![]);
    assert!(ops(&planned).contains(&"set gate.argocd.podPort = 8080 (Default)".to_string()));
    assert!(ops(&planned).contains(&"remove gate.argocd.port".to_string()));
    assert!(
        planned
            .not_carried
            .iter()
            .any(|n| n.path == p("gate.argocd.port") && n.value == json!(8083))
    );
}

#[test]
fn survival_refuses_a_changed_or_dropped_accepted_value() {
    let proposal = json!({"replicas": 3, "gate": {"argocd": {"server": "s", "podPort": 8083}}});
    let planned = run(bosun(), proposal, BOSUN_DISPLACED, json!({}));
    assert_eq!(
        kinds(&planned.findings),
        [
            (RefusalKind::Survival, "replicas".into()),
            (RefusalKind::Survival, "gate.enabled".into())
        ]
    );
}

#[test]
fn provenance_refuses_an_invented_value() {
    let proposal = json!({"replicas": 2, "gate": {"enabled": true, "timeout": "5m",
        "argocd": {"server": "s", "podPort": 8083}}});
    let planned = run(bosun(), proposal, BOSUN_DISPLACED, json!({}));
    assert_eq!(
        kinds(&planned.findings),
        [(RefusalKind::Provenance, "gate.timeout".into())]
    );
}

#[test]
fn a_scalar_whose_key_becomes_a_mapping_moves_under_it() {
    let original = json!({"ports": {"web": {"port": 8000, "expose": true}, "websecure": {"port": 8443, "expose": true}}});
    let proposal = json!({"ports": {"web": {"port": 8000, "expose": {"default": true}},
        "websecure": {"port": 8443, "expose": {"default": true}}}});
    let planned = run(
        original,
        proposal,
        &["ports.web.expose", "ports.websecure.expose"],
        json!({}),
    );
    assert_eq!(planned.findings, vec![]);
    assert_eq!(
        ops(&planned),
        [
            "rename ports.web.expose -> ports.web.expose.default",
            "rename ports.websecure.expose -> ports.websecure.expose.default"
        ]
    );
}

#[test]
fn the_last_key_rule_pairs_snake_case_with_camel_case() {
    let original = json!({"admissionWebhooks": {"ca_file": "", "cert_file": "", "key_file": ""}});
    let proposal = json!({"admissionWebhooks": {"caFile": "", "certFile": "", "keyFile": ""}});
    let paths = [
        "admissionWebhooks.ca_file",
        "admissionWebhooks.cert_file",
        "admissionWebhooks.key_file",
    ];
    let planned = run(original, proposal, &paths, json!({}));
    assert_eq!(planned.findings, vec![]);
    assert_eq!(
        ops(&planned),
        [
            "rename admissionWebhooks.ca_file -> admissionWebhooks.caFile",
            "rename admissionWebhooks.cert_file -> admissionWebhooks.certFile",
            "rename admissionWebhooks.key_file -> admissionWebhooks.keyFile"
        ]
    );
}

#[test]
fn a_whole_mapping_moves_as_one_rename_and_a_split_one_leaf_by_leaf() {
    let original = json!({"logs": {"general": {"level": "INFO", "format": "json"},
        "access": {"enabled": true, "filters": {"statuscodes": "500"}}}});
    let proposal = json!({"log": {"level": "INFO", "format": "json"},
        "accessLog": {"enabled": true, "filters": {"statusCodes": "500"}}});
    let planned = run(original, proposal, &["logs"], json!({}));
    assert_eq!(planned.findings, vec![]);
    assert_eq!(
        ops(&planned),
        [
            "rename logs.general -> log",
            "rename logs.access.enabled -> accessLog.enabled",
            "rename logs.access.filters.statuscodes -> accessLog.filters.statusCodes"
        ]
    );
    assert_eq!(planned.not_carried, vec![]);
}

#[test]
fn two_equal_sources_with_nothing_to_tell_them_apart_are_ambiguous() {
    let original = json!({"a": {"x": 5}, "b": {"x": 5}});
    let proposal = json!({"c": {"y": 5}});
    let planned = run(original, proposal, &["a", "b"], json!({}));
    assert_eq!(
        kinds(&planned.findings),
        [(RefusalKind::AmbiguousMove, "c.y".into())]
    );
}

#[test]
fn one_source_carried_to_two_places_is_ambiguous() {
    let original = json!({"old": "v"});
    let proposal = json!({"new1": "v", "new2": "v"});
    let planned = run(original, proposal, &["old"], json!({}));
    assert_eq!(kinds(&planned.findings)[0].0, RefusalKind::AmbiguousMove);
}

#[test]
fn an_already_migrated_file_plans_nothing() {
    let values = json!({"replicas": 2, "gate": {"enabled": true, "argocd": {"server": "s", "podPort": 8083}}});
    let planned = run(values.clone(), values, &[], json!({}));
    assert_eq!(planned, Planned::default());
}

#[test]
fn a_value_carried_by_a_block_move_is_not_a_candidate_for_another() {
    // `old.ingress` moves whole; `new.flag: true` then comes from `old.secure`, not from the
    // `old.ingress.enabled` the block carries (no rule of value, prefix or key told them apart).
    let original = json!({"old": {"secure": true, "ingress": {"enabled": true, "host": "h"}}});
    let proposal =
        json!({"new": {"flag": true}, "web": {"ingress": {"enabled": true, "host": "h"}}});
    let planned = run(original, proposal, &["old"], json!({}));
    assert_eq!(planned.findings, vec![]);
    assert_eq!(
        ops(&planned),
        [
            "rename old.secure -> new.flag",
            "rename old.ingress -> web.ingress"
        ]
    );
    let reason = planned.ops.iter().find_map(|op| match op {
        Op::Rename { to, reason, .. } if to.to_string() == "new.flag" => Some(reason.clone()),
        _ => None,
    });
    assert!(reason.is_some_and(|r| r.contains("carried elsewhere by this plan")));
}
