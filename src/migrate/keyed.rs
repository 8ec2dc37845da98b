//! A list of named items and a map keyed by the name: the same items when each item, without
//! its name field, is the map's entry under that name (`[{name: a, size: 3}]` ~ `{a: {size: 3}}`).

use serde_json::{Map, Value};

/// How a list's items are a map's entries: the field that is each item's key.
#[derive(Debug, PartialEq)]
pub(super) struct Keyed {
    /// The field of every item whose string value is its key in the map.
    pub field: String,
    /// Each item's index in the list and its key, in the list's order.
    pub keys: Vec<(usize, String)>,
}

/// Why a list cannot become a map keyed by a field although some item is an entry of it.
#[derive(Debug, PartialEq)]
pub(super) enum Flaw {
    /// Two items have the same name: the map holds one entry for it.
    Shared {
        field: String,
        name: String,
        first: usize,
        second: usize,
    },
    /// An item has no string under the field the others are keyed by.
    Unnamed { field: String, index: usize },
}

/// The field by which `list`'s items are exactly `map`'s entries, if one is.
pub(super) fn keyed_by(list: &[Value], map: &Map<String, Value>) -> Option<Keyed> {
    if list.is_empty() || list.len() != map.len() {
        return None;
    }
    fields_of(list).into_iter().find_map(|field| {
        let keys: Option<Vec<(usize, String)>> = list
            .iter()
            .enumerate()
            .map(|(i, item)| entry_of(item, &field, map).map(|key| (i, key.to_string())))
            .collect();
        let keys = keys?;
        let mut names: Vec<&str> = keys.iter().map(|(_, k)| k.as_str()).collect();
        crate::order::sort(&mut names);
        names.dedup();
        (names.len() == keys.len()).then_some(Keyed { field, keys })
    })
}

/// The first flaw of `list` keyed into `map` by a field some item is keyed by, if it has one.
pub(super) fn flaw(list: &[Value], map: &Map<String, Value>) -> Option<Flaw> {
    let field = fields_of(list)
        .into_iter()
        .find(|f| list.iter().any(|item| entry_of(item, f, map).is_some()))?;
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (index, item) in list.iter().enumerate() {
        let Some(name) = item.get(&field).and_then(Value::as_str) else {
            return Some(Flaw::Unnamed { field, index });
        };
        if let Some(&(_, first)) = seen.iter().find(|(n, _)| *n == name) {
            let name = name.to_string();
            return Some(Flaw::Shared {
                field,
                name,
                first,
                second: index,
            });
        }
        seen.push((name, index));
    }
    None
}

/// The key under which `item`, without `field`, is an entry of `map`: its `field`'s string value.
fn entry_of<'v>(item: &'v Value, field: &str, map: &Map<String, Value>) -> Option<&'v str> {
    let Value::Object(fields) = item else {
        return None;
    };
    let key = fields.get(field)?.as_str()?;
    let Value::Object(entry) = map.get(key)? else {
        return None;
    };
    let same = entry.len() + 1 == fields.len()
        && fields
            .iter()
            .filter(|(name, _)| *name != field)
            .all(|(name, value)| entry.get(name) == Some(value));
    same.then_some(key)
}

/// The fields holding a string in some item, in the order first met: those an item could be keyed by.
fn fields_of(list: &[Value]) -> Vec<String> {
    let mut fields: Vec<String> = Vec::new();
    for item in list.iter().filter_map(Value::as_object) {
        for (name, value) in item {
            if value.is_string() && !fields.contains(name) {
                fields.push(name.clone());
            }
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn each_item_without_its_name_is_the_entry_under_it() {
        let list = json!([{"size": 3, "name": "a"}, {"name": "b"}]);
        let keyed = keyed_by(
            list.as_array().unwrap(),
            &map(json!({"b": {}, "a": {"size": 3}})),
        );
        assert_eq!(
            keyed,
            Some(Keyed {
                field: "name".into(),
                keys: vec![(0, "a".into()), (1, "b".into())],
            })
        );
    }

    #[test]
    fn a_changed_value_or_a_missing_entry_is_not_keyed() {
        let list = json!([{"name": "a", "size": 3}, {"name": "b", "size": 1}]);
        let list = list.as_array().unwrap();
        assert_eq!(
            keyed_by(list, &map(json!({"a": {"size": 4}, "b": {"size": 1}}))),
            None
        );
        assert_eq!(keyed_by(list, &map(json!({"a": {"size": 3}}))), None);
        assert_eq!(flaw(list, &map(json!({"a": {"size": 3}}))), None);
    }

    #[test]
    fn a_shared_name_and_a_missing_name_are_flaws() {
        let shared = json!([{"name": "a", "size": 3}, {"name": "a", "size": 1}]);
        let found = flaw(shared.as_array().unwrap(), &map(json!({"a": {"size": 1}})));
        assert_eq!(
            found,
            Some(Flaw::Shared {
                field: "name".into(),
                name: "a".into(),
                first: 0,
                second: 1
            })
        );
        let unnamed = json!([{"name": "a", "size": 3}, {"size": 1}]);
        let found = flaw(
            unnamed.as_array().unwrap(),
            &map(json!({"a": {"size": 3}, "b": {"size": 1}})),
        );
        assert_eq!(
            found,
            Some(Flaw::Unnamed {
                field: "name".into(),
                index: 1
            })
        );
    }
}
