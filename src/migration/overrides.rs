//! The override schema for editors: the chart's schema with every `required` dropped (an override
//! file sets a few keys, the chart's defaults the rest), nested under the values prefix.

use crate::ValuePath;
use crate::path::Segment;
use serde_json::{Map, Value};

/// Keywords whose value is a map from names to schemas.
const SCHEMA_MAPS: [&str; 6] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];
/// Keywords whose value is one schema (or, for `items`, a list of schemas).
const SCHEMA_ONE: [&str; 12] = [
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "contentSchema",
];
/// Keywords whose value is a list of schemas.
const SCHEMA_LISTS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/// The override schema of `schema` (a values.schema.json document) nested under `prefix`.
pub fn for_overrides(schema: &Value, prefix: &ValuePath) -> Result<Value, String> {
    let mut inner = schema.clone();
    drop_required(&mut inner);
    let Some(object) = inner.as_object_mut() else {
        return Ok(inner);
    };
    if prefix.is_root() {
        return Ok(inner);
    }
    // Definitions and the dialect stay at the root, so `#/$defs/…` references still resolve.
    let mut root = Map::new();
    for keyword in ["$schema", "$id", "$defs", "definitions"] {
        if let Some(value) = object.remove(keyword) {
            root.insert(keyword.to_string(), value);
        }
    }
    let mut pointer = String::new();
    for segment in prefix.segments() {
        match segment {
            Segment::Key(key) => {
                pointer.push_str("/properties/");
                pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
            Segment::Index(_) => {
                return Err(format!("prefix `{prefix}`: an index cannot hold values"));
            }
        }
    }
    rebase_refs(&mut inner, &pointer);
    let mut nested = inner;
    for segment in prefix.segments().iter().rev() {
        if let Segment::Key(key) = segment {
            let mut properties = Map::new();
            properties.insert(key.clone(), nested);
            nested = serde_json::json!({"type": "object", "properties": properties});
        }
    }
    if let Value::Object(wrapper) = nested {
        for (key, value) in wrapper {
            root.insert(key, value);
        }
    }
    Ok(Value::Object(root))
}

/// Removes `required` and `dependentRequired` from a schema and every subschema.
pub fn drop_required(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    if object.get("required").is_some_and(Value::is_array) {
        object.remove("required");
    }
    object.remove("dependentRequired");
    for (keyword, value) in object.iter_mut() {
        let keyword = keyword.as_str();
        if SCHEMA_MAPS.contains(&keyword) {
            if let Some(map) = value.as_object_mut() {
                map.values_mut().for_each(drop_required);
            }
        } else if SCHEMA_ONE.contains(&keyword) || SCHEMA_LISTS.contains(&keyword) {
            match value {
                Value::Array(items) => items.iter_mut().for_each(drop_required),
                other => drop_required(other),
            }
        }
    }
}

/// Points local references into the old root at the nested place (`#/properties/x` → `#/properties/p/properties/x`).
fn rebase_refs(value: &mut Value, pointer: &str) {
    match value {
        Value::Object(object) => {
            for (key, child) in object.iter_mut() {
                match child {
                    Value::String(target) if key == "$ref" || key == "$dynamicRef" => {
                        let local = target.strip_prefix('#');
                        if let Some(rest) = local
                            && !rest.starts_with("/$defs")
                            && !rest.starts_with("/definitions")
                            && (rest.is_empty() || rest.starts_with('/'))
                        {
                            *target = format!("#{pointer}{rest}");
                        }
                    }
                    _ => rebase_refs(child, pointer),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| rebase_refs(i, pointer)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn drops_required_everywhere_but_keeps_a_property_named_required() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "required": ["gate"],
            "$defs": {"port": {"type": "integer", "required": ["x"]}},
            "properties": {
                "required": {"type": "boolean"},
                "gate": {"type": "object", "required": ["mode"], "dependentRequired": {"a": ["b"]},
                         "properties": {"port": {"$ref": "#/$defs/port"}, "self": {"$ref": "#/properties/gate"}}},
                "list": {"items": {"required": ["name"]}, "allOf": [{"required": ["z"]}]}
            }
        });
        let out = for_overrides(&schema, &ValuePath::parse("bosun.valuesObject").unwrap()).unwrap();
        assert_eq!(out["$schema"], schema["$schema"]);
        assert_eq!(out["$defs"]["port"], json!({"type": "integer"}));
        let inner = &out["properties"]["bosun"]["properties"]["valuesObject"];
        assert!(inner.get("required").is_none());
        assert_eq!(inner["properties"]["required"], json!({"type": "boolean"}));
        let gate = &inner["properties"]["gate"];
        assert!(gate.get("required").is_none() && gate.get("dependentRequired").is_none());
        assert_eq!(gate["properties"]["port"]["$ref"], json!("#/$defs/port"));
        assert_eq!(
            gate["properties"]["self"]["$ref"],
            json!("#/properties/bosun/properties/valuesObject/properties/gate")
        );
        assert_eq!(inner["properties"]["list"]["items"], json!({}));
        assert_eq!(inner["properties"]["list"]["allOf"], json!([{}]));
        // The result is a schema the project compiles.
        crate::schema::Schema::from_value(out).unwrap();
    }
}
