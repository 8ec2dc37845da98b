//! A recording replayed on many files compiles its two schemas once, and a chain compiles each
//! schema once, however many files it folds. (Its own test binary: the compile counter is
//! process-wide.)

use values_migrate::migrate::{Named, Request, SourceFile, Status, migrate};
use values_migrate::migration::replay::Replayer;
use values_migrate::migration::{ChartBump, ReplayRequest, record};
use values_migrate::schema::compilations;
use values_migrate::yaml::Typing;

const EXAMPLE: &str = "examples/bosun-0.20.0-to-0.25.1";

fn named(path: &str) -> Named {
    Named {
        name: path.to_string(),
        text: std::fs::read_to_string(path).unwrap(),
    }
}

#[test]
fn a_replayer_compiles_both_schemas_once_for_every_file() {
    let request = Request {
        files: vec![SourceFile {
            path: "addons.yaml".into(),
            text: std::fs::read_to_string(format!("{EXAMPLE}/addons.yaml")).unwrap(),
        }],
        base_schema: named(&format!("{EXAMPLE}/base.values.schema.json")),
        target_schema: named(&format!("{EXAMPLE}/target.values.schema.json")),
        proposal: Some(named(&format!("{EXAMPLE}/proposal.yaml"))),
        prefix: None,
        answers: Vec::new(),
        defaults: None,
        typing: Typing::Helm,
        schema_refs: Vec::new(),
        base_defaults: None,
        templates: None,
    };
    let report = migrate(&request);
    let migration = record::record(&request, &report, &ChartBump::default()).unwrap();
    let before = compilations();
    let replayer = Replayer::new(&ReplayRequest {
        migration,
        files: Vec::new(),
        base_schema: request.base_schema.clone(),
        target_schema: request.target_schema.clone(),
        prefix: None,
        defaults: None,
        typing: Typing::Helm,
        allow_schema_drift: false,
    });
    assert_eq!(compilations() - before, 2, "one compile per schema");
    let mut statuses = Vec::new();
    for name in [
        "argocd-application",
        "commented",
        "reordered",
        "crlf",
        "migrated",
    ] {
        let path = format!("tests/data/replay/bosun/{name}.yaml");
        let files = [SourceFile {
            text: std::fs::read_to_string(&path).unwrap(),
            path,
        }];
        statuses.push(replayer.replay(&files, None).report.status);
    }
    assert_eq!(
        compilations() - before,
        2,
        "five replays compile nothing more"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == Status::Planned).count(),
        4
    );
    assert_eq!(statuses[4], Status::Unchanged);
}
