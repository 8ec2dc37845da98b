//! From jsonschema's instance pointers to [`ValuePath`]s.

use serde_json::Value;

use crate::path::{Segment, ValuePath};

/// The value path an instance JSON pointer names in `document`.
///
/// A token is an index only where the document holds a sequence, so a mapping key `"0"` stays
/// a key and an empty key `""` is kept (jsonschema's own segment iterator loses both).
pub(crate) fn value_path(pointer: &str, document: &Value) -> ValuePath {
    let mut path = ValuePath::root();
    let Some(rest) = pointer.strip_prefix('/') else {
        return path;
    };
    let mut here = Some(document);
    for token in rest.split('/') {
        let token = token.replace("~1", "/").replace("~0", "~");
        match here {
            Some(Value::Array(items)) => match token.parse::<usize>() {
                Ok(index) => {
                    here = items.get(index);
                    path.push(Segment::Index(index));
                }
                Err(_) => {
                    here = None;
                    path.push(Segment::Key(token));
                }
            },
            Some(Value::Object(map)) => {
                here = map.get(&token);
                path.push(Segment::Key(token));
            }
            _ => {
                here = None;
                path.push(Segment::Key(token));
            }
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::{get, set};
    use serde_json::json;

    #[test]
    fn reads_pointers_by_the_document_shape() {
        let doc = json!({"a": {"0": [1, {"": 2}]}, "b~/c": 3});
        let path = value_path("/a/0/1/", &doc);
        assert_eq!(path.to_string(), "a.0[1][\"\"]");
        assert_eq!(path.segments()[1], Segment::Key("0".into()));
        assert_eq!(get(&doc, &path), Some(&json!(2)));
        assert_eq!(value_path("/b~0~1c", &doc).to_string(), "b~/c");
        assert_eq!(value_path("", &doc), ValuePath::root());
    }

    #[test]
    fn inserts_along_a_chain() {
        let mut doc = json!({"a": {}});
        assert!(set(&mut doc, &ValuePath::parse("a.b.c").unwrap(), json!(1)).is_ok());
        assert_eq!(doc, json!({"a": {"b": {"c": 1}}}));
        assert!(set(&mut doc, &ValuePath::parse("a.b.c.d").unwrap(), json!(1)).is_err());
        assert!(set(&mut doc, &ValuePath::parse("a[0]").unwrap(), json!(1)).is_err());
    }
}
