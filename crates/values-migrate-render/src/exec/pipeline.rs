//! Pipelines, commands, fields and calls (Go's `evalPipeline`, `evalCommand`, `evalField`,
//! `evalCall`).

use values_migrate_template::{Arg, Command, Pipe};

use super::Scope;
use super::args::{Sig, Ty};
use super::builtins::{self, Builtin};
use super::fail::Fail;
use super::helm::HelmFn;
use super::place::At;
use super::state::{Frame, Held, Run, call_fail, first_mask};
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
        let mut value: Option<Held> = None;
        for cmd in &pipe.cmds {
            let held = self.eval_command(frame, scope, dot, cmd, value.take())?;
            // A value held in an `interface {}` is dug out of it.
            value = Some(Held::new(held.value));
        }
        let value = value.unwrap_or(Held::new(Value::Nil));
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
                    Arg::Dot { .. } => Ok(dot.clone()),
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
        for ident in path {
            receiver = self.eval_field(frame, scope, dot, ident, node, &[], None, receiver)?;
        }
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
                if self.is_values(map) && VALUES_METHODS.contains(&name) {
                    return values_method(frame, map, name, has_args);
                }
                if has_args {
                    return Err(
                        frame.errorf(format_args!("{name} is not a method but has arguments"))
                    );
                }
                let found = map.borrow().get(name).cloned();
                Ok(match (found, kind) {
                    (Some(value), MapType::Any) => Held { value, boxed: true },
                    (Some(value), MapType::String) => Held::new(value),
                    (None, MapType::Any) => Held {
                        value: Value::Nil,
                        boxed: true,
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
            return Ok(Some(Held { value, boxed: true }));
        }
        let mut values = Vec::new();
        for arg in args.iter().skip(1) {
            values.push(self.eval_arg(frame, scope, dot, Ty::Any, arg)?.value);
        }
        if let Some(last) = last {
            values.push(last.value);
        }
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
        let mask = argv.iter().find_map(|a| first_mask(&a.value));
        let fail = |frame: &mut Frame<'t>, error: CallError| {
            frame.at = node;
            call_fail(frame, name, error)
        };
        let (result, whole) = match callee {
            Callee::Builtin(b) => {
                let whole = b.masks_whole();
                let result = builtins::call(b, &mut self.env.budget, argv);
                (result.map_err(|e| fail(frame, e))?, whole)
            }
            Callee::Helm(h) => (self.call_helm(frame, scope, h, name, node, argv)?, false),
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
        match (mask, whole, &result.value) {
            (Some(from), true, Value::Str(s)) if !s.text.is_empty() => {
                Ok(Held::new(Value::Str(masked_whole(&s.text, from))))
            }
            _ => Ok(result),
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
