//! The JavaScript `Session`: both schemas compiled once, kept between calls.

use super::convert::{from_js, from_js_files, given_texts, to_js, to_js_given, type_error};
use crate::api::{SessionInput, SessionOptions, json_answers, named, source_files};
use crate::migrate::{Inputs, Session, ValidateReport};
use wasm_bindgen::prelude::*;

/// Both schemas compiled once, kept between calls (JS `Session`).
#[wasm_bindgen(js_name = Session, skip_typescript)]
pub struct JsSession {
    session: Result<Session, Vec<crate::text::Diagnostic>>,
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Compiles both schemas and reads the defaults; what cannot be read is kept in `errors`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsSession, JsValue> {
        let mut options: SessionOptions = from_js("session options", options)?;
        let spec = options.take_spec().map_err(type_error)?;
        Ok(JsSession {
            session: Session::of_spec(&spec),
        })
    }

    /// Why the schemas or defaults could not be read.
    #[wasm_bindgen(getter)]
    pub fn errors(&self) -> Result<JsValue, JsValue> {
        let none = Vec::new();
        to_js(self.session.as_ref().err().unwrap_or(&none))
    }

    /// Diagnoses the old values against both schemas.
    pub fn diagnose(&self, input: JsValue) -> Result<JsValue, JsValue> {
        self.call("diagnose input", input, false)
    }

    /// Judges a proposal, plans, splices and verifies.
    pub fn migrate(&self, input: JsValue) -> Result<JsValue, JsValue> {
        self.call("migrate input", input, true)
    }

    /// Diagnoses the inputs and writes the values at the prefix as the proposal to start from.
    #[wasm_bindgen(js_name = startProposal)]
    pub fn start_proposal(&self, input: JsValue) -> Result<JsValue, JsValue> {
        super::behaviour::refuse("startProposal input", &input)?;
        let input: SessionInput = from_js("startProposal input", input)?;
        let draft = match &self.session {
            Ok(session) => {
                let files = source_files(input.files);
                let answers = json_answers(input.answers);
                session.draft(&Inputs {
                    files: &files,
                    prefix: input.prefix.as_deref(),
                    proposal: None,
                    answers: &answers,
                    renders: None,
                })
            }
            Err(errors) => crate::migrate::Draft {
                diagnosis: crate::migrate::session::invalid(errors.clone()),
                text: None,
            },
        };
        to_js(&draft)
    }

    /// Validates each values file against the target schema.
    pub fn validate(&self, input: JsValue) -> Result<JsValue, JsValue> {
        super::behaviour::refuse("validate input", &input)?;
        let input: SessionInput = from_js("validate input", input)?;
        let report = match &self.session {
            Ok(session) => ValidateReport::merge(
                source_files(input.files)
                    .iter()
                    .map(|f| session.validate(f, input.prefix.as_deref())),
            ),
            Err(errors) => ValidateReport::unreadable(errors.clone()),
        };
        to_js(&report)
    }

    fn call(&self, what: &str, given: JsValue, migrate: bool) -> Result<JsValue, JsValue> {
        let (rest, bump) = super::behaviour::take(what, &given)?;
        let input: SessionInput = from_js_files(what, rest, |input: &mut SessionInput| {
            input.files.iter_mut().map(|file| &mut file.text).collect()
        })?;
        if migrate && input.proposal.is_none() {
            return Err(type_error(format!("{what}: missing field `proposal`")));
        }
        let session = match &self.session {
            Ok(session) => session,
            Err(errors) => {
                return to_js(&crate::migrate::session::invalid(errors.clone()));
            }
        };
        let files = source_files(input.files);
        let proposal = input.proposal.map(|p| named("proposal", p));
        let answers = json_answers(input.answers);
        let inputs = Inputs {
            files: &files,
            prefix: input.prefix.as_deref(),
            proposal: proposal.as_ref(),
            answers: &answers,
            renders: None,
        };
        let report = match bump {
            Some(bump) => bump.call(session, inputs, migrate),
            None if migrate => session.migrate(&inputs),
            None => session.diagnose(&inputs),
        };
        to_js_given(report, &given_texts(&given, &files))
    }
}
