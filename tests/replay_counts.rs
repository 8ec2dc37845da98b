//! A recording replayed on many files compiles its two schemas once, and a chain compiles each
//! schema once, however many files it folds. (Its own test binary: the compile counter is
//! process-wide.)

use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{Named, Request, SourceFile, Status, migrate};
use values_migrate::migration::replay::Replayer;
use values_migrate::migration::{ChartBump, ReplayRequest, record};
use values_migrate::schema::compilations;

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
    let migration = record::record(&request, &report, &ChartBump::default()).unwrap();
    let before = compilations();
    let replayer = Replayer::new(&ReplayRequest {
        migration,
        files: Vec::new(),
        prefix: None,
        allow_schema_drift: false,
        spec: SessionSpec {
            base_schema: request.spec.base_schema.clone(),
            target_schema: request.spec.target_schema.clone(),
            ..SessionSpec::default()
        },
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
