//! Pipelines, commands, fields and calls (Go's `evalPipeline`, `evalCommand`, `evalField`,
//! `evalCall`).

use values_migrate_template::{Arg, Command, Pipe};

use super::Scope;
use super::args::{Sig, Ty};
use super::builtins::{self, Builtin};
use super::fail::Fail;
use super::helm::HelmFn;
use super::place::At;
use super::state::{Frame, Held, Run, call_fail, first_mask, first_mask_if};
use crate::func::{CallError, Ctx, Func, Spans};
use crate::value::{MapType, Mask, Str, Value};

/// A function a command calls.
#[derive(Clone, Copy)]
pub(crate) enum Callee {
    /// One of Go's builtins.
    Builtin(Builtin),
    /// One of Helm's functions that need the template set or Helm's error wrapping.
    Helm(HelmFn),
    /// A function of Helm's function map (sprig's and Helm's own).
    Func(Func),
}

impl Callee {
    /// The function a name calls: Helm's function map first (sprig's `slice` hides Go's), then
    /// Go's builtins, as Go's `findFunction` looks.
    pub(crate) fn find(name: &str) -> Option<Callee> {
        if let Some(h) = HelmFn::find(name) {
            return Some(Callee::Helm(h));
        }
        if let Some(f) = crate::funcs::lookup(name) {
            return Some(Callee::Func(f));
        }
        Builtin::find(name).map(Callee::Builtin)
    }

    /// The function's Go signature.
    fn sig(&self) -> Sig {
        match self {
            Callee::Builtin(b) => b.sig(),
            Callee::Helm(h) => h.sig(),
            Callee::Func(f) => Sig::go(f.params, f.variadic),
        }
    }
}

impl<'e, 'a> Run<'e, 'a> {
    /// Go's `evalPipeline`: each command's value is the next one's last argument; declared
    /// variables are pushed (or assigned).
    pub(crate) fn eval_pipeline<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        pipe: &'t Pipe,
    ) -> Result<Held, Fail> {
        self.check_stack(frame)?;
        frame.at = At::Pipe(pipe);
        if let Some(p) = self.env.provenance.as_mut() {
            p.begin();
        }
        let mut value: Option<Held> = None;
        for cmd in &pipe.cmds {
            let held = self.eval_command(frame, scope, dot, cmd, value.take())?;
            // A value held in an `interface {}` is dug out of it.
            value = Some(Held::new(held.value));
        }
        let mut value = value.unwrap_or(Held::new(Value::Nil));
        if let Some(p) = self.env.provenance.as_mut() {
            let set = p.end(!pipe.decl.is_empty());
            value.origin = Some(set);
        }
        for variable in &pipe.decl {
            if pipe.is_assign {
                frame.set_var(&variable.name, value.clone())?;
            } else {
                frame.vars.push((&variable.name, value.clone()));
            }
        }
        Ok(value)
    }

    /// Go's `notAFunction`.
    fn not_a_function(frame: &Frame, args: &[Arg], last: &Option<Held>) -> Result<(), Fail> {
        if args.len() > 1 || last.is_some() {
            let first = args.first().map(|a| a.go_string(&frame.entry.text));
            let first = first.unwrap_or_default();
            return Err(frame.errorf(format_args!("can't give argument to non-function {first}")));
        }
        Ok(())
    }

    /// Go's `evalCommand`.
    fn eval_command<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        cmd: &'t Command,
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        let Some(first) = cmd.args.first() else {
            return Err(frame.unsupported("an empty command"));
        };
        match first {
            Arg::Field { idents, .. } => {
                frame.at = At::Arg(first);
                self.eval_field_chain(
                    frame,
                    scope,
                    dot,
                    dot.clone(),
                    At::Arg(first),
                    idents,
                    &cmd.args,
                    last,
                )
            }
            Arg::Chain { .. } => self.eval_chain(frame, scope, dot, first, &cmd.args, last),
            Arg::Identifier { name, .. } => {
                frame.at = At::Arg(first);
                self.eval_function(frame, scope, dot, name, At::Cmd(cmd), &cmd.args, last)
            }
            Arg::Pipe(pipe) => {
                Self::not_a_function(frame, &cmd.args, &last)?;
                self.eval_pipeline(frame, scope, dot, pipe)
            }
            Arg::Variable { .. } => self.eval_variable(frame, scope, dot, first, &cmd.args, last),
            _ => {
                frame.at = At::Arg(first);
                Self::not_a_function(frame, &cmd.args, &last)?;
                match first {
                    Arg::Bool { value, .. } => Ok(Held::new(Value::Bool(*value))),
                    Arg::Dot { .. } => {
                        self.read_origin(dot);
                        Ok(dot.clone())
                    }
                    Arg::Nil { .. } => Err(frame.errorf("nil is not a command")),
                    Arg::Number { text, .. } => super::args::ideal_constant(frame, text),
                    Arg::String { value, .. } => Ok(Held::new(Value::str(value.as_str()))),
                    _ => Err(frame.unsupported("a command of this kind")),
                }
            }
        }
    }

    /// Go's `evalChainNode`: `(pipeline).A.B`.
    pub(crate) fn eval_chain<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        chain: &'t Arg,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        frame.at = At::Arg(chain);
        let Arg::Chain { node, fields, .. } = chain else {
            return Err(frame.unsupported("a chain of this kind"));
        };
        let receiver = match node.as_ref() {
            Arg::Nil { .. } => {
                let shown = chain.go_string(&frame.entry.text);
                return Err(
                    frame.errorf(format_args!("indirection through explicit nil in {shown}"))
                );
            }
            Arg::Pipe(pipe) => {
                frame.at = At::Pipe(pipe);
                self.eval_pipeline(frame, scope, dot, pipe)?
            }
            _ => return Err(frame.unsupported("fields of a constant")),
        };
        // `(index .Values "a-b").c` reads `a-b.c`, not all of `a-b`.
        if let Some(p) = self.env.provenance.as_mut() {
            if let Some(id) = p.path_of(&receiver.value) {
                p.unread(id);
            }
        }
        self.eval_field_chain(
            frame,
            scope,
            dot,
            receiver,
            At::Arg(chain),
            fields,
            args,
            last,
        )
    }

    /// Go's `evalVariableNode`: `$x` or `$x.A.B`.
    pub(crate) fn eval_variable<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        variable: &'t Arg,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        frame.at = At::Arg(variable);
        let Arg::Variable { name, idents, .. } = variable else {
            return Err(frame.unsupported("a variable of this kind"));
        };
        let value = frame.var(name)?;
        if idents.is_empty() {
            self.read_origin(&value);
            Self::not_a_function(frame, args, &last)?;
            return Ok(value);
        }
        self.eval_field_chain(
            frame,
            scope,
            dot,
            value,
            At::Arg(variable),
            idents,
            args,
            last,
        )
    }

    /// Go's `evalFieldChain`: every field but the last without arguments.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eval_field_chain<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        mut receiver: Held,
        node: At<'t>,
        idents: &'t [String],
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        let Some((final_ident, path)) = idents.split_last() else {
            return Err(frame.unsupported("a field chain without fields"));
        };
        // A values map's field is read by its own path; anything else by what made it.
        let tracked = self
            .env
            .provenance
            .as_ref()
            .is_some_and(|p| p.path_of(&receiver.value).is_some());
        if !tracked {
            self.read_origin(&receiver);
        }
        // The maps on the way are not read (only the last field is).
        self.set_quiet(true);
        for ident in path {
            let next = self.eval_field(frame, scope, dot, ident, node, &[], None, receiver);
            receiver = next.inspect_err(|_| self.set_quiet(false))?;
        }
        self.set_quiet(false);
        self.eval_field(frame, scope, dot, final_ident, node, args, last, receiver)
    }

    /// Go's `evalField` on a map (`missingkey=zero`) or an object's field or method.
    #[allow(clippy::too_many_arguments)]
    fn eval_field<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        name: &str,
        node: At<'t>,
        args: &'t [Arg],
        last: Option<Held>,
        receiver: Held,
    ) -> Result<Held, Fail> {
        let has_args = args.len() > 1 || last.is_some();
        match &receiver.value {
            Value::Nil if !receiver.boxed => Ok(Held::new(Value::Nil)),
            Value::Nil => {
                Err(frame.errorf(format_args!("nil pointer evaluating interface {{}}.{name}")))
            }
            Value::Map(map, kind) => {
                if (*kind == MapType::Values || self.is_values(map))
                    && VALUES_METHODS.contains(&name)
                {
                    if matches!(name, "Table" | "PathValue") {
                        let object = crate::engine::ValuesMethods(map.clone());
                        let found =
                            self.eval_method(frame, scope, dot, &object, name, node, args, last)?;
                        return found.ok_or_else(|| {
                            frame.unsupported(format_args!("the method {name} of .Values"))
                        });
                    }
                    return values_method(frame, map, name, has_args);
                }
                if has_args {
                    return Err(
                        frame.errorf(format_args!("{name} is not a method but has arguments"))
                    );
                }
                let found = map.borrow().get(name).cloned();
                if let Some(p) = self.env.provenance.as_mut() {
                    let seg = super::provenance::Seg::Key(name.to_string());
                    if let Some(id) = p.child_of(&receiver.value, seg) {
                        match &found {
                            Some(Value::Map(..) | Value::List(..)) => p.read_whole(id),
                            _ => p.read(id),
                        }
                    } else if let Some(0) = found.as_ref().and_then(|f| p.path_of(f)) {
                        // `.Values` itself, taken whole (`toYaml .Values`).
                        p.read_whole(0);
                    }
                }
                Ok(match (found, kind) {
                    (Some(value), MapType::Any | MapType::Values) => Held {
                        value,
                        boxed: true,
                        origin: None,
                    },
                    (Some(value), MapType::String) => Held::new(value),
                    (None, MapType::Any | MapType::Values) => Held {
                        value: Value::Nil,
                        boxed: true,
                        origin: None,
                    },
                    (None, MapType::String) => Held::new(Value::str("")),
                })
            }
            Value::Object(object) => {
                let object = object.clone();
                let shown = receiver.type_name();
                let found =
                    self.eval_method(frame, scope, dot, &*object, name, node, args, last)?;
                found.ok_or_else(|| {
                    frame.errorf(format_args!("can't evaluate field {name} in type {shown}"))
                })
            }
            _ => Err(frame.errorf(format_args!(
                "can't evaluate field {name} in type {}",
                receiver.type_name()
            ))),
        }
    }

    /// A field or method of an object (`.Files.Get "x"`, `.Capabilities.KubeVersion`); `None`
    /// when the object has no such name.
    #[allow(clippy::too_many_arguments)]
    fn eval_method<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        object: &dyn crate::value::Object,
        name: &str,
        node: At<'t>,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Option<Held>, Fail> {
        let has_args = args.len() > 1 || last.is_some();
        if let Some(value) = object.field(name).filter(|_| !has_args) {
            return Ok(Some(Held {
                value,
                boxed: true,
                origin: None,
            }));
        }
        let values = match object.params(name) {
            Some(params) => self.method_args(frame, scope, dot, name, node, params, args, last)?,
            None => {
                let mut values = Vec::new();
                for arg in args.iter().skip(1) {
                    values.push(self.eval_arg(frame, scope, dot, Ty::Any, arg)?.value);
                }
                values.extend(last.map(|l| l.value));
                values
            }
        };
        match object.call(name, &values) {
            Some(Ok(value)) => Ok(Some(Held::new(value))),
            Some(Err(message)) => {
                frame.at = node;
                let error = match message.strip_prefix(crate::value::UNSUPPORTED) {
                    Some(what) => CallError::Unsupported(what.to_string()),
                    None => CallError::Go(message),
                };
                Err(call_fail(frame, name, error))
            }
            // A field (or a method of no arguments) given arguments: Go's words depend on which.
            None if object.field(name).is_some() => Err(frame.unsupported(format_args!(
                "arguments to {name} of {}",
                object.type_name()
            ))),
            None => Ok(None),
        }
    }

    /// A method's arguments checked against its Go parameters and converted to them (Go's
    /// `evalCall`: the count first, at the method; then each argument, at the argument).
    #[allow(clippy::too_many_arguments)]
    fn method_args<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        name: &str,
        node: At<'t>,
        params: &[crate::func::Param],
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Vec<Value>, Fail> {
        let given = args.get(1..).unwrap_or(&[]);
        let num_in = given.len() + usize::from(last.is_some());
        if num_in != params.len() {
            frame.at = node;
            return Err(frame.errorf(format_args!(
                "wrong number of args for {name}: want {} got {num_in}",
                params.len()
            )));
        }
        let mut values = Vec::with_capacity(num_in);
        for (arg, param) in given.iter().zip(params) {
            values.push(self.eval_arg(frame, scope, dot, Ty::Go(*param), arg)?.value);
        }
        if let (Some(last), Some(param)) = (last, params.last()) {
            frame.at = node;
            values.push(self.validate(frame, last, Ty::Go(*param))?.value);
        }
        Ok(values)
    }

    /// Go's `evalFunction`: a named function called with the command's arguments.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eval_function<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        name: &str,
        node: At<'t>,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        let Some(callee) = Callee::find(name) else {
            return Err(frame.unsupported(format_args!("the function {name}")));
        };
        self.step(frame)?;
        self.eval_call(
            frame,
            scope,
            dot,
            callee,
            name,
            node,
            args.get(1..).unwrap_or(&[]),
            last,
        )
    }

    /// Go's `evalCall`: arity, `and`/`or` short-circuit, arguments converted, the call.
    #[allow(clippy::too_many_arguments)]
    fn eval_call<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        callee: Callee,
        name: &str,
        node: At<'t>,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        let sig = callee.sig();
        let num_in = args.len() + usize::from(last.is_some());
        let fixed = sig.fixed_len();
        if sig.variadic.is_some() {
            if num_in < fixed {
                return Err(frame.errorf(format_args!(
                    "wrong number of args for {name}: want at least {fixed} got {}",
                    args.len()
                )));
            }
        } else if num_in != fixed {
            return Err(frame.errorf(format_args!(
                "wrong number of args for {name}: want {fixed} got {num_in}"
            )));
        }
        if let Callee::Builtin(b @ (Builtin::And | Builtin::Or)) = callee {
            return self.and_or(frame, scope, dot, b == Builtin::Or, args, last);
        }
        let mut argv = Vec::with_capacity(num_in);
        for (i, arg) in args.iter().enumerate() {
            let ty = sig.ty(i);
            argv.push(self.eval_arg(frame, scope, dot, ty, arg)?);
        }
        if let Some(last) = last {
            let ty = sig.ty(num_in - 1);
            argv.push(self.validate(frame, last, ty)?);
        }
        self.call(frame, scope, callee, name, node, argv)
    }

    /// `and` and `or`: the first argument that decides, else the last (Go's special case).
    fn and_or<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        or: bool,
        args: &'t [Arg],
        last: Option<Held>,
    ) -> Result<Held, Fail> {
        let mut value = Held::new(Value::Nil);
        for arg in args {
            value = self.eval_arg(frame, scope, dot, Ty::Reflect, arg)?;
            if value.value.truth() == or {
                return Ok(value);
            }
        }
        if let Some(last) = last {
            value = last;
        }
        Ok(value)
    }

    /// Calls the function with converted arguments; masks a string result made from masked
    /// arguments when the function says so.
    fn call<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        callee: Callee,
        name: &str,
        node: At<'t>,
        argv: Vec<Held>,
    ) -> Result<Held, Fail> {
        self.env.masks_made |= crate::funcs::makes_masks(name);
        let made = self.env.masks_made;
        let mask = argv.iter().find_map(|a| first_mask_if(made, &a.value));
        let read = if made { read_mask(name, &argv) } else { None };
        // Each string argument's length and whether it is masked (for `eq` and `ne`).
        let argv_shape: Vec<Option<(usize, bool)>> = argv
            .iter()
            .map(|a| match &a.value {
                Value::Str(s) => Some((s.text.len(), s.masks.is_some())),
                _ => None,
            })
            .collect();
        let texts = mask.map(|_| masked_texts(&argv)).unwrap_or_default();
        if self.env.provenance.is_some() {
            self.read_looked_up(name, &argv);
        }
        let fail = |frame: &mut Frame<'t>, error: CallError| {
            frame.at = node;
            call_fail(frame, name, quoting_masked(error, &texts, read.is_some()))
        };
        let (result, whole) = match callee {
            Callee::Builtin(b) => {
                let whole = b.masks_whole();
                let result = builtins::call(b, &mut self.env.budget, argv);
                (result.map_err(|e| fail(frame, e))?, whole)
            }
            Callee::Helm(h) => match self.call_helm(frame, scope, h, name, node, argv) {
                // `fail`, `required` and `include` quote their masked argument in Go's words.
                Err(Fail::Go(_)) if read.is_some() => {
                    return Err(fail(frame, masked_error()));
                }
                result => (result?, false),
            },
            Callee::Func(f) => {
                let values = argv.into_iter().map(|h| h.value).collect();
                let mut ctx = Ctx {
                    budget: &mut self.env.budget,
                    random: &mut self.env.random,
                    yaml: self.env.yaml,
                };
                let value = (f.call)(&mut ctx, values).map_err(|e| fail(frame, e))?;
                (Held::new(value), f.spans == Spans::Whole)
            }
        };
        if let Some(from) = read.filter(|_| !carries_masks(&result.value)) {
            let by_length = LENGTH_ONLY.contains(&name) || decided_by_length(name, &argv_shape);
            if !by_length && !MASKED_OBJECTS.contains(&name) {
                let what = format!(
                    "a {} computed from masked ({from}) text",
                    result.value.type_name()
                );
                return Err(fail(frame, CallError::Unsupported(what)));
            }
        }
        match (mask, whole, &result.value) {
            (Some(from), true, Value::Str(s)) if !s.text.is_empty() => {
                Ok(Held::new(Value::Str(masked_whole(&s.text, from))))
            }
            _ => Ok(result),
        }
    }
}

impl Run<'_, '_> {
    /// Stops (or resumes) recording reads.
    fn set_quiet(&mut self, quiet: bool) {
        if let Some(p) = self.env.provenance.as_mut() {
            p.quiet = quiet;
        }
    }

    /// Records the value path a lookup function reads (`index`, `get`, `hasKey`, `dig`,
    /// `pluck`) when its container is a values map or list.
    fn read_looked_up(&mut self, name: &str, argv: &[Held]) {
        let Some(p) = self.env.provenance.as_mut() else {
            return;
        };
        let (container, keys): (&[Held], &[Held]) = match name {
            "index" | "get" | "hasKey" => match argv.split_first() {
                Some((first, rest)) => (std::slice::from_ref(first), rest),
                None => return,
            },
            "dig" if argv.len() >= 2 => match argv.split_last() {
                Some((last, rest)) => (
                    std::slice::from_ref(last),
                    rest.get(..rest.len() - 1).unwrap_or(&[]),
                ),
                None => return,
            },
            "pluck" if !argv.is_empty() => {
                let key = &argv[..1];
                for map in argv.get(1..).unwrap_or(&[]) {
                    if let Some(Value::Str(s)) = key.first().map(|k| &k.value) {
                        let seg = super::provenance::Seg::Key(s.text.to_string());
                        if let Some(id) = p.child_of(&map.value, seg) {
                            p.read(id);
                        }
                    }
                }
                return;
            }
            _ => return,
        };
        let Some(first) = container.first() else {
            return;
        };
        let Some(mut at) = p.path_of(&first.value) else {
            return;
        };
        if !keys.is_empty() {
            p.unread(at);
        }
        let mut value = first.value.clone();
        for key in keys {
            let seg = match (&key.value, &value) {
                (Value::Str(s), Value::Map(..)) => super::provenance::Seg::Key(s.text.to_string()),
                (Value::Int(n, _), Value::List(..)) => {
                    super::provenance::Seg::Index(usize::try_from(*n).unwrap_or(usize::MAX))
                }
                _ => break,
            };
            let next = match (&value, &seg) {
                (Value::Map(map, _), super::provenance::Seg::Key(k)) => {
                    map.borrow().get(k).cloned().unwrap_or(Value::Nil)
                }
                (Value::List(items, _), super::provenance::Seg::Index(i)) => {
                    items.get(*i).cloned().unwrap_or(Value::Nil)
                }
                _ => Value::Nil,
            };
            at = p.paths.child(at, seg);
            value = next;
        }
        match value {
            Value::Map(..) | Value::List(..) => p.read_whole(at),
            _ => p.read(at),
        }
    }
}

/// The methods of Helm's `common.Values`, the type of `.Values` (Go calls a method before it
/// reads a key of the same name).
const VALUES_METHODS: &[&str] = &["AsMap", "Encode", "PathValue", "Table", "YAML"];

/// A method of `.Values`: `AsMap` gives the map, `YAML` its YAML; the others are refused.
fn values_method(
    frame: &Frame,
    map: &crate::value::MapRef,
    name: &str,
    has_args: bool,
) -> Result<Held, Fail> {
    let values = Value::Map(map.clone(), MapType::Any);
    match (name, has_args) {
        ("AsMap", false) => Ok(Held::new(values)),
        ("YAML", false) => {
            let text = crate::yaml::to_yaml(&values).map_err(|e| call_fail(frame, name, e))?;
            Ok(Held::new(match first_mask(&values) {
                Some(from) => Value::Str(masked_whole(&std::rc::Rc::from(text), from)),
                None => Value::str(text),
            }))
        }
        _ => Err(frame.unsupported(format_args!("the method {name} of .Values"))),
    }
}

/// The functions whose result from masked text depends on its length (and kind) only, which
/// random and clock output shares with Helm's: `len`, the truth of a string, and the functions
/// that return one of their operands chosen by truth.
const LENGTH_ONLY: &[&str] = &[
    "len",
    "empty",
    "not",
    "kindIs",
    "typeIs",
    "typeIsLike",
    "default",
    "coalesce",
    "ternary",
];

/// Whether `eq` or `ne` of strings is decided by their lengths alone: every comparison with
/// masked text is between strings of different lengths (`ne (toJson $secret) "null"`), which
/// random and clock output shares with Helm's.
fn decided_by_length(name: &str, shape: &[Option<(usize, bool)>]) -> bool {
    let Some((Some((len, masked)), others)) = shape.split_first() else {
        return false;
    };
    matches!(name, "eq" | "ne")
        && others.iter().all(|other| match other {
            Some((other_len, other_masked)) => other_len != len || !(*masked || *other_masked),
            None => false,
        })
}

/// The functions whose object result masks its own fields (a certificate made with a random
/// key is random as a whole).
const MASKED_OBJECTS: &[&str] = &[
    "genCAWithKey",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
];

/// The functions that read the strings inside a list or map argument (compare them).
const READS_INSIDE: &[&str] = &["deepEqual", "has", "mustHas"];

/// The mask of the text a function reads: a masked string argument, or a masked string inside
/// a list or map argument of a function that compares contents.
fn read_mask(name: &str, argv: &[Held]) -> Option<&'static str> {
    let inside = READS_INSIDE.contains(&name);
    argv.iter().find_map(|a| match &a.value {
        Value::Str(s) => s.masks.as_ref().and_then(|m| m.first()).map(|m| m.from),
        other if inside => first_mask(other),
        _ => None,
    })
}

/// Whether a value carries what was masked in it: a string (its function placed the spans), or
/// a list or map that holds masked text (one made of masked text holding none, `splitList "a"
/// (randAlpha 9)`, has pieces as many and as long as the random text decides).
fn carries_masks(value: &Value) -> bool {
    match value {
        Value::Str(_) => true,
        Value::List(..) | Value::Map(..) => value.is_masked(),
        _ => false,
    }
}

/// The masked texts of the arguments (at any depth; at most 64).
fn masked_texts(argv: &[Held]) -> Vec<String> {
    fn walk(value: &Value, out: &mut Vec<String>, depth: usize) {
        if out.len() >= 64 || depth > 32 {
            return;
        }
        match value {
            Value::Str(s) => {
                for m in s.masks.iter().flat_map(|m| m.iter()) {
                    if let Some(text) = s.text.get(m.start..m.end).filter(|t| !t.is_empty()) {
                        out.push(text.to_string());
                    }
                }
            }
            Value::List(items, _) => items.iter().for_each(|v| walk(v, out, depth + 1)),
            Value::Map(map, _) => map.borrow().values().for_each(|v| walk(v, out, depth + 1)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    argv.iter().for_each(|a| walk(&a.value, &mut out, 0));
    out
}

/// A Go error from masked text read (Helm's random text may not fail, or fail otherwise), or
/// whose words quote masked text: refused.
fn quoting_masked(error: CallError, texts: &[String], read: bool) -> CallError {
    match &error {
        CallError::Go(words) | CallError::Fail(words)
            if read || texts.iter().any(|t| words.contains(t.as_str())) =>
        {
            masked_error()
        }
        _ => error,
    }
}

/// The refusal of an error made from (or quoting) masked (random or clock) text.
fn masked_error() -> CallError {
    CallError::Unsupported("an error made from masked (random or clock) text".to_string())
}

/// A string masked as a whole.
pub(crate) fn masked_whole(text: &std::rc::Rc<str>, from: &'static str) -> Str {
    Str {
        text: text.clone(),
        masks: Some(std::rc::Rc::new(vec![Mask {
            start: 0,
            end: text.len(),
            from,
        }])),
    }
}
