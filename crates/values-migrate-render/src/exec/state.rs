//! The walk of a template's nodes (Go's `state.walk`): text, actions, `if`, `with`, `range`,
//! `break`, `continue` and `template`, with Go's variable stack.

use std::collections::BTreeMap;

use values_migrate_template::{Branch, Node, Pipe};

use super::fail::{Fail, GoError, Place};
use super::place::{At, line_col};
use super::{Entry, Env, Output, Scope};
use crate::error::{ErrorKind, RenderError};
use crate::value::{IntType, MapRef, MapType, Value};
use std::rc::Rc;

/// How many bytes of native stack the evaluation's recursion (bodies, pipelines, templates,
/// `include`, `tpl`) may use before it is refused: half of a 2 MiB thread's stack natively, and a
/// quarter of the 1 MiB stack a Rust wasm module gets by default.
#[cfg(not(target_arch = "wasm32"))]
const STACK_LIMIT: usize = 1 << 20;
/// How many bytes of native stack the evaluation may use (wasm: a quarter of the default 1 MiB).
#[cfg(target_arch = "wasm32")]
const STACK_LIMIT: usize = 256 << 10;

/// Where the stack is now: the address of a local (stacks are contiguous, natively and in wasm's
/// shadow stack, so the distance between two such addresses is the stack used between them).
#[inline(never)]
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// A value as Go's `reflect.Value` holds it: a nil read from a map or a list is a nil *inside
/// an interface* (`boxed`), which Go treats differently from no value at all.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    pub value: Value,
    pub boxed: bool,
    /// The value paths it was made from (only when provenance is recorded).
    pub origin: Option<super::provenance::PathSet>,
}

impl Held {
    /// A value not inside an interface.
    pub(crate) fn new(value: Value) -> Held {
        Held {
            value,
            boxed: false,
            origin: None,
        }
    }

    /// Go's `reflect.Value.Type()` name: `interface {}` for a value held in an interface.
    pub(crate) fn type_name(&self) -> &'static str {
        if self.boxed {
            "interface {}"
        } else {
            self.value.type_name()
        }
    }
}

/// How a list of nodes ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Normal,
    Break,
    Continue,
}

/// What one render shares across templates: the environment, Helm's `includedNames`, nesting.
pub(crate) struct Run<'e, 'a> {
    pub env: &'e mut Env<'a>,
    pub included: BTreeMap<String, u32>,
    /// The stack position when the render began.
    base: usize,
    /// The map under the dot's `Values` (Helm's `common.Values`, a map type with methods).
    values: Option<MapRef>,
}

/// One template's execution (Go's `state`): its tree, its variables, the node it is at.
pub(crate) struct Frame<'t> {
    pub entry: &'t Entry,
    pub vars: Vec<(&'t str, Held)>,
    pub at: At<'t>,
}

impl<'t> Frame<'t> {
    /// Go's location of the current node.
    pub(crate) fn place(&self) -> Place {
        let text = &self.entry.text;
        let (line, column) = line_col(text, self.at.pos(text));
        Place {
            file: self.entry.tree.file.clone(),
            line,
            column,
        }
    }

    /// The prefix Go's `state.errorf` puts before a message.
    pub(crate) fn prefix(&self) -> String {
        let name = &self.entry.tree.name;
        let quoted = values_migrate_unicode::quote(name, '"');
        if matches!(self.at, At::Nowhere) {
            return format!("template: {name}: ");
        }
        let place = self.place();
        let context = self.at.context(&self.entry.text);
        format!(
            "template: {}:{}:{}: executing {quoted} at <{context}>: ",
            place.file, place.line, place.column
        )
    }

    /// Go's `state.errorf`: an `ExecError` at the current node.
    pub(crate) fn errorf(&self, message: impl std::fmt::Display) -> Fail {
        Fail::go(GoError::exec(
            format!("{}{message}", self.prefix()),
            self.place(),
        ))
    }

    /// A refusal at the current node.
    pub(crate) fn refuse(&self, kind: ErrorKind, message: impl Into<String>) -> Fail {
        let place = self.place();
        Fail::refused(RenderError {
            message: message.into(),
            file: place.file,
            line: place.line,
            column: place.column,
            kind,
        })
    }

    /// A feature this port does not render, refused at the current node.
    pub(crate) fn unsupported(&self, what: impl std::fmt::Display) -> Fail {
        self.refuse(ErrorKind::Unsupported, format!("unsupported: {what}"))
    }

    /// The value of a variable (Go's `varValue`).
    pub(crate) fn var(&self, name: &str) -> Result<Held, Fail> {
        match self.vars.iter().rev().find(|(n, _)| *n == name) {
            Some((_, held)) => Ok(held.clone()),
            None => Err(self.errorf(format_args!("undefined variable: {name}"))),
        }
    }

    /// Go's `setVar`: overwrites the last declared variable of that name.
    pub(crate) fn set_var(&mut self, name: &str, held: Held) -> Result<(), Fail> {
        match self.vars.iter_mut().rev().find(|(n, _)| *n == name) {
            Some((_, slot)) => {
                *slot = held;
                Ok(())
            }
            None => Err(self.errorf(format_args!("undefined variable: {name}"))),
        }
    }
}

impl<'e, 'a> Run<'e, 'a> {
    /// A render's shared state.
    pub(crate) fn new(env: &'e mut Env<'a>) -> Self {
        Run {
            env,
            included: BTreeMap::new(),
            base: stack_position(),
            values: None,
        }
    }

    /// Refuses to recurse further when the render has used its share of the native stack.
    pub(crate) fn check_stack(&mut self, frame: &Frame) -> Result<(), Fail> {
        if self.base.abs_diff(stack_position()) > STACK_LIMIT {
            return Err(frame.refuse(
                ErrorKind::Budget,
                "the templates nest deeper than the render's stack allows",
            ));
        }
        Ok(())
    }

    /// Records the dot's `.Values` map, whose fields named as `common.Values`' methods are calls.
    pub(crate) fn set_values(&mut self, dot: &Value) {
        if let Value::Map(map, _) = dot {
            if let Some(Value::Map(values, _)) = map.borrow().get("Values") {
                self.values = Some(values.clone());
            }
        }
    }

    /// Whether a map is the dot's `.Values`.
    pub(crate) fn is_values(&self, map: &MapRef) -> bool {
        self.values.as_ref().is_some_and(|v| Rc::ptr_eq(v, map))
            || self.env.values.iter().any(|v| Rc::ptr_eq(v, map))
    }

    /// Spends one step at the current node.
    pub(crate) fn step(&mut self, frame: &Frame) -> Result<(), Fail> {
        self.env
            .budget
            .step()
            .map_err(|m| frame.refuse(ErrorKind::Budget, m))
    }

    /// Go's `Template.execute`: the tree with `$` and dot set to `dot`.
    pub(crate) fn exec_entry(
        &mut self,
        entry: &Entry,
        scope: &Scope,
        dot: Value,
        out: &mut Output,
    ) -> Result<(), Fail> {
        let dot = Held::new(dot);
        let mut frame = Frame {
            entry,
            vars: vec![("$", dot.clone())],
            at: At::Nowhere,
        };
        self.walk_list(&mut frame, scope, &dot, &entry.tree.root, out)
            .map(drop)
    }

    /// Walks a list of nodes, stopping at a `break` or `continue`.
    pub(crate) fn walk_list<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        list: &'t [Node],
        out: &mut Output,
    ) -> Result<Flow, Fail> {
        frame.at = At::List(list);
        for node in list {
            let flow = self.walk_node(frame, scope, dot, node, out)?;
            if flow != Flow::Normal {
                return Ok(flow);
            }
        }
        Ok(Flow::Normal)
    }

    /// Walks one node (Go's `walk`).
    fn walk_node<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        node: &'t Node,
        out: &mut Output,
    ) -> Result<Flow, Fail> {
        frame.at = At::Node(node);
        self.step(frame)?;
        match node {
            Node::Text { pos, end } => {
                let text = frame.entry.text.get(*pos..*end).unwrap_or("");
                let start = out.text.len();
                out.push(text, &mut self.env.budget)
                    .map_err(|m| frame.refuse(ErrorKind::Budget, m))?;
                if let Some(masks) = &frame.entry.masks {
                    out.masks.extend(text_masks(masks, *pos, *end, start));
                }
                if let Some(p) = self.env.provenance.as_mut() {
                    let control = p.control();
                    if !control.is_empty() && out.text.len() > start {
                        out.origins.push(super::provenance::Origin {
                            start,
                            end: out.text.len(),
                            data: std::rc::Rc::from([]),
                            control,
                        });
                    }
                }
            }
            Node::Comment { .. } => {}
            Node::Action { pipe, .. } => {
                let value = self.eval_statement(frame, scope, dot, pipe)?;
                if pipe.decl.is_empty() {
                    frame.at = At::Node(node);
                    let start = out.text.len();
                    self.print(frame, &value.value, out)?;
                    if let Some(p) = self.env.provenance.as_mut() {
                        let data = p.last.take().unwrap_or_else(|| std::rc::Rc::from([]));
                        let control = p.control();
                        let end = out.text.len();
                        if end > start && !(data.is_empty() && control.is_empty()) {
                            out.origins.push(super::provenance::Origin {
                                start,
                                end,
                                data,
                                control,
                            });
                        }
                    }
                }
            }
            Node::If(branch) => return self.walk_if_with(frame, scope, dot, branch, false, out),
            Node::With(branch) => return self.walk_if_with(frame, scope, dot, branch, true, out),
            Node::Range(branch) => return self.walk_range(frame, scope, dot, branch, out),
            Node::Template { .. } => self.walk_template(frame, scope, dot, node, out)?,
            Node::Break { .. } => return Ok(Flow::Break),
            Node::Continue { .. } => return Ok(Flow::Continue),
        }
        Ok(Flow::Normal)
    }

    /// Walks a body in a deeper level of recursion.
    fn walk_body<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        list: &'t [Node],
        out: &mut Output,
    ) -> Result<Flow, Fail> {
        self.check_stack(frame)?;
        self.walk_list(frame, scope, dot, list, out)
    }

    /// `if` and `with` (Go's `walkIfOrWith`); the pipeline's variables end with the node.
    fn walk_if_with<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        branch: &'t Branch,
        with: bool,
        out: &mut Output,
    ) -> Result<Flow, Fail> {
        let mark = frame.vars.len();
        let mut value = self.eval_statement(frame, scope, dot, &branch.pipe)?;
        let decided = self.enter_body();
        value.origin = decided;
        let flow = if truth(&value.value) {
            match with {
                true => self.walk_body(frame, scope, &value, &branch.list, out),
                false => self.walk_body(frame, scope, dot, &branch.list, out),
            }
        } else if let Some(else_list) = &branch.else_list {
            self.walk_body(frame, scope, dot, else_list, out)
        } else {
            Ok(Flow::Normal)
        };
        frame.vars.truncate(mark);
        self.leave_body();
        flow
    }

    /// `range` (Go's `walkRange`): lists, maps in key order, integers; `else` when empty.
    fn walk_range<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        branch: &'t Branch,
        out: &mut Output,
    ) -> Result<Flow, Fail> {
        let outer = frame.vars.len();
        let value = self.eval_statement(frame, scope, dot, &branch.pipe)?;
        let items = self.range_items(frame, &branch.pipe, &value)?;
        let decided = self.enter_body();
        let over = match (&self.env.provenance, &decided) {
            (Some(p), Some(_)) => p.path_of(&value.value),
            _ => None,
        };
        let result = match items {
            Some(items) if !items.is_empty() => self
                .range_loop(frame, scope, branch, items, (decided, over), out)
                .map(drop),
            _ => match &branch.else_list {
                Some(else_list) => self.walk_body(frame, scope, dot, else_list, out).map(drop),
                None => Ok(()),
            },
        };
        frame.vars.truncate(outer);
        self.leave_body();
        result.map(|()| Flow::Normal)
    }

    /// The (index, element) pairs a range visits; `None` for a nil value.
    #[allow(clippy::type_complexity)]
    fn range_items(
        &mut self,
        frame: &Frame,
        pipe: &Pipe,
        value: &Held,
    ) -> Result<Option<RangeItems>, Fail> {
        match &value.value {
            Value::Nil => Ok(None),
            Value::List(items, elem) => Ok(Some(RangeItems::List(
                items.clone(),
                matches!(elem, crate::value::ElemType::Any),
            ))),
            Value::Map(map, kind) => {
                let entries: Vec<(String, Value)> = map
                    .borrow()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                Ok(Some(RangeItems::Map(entries, *kind != MapType::String)))
            }
            Value::Int(n, kind) => {
                if pipe.decl.len() > 1 {
                    return Err(frame.errorf(format_args!(
                        "can't use {n} to iterate over more than one variable"
                    )));
                }
                if *kind == IntType::Uint64 && *n < 0 {
                    return Err(frame.unsupported("range over a uint64 above 2^63"));
                }
                Ok(Some(RangeItems::Int(*n, *kind)))
            }
            // A map or slice type with methods (`.Files`, `.Capabilities.APIVersions`).
            Value::Object(object) if object.entries().is_some() => {
                let entries = object.entries().unwrap_or_default();
                if entries.iter().all(|(k, _)| k.as_str().is_some()) && !entries.is_empty() {
                    let keyed = entries.into_iter();
                    let keyed = keyed.map(|(k, v)| (k.as_str().unwrap_or_default().to_string(), v));
                    return Ok(Some(RangeItems::Map(keyed.collect(), false)));
                }
                let items = entries.into_iter().map(|(_, v)| v).collect();
                Ok(Some(RangeItems::List(std::rc::Rc::new(items), false)))
            }
            other => {
                let shown = crate::gofmt::print_value(other)
                    .map_err(|_| frame.unsupported(format!("range over {}", other.type_name())))?;
                Err(frame.errorf(format_args!("range can't iterate over {shown}")))
            }
        }
    }

    /// Runs a range's iterations, each with its variables set and then popped.
    fn range_loop<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        branch: &'t Branch,
        items: RangeItems,
        (decided, over): (Option<super::provenance::PathSet>, Option<u32>),
        out: &mut Output,
    ) -> Result<(), Fail> {
        let mark = frame.vars.len();
        let count = items.len();
        for i in 0..count {
            self.step(frame)?;
            let (mut index, mut elem) = items.get(i);
            if let Some(p) = self.env.provenance.as_mut() {
                index.origin = decided.clone();
                elem.origin = match (over, &items) {
                    (Some(at), RangeItems::List(..)) => Some(std::rc::Rc::from([p
                        .paths
                        .child(at, super::provenance::Seg::Index(i))])),
                    (Some(at), RangeItems::Map(entries, _)) => entries.get(i).map(|(k, _)| {
                        let seg = super::provenance::Seg::Key(k.clone());
                        std::rc::Rc::from([p.paths.child(at, seg)])
                    }),
                    _ => decided.clone(),
                };
            }
            self.set_range_vars(frame, &branch.pipe, index, elem.clone())?;
            let flow = self.walk_body(frame, scope, &elem, &branch.list, out)?;
            frame.vars.truncate(mark);
            if flow == Flow::Break {
                break;
            }
        }
        Ok(())
    }

    /// Enters the body of an `if`, `with` or `range` decided by the pipeline that just ended;
    /// gives that pipeline's reads.
    fn enter_body(&mut self) -> Option<super::provenance::PathSet> {
        let p = self.env.provenance.as_mut()?;
        let decided = p.last.take().unwrap_or_else(|| std::rc::Rc::from([]));
        p.enter(decided.clone());
        Some(decided)
    }

    /// Leaves the body entered last.
    fn leave_body(&mut self) {
        if let Some(p) = self.env.provenance.as_mut() {
            p.leave();
        }
    }

    /// Records the value paths a value carries as read by the pipeline being evaluated (a
    /// values map or list by its own path, taken whole).
    pub(crate) fn read_origin(&mut self, held: &Held) {
        let Some(p) = self.env.provenance.as_mut() else {
            return;
        };
        match p.path_of(&held.value) {
            Some(id) => p.read_whole(id),
            None => p.read_all(&held.origin),
        }
    }

    /// Evaluates a statement's pipeline (an action, `if`, `with`, `range`, `template`).
    pub(crate) fn eval_statement<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        pipe: &'t Pipe,
    ) -> Result<Held, Fail> {
        if let Some(p) = self.env.provenance.as_mut() {
            p.statement();
        }
        self.eval_pipeline(frame, scope, dot, pipe)
    }

    /// Go's `oneIteration` variable assignments.
    fn set_range_vars(
        &mut self,
        frame: &mut Frame,
        pipe: &Pipe,
        index: Held,
        elem: Held,
    ) -> Result<(), Fail> {
        let top = frame.vars.len();
        match (pipe.decl.as_slice(), pipe.is_assign) {
            ([], _) => {}
            ([one], true) => frame.set_var(&one.name, elem)?,
            ([first, second, ..], true) => {
                frame.set_var(&first.name, index)?;
                frame.set_var(&second.name, elem)?;
            }
            ([_], false) => set_top(frame, top, 1, elem),
            ([_, _, ..], false) => {
                set_top(frame, top, 1, elem);
                set_top(frame, top, 2, index);
            }
        }
        Ok(())
    }

    /// `{{template "name" pipeline}}` (Go's `walkTemplate`): no variables cross into it.
    fn walk_template<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        dot: &Held,
        node: &'t Node,
        out: &mut Output,
    ) -> Result<(), Fail> {
        let Node::Template { name, pipe, .. } = node else {
            return Ok(());
        };
        let Some(entry) = scope.lookup(name) else {
            let quoted = values_migrate_unicode::quote(name, '"');
            return Err(frame.errorf(format_args!("template {quoted} not defined")));
        };
        let dot = match pipe {
            Some(pipe) => self.eval_statement(frame, scope, dot, pipe)?,
            None => Held::new(Value::Nil),
        };
        let saved = std::mem::replace(&mut frame.at, At::Node(node));
        self.check_stack(frame)?;
        frame.at = saved;
        self.exec_entry(&entry, scope, dot.value, out)
    }

    /// Prints an action's value as Go's `printValue` does (`<no value>` for no value).
    fn print(&mut self, frame: &Frame, value: &Value, out: &mut Output) -> Result<(), Fail> {
        let budget = &mut self.env.budget;
        let result = match value {
            Value::Nil => out.push("<no value>", budget),
            Value::Str(s) => out.push_str(s, budget),
            other => {
                let text =
                    crate::gofmt::print_value(other).map_err(|e| call_fail(frame, "print", e))?;
                match first_mask_if(self.env.masks_made, other) {
                    Some(from) => out.push_masked(&text, from, budget),
                    None => out.push(&text, budget),
                }
            }
        };
        result.map_err(|m| frame.refuse(ErrorKind::Budget, m))
    }
}

/// Go's `setTopVar(n, value)`.
fn set_top(frame: &mut Frame, top: usize, n: usize, held: Held) {
    if let Some(slot) = top.checked_sub(n).and_then(|i| frame.vars.get_mut(i)) {
        slot.1 = held;
    }
}

/// What a range visits, kept apart from the value (a map's entries copied first: the body may
/// change the map).
pub(crate) enum RangeItems {
    /// A slice's elements (held in an interface when it is a `[]interface {}`).
    List(std::rc::Rc<Vec<Value>>, bool),
    /// A map's entries in key order (values held in an interface for `map[string]interface {}`).
    Map(Vec<(String, Value)>, bool),
    /// `0..n` of an integer type.
    Int(i64, IntType),
}

impl RangeItems {
    /// Whether the range visits nothing (its `else` runs).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many iterations the range runs.
    fn len(&self) -> usize {
        match self {
            RangeItems::List(items, _) => items.len(),
            RangeItems::Map(entries, _) => entries.len(),
            RangeItems::Int(n, _) => usize::try_from(*n).unwrap_or(0),
        }
    }

    /// The index (or key) and element of iteration `i`.
    fn get(&self, i: usize) -> (Held, Held) {
        let int = Value::int(i64::try_from(i).unwrap_or(i64::MAX));
        match self {
            RangeItems::List(items, boxed) => {
                let elem = items.get(i).cloned().unwrap_or(Value::Nil);
                (
                    Held::new(int),
                    Held {
                        value: elem,
                        boxed: *boxed,
                        origin: None,
                    },
                )
            }
            RangeItems::Map(entries, boxed) => {
                let (key, value) = entries
                    .get(i)
                    .cloned()
                    .unwrap_or((String::new(), Value::Nil));
                (
                    Held::new(Value::str(key)),
                    Held {
                        value,
                        boxed: *boxed,
                        origin: None,
                    },
                )
            }
            RangeItems::Int(_, kind) => {
                let n = Value::Int(i64::try_from(i).unwrap_or(i64::MAX), *kind);
                (Held::new(Value::Nil), Held::new(n))
            }
        }
    }
}

/// Go's `isTrue` (every value this port holds has a truth).
pub(crate) fn truth(value: &Value) -> bool {
    value.truth()
}

/// The `from` of the first masked span in a value, depth first.
pub(crate) fn first_mask(value: &Value) -> Option<&'static str> {
    // Depth first in the order of the entries, without recursion; a list or map met twice (a
    // map that holds itself) is searched once.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![value.clone()];
    while let Some(value) = stack.pop() {
        match value {
            Value::Str(s) => {
                if let Some(mask) = s.masks.as_ref().and_then(|m| m.first()) {
                    return Some(mask.from);
                }
            }
            Value::List(items, _) if seen.insert(Rc::as_ptr(&items) as *const () as usize) => {
                stack.extend(items.iter().rev().cloned());
            }
            Value::Map(map, _) if seen.insert(Rc::as_ptr(&map) as *const () as usize) => {
                stack.extend(map.borrow().values().rev().cloned());
            }
            _ => {}
        }
    }
    None
}

/// [`first_mask`], skipped while no random or clock function has run (`Env::masks_made`).
pub(crate) fn first_mask_if(masks_made: bool, value: &Value) -> Option<&'static str> {
    if masks_made { first_mask(value) } else { None }
}

/// A function's error at the current node as Go reports it (`error calling NAME: …`).
pub(crate) fn call_fail(frame: &Frame, name: &str, error: crate::func::CallError) -> Fail {
    use crate::func::CallError;
    match error {
        CallError::Go(message) => Fail::go(GoError::plain(message).wrap_exec(
            format!("{}error calling {name}: ", frame.prefix()),
            frame.place(),
        )),
        CallError::Fail(message) => Fail::go(
            GoError::plain(format!(
                "{}{message}{}",
                super::fail::WARN_START,
                super::fail::WARN_END
            ))
            .wrap_exec(
                format!("{}error calling {name}: ", frame.prefix()),
                frame.place(),
            ),
        ),
        CallError::Budget(message) => frame.refuse(ErrorKind::Budget, message),
        CallError::Unsupported(message) => frame.unsupported(format_args!("{name}: {message}")),
    }
}

/// The masked spans of a text node's bytes `pos..end`, moved to `at` in the output.
fn text_masks(
    masks: &[crate::value::Mask],
    pos: usize,
    end: usize,
    at: usize,
) -> impl Iterator<Item = crate::value::Mask> + '_ {
    masks
        .iter()
        .filter(move |m| m.start < end && pos < m.end)
        .map(move |m| crate::value::Mask {
            start: m.start.max(pos) - pos + at,
            end: m.end.min(end) - pos + at,
            from: m.from,
        })
}
