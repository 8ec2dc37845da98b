//! The bundled Node CLI's one entry into the library: what the native CLI would print, byte for byte.
//!
//! The Node script (npm/bin/values-migrate.mjs) parses arguments and reads files; this renders
//! the result through the same serializer the native CLI uses (`serde_json::to_string_pretty`)
//! and computes its exit status, so the two CLIs cannot drift apart.

use crate::migrate::{Named, Request, SourceFile};
use crate::report::{PatchStatus, Status};
use crate::wasm::{FileInput, TypingInput, from_js, to_js};
use crate::yaml::DecodeOptions;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// Exit status for an input that could not be read (the native CLI's `EXIT_INVALID`).
const EXIT_INVALID: i32 = 3;

#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Format {
    #[default]
    Json,
    Diff,
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
    typing: TypingInput,
}

#[derive(Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case", deny_unknown_fields)]
enum CliInput {
    Decode {
        file: FileInput,
        #[serde(default)]
        typing: TypingInput,
    },
    #[serde(rename_all = "camelCase")]
    Validate {
        values: FileInput,
        schema: FileInput,
        #[serde(default)]
        prefix: Option<String>,
        #[serde(default)]
        defaults: Option<FileInput>,
        #[serde(default)]
        typing: TypingInput,
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
        request: PatchArgs,
        #[serde(default)]
        format: Format,
        #[serde(default)]
        write: bool,
    },
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PatchArgs {
    file: FileInput,
    api_version: String,
    kind: String,
    #[serde(default)]
    namespace: Option<String>,
    name: String,
    #[serde(default)]
    container: Option<String>,
    field: String,
    from: String,
    to: String,
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
        } => {
            let defaults = defaults.map(named);
            let report = crate::validate::validate(
                &named(values),
                prefix.as_deref(),
                &named(schema),
                defaults.as_ref(),
                typing.into(),
            );
            CliOutput {
                stdout: pretty(&report),
                exit_code: report.exit_code(),
                ..CliOutput::default()
            }
        }
        CliInput::Diagnose { args, format } => match request(args, None) {
            Ok(request) => migrate_output(crate::migrate::diagnose(&request), format, false),
            Err(message) => failure(message),
        },
        CliInput::Migrate {
            args,
            proposal,
            format,
            write,
        } => match request(args, Some(proposal)) {
            Ok(request) => migrate_output(crate::migrate::migrate(&request), format, write),
            Err(message) => failure(message),
        },
        CliInput::Patch {
            request,
            format,
            write,
        } => patch(request, format, write),
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
        files: args
            .values
            .into_iter()
            .map(|f| SourceFile {
                path: f.path,
                text: f.text,
            })
            .collect(),
        base_schema: named(args.base),
        target_schema: named(args.target),
        proposal: proposal.map(named),
        prefix: args.prefix,
        answers,
        defaults: args.defaults.map(named),
        typing: args.typing.into(),
    })
}

fn migrate_output(report: crate::report::MigrateReport, format: Format, write: bool) -> CliOutput {
    let stdout = match format {
        Format::Json => pretty(&report),
        Format::Diff => report.files.iter().map(|f| f.diff.as_str()).collect(),
    };
    let writes = if write && report.status == Status::Planned {
        report
            .files
            .iter()
            .filter(|f| f.changed)
            .map(|f| FileInput {
                path: f.path.clone(),
                text: f.after.clone(),
            })
            .collect()
    } else {
        Vec::new()
    };
    CliOutput {
        stdout,
        exit_code: report.status.exit_code(),
        writes,
        ..CliOutput::default()
    }
}

fn patch(args: PatchArgs, format: Format, write: bool) -> CliOutput {
    let request = crate::manifest::PatchRequest {
        file: args.file.path,
        text: args.file.text,
        api_version: args.api_version,
        kind: args.kind,
        namespace: args.namespace,
        name: args.name,
        container: args.container,
        field: args.field,
        from: args.from,
        to: args.to,
    };
    let report = crate::manifest::patch(&request);
    let mut out = CliOutput {
        exit_code: report.status.exit_code(),
        ..CliOutput::default()
    };
    match format {
        Format::Json => out.stdout = pretty(&report),
        Format::Diff => {
            out.stdout = report.file.diff.clone();
            if report.status != PatchStatus::Patched {
                out.stderr = located(&request.file, report.line, report.column, &report.reason);
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

fn located(file: &str, line: Option<usize>, column: Option<usize>, message: &str) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("{file}:{line}:{column}: {message}\n"),
        _ => format!("{file}: {message}\n"),
    }
}

fn decode(file: FileInput, typing: TypingInput) -> CliOutput {
    let options = DecodeOptions {
        typing: typing.into(),
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
        Ok(_) => result
            .errors
            .iter()
            .map(|e| located(&e.file, e.line, e.column, &e.message))
            .collect(),
    };
    CliOutput {
        stderr,
        exit_code: EXIT_INVALID,
        ..CliOutput::default()
    }
}
