//! The command line: argument parsing and output, on top of the library.

mod replay;
mod write;

use crate::migrate::{Named, Request, SourceFile};
use crate::report::{MigrateReport, Op, PatchStatus};
use crate::yaml::{DecodeOptions, Typing};
use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Exit status for an input that could not be read.
const EXIT_INVALID: i32 = 3;
/// Exit status for a usage error.
const EXIT_USAGE: i32 = 64;

#[derive(Parser)]
#[command(
    name = "values-migrate",
    version,
    about = "Repairs a Helm chart's values after a chart bump, and proves the repair."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum TypingArg {
    /// As Helm reads values (YAML 1.1 words: yes/no/on/off are booleans).
    Helm,
    /// The YAML 1.2 core schema.
    #[value(name = "yaml-1.2")]
    Yaml12,
}

impl From<TypingArg> for Typing {
    fn from(arg: TypingArg) -> Typing {
        match arg {
            TypingArg::Helm => Typing::Helm,
            TypingArg::Yaml12 => Typing::Yaml12,
        }
    }
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
    /// The base chart's values.schema.json (the version moved from).
    #[arg(long)]
    base: PathBuf,
    /// The target chart's values.schema.json (the version moved to).
    #[arg(long)]
    target: PathBuf,
    /// Where the values live in the file (`bosun.valuesObject`); discovered when absent.
    #[arg(long)]
    prefix: Option<String>,
    /// A person's value for an escalated key: PATH=VALUE, VALUE read as YAML (repeatable).
    #[arg(long = "answer")]
    answers: Vec<String>,
    /// The target chart's own values.yaml.
    #[arg(long)]
    defaults: Option<PathBuf>,
    /// How scalars are typed.
    #[arg(long, value_enum, default_value = "helm")]
    typing: TypingArg,
}

#[derive(Subcommand)]
enum Command {
    /// Prints a YAML file's documents as a JSON array, one element per document.
    Decode {
        /// The YAML file to read.
        file: PathBuf,
        /// How scalars are typed.
        #[arg(long, value_enum, default_value = "helm")]
        typing: TypingArg,
    },
    /// Validates values (coalesced with the chart's defaults) against a schema, as Helm does.
    Validate {
        /// The values file.
        #[arg(long)]
        values: PathBuf,
        /// Where the values live in the file.
        #[arg(long)]
        prefix: Option<String>,
        /// The values.schema.json.
        #[arg(long)]
        schema: PathBuf,
        /// The chart's own values.yaml.
        #[arg(long)]
        defaults: Option<PathBuf>,
        /// How scalars are typed.
        #[arg(long, value_enum, default_value = "helm")]
        typing: TypingArg,
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
        #[arg(long)]
        proposal: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Write the files, atomically, when the status is `planned`.
        #[arg(long)]
        write: bool,
        #[command(flatten)]
        travel: replay::RecordArgs,
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
        Command::Decode { file, typing } => decode(&file, typing.into()),
        Command::Validate {
            values,
            prefix,
            schema,
            defaults,
            typing,
        } => (|| {
            let values = read(&values)?;
            let schema = read(&schema)?;
            let defaults = defaults.as_deref().map(read).transpose()?;
            let report = crate::validate::validate(
                &values,
                prefix.as_deref(),
                &schema,
                defaults.as_ref(),
                typing.into(),
            );
            print_json(&report);
            Ok(report.exit_code())
        })(),
        Command::Diagnose { args, format } => request(&args, None).map(|request| {
            let report = crate::migrate::diagnose(&request);
            match format {
                Format::Text | Format::Diff => print!("{}", text_summary(&report)),
                Format::Json => print_json(&report),
            }
            report.status.exit_code()
        }),
        Command::Migrate {
            args,
            proposal,
            format,
            write,
            travel,
        } => request(&args, Some(&proposal)).map(|request| {
            let mut report = crate::migrate::migrate(&request);
            if let Err(message) = replay::after_migrate(&request, &mut report, &travel) {
                eprintln!("{message}");
                return EXIT_INVALID;
            }
            match format {
                Format::Json => print_json(&report),
                Format::Diff => report.files.iter().for_each(|f| print!("{}", f.diff)),
                Format::Text => print!("{}", text_summary(&report)),
            }
            if write && report.status == crate::report::Status::Planned {
                for file in report.files.iter().filter(|f| f.changed) {
                    if let Err(message) = write::atomically(Path::new(&file.path), &file.after) {
                        eprintln!("{message}");
                        return EXIT_INVALID;
                    }
                }
            }
            report.status.exit_code()
        }),
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

fn read(path: &Path) -> Result<Named, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    Ok(Named { name, text })
}

fn request(args: &MigrateArgs, proposal: Option<&Path>) -> Result<Request, String> {
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
    Ok(Request {
        files,
        base_schema: read(&args.base)?,
        target_schema: read(&args.target)?,
        proposal: proposal.map(read).transpose()?,
        prefix: args.prefix.clone(),
        answers,
        defaults: args.defaults.as_deref().map(read).transpose()?,
        typing: args.typing.into(),
    })
}

fn print_json<T: Serialize>(value: &T) {
    match serde_json::to_string_pretty(value) {
        Ok(json) => println!("{json}"),
        Err(e) => eprintln!("cannot print the result: {e}"),
    }
}

/// A readable summary of a migrate or diagnose report.
fn text_summary(report: &MigrateReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let status = serde_json::to_value(report.status)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    let _ = writeln!(out, "status: {status}");
    if let Some(prefix) = &report.prefix {
        let _ = writeln!(
            out,
            "values: {} in {}",
            if prefix.is_empty() {
                "the root"
            } else {
                prefix
            },
            report.values_file.as_deref().unwrap_or("?")
        );
    }
    for e in &report.errors {
        let _ = writeln!(
            out,
            "error: {}",
            located(&e.file, e.line, e.column, &e.message)
        );
    }
    for d in &report.displaced {
        let _ = writeln!(
            out,
            "displaced: {} = {} ({})",
            d.path,
            crate::migrate::tree::show(&d.value),
            d.reason
        );
    }
    for d in &report.derivable {
        let _ = writeln!(
            out,
            "derivable: {} = {} ({})",
            d.path,
            crate::migrate::tree::show(&d.value),
            d.source
        );
    }
    for e in &report.escalations {
        let _ = writeln!(out, "escalation: {}: {}", e.path, e.message);
    }
    for r in &report.refusals {
        let kind = serde_json::to_value(r.kind)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default();
        let place = r
            .file
            .as_deref()
            .map(|f| located(f, r.line, r.column, ""))
            .unwrap_or_default();
        let _ = writeln!(out, "refusal {kind} at `{}`: {place}{}", r.path, r.message);
    }
    for op in &report.ops {
        let _ = match op {
            Op::Remove { path } => writeln!(out, "op: remove {path}"),
            Op::Rename { from, to, .. } => writeln!(out, "op: rename {from} -> {to}"),
            Op::Set {
                path,
                value,
                source,
            } => writeln!(
                out,
                "op: set {path} = {} ({source:?})",
                crate::migrate::tree::show(value)
            ),
        };
    }
    for n in &report.not_carried {
        let _ = writeln!(
            out,
            "not carried: {} = {}",
            n.path,
            crate::migrate::tree::show(&n.value)
        );
    }
    for change in &report.changelog {
        let _ = writeln!(out, "schema change: {change}");
    }
    if let Some(brief) = &report.brief {
        let _ = writeln!(out, "\n{brief}");
    }
    for f in report.files.iter().filter(|f| f.changed) {
        let _ = write!(out, "\n{}", f.diff);
    }
    out
}

fn located(file: &str, line: Option<usize>, column: Option<usize>, message: &str) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("{file}:{line}:{column}: {message}"),
        _ => format!("{file}: {message}"),
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
                eprintln!(
                    "{}",
                    located(&request.file, report.line, report.column, &report.reason)
                );
            }
        }
    }
    if write && report.status == PatchStatus::Patched && report.file.changed {
        if let Err(message) = write::atomically(&args.file, &report.file.after) {
            eprintln!("{message}");
            return Ok(EXIT_INVALID);
        }
    }
    Ok(report.status.exit_code())
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
        Ok(_) => result
            .errors
            .iter()
            .for_each(|e| eprintln!("{}", located(&e.file, e.line, e.column, &e.message))),
    }
    Ok(EXIT_INVALID)
}
