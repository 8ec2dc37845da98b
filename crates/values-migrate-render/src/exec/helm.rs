//! Helm's functions that need the template set or Helm's own errors (`pkg/engine/engine.go`):
//! `include`, `tpl`, `required`, `fail`, and `lookup` as `helm template` has it.

use std::collections::BTreeMap;
use std::rc::Rc;

use values_migrate_template::{Node, parse};

use super::args::{Sig, Ty};
use super::fail::{Fail, GoError, WARN_END, WARN_START};
use super::place::At;
use super::state::{Frame, Held, Run};
use super::{Output, Scope};
use crate::error::ErrorKind;
use crate::func::Param;
use crate::value::{Mask, Str, Value};

/// The name Helm's template set has, which `tpl` gives every text it parses.
const SET_NAME: &str = "gotpl";

/// One of Helm's set-bound functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HelmFn {
    Include,
    Tpl,
    Required,
    Fail,
    Lookup,
}

const S: Ty = Ty::Go(Param::Str);

impl HelmFn {
    /// The function of that name.
    pub(crate) fn find(name: &str) -> Option<HelmFn> {
        Some(match name {
            "include" => HelmFn::Include,
            "tpl" => HelmFn::Tpl,
            "required" => HelmFn::Required,
            "fail" => HelmFn::Fail,
            "lookup" => HelmFn::Lookup,
            _ => return None,
        })
    }

    /// Its Go signature.
    pub(crate) fn sig(self) -> Sig {
        match self {
            HelmFn::Include | HelmFn::Tpl | HelmFn::Required => Sig::of(&[S, Ty::Any], None),
            HelmFn::Fail => Sig::of(&[S], None),
            HelmFn::Lookup => Sig::of(&[S, S, S, S], None),
        }
    }
}

/// Helm's `warnWrap`.
fn warn(message: &str) -> GoError {
    GoError::plain(format!("{WARN_START}{message}{WARN_END}"))
}

impl<'e, 'a> Run<'e, 'a> {
    /// Calls one of Helm's functions; its Go error is wrapped as `error calling NAME: …` at `node`.
    pub(crate) fn call_helm<'t>(
        &mut self,
        frame: &mut Frame<'t>,
        scope: &Scope,
        f: HelmFn,
        name: &str,
        node: At<'t>,
        argv: Vec<Held>,
    ) -> Result<Held, Fail> {
        let mut args = argv.into_iter().map(|h| h.value);
        let first = args.next().unwrap_or(Value::Nil);
        let second = args.next().unwrap_or(Value::Nil);
        let masked = match &first {
            Value::Str(s) => s.clone(),
            _ => Str::default(),
        };
        let text = masked.text.to_string();
        if matches!(f, HelmFn::Include | HelmFn::Tpl) {
            let saved = std::mem::replace(&mut frame.at, node);
            self.check_stack(frame)?;
            frame.at = saved;
        }
        let result = match f {
            HelmFn::Include => self.include(scope, &text, second).map(Value::Str),
            HelmFn::Tpl => match self.tpl(frame, scope, &masked, second) {
                // A budget run out inside the text (`gotpl`) is placed at this call.
                Err(Fail::Refused(mut e)) if e.kind == ErrorKind::Budget && e.file == SET_NAME => {
                    frame.at = node;
                    let place = frame.place();
                    (e.file, e.line, e.column) = (place.file, place.line, place.column);
                    Err(Fail::Refused(e))
                }
                other => other.map(Value::Str),
            },
            HelmFn::Required => match &second {
                Value::Nil => Err(Fail::go(warn(&text))),
                Value::Str(s) if s.text.is_empty() => Err(Fail::go(warn(&text))),
                _ => Ok(second),
            },
            HelmFn::Fail => Err(Fail::go(warn(&text))),
            HelmFn::Lookup => Ok(Value::map(BTreeMap::new())),
        };
        match result {
            Ok(value) => Ok(Held::new(value)),
            Err(Fail::Go(error)) => {
                frame.at = node;
                let prefix = format!("{}error calling {name}: ", frame.prefix());
                Err(Fail::go((*error).wrap_exec(prefix, frame.place())))
            }
            Err(refused) => Err(refused),
        }
    }

    /// Helm's `include`: the named template's output, with Helm's limit on nested references.
    fn include(&mut self, scope: &Scope, name: &str, data: Value) -> Result<Str, Fail> {
        let limit = self.env.budget.max_depth;
        let count = self.included.entry(name.to_string()).or_insert(0);
        if *count > limit {
            return Err(Fail::go(GoError::plain(format!(
                "rendering template has a nested reference name: {name}: unable to execute template"
            ))));
        }
        *count += 1;
        let result = match scope.lookup(name) {
            None => Err(Fail::go(GoError::plain(format!(
                "template: no template {} associated with template {}",
                values_migrate_unicode::quote(name, '"'),
                values_migrate_unicode::quote(SET_NAME, '"')
            )))),
            Some(entry) => {
                let mut out = Output::default();
                self.exec_entry(&entry, scope, data, &mut out)
                    .map(|()| out.into_str())
            }
        };
        if let Some(count) = self.included.get_mut(name) {
            *count = count.saturating_sub(1);
        }
        result
    }

    /// Helm's `tpl`: the text parsed as a template `gotpl` in a copy of the set (its definitions
    /// visible only inside), executed with `data`, `<no value>` removed.
    fn tpl(
        &mut self,
        frame: &Frame,
        scope: &Scope,
        masked: &Str,
        data: Value,
    ) -> Result<Str, Fail> {
        let text = &*masked.text;
        let quoted = values_migrate_unicode::quote(text, '"');
        let trees = match parse(SET_NAME, text) {
            Ok(trees) => trees,
            // Go's words would quote the random text, which differs from Helm's.
            Err(_) if masked.masks.is_some() => {
                return Err(
                    frame.unsupported("a parse error of tpl over masked (random or clock) text")
                );
            }
            Err(error) => {
                return Err(Fail::go(GoError::plain(format!(
                    "cannot parse template {quoted}: template: {SET_NAME}:{}: {}",
                    error.line(),
                    error.message()
                ))));
            }
        };
        if let Some(masks) = &masked.masks {
            masks_only_in_text(frame, &trees, masks)?;
        }
        let Some(main) = trees.first().cloned() else {
            return Ok(Str::default());
        };
        // Go executes the text's own tree, even where an empty one did not replace a definition.
        let entry = super::Entry {
            tree: main,
            text: Rc::clone(&masked.text),
            masks: masked.masks.clone(),
        };
        let inner = scope.with_overlay(trees, masked);
        let mut out = Output::default();
        match self.exec_entry(&entry, &inner, data, &mut out) {
            Ok(()) => Ok(out.without_no_value().into_str()),
            // Go's words would quote the random text, which differs from Helm's.
            Err(Fail::Go(_)) if masked.masks.is_some() => {
                Err(frame.unsupported("an error of tpl over masked (random or clock) text"))
            }
            Err(Fail::Go(error)) => Err(Fail::go((*error).wrap(format!(
                "error during tpl function execution for {quoted}: "
            )))),
            Err(refused) => Err(refused),
        }
    }
}

/// Refuses a `tpl` text whose masked (random or clock) bytes are not all plain text: Helm's own
/// random text would parse differently where it is template syntax (or could hold `{{`).
fn masks_only_in_text(
    frame: &Frame,
    trees: &[values_migrate_template::Tree],
    masks: &[Mask],
) -> Result<(), Fail> {
    let mut spans = Vec::new();
    for tree in trees {
        text_spans(&tree.root, &mut spans);
    }
    let inside = |m: &Mask| {
        spans
            .iter()
            .any(|(pos, end)| *pos <= m.start && m.end <= *end)
    };
    match masks.iter().find(|m| m.from == "randAscii" || !inside(m)) {
        Some(m) => Err(frame.unsupported(format_args!(
            "tpl of text whose masked ({}) bytes may be template syntax",
            m.from
        ))),
        None => Ok(()),
    }
}

/// The byte spans of every text node, at any depth.
fn text_spans(nodes: &[Node], spans: &mut Vec<(usize, usize)>) {
    for node in nodes {
        match node {
            Node::Text { pos, end } => spans.push((*pos, *end)),
            Node::If(b) | Node::Range(b) | Node::With(b) => {
                text_spans(&b.list, spans);
                text_spans(b.else_list.as_deref().unwrap_or(&[]), spans);
            }
            _ => {}
        }
    }
}
