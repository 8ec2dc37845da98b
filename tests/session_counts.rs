//! One `migrate` compiles each schema once and validates the target at most twice; a session
//! reused for more calls compiles nothing more. (Its own test binary: the compile counter is
//! process-wide.)

use values_migrate::Session;
use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{Inputs, Named, SourceFile, Status};
use values_migrate::schema::compilations;
use values_migrate::yaml::Typing;

fn example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/examples/bosun-0.20.0-to-0.25.1/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn named(name: &str) -> Named {
    Named {
        name: name.to_string(),
        text: example(name),
    }
}

#[test]
fn a_session_compiles_each_schema_once_and_validates_the_target_at_most_twice() {
    let before = compilations();
    let session = Session::new(
        &named("base.values.schema.json"),
        &named("target.values.schema.json"),
        None,
        Typing::Helm,
    )
    .unwrap();
    assert_eq!(compilations() - before, 2, "one compile per schema");
    let files = [SourceFile {
        path: "addons.yaml".into(),
        text: example("addons.yaml"),
    }];
    let proposal = named("proposal.yaml");
    let inputs = Inputs {
        files: &files,
        prefix: None,
        proposal: Some(&proposal),
        answers: &[],
        renders: None,
    };
    let validated = session.target().validations();
    let report = session.migrate(&inputs);
    assert_eq!(report.status, Status::Planned);
    let per_migrate = session.target().validations() - validated;
    assert!(per_migrate <= 2, "the target validated {per_migrate} times");
    for _ in 0..20 {
        assert_eq!(session.migrate(&inputs).status, Status::Planned);
    }
    assert_eq!(compilations() - before, 2, "later calls compile nothing");
    // The one-shot form builds a session of its own: two compiles, no more.
    let request = values_migrate::migrate::Request {
        files: files.to_vec(),
        proposal: Some(proposal.clone()),
        prefix: None,
        answers: vec![],
        spec: SessionSpec {
            base_schema: named("base.values.schema.json"),
            target_schema: named("target.values.schema.json"),
            ..SessionSpec::default()
        },
    };
    let one_shot = compilations();
    assert_eq!(
        values_migrate::migrate::migrate(&request).status,
        Status::Planned
    );
    assert_eq!(compilations() - one_shot, 2);
}
