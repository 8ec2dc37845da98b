//! The methods of Helm's `common.Values` that take an argument, reached from a template as
//! `.Values.Table "a.b"` and `.Values.PathValue "a.b"` (Helm's `pkg/chart/common/values.go`).

use crate::func::Param;
use crate::value::{MapRef, MapType, Object, UNSUPPORTED, Value};

/// `.Values` seen as the receiver of `Table` and `PathValue`.
#[derive(Debug)]
pub struct ValuesMethods(pub MapRef);

/// Helm's `tableLookup`: the entry `key` when it is a table (`map[string]interface {}`).
fn table_lookup(table: &MapRef, key: &str) -> Result<MapRef, String> {
    match table.borrow().get(key) {
        Some(v @ Value::Map(map, MapType::Any | MapType::Values)) if !v.is_nil_map() => {
            Ok(map.clone())
        }
        Some(v) if v.is_nil_map() => Err(format!("{UNSUPPORTED}Table of a nil map")),
        _ => Err(format!(
            "{} is not a table",
            values_migrate_unicode::quote(key, '"')
        )),
    }
}

/// Helm's `Values.Table`: the table at the dotted path, each step a table.
fn table(root: &MapRef, path: &str) -> Result<MapRef, String> {
    let mut table = root.clone();
    for key in path.split('.') {
        table = table_lookup(&table, key)?;
    }
    Ok(table)
}

/// Helm's `Values.PathValue`: the value (not a table) at the dotted path.
fn path_value(root: &MapRef, path: &str) -> Result<Value, String> {
    if path.is_empty() {
        return Err("YAML path cannot be empty".to_string());
    }
    let (table_path, key) = match path.rsplit_once('.') {
        Some((table_path, key)) => (Some(table_path), key),
        None => (None, path),
    };
    let no_value = || format!("{} is not a value", values_migrate_unicode::quote(key, '"'));
    let table = match table_path {
        Some(p) => table(root, p).map_err(|e| match e.starts_with(UNSUPPORTED) {
            true => e,
            false => no_value(),
        })?,
        None => root.clone(),
    };
    let found = table.borrow().get(key).cloned();
    match found {
        // Helm's `istable`: a `map[string]interface {}` is a table, not a value.
        Some(Value::Map(_, MapType::Any)) | None => Err(no_value()),
        // A nil result prints as the template's nil interface: refused here.
        Some(Value::Nil) => Err(format!("{UNSUPPORTED}PathValue of a null value")),
        Some(value) => Ok(value),
    }
}

impl Object for ValuesMethods {
    fn type_name(&self) -> &'static str {
        "common.Values"
    }

    fn field(&self, _: &str) -> Option<Value> {
        None
    }

    fn params(&self, name: &str) -> Option<&'static [Param]> {
        matches!(name, "Table" | "PathValue").then_some(&[Param::Str])
    }

    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        let path = args.first().and_then(Value::as_str).unwrap_or("");
        match name {
            "Table" => Some(table(&self.0, path).map(|t| Value::Map(t, MapType::Values))),
            "PathValue" => Some(path_value(&self.0, path)),
            _ => None,
        }
    }

    fn display(&self) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_path_through_a_non_table_is_helms_error() {
        let inner: BTreeMap<String, Value> = [("s".to_string(), Value::str("x"))].into();
        let root: BTreeMap<String, Value> = [("m".to_string(), Value::map(inner))].into();
        let Value::Map(root, _) = Value::map(root) else {
            panic!("a map")
        };
        assert_eq!(
            table(&root, "m.s").err().as_deref(),
            Some("\"s\" is not a table")
        );
        assert_eq!(
            path_value(&root, "m").err().as_deref(),
            Some("\"m\" is not a value")
        );
        assert_eq!(
            path_value(&root, "m.s")
                .ok()
                .and_then(|v| v.as_str().map(str::to_string)),
            Some("x".to_string())
        );
    }
}
