//! The bump's behaviour on JS `migrate`, `diagnose`, `Session` and `behaviour` calls: an input's
//! `render: { base, target }` (two charts, as `render` takes one) is read here — the archives'
//! bytes do not cross as JSON text — and the report gains `behaviour` (docs/behaviour.md). A
//! module without the renderer says so, naming the module that has it.

use crate::migrate::{Inputs, MigrateReport, Request, Session};
use js_sys::{Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// An input's `render` field taken out: the rest of the input, and the bump's charts when given.
pub(super) fn take(what: &str, input: &JsValue) -> Result<(JsValue, Option<Bump>), JsValue> {
    let Some(render) = render_of(input) else {
        return Ok((input.clone(), None));
    };
    let rest = Object::assign(&Object::new(), input.unchecked_ref::<Object>());
    Reflect::delete_property(&rest, &"render".into())?;
    Ok((rest.into(), Some(Bump::read(what, &render)?)))
}

/// Refuses an input with `render` where no behaviour is judged (`startProposal`, `validate`).
pub(super) fn refuse(what: &str, input: &JsValue) -> Result<(), JsValue> {
    match render_of(input) {
        None => Ok(()),
        Some(_) => Err(super::convert::type_error(format!(
            "{what}: render: only `migrate` and `diagnose` judge the bump's behaviour"
        ))),
    }
}

/// An input object's `render`, when given (not `undefined` or `null`).
fn render_of(input: &JsValue) -> Option<JsValue> {
    if !input.is_object() {
        return None;
    }
    let render = Reflect::get(input, &"render".into()).ok()?;
    (!render.is_undefined() && !render.is_null()).then_some(render)
}

/// A bump's two charts, read from an input's `render` (only in a module with the renderer).
#[cfg(feature = "render")]
pub(super) struct Bump(Vec<crate::chart::InMemory>);

/// A bump's two charts: a module without the renderer never holds one.
#[cfg(not(feature = "render"))]
pub(super) enum Bump {}

#[cfg(feature = "render")]
impl Bump {
    /// Reads `{ base, target }`, each chart as `render` takes one.
    fn read(what: &str, render: &JsValue) -> Result<Bump, JsValue> {
        let wrong = |m: &str| super::convert::type_error(format!("{what}: render{m}"));
        if !render.is_object() {
            return Err(wrong(
                ": expected { base, target }, each a chart as `render` takes one",
            ));
        }
        for key in Object::keys(render.unchecked_ref::<Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !matches!(key.as_str(), "base" | "target") {
                return Err(wrong(&format!(
                    ": unknown field `{key}`, expected `base` and `target`"
                )));
            }
        }
        let mut charts = Vec::new();
        for side in ["base", "target"] {
            let chart = Reflect::get(render, &side.into()).unwrap_or(JsValue::UNDEFINED);
            if chart.is_undefined() || chart.is_null() {
                return Err(wrong(&format!(": missing field `{side}`")));
            }
            let at = format!("{what}: render.{side}");
            charts.push(super::render::in_memory(&at, &chart, &format!("{side}/"))?);
        }
        Ok(Bump(charts))
    }

    /// The two charts' renders, each made when the judge or the report first asks for it.
    fn renders(&self) -> crate::behaviour::Renders<'_> {
        crate::behaviour::Renders::new(&self.0, self.0[0].path(), self.0[1].path())
    }

    /// `diagnose` or `migrate` (`with_proposal`) judged with the renders, the behaviour added.
    pub(super) fn run(&self, request: &Request, with_proposal: bool) -> MigrateReport {
        crate::behaviour::run(request, with_proposal, &self.renders())
    }

    /// A session's `diagnose` or `migrate` judged with the renders, the behaviour added.
    pub(super) fn call(&self, session: &Session, inputs: Inputs, migrate: bool) -> MigrateReport {
        let renders = self.renders();
        let inputs = Inputs {
            renders: Some(&renders),
            ..inputs
        };
        let mut report = if migrate {
            session.migrate(&inputs)
        } else {
            session.diagnose(&inputs)
        };
        crate::behaviour::add_to(&mut report, inputs.files, session.typing(), &renders);
        report
    }
}

#[cfg(not(feature = "render"))]
impl Bump {
    /// Refuses: this module holds no renderer.
    fn read(what: &str, _: &JsValue) -> Result<Bump, JsValue> {
        Err(JsError::new(&format!(
            "{what}: render: this module has no renderer, so it cannot judge the bump's behaviour: \
             call `behaviour` from the render module (`values-migrate/render`, \
             web-render/values_migrate_render.js), or use the Node build, whose `migrate` and \
             `diagnose` take `render`"
        ))
        .into())
    }

    /// Never called: no `Bump` exists without the renderer.
    pub(super) fn run(&self, _: &Request, _: bool) -> MigrateReport {
        match *self {}
    }

    /// Never called: no `Bump` exists without the renderer.
    pub(super) fn call(&self, _: &Session, _: Inputs, _: bool) -> MigrateReport {
        match *self {}
    }
}

/// Runs `migrate` (a proposal given) or `diagnose` on `input` and adds the behaviour of the bump
/// its `render` names, which it needs.
#[cfg(feature = "render")]
#[wasm_bindgen(skip_typescript)]
pub fn behaviour(input: JsValue) -> Result<JsValue, JsValue> {
    let given = input.clone();
    let (rest, bump) = take("behaviour input", &input)?;
    let bump = bump.ok_or_else(|| {
        super::convert::type_error("behaviour input: missing field `render`".to_string())
    })?;
    let input: crate::api::MigrateInput = super::convert::from_js("behaviour input", rest)?;
    let with_proposal = input.proposal.is_some();
    let request = input
        .into_request(with_proposal)
        .map_err(super::convert::type_error)?;
    let report = bump.run(&request, with_proposal);
    super::convert::to_js_given(report, &super::convert::given_texts(&given, &request.files))
}
