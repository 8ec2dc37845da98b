//! The exports the browser's first module (pkg/web, feature `full` off) does not hold, each a
//! throw that names the module holding it: a caller of the wrong module is told so, never handed a
//! result the module could not compute (docs/size.md, "Modules by need").

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const WHICH_MODULE: &'static str = r#"
/*
 * The browser's first module (`values-migrate`, pkg/web): a values file's migration alone —
 * `Session`, `migrate`, `diagnose`, `startProposal`, `validate`, `readAnswers`. Every other
 * function (`readChart`, `readChartFiles`, `render`, `record`, `replay`, `chain`,
 * `overrideSchema`, `Replayer`, `patch`, `decode`, `behaviour`) and the charts' templates are in the second
 * module, `values-migrate/render` (pkg/web-render), which holds every function; here they throw.
 */
"#;

/// The error every absent export throws.
fn absent(name: &str) -> JsValue {
    JsError::new(&format!(
        "values-migrate: `{name}` is not in this module (pkg/web holds a values file's migration \
         alone); load the module that holds every function, pkg/web-render \
         (`values-migrate/render`)"
    ))
    .into()
}

/// Each absent function: its JS name, its Rust name.
macro_rules! absent_functions {
    ($($js:literal $rust:ident),* $(,)?) => {$(
        #[doc = concat!("`", $js, "`, which this module does not hold: a throw naming the module that does.")]
        #[wasm_bindgen(js_name = $js, skip_typescript)]
        pub fn $rust(_: JsValue, _: JsValue, _: JsValue) -> Result<JsValue, JsValue> {
            Err(absent($js))
        }
    )*};
}

absent_functions! {
    "decode" decode,
    "patch" patch,
    "readChart" read_chart,
    "readChartFiles" read_chart_files,
    "record" record,
    "replay" replay,
    "chain" chain,
    "overrideSchema" override_schema,
    "render" render,
    "behaviour" behaviour,
}

/// `Replayer`, which this module does not hold: its constructor throws, naming the module that does.
#[wasm_bindgen(js_name = Replayer, skip_typescript)]
pub struct JsReplayer {
    _none: (),
}

#[wasm_bindgen(js_class = Replayer)]
impl JsReplayer {
    /// Throws: the replayer is in pkg/web-render.
    #[wasm_bindgen(constructor)]
    pub fn new(_: JsValue) -> Result<JsReplayer, JsValue> {
        Err(absent("Replayer"))
    }
}
