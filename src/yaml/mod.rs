//! YAML text to JSON values.

use saphyr::{LoadableYamlNode, Scalar, Yaml};
use serde_json::{Map, Number, Value};
use std::fmt;

/// A YAML syntax or decoding error with its 1-based line and column.
#[derive(Clone, Debug, PartialEq)]
pub struct YamlError {
    /// What went wrong.
    pub message: String,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Decodes every document of a YAML stream to a JSON value.
pub fn decode(text: &str) -> Result<Vec<Value>, YamlError> {
    let docs = Yaml::load_from_str(text).map_err(|e| YamlError {
        message: e.info().to_string(),
        line: e.marker().line(),
        column: e.marker().col() + 1,
    })?;
    docs.iter().map(to_json).collect()
}

fn to_json(node: &Yaml) -> Result<Value, YamlError> {
    Ok(match node {
        Yaml::Value(Scalar::Null) => Value::Null,
        Yaml::Value(Scalar::Boolean(b)) => Value::Bool(*b),
        Yaml::Value(Scalar::Integer(i)) => Value::from(*i),
        Yaml::Value(Scalar::FloatingPoint(f)) => Number::from_f64(f.into_inner())
            .map(Value::Number)
            .ok_or_else(|| error("a non-finite float cannot be held in JSON"))?,
        Yaml::Value(Scalar::String(s)) => Value::String(s.to_string()),
        Yaml::Sequence(items) => Value::Array(items.iter().map(to_json).collect::<Result<_, _>>()?),
        Yaml::Mapping(entries) => {
            let mut map = Map::new();
            for (k, v) in entries {
                let key = match to_json(k)? {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                map.insert(key, to_json(v)?);
            }
            Value::Object(map)
        }
        Yaml::Tagged(_, inner) => to_json(inner)?,
        _ => return Err(error("unsupported YAML node")),
    })
}

fn error(message: &str) -> YamlError {
    YamlError {
        message: message.to_string(),
        line: 0,
        column: 0,
    }
}
