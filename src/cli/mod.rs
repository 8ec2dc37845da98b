//! The command line: argument parsing and output, on top of the library.

mod propose;
mod replay;
mod write;

use crate::exit::{self, EXIT_INVALID, EXIT_USAGE};
use crate::manifest::PatchStatus;
use crate::migrate::{Named, Request, Session, SourceFile, Status, ValidateReport, render};
use crate::text::Location;
use crate::yaml::{DecodeOptions, Typing};
use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What `--version` prints after the name: the version, and which Helm the schema verdicts match.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (schema verdicts as Helm 3.18.5+ and 4 give them)"
);

#[derive(Parser)]
#[command(
    name = "values-migrate",
    version = VERSION,
    about = "Repairs a Helm chart's values after a chart bump, and proves the repair."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One JSON object (CONTRACT.md).
    Json,
    /// Only the unified diffs.
    Diff,
    /// A readable summary.
    Text,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PatchFormat {
    /// One JSON object (CONTRACT.md).
    Json,
    /// Only the unified diff; a refusal goes to stderr as `file:line:column: reason`.
    Diff,
}

#[derive(Args)]
struct PatchArgs {
    /// The manifest file.
    #[arg(long)]
    file: PathBuf,
    /// The object's apiVersion (`apps/v1`).
    #[arg(long = "api-version")]
    api_version: String,
    /// The object's kind (`Deployment`).
    #[arg(long)]
    kind: String,
    /// The object's namespace; when absent, only a document without one (or with an empty one) matches.
    #[arg(long)]
    namespace: Option<String>,
    /// The object's name.
    #[arg(long)]
    name: String,
    /// The container whose field is patched; without it, `--field` is relative to the document root.
    #[arg(long)]
    container: Option<String>,
    /// The field, as a value path (`resources.limits.memory`, `spec.maxReplicaCount`).
    #[arg(long)]
    field: String,
    /// The value the file must hold now, compared by value (`256Mi` equals `268435456`).
    #[arg(long, allow_hyphen_values = true)]
    from: String,
    /// The new value, written in its canonical form.
    #[arg(long, allow_hyphen_values = true)]
    to: String,
}

#[derive(Args)]
struct MigrateArgs {
    /// A candidate file holding the old values (repeatable, in order).
    #[arg(long = "values", required = true)]
    values: Vec<PathBuf>,
    /// The base chart (the version moved from): its values.schema.json, its directory or its .tgz.
    #[arg(long)]
    base: PathBuf,
    /// The target chart (the version moved to): its values.schema.json, its directory or its .tgz.
    #[arg(long)]
    target: PathBuf,
    /// Where the values live in the file (`bosun.valuesObject`); discovered when absent.
    #[arg(long)]
    prefix: Option<String>,
    /// A person's value for an escalated key: PATH=VALUE, VALUE read as YAML (repeatable).
    #[arg(long = "answer")]
    answers: Vec<String>,
    /// The target chart's own values.yaml (a chart given as --target brings its own).
    #[arg(long)]
    defaults: Option<PathBuf>,
    /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
    #[arg(long, default_value = "helm")]
    typing: Typing,
}

#[derive(Subcommand)]
enum Command {
    /// Prints a YAML file's documents as a JSON array, one element per document.
    Decode {
        /// The YAML file to read.
        file: PathBuf,
        /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
        #[arg(long, default_value = "helm")]
        typing: Typing,
    },
    /// Validates values (coalesced with the chart's defaults) against a schema, as Helm does.
    Validate {
        /// A values file (repeatable: the schema is compiled once for all of them).
        #[arg(long = "values", required = true)]
        values: Vec<PathBuf>,
        /// Where the values live in the file.
        #[arg(long)]
        prefix: Option<String>,
        /// The values.schema.json.
        #[arg(long, required_unless_present = "chart", conflicts_with = "chart")]
        schema: Option<PathBuf>,
        /// The chart (its directory or its .tgz): every chart of its tree validated as Helm does.
        #[arg(long)]
        chart: Option<PathBuf>,
        /// The chart's own values.yaml (a chart brings its own).
        #[arg(long)]
        defaults: Option<PathBuf>,
        /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
        #[arg(long, default_value = "helm")]
        typing: Typing,
    },
    /// Diagnoses old values against both schemas: displaced values, required keys, escalations.
    Diagnose {
        #[command(flatten)]
        args: MigrateArgs,
        /// Output format (json or text).
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
    },
    /// Judges a proposal, derives the plan, splices it into the original text and verifies it.
    Migrate {
        #[command(flatten)]
        args: MigrateArgs,
        /// The migrated values document (YAML or JSON), rooted at the values root.
        #[arg(long, required_unless_present = "propose_with")]
        proposal: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Write the files, atomically, when the status is `planned`.
        #[arg(long)]
        write: bool,
        #[command(flatten)]
        travel: replay::RecordArgs,
        #[command(flatten)]
        propose: propose::ProposeArgs,
    },
    /// Replays a recorded migration on other values files (or a chain of them, or a fleet).
    Replay(replay::ReplayArgs),
    /// Prints a schema for override files (`--for-overrides`).
    Schema(replay::SchemaArgs),
    /// Replaces one scalar of a manifest in place (ADR-0020) and verifies that nothing else changed.
    Patch {
        #[command(flatten)]
        args: PatchArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: PatchFormat,
        /// Write the file, atomically, when the status is `patched`.
        #[arg(long)]
        write: bool,
    },
}

/// Runs the command line with `args` (program name first) and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { 0 };
        }
    };
    let outcome = match cli.command {
        Command::Decode { file, typing } => decode(&file, typing),
        Command::Validate {
            values,
            prefix,
            schema,
            chart,
            defaults,
            typing,
        } => validate(
            &values,
            prefix.as_deref(),
            schema
                .as_deref()
                .or(chart.as_deref())
                .unwrap_or(Path::new("")),
            defaults.as_deref(),
            typing,
        ),
        Command::Diagnose { args, format } => request(&args, None).map(|(request, charts)| {
            let mut report = crate::migrate::diagnose(&request);
            crate::chart::annotate(&charts.0, &charts.1, &mut report);
            match format {
                Format::Text | Format::Diff => print!("{}", render::text(&report)),
                Format::Json => print_json(&report),
            }
            exit::of_status(report.status)
        }),
        Command::Migrate {
            args,
            proposal,
            format,
            write,
            mut travel,
            propose,
        } => match proposal {
            Some(proposal) => request(&args, Some(&proposal)).map(|(request, charts)| {
                travel.default_from(&charts.0, &charts.1);
                migrate(&request, &charts, format, write, &travel)
            }),
            None => request(&args, None).map(|(request, charts)| {
                travel.default_from(&charts.0, &charts.1);
                let finish = |request: &Request| migrate(request, &charts, format, write, &travel);
                propose::run(&propose, request, finish, |report| {
                    match format {
                        Format::Text | Format::Diff => print!("{}", render::text(report)),
                        Format::Json => print_json(report),
                    }
                    exit::of_status(report.status)
                })
            }),
        },
        Command::Patch {
            args,
            format,
            write,
        } => patch(&args, format, write),
        Command::Replay(args) => replay::run(&args),
        Command::Schema(args) => replay::schema(&args),
    };
    outcome.unwrap_or_else(|message| {
        eprintln!("{message}");
        EXIT_INVALID
    })
}

/// Runs `migrate` (and what the recording and the render gate add), prints it, writes if asked.
fn migrate(
    request: &Request,
    charts: &Charts,
    format: Format,
    write: bool,
    travel: &replay::RecordArgs,
) -> i32 {
    let mut report = crate::migrate::migrate(request);
    crate::chart::annotate(&charts.0, &charts.1, &mut report);
    if let Err(message) = replay::after_migrate(request, &mut report, travel) {
        eprintln!("{message}");
        return EXIT_INVALID;
    }
    match format {
        Format::Json => print_json(&report),
        Format::Diff => report.files.iter().for_each(|f| print!("{}", f.diff)),
        Format::Text => print!("{}", render::text(&report)),
    }
    if write && report.status == Status::Planned {
        for file in report.files.iter().filter(|f| f.changed) {
            if let Err(message) = write::atomically(Path::new(&file.path), &file.after) {
                eprintln!("{message}");
                return EXIT_INVALID;
            }
        }
    }
    exit::of_status(report.status)
}

fn read(path: &Path) -> Result<Named, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    Ok(Named { name, text })
}

/// The chart trees of `--base` and `--target` (empty for schema files).
type Charts = (Vec<crate::chart::ChartAt>, Vec<crate::chart::ChartAt>);

fn request(args: &MigrateArgs, proposal: Option<&Path>) -> Result<(Request, Charts), String> {
    let files = args
        .values
        .iter()
        .map(|p| {
            read(p).map(|n| SourceFile {
                path: n.name,
                text: n.text,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let answers = args
        .answers
        .iter()
        .map(|a| {
            a.split_once('=')
                .map(|(p, v)| (p.to_string(), v.to_string()))
                .ok_or_else(|| format!("--answer `{a}`: expected PATH=VALUE"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (base, target) = (chart_or_schema(&args.base)?, chart_or_schema(&args.target)?);
    let charts = (base.charts.clone(), target.charts.clone());
    let request = Request {
        files,
        base_schema: base.schema,
        target_schema: target.schema,
        proposal: proposal.map(read).transpose()?,
        prefix: args.prefix.clone(),
        answers,
        defaults: defaults_of(args.defaults.as_deref(), target.defaults)?,
        typing: args.typing,
    };
    Ok((request, charts))
}

/// A `--base`/`--target`/`--chart`/`--schema` path: a schema file, a chart directory or archive.
fn chart_or_schema(path: &Path) -> Result<crate::chart::Input, String> {
    crate::chart::Input::from_path(path)
}

/// The defaults: `--defaults` when given, else the chart's own.
fn defaults_of(flag: Option<&Path>, chart: Option<Named>) -> Result<Option<Named>, String> {
    flag.map(read).transpose().map(|given| given.or(chart))
}

/// Validates each values file against one session's target schema, compiled once.
fn validate(
    values: &[PathBuf],
    prefix: Option<&str>,
    schema: &Path,
    defaults: Option<&Path>,
    typing: Typing,
) -> Result<i32, String> {
    let input = chart_or_schema(schema)?;
    let schema = input.schema;
    let defaults = defaults_of(defaults, input.defaults)?;
    let mut files = Vec::new();
    for path in values {
        let named = read(path)?;
        files.push(SourceFile {
            path: named.name,
            text: named.text,
        });
    }
    // One schema as both sides: the session compiles it once.
    let report = match Session::new(&schema, &schema, defaults.as_ref(), typing) {
        Ok(session) => ValidateReport::merge(
            files
                .iter()
                .map(|f| crate::chart::name_charts(&input.charts, session.validate(f, prefix))),
        ),
        Err(errors) => ValidateReport::unreadable(errors),
    };
    print_json(&report);
    Ok(exit::of_validate(&report))
}

fn print_json<T: Serialize>(value: &T) {
    match serde_json::to_string_pretty(value) {
        Ok(json) => println!("{json}"),
        Err(e) => eprintln!("cannot print the result: {e}"),
    }
}

fn patch(args: &PatchArgs, format: PatchFormat, write: bool) -> Result<i32, String> {
    let input = read(&args.file)?;
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
        PatchFormat::Json => print_json(&report),
        PatchFormat::Diff => {
            print!("{}", report.file.diff);
            if report.status != PatchStatus::Patched {
                let at = Location {
                    file: Some(request.file.clone()),
                    line: report.line,
                    column: report.column,
                    utf16_column: report.utf16_column,
                };
                eprintln!("{}: {}", at.prefix(), report.reason);
            }
        }
    }
    if write && report.status == PatchStatus::Patched && report.file.changed {
        if let Err(message) = write::atomically(&args.file, &report.file.after) {
            eprintln!("{message}");
            return Ok(EXIT_INVALID);
        }
    }
    Ok(exit::of_patch(report.status))
}

fn decode(path: &Path, typing: Typing) -> Result<i32, String> {
    let input = read(path)?;
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let result = crate::decode::decode(&input.name, &input.text, &options);
    if result.errors.is_empty() {
        print_json(&result.documents);
        return Ok(0);
    }
    // `file:line:column: message`, then the line and a caret under the column.
    match crate::yaml::decode(&input.text, &options) {
        Err(e) => eprintln!("{}", e.display_with(&input.name, &input.text)),
        Ok(_) => result.errors.iter().for_each(|e| eprintln!("{e}")),
    }
    Ok(EXIT_INVALID)
}
