//! The command line's arguments, defined once: the native CLI and the package's Node CLI both parse
//! with these (a flag added here reaches both).

use crate::yaml::Typing;
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};

/// What `--version` prints after the name: the version, and which Helm the schema verdicts match.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (schema verdicts as Helm 3.18.5+ and 4 give them)"
);

/// The whole command line.
#[derive(Parser)]
#[command(
    name = "values-migrate",
    version = VERSION,
    about = "Repairs a Helm chart's values after a chart bump, and proves the repair."
)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `--format` of `diagnose`, `migrate` and `replay`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// One JSON object (docs/contract.md).
    Json,
    /// Only the unified diffs.
    Diff,
    /// A readable summary.
    Text,
}

/// `--format` of `patch`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum PatchFormat {
    /// One JSON object (docs/contract.md).
    Json,
    /// Only the unified diff; a refusal goes to stderr as `file:line:column: reason`.
    Diff,
}

/// `patch`'s target and edit.
#[derive(Args)]
pub(super) struct PatchArgs {
    /// The manifest file.
    #[arg(long, value_hint = ValueHint::FilePath)]
    pub file: String,
    /// The object's apiVersion (`apps/v1`).
    #[arg(long = "api-version")]
    pub api_version: String,
    /// The object's kind (`Deployment`).
    #[arg(long)]
    pub kind: String,
    /// The object's namespace; when absent, only a document without one (or with an empty one) matches.
    #[arg(long)]
    pub namespace: Option<String>,
    /// The object's name.
    #[arg(long)]
    pub name: String,
    /// The container whose field is patched; without it, `--field` is relative to the document root.
    #[arg(long)]
    pub container: Option<String>,
    /// The field, as a value path (`resources.limits.memory`, `spec.maxReplicaCount`).
    #[arg(long)]
    pub field: String,
    /// The value the file must hold now, compared by value (`256Mi` equals `268435456`).
    #[arg(long, allow_hyphen_values = true)]
    pub from: String,
    /// The new value, written in its canonical form.
    #[arg(long, allow_hyphen_values = true)]
    pub to: String,
}

/// `--typing`'s parser: the names [`Typing`] reads, listed so that help and the MCP tools show them.
fn typing() -> impl clap::builder::TypedValueParser<Value = Typing> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Typing::NAMES).try_map(|name| name.parse::<Typing>())
}

/// What every command that compiles a chart takes beside the chart itself: its defaults, the
/// documents its `$ref`s name, typing. Declared once; the MCP tools' inputs are built from it.
#[derive(Args)]
pub(super) struct ChartArgs {
    /// The chart's own values.yaml (for a bump, the target chart's; a chart given brings its own).
    #[arg(long, value_hint = ValueHint::FilePath)]
    pub defaults: Option<String>,
    /// A document a schema's `$ref` names at URL, read from FILE: URL=FILE (repeatable; Helm
    /// fetches it, values-migrate never does).
    #[arg(long = "schema-ref", value_name = "URL=FILE")]
    pub schema_refs: Vec<String>,
    /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
    #[arg(long, default_value = "helm", value_parser = typing())]
    pub typing: Typing,
}

/// The two charts of a bump and what they share: the flags that name a session's spec.
#[derive(Args)]
pub(super) struct SpecArgs {
    /// The base chart (the version moved from): its values.schema.json, its directory or its .tgz.
    #[arg(long, value_hint = ValueHint::AnyPath)]
    pub base: String,
    /// The target chart (the version moved to): its values.schema.json, its directory or its .tgz.
    #[arg(long, value_hint = ValueHint::AnyPath)]
    pub target: String,
    #[command(flatten)]
    pub chart: ChartArgs,
}

/// The inputs `diagnose` and `migrate` share.
#[derive(Args)]
pub(super) struct MigrateArgs {
    /// A candidate file holding the old values (repeatable, in order).
    #[arg(long = "values", required = true, value_hint = ValueHint::FilePath)]
    pub values: Vec<String>,
    #[command(flatten)]
    pub spec: SpecArgs,
    /// Where the values live in the file (`bosun.valuesObject`); discovered when absent.
    #[arg(long)]
    pub prefix: Option<String>,
    /// A person's value for an escalated key: PATH=VALUE, VALUE read as YAML (repeatable).
    #[arg(long = "answer")]
    pub answers: Vec<String>,
}

/// The commands.
#[derive(Subcommand)]
pub(super) enum Command {
    /// Prints a YAML file's documents as a JSON array, one element per document.
    Decode {
        /// The YAML file to read.
        file: String,
        /// How scalars are typed: `helm` (YAML 1.1 words: yes/no/on/off are booleans) or `yaml-1.2`.
        #[arg(long, default_value = "helm", value_parser = typing())]
        typing: Typing,
    },
    /// Validates values (coalesced with the chart's defaults) against a schema, as Helm does.
    Validate(ValidateArgs),
    /// Diagnoses old values against both schemas: displaced values, required keys, escalations.
    Diagnose {
        #[command(flatten)]
        args: MigrateArgs,
        /// Output format (json or text).
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Print the proposal to start from instead: the values at the prefix as YAML, each
        /// displaced key marked by comments saying why the target rejects it and what it declares
        /// next to it (when the values are not located, the diagnosis in `--format`).
        #[arg(long)]
        start_proposal: bool,
    },
    /// Judges a proposal, derives the plan, splices it into the original text and verifies it.
    Migrate {
        #[command(flatten)]
        args: MigrateArgs,
        /// The migrated values document (YAML or JSON), rooted at the values root.
        #[arg(long, required_unless_present = "propose_with")]
        proposal: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Write the files, atomically, when the status is `planned`.
        #[arg(long)]
        write: bool,
        #[command(flatten)]
        travel: RecordArgs,
        #[command(flatten)]
        propose: ProposeArgs,
    },
    /// Replays a recorded migration on other values files (or a chain of them, or a fleet).
    Replay(Box<ReplayArgs>),
    /// Prints a schema for override files (`--for-overrides`).
    Schema(SchemaArgs),
    /// Renders a chart's templates as Helm 4's `helm template` does (text: its stream; json:
    /// every file, the masked spans, the refusals and the error).
    Render(RenderChartArgs),
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
    /// Serves the tools (diagnose, migrate, validate, patch_manifest, replay, render) to an AI assistant
    /// over MCP (stdio): in the npm package's CLI (`npx values-migrate mcp`).
    Mcp {
        /// The directory paths resolve inside (default: the working directory).
        #[arg(long)]
        root: Option<String>,
    },
}

/// `--format` of `render`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum RenderFormat {
    /// What `helm template` prints.
    Text,
    /// One JSON object: files, masked spans, refusals, error.
    Json,
}

/// `values-migrate render`.
#[derive(Args)]
pub(super) struct RenderChartArgs {
    /// The chart: its directory or its .tgz.
    #[arg(long, value_hint = ValueHint::AnyPath)]
    pub chart: String,
    /// A values file (repeatable: merged in order, as Helm's `-f`).
    #[arg(long = "values", value_hint = ValueHint::FilePath)]
    pub values: Vec<String>,
    /// A value as Helm's `--set` reads it: KEY=VALUE (repeatable, after the files).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// The release name (default `release-name`, as `helm template`).
    #[arg(long)]
    pub release: Option<String>,
    /// The release namespace (default `default`).
    #[arg(long)]
    pub namespace: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: RenderFormat,
}

/// `values-migrate validate`.
#[derive(Args)]
pub(super) struct ValidateArgs {
    /// A values file (repeatable: the schema is compiled once for all of them).
    #[arg(long = "values", required = true, value_hint = ValueHint::FilePath)]
    pub values: Vec<String>,
    /// Where the values live in the file.
    #[arg(long)]
    pub prefix: Option<String>,
    /// The values.schema.json (or a chart's directory or .tgz).
    #[arg(long, required_unless_present = "chart", conflicts_with = "chart", value_hint = ValueHint::AnyPath)]
    pub schema: Option<String>,
    /// The chart (its directory or its .tgz): every chart of its tree validated as Helm does.
    #[arg(long, value_hint = ValueHint::AnyPath)]
    pub chart: Option<String>,
    #[command(flatten)]
    pub spec: ChartArgs,
}

/// `migrate`'s options for recording the verified plan and gating on a render.
#[derive(Args)]
pub(super) struct RecordArgs {
    /// Write the verified migration as JSON to FILE (when the status is `planned` or `unchanged`).
    #[arg(long)]
    pub record: Option<String>,
    /// The chart's name, recorded (a chart given as --base/--target brings its own: `--chart`,
    /// `--from` and `--to` then default to its name and versions).
    #[arg(long)]
    pub chart: Option<String>,
    /// The chart version moved from, recorded.
    #[arg(long)]
    pub from: Option<String>,
    /// The chart version moved to, recorded.
    #[arg(long)]
    pub to: Option<String>,
    #[command(flatten)]
    pub render: RenderArgs,
}

/// The render gate's option.
#[derive(Args)]
pub(super) struct RenderArgs {
    /// Before anything is written, run CMD with `{values}` replaced by a temporary file holding the
    /// migrated values (`helm template my-chart ./chart -f {values}`); a failure refuses.
    #[arg(long = "render-with", value_name = "CMD")]
    pub render_with: Option<String>,
}

/// `--layer-policy`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum PolicyArg {
    /// Refuse, naming every layer that supplies the key.
    Refuse,
    /// Edit only the winning (last) layer and report the others.
    Last,
}

/// `values-migrate replay`.
#[derive(Args)]
pub(super) struct ReplayArgs {
    /// The recorded migration (`migrate --record`); not with --chain.
    #[arg(long, required_unless_present = "chain", conflicts_with = "chain", value_hint = ValueHint::FilePath)]
    pub migration: Option<String>,
    /// A candidate values file (repeatable; layers with --layered); not with --repos.
    #[arg(long = "values", required_unless_present = "repos", value_hint = ValueHint::FilePath)]
    pub values: Vec<String>,
    /// The base chart: its values.schema.json, directory or .tgz; not with --chain.
    #[arg(long, required_unless_present = "chain", value_hint = ValueHint::AnyPath)]
    pub base: Option<String>,
    /// The target chart: its values.schema.json, directory or .tgz; not with --chain.
    #[arg(long, required_unless_present = "chain", value_hint = ValueHint::AnyPath)]
    pub target: Option<String>,
    /// Where the values live in the files; discovered when absent.
    #[arg(long)]
    pub prefix: Option<String>,
    #[command(flatten)]
    pub spec: ChartArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "json")]
    pub format: Format,
    /// Write the files, atomically, when the status is `planned`.
    #[arg(long)]
    pub write: bool,
    /// Replay even when a schema's SHA-256 differs from the recording's.
    #[arg(long)]
    pub allow_schema_drift: bool,
    /// A directory of versions (`DIR/<version>/values.schema.json`, optional `values.yaml`) and
    /// recorded migrations (`DIR/*.json`): replay every step from --from to --to.
    #[arg(long, requires_all = ["from", "to"])]
    pub chain: Option<String>,
    /// The oldest version the values may be at (with --chain).
    #[arg(long)]
    pub from: Option<String>,
    /// The version to reach (with --chain).
    #[arg(long)]
    pub to: Option<String>,
    /// Repository checkouts to run over, one unit of work each (with --files).
    #[arg(long, num_args = 1.., requires = "files", conflicts_with = "values")]
    pub repos: Vec<String>,
    /// The values files of each repository, a glob relative to it (`deploy/**/values*.yaml`).
    #[arg(long)]
    pub files: Option<String>,
    /// How many repositories run at once.
    #[cfg_attr(
        target_arch = "wasm32",
        arg(
            help = "How many repositories run at once (in Node: accepted, and the repositories run one after another)"
        )
    )]
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Read the --values files as layers: merged per key, later wins, lists replaced.
    #[arg(long, conflicts_with_all = ["chain", "repos"])]
    pub layered: bool,
    /// With --layered, what to do when several layers supply an edited key.
    #[arg(long, value_enum, default_value = "refuse")]
    pub layer_policy: PolicyArg,
    #[command(flatten)]
    pub render: RenderArgs,
}

/// `values-migrate schema`.
#[derive(Args)]
pub(super) struct SchemaArgs {
    /// Print the schema for override files: `required` dropped, nested under --prefix.
    #[arg(long, required = true)]
    pub for_overrides: bool,
    /// The chart's values.schema.json.
    #[arg(long)]
    pub schema: String,
    /// Where the values live in the override files (`bosun.valuesObject`).
    #[arg(long)]
    pub prefix: Option<String>,
}

/// What the proposal writer reads on its stdin.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Brief {
    /// Plain text.
    Text,
    /// One JSON object (`attempt`, `prompt`, `diagnosis`, `previous`, …).
    Json,
}

/// `migrate --propose-with`: the writer and its loop.
#[derive(Args)]
pub(super) struct ProposeArgs {
    /// A command that writes the proposal (run by `sh -c`): the brief on its stdin, the proposal on its stdout.
    #[arg(long = "propose-with", value_name = "CMD", conflicts_with = "proposal")]
    pub propose_with: Option<String>,
    /// How many proposals to ask for: each refusal goes back to the writer on the next attempt.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100), requires = "propose_with")]
    pub attempts: u32,
    /// Seconds the writer may take per attempt; then it is killed, with its process group.
    #[arg(long = "propose-timeout", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..), requires = "propose_with")]
    pub propose_timeout: u64,
    /// What the writer reads: `text` or `json`.
    #[arg(
        long = "brief-format",
        value_enum,
        default_value = "text",
        requires = "propose_with"
    )]
    pub brief_format: Brief,
}

/// One flag of a command as clap declares it: what the MCP tools' inputs are built from.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Flag {
    /// The field it fills, camelCased (`schemaRefs`).
    pub name: String,
    /// The flag itself (`--schema-ref`).
    pub flag: String,
    /// Its help text.
    pub help: String,
    /// Whether its value is a path (a file, a directory or an archive).
    pub path: bool,
    /// What its value is called (`URL=FILE`), when it names one.
    pub value_name: Option<String>,
    /// Whether it may be given more than once.
    pub repeatable: bool,
    /// Whether it is a switch, taking no value.
    pub switch: bool,
    /// Whether it must be given.
    pub required: bool,
    /// The values it accepts, when they are a closed set.
    pub choices: Vec<String>,
}

/// The flags of the command `name` (`diagnose`, `validate`, …), as declared above; `None` when
/// there is no such command.
pub fn flags(name: &str) -> Option<Vec<Flag>> {
    use clap::{ArgAction, CommandFactory};
    let command = Cli::command();
    let command = command.find_subcommand(name)?;
    let flags = command.get_arguments().filter_map(|arg| {
        let flag = arg.get_long()?;
        let action = arg.get_action();
        Some(Flag {
            name: camel(arg.get_id().as_str()),
            flag: format!("--{flag}"),
            help: arg.get_help().map(|h| h.to_string()).unwrap_or_default(),
            path: matches!(
                arg.get_value_hint(),
                ValueHint::FilePath | ValueHint::AnyPath
            ),
            value_name: (arg.get_value_names()).and_then(|n| n.first().map(|n| n.to_string())),
            repeatable: matches!(action, ArgAction::Append),
            switch: matches!(action, ArgAction::SetTrue),
            required: arg.is_required_set(),
            choices: (arg
                .get_value_parser()
                .possible_values()
                .into_iter()
                .flatten())
            .map(|v| v.get_name().to_string())
            .collect(),
        })
    });
    Some(flags.filter(|f| f.flag != "--help").collect())
}

/// `schema_refs` as `schemaRefs`.
fn camel(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    let mut upper = false;
    for c in id.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::flags;

    /// The flags a command declares, by name.
    fn names(command: &str) -> Vec<String> {
        flags(command)
            .unwrap()
            .into_iter()
            .map(|f| f.name)
            .collect()
    }

    #[test]
    fn every_command_that_compiles_a_chart_takes_the_chart_flags_declared_once() {
        for command in ["diagnose", "migrate", "replay", "validate"] {
            let names = names(command);
            for shared in ["defaults", "schemaRefs", "typing"] {
                assert!(names.iter().any(|n| n == shared), "{command}: {shared}");
            }
        }
        for command in ["diagnose", "migrate", "replay"] {
            let names = names(command);
            assert!(names.iter().any(|n| n == "base") && names.iter().any(|n| n == "target"));
        }
        assert!(flags("nothing").is_none());
    }

    #[test]
    fn a_flag_says_what_its_value_is() {
        let diagnose = flags("diagnose").unwrap();
        let by = |name: &str| diagnose.iter().find(|f| f.name == name).unwrap();
        let refs = by("schemaRefs");
        assert_eq!(refs.flag, "--schema-ref");
        assert_eq!(refs.value_name.as_deref(), Some("URL=FILE"));
        assert!(refs.repeatable && !refs.path && !refs.required);
        assert!(by("base").path && by("base").required && by("values").repeatable);
        assert_eq!(by("typing").choices, ["helm", "yaml-1.2"]);
        assert!(by("startProposal").switch && !by("prefix").path);
        assert!(by("defaults").help.contains("values.yaml"));
    }
}
