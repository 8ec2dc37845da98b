//! The command line of migrations that travel (issue 15): `migrate --record`, `--render-with`,
//! `replay` (one file, layers, a chain, a fleet), and `schema --for-overrides`.

use super::args::{Format, PolicyArg, RecordArgs, RenderArgs, ReplayArgs, SchemaArgs};
use super::host::{Host, Kind, joined};
use super::{Run, changed, chart, read, write};
use crate::exit::of_status;
use crate::migrate::{MigrateReport, Refusal, RefusalKind, Request, SourceFile, Status};
use crate::migration::chain::{Chain, ChainReport, ChainRequest, Version};
use crate::migration::layers::{self, LayerPolicy, LayeredReport};
use crate::migration::replay::Replayer;
use crate::migration::{
    ChartBump, Migration, ReplayReport, ReplayRequest, fleet, record, render, render_gate,
};
use crate::text::{FileResult, Location};
use crate::yaml::Typing;

impl Run<'_> {
    /// After `migrate`: the render gate, then the recording (only of what passed the gate), as a
    /// file to write with the others.
    pub(super) fn after_migrate(
        &mut self,
        request: &Request,
        report: &mut MigrateReport,
        args: &RecordArgs,
    ) -> Result<Option<write::Write>, String> {
        if let Some(command) = args.render.command()? {
            let host = self.host;
            render_gate::gate(report, request.spec.typing, &|values| {
                render_with(host, command, values)
            });
        }
        let Some(path) = &args.record else {
            return Ok(None);
        };
        let chart = ChartBump {
            name: args.chart.clone(),
            from: args.from.clone(),
            to: args.to.clone(),
        };
        let Some(migration) = record::record(request, report, &chart) else {
            self.eprint(&format!(
                "{path}: not recorded: only a planned or unchanged migration is recorded"
            ));
            return Ok(None);
        };
        let json = serde_json::to_string_pretty(&migration).map_err(|e| e.to_string())?;
        Ok(Some(write::Write {
            path: path.clone(),
            before: None,
            text: format!("{json}\n"),
        }))
    }

    /// Runs `values-migrate replay`.
    pub(super) fn replay(&mut self, args: &ReplayArgs) -> Result<i32, String> {
        args.render.command()?;
        let prepared = prepare(self.host, args)?;
        if !args.repos.is_empty() {
            return Ok(self.fleet(args, &prepared));
        }
        let files = self.source_files(&args.values)?;
        let outcome = one(self.host, args, &prepared, &files);
        match args.format {
            Format::Json => self.print_json(&outcome.to_json()),
            Format::Diff => self.print(
                &files_of(&outcome)
                    .iter()
                    .map(|f| f.diff.as_str())
                    .collect::<String>(),
            ),
            Format::Text => self.print(&text(&outcome)),
        }
        let status = outcome.status();
        if args.write && status == Status::Planned {
            write::all(self.host, &changed(files_of(&outcome)))?;
        }
        Ok(of_status(status))
    }

    /// Every repository is one unit of work: each matched file replayed (and written) on its own.
    fn fleet(&mut self, args: &ReplayArgs, prepared: &Prepared) -> i32 {
        let host = self.host;
        let repositories = each(args.repos.len(), host.jobs(args.jobs), |index| {
            one_repo(host, args, prepared, &args.repos[index])
        });
        let report = fleet::report(repositories);
        match args.format {
            Format::Json => self.print_json(&report),
            Format::Diff => self.print(&render::fleet_diff(&report)),
            Format::Text => self.print(&render::fleet_text(&report)),
        }
        report
            .repositories
            .iter()
            .map(|r| of_status(r.status))
            .max()
            .unwrap_or(0)
    }

    /// Prints the override schema.
    pub(super) fn schema(&mut self, args: &SchemaArgs) -> Result<i32, String> {
        debug_assert!(args.for_overrides);
        let input = self.read(&args.schema)?;
        let document: serde_json::Value = serde_json::from_str(&input.text)
            .map_err(|e| format!("{}:{}:{}: {e}", input.name, e.line(), e.column()))?;
        let prefix = crate::ValuePath::parse(args.prefix.as_deref().unwrap_or(""))
            .map_err(|e| format!("--prefix: {e}"))?;
        let out = crate::migration::overrides::for_overrides(&document, &prefix)?;
        self.print_json(&out);
        Ok(0)
    }
}

impl RenderArgs {
    /// The render command, which must name where the values go.
    fn command(&self) -> Result<Option<&str>, String> {
        match self.render_with.as_deref() {
            Some(command) if !command.contains(render_gate::PLACEHOLDER) => Err(format!(
                "--render-with `{command}`: the command must contain {} where the values file goes",
                render_gate::PLACEHOLDER
            )),
            other => Ok(other),
        }
    }
}

/// Writes `values` to a temporary file and runs `command` (through `sh -c`) with its path.
fn render_with(host: &dyn Host, command: &str, values: &str) -> Result<(), String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = format!("values-migrate-render-{}-{n}.yaml", host.pid());
    let path = joined(&host.temp_dir(), &name);
    host.create(&path, values, None)
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    let result = host.shell(&render_gate::line(command, &path));
    host.remove(&path);
    match result {
        Err(e) => Err(format!("cannot run `{command}`: {e}")),
        Ok((Some(0), _)) => Ok(()),
        Ok((status, output)) => Err(render_gate::failure(command, status, &output)),
    }
}

/// `work(0..count)`, up to `jobs` at a time (threads, native) or one after another (wasm).
#[cfg(not(target_arch = "wasm32"))]
fn each<T: Send, W: Fn(usize) -> T + Sync>(count: usize, jobs: usize, work: W) -> Vec<T> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        break;
                    }
                    let outcome = work(index);
                    if let Ok(mut results) = results.lock() {
                        results[index] = Some(outcome);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// `work(0..count)`, up to `jobs` at a time (threads, native) or one after another (wasm).
#[cfg(target_arch = "wasm32")]
fn each<T, W: Fn(usize) -> T>(count: usize, _jobs: usize, work: W) -> Vec<T> {
    (0..count).map(work).collect()
}

/// One repository of a fleet: its files matching the glob, each replayed and written on its own.
fn one_repo(
    host: &dyn Host,
    args: &ReplayArgs,
    prepared: &Prepared,
    repo: &str,
) -> fleet::RepoOutcome {
    let glob = args.files.clone().unwrap_or_default();
    let paths = match matching(host, repo, &glob) {
        Ok(paths) if paths.is_empty() => Err(format!("{repo}: no file matches `{glob}`")),
        other => other,
    };
    let files = paths.map(|paths| {
        paths
            .iter()
            .map(|relative| one_file(host, args, prepared, &joined(repo, relative), relative))
            .collect()
    });
    fleet::repo_outcome(repo.to_string(), files)
}

/// One matched file of a repository: replayed, written when planned and asked.
fn one_file(
    host: &dyn Host,
    args: &ReplayArgs,
    prepared: &Prepared,
    path: &str,
    relative: &str,
) -> fleet::FileOutcome {
    let outcome = read(host, path).and_then(|named| {
        let files = [SourceFile {
            path: named.name,
            text: named.text,
        }];
        let outcome = one(host, args, prepared, &files);
        let status = outcome.status();
        if args.write && status == Status::Planned {
            write::all(host, &changed(files_of(&outcome)))?;
        }
        Ok((status, outcome.to_json()))
    });
    let (status, result) = outcome.unwrap_or_else(|message| {
        (Status::Invalid, serde_json::json!({"status": "invalid", "errors": [{"file": path, "message": message}]}))
    });
    fleet::FileOutcome {
        path: relative.to_string(),
        status,
        result,
    }
}

/// The files under `root` (relative, `/`-separated, sorted) that `glob` matches.
fn matching(host: &dyn Host, root: &str, glob: &str) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    let mut stack = vec![(root.to_string(), String::new())];
    while let Some((dir, relative)) = stack.pop() {
        let entries = host
            .list(&dir)
            .map_err(|e| format!("{dir}: cannot read: {e}"))?;
        for (name, kind) in entries {
            let path = if relative.is_empty() {
                name.clone()
            } else {
                format!("{relative}/{name}")
            };
            if kind == Kind::Dir && !matches!(name.as_str(), ".git" | "node_modules") {
                stack.push((joined(&dir, &name), path));
            } else if kind == Kind::File && fleet::matches(glob, &path) {
                found.push(path);
            }
        }
    }
    crate::order::sort(&mut found);
    Ok(found)
}

/// What a replay runs, read and compiled once (a fleet runs it on every file).
enum Prepared {
    Replay(Box<Replayer>),
    Layered(Box<ReplayRequest>, LayerPolicy),
    Chain(Box<Chain>),
}

fn prepare(host: &dyn Host, args: &ReplayArgs) -> Result<Prepared, String> {
    if let Some(dir) = &args.chain {
        return Ok(Prepared::Chain(Box::new(Chain::new(&chain_request(
            host, args, dir,
        )?))));
    }
    let request = replay_request(host, args)?;
    Ok(if args.layered {
        let policy = match args.layer_policy {
            PolicyArg::Refuse => LayerPolicy::Refuse,
            PolicyArg::Last => LayerPolicy::Last,
        };
        Prepared::Layered(Box::new(request), policy)
    } else {
        Prepared::Replay(Box::new(Replayer::new(&request)))
    })
}

/// One replay (plain, layered, or chain) on `files`, render-gated.
fn one(host: &dyn Host, args: &ReplayArgs, prepared: &Prepared, files: &[SourceFile]) -> Outcome {
    let command = args.render.render_with.as_deref();
    let render = |values: &str| match command {
        Some(command) => render_with(host, command, values),
        None => Ok(()),
    };
    let prefix = args.prefix.as_deref();
    match prepared {
        Prepared::Replay(replayer) => {
            let mut report = replayer.replay(files, prefix);
            if command.is_some() {
                render_gate::gate(&mut report.report, args.spec.typing, &render);
            }
            Outcome::Replay(report)
        }
        Prepared::Layered(request, policy) => {
            let request = ReplayRequest {
                files: files.to_vec(),
                ..(**request).clone()
            };
            let mut report = layers::replay_layered(&request, *policy);
            if let (Some(_), Some(merged)) = (command, &report.merged) {
                let values = serde_json::to_string_pretty(merged).unwrap_or_default();
                if let Err(message) = render(&values) {
                    refuse_render(
                        &mut report.replay.report.status,
                        &mut report.replay.report.refusals,
                        message,
                    );
                }
            }
            Outcome::Layered(report)
        }
        Prepared::Chain(chain) => {
            let mut report = chain.run(files, prefix);
            if command.is_some() {
                gate_chain(&mut report, args.spec.typing, &render);
            }
            Outcome::Chain(report)
        }
    }
}

/// The render gate on a chain's result: the last step holds the final text.
fn gate_chain(
    report: &mut ChainReport,
    typing: Typing,
    render: &dyn Fn(&str) -> Result<(), String>,
) {
    let last = report.steps.last().map(|s| &s.result.report);
    let values = last.and_then(|last| render_gate::migrated_values(last, typing));
    if let (Status::Planned, Some(values)) = (report.status, values) {
        if let Err(message) = render(&values) {
            refuse_render(&mut report.status, &mut report.refusals, message);
        }
    }
}

fn refuse_render(status: &mut Status, refusals: &mut Vec<Refusal>, message: String) {
    *status = Status::Refused;
    refusals.push(Refusal {
        kind: RefusalKind::RenderFailed,
        path: crate::ValuePath::root(),
        message,
        at: Location::default(),
    });
}

/// One replay's result, whichever kind.
enum Outcome {
    Replay(ReplayReport),
    Layered(LayeredReport),
    Chain(ChainReport),
}

impl Outcome {
    fn status(&self) -> Status {
        match self {
            Outcome::Replay(r) => r.report.status,
            Outcome::Layered(r) => r.replay.report.status,
            Outcome::Chain(r) => r.status,
        }
    }

    fn to_json(&self) -> serde_json::Value {
        match self {
            Outcome::Replay(r) => serde_json::to_value(r),
            Outcome::Layered(r) => serde_json::to_value(r),
            Outcome::Chain(r) => serde_json::to_value(r),
        }
        .unwrap_or_default()
    }
}

fn files_of(outcome: &Outcome) -> &[FileResult] {
    match outcome {
        Outcome::Replay(r) => &r.report.files,
        Outcome::Layered(r) => &r.replay.report.files,
        Outcome::Chain(r) => &r.files,
    }
}

/// A readable summary, rendered by the library.
fn text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Replay(r) => render::replay_text(r),
        Outcome::Layered(r) => render::layered_text(r),
        Outcome::Chain(r) => render::chain_text(r),
    }
}

fn replay_request(host: &dyn Host, args: &ReplayArgs) -> Result<ReplayRequest, String> {
    let (Some(migration), Some(base), Some(target)) = (&args.migration, &args.base, &args.target)
    else {
        return Err("replay needs --migration, --base and --target (or --chain)".to_string());
    };
    let migration = read(host, migration)?;
    let spec = super::session_spec(host, base, target, &args.spec)?;
    Ok(ReplayRequest {
        migration: record::parse(&migration.name, &migration.text)?,
        files: Vec::new(),
        prefix: args.prefix.clone(),
        allow_schema_drift: args.allow_schema_drift,
        spec,
    })
}

/// Reads a chain directory: `<version>/values.schema.json` (and `values.yaml`), chart directories
/// and archives (by their Chart.yaml version), and `*.json` recordings.
fn chain_request(host: &dyn Host, args: &ReplayArgs, dir: &str) -> Result<ChainRequest, String> {
    let mut versions = Vec::new();
    let mut migrations: Vec<(String, Migration)> = Vec::new();
    let entries = host
        .list(dir)
        .map_err(|e| format!("{dir}: cannot read: {e}"))?;
    let mut names: Vec<String> = entries.into_iter().map(|(name, _)| name).collect();
    crate::order::sort(&mut names);
    for name in names {
        let path = joined(dir, &name);
        let schema = joined(&path, "values.schema.json");
        if host.kind(&schema) == Some(Kind::File) {
            let defaults = joined(&path, "values.yaml");
            versions.push(Version {
                version: name,
                schema: read(host, &schema)?,
                chart: None,
                defaults: (host.kind(&defaults) == Some(Kind::File))
                    .then(|| read(host, &defaults))
                    .transpose()?,
                templates: None,
            });
        } else if let Some(input) = chart::chart_at(host, &path)? {
            versions.push(Version {
                version: input.version,
                schema: input.schema,
                chart: input.chart,
                defaults: input.defaults,
                templates: input.templates,
            });
        } else if name.len() > ".json".len() && name.ends_with(".json") {
            let named = read(host, &path)?;
            migrations.push((named.name.clone(), record::parse(&named.name, &named.text)?));
        }
    }
    Ok(ChainRequest {
        versions,
        migrations,
        files: Vec::new(),
        from: args.from.clone().unwrap_or_default(),
        to: args.to.clone().unwrap_or_default(),
        prefix: args.prefix.clone(),
        typing: args.spec.typing,
        schema_refs: super::schema_refs(host, &args.spec.schema_refs)?,
        allow_schema_drift: args.allow_schema_drift,
    })
}
