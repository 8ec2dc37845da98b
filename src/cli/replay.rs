//! The command line of migrations that travel (issue 15): `migrate --record`, `--render-with`,
//! `replay` (one file, layers, a chain, a fleet), and `schema --for-overrides`.

use super::{Format, print_json, read, write};
use crate::chart::ChartAt;
use crate::exit::of_status;
use crate::migrate::{MigrateReport, Refusal, RefusalKind, Status};
use crate::migrate::{Request, SourceFile};
use crate::migration::chain::{Chain, ChainReport, ChainRequest, Version};
use crate::migration::layers::{self, LayerPolicy, LayeredReport};
use crate::migration::replay::Replayer;
use crate::migration::{
    ChartBump, Migration, ReplayReport, ReplayRequest, fleet, record, render, render_gate,
};
use crate::text::{FileResult, Location};
use crate::yaml::Typing;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

/// `migrate`'s options for recording the verified plan and gating on a render.
#[derive(Args)]
pub(super) struct RecordArgs {
    /// Write the verified migration as JSON to FILE (when the status is `planned` or `unchanged`).
    #[arg(long)]
    record: Option<PathBuf>,
    /// The chart's name, recorded (a chart given as --base/--target brings its own: `--chart`,
    /// `--from` and `--to` then default to its name and versions).
    #[arg(long)]
    chart: Option<String>,
    /// The chart version moved from, recorded.
    #[arg(long)]
    from: Option<String>,
    /// The chart version moved to, recorded.
    #[arg(long)]
    to: Option<String>,
    #[command(flatten)]
    render: RenderArgs,
}

impl RecordArgs {
    /// The chart's name and versions, where not given, from the charts read as --base/--target.
    pub(super) fn default_from(&mut self, base: &[ChartAt], target: &[ChartAt]) {
        let (Some(base), Some(target)) = (base.first(), target.first()) else {
            return;
        };
        self.chart.get_or_insert_with(|| target.chart.clone());
        self.from.get_or_insert_with(|| base.version.clone());
        self.to.get_or_insert_with(|| target.version.clone());
    }
}

/// The render gate's option.
#[derive(Args)]
pub(super) struct RenderArgs {
    /// Before anything is written, run CMD with `{values}` replaced by a temporary file holding the
    /// migrated values (`helm template my-chart ./chart -f {values}`); a failure refuses.
    #[arg(long = "render-with", value_name = "CMD")]
    render_with: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PolicyArg {
    /// Refuse, naming every layer that supplies the key.
    Refuse,
    /// Edit only the winning (last) layer and report the others.
    Last,
}

/// `values-migrate replay`.
#[derive(Args)]
pub(super) struct ReplayArgs {
    /// The recorded migration (`migrate --record`); not with --chain.
    #[arg(long, required_unless_present = "chain", conflicts_with = "chain")]
    migration: Option<PathBuf>,
    /// A candidate values file (repeatable; layers with --layered); not with --repos.
    #[arg(long = "values", required_unless_present = "repos")]
    values: Vec<PathBuf>,
    /// The base chart: its values.schema.json, directory or .tgz; not with --chain.
    #[arg(long, required_unless_present = "chain")]
    base: Option<PathBuf>,
    /// The target chart: its values.schema.json, directory or .tgz; not with --chain.
    #[arg(long, required_unless_present = "chain")]
    target: Option<PathBuf>,
    /// Where the values live in the files; discovered when absent.
    #[arg(long)]
    prefix: Option<String>,
    /// The target chart's own values.yaml.
    #[arg(long)]
    defaults: Option<PathBuf>,
    /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
    #[arg(long, default_value = "helm")]
    typing: Typing,
    /// Output format.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    /// Write the files, atomically, when the status is `planned`.
    #[arg(long)]
    write: bool,
    /// Replay even when a schema's SHA-256 differs from the recording's.
    #[arg(long)]
    allow_schema_drift: bool,
    /// A directory of versions (`DIR/<version>/values.schema.json`, optional `values.yaml`) and
    /// recorded migrations (`DIR/*.json`): replay every step from --from to --to.
    #[arg(long, requires_all = ["from", "to"])]
    chain: Option<PathBuf>,
    /// The oldest version the values may be at (with --chain).
    #[arg(long)]
    from: Option<String>,
    /// The version to reach (with --chain).
    #[arg(long)]
    to: Option<String>,
    /// Repository checkouts to run over, one unit of work each (with --files).
    #[arg(long, num_args = 1.., requires = "files", conflicts_with = "values")]
    repos: Vec<PathBuf>,
    /// The values files of each repository, a glob relative to it (`deploy/**/values*.yaml`).
    #[arg(long)]
    files: Option<String>,
    /// How many repositories run at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Read the --values files as layers: merged per key, later wins, lists replaced.
    #[arg(long, conflicts_with_all = ["chain", "repos"])]
    layered: bool,
    /// With --layered, what to do when several layers supply an edited key.
    #[arg(long, value_enum, default_value = "refuse")]
    layer_policy: PolicyArg,
    #[command(flatten)]
    render: RenderArgs,
}

/// `values-migrate schema`.
#[derive(Args)]
pub(super) struct SchemaArgs {
    /// Print the schema for override files: `required` dropped, nested under --prefix.
    #[arg(long, required = true)]
    for_overrides: bool,
    /// The chart's values.schema.json.
    #[arg(long)]
    schema: PathBuf,
    /// Where the values live in the override files (`bosun.valuesObject`).
    #[arg(long)]
    prefix: Option<String>,
}

/// After `migrate`: the render gate, then the recording (only of what passed the gate).
pub(super) fn after_migrate(
    request: &Request,
    report: &mut MigrateReport,
    args: &RecordArgs,
) -> Result<(), String> {
    if let Some(command) = args.render.command()? {
        render_gate::gate(report, command, request.typing);
    }
    let Some(path) = &args.record else {
        return Ok(());
    };
    let chart = ChartBump {
        name: args.chart.clone(),
        from: args.from.clone(),
        to: args.to.clone(),
    };
    let Some(migration) = record::record(request, report, &chart) else {
        eprintln!(
            "{}: not recorded: only a planned or unchanged migration is recorded",
            path.display()
        );
        return Ok(());
    };
    let json = serde_json::to_string_pretty(&migration).map_err(|e| e.to_string())?;
    write::atomically(path, &format!("{json}\n"))
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

/// Runs `values-migrate replay`.
pub(super) fn run(args: &ReplayArgs) -> Result<i32, String> {
    args.render.command()?;
    let prepared = prepare(args)?;
    if !args.repos.is_empty() {
        return run_fleet(args, &prepared);
    }
    let files = read_files(&args.values)?;
    let (status, files_out) = one(args, &prepared, &files, &mut |o| print_result(args, o));
    if args.write && status == Status::Planned {
        write_all(&files_out)?;
    }
    Ok(of_status(status))
}

/// What a replay runs, read and compiled once (a fleet runs it on every file).
enum Prepared {
    Replay(Replayer),
    Layered(ReplayRequest, LayerPolicy),
    Chain(Chain),
}

fn prepare(args: &ReplayArgs) -> Result<Prepared, String> {
    if let Some(dir) = &args.chain {
        return Ok(Prepared::Chain(Chain::new(&chain_request(args, dir)?)));
    }
    let request = replay_request(args)?;
    Ok(if args.layered {
        let policy = match args.layer_policy {
            PolicyArg::Refuse => LayerPolicy::Refuse,
            PolicyArg::Last => LayerPolicy::Last,
        };
        Prepared::Layered(request, policy)
    } else {
        Prepared::Replay(Replayer::new(&request))
    })
}

/// One replay (plain, layered, or chain) on `files`, render-gated, given to `show`.
fn one(
    args: &ReplayArgs,
    prepared: &Prepared,
    files: &[SourceFile],
    show: &mut dyn FnMut(Outcome),
) -> (Status, Vec<FileResult>) {
    let command = args.render.render_with.as_deref();
    let prefix = args.prefix.as_deref();
    let outcome = match prepared {
        Prepared::Replay(replayer) => {
            let mut report = replayer.replay(files, prefix);
            if let Some(command) = command {
                render_gate::gate(&mut report.report, command, args.typing);
            }
            Outcome::Replay(report)
        }
        Prepared::Layered(request, policy) => {
            let request = ReplayRequest {
                files: files.to_vec(),
                ..request.clone()
            };
            let mut report = layers::replay_layered(&request, *policy);
            if let (Some(command), Some(merged)) = (command, &report.merged) {
                let values = serde_json::to_string_pretty(merged).unwrap_or_default();
                if let Err(message) = render_gate::render(command, &values) {
                    refuse_render(&mut report.replay.report, message);
                }
            }
            Outcome::Layered(report)
        }
        Prepared::Chain(chain) => {
            let mut report = chain.run(files, prefix);
            if let Some(command) = command {
                gate_chain(&mut report, command, args.typing);
            }
            Outcome::Chain(report)
        }
    };
    let out = (outcome.status(), files_of(&outcome).to_vec());
    show(outcome);
    out
}

/// The render gate on a chain's result: the last step holds the final text.
fn gate_chain(report: &mut ChainReport, command: &str, typing: crate::yaml::Typing) {
    let last = report.steps.last().map(|s| &s.result.report);
    let values = last.and_then(|last| render_gate::migrated_values(last, typing));
    if let (Status::Planned, Some(values)) = (report.status, values) {
        if let Err(message) = render_gate::render(command, &values) {
            report.status = Status::Refused;
            report.refusals.push(Refusal {
                kind: RefusalKind::RenderFailed,
                path: crate::ValuePath::root(),
                message,
                at: Location::default(),
            });
        }
    }
}

fn refuse_render(report: &mut MigrateReport, message: String) {
    report.status = Status::Refused;
    report.refusals.push(Refusal {
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

fn print_result(args: &ReplayArgs, outcome: Outcome) {
    match args.format {
        Format::Json => print_json(&outcome.to_json()),
        Format::Diff => files_of(&outcome).iter().for_each(|f| print!("{}", f.diff)),
        Format::Text => print!("{}", text(&outcome)),
    }
}

fn files_of(outcome: &Outcome) -> &[FileResult] {
    match outcome {
        Outcome::Replay(r) => &r.report.files,
        Outcome::Layered(r) => &r.replay.report.files,
        Outcome::Chain(r) => &r.files,
    }
}

/// A readable summary, rendered by the library (the Node CLI prints the same).
fn text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Replay(r) => render::replay_text(r),
        Outcome::Layered(r) => render::layered_text(r),
        Outcome::Chain(r) => render::chain_text(r),
    }
}

fn replay_request(args: &ReplayArgs) -> Result<ReplayRequest, String> {
    let (Some(migration), Some(base), Some(target)) = (&args.migration, &args.base, &args.target)
    else {
        return Err("replay needs --migration, --base and --target (or --chain)".to_string());
    };
    let migration = read(migration)?;
    let base = crate::chart::Input::from_path(base)?;
    let target = crate::chart::Input::from_path(target)?;
    let defaults = args.defaults.as_deref().map(read).transpose()?;
    Ok(ReplayRequest {
        migration: record::parse(&migration.name, &migration.text)?,
        files: Vec::new(),
        base_schema: base.schema,
        target_schema: target.schema,
        prefix: args.prefix.clone(),
        defaults: defaults.or(target.defaults),
        typing: args.typing,
        allow_schema_drift: args.allow_schema_drift,
    })
}

/// Reads a chain directory: `<version>/values.schema.json` (and `values.yaml`), chart directories
/// and archives (by their Chart.yaml version), and `*.json` recordings.
fn chain_request(args: &ReplayArgs, dir: &Path) -> Result<ChainRequest, String> {
    let mut versions = Vec::new();
    let mut migrations: Vec<(String, Migration)> = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    crate::order::sort(&mut paths);
    for path in paths {
        let schema = path.join("values.schema.json");
        if schema.is_file() {
            let defaults = path.join("values.yaml");
            versions.push(Version {
                version: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                schema: read(&schema)?,
                defaults: defaults.is_file().then(|| read(&defaults)).transpose()?,
            });
        } else if let Some(input) = crate::chart::Input::chart_at(&path)? {
            versions.push(Version {
                version: input.version,
                schema: input.schema,
                defaults: input.defaults,
            });
        } else if path.extension().is_some_and(|e| e == "json") {
            let named = read(&path)?;
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
        typing: args.typing,
        allow_schema_drift: args.allow_schema_drift,
    })
}

/// Every repository is one unit of work: each matched file replayed (and written) on its own.
fn run_fleet(args: &ReplayArgs, prepared: &Prepared) -> Result<i32, String> {
    let glob = args.files.clone().unwrap_or_default();
    let report = fleet::run(&args.repos, &glob, args.jobs, |repo, relative| {
        let path = repo.join(relative);
        let outcome = read_files(std::slice::from_ref(&path)).and_then(|files| {
            let mut shown = serde_json::Value::Null;
            let (status, files) = one(args, prepared, &files, &mut |o| shown = o.to_json());
            if args.write && status == Status::Planned {
                write_all(&files)?;
            }
            Ok((status, shown))
        });
        let (status, result) = outcome.unwrap_or_else(|message| {
            (Status::Invalid, serde_json::json!({"status": "invalid", "errors": [{"file": path.display().to_string(), "message": message}]}))
        });
        fleet::FileOutcome {
            path: relative.to_string(),
            status,
            result,
        }
    });
    match args.format {
        Format::Json => print_json(&report),
        Format::Diff => print!("{}", render::fleet_diff(&report)),
        Format::Text => print!("{}", render::fleet_text(&report)),
    }
    Ok(report
        .repositories
        .iter()
        .map(|r| of_status(r.status))
        .max()
        .unwrap_or(0))
}

/// Prints the override schema.
pub(super) fn schema(args: &SchemaArgs) -> Result<i32, String> {
    debug_assert!(args.for_overrides);
    let input = read(&args.schema)?;
    let document: serde_json::Value = serde_json::from_str(&input.text)
        .map_err(|e| format!("{}:{}:{}: {e}", input.name, e.line(), e.column()))?;
    let prefix = crate::ValuePath::parse(args.prefix.as_deref().unwrap_or(""))
        .map_err(|e| format!("--prefix: {e}"))?;
    let out = crate::migration::overrides::for_overrides(&document, &prefix)?;
    print_json(&out);
    Ok(0)
}

fn read_files(paths: &[PathBuf]) -> Result<Vec<SourceFile>, String> {
    paths
        .iter()
        .map(|p| {
            read(p).map(|n| SourceFile {
                path: n.name,
                text: n.text,
            })
        })
        .collect()
}

fn write_all(files: &[FileResult]) -> Result<(), String> {
    files
        .iter()
        .filter(|f| f.changed)
        .try_for_each(|f| write::atomically(Path::new(&f.path), &f.after))
}
