//! What the evaluation does at a call: each template function by its kind (`funcs`), a
//! `define` run with its argument, `tpl` text parsed and run, and the conditions of a branch.

use super::Site;
use super::eval::{Frame, Guard, How, MAX_CALLS, MAX_RUNS, Printed, RequiredAt, Run, TplAt};
use super::funcs::{Func, kind};
use super::value::{Atom, Val, segment};
use values_migrate_template::{Arg, Pipe};

impl Run<'_> {
    /// Applies the function `name` to `args` (the piped value last).
    pub(super) fn func(&mut self, name: &str, args: Vec<Val>, f: &mut Frame, pos: usize) -> Val {
        let site = self.site(f, pos);
        match kind(name) {
            Func::PassThrough => args.into_iter().fold(Val::none(), Val::union),
            Func::TestReturn => {
                args.iter().for_each(|a| self.use_val(a, How::Test, site));
                args.into_iter().fold(Val::none(), Val::union)
            }
            Func::Test => {
                args.iter().for_each(|a| self.use_val(a, How::Test, site));
                Val::none()
            }
            Func::Ternary => {
                let mut args = args;
                if let Some(cond) = args.pop() {
                    self.use_val(&cond, How::Test, site);
                }
                args.into_iter().fold(Val::none(), Val::union)
            }
            Func::Item => args.iter().map(items).fold(Val::none(), Val::union),
            Func::Include => self.include(args, f, pos),
            Func::Tpl => self.tpl(args, site),
            Func::Required => self.required(args, f, site),
            Func::Index => self.index(args, site),
            Func::Get => self.keyed(&args, 1, site),
            Func::Dig => self.dig(args, site),
            Func::HasKey => {
                let found = self.keyed(&args, 1, site);
                self.use_val(&found, How::Test, site);
                Val::none()
            }
            Func::Pluck => self.pluck(args, site),
            Func::Dict => self.dict(args, site),
            Func::List => Val::one(Atom::List(args.iter().map(items).collect())),
            Func::Pick => self.pick(args, site),
            Func::Omit => omit(args),
            Func::Set => {
                let mut args = args.into_iter();
                let target = args.next().unwrap_or_default();
                args.for_each(|a| self.use_val(&a, How::Whole, site));
                target
            }
            Func::Reads if name == "print" && args.iter().all(|a| a.constant().is_some()) => {
                // Strings printed together: a template name built of constants.
                let text: String = args.iter().filter_map(Val::constant).collect();
                Val::one(Atom::Const(text))
            }
            Func::Reads if name == "printf" && printf(&args).is_some() => printf(&args)
                .map(|texts| Val(texts.into_iter().map(Atom::Const).collect()))
                .unwrap_or_default(),
            Func::Reads if name == "splitList" && split_list(&args).is_some() => {
                // A dotted key of constants taken apart (Bitnami's `common.utils.getValueFromKey`).
                split_list(&args).unwrap_or_default()
            }
            Func::Reads => {
                let mut made = Vec::new();
                for arg in &args {
                    self.use_val(arg, How::Whole, site);
                    arg.value_paths(&mut made);
                }
                crate::order::sort(&mut made);
                made.dedup();
                Val(made.into_iter().map(Atom::Text).collect())
            }
        }
        .bounded(self, site)
    }

    /// `include name arg` (and `template`): the define run with `arg`; its result is text.
    fn include(&mut self, args: Vec<Val>, f: &mut Frame, pos: usize) -> Val {
        let mut args = args.into_iter();
        let name = args.next().unwrap_or_default();
        let arg = args.next().unwrap_or_default();
        match name.constant() {
            Some(name) => {
                let name = name.to_string();
                self.call(&name, arg, f, pos)
            }
            None => {
                self.widen(
                    &arg,
                    self.site(f, pos),
                    "a template named by a computed name",
                );
                Val::none()
            }
        }
    }

    /// Runs every `define` named `name` with `arg` as dot and `$`, once per argument and
    /// conditions; returns the constants it prints, when that is all it prints (else nothing).
    pub(super) fn call(&mut self, name: &str, arg: Val, f: &mut Frame, pos: usize) -> Val {
        let site = self.site(f, pos);
        let key = (
            name.to_string(),
            arg.clone(),
            f.guards.clone(),
            self.serves.clone(),
        );
        let at = match self.seen.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(at) => return self.seen[at].1.clone(),
            Err(at) => at,
        };
        if self.depth >= MAX_CALLS || self.runs >= MAX_RUNS {
            self.widen(
                &arg,
                site,
                "templates call each other deeper than the analysis follows",
            );
            return Val::none();
        }
        self.seen.insert(at, (key.clone(), Val::none()));
        self.runs += 1;
        let start = self.defines.partition_point(|(n, _, _)| *n < name);
        let defines: Vec<_> = self.defines[start..]
            .iter()
            .take_while(|(n, _, _)| *n == name)
            .map(|(_, file, tree)| (*file, *tree))
            .collect();
        self.depth += 1;
        let mut printed = Some(Val::none());
        for (file, tree) in defines {
            self.printed.push(Printed::Nothing);
            self.template(tree, file, arg.clone(), f.guards.clone());
            printed = match (printed, self.printed.pop()) {
                (Some(held), Some(Printed::Once(val))) => Some(held.union(val)),
                _ => None,
            };
        }
        self.depth -= 1;
        let printed = printed.unwrap_or_default();
        if let Ok(at) = self.seen.binary_search_by(|(k, _)| k.cmp(&key)) {
            self.seen[at].1 = printed.clone();
        }
        printed
    }

    /// `tpl text ctx`: text from the values runs once they are known; a constant runs now.
    fn tpl(&mut self, args: Vec<Val>, site: Site) -> Val {
        let mut args = args.into_iter();
        let text = args.next().unwrap_or_default();
        let context = args.next().unwrap_or_default();
        self.use_val(&text, How::Whole, site);
        for atom in &text.0 {
            match atom {
                Atom::Values(path) | Atom::Text(path) | Atom::Keys(path) => {
                    self.found.tpl.push(TplAt {
                        path: path.clone(),
                        keys: matches!(atom, Atom::Keys(_)),
                        context: context.clone(),
                        site,
                    })
                }
                Atom::Const(text) => {
                    let text = text.clone();
                    self.tpl_text(&text, site, &context);
                }
                _ => {}
            }
        }
        if text.is_empty() {
            self.widen(&context, site, "tpl runs text the analysis cannot see");
        }
        Val::none()
    }

    /// Parses `text` as a template and runs it with `context`; text Helm cannot parse reads the
    /// context whole (the render would fail on it).
    pub(super) fn tpl_text(&mut self, text: &str, site: Site, context: &Val) {
        let Ok(trees) = values_migrate_template::parse("tpl", text) else {
            self.widen(context, site, "tpl text that does not parse");
            return;
        };
        let mut frame = Frame {
            vars: vec![("$".to_string(), context.clone())],
            dot: context.clone(),
            guards: Vec::new(),
            file: site.file,
        };
        // A define inside tpl text is not followed: its body is read with the context.
        let outer = self.tpl_site.replace(site);
        for tree in &trees {
            self.list(&tree.root, &mut frame);
        }
        self.tpl_site = outer;
    }

    /// `required msg value`: the value, which the render fails without.
    fn required(&mut self, args: Vec<Val>, f: &mut Frame, site: Site) -> Val {
        let mut args = args.into_iter();
        let message = args.next().unwrap_or_default();
        let value = args.next().unwrap_or_default();
        self.use_val(&message, How::Whole, site);
        self.use_val(&value, How::Test, site);
        if let [Atom::Values(path)] = value.0.as_slice() {
            self.found.required.push(RequiredAt {
                path: path.clone(),
                site,
                guards: f.guards.clone(),
                message: message.constant().unwrap_or("").to_string(),
            });
        }
        value
    }

    /// `index x k…`: the value at the keys; a computed key reads `x` whole.
    fn index(&mut self, args: Vec<Val>, site: Site) -> Val {
        let mut args = args.into_iter();
        let mut value = args.next().unwrap_or_default();
        for key in args {
            match key.constant() {
                Some(key) => value = self.at_key(&value, key, true),
                None => {
                    self.use_val(&key, How::Whole, site);
                    self.widen(&value, site, "index with a computed key");
                    return Val::none();
                }
            }
        }
        value
    }

    /// `get d k` / `hasKey d k`: the value at the key `args[key]` of `args[0]`.
    fn keyed(&mut self, args: &[Val], key: usize, site: Site) -> Val {
        let from = args.first().cloned().unwrap_or_default();
        match args.get(key).and_then(Val::constant) {
            Some(k) => self.at_key(&from, k, false),
            None => {
                self.widen(&from, site, "a key computed in the template");
                Val::none()
            }
        }
    }

    /// `dig k… default d`.
    fn dig(&mut self, mut args: Vec<Val>, site: Site) -> Val {
        let from = args.pop().unwrap_or_default();
        let default = args.pop().unwrap_or_default();
        let mut value = from.clone();
        for key in &args {
            match key.constant() {
                Some(k) => value = self.at_key(&value, k, false),
                None => {
                    self.widen(&from, site, "dig with a computed key");
                    return default;
                }
            }
        }
        value.union(default)
    }

    /// `pluck k d…`: a list of each dict's value at `k`.
    fn pluck(&mut self, args: Vec<Val>, site: Site) -> Val {
        let mut args = args.into_iter();
        let key = args.next().unwrap_or_default();
        let mut out = Vec::new();
        for from in args {
            match key.constant() {
                Some(k) => out.push(self.at_key(&from, k, false)),
                None => self.widen(&from, site, "pluck with a computed key"),
            }
        }
        Val::one(Atom::List(out))
    }

    /// `dict k v …`: a dict of constant keys; a value under a computed key is read whole.
    fn dict(&mut self, args: Vec<Val>, site: Site) -> Val {
        let mut entries: Vec<(String, Val)> = Vec::new();
        let mut args = args.into_iter();
        while let Some(key) = args.next() {
            let value = args.next().unwrap_or_default();
            match key.constant() {
                Some(k) => {
                    entries.retain(|(held, _)| held != k);
                    entries.push((k.to_string(), value));
                }
                None => self.widen(&value, site, "a dict key computed in the template"),
            }
        }
        crate::order::by(&mut entries, |a, b| a.0.cmp(&b.0));
        Val::one(Atom::Dict(entries))
    }

    /// `pick d k…`: a dict of `d`'s values at the keys.
    fn pick(&mut self, args: Vec<Val>, site: Site) -> Val {
        let mut args = args.into_iter();
        let from = args.next().unwrap_or_default();
        let mut entries = Vec::new();
        for key in args {
            match key.constant() {
                Some(k) => entries.push((k.to_string(), self.at_key(&from, k, false))),
                None => self.widen(&from, site, "pick with a computed key"),
            }
        }
        crate::order::by(&mut entries, |a: &(String, Val), b| a.0.cmp(&b.0));
        entries.dedup_by(|a, b| a.0 == b.0);
        Val::one(Atom::Dict(entries))
    }

    /// The value under one constant key of each atom (a list's items by index).
    fn at_key(&self, value: &Val, key: &str, numeric: bool) -> Val {
        let mut out = Val::none();
        for atom in &value.0 {
            let next = match atom {
                Atom::Values(path) => {
                    let mut path = path.clone();
                    path.push(segment(key, numeric));
                    Val::one(Atom::Values(path))
                }
                Atom::Without(_, keys) if keys.iter().any(|k| k == key) => Val::none(),
                Atom::Without(path, _) => {
                    let mut path = path.clone();
                    path.push(segment(key, numeric));
                    Val::one(Atom::Values(path))
                }
                Atom::List(items) => match key.parse::<usize>() {
                    Ok(i) if numeric => items.get(i).cloned().unwrap_or_default(),
                    _ => Val::none(),
                },
                other => self.navigate(Val::one(other.clone()), &[key.to_string()]),
            };
            out = out.union(next);
        }
        out
    }

    /// The conditions an `if`/`with` pipeline states: a value, `not` a value, or `and` of them.
    pub(super) fn guard(&mut self, pipe: &Pipe, value: &Val, f: &mut Frame) -> Vec<Guard> {
        let [cmd] = pipe.cmds.as_slice() else {
            return vec![Guard::Opaque];
        };
        match cmd.args.as_slice() {
            [Arg::Identifier { name, .. }, rest @ ..] if name == "and" => rest
                .iter()
                .map(|arg| self.operand_guard(arg, false, f))
                .collect(),
            [Arg::Identifier { name, .. }, arg] if name == "not" => {
                vec![self.operand_guard(arg, true, f)]
            }
            [Arg::Identifier { .. }, ..] => vec![Guard::Opaque],
            [_] => vec![single(value, false)],
            _ => vec![Guard::Opaque],
        }
    }

    fn operand_guard(&mut self, arg: &Arg, negated: bool, f: &mut Frame) -> Guard {
        match arg {
            Arg::Field { .. } | Arg::Variable { .. } | Arg::Chain { .. } | Arg::Dot { .. } => {
                let value = self.operand(arg, f);
                single(&value, negated)
            }
            _ => Guard::Opaque,
        }
    }
}

/// `omit d k…`: `d` less the constant keys (a computed key omits nothing the analysis can name).
fn omit(args: Vec<Val>) -> Val {
    let mut args = args.into_iter();
    let from = args.next().unwrap_or_default();
    let keys: Vec<String> = args
        .filter_map(|k| k.constant().map(str::to_string))
        .collect();
    let atoms = from.0.into_iter().map(|atom| match atom {
        Atom::Values(path) => Atom::Without(path, keys.clone()),
        Atom::Without(path, mut held) => {
            held.extend(keys.iter().cloned());
            Atom::Without(path, held)
        }
        Atom::Dict(entries) => Atom::Dict(
            entries
                .into_iter()
                .filter(|(k, _)| !keys.contains(k))
                .collect(),
        ),
        other => other,
    });
    Val(atoms.collect())
}

/// `printf` of constants with `%s`/`%v`/`%d` verbs only: each text it may print (at most 16).
fn printf(args: &[Val]) -> Option<Vec<String>> {
    let (format, rest) = args.split_first()?;
    let format = format.constant()?;
    let mut texts = vec![String::new()];
    let mut rest = rest.iter();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            texts.iter_mut().for_each(|t| t.push(c));
            continue;
        }
        match chars.next()? {
            '%' => texts.iter_mut().for_each(|t| t.push('%')),
            's' | 'v' | 'd' => {
                let arg = rest.next()?.constants()?;
                texts = texts
                    .iter()
                    .flat_map(|t| arg.iter().map(move |a| format!("{t}{a}")))
                    .collect();
                if texts.len() > 16 {
                    return None;
                }
            }
            _ => return None,
        }
    }
    rest.next().is_none().then_some(texts)
}

/// `splitList sep text` of constants: a list of the parts, one list for each text it may be.
fn split_list(args: &[Val]) -> Option<Val> {
    let [sep, text] = args else {
        return None;
    };
    let sep = sep.constant().filter(|s| !s.is_empty())?;
    let lists = text.constants()?.into_iter().map(|text| {
        Atom::List(
            text.split(sep)
                .map(|part| Val::one(Atom::Const(part.to_string())))
                .collect(),
        )
    });
    Some(Val(lists.collect()))
}

/// A guard on the one value `value` holds.
fn single(value: &Val, negated: bool) -> Guard {
    match (value.0.as_slice(), negated) {
        ([Atom::Values(path)], false) => Guard::Truthy(path.clone()),
        ([Atom::Values(path)], true) => Guard::Falsy(path.clone()),
        _ => Guard::Opaque,
    }
}

/// What `first`/`last` give: a list's items, or the value itself.
fn items(value: &Val) -> Val {
    let mut out = Val::none();
    for atom in &value.0 {
        out = out.union(match atom {
            Atom::List(items) => items.iter().fold(Val::none(), |a, v| a.union(v.clone())),
            other => Val::one(other.clone()),
        });
    }
    out
}

impl Val {
    /// This value, or nothing when it is too large to keep (read whole first).
    fn bounded(self, run: &mut Run<'_>, site: Site) -> Val {
        if self.too_big() {
            run.widen(&self, site, "a value too large for the analysis to follow");
            return Val::none();
        }
        self
    }
}
