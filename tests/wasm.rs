//! The JavaScript surface, run as wasm in Node and in headless Chromium (wasm-bindgen-test).
#![cfg(target_arch = "wasm32")]

use js_sys::{JSON, Object, Reflect};
#[cfg(feature = "full")]
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn json(value: &JsValue) -> String {
    JSON::stringify(value).map(String::from).unwrap_or_default()
}

#[cfg(feature = "full")]
fn options(file: &str) -> JsValue {
    let options = Object::new();
    Reflect::set(&options, &"file".into(), &file.into()).unwrap();
    options.into()
}

// `decode` is in the modules with every export (feature `full`: Node, pkg/web-render).
#[cfg(feature = "full")]
#[wasm_bindgen_test]
fn decode_returns_plain_objects_one_per_document() {
    let result =
        values_migrate::wasm::decode("a: 1\nb: [x, {c: 2}]\n---\n- é\n", options("v.yaml"))
            .unwrap();
    assert_eq!(
        json(&result),
        r#"{"documents":[{"a":1,"b":["x",{"c":2}]},["é"]],"errors":[]}"#
    );
    // Plain objects, not ES Maps: the JSON-compatible serializer is in use.
    let documents = Reflect::get(&result, &"documents".into()).unwrap();
    let first = Reflect::get(&documents, &0.into()).unwrap();
    assert!(first.is_object() && !first.is_instance_of::<js_sys::Map>());
}

// `decode` is in the modules with every export (feature `full`: Node, pkg/web-render).
#[cfg(feature = "full")]
#[wasm_bindgen_test]
fn decode_reports_a_located_error_as_a_result() {
    let result = values_migrate::wasm::decode("🎉: ok\nb: [1\n", options("bad.yaml")).unwrap();
    let errors = Reflect::get(&result, &"errors".into()).unwrap();
    let error = Reflect::get(&errors, &0.into()).unwrap();
    assert_eq!(Reflect::get(&error, &"file".into()).unwrap(), "bad.yaml");
    assert!(
        Reflect::get(&error, &"line".into())
            .unwrap()
            .as_f64()
            .is_some()
    );
    assert!(
        Reflect::get(&error, &"utf16Column".into())
            .unwrap()
            .as_f64()
            .is_some()
    );
}

// `decode` is in the modules with every export (feature `full`: Node, pkg/web-render).
#[cfg(feature = "full")]
#[wasm_bindgen_test]
fn decode_throws_only_on_a_programming_error() {
    let bad = Object::new();
    Reflect::set(&bad, &"nonsense".into(), &true.into()).unwrap();
    assert!(values_migrate::wasm::decode("a: 1", bad.into()).is_err());
    assert!(values_migrate::wasm::decode("a: 1", JsValue::UNDEFINED).is_ok());
}

#[wasm_bindgen_test]
fn migrate_reproduces_the_bosun_example_in_wasm() {
    let input = Object::new();
    let file = Object::new();
    Reflect::set(&file, &"path".into(), &"addons.yaml".into()).unwrap();
    Reflect::set(
        &file,
        &"text".into(),
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/addons.yaml").into(),
    )
    .unwrap();
    let files = js_sys::Array::of1(&file);
    Reflect::set(&input, &"files".into(), &files).unwrap();
    Reflect::set(
        &input,
        &"baseSchema".into(),
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/base.values.schema.json").into(),
    )
    .unwrap();
    Reflect::set(
        &input,
        &"targetSchema".into(),
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/target.values.schema.json").into(),
    )
    .unwrap();
    Reflect::set(
        &input,
        &"proposal".into(),
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/proposal.yaml").into(),
    )
    .unwrap();
    let result = values_migrate::wasm::migrate(input.into()).unwrap();
    assert_eq!(Reflect::get(&result, &"status".into()).unwrap(), "planned");
    let files = Reflect::get(&result, &"files".into()).unwrap();
    let first = Reflect::get(&files, &0.into()).unwrap();
    let diff = Reflect::get(&first, &"diff".into())
        .unwrap()
        .as_string()
        .unwrap();
    assert_eq!(
        diff,
        include_str!("../examples/bosun-0.20.0-to-0.25.1/expected.diff")
    );
}

#[wasm_bindgen_test]
fn migrate_edits_a_values_file_of_several_documents_as_helm_merges_them() {
    let file = Object::new();
    set(&file, "path", &"values.yaml".into());
    set(
        &file,
        "text",
        &include_str!("fixtures/migrate/multi-document-rename-across-documents/values.yaml").into(),
    );
    let input = Object::new();
    set(&input, "files", &js_sys::Array::of1(&file));
    set(
        &input,
        "baseSchema",
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/base.values.schema.json").into(),
    );
    set(
        &input,
        "targetSchema",
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/target.values.schema.json").into(),
    );
    set(
        &input,
        "proposal",
        &include_str!("fixtures/migrate/multi-document-rename-across-documents/proposal.yaml")
            .into(),
    );
    let result = values_migrate::wasm::migrate(input.into()).unwrap();
    assert_eq!(Reflect::get(&result, &"status".into()).unwrap(), "planned");
    assert_eq!(Reflect::get(&result, &"mergedDocuments".into()).unwrap(), 2);
    let files = Reflect::get(&result, &"files".into()).unwrap();
    let after = Reflect::get(&Reflect::get(&files, &0.into()).unwrap(), &"after".into()).unwrap();
    assert_eq!(
        after.as_string().unwrap(),
        include_str!("fixtures/migrate/multi-document-rename-across-documents/expected.yaml")
    );
}

fn set(target: &Object, key: &str, value: &JsValue) {
    Reflect::set(target, &key.into(), value).unwrap();
}

fn bosun_files() -> JsValue {
    let file = Object::new();
    set(&file, "path", &"addons.yaml".into());
    set(
        &file,
        "text",
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/addons.yaml").into(),
    );
    js_sys::Array::of1(&file).into()
}

#[wasm_bindgen_test]
fn a_session_compiles_once_and_serves_a_hundred_calls() {
    let options = Object::new();
    set(
        &options,
        "baseSchema",
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/base.values.schema.json").into(),
    );
    set(
        &options,
        "targetSchema",
        &include_str!("../examples/bosun-0.20.0-to-0.25.1/target.values.schema.json").into(),
    );
    let session = values_migrate::wasm::JsSession::new(options.into()).unwrap();
    assert_eq!(json(&session.errors().unwrap()), "[]");
    let expected = include_str!("../examples/bosun-0.20.0-to-0.25.1/expected.diff");
    for _ in 0..100 {
        let input = Object::new();
        set(&input, "files", &bosun_files());
        set(
            &input,
            "proposal",
            &include_str!("../examples/bosun-0.20.0-to-0.25.1/proposal.yaml").into(),
        );
        let result = session.migrate(input.into()).unwrap();
        assert_eq!(Reflect::get(&result, &"status".into()).unwrap(), "planned");
        let files = Reflect::get(&result, &"files".into()).unwrap();
        let file = Reflect::get(&files, &0.into()).unwrap();
        assert_eq!(Reflect::get(&file, &"diff".into()).unwrap(), expected);
        // migrate says everything diagnose says: the brief and the displaced values too.
        assert!(Reflect::get(&result, &"brief".into()).unwrap().is_string());
    }
    let input = Object::new();
    set(&input, "files", &bosun_files());
    let diagnosis = session.diagnose(input.into()).unwrap();
    assert_eq!(
        Reflect::get(&diagnosis, &"status".into()).unwrap(),
        "needs-proposal"
    );
}

#[wasm_bindgen_test]
fn a_session_with_a_broken_schema_answers_invalid_instead_of_throwing() {
    let options = Object::new();
    set(&options, "baseSchema", &"{\"type\": \"object\"}".into());
    set(&options, "targetSchema", &"{\n  \"type\": 7\n}".into());
    let session = values_migrate::wasm::JsSession::new(options.into()).unwrap();
    let errors = session.errors().unwrap();
    let first = Reflect::get(&errors, &0.into()).unwrap();
    assert_eq!(
        Reflect::get(&first, &"file".into()).unwrap(),
        "targetSchema"
    );
    let input = Object::new();
    set(&input, "files", &bosun_files());
    let result = session.diagnose(input.into()).unwrap();
    assert_eq!(Reflect::get(&result, &"status".into()).unwrap(), "invalid");
}

/// A session given both charts' templates (each with a file Helm renders: the base reads `port`,
/// the target `listen.port`), over schemas that accept anything.
fn session_with_templates() -> values_migrate::wasm::JsSession {
    let templates = |version: &str, read: &str| {
        JSON::parse(&format!(
            r#"{{"chart":"web","version":"{version}","charts":[{{"name":"web","valuesPath":[],"parent":null,"dir":"web","gates":[]}}],
               "files":[{{"name":"web/templates/cm.yaml","chart":0,"text":"port: {{{{ {read} }}}}\n"}}]}}"#
        ))
        .unwrap()
    };
    let options = Object::new();
    set(&options, "baseSchema", &"{}".into());
    set(&options, "targetSchema", &"{}".into());
    set(
        &options,
        "baseTemplates",
        &templates("1.0.0", ".Values.port"),
    );
    set(
        &options,
        "targetTemplates",
        &templates("2.0.0", ".Values.listen.port"),
    );
    values_migrate::wasm::JsSession::new(options.into()).unwrap()
}

/// The values file the templated session diagnoses: one key its templates read, one they do not.
fn port_and_stray() -> JsValue {
    let file = Object::new();
    set(&file, "path", &"values.yaml".into());
    set(&file, "text", &"port: 80\nstray: 1\n".into());
    let input = Object::new();
    set(&input, "files", &js_sys::Array::of1(&file));
    input.into()
}

#[cfg(feature = "full")]
#[wasm_bindgen_test]
fn a_session_with_templates_reads_them_where_the_analysis_is_built_in() {
    let session = session_with_templates();
    assert_eq!(json(&session.errors().unwrap()), "[]");
    let result = session.diagnose(port_and_stray()).unwrap();
    // `port` was read by the base and is read nowhere by the target: displaced by the templates.
    let said = json(&result);
    assert!(said.contains("ignored by web 2.0.0"), "{said}");
}

// The browser's first module (feature `full` off): what it does not hold is refused by name.
#[cfg(not(feature = "full"))]
#[wasm_bindgen_test]
fn the_first_module_refuses_templates_rather_than_ignoring_them() {
    let session = session_with_templates();
    let errors = json(&session.errors().unwrap());
    assert!(
        errors.contains("lacks the template analysis") && errors.contains("pkg/web-render"),
        "{errors}"
    );
    let result = session.diagnose(port_and_stray()).unwrap();
    assert_eq!(Reflect::get(&result, &"status".into()).unwrap(), "invalid");
}

#[cfg(not(feature = "full"))]
#[wasm_bindgen_test]
fn the_first_module_throws_for_what_only_the_second_holds_naming_it() {
    let message = |error: JsValue| {
        Reflect::get(&error, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_default()
    };
    let u = || JsValue::UNDEFINED;
    let thrown = [
        values_migrate::wasm::decode(u(), u(), u()).unwrap_err(),
        values_migrate::wasm::read_chart(u(), u(), u()).unwrap_err(),
        values_migrate::wasm::replay(u(), u(), u()).unwrap_err(),
        values_migrate::wasm::patch(u(), u(), u()).unwrap_err(),
        values_migrate::wasm::JsReplayer::new(u()).err().unwrap(),
    ];
    for (error, name) in
        thrown
            .into_iter()
            .zip(["decode", "readChart", "replay", "patch", "Replayer"])
    {
        let said = message(error);
        assert!(
            said.contains(&format!("`{name}` is not in this module"))
                && said.contains("pkg/web-render"),
            "{said}"
        );
    }
}
