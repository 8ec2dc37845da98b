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

/// The flat errors one line stands for, pushed onto `out`.
fn flat<'v>(line: &HelmError, instance: &'v Value, out: &mut Vec<ValidationError<'v>>) {
    let error = |kind, pointer: &str| {
        let value = at(instance, pointer);
        ValidationError::new(value, kind, pointer.to_string(), line.keyword.clone())
    };
    let Some(failed) = &line.failed else {
        for cause in &line.causes {
            flat(cause, instance, out);
        }
        return;
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
                let schema_path = inner.schema_path().to_string();
                let kind = ErrorKind::PropertyNames {
                    error: Box::new(inner),
                };
                let value = at(instance, object);
                out.push(ValidationError::new(
                    value,
                    kind,
                    object.clone(),
                    schema_path,
                ));
            }
        }
        Failed::Unevaluated {
            item,
            name,
            container,
        } => {
            // One error per keyword and container, naming every member or item it refused.
            let last = (out.last_mut())
                .filter(|e| e.instance_path() == container && e.schema_path() == line.keyword);
            match last.and_then(|e| unexpected(e.kind_mut(), *item)) {
                Some(names) => names.push(name.clone()),
                None => out.push(error(unevaluated(*item, name), container)),
            }
        }
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

/// The list of refused members (`item`: items) an `unevaluated*` error names, if it is one.
fn unexpected(kind: &mut ErrorKind, item: bool) -> Option<&mut Vec<String>> {
    match kind {
        ErrorKind::UnevaluatedItems { unexpected } if item => Some(unexpected),
        ErrorKind::UnevaluatedProperties { unexpected } if !item => Some(unexpected),
        _ => None,
    }
}
