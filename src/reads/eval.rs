//! The abstract evaluation: each rendered file run once with its chart's context, each `define`
//! once per distinct argument (and conditions), every value a render may read recorded.

use super::value::{Atom, Val};
use super::{Site, Templates};
use crate::path::ValuePath;
use serde_json::Value;
use values_migrate_template::{Arg, Branch, Command, Node, Pipe, Tree};

/// How many `define`s deep a call is followed; deeper, the argument is read whole.
pub(super) const MAX_CALLS: usize = 24;

/// How deep lists may nest, `define` bodies included, before what they see is read whole (the
/// wasm build's stack is small).
const MAX_NESTING: usize = 240;

/// How many `define` runs one analysis makes at most; past it, arguments are read whole.
pub(super) const MAX_RUNS: usize = 20_000;

/// How a value is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum How {
    /// Its whole content decides the render (printed, compared, handed to a function).
    Whole,
    /// Only whether it is empty decides (`if`, `with`, `and`, `not`, `hasKey`).
    Test,
    /// Whole, less some of its keys (`omit`): `Read::except` names them.
    Partial,
}

/// One read: a path, how, and the first place it is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Read {
    pub path: ValuePath,
    pub how: How,
    pub site: Site,
    /// Why the analysis read a whole subtree it could not follow, when it had to.
    pub widened: Option<&'static str>,
    /// The keys a `Partial` read leaves out.
    pub except: Vec<String>,
    /// The conditions it sits under, when they matter: a read the values' conditions rule out
    /// (`tpl` of text it cannot see, in a branch the values do not take) is no read.
    pub guards: Vec<Guard>,
}

/// A condition a `required` sits under.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Guard {
    /// The value at the path is not empty.
    Truthy(ValuePath),
    /// The value at the path is empty.
    Falsy(ValuePath),
    /// A condition the analysis does not decide.
    Opaque,
}

/// A `required` of a value, with the conditions it sits under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RequiredAt {
    pub path: ValuePath,
    pub site: Site,
    pub guards: Vec<Guard>,
    pub message: String,
}

/// Text handed to `tpl` that comes from the values: run once the values are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TplAt {
    pub path: ValuePath,
    /// The text is the keys of the mapping at `path`, not its strings.
    pub keys: bool,
    pub context: Val,
    pub site: Site,
}

/// Where the chart refuses a value: a `fail` that runs whenever the branch reading it is taken.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct FailAt {
    /// The `fail`'s place.
    pub site: Site,
    /// Its message, when the template writes it as a constant (or the format `printf` fills).
    pub message: String,
}

/// What a read serves: the manifests Helm applies, the notes it only prints, or a guard that
/// makes the render fail (the chart refusing the value).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Serves {
    /// A rendered manifest: the value is applied.
    #[default]
    Applied,
    /// NOTES.txt: printed to a person, never applied.
    Notes,
    /// A branch whose every successful render skips it: it only decides whether Helm fails.
    Refusal(FailAt),
}

/// A read that is not a use: made by NOTES.txt or by a `fail` guard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Aside {
    pub path: ValuePath,
    pub how: How,
    pub site: Site,
    pub serves: Serves,
    /// The `fail` runs when this value is not empty (`if .Values.old` → `fail`).
    pub trigger: bool,
}

/// What an analysis found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    pub reads: Vec<Read>,
    /// Reads made only by NOTES.txt or only to refuse a value (`fail`): not uses.
    pub aside: Vec<Aside>,
    pub required: Vec<RequiredAt>,
    pub tpl: Vec<TplAt>,
}

/// Analyzes every rendered file of the tree with its chart's context.
pub(crate) fn analyze(templates: &Templates, trees: &[(usize, Tree)]) -> Found {
    let mut run = Run::new(templates, trees);
    for (file, tree) in trees {
        let rendered = templates.files.get(*file).is_some_and(|f| f.is_rendered());
        if !rendered || tree.name != tree.file {
            continue;
        }
        let chart = templates.files[*file].chart;
        let root = Val::one(Atom::Root(chart));
        // NOTES.txt is rendered and printed, never applied: what only it reads is not a use.
        run.serves = if templates.files[*file].is_notes() {
            Serves::Notes
        } else {
            Serves::Applied
        };
        run.template(tree, *file, root, Vec::new());
        run.serves = Serves::Applied;
    }
    for (index, chart) in templates.charts.iter().enumerate() {
        for gate in &chart.gates {
            run.read(
                super::keys(gate),
                How::Whole,
                Site {
                    file: usize::MAX,
                    offset: index,
                },
                None,
            );
        }
    }
    run.found
}

/// Runs the text that `tpl` is handed from the values, now that they are known: each string
/// under a `tpl`'d path is parsed and analyzed with the context `tpl` was given.
pub(crate) fn run_tpl(
    templates: &Templates,
    trees: &[(usize, Tree)],
    coalesced: &Value,
    found: &mut Found,
) {
    let mut run = Run::new(templates, trees);
    let mut pending = std::mem::take(&mut found.tpl);
    let mut done = 0usize;
    while let Some(tpl) = pending.pop() {
        done += 1;
        if done > 1_000 {
            run.widen(&tpl.context, tpl.site, "tpl text nested too deep to follow");
            continue;
        }
        let mut strings = Vec::new();
        match crate::path::get(coalesced, &tpl.path) {
            Some(Value::Object(map)) if tpl.keys => strings.extend(map.keys().map(String::as_str)),
            Some(value) if !tpl.keys => strings_in(value, &mut strings),
            _ => {}
        }
        for text in strings.into_iter().filter(|s| s.contains("{{")) {
            run.tpl_text(text, tpl.site, &tpl.context);
        }
        pending.append(&mut run.found.tpl);
    }
    found.reads.append(&mut run.found.reads);
    found.aside.append(&mut run.found.aside);
    found.required.append(&mut run.found.required);
}

fn strings_in<'v>(value: &'v Value, out: &mut Vec<&'v str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| strings_in(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings_in(v, out)),
        _ => {}
    }
}

/// The state of the abstract evaluation: the defines by name, what was run, what was found.
pub(super) struct Run<'t> {
    pub(super) templates: &'t Templates,
    pub(super) defines: Vec<(&'t str, usize, &'t Tree)>,
    /// Each (define, argument, conditions, what its reads serve) run so far, sorted (no hash
    /// map: docs/size.md), with the constants it printed (`include`'s value; empty if unknown).
    #[allow(clippy::type_complexity)]
    pub(super) seen: Vec<((String, Val, Vec<Guard>, Serves), Val)>,
    /// What each `define` being run has printed so far, innermost last.
    pub(super) printed: Vec<Printed>,
    /// What the reads being made serve (a manifest, the notes, a `fail` guard).
    pub(super) serves: Serves,
    /// The conditions of the list being run, as far as they name real paths (those before a
    /// `range`'s items, whose paths the analysis folds together): a widening carries them.
    pub(super) frame_guards: Vec<Guard>,
    pub(super) depth: usize,
    pub(super) runs: usize,
    pub(super) found: Found,
    /// The site every read is cited at while tpl text runs (its offsets are not the file's).
    pub(super) tpl_site: Option<Site>,
    /// How deep the lists being run nest.
    nesting: usize,
}

/// What a `define` prints, as far as `include`'s value goes.
#[derive(Clone, Debug)]
pub(crate) enum Printed {
    /// Nothing yet.
    Nothing,
    /// One action's value, every atom a constant, and nothing else.
    Once(Val),
    /// Text, several actions, or a value that is not constant: unknown.
    Unknown,
}

/// One template's execution state: dot, its variables, the conditions it sits under.
pub(super) struct Frame {
    pub(super) dot: Val,
    pub(super) vars: Vec<(String, Val)>,
    pub(super) guards: Vec<Guard>,
    pub(super) file: usize,
}

impl<'t> Run<'t> {
    pub(super) fn new(templates: &'t Templates, trees: &'t [(usize, Tree)]) -> Run<'t> {
        // A file's own tree is a template too, named by its path (`include (print
        // $.Template.BasePath "/cm.yaml") .`).
        let mut defines: Vec<(&str, usize, &Tree)> = trees
            .iter()
            .map(|(f, t)| (t.name.as_str(), *f, t))
            .collect();
        crate::order::by(&mut defines, |a, b| a.0.cmp(b.0));
        Run {
            templates,
            defines,
            seen: Vec::new(),
            printed: Vec::new(),
            serves: Serves::Applied,
            frame_guards: Vec::new(),
            depth: 0,
            runs: 0,
            found: Found::default(),
            tpl_site: None,
            nesting: 0,
        }
    }

    /// Runs one template body with `dot` as `.` and `$`.
    pub(super) fn template(&mut self, tree: &Tree, file: usize, dot: Val, guards: Vec<Guard>) {
        let mut frame = Frame {
            vars: vec![("$".to_string(), dot.clone())],
            dot,
            guards,
            file,
        };
        self.list(&tree.root, &mut frame);
    }

    pub(super) fn list(&mut self, nodes: &[Node], f: &mut Frame) {
        if self.nesting >= MAX_NESTING {
            let site = self.site(f, 0);
            let seen: Vec<Val> = f.vars.iter().map(|(_, v)| v.clone()).collect();
            self.widen(
                &f.dot.clone(),
                site,
                "templates nested deeper than the analysis follows",
            );
            seen.iter().for_each(|v| {
                self.widen(v, site, "templates nested deeper than the analysis follows")
            });
            return;
        }
        self.nesting += 1;
        let trusted = f
            .guards
            .iter()
            .take_while(|g| **g != Guard::Opaque)
            .cloned();
        let outer = std::mem::replace(&mut self.frame_guards, trusted.collect());
        self.nodes(nodes, f);
        self.frame_guards = outer;
        self.nesting -= 1;
    }

    fn nodes(&mut self, nodes: &[Node], f: &mut Frame) {
        for node in nodes {
            match node {
                Node::Text { pos, end } => {
                    if !self.blank(f.file, *pos, *end) {
                        self.print(None);
                    }
                }
                Node::Comment { .. } => {}
                Node::Break { .. } | Node::Continue { .. } => {}
                Node::Action { pos, pipe } => {
                    let value = self.pipe(pipe, f);
                    if pipe.decl.is_empty() {
                        self.use_val(&value, How::Whole, self.site(f, *pos));
                        self.print(Some(&value));
                    }
                }
                Node::If(branch) => self.branch(branch, f, false),
                Node::With(branch) => self.branch(branch, f, true),
                Node::Range(branch) => self.range(branch, f),
                Node::Template { pos, name, pipe } => {
                    let arg = pipe.as_ref().map(|p| self.pipe(p, f)).unwrap_or_default();
                    self.call(name, arg, f, *pos);
                    self.print(None);
                }
            }
        }
    }

    /// Notes what the innermost `define` being run prints: `value`, or something unknown.
    fn print(&mut self, value: Option<&Val>) {
        let Some(held) = self.printed.last_mut() else {
            return;
        };
        *held = match (&*held, value) {
            (Printed::Nothing, Some(value)) if value.constants().is_some() => {
                Printed::Once(value.clone())
            }
            _ => Printed::Unknown,
        };
    }

    /// Whether the text node `pos..end` of a file prints only blanks.
    fn blank(&self, file: usize, pos: usize, end: usize) -> bool {
        if self.tpl_site.is_some() {
            return false;
        }
        let text = self
            .templates
            .files
            .get(file)
            .map_or("", |f| f.text.as_str());
        text.get(pos..end).unwrap_or("").trim().is_empty()
    }

    /// `if` and `with`: the pipeline tested, the body under its condition, `else` under its negation.
    fn branch(&mut self, branch: &Branch, f: &mut Frame, with: bool) {
        let scope = f.vars.len();
        let outer_serves = self.refusing(&branch.list, f);
        let aside = self.found.aside.len();
        let value = self.pipe(&branch.pipe, f);
        self.use_val(&value, How::Test, self.site(f, branch.pos));
        let guard = self.guard(&branch.pipe, &value, f);
        if outer_serves != self.serves {
            self.triggers(aside, &guard, self.site(f, branch.pos));
        }
        let outer = f.guards.len();
        f.guards.extend(guard.iter().cloned());
        if with {
            let dot = std::mem::replace(&mut f.dot, value);
            self.list(&branch.list, f);
            f.dot = dot;
        } else {
            self.list(&branch.list, f);
        }
        f.guards.truncate(outer);
        // Every render that succeeds takes the `else`: what it reads is read as it always was.
        self.serves = outer_serves;
        if let Some(else_list) = &branch.else_list {
            f.guards.push(negate(&guard));
            self.list(else_list, f);
            f.guards.truncate(outer);
        }
        f.vars.truncate(scope);
    }

    /// Sorts the reads a refusing branch's condition made (those from `from` on): a value whose
    /// being set runs the `fail` triggers it; one that must be set to pass (`not`) is used; a
    /// condition the analysis does not decide leaves every value it read used.
    fn triggers(&mut self, from: usize, guards: &[Guard], site: Site) {
        let opaque = guards.contains(&Guard::Opaque);
        let made: Vec<Aside> = if opaque {
            self.found.aside.drain(from..).collect()
        } else {
            Vec::new()
        };
        for aside in made {
            self.found
                .reads
                .push(read_of(aside.path, aside.how, aside.site));
        }
        for guard in guards {
            match guard {
                Guard::Truthy(path) if !opaque => self.found.aside.push(Aside {
                    path: path.clone(),
                    how: How::Test,
                    site: match &self.serves {
                        Serves::Refusal(fail) => fail.site,
                        _ => site,
                    },
                    serves: self.serves.clone(),
                    trigger: true,
                }),
                Guard::Falsy(path) => self
                    .found
                    .reads
                    .push(read_of(path.clone(), How::Test, site)),
                _ => {}
            }
        }
    }

    /// When `body` fails whenever it runs, the reads that decide whether it runs (and its own)
    /// only refuse values: they serve that `fail` from now on. Returns what they served before.
    fn refusing(&mut self, body: &[Node], f: &Frame) -> Serves {
        let outer = self.serves.clone();
        if matches!(outer, Serves::Refusal(_)) {
            return outer;
        }
        if let Some((pos, message)) = fails_always(body) {
            self.serves = Serves::Refusal(FailAt {
                site: self.site(f, pos),
                message,
            });
        }
        outer
    }

    /// `range`: the pipeline read whole; the body with each item as dot, under no known condition.
    fn range(&mut self, branch: &Branch, f: &mut Frame) {
        let scope = f.vars.len();
        let outer_serves = self.refusing(&branch.list, f);
        let aside = self.found.aside.len();
        let mut value = Val::none();
        for (i, cmd) in branch.pipe.cmds.iter().enumerate() {
            let piped = (i > 0).then(|| std::mem::take(&mut value));
            value = self.command(cmd, piped, f);
        }
        if outer_serves != self.serves {
            let guard = match value.0.as_slice() {
                [Atom::Values(path)] => Guard::Truthy(path.clone()),
                _ => Guard::Opaque,
            };
            self.triggers(aside, &[guard], self.site(f, branch.pos));
        }
        // A list built in the template is only walked: its items become dot, read as they are used.
        let walked = Val(value
            .0
            .iter()
            .filter(|a| !matches!(a, Atom::List(_)))
            .cloned()
            .collect());
        self.use_val(&walked, How::Whole, self.site(f, branch.pos));
        // Its body runs only when the ranged value is not empty; below, item paths fold together.
        let ranged = match value.0.as_slice() {
            [Atom::Values(path)] => Some(Guard::Truthy(path.clone())),
            _ => None,
        };
        match constant_lists(&value) {
            Some(lists) => self.range_constants(branch, f, lists),
            None => self.range_value(branch, f, &value, ranged),
        }
        self.serves = outer_serves;
        if let Some(else_list) = &branch.else_list {
            self.list(else_list, f);
        }
        f.vars.truncate(scope);
    }

    /// A range over a list of constants built in the template (`splitList "." "a.b"`): each
    /// item in turn, as Go runs it, so that a value walked key by key is followed.
    fn range_constants(&mut self, branch: &Branch, f: &mut Frame, lists: Vec<Vec<Val>>) {
        f.guards.push(Guard::Opaque);
        for items in lists {
            for (i, item) in items.into_iter().enumerate() {
                let inner = f.vars.len();
                match branch.pipe.decl.as_slice() {
                    [one] => f.vars.push((one.name.clone(), item.clone())),
                    [key, var] => {
                        f.vars
                            .push((key.name.clone(), Val::one(Atom::Const(i.to_string()))));
                        f.vars.push((var.name.clone(), item.clone()));
                    }
                    _ => {}
                }
                let dot = std::mem::replace(&mut f.dot, item);
                self.list(&branch.list, f);
                f.dot = dot;
                f.vars.truncate(inner);
            }
        }
        f.guards.pop();
    }

    /// A range over what the values hold: its body once, the items folded together, under the
    /// guard that the ranged value is not empty (`ranged`).
    fn range_value(&mut self, branch: &Branch, f: &mut Frame, value: &Val, ranged: Option<Guard>) {
        let items = items_of(value);
        match branch.pipe.decl.as_slice() {
            [one] => f.vars.push((one.name.clone(), items.clone())),
            [key, item] => {
                f.vars.push((key.name.clone(), keys_of(value)));
                f.vars.push((item.name.clone(), items.clone()));
            }
            _ => {}
        }
        let outer = f.guards.len();
        f.guards.extend(ranged);
        f.guards.push(Guard::Opaque);
        let dot = std::mem::replace(&mut f.dot, items);
        self.list(&branch.list, f);
        f.dot = dot;
        f.guards.truncate(outer);
    }

    pub(super) fn pipe(&mut self, pipe: &Pipe, f: &mut Frame) -> Val {
        let mut value = Val::none();
        for (i, cmd) in pipe.cmds.iter().enumerate() {
            let piped = (i > 0).then(|| std::mem::take(&mut value));
            value = self.command(cmd, piped, f);
        }
        for var in &pipe.decl {
            match f.vars.iter_mut().rev().find(|(n, _)| *n == var.name) {
                // An assignment may or may not have run: the variable holds either value.
                Some((_, held)) if pipe.is_assign => *held = held.clone().union(value.clone()),
                _ => f.vars.push((var.name.clone(), value.clone())),
            }
        }
        value
    }

    fn command(&mut self, cmd: &Command, piped: Option<Val>, f: &mut Frame) -> Val {
        let Some(first) = cmd.args.first() else {
            return piped.unwrap_or_default();
        };
        if let Arg::Identifier { name, .. } = first {
            let mut args: Vec<Val> = cmd.args[1..].iter().map(|a| self.operand(a, f)).collect();
            args.extend(piped);
            return self.func(name, args, f, cmd.pos);
        }
        let value = self.operand(first, f);
        if cmd.args.len() == 1 && piped.is_none() {
            return value;
        }
        // A method called with arguments (`.Files.Get "x"`, `.Capabilities.APIVersions.Has`).
        let site = self.site(f, cmd.pos);
        for arg in &cmd.args[1..] {
            let arg = self.operand(arg, f);
            self.use_val(&arg, How::Whole, site);
        }
        if let Some(piped) = piped {
            self.use_val(&piped, How::Whole, site);
        }
        self.use_val(&value, How::Whole, site);
        Val::none()
    }

    pub(super) fn operand(&mut self, arg: &Arg, f: &mut Frame) -> Val {
        match arg {
            Arg::Field { idents, .. } => self.navigate(f.dot.clone(), idents),
            Arg::Variable { name, idents, .. } => {
                let held = f.vars.iter().rev().find(|(n, _)| n == name);
                let held = held.map(|(_, v)| v.clone()).unwrap_or_default();
                self.navigate(held, idents)
            }
            Arg::Dot { .. } => f.dot.clone(),
            Arg::Chain { node, fields, .. } => {
                let value = self.operand(node, f);
                self.navigate(value, fields)
            }
            Arg::Pipe(pipe) => {
                if self.nesting >= MAX_NESTING {
                    let site = self.site(f, pipe.pos);
                    self.widen(
                        &f.dot.clone(),
                        site,
                        "pipelines nested deeper than the analysis follows",
                    );
                    return Val::none();
                }
                let scope = f.vars.len();
                self.nesting += 1;
                let value = self.pipe(pipe, f);
                self.nesting -= 1;
                f.vars.truncate(scope);
                value
            }
            Arg::String { value, .. } => Val::one(Atom::Const(value.clone())),
            Arg::Number { text, .. } => Val::one(Atom::Const(text.clone())),
            Arg::Identifier { name, pos } => self.func(name, Vec::new(), f, *pos),
            Arg::Bool { .. } | Arg::Nil { .. } => Val::none(),
        }
    }

    /// The value at `fields` below each atom of `value`.
    pub(super) fn navigate(&self, mut value: Val, fields: &[String]) -> Val {
        for field in fields {
            let mut next = Val::none();
            for atom in &value.0 {
                next = next.union(self.step(atom, field));
            }
            value = next;
        }
        value
    }

    fn step(&self, atom: &Atom, field: &str) -> Val {
        let charts = &self.templates.charts;
        match atom {
            Atom::Root(chart) => match field {
                "Values" => charts
                    .get(*chart)
                    .map(|c| Val::one(Atom::Values(c.path())))
                    .unwrap_or_default(),
                "Subcharts" => Val::one(Atom::Subcharts(*chart)),
                "Template" => Val::one(Atom::Template(*chart)),
                _ => Val::none(),
            },
            Atom::Subcharts(parent) => Val(charts
                .iter()
                .enumerate()
                .filter(|(_, c)| c.parent == Some(*parent) && c.name == field)
                .map(|(i, _)| Atom::Root(i))
                .collect()),
            Atom::Template(chart) if field == "BasePath" => charts
                .get(*chart)
                .map(|c| Val::one(Atom::Const(format!("{}/templates", c.dir))))
                .unwrap_or_default(),
            Atom::Template(_) => Val::none(),
            Atom::Values(path) if field == "global" => self.globals(path),
            Atom::Values(path) => Val::one(Atom::Values(path.key(field))),
            Atom::Without(_, keys) if keys.iter().any(|k| k == field) => Val::none(),
            Atom::Without(path, _) => Val::one(Atom::Values(path.key(field))),
            Atom::Dict(entries) => entries
                .iter()
                .find(|(k, _)| k == field)
                .map(|(_, v)| v.clone())
                .unwrap_or_default(),
            Atom::List(_) | Atom::Const(_) | Atom::Text(_) | Atom::Keys(_) => Val::none(),
        }
    }

    /// `.Values.global` at `path`: a subchart's globals are its parents' and the root's, copied down.
    fn globals(&self, path: &ValuePath) -> Val {
        let mut out = Val::one(Atom::Values(path.key("global")));
        let is_chart = self.templates.charts.iter().any(|c| c.path() == *path);
        if is_chart {
            for chart in &self.templates.charts {
                let above = chart.path();
                if path.starts_with(&above) && above != *path {
                    out = out.union(Val::one(Atom::Values(above.key("global"))));
                }
            }
        }
        out
    }

    pub(super) fn site(&self, f: &Frame, offset: usize) -> Site {
        if let Some(site) = self.tpl_site {
            return site;
        }
        Site {
            file: f.file,
            offset,
        }
    }

    /// Records every value `value` holds as read `how`.
    pub(super) fn use_val(&mut self, value: &Val, how: How, site: Site) {
        for atom in &value.0 {
            match atom {
                Atom::Values(path) => self.read(path.clone(), how, site, None),
                Atom::Without(path, keys) if how == How::Whole => {
                    let read = Read {
                        path: path.clone(),
                        how: How::Partial,
                        site,
                        widened: None,
                        except: keys.clone(),
                        guards: Vec::new(),
                    };
                    self.push(read);
                }
                Atom::Without(path, _) => self.read(path.clone(), how, site, None),
                Atom::Root(chart) => {
                    let path = self.chart_path(*chart);
                    self.read(
                        path,
                        How::Whole,
                        site,
                        Some("a chart's whole context is handed on"),
                    );
                }
                Atom::Subcharts(parent) => {
                    let children: Vec<usize> = (0..self.templates.charts.len())
                        .filter(|i| self.templates.charts[*i].parent == Some(*parent))
                        .collect();
                    for child in children {
                        let path = self.chart_path(child);
                        self.read(
                            path,
                            How::Whole,
                            site,
                            Some("the subcharts' contexts are handed on"),
                        );
                    }
                }
                Atom::Dict(entries) => {
                    let entries = entries.clone();
                    entries.iter().for_each(|(_, v)| self.use_val(v, how, site));
                }
                Atom::List(items) => {
                    let items = items.clone();
                    items.iter().for_each(|v| self.use_val(v, how, site));
                }
                Atom::Const(_) | Atom::Text(_) | Atom::Template(_) | Atom::Keys(_) => {}
            }
        }
    }

    /// Reads every value `value` holds whole, saying why the analysis could not follow it.
    pub(super) fn widen(&mut self, value: &Val, site: Site, why: &'static str) {
        let mut paths = Vec::new();
        value.value_paths(&mut paths);
        for atom in &value.0 {
            if let Atom::Root(chart) = atom {
                paths.push(self.chart_path(*chart));
            }
        }
        for path in paths {
            self.read(path, How::Whole, site, Some(why));
        }
    }

    pub(super) fn chart_path(&self, chart: usize) -> ValuePath {
        self.templates
            .charts
            .get(chart)
            .map(|c| c.path())
            .unwrap_or_default()
    }

    pub(super) fn read(
        &mut self,
        path: ValuePath,
        how: How,
        site: Site,
        widened: Option<&'static str>,
    ) {
        // A widening is kept with its conditions: the values may rule its branch out.
        let guards = if widened.is_some() {
            self.frame_guards.clone()
        } else {
            Vec::new()
        };
        self.push(Read {
            path,
            how,
            site,
            widened,
            except: Vec::new(),
            guards,
        });
    }

    /// Keeps a read as a use, or aside when it only serves the notes or a `fail`.
    fn push(&mut self, read: Read) {
        match &self.serves {
            Serves::Applied => self.found.reads.push(read),
            serves => self.found.aside.push(Aside {
                path: read.path,
                how: read.how,
                site: read.site,
                serves: serves.clone(),
                trigger: false,
            }),
        }
    }
}

/// A plain read.
fn read_of(path: ValuePath, how: How, site: Site) -> Read {
    Read {
        path,
        how,
        site,
        widened: None,
        except: Vec::new(),
        guards: Vec::new(),
    }
}

/// Where `body` fails whenever it runs, with the `fail`'s message: a `fail` among its own
/// actions, or an `if`/`with` whose every branch fails.
fn fails_always(body: &[Node]) -> Option<(usize, String)> {
    body.iter().find_map(|node| match node {
        Node::Action { pos, pipe } => pipe.cmds.iter().find_map(|cmd| match cmd.args.as_slice() {
            [Arg::Identifier { name, .. }, rest @ ..] if name == "fail" => {
                Some((*pos, message(rest).unwrap_or_default()))
            }
            _ => None,
        }),
        Node::If(branch) | Node::With(branch) => {
            let taken = fails_always(&branch.list)?;
            fails_always(branch.else_list.as_deref()?)?;
            Some(taken)
        }
        _ => None,
    })
}

/// The constant a `fail` says: its string, or the format of a `printf` it is handed.
fn message(args: &[Arg]) -> Option<String> {
    match args.first()? {
        Arg::String { value, .. } => Some(value.trim().to_string()),
        Arg::Pipe(pipe) => pipe.cmds.first().and_then(|cmd| match cmd.args.as_slice() {
            [Arg::Identifier { name, .. }, rest @ ..] if name == "printf" || name == "print" => {
                message(rest)
            }
            _ => None,
        }),
        _ => None,
    }
}

/// The keys `range` gives its first variable: a dict's constants, a mapping's keys from the values.
fn keys_of(value: &Val) -> Val {
    let atoms = value.0.iter().flat_map(|atom| match atom {
        Atom::Values(path) => vec![Atom::Keys(path.clone())],
        Atom::Dict(entries) => entries
            .iter()
            .map(|(k, _)| Atom::Const(k.clone()))
            .collect(),
        _ => Vec::new(),
    });
    Val(atoms.collect())
}

/// The items `range` gives as dot: a list's items, a dict's values, a value's own subtree.
fn items_of(value: &Val) -> Val {
    let mut out = Val::none();
    for atom in &value.0 {
        let items = match atom {
            Atom::List(items) => items.iter().fold(Val::none(), |a, v| a.union(v.clone())),
            Atom::Dict(entries) => entries
                .iter()
                .fold(Val::none(), |a, (_, v)| a.union(v.clone())),
            Atom::Values(path) | Atom::Without(path, _) => Val::one(Atom::Values(path.clone())),
            _ => Val::none(),
        };
        out = out.union(items);
    }
    out
}

/// The items of each list `value` may be, when it may only be lists of constants built in the
/// template (at most 32 items in all).
fn constant_lists(value: &Val) -> Option<Vec<Vec<Val>>> {
    let mut out = Vec::new();
    let mut count = 0;
    for atom in &value.0 {
        let Atom::List(items) = atom else {
            return None;
        };
        if items.iter().any(|item| item.constants().is_none()) {
            return None;
        }
        count += items.len();
        out.push(items.clone());
    }
    (!out.is_empty() && count <= 32).then_some(out)
}

/// The condition of an `else`.
fn negate(guards: &[Guard]) -> Guard {
    match guards {
        [Guard::Truthy(p)] => Guard::Falsy(p.clone()),
        [Guard::Falsy(p)] => Guard::Truthy(p.clone()),
        _ => Guard::Opaque,
    }
}
