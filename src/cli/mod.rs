//! The command layer both CLIs run: arguments in (parsed here, with clap, for the native CLI and
//! the package's Node CLI alike), stdout, stderr, the exit status and the files written out; the
//! machine behind it is a [`Host`] (native: `std`; Node: src/wasm_cli.rs).

mod args;
mod behaviour;
mod chart;
mod host;
mod propose;
mod proposed;
mod replay;
mod template;
mod write;
#[cfg(not(target_arch = "wasm32"))]
mod writer;

use crate::exit::{self, EXIT_INVALID, EXIT_USAGE};
use crate::manifest::PatchStatus;
use crate::migrate::BumpTemplates;
use crate::migrate::SessionSpec;
use crate::migrate::{
    ChartSpec, Named, Request, SchemaRef, SourceFile, Status, ValidateRequest, render,
};
use crate::text::{FileResult, Location};
use crate::yaml::{DecodeOptions, Typing};
use args::{ChartArgs, Cli, Command, Format, MigrateArgs, PatchArgs, PatchFormat, ValidateArgs};
pub use args::{Flag, flags};
use clap::Parser;
#[cfg(not(target_arch = "wasm32"))]
pub use host::Native;
pub use host::{Host, Kind};
pub use proposed::Proposed;
use serde::Serialize;
use std::ffi::OsString;

/// What a command printed, and its exit status (its files are written by then).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub exit_code: i32,
}

/// One run: the machine, and what it prints.
struct Run<'a> {
    host: &'a dyn Host,
    out: Output,
    /// The base and target chart paths of a `migrate` or `diagnose`, when both are charts.
    charts: Option<(String, String)>,
}

/// Runs the command line `args` (program name first) on `host`.
pub fn run(args: impl IntoIterator<Item = OsString>, host: &dyn Host) -> Output {
    let mut run = Run {
        host,
        out: Output::default(),
        charts: None,
    };
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let text = usage_text(&e, host);
            let (stream, code) = if e.use_stderr() {
                (&mut run.out.stderr, EXIT_USAGE)
            } else {
                (&mut run.out.stdout, 0)
            };
            stream.push_str(&text);
            run.out.exit_code = code;
            return run.out;
        }
    };
    let outcome = run.command(cli.command);
    run.out.exit_code = outcome.unwrap_or_else(|message| {
        run.out.stderr.push_str(&message);
        run.out.stderr.push('\n');
        EXIT_INVALID
    });
    run.out
}

/// Clap's message for a command line it refused (or its help), in color on a terminal.
fn usage_text(e: &clap::Error, host: &dyn Host) -> String {
    #[cfg(feature = "color")]
    if host.styled() {
        return e.render().ansi().to_string();
    }
    #[cfg(not(feature = "color"))]
    let _ = host;
    e.render().to_string()
}

/// Runs the native command line (program name first), prints, and returns the exit status.
#[cfg(not(target_arch = "wasm32"))]
pub fn main(args: impl IntoIterator<Item = OsString>) -> i32 {
    use std::io::Write;
    let out = run(args, &Native);
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    out.exit_code
}

impl Run<'_> {
    fn command(&mut self, command: Command) -> Result<i32, String> {
        match command {
            Command::Decode { file, typing } => self.decode(&file, typing),
            Command::Validate(args) => self.validate(&args),
            Command::Diagnose {
                args,
                format,
                start_proposal,
            } => {
                let request = self.request(&args, None)?;
                if start_proposal {
                    let draft = crate::migrate::draft(&request);
                    let Some(text) = draft.text else {
                        return Ok(self.show(&draft.diagnosis, format));
                    };
                    self.print(&text);
                    return Ok(exit::of_status(draft.diagnosis.status));
                }
                self.charts = Self::charts_of(&args.spec, &request);
                let report = self.judged(&request, false);
                Ok(self.show(&report, format))
            }
            Command::Migrate {
                args,
                proposal,
                format,
                write,
                mut travel,
                propose,
            } => {
                let request = self.request(&args, proposal.as_deref())?;
                self.charts = Self::charts_of(&args.spec, &request);
                travel.default_from(&request.spec);
                if proposal.is_some() {
                    return self.migrate(&request, format, write, &travel);
                }
                match self.propose(&propose, request) {
                    propose::Ended::Proposal(request) => {
                        self.migrate(&request, format, write, &travel)
                    }
                    propose::Ended::Diagnosis(report) => Ok(self.show(&report, format)),
                    propose::Ended::Exit(code) => Ok(code),
                }
            }
            Command::Patch {
                args,
                format,
                write,
            } => self.patch(&args, format, write),
            Command::Replay(args) => self.replay(&args),
            Command::Schema(args) => self.schema(&args),
            Command::Render(args) => self.render(&args),
            Command::Mcp { .. } => Err(
                "values-migrate mcp: the MCP server is in the npm package's \
                 CLI: run `npx values-migrate mcp` (docs/agents.md)"
                    .to_string(),
            ),
        }
    }

    /// Prints a diagnosis (`diagnose`, or `migrate` when no proposal is needed); its exit status.
    fn show(&mut self, report: &crate::migrate::MigrateReport, format: Format) -> i32 {
        match format {
            Format::Text | Format::Diff => {
                self.print(&render::text(report));
                self.print(&behaviour::text(report));
            }
            Format::Json => self.print_json(report),
        }
        exit::of_status(report.status)
    }

    fn print(&mut self, text: &str) {
        self.out.stdout.push_str(text);
    }

    fn eprint(&mut self, text: &str) {
        self.out.stderr.push_str(text);
        self.out.stderr.push('\n');
    }

    fn print_json<T: Serialize>(&mut self, value: &T) {
        let text = pretty(value);
        self.print(&text);
    }

    /// Reads `path` as UTF-8 text, named as given.
    fn read(&self, path: &str) -> Result<Named, String> {
        read(self.host, path)
    }

    /// Runs `migrate` (and what the recording and the render gate add), prints it, writes if asked.
    fn migrate(
        &mut self,
        request: &Request,
        format: Format,
        write: bool,
        travel: &args::RecordArgs,
    ) -> Result<i32, String> {
        let mut report = self.judged(request, true);
        let recording = self.after_migrate(request, &mut report, travel)?;
        match format {
            Format::Json => self.print_json(&report),
            Format::Diff => report
                .files
                .iter()
                .for_each(|f| self.out.stdout.push_str(&f.diff)),
            Format::Text => {
                self.print(&render::text(&report));
                self.print(&behaviour::text(&report));
            }
        }
        // The recording and the migrated files: one transaction, all written or none.
        let mut writes: Vec<write::Write> = recording.into_iter().collect();
        if write && report.status == Status::Planned {
            writes.extend(changed(&report.files));
        }
        if let Err(message) = write::all(self.host, &writes) {
            self.eprint(&message);
            return Ok(EXIT_INVALID);
        }
        Ok(exit::of_status(report.status))
    }

    fn request(&self, args: &MigrateArgs, proposal: Option<&str>) -> Result<Request, String> {
        let files = self.source_files(&args.values)?;
        let answers = args
            .answers
            .iter()
            .map(|a| {
                crate::migrate::answers::split(a)
                    .ok_or_else(|| format!("--answer `{a}`: expected PATH=VALUE"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let spec = &args.spec;
        let spec = session_spec(self.host, &spec.base, &spec.target, &spec.chart)?;
        let request = Request {
            files,
            proposal: proposal.map(|p| self.read(p)).transpose()?,
            prefix: args.prefix.clone(),
            answers,
            spec,
        };
        Ok(request)
    }

    /// The documents `--schema-ref URL=FILE` supplies, read.
    fn schema_refs(&self, flags: &[String]) -> Result<Vec<SchemaRef>, String> {
        schema_refs(self.host, flags)
    }

    /// The defaults: `--defaults` when given, else the chart's own.
    fn defaults(&self, flag: Option<&str>, chart: Option<Named>) -> Result<Option<Named>, String> {
        let given = flag.map(|p| self.read(p)).transpose()?;
        Ok(given.or(chart))
    }

    fn source_files(&self, paths: &[String]) -> Result<Vec<SourceFile>, String> {
        paths
            .iter()
            .map(|p| {
                self.read(p).map(|n| SourceFile {
                    path: n.name,
                    text: n.text,
                })
            })
            .collect()
    }

    /// Validates each values file against the chart, compiled once for all of them.
    fn validate(&mut self, args: &ValidateArgs) -> Result<i32, String> {
        let path = args
            .schema
            .as_deref()
            .or(args.chart.as_deref())
            .unwrap_or("");
        let input = chart::input(self.host, path)?;
        let flags = &args.spec;
        let defaults = self.defaults(flags.defaults.as_deref(), input.defaults)?;
        let files = self.source_files(&args.values)?;
        let request = ValidateRequest {
            files,
            prefix: args.prefix.clone(),
            chart: ChartSpec {
                schema: input.schema,
                chart: input.chart,
                defaults,
                typing: flags.typing,
                schema_refs: self.schema_refs(&flags.schema_refs)?,
            },
        };
        let report = crate::migrate::validate(&request);
        self.print_json(&report);
        Ok(exit::of_validate(&report))
    }

    fn patch(&mut self, args: &PatchArgs, format: PatchFormat, write: bool) -> Result<i32, String> {
        let input = self.read(&args.file)?;
        let request = crate::manifest::PatchRequest {
            file: input.name,
            text: input.text,
            api_version: args.api_version.clone(),
            kind: args.kind.clone(),
            namespace: args.namespace.clone(),
            name: args.name.clone(),
            container: args.container.clone(),
            field: args.field.clone(),
            from: args.from.clone(),
            to: args.to.clone(),
        };
        let report = crate::manifest::patch(&request);
        match format {
            PatchFormat::Json => self.print_json(&report),
            PatchFormat::Diff => {
                self.print(&report.file.diff);
                if report.status != PatchStatus::Patched {
                    let at = Location {
                        file: Some(request.file.clone()),
                        line: report.line,
                        column: report.column,
                        utf16_column: report.utf16_column,
                    };
                    self.eprint(&format!("{}: {}", at.prefix(), report.reason));
                }
            }
        }
        if write && report.status == PatchStatus::Patched && report.file.changed {
            if let Err(message) =
                write::all(self.host, &changed(std::slice::from_ref(&report.file)))
            {
                self.eprint(&message);
                return Ok(EXIT_INVALID);
            }
        }
        Ok(exit::of_patch(report.status))
    }

    fn decode(&mut self, path: &str, typing: Typing) -> Result<i32, String> {
        let input = self.read(path)?;
        let options = DecodeOptions {
            typing,
            ..DecodeOptions::default()
        };
        let result = crate::decode::decode(&input.name, &input.text, &options);
        if result.errors.is_empty() {
            self.print_json(&result.documents);
            return Ok(0);
        }
        // `file:line:column: message`, then the line and a caret under the column.
        match crate::yaml::decode(&input.text, &options) {
            Err(e) => self.eprint(&e.display_with(&input.name, &input.text)),
            Ok(_) => result
                .errors
                .iter()
                .for_each(|e| self.eprint(&e.to_string())),
        }
        Ok(EXIT_INVALID)
    }
}

/// Reads `path` from `host` as UTF-8 text, named as given.
fn read(host: &dyn Host, path: &str) -> Result<Named, String> {
    let bytes = host
        .read(path)
        .map_err(|e| format!("{path}: cannot read: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{path}: cannot read: stream did not contain valid UTF-8"))?;
    Ok(Named {
        name: path.to_string(),
        text,
    })
}

/// `value` as pretty JSON and a newline, as the CLI prints every result.
fn pretty<T: Serialize>(value: &T) -> String {
    match crate::text::print::pretty(value) {
        Ok(json) => json + "\n",
        Err(e) => format!("cannot print the result: {e}\n"),
    }
}

/// The files a result changed, as writes that require each file to still hold what was read.
fn changed(files: &[FileResult]) -> Vec<write::Write> {
    files
        .iter()
        .filter(|f| f.changed)
        .map(|f| write::Write {
            path: f.path.clone(),
            before: Some(f.before.clone()),
            text: f.after.clone(),
        })
        .collect()
}

/// The session spec the flags name: both charts read (schema, defaults, templates, the trees
/// for per-chart findings), `--defaults` over the target chart's own, `--schema-ref` read.
fn session_spec(
    host: &dyn Host,
    base: &str,
    target: &str,
    flags: &ChartArgs,
) -> Result<SessionSpec, String> {
    let base = chart::input(host, base)?;
    let target = chart::input(host, target)?;
    let given = flags
        .defaults
        .as_deref()
        .map(|p| read(host, p))
        .transpose()?;
    let spec = SessionSpec {
        base_schema: base.schema,
        target_schema: target.schema,
        defaults: given.or(target.defaults),
        base_defaults: base.defaults,
        typing: flags.typing,
        schema_refs: schema_refs(host, &flags.schema_refs)?,
        templates: BumpTemplates::of(base.templates, target.templates),
        base_chart: base.chart,
        target_chart: target.chart,
    };
    Ok(spec)
}

/// The documents `--schema-ref URL=FILE` supplies, read.
fn schema_refs(host: &dyn Host, flags: &[String]) -> Result<Vec<SchemaRef>, String> {
    flags
        .iter()
        .map(|flag| {
            let (url, file) = flag
                .rsplit_once('=')
                .filter(|(u, f)| !u.is_empty() && !f.is_empty())
                .ok_or_else(|| format!("--schema-ref `{flag}`: expected URL=FILE"))?;
            let document = read(host, file)?;
            Ok(SchemaRef {
                url: url.to_string(),
                document,
            })
        })
        .collect()
}
