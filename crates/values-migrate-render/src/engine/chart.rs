//! A chart as the engine takes it (Helm's `chart.Chart` once loaded and once
//! `ProcessDependencies` has renamed aliases and dropped what conditions and tags switch off),
//! and `.Chart` as templates see it (`MetadataAsMap`: Go's field names, every slice a
//! `[]interface {}`, `IsRoot` added).

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::value::{MapType, Value};

/// One chart of the tree to render.
#[derive(Clone, Debug, Default)]
pub struct Chart {
    /// Chart.yaml as Helm holds it (`Name` is the alias when the parent gave one).
    pub metadata: Metadata,
    /// The files under `templates/`: (path inside the chart, text), any order.
    pub templates: Vec<(String, String)>,
    /// The files `.Files` holds (path inside the chart, bytes): everything Helm's loader does
    /// not take as Chart.yaml, values, schema, lock, template or subchart, after `.helmignore`.
    pub files: Vec<(String, Vec<u8>)>,
    /// The subcharts Helm keeps, in its order.
    pub subcharts: Vec<Chart>,
}

/// Chart.yaml's fields (Helm's `chart.Metadata`), each scalar already a string as Helm reads it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Metadata {
    /// `Name`
    pub name: String,
    /// `Home`
    pub home: String,
    /// `Sources`
    pub sources: Vec<String>,
    /// `Version`
    pub version: String,
    /// `Description`
    pub description: String,
    /// `Keywords`
    pub keywords: Vec<String>,
    /// `Maintainers`
    pub maintainers: Vec<Maintainer>,
    /// `Icon`
    pub icon: String,
    /// `APIVersion`
    pub api_version: String,
    /// `Condition`
    pub condition: String,
    /// `Tags`
    pub tags: String,
    /// `AppVersion`
    pub app_version: String,
    /// `Deprecated`
    pub deprecated: bool,
    /// `Annotations` (`None`: Chart.yaml has none, a nil map in Go).
    pub annotations: Option<BTreeMap<String, String>>,
    /// `KubeVersion`
    pub kube_version: String,
    /// `Dependencies`: the ones Helm keeps, each renamed to its alias.
    pub dependencies: Vec<Dependency>,
    /// `Type`
    pub chart_type: String,
}

/// One maintainer (`chart.Maintainer`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Maintainer {
    /// `Name`
    pub name: String,
    /// `Email`
    pub email: String,
    /// `URL`
    pub url: String,
}

/// One dependency as `ProcessDependencies` leaves it (`chart.Dependency`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dependency {
    /// `Name` (the alias, when there is one).
    pub name: String,
    /// `Version`
    pub version: String,
    /// `Repository`
    pub repository: String,
    /// `Condition`
    pub condition: String,
    /// `Tags`
    pub tags: Vec<String>,
    /// `Enabled`
    pub enabled: bool,
    /// `ImportValues`, as Helm rewrites them: (`child`, `parent`) (`exports.x` and `.` for a name).
    pub import_values: Vec<(String, String)>,
    /// `Alias`
    pub alias: String,
}

/// A nil `map[string]string` (Chart.yaml without `annotations`): empty to `if`, `range` and
/// field access, printed `map[]`; its JSON and YAML (`null`, unlike an empty map's `{}`) are
/// refused by the functions that meet an object they do not know.
#[derive(Debug)]
struct NilStringMap;

impl crate::value::Object for NilStringMap {
    fn type_name(&self) -> &'static str {
        "map[string]string"
    }

    fn field(&self, _: &str) -> Option<Value> {
        Some(Value::str(""))
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        Some("map[]".to_string())
    }

    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        Some(Vec::new())
    }
}

/// A string value.
fn s(text: &str) -> Value {
    Value::str(text)
}

/// A `[]interface {}` of strings (`structToMap` turns every slice into one, nil into empty).
fn strings(items: &[String]) -> Value {
    Value::list(items.iter().map(|i| s(i)).collect())
}

/// A `map[string]interface {}` from its entries.
fn map(entries: Vec<(&str, Value)>) -> Value {
    Value::map(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// A `map[string]string` from its entries.
fn string_map(entries: impl Iterator<Item = (String, String)>) -> Value {
    let map = entries.map(|(k, v)| (k, Value::str(v))).collect();
    Value::Map(Rc::new(std::cell::RefCell::new(map)), MapType::String)
}

impl Metadata {
    /// `.Chart`: Helm's `MetadataAsMap` with `IsRoot`.
    pub fn to_value(&self, is_root: bool) -> Value {
        let maintainers = self.maintainers.iter().map(|m| {
            map(vec![
                ("Name", s(&m.name)),
                ("Email", s(&m.email)),
                ("URL", s(&m.url)),
            ])
        });
        let dependencies = self.dependencies.iter().map(Dependency::to_value);
        let annotations = match &self.annotations {
            Some(map) => string_map(map.clone().into_iter()),
            None => Value::Object(Rc::new(NilStringMap)),
        };
        map(vec![
            ("Name", s(&self.name)),
            ("Home", s(&self.home)),
            ("Sources", strings(&self.sources)),
            ("Version", s(&self.version)),
            ("Description", s(&self.description)),
            ("Keywords", strings(&self.keywords)),
            ("Maintainers", Value::list(maintainers.collect())),
            ("Icon", s(&self.icon)),
            ("APIVersion", s(&self.api_version)),
            ("Condition", s(&self.condition)),
            ("Tags", s(&self.tags)),
            ("AppVersion", s(&self.app_version)),
            ("Deprecated", Value::Bool(self.deprecated)),
            ("Annotations", annotations),
            ("KubeVersion", s(&self.kube_version)),
            ("Dependencies", Value::list(dependencies.collect())),
            ("Type", s(&self.chart_type)),
            ("IsRoot", Value::Bool(is_root)),
        ])
    }

    /// Whether Helm renders only the chart's partials (`type: library`, any case).
    pub fn is_library(&self) -> bool {
        self.chart_type.eq_ignore_ascii_case("library")
    }
}

impl Dependency {
    /// One entry of `.Chart.Dependencies`.
    fn to_value(&self) -> Value {
        let imports = self.import_values.iter().map(|(child, parent)| {
            let entries = [("child", child), ("parent", parent)];
            string_map(entries.into_iter().map(|(k, v)| (k.to_string(), v.clone())))
        });
        map(vec![
            ("Name", s(&self.name)),
            ("Version", s(&self.version)),
            ("Repository", s(&self.repository)),
            ("Condition", s(&self.condition)),
            ("Tags", strings(&self.tags)),
            ("Enabled", Value::Bool(self.enabled)),
            ("ImportValues", Value::list(imports.collect())),
            ("Alias", s(&self.alias)),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::ElemType;

    fn keys(value: &Value) -> Vec<String> {
        let Value::Map(map, _) = value else { panic!() };
        map.borrow().keys().cloned().collect()
    }

    fn get(value: &Value, key: &str) -> Value {
        let Value::Map(map, _) = value else { panic!() };
        map.borrow().get(key).cloned().unwrap()
    }

    /// The keys and shapes Helm 4.2.3 gives `.Chart` (`toJson .Chart` on a probe chart).
    #[test]
    fn chart_holds_helms_field_names_and_is_root() {
        let meta = Metadata {
            name: "p1".to_string(),
            dependencies: vec![Dependency {
                name: "subby".to_string(),
                alias: "subby".to_string(),
                version: "0.2.0".to_string(),
                enabled: true,
                ..Dependency::default()
            }],
            ..Metadata::default()
        };
        let chart = meta.to_value(true);
        assert_eq!(
            keys(&chart).join(","),
            "APIVersion,Annotations,AppVersion,Condition,Dependencies,Deprecated,Description,\
             Home,Icon,IsRoot,Keywords,KubeVersion,Maintainers,Name,Sources,Tags,Type,Version"
        );
        assert!(get(&chart, "IsRoot").truth());
        assert!(matches!(get(&chart, "Keywords"), Value::List(l, ElemType::Any) if l.is_empty()));
        let nil = get(&chart, "Annotations");
        assert_eq!(nil.type_name(), "map[string]string");
        assert!(matches!(nil, Value::Object(_)) && !nil.truth());
        let given = Metadata {
            annotations: Some(BTreeMap::new()),
            ..Metadata::default()
        };
        assert!(matches!(
            get(&given.to_value(true), "Annotations"),
            Value::Map(_, MapType::String)
        ));
        let Value::List(deps, _) = get(&chart, "Dependencies") else {
            panic!()
        };
        let dep = deps.first().unwrap();
        assert_eq!(
            keys(dep).join(","),
            "Alias,Condition,Enabled,ImportValues,Name,Repository,Tags,Version"
        );
        assert_eq!(get(dep, "Name").as_str(), Some("subby"));
        assert!(!get(&meta.to_value(false), "IsRoot").truth());
    }

    #[test]
    fn library_is_read_in_any_case() {
        let meta = |t: &str| Metadata {
            chart_type: t.to_string(),
            ..Metadata::default()
        };
        assert!(meta("Library").is_library());
        assert!(!meta("application").is_library());
    }
}
