//! The fifteen real chart bumps of the shared corpus, checked against what Helm said about them.

use crate::common;
use values_migrate::migrate::SessionSpec;

use std::collections::BTreeSet;

use common::{Pair, pair, pair_ids};
use serde_json::{Value, json};
use values_migrate::ValuePath;
use values_migrate::schema::{
    ChangeKind, Schema, Source, Violation, changelog, coalesce, coalesce_with_warnings,
    reuse_values,
};

/// What one violation is about: the key for a key the mapping refuses, else the value's path.
fn subject(v: &Violation) -> String {
    match (&v.key_path, v.keyword.as_str()) {
        (Some(key), "required") => format!("{key} (missing)"),
        (Some(key), _) => key.to_string(),
        (None, _) => v.path.to_string(),
    }
}

fn subjects(violations: &[Violation]) -> BTreeSet<String> {
    violations.iter().map(subject).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn path(text: &str) -> ValuePath {
    ValuePath::parse(text).expect("a test path parses")
}

/// With `key` set to `value` in a copy of `values`.
fn with(values: &Value, key: &str, value: Value) -> Value {
    let mut out = values.clone();
    let mut here = &mut out;
    let path = path(key);
    let (last, parents) = path.segments().split_last().expect("a non-root path");
    for segment in parents {
        let values_migrate::Segment::Key(k) = segment else {
            panic!("test paths are keys")
        };
        here = here
            .as_object_mut()
            .expect("a mapping on the way")
            .entry(k.clone())
            .or_insert_with(|| json!({}));
    }
    let values_migrate::Segment::Key(k) = last else {
        panic!("test paths are keys")
    };
    here.as_object_mut()
        .expect("a mapping")
        .insert(k.clone(), value);
    out
}

/// What Helm says about one pair (README and pairs.json), for the checks every pair gets.
struct Expect {
    /// Subjects of the violations of A's values.yaml as `-f` over B (check 4).
    a_over_b: &'static [&'static str],
    /// Subjects of the violations with A's values.yaml as the defaults and no B defaults
    /// (check 5, `--reuse-values`), where they differ from check 4.
    reuse: Option<&'static [&'static str]>,
    /// Removed keys the target rejects, as the README's "Rejected in B" table names them.
    removed: &'static [&'static str],
}

/// The checks every pair gets; returns the loaded pair for pair-specific ones.
fn check(id: &str, expect: Expect) -> Pair {
    let p = pair(id);
    // Both sides' own defaults pass their own schemas (check 1).
    let bb = p.b.schema.validate_coalesced(None, &p.b.values);
    assert!(bb.is_empty(), "{id}: B's defaults fail B: {bb:?}");
    let aa = p.a.schema.validate_coalesced(None, &p.a.values);
    assert!(aa.is_empty(), "{id}: A's defaults fail A: {aa:?}");

    // A's values.yaml as user values over B's defaults (check 4).
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    assert_eq!(
        subjects(&violations),
        set(expect.a_over_b),
        "{id}: A over B: {violations:#?}"
    );
    assert!(
        violations.iter().all(|v| !v.in_defaults_only),
        "{id}: every violation is the user's"
    );
    assert_eq!(
        p.meta["A_defaults_fail_under_B"].as_bool(),
        Some(!violations.is_empty()),
        "{id}: pairs.json A_defaults_fail_under_B"
    );

    // Displaced values: exactly the refused keys and values, each accepted by A.
    let displaced = Schema::displaced(&p.a.schema, &p.b.schema, &p.a.values, Some(&p.b.values));
    let displaced_paths: BTreeSet<String> = displaced.iter().map(|d| d.path.to_string()).collect();
    let expected_displaced: BTreeSet<String> = expect
        .a_over_b
        .iter()
        .filter(|s| !s.ends_with("(missing)"))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(displaced_paths, expected_displaced, "{id}: displaced");
    for d in &displaced {
        assert!(d.base_accepts, "{id}: A accepts its own {}", d.path);
        let user_value = values_migrate_get(&p.a.values, &d.path);
        assert_eq!(
            Some(&d.value),
            user_value,
            "{id}: the displaced value is the user's"
        );
    }

    // The same facts through `diagnose`, the planner's front door, from the files' text.
    let dir = |side: &str| {
        p.meta[side]["dir"]
            .as_str()
            .expect("pairs.json dir")
            .to_string()
    };
    let named = |side: &str, file: &str| values_migrate::migrate::Named {
        name: format!("{}/{file}", dir(side)),
        text: common::corpus_text(&format!("{}/{file}", dir(side))),
    };
    let a_values = named("A", "values.yaml");
    let report = values_migrate::migrate::diagnose(&values_migrate::migrate::Request {
        files: vec![values_migrate::migrate::SourceFile {
            path: a_values.name,
            text: a_values.text,
        }],
        proposal: None,
        prefix: Some(String::new()),
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: named("A", "values.schema.json"),
            target_schema: named("B", "values.schema.json"),
            defaults: Some(named("B", "values.yaml")),
            typing: values_migrate::Typing::Helm,
            ..SessionSpec::default()
        },
    });
    let diagnosed: BTreeSet<String> = report
        .displaced
        .iter()
        .map(|d| d.path.to_string())
        .collect();
    assert_eq!(diagnosed, expected_displaced, "{id}: diagnose's displaced");
    assert!(
        report.escalations.is_empty() && report.derivable.is_empty(),
        "{id}: diagnose finds nothing missing"
    );
    let status = if expected_displaced.is_empty() {
        "Unchanged"
    } else {
        "NeedsProposal"
    };
    assert_eq!(
        format!("{:?}", report.status),
        status,
        "{id}: diagnose's status"
    );
    assert!(
        report
            .brief
            .as_deref()
            .is_some_and(|b| expected_displaced.iter().all(|d| b.contains(d.as_str()))),
        "{id}: the brief names every displaced value"
    );

    // Required keys: B's defaults supply every newly required key (README, every pair).
    let required =
        p.b.schema
            .required(&coalesce(Some(&p.b.values), &p.a.values));
    assert!(
        required.is_empty(),
        "{id}: nothing is missing over B's defaults: {required:?}"
    );

    // `--reuse-values` (check 5): A's values stand in for B's defaults.
    let reused = reuse_values(Some(&p.a.values), &json!({}), &json!({}));
    let reuse = p.b.schema.validate(&reused);
    let expected_reuse = expect.reuse.unwrap_or(expect.a_over_b);
    assert_eq!(
        subjects(&reuse),
        set(expected_reuse),
        "{id}: reuse-values: {reuse:#?}"
    );
    if let Some(fails) = p.meta["A_defaults_alone_fail_under_B_schema"].as_bool() {
        assert_eq!(
            fails,
            !reuse.is_empty(),
            "{id}: pairs.json A_defaults_alone_fail_under_B_schema"
        );
    }

    // The changelog names the newly required keys of pairs.json, and nothing else as such.
    let log = changelog(&p.a.schema, &p.b.schema);
    let newly: BTreeSet<String> = log
        .changes
        .iter()
        .filter(|c| c.kind == ChangeKind::NewlyRequired)
        .map(|c| c.path.clone())
        .collect();
    let listed: BTreeSet<String> = p.meta["newly_required"]
        .as_array()
        .expect("newly_required is a list")
        .iter()
        .map(|n| n["path"].as_str().expect("a path").to_string())
        .collect();
    assert_eq!(newly, listed, "{id}: newly required");
    for removed in expect.removed {
        assert!(
            log.at(removed)
                .any(|c| matches!(c.kind, ChangeKind::Removed { rejected: true, .. })),
            "{id}: the changelog says {removed} is removed and rejected:\n{log}"
        );
    }
    for change in p.meta["type_changes"].as_array().into_iter().flatten() {
        let at = change["path"].as_str().expect("a path");
        assert!(
            log.at(at)
                .any(|c| matches!(c.kind, ChangeKind::TypeChanged { .. })),
            "{id}: the changelog names the type change at {at}:\n{log}"
        );
    }
    p
}

fn values_migrate_get<'v>(values: &'v Value, at: &ValuePath) -> Option<&'v Value> {
    let mut here = values;
    for segment in at.segments() {
        here = match segment {
            values_migrate::Segment::Key(k) => here.get(k)?,
            values_migrate::Segment::Index(i) => here.get(i)?,
        };
    }
    Some(here)
}

fn messages(violations: &[Violation]) -> Vec<String> {
    violations.iter().map(ToString::to_string).collect()
}

#[test]
fn every_pair_in_pairs_json_has_a_test() {
    let tested = [
        "traefik-v38.0.2-v39.0.0",
        "traefik-v40.3.0-v41.0.0",
        "cert-manager-v1.20.3-v1.21.0",
        "opentelemetry-collector-0.18.0-0.19.0",
        "opentelemetry-operator-0.53.2-0.54.0",
        "opentelemetry-operator-0.109.2-0.110.0",
        "trust-manager-v0.17.0-v0.17.1",
        "opentelemetry-collector-0.161.0-0.162.0",
        "opentelemetry-collector-0.149.0-0.150.0",
        "opentelemetry-operator-0.115.1-0.116.0",
        "opentelemetry-demo-0.17.0-0.18.0",
        "opentelemetry-demo-0.18.1-0.19.0",
        "opentelemetry-demo-0.35.1-0.36.0",
        "traefik-v39.0.9-v40.0.0",
        "console-0.7.31-3.0.0",
    ];
    assert_eq!(pair_ids(), tested);
}

#[test]
fn pair_01_traefik_ports_options_move_under_http() {
    let p = check(
        "traefik-v38.0.2-v39.0.0",
        Expect {
            a_over_b: &[
                "ports.web.redirections",
                "ports.websecure.middlewares",
                "ports.websecure.tls",
            ],
            reuse: None,
            removed: &[
                "ports.<name>.tls",
                "ports.<name>.middlewares",
                "ports.<name>.redirections",
            ],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    let texts = messages(&violations);
    assert!(texts.contains(
        &"at '/ports/web': additional properties 'redirections' not allowed".to_string()
    ));
    // The root went from open to closed ("enforce schema").
    let log = changelog(&p.a.schema, &p.b.schema);
    assert!(log.at("").any(|c| c.kind == ChangeKind::Closed), "{log}");
    let stray =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &json!({"myOwnKey": 1}));
    assert_eq!(subjects(&stray), set(&["myOwnKey"]));
    assert!(
        p.a.schema
            .validate_coalesced(Some(&p.a.values), &json!({"myOwnKey": 1}))
            .is_empty()
    );
    // The entrypoint map: B's properties for any entrypoint include the new `http` level.
    let names: Vec<String> =
        p.b.schema
            .properties_at(&path("ports.web"))
            .into_iter()
            .map(|i| i.name)
            .collect();
    assert!(
        names.contains(&"http".to_string()) && !names.contains(&"tls".to_string()),
        "{names:?}"
    );
    assert!(p.b.schema.is_closed_at(&path("ports.web")));
}

#[test]
fn pair_02_traefik_logs_split_and_file_content_becomes_an_object() {
    let p = check(
        "traefik-v40.3.0-v41.0.0",
        Expect {
            a_over_b: &["logs", "providers.file.content"],
            reuse: None,
            removed: &["logs"],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    let texts = messages(&violations);
    assert!(
        texts.contains(&"at '/providers/file/content': got string, want object".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"at '': additional properties 'logs' not allowed".to_string()),
        "{texts:?}"
    );
    // Helm's coalesce warning for the same key.
    let coalesced = coalesce_with_warnings(Some(&p.b.values), &p.a.values);
    assert!(
        coalesced
            .warnings
            .iter()
            .any(|w| w.path.to_string() == "providers.file.content"
                && w.message.contains("cannot overwrite table with non table")),
        "{:?}",
        coalesced.warnings
    );
    // Negative case: accessLog.fields is open in B, so the old spelling still passes.
    let old_spelling = json!({"accessLog": {"fields": {"general": {"defaultmode": "keep"}}}});
    assert!(
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &old_spelling)
            .is_empty()
    );
    // The renamed filters under the new parent are refused one by one.
    let filters = json!({"accessLog": {"filters": {"statuscodes": "200", "retryattempts": true, "minduration": "10ms"}}});
    assert_eq!(
        subjects(&p.b.schema.validate_coalesced(Some(&p.b.values), &filters)),
        set(&[
            "accessLog.filters.minduration",
            "accessLog.filters.retryattempts",
            "accessLog.filters.statuscodes"
        ])
    );
    let log = changelog(&p.a.schema, &p.b.schema);
    let change = log
        .at("providers.file.content")
        .find(|c| matches!(c.kind, ChangeKind::TypeChanged { .. }));
    assert_eq!(
        change.map(|c| c.kind.clone()),
        Some(ChangeKind::TypeChanged {
            from: vec!["string".into()],
            to: vec!["object".into()]
        })
    );
    // What a brief shows next to the displaced value: the key's new type, and no default.
    let content =
        p.b.schema
            .properties_at(&path("providers.file"))
            .into_iter()
            .find(|i| i.name == "content")
            .expect("B declares providers.file.content");
    assert_eq!(content.types, ["object"]);
    assert_eq!(content.default, None);
    assert!(
        p.b.schema
            .derived_values(&path("providers.file.content"))
            .defaults
            .is_empty()
    );
}

#[test]
fn pair_03_cert_manager_refs_into_defs_resolve() {
    let p = check(
        "cert-manager-v1.20.3-v1.21.0",
        Expect {
            a_over_b: &[
                "prometheus.podmonitor.path",
                "prometheus.servicemonitor.path",
                "prometheus.servicemonitor.targetPort",
            ],
            reuse: None,
            removed: &[
                "prometheus.servicemonitor.targetPort",
                "prometheus.servicemonitor.path",
                "prometheus.podmonitor.path",
            ],
        },
    );
    // The root is only a $ref; every property is a $ref into $defs, and the walker follows them.
    assert!(p.b.schema.document().get("$ref").is_some());
    assert_eq!(
        p.a.schema
            .derived_values(&path("prometheus.servicemonitor.targetPort"))
            .defaults,
        vec![json!("http-metrics")]
    );
    assert!(
        p.b.schema
            .derived_values(&path("prometheus.servicemonitor.targetPort"))
            .defaults
            .is_empty()
    );
    let b_props: Vec<String> =
        p.b.schema
            .properties_at(&path("prometheus.servicemonitor"))
            .into_iter()
            .map(|i| i.name)
            .collect();
    assert!(
        b_props.contains(&"interval".to_string()) && !b_props.contains(&"targetPort".to_string()),
        "{b_props:?}"
    );
    assert!(p.b.schema.is_closed_at(&path("prometheus.servicemonitor")));
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    assert!(
        violations
            .iter()
            .all(|v| v.schema_path.starts_with("/$defs/helm-values.prometheus.")),
        "{violations:#?}"
    );
}

#[test]
fn pair_04_collector_sections_removed_and_mode_required() {
    let p = check(
        "opentelemetry-collector-0.18.0-0.19.0",
        Expect {
            a_over_b: &["agentCollector", "standaloneCollector"],
            reuse: None,
            removed: &["agentCollector", "standaloneCollector"],
        },
    );
    // `mode: null` deletes the key (B's defaults have it), and nothing can be derived for it.
    let nulled = with(&p.a.values, "mode", Value::Null);
    let violations = p.b.schema.validate_coalesced(Some(&p.b.values), &nulled);
    assert!(messages(&violations).contains(&"at '': missing property 'mode'".to_string()));
    let required = p.b.schema.required(&coalesce(Some(&p.b.values), &nulled));
    assert!(required.derivable.is_empty());
    assert_eq!(required.escalations.len(), 1);
    assert_eq!(required.escalations[0].path, path("mode"));
    assert!(
        required.escalations[0].message.contains("3 members"),
        "{}",
        required.escalations[0].message
    );
    // `mode: agent` is refused by the enum, in Helm's words.
    let agent = with(&p.a.values, "mode", json!("agent"));
    let violations = p.b.schema.validate_coalesced(Some(&p.b.values), &agent);
    assert!(
        messages(&violations).contains(
            &"at '/mode': value must be one of 'daemonset', 'deployment', ''".to_string()
        ),
        "{violations:#?}"
    );
    assert_eq!(
        p.b.schema.derived_values(&path("mode")).enums,
        vec![json!("daemonset"), json!("deployment"), json!("")]
    );
}

#[test]
fn pair_05_operator_cert_files_renamed() {
    let p = check(
        "opentelemetry-operator-0.53.2-0.54.0",
        Expect {
            a_over_b: &[
                "admissionWebhooks.ca_file",
                "admissionWebhooks.cert_file",
                "admissionWebhooks.key_file",
            ],
            reuse: Some(&[
                "admissionWebhooks.ca_file",
                "admissionWebhooks.cert_file",
                "admissionWebhooks.key_file",
                "admissionWebhooks.caFile (missing)",
                "admissionWebhooks.certFile (missing)",
                "admissionWebhooks.keyFile (missing)",
            ]),
            removed: &[
                "admissionWebhooks.ca_file",
                "admissionWebhooks.cert_file",
                "admissionWebhooks.key_file",
            ],
        },
    );
    let nulled = with(&p.a.values, "admissionWebhooks.caFile", Value::Null);
    let violations = p.b.schema.validate_coalesced(Some(&p.b.values), &nulled);
    assert!(
        messages(&violations)
            .contains(&"at '/admissionWebhooks': missing property 'caFile'".to_string())
    );
    let required = p.b.schema.required(&coalesce(Some(&p.b.values), &nulled));
    assert_eq!(required.derivable.len(), 1);
    assert_eq!(required.derivable[0].path, path("admissionWebhooks.caFile"));
    assert_eq!(
        (&required.derivable[0].value, required.derivable[0].source),
        (&json!(""), Source::Default)
    );
}

#[test]
fn pair_06_operator_kube_rbac_proxy_removed_metrics_required() {
    let p = check(
        "opentelemetry-operator-0.109.2-0.110.0",
        Expect {
            a_over_b: &["kubeRBACProxy"],
            reuse: Some(&["kubeRBACProxy", "manager.metrics (missing)"]),
            removed: &["kubeRBACProxy"],
        },
    );
    let nulled = with(&p.a.values, "manager.metrics.secure", Value::Null);
    let violations = p.b.schema.validate_coalesced(Some(&p.b.values), &nulled);
    assert!(
        messages(&violations)
            .contains(&"at '/manager/metrics': missing property 'secure'".to_string())
    );
    // Without B's defaults the whole required chain is derivable from schema defaults.
    let reused = reuse_values(Some(&p.a.values), &json!({}), &json!({}));
    let required = p.b.schema.required(&reused);
    let derived: Vec<(String, Value)> = required
        .derivable
        .iter()
        .map(|d| (d.path.to_string(), d.value.clone()))
        .collect();
    assert_eq!(
        derived,
        vec![
            ("manager.metrics".to_string(), json!({})),
            ("manager.metrics.secure".to_string(), json!(true)),
            ("manager.metrics.tls".to_string(), json!({})),
            ("manager.metrics.tls.certFile".to_string(), json!("")),
            ("manager.metrics.tls.keyFile".to_string(), json!("")),
        ]
    );
    assert!(required.escalations.is_empty());
}

#[test]
fn pair_07_trust_manager_cipher_suites_renamed() {
    let p = check(
        "trust-manager-v0.17.0-v0.17.1",
        Expect {
            a_over_b: &["app.ciphersSuite"],
            reuse: None,
            removed: &["app.ciphersSuite"],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    assert_eq!(
        messages(&violations),
        ["at '/app': additional properties 'ciphersSuite' not allowed"]
    );
}

#[test]
fn pair_08_collector_rewrite_flag_renamed() {
    let p = check(
        "opentelemetry-collector-0.161.0-0.162.0",
        Expect {
            a_over_b: &["rewriteDeprecatedProcessorNames"],
            reuse: None,
            removed: &["rewriteDeprecatedProcessorNames"],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    assert_eq!(
        messages(&violations),
        ["at '': additional properties 'rewriteDeprecatedProcessorNames' not allowed"]
    );
}

#[test]
fn pair_09_collector_api_version_required() {
    let p = check(
        "opentelemetry-collector-0.149.0-0.150.0",
        Expect {
            a_over_b: &[],
            reuse: Some(&["apiVersion (missing)"]),
            removed: &[],
        },
    );
    // With --reuse-values only A's values are defaults, and apiVersion has no default: escalate.
    let reused = reuse_values(Some(&p.a.values), &json!({}), &json!({}));
    assert_eq!(
        messages(&p.b.schema.validate(&reused)),
        ["at '': missing property 'apiVersion'"]
    );
    let required = p.b.schema.required(&reused);
    assert!(required.derivable.is_empty());
    assert_eq!(required.escalations.len(), 1);
    assert_eq!(required.escalations[0].path, path("apiVersion"));
    assert_eq!(
        required.escalations[0].message,
        "required by the target schema; it names no default, no const and no single-member enum"
    );
    let nulled = with(&p.a.values, "apiVersion", Value::Null);
    assert_eq!(
        messages(&p.b.schema.validate_coalesced(Some(&p.b.values), &nulled)),
        ["at '': missing property 'apiVersion'"]
    );
}

#[test]
fn pair_10_operator_feature_gates_removed() {
    let p = check(
        "opentelemetry-operator-0.115.1-0.116.0",
        Expect {
            a_over_b: &["manager.featureGates"],
            reuse: None,
            removed: &["manager.featureGates"],
        },
    );
    // In A the key was required.
    let nulled = with(&p.a.values, "manager.featureGates", Value::Null);
    assert_eq!(
        messages(&p.a.schema.validate_coalesced(Some(&p.a.values), &nulled)),
        ["at '/manager': missing property 'featureGates'"]
    );
}

#[test]
fn pair_11_demo_service_port_moves_under_service() {
    const PORTS: &[&str] = &[
        "components.adService.servicePort",
        "components.cartService.servicePort",
        "components.checkoutService.servicePort",
        "components.currencyService.servicePort",
        "components.emailService.servicePort",
        "components.frontend.servicePort",
        "components.frontendProxy.servicePort",
        "components.loadgenerator.servicePort",
        "components.paymentService.servicePort",
        "components.productCatalogService.servicePort",
        "components.quoteService.servicePort",
        "components.recommendationService.servicePort",
        "components.shippingService.servicePort",
    ];
    let p = check(
        "opentelemetry-demo-0.17.0-0.18.0",
        Expect {
            a_over_b: PORTS,
            reuse: None,
            removed: PORTS,
        },
    );
    // The definition name trap: B's `Service` is the new service block, not A's component.
    let b_service: Vec<String> =
        p.b.schema
            .properties_at(&path("components.frontend.service"))
            .into_iter()
            .map(|i| i.name)
            .collect();
    assert!(
        b_service.contains(&"port".to_string()) && b_service.contains(&"type".to_string()),
        "{b_service:?}"
    );
    let ok = json!({"components": {"frontend": {"service": {"port": 8080, "type": "ClusterIP"}}}});
    assert!(
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &ok)
            .is_empty()
    );
}

#[test]
fn pair_12_demo_service_account_becomes_an_object() {
    let p = check(
        "opentelemetry-demo-0.18.1-0.19.0",
        Expect {
            a_over_b: &["serviceAccount"],
            reuse: None,
            removed: &[],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    assert_eq!(
        messages(&violations),
        ["at '/serviceAccount': got string, want object"]
    );
    let displaced = Schema::displaced(&p.a.schema, &p.b.schema, &p.a.values, Some(&p.b.values));
    assert_eq!(displaced[0].value, json!(""));
    assert_eq!(displaced[0].reason, "got string, want object");
    // `create` is required, has no default, and B's defaults supply it.
    let nulled = with(&p.a.values, "serviceAccount", json!({"create": null}));
    assert_eq!(
        messages(&p.b.schema.validate_coalesced(Some(&p.b.values), &nulled)),
        ["at '/serviceAccount': missing property 'create'"]
    );
    let required = p.b.schema.required(&coalesce(Some(&p.b.values), &nulled));
    assert_eq!(required.escalations.len(), 1);
    assert_eq!(required.escalations[0].path, path("serviceAccount.create"));
    let named = with(&p.a.values, "serviceAccount", json!({"name": "my-sa"}));
    assert!(
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &named)
            .is_empty()
    );
}

#[test]
fn pair_13_demo_components_renamed() {
    const RENAMED: &[&str] = &[
        "components.accountingService",
        "components.adService",
        "components.cartService",
        "components.checkoutService",
        "components.currencyService",
        "components.emailService",
        "components.frauddetectionService",
        "components.frontendProxy",
        "components.imageprovider",
        "components.loadgenerator",
        "components.paymentService",
        "components.productCatalogService",
        "components.quoteService",
        "components.recommendationService",
        "components.shippingService",
        "components.valkey",
    ];
    let p = check(
        "opentelemetry-demo-0.35.1-0.36.0",
        Expect {
            a_over_b: RENAMED,
            reuse: None,
            removed: RENAMED,
        },
    );
    let listed: BTreeSet<String> = p.meta["rejected"]
        .as_array()
        .expect("rejected")
        .iter()
        .map(|r| r["path"].as_str().expect("a path").to_string())
        .collect();
    assert_eq!(
        listed,
        set(RENAMED),
        "the README's table and pairs.json agree"
    );
    // Each renamed component is one displaced value: the whole mapping, not its leaves.
    let displaced = Schema::displaced(&p.a.schema, &p.b.schema, &p.a.values, Some(&p.b.values));
    assert!(displaced.iter().all(|d| d.value.is_object()));
}

#[test]
fn pair_14_traefik_psp_removed_and_nginx_case_renamed() {
    let p = check(
        "traefik-v39.0.9-v40.0.0",
        Expect {
            a_over_b: &["podSecurityPolicy", "providers.kubernetesIngressNginx"],
            reuse: None,
            removed: &["podSecurityPolicy", "providers.kubernetesIngressNginx"],
        },
    );
    // Negative case: `service` is open in B, so the old service keys still pass.
    let old = json!({"service": {"type": "NodePort", "externalIPs": ["10.0.0.1"]}});
    assert!(
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &old)
            .is_empty()
    );
    let log = changelog(&p.a.schema, &p.b.schema);
    assert!(
        log.at("service.type").any(|c| c.kind
            == ChangeKind::Removed {
                rejected: false,
                below: 0
            }),
        "{log}"
    );
}

#[test]
fn pair_15_console_closes_its_schema_and_keeps_user_nulls() {
    let p = check(
        "console-0.7.31-3.0.0",
        Expect {
            a_over_b: &[
                "console",
                "enterprise",
                "secret.enterprise",
                "secret.login",
                "ingress.className",
                "service.targetPort",
            ],
            reuse: Some(&["console", "enterprise", "secret.enterprise", "secret.login"]),
            removed: &["console", "secret.login", "secret.enterprise"],
        },
    );
    let violations =
        p.b.schema
            .validate_coalesced(Some(&p.b.values), &p.a.values);
    let texts = messages(&violations);
    assert!(
        texts.contains(&"at '/ingress/className': got null, want string".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"at '/service/targetPort': got null, want integer".to_string()),
        "{texts:?}"
    );
    // The nulls survive because B's values.yaml lacks the keys.
    let coalesced = coalesce(Some(&p.b.values), &p.a.values);
    assert_eq!(coalesced["ingress"]["className"], Value::Null);
    let displaced = Schema::displaced(&p.a.schema, &p.b.schema, &p.a.values, Some(&p.b.values));
    let null = displaced
        .iter()
        .find(|d| d.path == path("ingress.className"))
        .expect("displaced null");
    assert_eq!(null.value, Value::Null);
    let log = changelog(&p.a.schema, &p.b.schema);
    assert!(log.at("").any(|c| c.kind == ChangeKind::Closed), "{log}");
}
