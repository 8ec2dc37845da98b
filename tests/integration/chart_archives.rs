//! Chart archives as untrusted input: a table of hostile archives, each a clear error naming the
//! archive and the entry; and the bosun example planned alike from archives, directories and
//! schema files.

use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;
use std::path::{Path, PathBuf};
use values_migrate::chart::{self, Input};
use values_migrate::migrate::SessionSpec;
use values_migrate::migrate::{self, Named, Request, SourceFile};

/// One tar entry: name, type flag (`0` file, `1` hard link, `2` symlink, `5` dir, `6` fifo), data.
struct Entry<'a>(&'a str, u8, &'a [u8]);

/// A ustar header for `name`, written by hand so that hostile names and types get through.
fn header(name: &str, size: usize, kind: u8, link: &str) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len()].copy_from_slice(name.as_bytes());
    h[100..108].copy_from_slice(b"0000644\0");
    h[108..116].copy_from_slice(b"0000000\0");
    h[116..124].copy_from_slice(b"0000000\0");
    h[124..136].copy_from_slice(format!("{size:011o}\0").as_bytes());
    h[136..148].copy_from_slice(b"00000000000\0");
    h[156] = kind;
    h[157..157 + link.len()].copy_from_slice(link.as_bytes());
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    h[148..156].copy_from_slice(b"        ");
    let sum: u32 = h.iter().map(|&b| u32::from(b)).sum();
    h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    h
}

fn tar(entries: &[Entry<'_>]) -> Vec<u8> {
    let mut out = Vec::new();
    for Entry(name, kind, data) in entries {
        let link = if matches!(kind, b'1' | b'2') {
            "/etc/passwd"
        } else {
            ""
        };
        let size = if matches!(kind, b'0') { data.len() } else { 0 };
        out.extend_from_slice(&header(name, size, *kind, link));
        if size > 0 {
            out.extend_from_slice(data);
            out.resize(out.len().div_ceil(512) * 512, 0);
        }
    }
    out.resize(out.len() + 1024, 0);
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

const CHART: &[u8] = b"apiVersion: v2\nname: bosun\nversion: 0.1.0\n";

fn with_chart<'a>(more: &[Entry<'a>]) -> Vec<Entry<'a>> {
    let mut entries = vec![Entry("bosun/Chart.yaml", b'0', CHART)];
    entries.extend(more.iter().map(|e| Entry(e.0, e.1, e.2)));
    entries
}

#[test]
fn hostile_archives_get_clear_errors_naming_archive_and_entry() {
    let big = vec![b'a'; 5 * 1024 * 1024 + 1];
    let nested_fake = b"this is not gzip".as_slice();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("path traversal", gzip(&tar(&with_chart(&[Entry("bosun/../../etc/passwd", b'0', b"x")]))), "bosun/../../etc/passwd: a path outside the chart"),
        ("absolute path", gzip(&tar(&with_chart(&[Entry("/etc/passwd", b'0', b"x")]))), "/etc/passwd: an absolute path"),
        ("symbolic link", gzip(&tar(&with_chart(&[Entry("bosun/values.yaml", b'2', b"")]))), "bosun/values.yaml: a symbolic link"),
        ("hard link", gzip(&tar(&with_chart(&[Entry("bosun/values.yaml", b'1', b"")]))), "bosun/values.yaml: a hard link"),
        ("fifo", gzip(&tar(&with_chart(&[Entry("bosun/pipe", b'6', b"")]))), "bosun/pipe: not a regular file"),
        ("duplicate entry", gzip(&tar(&with_chart(&[Entry("bosun/Chart.yaml", b'0', CHART)]))), "hostile.tgz: Chart.yaml: a duplicate entry"),
        ("file over Helm's 5 MiB", gzip(&tar(&with_chart(&[Entry("bosun/big.txt", b'0', &big)]))), "bosun/big.txt: decompressed file is larger than the maximum file size 5242880"),
        ("no Chart.yaml", gzip(&tar(&[Entry("bosun/values.yaml", b'0', b"a: 1\n")])), "hostile.tgz: Chart.yaml file is missing"),
        ("Chart.yaml not YAML", gzip(&tar(&[Entry("bosun/Chart.yaml", b'0', b"name: [bosun\n")])), "hostile.tgz: Chart.yaml: not YAML"),
        ("Chart.yaml not a mapping", gzip(&tar(&[Entry("bosun/Chart.yaml", b'0', b"- bosun\n")])), "hostile.tgz: Chart.yaml: not a YAML mapping"),
        ("Chart.yaml at the top", gzip(&tar(&[Entry("Chart.yaml", b'0', CHART)])), "Chart.yaml: chart yaml not in base directory"),
        ("nested archive that is not one", gzip(&tar(&with_chart(&[Entry("bosun/charts/sub-1.0.0.tgz", b'0', nested_fake)]))), "hostile.tgz: charts/sub-1.0.0.tgz: nested chart archive cannot be read: not a gzipped archive"),
        ("gzip of no tar", gzip(b"just some text, not a tar stream, long enough to be read as one header at least? no"), "hostile.tgz: "),
        ("truncated", gzip(&tar(&with_chart(&[Entry("bosun/values.yaml", b'0', &[b'a'; 4000])])))[..60].to_vec(), "hostile.tgz: "),
        ("empty archive", gzip(&[0u8; 1024]), "hostile.tgz: no files in chart archive"),
    ];
    for (what, bytes, expected) in cases {
        let error = chart::from_archive("hostile.tgz", &bytes)
            .expect_err(what)
            .to_string();
        assert!(error.contains(expected), "{what}: {error}");
        assert!(error.starts_with("hostile.tgz"), "{what}: {error}");
    }
}

#[test]
fn a_gzip_bomb_stops_at_helms_chart_limit() {
    // 21 files of 5 MiB: over Helm's 100 MiB for a chart, a few hundred KB compressed.
    let block = vec![0u8; 5 * 1024 * 1024];
    let mut names = Vec::new();
    for i in 0..21 {
        names.push(format!("bosun/f{i}"));
    }
    let mut entries = with_chart(&[]);
    entries.extend(names.iter().map(|n| Entry(n, b'0', &block)));
    let bytes = gzip(&tar(&entries));
    assert!(bytes.len() < 1024 * 1024, "{} bytes", bytes.len());
    let error = chart::from_archive("bomb.tgz", &bytes)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(
            "bomb.tgz: bosun/f19: decompressed chart is larger than the maximum size 104857600"
        ),
        "{error}"
    );
}

const EXAMPLE: &str = "examples/bosun-0.20.0-to-0.25.1";

/// A chart directory as `helm pull --untar` leaves it, made from the example's schema file.
fn chart_dir(version: &str, schema: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("vm-chart-{}-{version}", std::process::id()))
        .join("bosun");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("Chart.yaml"),
        format!("apiVersion: v2\nname: bosun\nversion: {version}\n"),
    )
    .unwrap();
    std::fs::copy(
        Path::new(EXAMPLE).join(schema),
        dir.join("values.schema.json"),
    )
    .unwrap();
    dir
}

fn planned(base: &Path, target: &Path) -> migrate::MigrateReport {
    let read = |p: &str| std::fs::read_to_string(Path::new(EXAMPLE).join(p)).unwrap();
    let (base, target) = (
        Input::from_path(base).unwrap(),
        Input::from_path(target).unwrap(),
    );
    migrate::migrate(&Request {
        files: vec![SourceFile {
            path: "addons.yaml".into(),
            text: read("addons.yaml"),
        }],
        proposal: Some(Named {
            name: "proposal.yaml".into(),
            text: read("proposal.yaml"),
        }),
        prefix: None,
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: base.schema,
            target_schema: target.schema,
            defaults: target.defaults,
            typing: Default::default(),
            ..SessionSpec::default()
        },
    })
}

#[test]
fn bosun_plans_the_same_from_archives_directories_and_schema_files() {
    let example = Path::new(EXAMPLE);
    let schemas = planned(
        &example.join("base.values.schema.json"),
        &example.join("target.values.schema.json"),
    );
    let archives = planned(
        &example.join("charts/bosun-0.20.0.tgz"),
        &example.join("charts/bosun-0.25.1.tgz"),
    );
    let dirs = planned(
        &chart_dir("0.20.0", "base.values.schema.json"),
        &chart_dir("0.25.1", "target.values.schema.json"),
    );
    let expected = std::fs::read_to_string(example.join("expected.addons.yaml")).unwrap();
    for report in [&schemas, &archives, &dirs] {
        assert_eq!(
            report.status,
            migrate::Status::Planned,
            "{:?}",
            report.errors
        );
        assert_eq!(report.files[0].after, expected);
        assert_eq!(report.ops, schemas.ops);
        assert_eq!(report.not_carried, schemas.not_carried);
        assert_eq!(report.prefix.as_deref(), Some("bosun.valuesObject"));
    }
}

#[test]
fn the_command_line_takes_two_archives() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_values-migrate"))
        .current_dir(EXAMPLE)
        .args([
            "migrate",
            "--values",
            "addons.yaml",
            "--base",
            "charts/bosun-0.20.0.tgz",
            "--target",
            "charts/bosun-0.25.1.tgz",
            "--proposal",
            "proposal.yaml",
            "--format",
            "diff",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(Path::new(EXAMPLE).join("expected.diff")).unwrap();
    let diff = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        diff.lines().skip(2).collect::<Vec<_>>(),
        expected.lines().skip(2).collect::<Vec<_>>()
    );
}

#[test]
fn a_library_chart_is_refused_with_its_reason() {
    let library = gzip(&tar(&[Entry(
        "lib/Chart.yaml",
        b'0',
        b"apiVersion: v2\nname: lib\nversion: 1.0.0\ntype: library\n",
    )]));
    let error = chart::from_archive("lib.tgz", &library)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("library charts are not installable"),
        "{error}"
    );
}

/// A tree whose root imports `sub`'s `exports.data` and its `conf` (at `fromSub`) and requires both.
fn importing_archive(dependency: &str) -> Vec<u8> {
    let chart_yaml = format!(
        "apiVersion: v2\nname: top\nversion: 1.0.0\ndependencies:\n  - name: sub\n    version: 1.0.0\n{dependency}"
    );
    let schema = br#"{"type": "object", "required": ["port", "fromSub"], "properties": {"port": {"type": "integer"}}}"#;
    gzip(&tar(&[
        Entry("top/Chart.yaml", b'0', chart_yaml.as_bytes()),
        Entry("top/values.schema.json", b'0', schema),
        Entry(
            "top/charts/sub/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: sub\nversion: 1.0.0\n",
        ),
        Entry(
            "top/charts/sub/values.yaml",
            b'0',
            b"exports:\n  data:\n    port: 80\nconf:\n  mode: a\n",
        ),
    ]))
}

#[test]
fn import_values_in_both_forms_reach_the_parents_values_before_validation() {
    let imports = "    condition: sub.enabled\n    import-values:\n      - data\n      - {child: conf, parent: fromSub}\n";
    let composed = chart::from_archive("top.tgz", &importing_archive(imports)).unwrap();
    let schema = composed.compile().unwrap();
    let defaults: serde_json::Value =
        serde_json::from_str(composed.defaults.as_deref().unwrap()).unwrap();
    let valid = |user: serde_json::Value| schema.validate_coalesced(Some(&defaults), &user);
    assert!(valid(serde_json::json!({})).is_empty());
    let coalesced = schema.coalesce(Some(&defaults), &serde_json::json!({"port": 81}));
    assert_eq!(coalesced["port"], 81);
    assert_eq!(coalesced["fromSub"], serde_json::json!({"mode": "a"}));
    let wrong = valid(serde_json::json!({"port": "eighty"}));
    assert_eq!(wrong.len(), 1);
    assert_eq!(wrong[0].pointer, "/port");
    let switched_off = valid(serde_json::json!({"sub": {"enabled": false}}));
    let missing: Vec<&str> = switched_off.iter().map(|v| v.message.as_str()).collect();
    assert_eq!(switched_off.len(), 2, "{missing:?}");
}

/// An archive of `top` holding the subchart `sub` (no dependencies listed), with `more` entries.
fn top_over(sub: &str, more: &[Entry<'_>]) -> Vec<u8> {
    let sub_chart = format!("top/charts/{sub}/Chart.yaml");
    let sub_yaml = format!("apiVersion: v2\nname: {sub}\nversion: 1.0.0\n");
    let mut entries = vec![
        Entry(
            "top/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: top\nversion: 1.0.0\n",
        ),
        Entry(&sub_chart, b'0', sub_yaml.as_bytes()),
    ];
    entries.extend(more.iter().map(|e| Entry(e.0, e.1, e.2)));
    gzip(&tar(&entries))
}

#[test]
fn a_tree_without_schemas_still_refuses_a_subcharts_values_that_are_no_mapping() {
    let archive = top_over("sub", &[]);
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    let schema = composed.compile().unwrap();
    let defaults: serde_json::Value =
        serde_json::from_str(composed.defaults.as_deref().unwrap()).unwrap();
    let found = schema.validate_coalesced(Some(&defaults), &serde_json::json!({"sub": "oops"}));
    let words: Vec<&str> = found.iter().map(|v| v.message.as_str()).collect();
    assert_eq!(words, ["type mismatch on sub: %!t(string=oops)"]);
    assert!(
        schema
            .validate_coalesced(Some(&defaults), &serde_json::json!({"sub": {"x": 1}}))
            .is_empty()
    );
}

#[test]
fn each_charts_schema_is_read_with_its_own_draft_a_missing_one_as_2020_12() {
    let archive = top_over(
        "sub",
        &[
            Entry(
                "top/values.schema.json",
                b'0',
                br#"{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"t": {"items": [{"type": "integer"}]}}}"#,
            ),
            Entry(
                "top/charts/sub/values.schema.json",
                b'0',
                br#"{"properties": {"l": {"prefixItems": [{"type": "integer"}]}, "m": {"format": "email"}}}"#,
            ),
        ],
    );
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    let schema = composed.compile().unwrap();
    let user = serde_json::json!({"t": ["a"], "sub": {"l": ["a"], "m": "nope"}});
    let found = schema.validate_coalesced(None, &user);
    let pointers: Vec<&str> = found.iter().map(|v| v.pointer.as_str()).collect();
    assert_eq!(pointers, ["/t/0", "/sub/l/0"]);
}

/// `gate` whose subchart `mid` holds `deep` (tag `heavy`, which mid's values.yaml sets false, as
/// Helm lays it at the top of the values before deciding), `deep`'s schema closed when `closed`.
fn nested_gate_archive(closed: bool) -> Vec<u8> {
    let deep: &[u8] = if closed {
        br#"{"type": "object", "additionalProperties": false, "properties": {"global": {}}}"#
    } else {
        br#"{"type": "object"}"#
    };
    gzip(&tar(&[
        Entry(
            "gate/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: gate\nversion: 1.0.0\ndependencies:\n  - name: mid\n    version: 1.0.0\n",
        ),
        Entry(
            "gate/charts/mid/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: mid\nversion: 1.0.0\ndependencies:\n  - name: deep\n    version: 1.0.0\n    tags: [heavy]\n",
        ),
        Entry("gate/charts/mid/values.yaml", b'0', b"tags:\n  heavy: false\n"),
        Entry(
            "gate/charts/mid/charts/deep/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: deep\nversion: 1.0.0\n",
        ),
        Entry("gate/charts/mid/charts/deep/values.schema.json", b'0', deep),
    ]))
}

#[test]
fn displaced_values_follow_helms_decision_below_the_top_level() {
    let compiled = |closed| {
        let composed = chart::from_archive("gate.tgz", &nested_gate_archive(closed)).unwrap();
        let defaults: serde_json::Value =
            serde_json::from_str(composed.defaults.as_deref().unwrap()).unwrap();
        let schema = composed.compile().unwrap();
        (schema, defaults)
    };
    let ((base, _), (target, defaults)) = (compiled(false), compiled(true));
    let displaced = |user: serde_json::Value| -> Vec<String> {
        let (found, _) = values_migrate::schema::bump_facts(&base, &target, &user, Some(&defaults));
        found.iter().map(|d| d.path.to_string()).collect()
    };
    // mid's own `tags.heavy: false` switches deep off: Helm validates nothing under it.
    assert!(displaced(serde_json::json!({"mid": {"deep": {"x": 1}}})).is_empty());
    // The user's tag switches it back on: its closed schema refuses `x`.
    let on = serde_json::json!({"tags": {"heavy": true}, "mid": {"deep": {"x": 1}}});
    assert_eq!(displaced(on), ["mid.deep.x"]);
}

#[test]
fn a_charts_own_draft_decides_which_properties_its_schema_declares() {
    let archive = top_over(
        "old",
        &[
            Entry("top/values.schema.json", b'0', br#"{"type": "object"}"#),
            Entry(
                "top/charts/old/values.schema.json",
                b'0',
                br##"{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/definitions/x",
                "properties": {"sibling": {}}, "definitions": {"x": {"properties": {"kept": {}}}}}"##,
            ),
        ],
    );
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    let schema = composed.compile().unwrap();
    let at = values_migrate::path::ValuePath::root().key("old");
    let names: Vec<String> = schema
        .properties_at(&at)
        .into_iter()
        .map(|p| p.name)
        .collect();
    // Draft-07 reads a `$ref` alone: its siblings declare nothing.
    assert_eq!(names, ["kept"]);
}

#[test]
fn import_values_that_is_no_list_is_refused_naming_the_dependency() {
    let error = chart::from_archive("top.tgz", &importing_archive("    import-values: data\n"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("top.tgz: Chart.yaml: dependency `sub`: `import-values` is not a list"),
        "{error}"
    );
}

#[test]
fn a_recording_made_from_two_archives_replays_through_a_chain_of_them() {
    let bin = env!("CARGO_BIN_EXE_values-migrate");
    let example = std::fs::canonicalize(EXAMPLE).unwrap();
    let chain = std::env::temp_dir().join(format!("vm-chain-{}", std::process::id()));
    std::fs::create_dir_all(&chain).unwrap();
    for archive in ["bosun-0.20.0.tgz", "bosun-0.25.1.tgz"] {
        std::fs::copy(example.join("charts").join(archive), chain.join(archive)).unwrap();
    }
    let record = chain.join("bosun-0.20.0-to-0.25.1.json");
    let out = std::process::Command::new(bin)
        .current_dir(&example)
        .args([
            "migrate",
            "--values",
            "addons.yaml",
            "--base",
            "charts/bosun-0.20.0.tgz",
        ])
        .args([
            "--target",
            "charts/bosun-0.25.1.tgz",
            "--proposal",
            "proposal.yaml",
        ])
        .arg("--record")
        .arg(&record)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let recorded: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(
        recorded["chart"],
        serde_json::json!({"name": "bosun", "from": "0.20.0", "to": "0.25.1"})
    );
    let out = std::process::Command::new(bin)
        .current_dir(&example)
        .args(["replay", "--chain"])
        .arg(&chain)
        .args([
            "--from",
            "0.20.0",
            "--to",
            "0.25.1",
            "--values",
            "addons.yaml",
        ])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "planned", "{report}");
}

#[test]
fn a_values_yaml_of_several_documents_is_merged_as_helms_loader_merges_it() {
    let top = b"apiVersion: v2\nname: top\nversion: 1.0.0\ndependencies:\n  - name: sub\n    version: 1.0.0\n";
    let values = b"a: x\nsub:\n  k: 1\n---\na: 1\nsub:\n  l: 2\n";
    let sub = b"apiVersion: v2\nname: sub\nversion: 1.0.0\n";
    let archive = gzip(&tar(&[
        Entry("top/Chart.yaml", b'0', top),
        Entry("top/values.yaml", b'0', values),
        Entry("top/charts/sub/Chart.yaml", b'0', sub),
    ]));
    let defaults = (chart::from_archive("top.tgz", &archive).unwrap().defaults)
        .expect("the coalesced defaults");
    let read = first_document(&defaults);
    assert_eq!(read["a"], 1, "{defaults}");
    assert_eq!(read["sub"]["k"], 1, "{defaults}");
    assert_eq!(read["sub"]["l"], 2, "{defaults}");
    // A document that is not a mapping: Helm's loader cannot read the file.
    let listed = String::from_utf8_lossy(values).replace("a: 1\nsub:\n  l: 2\n", "- x\n");
    let entries = [
        Entry("top/Chart.yaml", b'0', top),
        Entry("top/values.yaml", b'0', listed.as_bytes()),
        Entry("top/charts/sub/Chart.yaml", b'0', sub),
    ];
    let error =
        (chart::from_archive("top.tgz", &gzip(&tar(&entries))).err()).map(|e| e.to_string());
    // In Helm's words (its chart loader, asked through helm-python-sdk), and which document.
    let helm = "cannot load values.yaml: cannot unmarshal yaml document: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {} (document 2)";
    assert!(
        error.as_ref().is_some_and(|e| e.contains(helm)),
        "{error:?}"
    );
}

/// A YAML text's first document as JSON, read as Helm reads it.
fn first_document(text: &str) -> serde_json::Value {
    let options = values_migrate::yaml::DecodeOptions::default();
    let documents = values_migrate::yaml::decode(text, &options).unwrap();
    documents.into_iter().next().unwrap_or_default()
}

#[test]
fn a_subcharts_schema_numbers_reach_the_composition_as_written() {
    let archive = gzip(&tar(&[
        Entry(
            "top/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: top\nversion: 1.0.0\n",
        ),
        Entry("top/values.schema.json", b'0', br#"{"properties": {"step": {"multipleOf": 0.10000000000000001}}}"#),
        Entry(
            "top/charts/sub/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: sub\nversion: 1.0.0\n",
        ),
        Entry(
            "top/charts/sub/values.schema.json",
            b'0',
            br#"{"properties": {"low": {"minimum": -18446744073709551615}, "s": {"enum": ["\u00000-0"]},
                "far": {"minimum": 1e400, "enum": [5, 1e2]}}}"#,
        ),
    ]));
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    assert!(
        composed.schema.contains("-18446744073709551615"),
        "{}",
        composed.schema
    );
    assert!(composed.schema.contains("0.10000000000000001"));
    let schema = composed.compile().unwrap();
    let defaults: serde_json::Value =
        serde_json::from_str(composed.defaults.as_deref().unwrap()).unwrap();
    let found = |user: serde_json::Value| schema.validate_coalesced(Some(&defaults), &user);
    // Helm: -2^64 + 16 reads as -1.8446744073709552×10¹⁹, below the minimum as written.
    let low = found(serde_json::json!({"sub": {"low": -18446744073709551600.0}}));
    assert_eq!(low.len(), 1, "{low:?}");
    assert_eq!(found(serde_json::json!({"step": 0.2})).len(), 1);
    // A schema string like a marker is left as it is.
    assert!(found(serde_json::json!({"sub": {"s": "\u{0}0-0"}})).is_empty());
    // Beyond a double's range, read as Helm reads it (Helm 4.2.3: `value must be one of 5, 1e2`
    // for 6, `minimum: got 5, want ∞` for 5).
    let far = |n: u8| {
        found(serde_json::json!({"sub": {"far": n}}))[0]
            .helm_message
            .clone()
    };
    assert_eq!(far(6), "value must be one of 5, 1e2");
    assert_eq!(far(5), "minimum: got 5, want ∞");
}

#[test]
fn every_missing_dependency_is_named_in_one_error_as_helm_install_names_them() {
    // Helm v4.2.3's `helm install`/`helm template` (action.CheckDependencies, wrapped by
    // pkg/cmd/install.go): every dependency of the root's Chart.yaml that no chart in `charts/`
    // is named after, by name (not alias), condition off or not, in Chart.yaml's order. `sub` is
    // there at another version than listed: not missing (Helm matches the name only), and its
    // own missing dependency `deep` is no error (Helm checks the root only).
    let chart_yaml = b"apiVersion: v2\nname: top\nversion: 1.0.0\ndependencies:\n  - name: alpha\n    version: 1.0.0\n  - name: sub\n    version: 1.0.0\n  - name: beta\n    version: 2.0.0\n    alias: b\n  - name: gamma\n    version: 1.0.0\n    condition: gamma.enabled\n";
    let sub_yaml = b"apiVersion: v2\nname: sub\nversion: 2.0.0\ndependencies:\n  - name: deep\n    version: 1.0.0\n";
    let archive = gzip(&tar(&[
        Entry("top/Chart.yaml", b'0', chart_yaml),
        Entry("top/values.yaml", b'0', b"gamma:\n  enabled: false\n"),
        Entry("top/charts/sub/Chart.yaml", b'0', sub_yaml),
    ]));
    let error = chart::from_archive("top.tgz", &archive)
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "top.tgz: Chart.yaml: an error occurred while checking for chart dependencies. You may \
         need to run 'helm dependency build' to fetch missing dependencies: found in Chart.yaml, \
         but missing in charts/ directory: alpha, beta, gamma"
    );
}

#[test]
fn a_subcharts_missing_dependency_and_a_version_out_of_range_are_dropped_as_helm_drops_them() {
    // The root lists `sub` 1.0.0 and holds sub 2.0.0: Helm keeps it as an unlisted subchart
    // (under its own name, always on); sub's own missing `deep` is dropped without a word.
    let chart_yaml = b"apiVersion: v2\nname: top\nversion: 1.0.0\ndependencies:\n  - name: sub\n    version: 1.0.0\n    alias: renamed\n    condition: renamed.enabled\n";
    let sub_yaml = b"apiVersion: v2\nname: sub\nversion: 2.0.0\ndependencies:\n  - name: deep\n    version: 1.0.0\n";
    let archive = gzip(&tar(&[
        Entry("top/Chart.yaml", b'0', chart_yaml),
        Entry("top/charts/sub/Chart.yaml", b'0', sub_yaml),
        Entry(
            "top/charts/sub/values.schema.json",
            b'0',
            br#"{"properties": {"port": {"type": "integer"}}}"#,
        ),
    ]));
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    let schema = composed.compile().unwrap();
    let defaults: serde_json::Value =
        serde_json::from_str(composed.defaults.as_deref().unwrap_or("{}")).unwrap();
    let found = schema.validate_coalesced(
        Some(&defaults),
        &serde_json::json!({"sub": {"port": "x"}, "renamed": {"enabled": false}}),
    );
    let at: Vec<&str> = found.iter().map(|v| v.pointer.as_str()).collect();
    assert_eq!(at, ["/sub/port"]);
}

#[test]
fn each_charts_anchors_and_dynamic_anchors_stay_its_own_in_the_composition() {
    // Helm validates each chart's schema alone: `#pa` and `#node` find that chart's anchors,
    // though the root and its subchart both name theirs `pa` and `node`.
    let schema = |kind: &str| {
        format!(
            r##"{{"properties": {{"a": {{"$ref": "#pa"}}, "d": {{"$dynamicRef": "#node"}}, "p": {{"$dynamicRef": "#/$defs/node"}}}},
               "$defs": {{"pa": {{"$anchor": "pa", "type": "{kind}"}}, "node": {{"$dynamicAnchor": "node", "type": "{kind}"}}}}}}"##
        )
    };
    let (top, sub) = (schema("string"), schema("integer"));
    let archive = gzip(&tar(&[
        Entry(
            "top/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: top\nversion: 1.0.0\n",
        ),
        Entry("top/values.schema.json", b'0', top.as_bytes()),
        Entry(
            "top/charts/sub/Chart.yaml",
            b'0',
            b"apiVersion: v2\nname: sub\nversion: 1.0.0\n",
        ),
        Entry("top/charts/sub/values.schema.json", b'0', sub.as_bytes()),
    ]));
    let composed = chart::from_archive("top.tgz", &archive).unwrap();
    let schema = composed.compile().unwrap();
    let values = serde_json::json!({"a": 1, "d": 1, "p": 1, "sub": {"a": "x", "d": "x", "p": "x"}});
    let found = schema.validate_coalesced(None, &values);
    let mut at: Vec<(&str, &str)> = found
        .iter()
        .map(|v| (v.pointer.as_str(), v.message.as_str()))
        .collect();
    at.sort();
    assert_eq!(
        at,
        [
            ("/a", "got number, want string"),
            ("/d", "got number, want string"),
            ("/p", "got number, want string"),
            ("/sub/a", "got string, want integer"),
            ("/sub/d", "got string, want integer"),
            ("/sub/p", "got string, want integer"),
        ]
    );
}

/// Every key of `value` (a schema document) that is one of this tool's private keywords, by pointer.
fn private_keys(value: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                let here = format!("{at}/{key}");
                if key.starts_with("x-values-migrate") {
                    out.push(here.clone());
                }
                private_keys(inner, &here, out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                private_keys(inner, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Every chart under `dir` that is no subchart: directories holding Chart.yaml, and archives.
fn root_charts(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let in_charts = dir.file_name().is_some_and(|n| n == "charts");
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.join("Chart.yaml").is_file() && !in_charts {
                out.push(path.clone());
            }
            root_charts(&path, out);
        } else if path.extension().is_some_and(|e| e == "tgz") && !in_charts {
            out.push(path);
        }
    }
}

#[test]
fn no_composed_schema_of_the_test_charts_holds_a_private_key() {
    let mut roots = Vec::new();
    root_charts(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        &mut roots,
    );
    let mut composed = Vec::new();
    for path in &roots {
        // Hostile and broken charts are refused; every chart that reads is checked.
        if let Ok(input) = chart::Input::from_path(path) {
            composed.push((path.display().to_string(), input.schema.text, input.chart));
        }
    }
    let refused_sub = br#"{"type": 5}"#;
    let drafts = [
        Entry(
            "top/values.schema.json",
            b'0',
            br#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
        ),
        Entry(
            "top/charts/sub/values.schema.json",
            b'0',
            br#"{"type": "object"}"#,
        ),
    ];
    let made = [
        (
            "imports",
            importing_archive("    condition: sub.enabled\n    import-values: [data]\n"),
        ),
        ("gates", nested_gate_archive(true)),
        ("drafts", top_over("sub", &drafts)),
        (
            "refused",
            top_over(
                "sub",
                &[Entry(
                    "top/charts/sub/values.schema.json",
                    b'0',
                    refused_sub,
                )],
            ),
        ),
    ];
    for (name, archive) in made {
        let read = chart::from_archive(&format!("{name}.tgz"), &archive).unwrap();
        let composition = read.tree.composition.clone().expect(name);
        let listed = match name {
            "imports" => composition.imports.len(),
            "gates" => composition.gates.len(),
            "drafts" => composition.drafts.len(),
            _ => composition.refused.len(),
        };
        assert_eq!(listed, 1, "{name}: the tree lists it");
        composed.push((name.to_string(), read.schema, Some(read.tree)));
    }
    let trees = composed
        .iter()
        .filter(|(_, _, t)| t.as_ref().is_some_and(|t| t.composition.is_some()));
    assert!(trees.count() >= 20, "chart trees composed: {}", roots.len());
    for (name, schema, _) in &composed {
        let document: serde_json::Value = serde_json::from_str(schema).unwrap();
        let mut found = Vec::new();
        private_keys(&document, "", &mut found);
        assert!(found.is_empty(), "{name}: {found:?}");
    }
}
