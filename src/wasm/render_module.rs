//! The browser's render module (feature `web-render`, built into pkg/web-render): the JS
//! `render` and `behaviour` (a bump's three renders) alone, which the playground's worker loads
//! when a chart arrives. The library's other exports are the first module's (src/wasm/mod.rs),
//! whose size does not pay for the renderer.

use wasm_bindgen::prelude::*;

// `refuse` is the first module's (its `startProposal` and `validate`), which this one lacks.
#[allow(dead_code)]
mod behaviour;
// The conversions the first module uses too; what `render` does not call is not compiled in.
#[allow(dead_code)]
mod convert;
mod render;

pub use behaviour::behaviour;
pub use render::render;

#[wasm_bindgen(typescript_custom_section)]
const SIGNATURES: &'static str = r#"
/** Renders a chart as `helm template` does: every file, the masked spans, the refusals, the error
 * (the object `values-migrate render --format json` prints). */
export function render(input: RenderInput): RenderResult;
/** Runs `migrate` (when `proposal` is given) or `diagnose` and judges the bump's behaviour on the
 * two charts `render` gives: the result carries `behaviour`, its comment and brief sections. */
export function behaviour(input: MigrateInput & { render: BehaviourCharts }): MigrateResult;
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}
