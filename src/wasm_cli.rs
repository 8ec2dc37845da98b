//! The bundled Node CLI's one entry into the library: what the native CLI would print, byte for byte.
//!
//! The Node script (npm/bin/values-migrate.mjs) parses arguments and reads files; this renders
//! the result through the same serializer the native CLI uses (`serde_json::to_string_pretty`)
//! and computes its exit status, so the two CLIs cannot drift apart.

use crate::exit::{self, EXIT_INVALID};
use crate::manifest::PatchStatus;
use crate::migrate::{Named, Request, Session, SourceFile, Status, ValidateReport, render};
use crate::text::Location;
use crate::wasm::{FileInput, PatchInput, from_js, to_js};
use crate::yaml::{DecodeOptions, Typing};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

mod replay;

#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Format {
    #[default]
    Json,
    Diff,
    Text,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MigrateArgs {
    values: Vec<FileInput>,
    base: FileInput,
    target: FileInput,
    #[serde(default)]
    prefix: Option<String>,
    /// `PATH=VALUE` as typed on the command line.
    #[serde(default)]
    answers: Vec<String>,
    #[serde(default)]
    defaults: Option<FileInput>,
    #[serde(default)]
    typing: Typing,
}

/// One command and its arguments, as `{ "migrate": { … } }`: an externally tagged enum needs no
/// buffering deserializer (an internally tagged one costs ~10 KB of wasm).
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum CliInput {
    Decode {
        file: FileInput,
        #[serde(default)]
        typing: Typing,
    },
    Validate {
        values: Vec<FileInput>,
        schema: FileInput,
        #[serde(default)]
        prefix: Option<String>,
        #[serde(default)]
        defaults: Option<FileInput>,
        #[serde(default)]
        typing: Typing,
    },
    Diagnose {
        args: MigrateArgs,
        #[serde(default)]
        format: Format,
    },
    Migrate {
        args: MigrateArgs,
        proposal: FileInput,
        #[serde(default)]
        format: Format,
        #[serde(default)]
        write: bool,
    },
    Patch {
        request: PatchInput,
        #[serde(default)]
        format: Format,
        #[serde(default)]
        write: bool,
    },
    Replay(Box<ReplayArgs>),
}

/// `replay`'s already-read inputs: a recording or a chain, then files or a fleet of repositories.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayArgs {
    /// The recording (`--migration`), with `base`, `target` and `defaults`; or `chain`.
    #[serde(default)]
    migration: Option<FileInput>,
    #[serde(default)]
    base: Option<FileInput>,
    #[serde(default)]
    target: Option<FileInput>,
    #[serde(default)]
    defaults: Option<FileInput>,
    #[serde(default)]
    chain: Option<ChainArgs>,
    #[serde(default)]
    values: Vec<FileInput>,
    /// With `--repos`: each repository's matched files, read (or why they could not be).
    #[serde(default)]
    repos: Option<Vec<RepoInput>>,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    typing: Typing,
    #[serde(default)]
    allow_schema_drift: bool,
    #[serde(default)]
    format: Format,
    #[serde(default)]
    write: bool,
}

/// A chain directory, read: its versions and its recordings (in path order).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ChainArgs {
    versions: Vec<VersionInput>,
    migrations: Vec<FileInput>,
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VersionInput {
    version: String,
    schema: FileInput,
    #[serde(default)]
    defaults: Option<FileInput>,
}

/// One repository of a fleet: its matched files, or why none could be found.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RepoInput {
    repo: String,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    files: Vec<RepoFile>,
}

/// One matched file: its path relative to the repository, and its text or the read error.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RepoFile {
    path: String,
    #[serde(default)]
    file: Option<FileInput>,
    #[serde(default)]
    error: Option<String>,
}

/// What the CLI prints and writes, and its exit status.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct CliOutput {
    stdout: String,
    stderr: String,
    exit_code: i32,
    /// Files to write atomically (only with `--write`, only when the result allows it).
    writes: Vec<FileInput>,
}

/// Runs one CLI command on already-read files and returns what the native CLI would print.
#[wasm_bindgen(js_name = cliOutput, skip_typescript)]
pub fn cli_output(input: JsValue) -> Result<JsValue, JsError> {
    let input: CliInput = from_js("cli input", input)?;
    to_js(&run(input))
}

fn source_file(file: FileInput) -> SourceFile {
    SourceFile {
        path: file.path,
        text: file.text,
    }
}

fn named(file: FileInput) -> Named {
    Named {
        name: file.path,
        text: file.text,
    }
}

fn pretty<T: Serialize>(value: &T) -> String {
    match serde_json::to_string_pretty(value) {
        Ok(json) => json + "\n",
        Err(e) => format!("cannot print the result: {e}\n"),
    }
}

fn failure(message: String) -> CliOutput {
    CliOutput {
        stderr: message + "\n",
        exit_code: EXIT_INVALID,
        ..CliOutput::default()
    }
}

fn run(input: CliInput) -> CliOutput {
    match input {
        CliInput::Decode { file, typing } => decode(file, typing),
        CliInput::Validate {
            values,
            schema,
            prefix,
            defaults,
            typing,
        } => validate(values, schema, prefix.as_deref(), defaults, typing),
        CliInput::Diagnose { args, format } => match request(args, None) {
            Ok(request) => migrate_output(crate::migrate::diagnose(&request), format, false, true),
            Err(message) => failure(message),
        },
        CliInput::Migrate {
            args,
            proposal,
            format,
            write,
        } => match request(args, Some(proposal)) {
            Ok(request) => migrate_output(crate::migrate::migrate(&request), format, write, false),
            Err(message) => failure(message),
        },
        CliInput::Patch {
            request,
            format,
            write,
        } => patch(request, format, write),
        CliInput::Replay(args) => replay::run(*args),
    }
}

fn validate(
    values: Vec<FileInput>,
    schema: FileInput,
    prefix: Option<&str>,
    defaults: Option<FileInput>,
    typing: Typing,
) -> CliOutput {
    let schema = named(schema);
    let defaults = defaults.map(named);
    let files: Vec<SourceFile> = values.into_iter().map(source_file).collect();
    // One schema as both sides: the session compiles it once (as the native CLI does).
    let report = match Session::new(&schema, &schema, defaults.as_ref(), typing) {
        Ok(session) => ValidateReport::merge(files.iter().map(|f| session.validate(f, prefix))),
        Err(errors) => ValidateReport::unreadable(errors),
    };
    CliOutput {
        stdout: pretty(&report),
        exit_code: exit::of_validate(&report),
        ..CliOutput::default()
    }
}

fn request(args: MigrateArgs, proposal: Option<FileInput>) -> Result<Request, String> {
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
        files: args.values.into_iter().map(source_file).collect(),
        base_schema: named(args.base),
        target_schema: named(args.target),
        proposal: proposal.map(named),
        prefix: args.prefix,
        answers,
        defaults: args.defaults.map(named),
        typing: args.typing,
    })
}

fn migrate_output(
    report: crate::migrate::MigrateReport,
    format: Format,
    write: bool,
    diagnose: bool,
) -> CliOutput {
    let stdout = match format {
        Format::Json => pretty(&report),
        // `diagnose` has no diff: its `--format diff` is the text summary, as in the native CLI.
        Format::Diff if !diagnose => report.files.iter().map(|f| f.diff.as_str()).collect(),
        Format::Diff | Format::Text => render::text(&report),
    };
    let writes = if write && report.status == Status::Planned {
        replay::changed(&report.files)
    } else {
        Vec::new()
    };
    CliOutput {
        stdout,
        exit_code: exit::of_status(report.status),
        writes,
        ..CliOutput::default()
    }
}

fn patch(args: PatchInput, format: Format, write: bool) -> CliOutput {
    let request = args.into_request();
    let report = crate::manifest::patch(&request);
    let mut out = CliOutput {
        exit_code: exit::of_patch(report.status),
        ..CliOutput::default()
    };
    match format {
        Format::Json | Format::Text => out.stdout = pretty(&report),
        Format::Diff => {
            out.stdout = report.file.diff.clone();
            if report.status != PatchStatus::Patched {
                let at = Location {
                    file: Some(request.file.clone()),
                    line: report.line,
                    column: report.column,
                    utf16_column: report.utf16_column,
                };
                out.stderr = format!("{}: {}\n", at.prefix(), report.reason);
            }
        }
    }
    if write && report.status == PatchStatus::Patched && report.file.changed {
        out.writes.push(FileInput {
            path: request.file,
            text: report.file.after,
        });
    }
    out
}

fn decode(file: FileInput, typing: Typing) -> CliOutput {
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let result = crate::decode::decode(&file.path, &file.text, &options);
    if result.errors.is_empty() {
        return CliOutput {
            stdout: pretty(&result.documents),
            ..CliOutput::default()
        };
    }
    // `file:line:column: message`, then the line and a caret under the column.
    let stderr = match crate::yaml::decode(&file.text, &options) {
        Err(e) => e.display_with(&file.path, &file.text) + "\n",
        Ok(_) => result.errors.iter().map(|e| format!("{e}\n")).collect(),
    };
    CliOutput {
        stderr,
        exit_code: EXIT_INVALID,
        ..CliOutput::default()
    }
}
