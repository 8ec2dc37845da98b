//! Compiling the keywords that apply subschemas (to properties, items, or the value itself);
//! `additionalProperties` holds the `properties` and `patternProperties` that decide which
//! members are additional, as santhosh-tekuri evaluates them together.

use serde_json::{Map, Value};

use super::Draft;
use super::compile::{CompileError, Compiler};
use super::nodes::{Additional, Check, Contains, Count, Dependency, NodeId, Pattern, Rest};
use super::refs::{Place, escape};

fn invalid(message: impl Into<String>, at: &str) -> CompileError {
    CompileError::Invalid(message.into(), at.to_string())
}

fn object_of<'d>(value: &'d Value, at: &str) -> Result<&'d Map<String, Value>, CompileError> {
    value
        .as_object()
        .ok_or_else(|| invalid(format!("{value} is not of type \"object\""), at))
}

fn array_of<'d>(value: &'d Value, at: &str) -> Result<&'d Vec<Value>, CompileError> {
    value
        .as_array()
        .ok_or_else(|| invalid(format!("{value} is not of type \"array\""), at))
}

/// Whether `additionalProperties` is `false` or a schema object (then it subsumes the others).
fn closing(object: &Map<String, Value>) -> bool {
    matches!(
        object.get("additionalProperties"),
        Some(Value::Bool(false) | Value::Object(_))
    )
}

impl<'d> Compiler<'d> {
    fn members(
        &mut self,
        place: &Place<'d>,
        keyword: &str,
        value: &'d Value,
        path: &str,
    ) -> Result<Vec<(String, NodeId)>, CompileError> {
        let mut out = Vec::new();
        for (name, schema) in object_of(value, path)? {
            out.push((
                name.clone(),
                self.child(place, schema, keyword, Some(name))?,
            ));
        }
        Ok(out)
    }

    fn patterns(
        &mut self,
        place: &Place<'d>,
        value: &'d Value,
        path: &str,
    ) -> Result<Vec<(Pattern, NodeId)>, CompileError> {
        let mut out = Vec::new();
        for (source, schema) in object_of(value, path)? {
            let at = format!("{path}/{}", escape(source));
            let pattern = super::compile::pattern(source).map_err(|reason| invalid(reason, &at))?;
            let node = self.child(place, schema, "patternProperties", Some(source))?;
            out.push((pattern, node));
        }
        Ok(out)
    }

    fn subschemas(
        &mut self,
        place: &Place<'d>,
        keyword: &str,
        value: &'d Value,
        path: &str,
    ) -> Result<Vec<NodeId>, CompileError> {
        let mut out = Vec::new();
        for (i, schema) in array_of(value, path)?.iter().enumerate() {
            out.push(self.child(place, schema, keyword, Some(&i.to_string()))?);
        }
        Ok(out)
    }

    /// The keywords about an object's properties.
    pub(crate) fn object_keyword(
        &mut self,
        object: &'d Map<String, Value>,
        name: &str,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let draft = self.draft;
        Ok(Some(match name {
            "minProperties" => Check::Count(Count::MinProperties, self.count(value, path)?),
            "maxProperties" => Check::Count(Count::MaxProperties, self.count(value, path)?),
            "required" => Check::Required(super::compile::strings(value, path)?),
            "properties" if closing(object) => return Ok(None),
            "properties" => Check::Properties(self.members(place, "properties", value, path)?),
            "patternProperties" if closing(object) => return Ok(None),
            "patternProperties" => Check::PatternProperties(self.patterns(place, value, path)?),
            "additionalProperties" => return self.additional(object, value, place, path),
            "propertyNames" if draft >= Draft::Draft6 => match value {
                Value::Bool(false) => Check::NoPropertyNames,
                Value::Object(_) => Check::PropertyNames(self.child(place, value, name, None)?),
                _ => return Ok(None),
            },
            "dependencies" => Check::Dependencies(self.dependencies(place, value, path)?),
            "dependentRequired" if draft >= Draft::Draft201909 => {
                let mut out = Vec::new();
                for (key, names) in object_of(value, path)? {
                    let at = format!("{path}/{}", escape(key));
                    out.push((key.clone(), super::compile::strings(names, &at)?));
                }
                Check::DependentRequired(out)
            }
            "dependentSchemas" if draft >= Draft::Draft201909 => {
                Check::DependentSchemas(self.members(place, name, value, path)?)
            }
            _ => return Ok(None),
        }))
    }

    fn dependencies(
        &mut self,
        place: &Place<'d>,
        value: &'d Value,
        path: &str,
    ) -> Result<Vec<(String, Dependency)>, CompileError> {
        let mut out = Vec::new();
        for (key, dependency) in object_of(value, path)? {
            let at = format!("{path}/{}", escape(key));
            let dependency = match dependency {
                Value::Array(_) => Dependency::Required(super::compile::strings(dependency, &at)?),
                _ => {
                    Dependency::Schema(self.child(place, dependency, "dependencies", Some(key))?)
                }
            };
            out.push((key.clone(), dependency));
        }
        Ok(out)
    }

    /// `additionalProperties`, subsuming `properties`, `patternProperties` and a one-name `required`.
    fn additional(
        &mut self,
        object: &'d Map<String, Value>,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let rest = match value {
            Value::Bool(true) => return Ok(Some(Check::AllProperties)),
            Value::Bool(false) => None,
            Value::Object(_) => Some(self.child(place, value, "additionalProperties", None)?),
            other => {
                return Err(invalid(
                    format!("{other} is not of types \"boolean\", \"object\""),
                    path,
                ));
            }
        };
        let properties = match object.get("properties") {
            Some(properties) => {
                let at = format!("{}/properties", place.location);
                self.members(place, "properties", properties, &at)?
            }
            None => Vec::new(),
        };
        let patterns = match object.get("patternProperties") {
            Some(patterns) => {
                let at = format!("{}/patternProperties", place.location);
                self.patterns(place, patterns, &at)?
            }
            None => Vec::new(),
        };
        Ok(Some(Check::Additional(Additional {
            properties,
            patterns,
            rest,
        })))
    }

    /// The keywords about an array's items.
    pub(crate) fn array_keyword(
        &mut self,
        object: &'d Map<String, Value>,
        name: &str,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let draft = self.draft;
        Ok(Some(match name {
            "minItems" => Check::Count(Count::MinItems, self.count(value, path)?),
            "maxItems" => Check::Count(Count::MaxItems, self.count(value, path)?),
            "uniqueItems" => match value {
                Value::Bool(true) => Check::UniqueItems,
                _ => return Ok(None),
            },
            "items" => match value {
                Value::Array(_) => Check::Tuple(self.subschemas(place, name, value, path)?),
                Value::Object(_) | Value::Bool(false) => {
                    let skip = match (draft, object.get("prefixItems")) {
                        (Draft::Draft202012, Some(Value::Array(prefix))) => prefix.len(),
                        _ => 0,
                    };
                    Check::Items(self.child(place, value, name, None)?, skip)
                }
                Value::Bool(true) => Check::AllItems,
                _ => return Ok(None),
            },
            "prefixItems" if draft == Draft::Draft202012 => {
                Check::Tuple(self.subschemas(place, name, value, path)?)
            }
            "additionalItems" => {
                let Some(Value::Array(items)) = object.get("items") else {
                    return Ok(None);
                };
                let rest = match value {
                    Value::Bool(true) => return Ok(Some(Check::AllItems)),
                    Value::Bool(false) => Rest::False,
                    _ => Rest::Schema(self.child(place, value, name, None)?),
                };
                Check::AdditionalItems(items.len(), rest)
            }
            "contains" if draft >= Draft::Draft6 => self.contains(object, value, place, path)?,
            _ => return Ok(None),
        }))
    }

    fn contains(
        &mut self,
        object: &'d Map<String, Value>,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Check, CompileError> {
        let bound = |k: &str| -> Result<Option<(i64, String)>, CompileError> {
            if self.draft < Draft::Draft201909 {
                return Ok(None);
            }
            let at = format!("{}/{k}", place.location);
            object
                .get(k)
                .map(|v| self.count(v, &at).map(|n| (n, at.clone())))
                .transpose()
        };
        let (min, max) = (bound("minContains")?, bound("maxContains")?);
        let _ = path;
        Ok(Check::Contains(Contains {
            node: self.child(place, value, "contains", None)?,
            min,
            max,
        }))
    }

    /// The keywords that apply subschemas to the value itself, and references.
    pub(crate) fn applicator(
        &mut self,
        object: &'d Map<String, Value>,
        name: &str,
        value: &'d Value,
        place: &Place<'d>,
        path: &str,
    ) -> Result<Option<Check>, CompileError> {
        let draft = self.draft;
        Ok(Some(match name {
            "allOf" => Check::AllOf(self.subschemas(place, name, value, path)?),
            "anyOf" => Check::AnyOf(self.subschemas(place, name, value, path)?),
            "oneOf" => Check::OneOf(self.subschemas(place, name, value, path)?),
            "not" => Check::Not(self.child(place, value, name, None)?, value.clone()),
            "if" if draft >= Draft::Draft7 => {
                let condition = self.child(place, value, "if", None)?;
                let mut branch = |k: &str| {
                    object
                        .get(k)
                        .map(|schema| self.child(place, schema, k, None))
                        .transpose()
                };
                let then = branch("then")?;
                let otherwise = branch("else")?;
                Check::If(condition, then, otherwise)
            }
            "unevaluatedProperties" if draft >= Draft::Draft201909 => {
                Check::UnevaluatedProperties(self.unevaluated(place, name, value)?)
            }
            "unevaluatedItems" if draft >= Draft::Draft201909 => {
                Check::UnevaluatedItems(self.unevaluated(place, name, value)?)
            }
            "$ref" => {
                let reference = value
                    .as_str()
                    .ok_or_else(|| invalid(format!("{value} is not of type \"string\""), path))?;
                let target = self.resolve(&place.base, reference, path)?;
                self.reference(&target)?
            }
            "$recursiveRef" if draft == Draft::Draft201909 => {
                self.recursive_ref(value, place, path)?
            }
            "$dynamicRef" if draft == Draft::Draft202012 => self.dynamic_ref(value, place, path)?,
            _ => return Ok(None),
        }))
    }

    fn unevaluated(
        &mut self,
        place: &Place<'d>,
        name: &str,
        value: &'d Value,
    ) -> Result<Option<NodeId>, CompileError> {
        Ok(match value {
            Value::Bool(false) => None,
            _ => Some(self.child(place, value, name, None)?),
        })
    }
}
