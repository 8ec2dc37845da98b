// Generated from the Rust types by ts-rs (src/types.rs); do not edit: run
// `UPDATE_TYPES=1 cargo test --features types --test generated_types`.

/**
 * What `migrate` and `diagnose` return (docs/contract.md).
 */
export type MigrateResult = {
/**
 * The outcome.
 */
status: Status,
/**
 * Where the values are in their file, or `null` when not located.
 */
prefix: string | null,
/**
 * The file that holds the values, or `null`.
 */
valuesFile: string | null,
/**
 * Which document of that file (0-based), or `null`.
 */
valuesDocument: number | null,
/**
 * How many documents of that file Helm's `-f` merges into the values, when the values are
 * the file's documents merged (then `valuesDocument` is 0); absent otherwise.
 */
mergedDocuments?: number,
/**
 * What kind of document holds the values (an Argo CD Application, a Flux HelmRelease, a
 * YAML string in one, …); absent when the values were not located.
 */
valuesIn?: ValuesHome,
/**
 * Values the target schema rejects where they are.
 */
displaced: Array<Displaced>,
/**
 * Newly required keys whose value the target schema dictates.
 */
derivable: Array<Derivable>,
/**
 * Newly required keys a person must decide.
 */
escalations: Array<Escalation>,
/**
 * What stopped the plan.
 */
refusals: Array<Refusal>,
/**
 * Inputs that could not be read.
 */
errors: Array<Diagnostic>,
/**
 * The plan.
 */
ops: Array<Op>,
/**
 * Original values removed without being carried anywhere.
 */
notCarried: Array<NotCarried>,
/**
 * Comment lines left next to removed or moved keys.
 */
keptComments: Array<KeptComment>,
/**
 * The edited files.
 */
files: Array<FileResult>,
/**
 * What the chart bump changed in the schema.
 */
changelog: Array<Change>,
/**
 * Markdown for the pull request.
 */
comment: string,
/**
 * What a proposal must fix, in plain text (`migrate` gives it too, so one call says all);
 * `null` when the values were not located or could not be read.
 */
brief: string | null,
/**
 * What `helm install` would print for the proposal against the target chart (the chart's
 * name, then `- at '<pointer>': <message>` lines, causes indented), when the target schema
 * refuses it; absent otherwise.
 */
helm?: string,
/**
 * For a chart tree: each chart's share of the findings and changes (docs/charts.md);
 * absent for a lone chart or schema files.
 */
charts?: Array<ChartFindings>,
/**
 * What the bump does to the rendered manifests: a verdict per op and per value left out,
 * and the manifest diff (docs/behaviour.md); present only when both charts are given as
 * charts (not bare schemas).
 */
behaviour?: BehaviourReport,
};

/**
 * The outcome of `migrate` or `diagnose` (docs/contract.md `status`).
 */
export type Status = "planned" | "unchanged" | "refused" | "escalated" | "invalid" | "needs-proposal";

/**
 * One of the user's values that the target schema refuses at its path (ADR 13): a key the
 * target does not allow there, or a value whose type, enum, const or pattern it refuses.
 */
export type Displaced = {
/**
 * Where the value is in the user's values.
 */
path: string,
/**
 * The user's value, whole: a displaced mapping or list is one displaced value.
 */
value: unknown,
/**
 * Why the target refuses it.
 */
reason: string,
/**
 * Whether the base schema accepted this value at this path.
 */
baseAccepts: boolean,
/**
 * What displaced it: the target schema refuses it, or no template of the target chart reads it.
 */
by: DisplacedBy,
/**
 * Where the base chart's templates read it (`argo-cd/templates/x.yaml:42`), when `by` is
 * `templates` (or `chart`, when the base read it).
 */
readBefore?: string,
};

/**
 * What displaced a value.
 */
export type DisplacedBy = "schema" | "templates" | "chart";

/**
 * A missing required key whose value the target schema dictates.
 */
export type Derivable = {
/**
 * The missing key's path.
 */
path: string,
/**
 * The value to set.
 */
value: unknown,
/**
 * Where the value comes from.
 */
source: Source,
};

/**
 * Where a schema-derived value comes from.
 */
export type Source = "default" | "const" | "enum";

/**
 * A missing required key that needs a person: the schema dictates no value for it.
 */
export type Escalation = {
/**
 * The missing key's path.
 */
path: string,
/**
 * Why no value can be derived.
 */
message: string,
};

/**
 * A refusal: what stopped the plan, where, and why.
 */
export type Refusal = {
/**
 * Which refusal.
 */
kind: RefusalKind,
/**
 * The value path it is about, relative to the prefix, or `""`.
 */
path: string,
/**
 * What is wrong, for a person.
 */
message: string,
/**
 * The file, as the caller named it, or `null`.
 */
file: string | null,
/**
 * The 1-based line, or `null`.
 */
line: number | null,
/**
 * The 1-based column in characters, or `null`.
 */
column: number | null,
/**
 * The 1-based column in UTF-16 code units (what browser editors count), or `null`.
 */
utf16Column: number | null,
};

/**
 * Which refusal stopped a migration or a patch (docs/contract.md `refusals[].kind`).
 */
export type RefusalKind = "survival" | "schema" | "provenance" | "non-scalar-move" | "flow-collection" | "anchor-or-alias" | "merge-key" | "tag" | "duplicate-key" | "block-scalar" | "prefix-ambiguous" | "prefix-not-found" | "ambiguous-move" | "verify-failed" | "indentation" | "schema-drift" | "render-failed" | "layer-conflict" | "chart-defaults" | "unread-by-target" | "values-string";

/**
 * The document that holds the values, for a person to recognise (docs/contract.md `valuesIn`).
 */
export type ValuesHome = {
/**
 * What kind of document it is.
 */
kind: HomeKind,
/**
 * Its name: a manifest's `metadata.name`, a helmfile release's or a kustomization chart's `name`.
 */
name: string | null,
/**
 * How the values are written when they are a YAML document inside a string (`literal` for
 * `|` text, `double-quoted`); `null` when they are the file's own YAML.
 */
string: string | null,
/**
 * For a ConfigMap or Secret: the Flux HelmRelease among the files whose `valuesFrom` names
 * it and this key (`HelmRelease bosun`), or `null`.
 */
readBy: string | null,
};

/**
 * The kinds of document that hold values.
 */
export type HomeKind = "values-file" | "nested" | "argo-cd-application" | "argo-cd-application-set" | "flux-helm-release" | "config-map" | "secret" | "kustomization" | "helmfile" | "manifest";

/**
 * A chart tree's templates, as a chart archive or directory gives them.
 */
export type Templates = {
/**
 * The root chart's name.
 */
chart: string,
/**
 * The root chart's version.
 */
version: string,
/**
 * Every chart of the tree, the root first.
 */
charts: Array<ChartInfo>,
/**
 * Every template file, in path order.
 */
files: Array<TemplateFile>,
};

/**
 * One chart of a tree, as the analysis needs it.
 */
export type ChartInfo = {
/**
 * Its name in the tree (its alias, if it has one).
 */
name: string,
/**
 * The keys from the values root to its values (empty for the root chart).
 */
valuesPath: Array<string>,
/**
 * Its parent chart's index (`null` for the root chart).
 */
parent: number | null,
/**
 * Its directory as Helm names templates (`argo-cd/charts/redis-ha`): `.Template.BasePath`
 * is this and `/templates`.
 */
dir: string,
/**
 * The values Helm itself reads for it: its dependency's `condition` paths and `tags.*`, as keys.
 */
gates: Array<Array<string>>,
};

/**
 * One template file of a chart tree.
 */
export type TemplateFile = {
/**
 * Its path as Helm names it (`argo-cd/templates/argocd-server/deployment.yaml`).
 */
name: string,
/**
 * The index of its chart in [`Templates::charts`].
 */
chart: number,
/**
 * Its text.
 */
text: string,
};

/**
 * Where a result points: a file and, when it has one, a position in it (flattened into results).
 */
export type Location = {
/**
 * The file, as the caller named it, or `null`.
 */
file: string | null,
/**
 * The 1-based line, or `null`.
 */
line: number | null,
/**
 * The 1-based column in characters, or `null`.
 */
column: number | null,
/**
 * The 1-based column in UTF-16 code units (what browser editors count), or `null`.
 */
utf16Column: number | null,
};

/**
 * A located problem with an input: which file, where, and what.
 */
export type Diagnostic = {
/**
 * What is wrong, for a person.
 */
message: string,
/**
 * The file, as the caller named it, or `null`.
 */
file: string | null,
/**
 * The 1-based line, or `null`.
 */
line: number | null,
/**
 * The 1-based column in characters, or `null`.
 */
column: number | null,
/**
 * The 1-based column in UTF-16 code units (what browser editors count), or `null`.
 */
utf16Column: number | null,
};

/**
 * One operation of a plan.
 */
export type Op = { "op": "remove",
/**
 * The key's path.
 */
path: string, } | { "op": "rename",
/**
 * Where it was.
 */
from: string,
/**
 * Where it goes.
 */
to: string,
/**
 * Which rule chose this source, so a reviewer can check it.
 */
reason: string, } | { "op": "set",
/**
 * The key's path.
 */
path: string,
/**
 * The value.
 */
value: unknown,
/**
 * Where the value comes from.
 */
source: SetSource,
};

/**
 * Where a `set` operation's value comes from.
 */
export type SetSource = "default" | "const" | "enum" | "answer" | "original" | "empty";

/**
 * An original value the plan removes without carrying it anywhere.
 */
export type NotCarried = {
/**
 * Where it was.
 */
path: string,
/**
 * What it was.
 */
value: unknown,
/**
 * Keys the target gained beside it, of its type, at a close name (a hint, never applied).
 */
near: Array<string>,
/**
 * The hint in words, or `null` when `near` is empty.
 */
hint: string | null,
};

/**
 * A comment line left in place next to a key the plan removed or moved.
 */
export type KeptComment = {
/**
 * The key it stood above, relative to the prefix.
 */
path: string,
/**
 * The file.
 */
file: string,
/**
 * Its 1-based line in the original file.
 */
line: number,
/**
 * The comment text.
 */
text: string,
};

/**
 * One file of a result: its text before and after, and the unified diff.
 */
export type FileResult = {
/**
 * The file's name as given.
 */
path: string,
/**
 * Whether the text changes.
 */
changed: boolean,
/**
 * The original text.
 */
before: string,
/**
 * The new text (equal to `before` when unchanged).
 */
after: string,
/**
 * The unified diff; empty when unchanged.
 */
diff: string,
};

/**
 * One change between the base and the target schema.
 */
export type Change = {
/**
 * The shape path: `<name>` for every key of an `additionalProperties` map, `*` for a
 * `patternProperties` map, `[*]` for list items.
 */
path: string, } & ({ "kind": "removed",
/**
 * Whether the target refuses the key (its parent is closed), rather than just not declaring it.
 */
rejected: boolean,
/**
 * How many declared paths the base has below it.
 */
below: number, } | { "kind": "added",
/**
 * How many declared paths the target has below it.
 */
below: number, } | { "kind": "newly-required" } | { "kind": "type-changed",
/**
 * The base's types.
 */
from: Array<string>,
/**
 * The target's types.
 */
to: Array<string>, } | { "kind": "enum-narrowed",
/**
 * Members the base allowed and the target does not (all values, when the base had no enum).
 */
removed: unknown[],
/**
 * The target's members.
 */
allowed: unknown[], } | { "kind": "closed" });

/**
 * What kind of change one entry records.
 */
export type ChangeKind = { "kind": "removed",
/**
 * Whether the target refuses the key (its parent is closed), rather than just not declaring it.
 */
rejected: boolean,
/**
 * How many declared paths the base has below it.
 */
below: number, } | { "kind": "added",
/**
 * How many declared paths the target has below it.
 */
below: number, } | { "kind": "newly-required" } | { "kind": "type-changed",
/**
 * The base's types.
 */
from: Array<string>,
/**
 * The target's types.
 */
to: Array<string>, } | { "kind": "enum-narrowed",
/**
 * Members the base allowed and the target does not (all values, when the base had no enum).
 */
removed: unknown[],
/**
 * The target's members.
 */
allowed: unknown[], } | { "kind": "closed" };

/**
 * One chart of a chart tree and the findings and changes that touch its values.
 */
export type ChartFindings = {
/**
 * The chart as Helm names it (its alias, if it has one).
 */
name: string,
/**
 * Its Chart.yaml name.
 */
chart: string,
/**
 * Its version in the base chart tree, or `null` when it is not in it.
 */
from: string | null,
/**
 * Its version in the target chart tree, or `null` when it is not in it.
 */
to: string | null,
/**
 * Where its values are, from the values root (`""` for the root chart).
 */
valuesPath: string,
/**
 * Each finding and change, in report order.
 */
findings: Array<ChartFinding>,
};

/**
 * One finding or change, named by kind and path.
 */
export type ChartFinding = {
/**
 * `displaced`, `derivable`, `escalation`, `refusal`, `op` or `not-carried`.
 */
kind: "displaced" | "derivable" | "escalation" | "refusal" | "op" | "not-carried",
/**
 * The value path it is about.
 */
path: string,
/**
 * The finding in the comment's words.
 */
text: string,
};

/**
 * The verdicts and the diff, or why there are none.
 */
export type BehaviourReport = {
/**
 * A verdict per op of the plan and per value left out (per displaced value for `diagnose`).
 */
values: Array<ValueBehaviour>,
/**
 * The manifest diff.
 */
manifests: ManifestDiff,
/**
 * Why the verdicts could not be given (a chart that does not render), or `null`; the
 * static analysis stands.
 */
unrendered: string | null,
};

/**
 * One value's verdict.
 */
export type ValueBehaviour = {
/**
 * The original value's path, as an op's `from` or `path` spells it.
 */
path: string,
/**
 * Where the migrated values hold it (a rename's `to`; the path itself otherwise), or
 * `null` when the plan removes it.
 */
to: string | null,
/**
 * What became of its effect.
 */
verdict: Verdict,
/**
 * Where the base chart renders it with the original values.
 */
before: Array<Site>,
/**
 * Where the target chart renders it with the migrated values.
 */
after: Array<Site>,
};

/**
 * What became of a value's effect on the manifests.
 */
export type Verdict = "preserved" | "relocated" | "changed" | "lost" | "new-effect" | "inert";

/**
 * A place in the rendered manifests: a field of an object.
 */
export type Site = {
/**
 * The template that rendered it (`argo-cd/templates/argocd-configs/argocd-cm.yaml`).
 */
file: string,
/**
 * The object: `Kind.group/namespace/name` as the manifest diff names it (`ConfigMap/argocd-cm`).
 */
object: string,
/**
 * The field inside the object, list items named by their `name`
 * (`spec.template.spec.containers[name=server].args[3]`; `""` for the whole object).
 */
field: string,
/**
 * What the field holds, in short (a scalar's text, else compact JSON cut at 120 bytes).
 */
text: string,
/**
 * Whether the value only decides whether the field is written (an `if`, `with` or `range`
 * around it), rather than making its text.
 */
control: boolean,
};

/**
 * The manifests of the bump, object by object.
 */
export type ManifestDiff = {
/**
 * The renders behind it.
 */
renders: Array<RenderNote>,
/**
 * The chart and version labels that change on every object, folded into one line
 * (`helm.sh/chart: argo-cd-5.55.0 → argo-cd-6.0.0 on 31 objects`), or `null`.
 */
churn: string | null,
/**
 * How many objects render the same.
 */
unchanged: number,
/**
 * Each object that differs, in the target's order (removed ones last).
 */
objects: Array<ObjectDiff>,
};

/**
 * One of the three renders and how it went.
 */
export type RenderNote = {
/**
 * `base` (base chart, original values), `target` (target chart, migrated values) or
 * `target-original` (target chart, original values).
 */
render: string,
/**
 * How many objects it rendered.
 */
objects: number,
/**
 * Why it did not render (Helm's error, or a function this port refuses), or `null`.
 */
error: string | null,
};

/**
 * One object that differs between the base render and the target render.
 */
export type ObjectDiff = {
/**
 * The object (`Deployment.apps/argocd-server`).
 */
object: string,
/**
 * Added, removed or changed.
 */
change: ObjectChange,
/**
 * The chart's change, the migration's, or both.
 */
cause: Cause,
/**
 * How many lines the diff adds and removes.
 */
lines: number,
/**
 * Whether the diff is left out (a CustomResourceDefinition, or a diff over 200 lines).
 */
collapsed: boolean,
/**
 * The unified diff of the object's YAML (the label churn folded, masked spans masked), or
 * `""` when collapsed.
 */
diff: string,
};

/**
 * How one object of the manifests differs.
 */
export type ObjectChange = "added" | "removed" | "changed";

/**
 * What made an object differ.
 */
export type Cause = "chart" | "migration" | "both";

/**
 * What `validate` returns.
 */
export type ValidateResult = {
/**
 * Whether Helm accepts the values: no violation, the user's or the chart's defaults' alone.
 */
valid: boolean,
/**
 * The user's violations.
 */
violations: Array<Violation>,
/**
 * Violations that come only from the chart's defaults (no values file causes them), reported
 * apart so that the user's file is not blamed for them.
 */
defaultsViolations: Array<Violation>,
/**
 * Inputs that could not be read.
 */
errors: Array<Diagnostic>,
};

/**
 * One violation, located in the user's file where its path exists there.
 */
export type Violation = {
/**
 * The value path, relative to the prefix.
 */
path: string,
/**
 * Where in the schema the failing keyword is.
 */
schemaPath: string,
/**
 * What is wrong, in Helm's words.
 */
message: string,
/**
 * The failing keyword (`type`, `required`, …).
 */
keyword: string,
/**
 * Where Helm places it: the JSON pointer it prints after `at`.
 */
pointer: string,
/**
 * The line Helm prints for it after the pointer.
 */
helmMessage: string,
/**
 * Whether only the chart's defaults cause it (not the user's values).
 */
inDefaultsOnly: boolean,
/**
 * For a chart tree: the chart whose schema failed, and the violation as Helm prints it
 * (`bosun: - at '/gate/mode': …`); absent for a lone schema.
 */
chart?: ChartNamed,
/**
 * The lines Helm prints above it that hold it, outermost first (`'allOf' failed`, a
 * `$ref`'s `validation failed`), each indented two spaces more than the last.
 */
within?: Array<HelmLine>,
/**
 * The lines Helm prints under it (an `anyOf`'s or a `contains`' failed subschemas).
 */
causes?: Array<HelmLine>,
/**
 * The file, as the caller named it, or `null`.
 */
file: string | null,
/**
 * The 1-based line, or `null`.
 */
line: number | null,
/**
 * The 1-based column in characters, or `null`.
 */
column: number | null,
/**
 * The 1-based column in UTF-16 code units (what browser editors count), or `null`.
 */
utf16Column: number | null,
};

/**
 * A violation named by its chart, as Helm names it in a chart tree.
 */
export type ChartNamed = {
/**
 * The chart (its alias, if it has one).
 */
name: string,
/**
 * Helm's line: `<chart>: - at '<pointer in that chart's values>': <message>`, or Helm's
 * whole error when its coalescing refuses the values (`type mismatch on <chart>: …`).
 */
helm: string,
};

/**
 * One line Helm prints (`- at '<pointer>': <message>`), with the lines it prints under it.
 */
export type HelmLine = {
/**
 * The JSON pointer Helm prints after `at`, inside the chart's own values.
 */
pointer: string,
/**
 * Helm's words.
 */
message: string,
/**
 * The lines Helm prints under it, two spaces further in.
 */
causes?: Array<HelmLine>,
};

/**
 * What `decode` returns: one JSON value per document, or the errors that stopped it.
 */
export type DecodeResult = {
/**
 * The decoded documents, in order; empty when `errors` is not.
 */
documents: unknown[],
/**
 * Why the text could not be decoded.
 */
errors: Array<Diagnostic>,
};

/**
 * What `patch` returns: the verdict, where in the file it points, and the file.
 */
export type PatchResult = {
/**
 * The outcome.
 */
status: PatchStatus,
/**
 * Why, for a person: what was replaced, or what stopped the patch.
 */
reason: string,
/**
 * The 1-based line the reason points at, or `null` when it has no place in the file.
 */
line: number | null,
/**
 * The 1-based column in characters, or `null`.
 */
column: number | null,
/**
 * The 1-based column in UTF-16 code units, or `null`.
 */
utf16Column: number | null,
/**
 * The file before and after; `after` equals `before` unless the status is `patched`.
 */
file: FileResult,
};

/**
 * The outcome of `patch` (docs/contract.md `values-migrate patch`).
 */
export type PatchStatus = "patched" | "needs-intervention" | "invalid";

/**
 * What `readAnswers` returns: the answers by path, and the lines that could not be read.
 */
export type ReadAnswers = {
/**
 * The answers by path.
 */
answers: Record<string, unknown>,
/**
 * The lines that are not `PATH=VALUE` with a readable VALUE, each with its line number.
 */
problems: Array<string>,
};

/**
 * What `readChart` returns: pass `schema` as `baseSchema`/`targetSchema` and `defaults` as `defaults`.
 */
export type ChartRead = {
/**
 * The chart's name.
 */
name: string,
/**
 * The chart's version.
 */
version: string,
/**
 * The name errors give the schema.
 */
schemaName: string,
/**
 * The chart's values.schema.json, or every chart's schema of the tree composed as Helm applies them.
 */
schema: string,
/**
 * The name errors give the defaults, or `null` when there are none.
 */
defaultsName: string | null,
/**
 * The chart's values.yaml, or every chart's coalesced as Helm does (with `global`).
 */
defaults: string | null,
/**
 * Every chart of the tree and where its values sit (`chart.charts`).
 */
charts: Array<ChartAt>,
/**
 * The chart tree: pass it as `baseChart`/`targetChart` (or `chart` to `validate`) with
 * `schema`, which is then validated as Helm reads the tree (`schema` alone is JSON Schema only).
 */
chart: ChartTree,
/**
 * Every chart's templates, with the values each reads from: give them to `migrate`,
 * `diagnose` or a `Session` as `baseTemplates`/`targetTemplates`.
 */
templates: Templates,
};

/**
 * Where one chart of the tree sits: its values' path and its schema's pointer in the composition.
 */
export type ChartAt = {
/**
 * The name Helm gives it in errors (its alias, if it has one).
 */
name: string,
/**
 * Its Chart.yaml name.
 */
chart: string,
/**
 * Its Chart.yaml version.
 */
version: string,
/**
 * The keys from the parent's values root to this chart's values (empty for the root chart).
 */
valuesPath: Array<string>,
/**
 * The JSON pointer of its own schema inside the composed schema (`None`: it has none).
 */
schemaPointer: string | null,
};

/**
 * A chart as the schema layer reads it, built once by `chart` and carried beside its schema:
 * every chart of the tree and, for a tree of several charts, how Helm coalesces, switches off,
 * imports and validates them (the composed schema itself holds only JSON Schema).
 */
export type ChartTree = {
/**
 * Every chart of the tree, the root first, each before its own subcharts (Helm's order).
 */
charts: Array<ChartAt>,
/**
 * How Helm reads the tree's values (absent: a lone chart, its schema validated as written).
 */
composition?: Composition,
};

/**
 * How Helm reads a chart tree's values: each chart's own values.yaml and its subcharts, the
 * subcharts a `condition` or `tags` switch off, the imports, and each chart's schema's draft.
 */
export type Composition = {
/**
 * The root chart's own values.yaml, as written, and its subcharts' in Helm's order.
 */
values: ChartValues,
/**
 * The subchart paths whose key a parent chart's own values.yaml holds (a user `null` there
 * deletes the key instead of being refused).
 */
held: Array<Array<string>>,
/**
 * The subcharts a `condition` or `tags` can switch off, parents first.
 */
gates: Array<Gate>,
/**
 * What each importing chart takes from its subcharts, those below first.
 */
imports: Array<Importing>,
/**
 * Each chart's schema read with another draft than the composition's own `$schema`.
 */
drafts: Array<PartDraft>,
/**
 * Each chart's schema its own draft's meta-schema refuses (its part of the composition
 * is `{}`): Helm refuses the install when it validates that chart.
 */
refused: Array<RefusedPart>,
};

/**
 * One chart of the tree: its own values.yaml as written (`null`s kept), and its subcharts
 * under their keys in Helm's order.
 */
export type ChartValues = {
/**
 * The chart's own values.yaml (`{}` when it has none, or one that is no mapping).
 */
values: Record<string, unknown>,
/**
 * Its subcharts Helm keeps, in Helm's order.
 */
subcharts: Array<SubchartValues>,
};

/**
 * A subchart: the key its values live under, whether Chart.yaml lists it, the chart.
 */
export type SubchartValues = {
/**
 * The key of its values in its parent's (its alias, if it has one).
 */
key: string,
/**
 * Whether the parent's Chart.yaml dependencies name it.
 */
listed: boolean,
/**
 * The subchart.
 */
chart: ChartValues,
};

/**
 * One subchart a `condition` or `tags` can switch off.
 */
export type Gate = {
/**
 * The keys from the root's values to the subchart's.
 */
path: Array<string>,
/**
 * Each `condition` path, from the root's values, in Chart.yaml's order.
 */
conditions: Array<Array<string>>,
/**
 * The dependency's tags.
 */
tags: Array<string>,
/**
 * The own values.yaml of each chart between the root and this subchart, outermost first.
 */
tops?: unknown[],
};

/**
 * One chart that imports values from its subcharts.
 */
export type Importing = {
/**
 * The keys from the root's values to the chart's.
 */
chart: Array<string>,
/**
 * Each import, in Helm's order.
 */
tables: Array<ImportedTable>,
};

/**
 * One table a chart imports from a subchart.
 */
export type ImportedTable = {
/**
 * The subchart's path, from the root's values.
 */
from: Array<string>,
/**
 * The table, rooted at the importing chart's values.
 */
values: Record<string, unknown>,
};

/**
 * A chart's schema in the composition read with a draft of its own, as Helm reads each chart's.
 */
export type PartDraft = {
/**
 * The JSON pointer of the chart's schema inside the composed schema.
 */
pointer: string,
/**
 * The draft's meta-schema URI.
 */
draft: string,
};

/**
 * A chart's schema its own meta-schema refuses, and where its file is refused.
 */
export type RefusedPart = {
/**
 * The JSON pointer of the chart's part inside the composed schema.
 */
pointer: string,
/**
 * The chart's schema, as written.
 */
schema: unknown,
/**
 * Its file's place (`top.tgz > charts/sub: values.schema.json:1:10`).
 */
at: string,
};

/**
 * What `record` returns: `migrate`'s result, plus the recording (`null` unless planned or unchanged).
 */
export type RecordResult = {
/**
 * The recording.
 */
migration: Migration | null,
/**
 * The outcome.
 */
status: Status,
/**
 * Where the values are in their file, or `null` when not located.
 */
prefix: string | null,
/**
 * The file that holds the values, or `null`.
 */
valuesFile: string | null,
/**
 * Which document of that file (0-based), or `null`.
 */
valuesDocument: number | null,
/**
 * How many documents of that file Helm's `-f` merges into the values, when the values are
 * the file's documents merged (then `valuesDocument` is 0); absent otherwise.
 */
mergedDocuments?: number,
/**
 * What kind of document holds the values (an Argo CD Application, a Flux HelmRelease, a
 * YAML string in one, …); absent when the values were not located.
 */
valuesIn?: ValuesHome,
/**
 * Values the target schema rejects where they are.
 */
displaced: Array<Displaced>,
/**
 * Newly required keys whose value the target schema dictates.
 */
derivable: Array<Derivable>,
/**
 * Newly required keys a person must decide.
 */
escalations: Array<Escalation>,
/**
 * What stopped the plan.
 */
refusals: Array<Refusal>,
/**
 * Inputs that could not be read.
 */
errors: Array<Diagnostic>,
/**
 * The plan.
 */
ops: Array<Op>,
/**
 * Original values removed without being carried anywhere.
 */
notCarried: Array<NotCarried>,
/**
 * Comment lines left next to removed or moved keys.
 */
keptComments: Array<KeptComment>,
/**
 * The edited files.
 */
files: Array<FileResult>,
/**
 * What the chart bump changed in the schema.
 */
changelog: Array<Change>,
/**
 * Markdown for the pull request.
 */
comment: string,
/**
 * What a proposal must fix, in plain text (`migrate` gives it too, so one call says all);
 * `null` when the values were not located or could not be read.
 */
brief: string | null,
/**
 * What `helm install` would print for the proposal against the target chart (the chart's
 * name, then `- at '<pointer>': <message>` lines, causes indented), when the target schema
 * refuses it; absent otherwise.
 */
helm?: string,
/**
 * For a chart tree: each chart's share of the findings and changes (docs/charts.md);
 * absent for a lone chart or schema files.
 */
charts?: Array<ChartFindings>,
/**
 * What the bump does to the rendered manifests: a verdict per op and per value left out,
 * and the manifest diff (docs/behaviour.md); present only when both charts are given as
 * charts (not bare schemas).
 */
behaviour?: BehaviourReport,
};

/**
 * A verified migration, recorded to be replayed on other values files (never applied blindly).
 */
export type Migration = {
/**
 * Always [`FORMAT`].
 */
format: string,
/**
 * The tool that recorded it (`values-migrate 0.1.0`).
 */
tool: string,
/**
 * The chart bump, when given.
 */
chart: ChartBump,
/**
 * Both schemas' digests.
 */
schemas: SchemaPair,
/**
 * Where the values were in the recorded file (for the reader; a replay discovers its own).
 */
prefix: string | null,
/**
 * The plan, in order.
 */
ops: Array<RecordedOp>,
/**
 * Every displaced path of the recorded file, with why.
 */
displaced: Array<RecordedDisplaced>,
};

/**
 * The chart bump a migration belongs to (`--chart NAME --from V --to V`).
 */
export type ChartBump = {
/**
 * The chart's name, or `null`.
 */
name?: string | null,
/**
 * The version moved from, or `null`.
 */
from?: string | null,
/**
 * The version moved to, or `null`.
 */
to?: string | null,
};

/**
 * Both schemas of the bump.
 */
export type SchemaPair = {
/**
 * The base chart's schema (moved from).
 */
base: SchemaDigest,
/**
 * The target chart's schema (moved to).
 */
target: SchemaDigest,
};

/**
 * A schema named by its file and the SHA-256 of its bytes.
 */
export type SchemaDigest = {
/**
 * The name the schema was given when recorded.
 */
file: string,
/**
 * The SHA-256 of its text, 64 lowercase hex digits.
 */
sha256: string,
};

/**
 * One recorded operation, with its source: paths are value paths relative to the values root.
 */
export type RecordedOp = { "op": "remove",
/**
 * The key's path.
 */
path: string,
/**
 * The value it held when recorded (for the reviewer; a replay removes whatever is there).
 */
value: unknown, } | { "op": "rename",
/**
 * Where it was.
 */
from: string,
/**
 * Where it goes.
 */
to: string,
/**
 * Which rule chose this source when recorded.
 */
reason: string,
/**
 * The value moved when recorded (a replay moves its own file's value).
 */
value: unknown, } | { "op": "set",
/**
 * The key's path.
 */
path: string,
/**
 * The value.
 */
value: unknown,
/**
 * `default`, `const`, `enum`, `answer` or `original`.
 */
source: string,
};

/**
 * A value the target refused where it was, with why.
 */
export type RecordedDisplaced = {
/**
 * Where it was.
 */
path: string,
/**
 * Why the target refuses it there.
 */
reason: string,
};

/**
 * What a replay returns: the contract's result, plus what became of each recorded op.
 */
export type ReplayResult = {
/**
 * The recorded ops carried into the proposal.
 */
replayed: Array<ReplayedOp>,
/**
 * The recorded ops that do not apply to this file.
 */
skipped: Array<SkippedOp>,
/**
 * The schemas whose digests differ from the recording's (refused unless allowed).
 */
schemaDrift: Array<Drift>,
/**
 * The outcome.
 */
status: Status,
/**
 * Where the values are in their file, or `null` when not located.
 */
prefix: string | null,
/**
 * The file that holds the values, or `null`.
 */
valuesFile: string | null,
/**
 * Which document of that file (0-based), or `null`.
 */
valuesDocument: number | null,
/**
 * How many documents of that file Helm's `-f` merges into the values, when the values are
 * the file's documents merged (then `valuesDocument` is 0); absent otherwise.
 */
mergedDocuments?: number,
/**
 * What kind of document holds the values (an Argo CD Application, a Flux HelmRelease, a
 * YAML string in one, …); absent when the values were not located.
 */
valuesIn?: ValuesHome,
/**
 * Values the target schema rejects where they are.
 */
displaced: Array<Displaced>,
/**
 * Newly required keys whose value the target schema dictates.
 */
derivable: Array<Derivable>,
/**
 * Newly required keys a person must decide.
 */
escalations: Array<Escalation>,
/**
 * What stopped the plan.
 */
refusals: Array<Refusal>,
/**
 * Inputs that could not be read.
 */
errors: Array<Diagnostic>,
/**
 * The plan.
 */
ops: Array<Op>,
/**
 * Original values removed without being carried anywhere.
 */
notCarried: Array<NotCarried>,
/**
 * Comment lines left next to removed or moved keys.
 */
keptComments: Array<KeptComment>,
/**
 * The edited files.
 */
files: Array<FileResult>,
/**
 * What the chart bump changed in the schema.
 */
changelog: Array<Change>,
/**
 * Markdown for the pull request.
 */
comment: string,
/**
 * What a proposal must fix, in plain text (`migrate` gives it too, so one call says all);
 * `null` when the values were not located or could not be read.
 */
brief: string | null,
/**
 * What `helm install` would print for the proposal against the target chart (the chart's
 * name, then `- at '<pointer>': <message>` lines, causes indented), when the target schema
 * refuses it; absent otherwise.
 */
helm?: string,
/**
 * For a chart tree: each chart's share of the findings and changes (docs/charts.md);
 * absent for a lone chart or schema files.
 */
charts?: Array<ChartFindings>,
/**
 * What the bump does to the rendered manifests: a verdict per op and per value left out,
 * and the manifest diff (docs/behaviour.md); present only when both charts are given as
 * charts (not bare schemas).
 */
behaviour?: BehaviourReport,
};

/**
 * A recorded op carried into this file's proposal.
 */
export type ReplayedOp = {
/**
 * What differs from the recording (a renamed key carried with this file's own value), or `null`.
 */
note: string | null, } & ({ "op": "remove",
/**
 * The key's path.
 */
path: string,
/**
 * The value it held when recorded (for the reviewer; a replay removes whatever is there).
 */
value: unknown, } | { "op": "rename",
/**
 * Where it was.
 */
from: string,
/**
 * Where it goes.
 */
to: string,
/**
 * Which rule chose this source when recorded.
 */
reason: string,
/**
 * The value moved when recorded (a replay moves its own file's value).
 */
value: unknown, } | { "op": "set",
/**
 * The key's path.
 */
path: string,
/**
 * The value.
 */
value: unknown,
/**
 * `default`, `const`, `enum`, `answer` or `original`.
 */
source: string, });

/**
 * A recorded op left out of this file's proposal, with why.
 */
export type SkippedOp = {
/**
 * Why it does not apply here.
 */
reason: string, } & ({ "op": "remove",
/**
 * The key's path.
 */
path: string,
/**
 * The value it held when recorded (for the reviewer; a replay removes whatever is there).
 */
value: unknown, } | { "op": "rename",
/**
 * Where it was.
 */
from: string,
/**
 * Where it goes.
 */
to: string,
/**
 * Which rule chose this source when recorded.
 */
reason: string,
/**
 * The value moved when recorded (a replay moves its own file's value).
 */
value: unknown, } | { "op": "set",
/**
 * The key's path.
 */
path: string,
/**
 * The value.
 */
value: unknown,
/**
 * `default`, `const`, `enum`, `answer` or `original`.
 */
source: string, });

/**
 * A schema whose digest differs from the recording's.
 */
export type Drift = {
/**
 * `base` or `target`.
 */
schema: "base" | "target",
/**
 * As recorded.
 */
recorded: SchemaDigest,
/**
 * As given now.
 */
given: SchemaDigest,
};

/**
 * What a layered replay returns: the replay's result for the merged values, the layer files, and each layer's ops.
 */
export type LayeredReplayResult = {
/**
 * Each layer, in order.
 */
layers: Array<Layer>,
/**
 * The merged values after the edits, or `null` when nothing was written.
 */
merged: unknown,
/**
 * The recorded ops carried into the proposal.
 */
replayed: Array<ReplayedOp>,
/**
 * The recorded ops that do not apply to this file.
 */
skipped: Array<SkippedOp>,
/**
 * The schemas whose digests differ from the recording's (refused unless allowed).
 */
schemaDrift: Array<Drift>,
/**
 * The outcome.
 */
status: Status,
/**
 * Where the values are in their file, or `null` when not located.
 */
prefix: string | null,
/**
 * The file that holds the values, or `null`.
 */
valuesFile: string | null,
/**
 * Which document of that file (0-based), or `null`.
 */
valuesDocument: number | null,
/**
 * How many documents of that file Helm's `-f` merges into the values, when the values are
 * the file's documents merged (then `valuesDocument` is 0); absent otherwise.
 */
mergedDocuments?: number,
/**
 * What kind of document holds the values (an Argo CD Application, a Flux HelmRelease, a
 * YAML string in one, …); absent when the values were not located.
 */
valuesIn?: ValuesHome,
/**
 * Values the target schema rejects where they are.
 */
displaced: Array<Displaced>,
/**
 * Newly required keys whose value the target schema dictates.
 */
derivable: Array<Derivable>,
/**
 * Newly required keys a person must decide.
 */
escalations: Array<Escalation>,
/**
 * What stopped the plan.
 */
refusals: Array<Refusal>,
/**
 * Inputs that could not be read.
 */
errors: Array<Diagnostic>,
/**
 * The plan.
 */
ops: Array<Op>,
/**
 * Original values removed without being carried anywhere.
 */
notCarried: Array<NotCarried>,
/**
 * Comment lines left next to removed or moved keys.
 */
keptComments: Array<KeptComment>,
/**
 * The edited files.
 */
files: Array<FileResult>,
/**
 * What the chart bump changed in the schema.
 */
changelog: Array<Change>,
/**
 * Markdown for the pull request.
 */
comment: string,
/**
 * What a proposal must fix, in plain text (`migrate` gives it too, so one call says all);
 * `null` when the values were not located or could not be read.
 */
brief: string | null,
/**
 * What `helm install` would print for the proposal against the target chart (the chart's
 * name, then `- at '<pointer>': <message>` lines, causes indented), when the target schema
 * refuses it; absent otherwise.
 */
helm?: string,
/**
 * For a chart tree: each chart's share of the findings and changes (docs/charts.md);
 * absent for a lone chart or schema files.
 */
charts?: Array<ChartFindings>,
/**
 * What the bump does to the rendered manifests: a verdict per op and per value left out,
 * and the manifest diff (docs/behaviour.md); present only when both charts are given as
 * charts (not bare schemas).
 */
behaviour?: BehaviourReport,
};

/**
 * One layer: its file, where its values are, and the ops written into it.
 */
export type Layer = {
/**
 * The file.
 */
file: string,
/**
 * Where the values are in it.
 */
prefix: string,
/**
 * The ops written into this file.
 */
ops: Array<Op>,
/**
 * Ops whose key this layer also supplies but which `--layer-policy last` left to a later layer.
 */
left: Array<Op>,
};

/**
 * What a chain returns.
 */
export type ChainResult = {
/**
 * `planned`, `unchanged`, or the status of the step that stopped the chain.
 */
status: Status,
/**
 * The version the file was found at (the newest whose schema accepts its values), or `null`.
 */
fileVersion: string | null,
/**
 * The version reached.
 */
to: string,
/**
 * Why nothing was done, when the file is at or past the target.
 */
message: string | null,
/**
 * Each step, in order, up to the one that stopped the chain.
 */
steps: Array<ChainStep>,
/**
 * The refusals of the step that stopped the chain.
 */
refusals: Array<Refusal>,
/**
 * Inputs that could not be read, or a gap in the chain.
 */
errors: Array<Diagnostic>,
/**
 * Every file, from its original text to the last step's, with one combined diff.
 */
files: Array<FileResult>,
};

/**
 * One step of a chain and what its replay did.
 */
export type ChainStep = {
/**
 * The version moved from.
 */
from: string,
/**
 * The version moved to.
 */
to: string,
/**
 * The recording replayed.
 */
migration: string,
/**
 * The replay's result.
 */
result: ReplayResult,
};

/**
 * What a fleet run returns.
 */
export type FleetReport = {
/**
 * One result per repository, in the order given.
 */
repositories: Array<RepoOutcome>,
/**
 * The counts by status.
 */
summary: Summary,
};

/**
 * What one repository came to: the worst status of its files.
 */
export type RepoOutcome = {
/**
 * The repository directory, as given.
 */
repo: string,
/**
 * The worst status of its files (`invalid` when no file matches).
 */
status: Status,
/**
 * Why the repository could not be run, or `null`.
 */
error: string | null,
/**
 * Each matched file, in path order.
 */
files: Array<FileOutcome>,
};

/**
 * What one values file of a repository came to.
 */
export type FileOutcome = {
/**
 * The file, relative to the repository.
 */
path: string,
/**
 * Its status.
 */
status: Status,
/**
 * The full result (a replay or a chain report).
 */
result: unknown,
};

/**
 * How many repositories ended in each status.
 */
export type Summary = {
/**
 * Repositories with ops applied and verified.
 */
planned: number,
/**
 * Repositories with nothing to do.
 */
unchanged: number,
/**
 * Repositories a refusal stopped.
 */
refused: number,
/**
 * Repositories where a person must decide.
 */
escalated: number,
/**
 * Repositories whose inputs could not be read.
 */
invalid: number,
};

/**
 * What `overrideSchema` returns: the schema for override files, or why it could not be made.
 */
export type OverrideSchemaResult = {
/**
 * The schema (`null` when `errors` is not empty).
 */
schema: unknown,
/**
 * Why the schema could not be made.
 */
errors: Array<string>,
};

/**
 * A started proposal: the diagnosis it comes from, and its text (`null` when the values were not located).
 */
export type Draft = {
/**
 * What `diagnose` says of the inputs.
 */
diagnosis: MigrateResult,
/**
 * The proposal to start from, or `null` when the diagnosis located no values.
 */
text: string | null,
};

/**
 * What `render` returns, the object `values-migrate render --format json` prints: every
 * rendered file, the masked spans, the refusals and the error.
 */
export type RenderResult = {
/**
 * Every rendered file's text by Helm's name for it (`chart/templates/x.yaml`), in name order;
 * empty files and `NOTES.txt` included, as Helm's engine returns them.
 */
files: Record<string, string>,
/**
 * The spans of a random or clock function's output (and what was made of it), which differ
 * from Helm's run to run.
 */
masked: Array<RenderMasked>,
/**
 * The templates this renderer refused (a function or case it does not implement).
 */
refused: Array<RenderRefused>,
/**
 * Why the render failed (Helm's words); `null` when it did not.
 */
error: RenderError | null,
};

/**
 * A masked span of a rendered file.
 */
export type RenderMasked = {
/**
 * The file's name (a key of `files`).
 */
file: string,
/**
 * The span's first byte (a byte offset into the file's UTF-8 text).
 */
start: number,
/**
 * One past its last byte.
 */
end: number,
/**
 * The function it came from (`randAlphaNum`, `now`, …).
 */
from: string,
};

/**
 * A template this renderer refused, and where.
 */
export type RenderRefused = {
/**
 * The template file (`chart/templates/x.yaml`).
 */
file: string,
/**
 * The 1-based line (0 when there is no place).
 */
line: number,
/**
 * Go's column: the 0-based byte offset in the line.
 */
column: number,
/**
 * What is not implemented.
 */
message: string,
};

/**
 * Why a render failed.
 */
export type RenderError = {
/**
 * Helm's message (a `required`/`fail`, an execution error, the schema's refusal), or why
 * the chart or a values file could not be read.
 */
message: string,
};

/**
 * How plain scalars are typed (`helm` or `yaml-1.2` wherever it is an input).
 */
export type Typing = "helm" | "yaml-1.2";

/**
 * A file given by its contents.
 */
export type FileInput = {
/**
 * The file's name, as results and errors name it.
 */
path: string,
/**
 * Its text.
 */
text: string,
};

/**
 * Options of `decode`.
 */
export type DecodeOptions = {
/**
 * The file name used in errors (default `input.yaml`).
 */
file?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
};

/**
 * The input of `migrate` and `diagnose`: the CLI's options, with file contents instead of paths.
 */
export type MigrateInput = {
/**
 * The candidate files that hold the old values.
 */
files: Array<FileInput>,
/**
 * The migrated values document (YAML or JSON); required by `migrate`, ignored by `diagnose`.
 */
proposal?: string | null,
/**
 * Where the values are in the file; discovered when absent.
 */
prefix?: string | null,
/**
 * A person's values for escalated keys, by path; each value is taken as the JSON value given.
 */
answers?: Record<string, unknown>,
/**
 * The two charts, rendered to judge the bump's behaviour (docs/behaviour.md): the result then
 * carries `behaviour`. Only modules with the renderer take it (Node's, and the render module's
 * `behaviour`); read by the wasm layer itself (bytes do not cross as JSON text).
 */
render?: BehaviourCharts,
/**
 * The base chart's values.schema.json.
 */
baseSchema: string,
/**
 * The target chart's values.schema.json.
 */
targetSchema: string,
/**
 * The base chart's own values.yaml: the values root is judged coalesced with it (the target's when absent).
 */
baseDefaults?: string | null,
/**
 * The base chart's templates, as `readChart` gives them: with `targetTemplates`, what each
 * chart reads decides which values the target ignores.
 */
baseTemplates?: Templates,
/**
 * The target chart's templates, as `readChart` gives them.
 */
targetTemplates?: Templates,
/**
 * The base chart's tree, as `readChart` gives it (`chart`): `baseSchema` is then
 * validated as Helm reads the tree, and each finding and change of a chart tree
 * is named by its chart.
 */
baseChart?: ChartTree,
/**
 * The target chart's tree, as `readChart` gives it (`chart`).
 */
targetChart?: ChartTree,
/**
 * The base chart's charts, as `readChart` gives them (`charts`): with
 * `targetCharts` (and no `baseChart`/`targetChart`), each finding and change of a
 * chart tree is named by its chart.
 */
baseCharts?: Array<ChartAt>,
/**
 * The target chart's charts, as `readChart` gives them (`charts`).
 */
targetCharts?: Array<ChartAt>,
/**
 * The chart's own values.yaml (for a bump, the target chart's).
 */
defaults?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
};

/**
 * The input of `validate`.
 */
export type ValidateInput = {
/**
 * The values files, each validated.
 */
files: Array<FileInput>,
/**
 * Where the values are in the files.
 */
prefix?: string | null,
/**
 * The values.schema.json.
 */
schema: string,
/**
 * The chart's tree, as `readChart` gives it (`chart`): `schema` is then validated as Helm
 * reads the tree (its subcharts' conditions, tags, imports, `global`, each chart's name).
 */
chart?: ChartTree,
/**
 * The chart's own values.yaml (for a bump, the target chart's).
 */
defaults?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
};

/**
 * The input of `patch`: one scalar of one object in a manifest file (ADR-0020).
 */
export type PatchInput = {
/**
 * The manifest file.
 */
file: FileInput,
/**
 * The object's `apiVersion`.
 */
apiVersion: string,
/**
 * The object's `kind`.
 */
kind: string,
/**
 * The object's namespace.
 */
namespace?: string | null,
/**
 * The object's name.
 */
name: string,
/**
 * The container whose field is patched; `field` is then relative to it.
 */
container?: string | null,
/**
 * The field's path.
 */
field: string,
/**
 * The scalar it holds now.
 */
from: string,
/**
 * The scalar it gets.
 */
to: string,
};

/**
 * What a `Session` is made of: both schemas (compiled once), the chart's defaults, the typing.
 */
export type SessionOptions = {
/**
 * The base chart's values.schema.json.
 */
baseSchema: string,
/**
 * The target chart's values.schema.json.
 */
targetSchema: string,
/**
 * The base chart's own values.yaml: the values root is judged coalesced with it (the target's when absent).
 */
baseDefaults?: string | null,
/**
 * The base chart's templates, as `readChart` gives them: with `targetTemplates`, what each
 * chart reads decides which values the target ignores.
 */
baseTemplates?: Templates,
/**
 * The target chart's templates, as `readChart` gives them.
 */
targetTemplates?: Templates,
/**
 * The base chart's tree, as `readChart` gives it (`chart`): `baseSchema` is then
 * validated as Helm reads the tree, and each finding and change of a chart tree
 * is named by its chart.
 */
baseChart?: ChartTree,
/**
 * The target chart's tree, as `readChart` gives it (`chart`).
 */
targetChart?: ChartTree,
/**
 * The base chart's charts, as `readChart` gives them (`charts`): with
 * `targetCharts` (and no `baseChart`/`targetChart`), each finding and change of a
 * chart tree is named by its chart.
 */
baseCharts?: Array<ChartAt>,
/**
 * The target chart's charts, as `readChart` gives them (`charts`).
 */
targetCharts?: Array<ChartAt>,
/**
 * The chart's own values.yaml (for a bump, the target chart's).
 */
defaults?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
};

/**
 * One call on a `Session`: the values files and, for `migrate`, the proposal.
 */
export type SessionInput = {
/**
 * The candidate files that hold the old values.
 */
files: Array<FileInput>,
/**
 * The migrated values document.
 */
proposal?: string | null,
/**
 * Where the values are in the file; discovered when absent.
 */
prefix?: string | null,
/**
 * A person's answers for escalated keys, by path; values are JSON values.
 */
answers?: Record<string, unknown>,
/**
 * The two charts, rendered to judge the bump's behaviour (docs/behaviour.md): the result then
 * carries `behaviour`. Only modules with the renderer take it (Node's, and the render module's
 * `behaviour`); read by the wasm layer itself (bytes do not cross as JSON text).
 */
render?: BehaviourCharts,
};

/**
 * The input of `replay`: a recording (object or JSON text) and the files it is replayed on.
 */
export type ReplayInput = {
/**
 * The recording, as an object or as its JSON text.
 */
migration: Migration | string,
/**
 * The values files.
 */
files: Array<FileInput>,
/**
 * Where the values are in the files.
 */
prefix?: string | null,
/**
 * Replay even when a schema's SHA-256 differs from the recording's.
 */
allowSchemaDrift?: boolean,
/**
 * Read `files` as layers: merged per key, later wins, lists replaced.
 */
layered?: boolean,
/**
 * With `layered`, what to do when several layers supply an edited key (default `refuse`).
 */
layerPolicy?: "refuse" | "last",
/**
 * The base chart's values.schema.json.
 */
baseSchema: string,
/**
 * The target chart's values.schema.json.
 */
targetSchema: string,
/**
 * The base chart's own values.yaml: the values root is judged coalesced with it (the target's when absent).
 */
baseDefaults?: string | null,
/**
 * The base chart's templates, as `readChart` gives them: with `targetTemplates`, what each
 * chart reads decides which values the target ignores.
 */
baseTemplates?: Templates,
/**
 * The target chart's templates, as `readChart` gives them.
 */
targetTemplates?: Templates,
/**
 * The base chart's tree, as `readChart` gives it (`chart`): `baseSchema` is then
 * validated as Helm reads the tree, and each finding and change of a chart tree
 * is named by its chart.
 */
baseChart?: ChartTree,
/**
 * The target chart's tree, as `readChart` gives it (`chart`).
 */
targetChart?: ChartTree,
/**
 * The base chart's charts, as `readChart` gives them (`charts`): with
 * `targetCharts` (and no `baseChart`/`targetChart`), each finding and change of a
 * chart tree is named by its chart.
 */
baseCharts?: Array<ChartAt>,
/**
 * The target chart's charts, as `readChart` gives them (`charts`).
 */
targetCharts?: Array<ChartAt>,
/**
 * The chart's own values.yaml (for a bump, the target chart's).
 */
defaults?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
};

/**
 * One version of a chain: its schema and, optionally, its defaults.
 */
export type VersionInput = {
/**
 * The chart version.
 */
version: string,
/**
 * Its values.schema.json.
 */
schema: string,
/**
 * Its values.yaml.
 */
defaults?: string | null,
/**
 * Its templates, as `readChart` gives them: with both ends' templates, a step also displaces
 * the values the newer chart reads nowhere.
 */
templates?: Templates,
/**
 * Its chart tree, as `readChart` gives it (`chart`): its schema is then validated as Helm
 * reads the tree (its subcharts' conditions, tags, imports, `global`).
 */
chart?: ChartTree,
};

/**
 * The input of `chain`: the versions' schemas and the recordings between them.
 */
export type ChainInput = {
/**
 * The versions, each with its schema.
 */
versions: Array<VersionInput>,
/**
 * The recordings between them, as objects or JSON texts.
 */
migrations: (Migration | string)[],
/**
 * The values files.
 */
files: Array<FileInput>,
/**
 * The version the files are at.
 */
from: string,
/**
 * The version to reach.
 */
to: string,
/**
 * Where the values are in the files.
 */
prefix?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
/**
 * Replay even when a schema's SHA-256 differs from the recording's.
 */
allowSchemaDrift?: boolean,
};

/**
 * The input of `overrideSchema`.
 */
export type OverrideSchemaInput = {
/**
 * The chart's values.schema.json.
 */
schema: string,
/**
 * Where the values sit in the override files.
 */
prefix?: string | null,
};

/**
 * The options of a `Replayer`: `replay`'s input without the files.
 */
export type ReplayerOptions = {
/**
 * The recording, as an object or as its JSON text.
 */
migration: Migration | string,
/**
 * Replay even when a schema's SHA-256 differs from the recording's.
 */
allowSchemaDrift?: boolean,
/**
 * The base chart's values.schema.json.
 */
baseSchema: string,
/**
 * The target chart's values.schema.json.
 */
targetSchema: string,
/**
 * The base chart's own values.yaml: the values root is judged coalesced with it (the target's when absent).
 */
baseDefaults?: string | null,
/**
 * The base chart's templates, as `readChart` gives them: with `targetTemplates`, what each
 * chart reads decides which values the target ignores.
 */
baseTemplates?: Templates,
/**
 * The target chart's templates, as `readChart` gives them.
 */
targetTemplates?: Templates,
/**
 * The base chart's tree, as `readChart` gives it (`chart`): `baseSchema` is then
 * validated as Helm reads the tree, and each finding and change of a chart tree
 * is named by its chart.
 */
baseChart?: ChartTree,
/**
 * The target chart's tree, as `readChart` gives it (`chart`).
 */
targetChart?: ChartTree,
/**
 * The base chart's charts, as `readChart` gives them (`charts`): with
 * `targetCharts` (and no `baseChart`/`targetChart`), each finding and change of a
 * chart tree is named by its chart.
 */
baseCharts?: Array<ChartAt>,
/**
 * The target chart's charts, as `readChart` gives them (`charts`).
 */
targetCharts?: Array<ChartAt>,
/**
 * The chart's own values.yaml (for a bump, the target chart's).
 */
defaults?: string | null,
/**
 * How scalars are typed.
 */
typing?: Typing,
/**
 * Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched.
 */
refs?: Record<string, string>,
};

/**
 * One call on a `Replayer`.
 */
export type ReplayerInput = {
/**
 * The values files.
 */
files: Array<FileInput>,
/**
 * Where the values are in the files.
 */
prefix?: string | null,
};

/**
 * The input of `render`: a chart and the user's values, as `values-migrate render` takes them.
 */
export type RenderInput = {
/**
 * The chart: an archive's bytes (`helm pull`'s .tgz), or a `RenderChart`. Read by the wasm
 * layer itself (bytes do not cross as JSON text).
 */
chart: Uint8Array | RenderChart,
/**
 * The values files, merged in order as Helm's `-f` merges them.
 */
values?: Array<FileInput>,
/**
 * Values as Helm's `--set` reads them, `KEY=VALUE`, applied in order after the files.
 */
set?: Array<string>,
/**
 * The release name (default `release-name`, as `helm template`).
 */
release?: string | null,
/**
 * The release namespace (default `default`).
 */
namespace?: string | null,
};

/**
 * A chart given to `render` by its files: an archive (`archive`) or a directory (`files`).
 */
export type RenderChart = {
/**
 * The name errors give the chart (default `chart.tgz` for an archive, `chart` for a directory).
 */
name?: string | null,
/**
 * The archive's bytes.
 */
archive?: Uint8Array,
/**
 * A directory's files by their path inside the chart (`templates/x.yaml`): text or bytes.
 */
files?: Record<string, string | Uint8Array>,
};

/**
 * The two charts of a bump whose behaviour `migrate` and `diagnose` judge, each as `render`
 * takes a chart.
 */
export type BehaviourCharts = {
/**
 * The base chart (rendered with the original values).
 */
base: Uint8Array | RenderChart,
/**
 * The target chart (rendered with the migrated values, and with the original ones).
 */
target: Uint8Array | RenderChart,
};
