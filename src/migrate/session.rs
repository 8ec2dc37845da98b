//! A session: both schemas compiled once (and the chart's defaults read once), reused by every
//! `diagnose`, `migrate` and `validate` call made with it.

use super::compiled::Compiled;
use super::merged::parse_document;
use super::outcome::{MigrateReport, Status};
use super::read::read;
use super::request::{
    BumpTemplates, ChartSpec, Named, Request, SchemaRef, SessionSpec, SourceFile,
};
use super::{stages, validate};
#[cfg(feature = "templates")]
use crate::reads::Reads;
use crate::schema::{ChartTree, Schema, Supplied, changelog};
use crate::text::Diagnostic;
use crate::yaml::Typing;
use std::sync::Arc;

/// The compiled schemas, the defaults and the typing that a run of calls shares.
pub struct Session {
    compiled: Compiled,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let compiled = &self.compiled;
        f.debug_struct("Session")
            .field("base", &compiled.base_name)
            .field("target", &compiled.target_name)
            .field("typing", &compiled.typing)
            .finish_non_exhaustive()
    }
}

/// What one call reads besides the session's schemas: the files, and for `migrate` a proposal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inputs<'a> {
    /// The candidate files that hold the old values, in order.
    pub files: &'a [SourceFile],
    /// Where the values live in the files; discovered when `None`.
    pub prefix: Option<&'a str>,
    /// The migrated values document (`migrate` only).
    pub proposal: Option<&'a Named>,
    /// A person's answers: `(path, value as YAML)`.
    pub answers: &'a [(String, String)],
    /// Both charts rendered, when they are at hand: the judge's evidence (`migrate::Renders`).
    pub renders: Option<&'a dyn super::Renders>,
}

impl Session {
    /// Compiles both schemas and reads the defaults once; every input that cannot be read is a
    /// located diagnostic.
    pub fn new(
        base: &Named,
        target: &Named,
        defaults: Option<&Named>,
        typing: Typing,
    ) -> Result<Session, Vec<Diagnostic>> {
        Session::with_refs(base, target, defaults, typing, &[])
    }

    /// [`Session::new`] with the documents the schemas' `$ref`s name elsewhere, supplied by the
    /// caller (Helm fetches them; nothing here is fetched).
    pub fn with_refs(
        base: &Named,
        target: &Named,
        defaults: Option<&Named>,
        typing: Typing,
        refs: &[SchemaRef],
    ) -> Result<Session, Vec<Diagnostic>> {
        Session::with_trees(base, target, [None, None], defaults, typing, refs)
    }

    /// [`Session::with_refs`] with each side's chart tree (`[base, target]`; `None`: a schema
    /// validated as written), which each schema is compiled with.
    fn with_trees(
        base: &Named,
        target: &Named,
        trees: [Option<&ChartTree>; 2],
        defaults: Option<&Named>,
        typing: Typing,
        refs: &[SchemaRef],
    ) -> Result<Session, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let refs = supplied(refs)
            .map_err(|e| errors.push(e))
            .unwrap_or_default();
        let compile = |input: &Named, tree| compile_with_refs(input, &refs, tree);
        let base_schema = (compile(base, trees[0]).map_err(|e| errors.push(e)).ok()).map(Arc::new);
        // A bump that leaves the schema's text (and its tree) as it was compiles it once.
        let target_schema = if target.text == base.text && trees[0] == trees[1] {
            base_schema.clone()
        } else {
            compile(target, trees[1])
                .map_err(|e| errors.push(e))
                .ok()
                .map(Arc::new)
        };
        let defaults =
            defaults.and_then(|d| parse_document(d, typing).map_err(|e| errors.push(e)).ok());
        match (base_schema, target_schema) {
            (Some(base_schema), Some(target_schema)) if errors.is_empty() => Ok(Session {
                compiled: Compiled {
                    changelog: changelog(&base_schema, &target_schema).changes,
                    base: base_schema,
                    target: target_schema,
                    base_name: base.name.clone(),
                    target_name: target.name.clone(),
                    defaults,
                    base_defaults: None,
                    typing,
                    #[cfg(feature = "templates")]
                    reads: None,
                    gained: Vec::new(),
                    charts: None,
                },
            }),
            _ => Err(errors),
        }
    }

    /// This session with the base chart's own values.yaml, which the values root is judged
    /// coalesced with (the file was written for the base chart); an unreadable one is an error.
    pub fn with_base_defaults(
        mut self,
        defaults: Option<&Named>,
    ) -> Result<Session, Vec<Diagnostic>> {
        if let Some(named) = defaults {
            let typing = self.compiled.typing;
            self.compiled.base_defaults = Some(parse_document(named, typing).map_err(|e| vec![e])?);
        }
        Ok(self)
    }

    /// This session with both charts' templates, parsed and analyzed once: values the base
    /// chart read and the target reads nowhere are displaced; a template Helm's parser refuses
    /// is an error at its file, line and column.
    #[cfg(feature = "templates")]
    pub fn with_templates(
        mut self,
        templates: Option<&BumpTemplates>,
    ) -> Result<Session, Vec<Diagnostic>> {
        // A chart that renders no template (a schema-only chart) says nothing of what it reads.
        let renders = |t: &crate::reads::Templates| t.files.iter().any(|f| f.is_rendered());
        if let Some(both) = templates.filter(|b| renders(&b.base) && renders(&b.target)) {
            let base = Reads::new(both.base.clone());
            let target = Reads::new(both.target.clone());
            match (base, target) {
                (Ok(base), Ok(target)) => {
                    self.compiled.gained = super::unread::gained(&base, &target);
                    self.compiled.reads = Some(Arc::new((base, target)));
                }
                (base, target) => {
                    return Err(base.err().into_iter().chain(target.err()).collect());
                }
            }
        }
        Ok(self)
    }

    /// This session, when neither chart's templates render anything; templates that render are
    /// refused by name: this build lacks the analysis (feature `templates`), and a session that
    /// ignored them would call values read that the target chart ignores.
    #[cfg(not(feature = "templates"))]
    pub fn with_templates(
        self,
        templates: Option<&BumpTemplates>,
    ) -> Result<Session, Vec<Diagnostic>> {
        let renders = |t: &crate::reads::Templates| t.files.iter().any(|f| f.is_rendered());
        match templates.filter(|b| renders(&b.base) && renders(&b.target)) {
            Some(both) => Err(vec![Diagnostic::in_file(
                &both.target.chart,
                "the charts' templates were given, and this build of values-migrate lacks the template analysis (feature `templates`; in a browser, the module pkg/web-render holds it)",
            )]),
            None => Ok(self),
        }
    }

    /// Diagnoses the old values against both schemas, without a proposal.
    pub fn diagnose(&self, inputs: &Inputs<'_>) -> MigrateReport {
        let mut errors = Vec::new();
        let read = read(
            inputs.files,
            None,
            inputs.answers,
            self.compiled.typing,
            &mut errors,
        );
        if !errors.is_empty() {
            return invalid(errors);
        }
        stages::diagnose(&self.compiled, read, inputs.prefix, inputs.renders)
    }

    /// Judges the proposal, derives the plan, splices it into the original text and verifies it;
    /// the report also holds everything `diagnose` says.
    pub fn migrate(&self, inputs: &Inputs<'_>) -> MigrateReport {
        let mut errors = Vec::new();
        let read = read(
            inputs.files,
            inputs.proposal,
            inputs.answers,
            self.compiled.typing,
            &mut errors,
        );
        if inputs.proposal.is_none() {
            errors.push(Diagnostic::in_file("proposal", "migrate needs a proposal"));
        }
        if !errors.is_empty() {
            return invalid(errors);
        }
        stages::migrate(&self.compiled, read, inputs.prefix, inputs.renders)
    }

    /// This session with each side's chart tree, when either was given as a chart: every
    /// finding and change of a report is then named by the chart whose values it touches
    /// (`charts`, and a section of the comment).
    pub fn with_charts(mut self, base: Option<&ChartTree>, target: Option<&ChartTree>) -> Session {
        let charts = |tree: Option<&ChartTree>| tree.map(|t| t.charts.clone()).unwrap_or_default();
        self.compiled.charts =
            (base.is_some() || target.is_some()).then(|| (charts(base), charts(target)));
        self
    }

    /// Validates the values at `prefix` in `values` against the target schema, as Helm does.
    pub fn validate(&self, values: &SourceFile, prefix: Option<&str>) -> validate::ValidateReport {
        let compiled = &self.compiled;
        validate::against(
            &compiled.target,
            compiled.defaults.as_ref(),
            values,
            prefix,
            compiled.typing,
        )
    }

    /// The target schema, compiled.
    pub fn target(&self) -> &Schema {
        &self.compiled.target
    }

    /// The base schema, compiled.
    pub fn base(&self) -> &Schema {
        &self.compiled.base
    }

    /// How the session's YAML is typed.
    pub(crate) fn typing(&self) -> Typing {
        self.compiled.typing
    }
}

/// A report that stops at reading: `invalid`, with what could not be read.
pub fn invalid(errors: Vec<Diagnostic>) -> MigrateReport {
    let mut report = MigrateReport::new(Status::Invalid);
    report.errors = errors;
    report
}

/// The supplied documents, read (their numbers as written); one that is not JSON is located in
/// its text.
fn supplied(refs: &[SchemaRef]) -> Result<Vec<Supplied>, Diagnostic> {
    let mut out = Vec::with_capacity(refs.len());
    for r in refs {
        let document = Supplied::read(&r.url, &r.document.text).map_err(|error| {
            let message = format!("{} (the document supplied for {})", error.message(), r.url);
            match error.offset() {
                Some(offset) => {
                    Diagnostic::at(&r.document.name, &r.document.text, offset, &message)
                }
                None => Diagnostic::in_file(&r.document.name, &message),
            }
        })?;
        out.push(document);
    }
    Ok(out)
}

/// Compiles a schema with the documents its `$ref`s name elsewhere; an error is located in its
/// text (line, column and UTF-16 column).
fn compile_with_refs(
    input: &Named,
    refs: &[Supplied],
    tree: Option<&ChartTree>,
) -> Result<Schema, Diagnostic> {
    Schema::compile_chart(&input.text, refs, tree).map_err(|error| match error.offset() {
        Some(offset) => Diagnostic::at(&input.name, &input.text, offset, error.message()),
        None => Diagnostic::in_file(&input.name, error.message()),
    })
}

impl Session {
    /// The session a request describes: its schemas, refs, defaults, base defaults and templates.
    pub fn of_request(request: &Request) -> Result<Session, Vec<Diagnostic>> {
        Session::of_spec(&request.spec)
    }

    /// Compiles everything a spec names: both schemas with its `$ref` documents, the target's
    /// and the base's defaults, both charts' templates (what every edge builds a session from).
    pub fn of_spec(spec: &SessionSpec) -> Result<Session, Vec<Diagnostic>> {
        let (base, target) = (spec.base_chart.as_ref(), spec.target_chart.as_ref());
        Session::with_trees(
            &spec.base_schema,
            &spec.target_schema,
            [base, target],
            spec.defaults.as_ref(),
            spec.typing,
            &spec.schema_refs,
        )
        .and_then(|session| session.with_base_defaults(spec.base_defaults.as_ref()))
        .and_then(|session| session.with_templates(spec.templates.as_ref()))
        .map(|session| session.with_charts(base, target))
    }

    /// The session that judges values against one chart: the chart on both sides of the bump,
    /// its schema compiled once (what `validate` and a chain's versions use).
    pub fn of_chart(chart: &ChartSpec) -> Result<Session, Vec<Diagnostic>> {
        let schema = &chart.schema;
        let tree = chart.chart.as_ref();
        Session::with_trees(
            schema,
            schema,
            [tree, tree],
            chart.defaults.as_ref(),
            chart.typing,
            &chart.schema_refs,
        )
    }
}

/// Runs one request with a session of its own: the one-shot form of [`Session::diagnose`] and
/// [`Session::migrate`]; an unreadable schema or file makes the report `invalid` with every error.
pub(crate) fn one_shot(
    request: &Request,
    with_proposal: bool,
    renders: Option<&dyn super::Renders>,
) -> MigrateReport {
    let inputs = Inputs {
        renders,
        ..request.inputs()
    };
    match Session::of_request(request) {
        Ok(session) if with_proposal => session.migrate(&inputs),
        Ok(session) => session.diagnose(&inputs),
        Err(mut errors) => {
            let mut file_errors = Vec::new();
            read(
                request.files.as_slice(),
                request.proposal.as_ref(),
                &request.answers,
                request.spec.typing,
                &mut file_errors,
            );
            // Files first, then schemas, as the inputs are listed.
            file_errors.append(&mut errors);
            invalid(file_errors)
        }
    }
}
