//! The flat errors, read off Helm's error tree (no evaluation of their own): one per failed
//! keyword Helm prints, in Helm's order, through the lines that only hold others (`allOf`, a
//! `$ref`, a subschema's group); an `anyOf`'s or `oneOf`'s subschemas' errors are its context.

use std::borrow::Cow;

use serde_json::Value;

use super::error::{ErrorKind, ValidationError};
use super::helm::{Failed, HelmError};

/// The flat errors `errors` (Helm's lines for `instance`) stand for, in Helm's order.
pub fn flatten<'v>(errors: &[HelmError], instance: &'v Value) -> Vec<ValidationError<'v>> {
    let mut out = Vec::new();
    for error in errors {
        flat(error, instance, &mut out);
    }
    out.into_iter().map(|flat| flat.error).collect()
}

/// One flat error with the lines of Helm's it stands for and the groups that hold them.
pub struct Flat<'e, 'v> {
    /// The error.
    pub error: ValidationError<'v>,
    /// Helm's line: one, or one per member for an `unevaluated*` error naming several.
    pub lines: Vec<&'e HelmError>,
    /// The lines that only group others and hold it (`'allOf' failed`, a `$ref`'s or a
    /// subschema's `validation failed`), outermost first.
    pub within: Vec<&'e HelmError>,
}

/// [`flatten`], each error with the lines it stands for and the groups that hold them.
pub fn flatten_lines<'e, 'v>(errors: &'e [HelmError], instance: &'v Value) -> Vec<Flat<'e, 'v>> {
    let mut out = Vec::new();
    let mut within = Vec::new();
    for error in errors {
        flat_within(error, instance, &mut within, &mut out);
    }
    out
}
/// The value at `pointer` (as `Loc::pointer` writes it) of `instance`, as an error holds it.
fn at<'v>(instance: &'v Value, pointer: &str) -> Cow<'v, Value> {
    let mut here = Some(instance);
    for token in pointer.split('/').skip(1) {
        let key = match token.contains('~') {
            true => Cow::Owned(token.replace("~1", "/").replace("~0", "~")),
            false => Cow::Borrowed(token),
        };
        here = here.and_then(|value| match value {
            Value::Object(map) => map.get(key.as_ref()),
            Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        });
    }
    here.map_or(Cow::Owned(Value::Null), Cow::Borrowed)
}

/// The flat errors of `line`, with no record of the groups that hold them.
fn flat<'e, 'v>(line: &'e HelmError, instance: &'v Value, out: &mut Vec<Flat<'e, 'v>>) {
    flat_within(line, instance, &mut Vec::new(), out);
}

/// The flat errors one line stands for, pushed onto `out`; `within` holds the groups above it.
fn flat_within<'e, 'v>(
    line: &'e HelmError,
    instance: &'v Value,
    within: &mut Vec<&'e HelmError>,
    out: &mut Vec<Flat<'e, 'v>>,
) {
    let line = line.shown();
    let Some(failed) = &line.failed else {
        within.push(line);
        for cause in &line.causes {
            flat_within(cause, instance, within, out);
        }
        within.pop();
        return;
    };
    let error = |kind, pointer: &str| Flat {
        error: ValidationError::new(
            at(instance, pointer),
            kind,
            pointer.to_string(),
            line.keyword.clone(),
        ),
        lines: vec![line],
        within: within.clone(),
    };
    match failed {
        Failed::One(kind) => out.push(error(kind.clone(), &line.pointer)),
        Failed::Missing(names) => {
            for name in names {
                let property = Value::String(name.clone());
                out.push(error(ErrorKind::Required { property }, &line.pointer));
            }
        }
        Failed::Branches { one_of } => {
            let context = line
                .causes
                .iter()
                .map(|branch| owned(std::slice::from_ref(branch), instance))
                .collect();
            let kind = match one_of {
                true => ErrorKind::OneOfNotValid { context },
                false => ErrorKind::AnyOf { context },
            };
            out.push(error(kind, &line.pointer));
        }
        Failed::Name { key, object } => {
            for inner in owned(&line.causes, &Value::String(key.clone())) {
                out.push(refused_name(
                    inner,
                    at(instance, object),
                    object,
                    line,
                    within,
                ));
            }
        }
        Failed::Unevaluated {
            item,
            name,
            container,
        } => {
            // One error per keyword and container, naming every member or item it refused.
            let last = (out.last_mut()).filter(|f| {
                f.error.instance_path() == container && f.error.schema_path() == line.keyword
            });
            if !last.is_some_and(|last| joined(last, *item, name, line)) {
                out.push(error(unevaluated(*item, name), container));
            }
        }
    }
}

/// The `propertyNames` error of the mapping `value` at `object` for a key its subschema refused
/// (`inner`, the key's own error), at `line`.
fn refused_name<'e, 'v>(
    inner: ValidationError<'static>,
    value: Cow<'v, Value>,
    object: &str,
    line: &'e HelmError,
    within: &[&'e HelmError],
) -> Flat<'e, 'v> {
    let schema_path = inner.schema_path().to_string();
    let kind = ErrorKind::PropertyNames {
        error: Box::new(inner),
    };
    Flat {
        error: ValidationError::new(value, kind, object.to_string(), schema_path),
        lines: vec![line],
        within: within.to_vec(),
    }
}

/// The error kind of a member (`item`: an item) `unevaluated*` refused.
fn unevaluated(item: bool, name: &str) -> ErrorKind {
    let unexpected = vec![name.to_string()];
    match item {
        true => ErrorKind::UnevaluatedItems { unexpected },
        false => ErrorKind::UnevaluatedProperties { unexpected },
    }
}

/// The flat errors of `lines`, owning their values.
fn owned(lines: &[HelmError], instance: &Value) -> Vec<ValidationError<'static>> {
    flatten(lines, instance)
        .into_iter()
        .map(ValidationError::into_owned)
        .collect()
}

/// Adds member `name` (`item`: an item) and its line to `last` when it is an `unevaluated*`
/// error of that kind.
fn joined<'e>(last: &mut Flat<'e, '_>, item: bool, name: &str, line: &'e HelmError) -> bool {
    let Some(names) = unexpected(last.error.kind_mut(), item) else {
        return false;
    };
    names.push(name.to_string());
    last.lines.push(line);
    true
}

/// The list of refused members (`item`: items) an `unevaluated*` error names, if it is one.
fn unexpected(kind: &mut ErrorKind, item: bool) -> Option<&mut Vec<String>> {
    match kind {
        ErrorKind::UnevaluatedItems { unexpected } if item => Some(unexpected),
        ErrorKind::UnevaluatedProperties { unexpected } if !item => Some(unexpected),
        _ => None,
    }
}
