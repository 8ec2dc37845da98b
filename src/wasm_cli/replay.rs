//! `replay` for the Node CLI: the native CLI's replay on already-read files, rendered the same way.

use super::{ChainArgs, CliOutput, Format, ReplayArgs, RepoInput, failure, pretty, source_file};
use crate::exit::of_status;
use crate::migrate::{Named, SourceFile, Status};
use crate::migration::chain::{Chain, ChainRequest, Version};
use crate::migration::replay::Replayer;
use crate::migration::{ReplayRequest, fleet, record, render};
use crate::text::FileResult;
use crate::wasm::FileInput;

/// What a replay runs: one recording or a chain, compiled once.
enum Prepared {
    Replay(Box<Replayer>),
    Chain(Box<Chain>),
}

/// Runs `replay` and returns what the native CLI prints, and the files `--write` replaces.
pub(super) fn run(args: ReplayArgs) -> CliOutput {
    let prepared = match prepare(&args) {
        Ok(prepared) => prepared,
        Err(message) => return failure(message),
    };
    let prefix = args.prefix.as_deref();
    let mut writes = Vec::new();
    if let Some(repos) = args.repos {
        let repositories = repos
            .into_iter()
            .map(|repo| one_repo(repo, &prepared, prefix, args.write, &mut writes))
            .collect();
        let report = fleet::report(repositories);
        let exit_code = report
            .repositories
            .iter()
            .map(|r| of_status(r.status))
            .max()
            .unwrap_or(0);
        let stdout = match args.format {
            Format::Json => pretty(&report),
            Format::Diff => render::fleet_diff(&report),
            Format::Text => render::fleet_text(&report),
        };
        return CliOutput {
            stdout,
            exit_code,
            writes,
            ..CliOutput::default()
        };
    }
    let files: Vec<SourceFile> = args.values.into_iter().map(source_file).collect();
    let (status, json, text, results) = one(&prepared, &files, prefix);
    if args.write && status == Status::Planned {
        writes = changed(&results);
    }
    let stdout = match args.format {
        Format::Json => pretty(&json),
        Format::Diff => results.iter().map(|f| f.diff.as_str()).collect(),
        Format::Text => text,
    };
    CliOutput {
        stdout,
        exit_code: of_status(status),
        writes,
        ..CliOutput::default()
    }
}

fn prepare(args: &ReplayArgs) -> Result<Prepared, String> {
    if let Some(chain) = &args.chain {
        return Ok(Prepared::Chain(Box::new(Chain::new(&chain_request(
            args, chain,
        )?))));
    }
    let (Some(migration), Some(base), Some(target)) = (&args.migration, &args.base, &args.target)
    else {
        return Err("replay needs --migration, --base and --target (or --chain)".to_string());
    };
    let request = ReplayRequest {
        migration: record::parse(&migration.path, &migration.text)?,
        files: Vec::new(),
        base_schema: copy(base),
        target_schema: copy(target),
        prefix: args.prefix.clone(),
        defaults: args.defaults.as_ref().map(copy),
        typing: args.typing,
        allow_schema_drift: args.allow_schema_drift,
    };
    Ok(Prepared::Replay(Box::new(Replayer::new(&request))))
}

fn chain_request(args: &ReplayArgs, chain: &ChainArgs) -> Result<ChainRequest, String> {
    let migrations = chain
        .migrations
        .iter()
        .map(|m| record::parse(&m.path, &m.text).map(|parsed| (m.path.clone(), parsed)))
        .collect::<Result<Vec<_>, _>>()?;
    let versions = chain
        .versions
        .iter()
        .map(|v| Version {
            version: v.version.clone(),
            schema: copy(&v.schema),
            defaults: v.defaults.as_ref().map(copy),
        })
        .collect();
    Ok(ChainRequest {
        versions,
        migrations,
        files: Vec::new(),
        from: chain.from.clone(),
        to: chain.to.clone(),
        prefix: args.prefix.clone(),
        typing: args.typing,
        allow_schema_drift: args.allow_schema_drift,
    })
}

/// One replay on `files`: its status, JSON, text summary and file results.
fn one(
    prepared: &Prepared,
    files: &[SourceFile],
    prefix: Option<&str>,
) -> (Status, serde_json::Value, String, Vec<FileResult>) {
    match prepared {
        Prepared::Replay(replayer) => {
            let report = replayer.replay(files, prefix);
            let json = serde_json::to_value(&report).unwrap_or_default();
            let text = render::replay_text(&report);
            (report.report.status, json, text, report.report.files)
        }
        Prepared::Chain(chain) => {
            let report = chain.run(files, prefix);
            let json = serde_json::to_value(&report).unwrap_or_default();
            let text = render::chain_text(&report);
            (report.status, json, text, report.files)
        }
    }
}

/// One repository of a fleet: every matched file replayed on its own.
fn one_repo(
    repo: RepoInput,
    prepared: &Prepared,
    prefix: Option<&str>,
    write: bool,
    writes: &mut Vec<FileInput>,
) -> fleet::RepoOutcome {
    if let Some(error) = repo.error {
        return fleet::repo_outcome(repo.repo, Err(error));
    }
    let mut outcomes = Vec::new();
    for file in repo.files {
        let (status, result) = match (file.file, file.error) {
            (Some(input), _) => {
                let (status, json, _, results) = one(prepared, &[source_file(input)], prefix);
                if write && status == Status::Planned {
                    writes.extend(changed(&results));
                }
                (status, json)
            }
            (None, error) => (
                Status::Invalid,
                serde_json::json!({"status": "invalid", "errors": [{"file": joined(&repo.repo, &file.path), "message": error.unwrap_or_default()}]}),
            ),
        };
        outcomes.push(fleet::FileOutcome {
            path: file.path,
            status,
            result,
        });
    }
    fleet::repo_outcome(repo.repo, Ok(outcomes))
}

/// The files a result changed, as the CLI writes them.
pub(super) fn changed(files: &[FileResult]) -> Vec<FileInput> {
    files
        .iter()
        .filter(|f| f.changed)
        .map(|f| FileInput {
            path: f.path.clone(),
            text: f.after.clone(),
        })
        .collect()
}

fn copy(file: &FileInput) -> Named {
    Named {
        name: file.path.clone(),
        text: file.text.clone(),
    }
}

/// `repo/relative`, as the native CLI's `Path::join` displays it.
fn joined(repo: &str, relative: &str) -> String {
    if repo.ends_with('/') {
        format!("{repo}{relative}")
    } else {
        format!("{repo}/{relative}")
    }
}
