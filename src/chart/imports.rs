//! Helm's `import-values` for a chart tree: each chart (those below first) merges its values with
//! its subcharts' (`MergeValues`, `null`s kept: `schema::tree`), takes from each dependency the
//! tables its `import-values` name, and lays them where its merged values hold nothing
//! (`processDependencyImportValues`). What each chart takes is listed in the chart tree; the
//! schema layer lays it in once the user's values have switched subcharts off or on.

use serde_json::{Map, Value};

use crate::schema::{ChartValues, ImportedTable, Importing};

use super::ChartError;
use std::cell::RefCell;

use super::included::included;
use super::tree::Chart;

/// Every importing chart of the tree rooted at `root` (`tree`: its values, as the chart tree
/// carries them), those below first.
pub(super) fn imports(root: &Chart, tree: &ChartValues) -> Result<Vec<Importing>, ChartError> {
    let out = RefCell::new(Vec::new());
    let failed = RefCell::new(None);
    let take = |path: &[String], merged: &Map<String, Value>| match chart_at(root, path)
        .and_then(|chart| taken(chart, path, merged))
    {
        Ok((laid, entry)) => {
            out.borrow_mut().extend(entry);
            laid
        }
        Err(error) => {
            failed.borrow_mut().get_or_insert(error);
            Map::new()
        }
    };
    tree.processed(&mut Vec::new(), &take);
    match failed.into_inner() {
        Some(error) => Err(error),
        None => Ok(out.into_inner()),
    }
}

/// The chart whose values are at `path` (keys from the root's values).
fn chart_at<'c>(root: &'c Chart, path: &[String]) -> Result<&'c Chart, ChartError> {
    let mut chart = root;
    for key in path {
        let found = included(chart)?.into_iter().find(|(k, _, _)| k == key);
        chart = found.map(|(_, sub, _)| sub).ok_or_else(|| {
            ChartError::new(&root.source, None, format!("no subchart at `{key}`"))
        })?;
    }
    Ok(chart)
}

/// What `chart` (at `path`) takes from its dependencies, merged in Helm's order, and its entry
/// for the chart tree (`None`: it imports nothing).
fn taken(
    chart: &Chart,
    path: &[String],
    merged: &Map<String, Value>,
) -> Result<(Map<String, Value>, Option<Importing>), ChartError> {
    let mut laid = Map::new();
    let mut shared = Vec::new();
    let mut list = Vec::new();
    for (key, _, dep) in included(chart)? {
        for import in dep.map(|d| d.imports.as_slice()).unwrap_or_default() {
            let (child, parent) = import.paths();
            let found = std::iter::once(&key)
                .chain(&child)
                .try_fold(merged, |at, k| at.get(k)?.as_object());
            let Some(table) = found else {
                continue; // Helm warns "ImportValues missing table" and goes on.
            };
            let values = parent.iter().rev().fold(table.clone(), |inner, k| {
                Map::from_iter([(k.clone(), Value::Object(inner))])
            });
            if let Err(at) = merge_taken(&mut laid, &values, &parent, &mut shared, &mut Vec::new())
            {
                let message = format!(
                    "dependency `{key}`: its import-values lay more keys into `{}`, a table an earlier import of this chart took from a subchart's values; Helm then adds them to that subchart's values too (its tables are shared), which this tool does not follow: refused rather than validated differently",
                    at.join(".")
                );
                return Err(ChartError::new(&chart.source, Some("Chart.yaml"), message));
            }
            let from = [path, std::slice::from_ref(&key)].concat();
            list.push(ImportedTable { from, values });
        }
    }
    let entry = (!list.is_empty()).then(|| Importing {
        chart: path.to_vec(),
        tables: list,
    });
    Ok((laid, entry))
}

/// Helm's `MergeTables(laid, values)`, refusing where Helm would change a subchart's values: a key
/// added to a table an earlier import took from them (`shared`: where such tables were laid;
/// `parent`: where this import's own table sits, the mappings above it being Helm's new ones).
fn merge_taken(
    laid: &mut Map<String, Value>,
    values: &Map<String, Value>,
    parent: &[String],
    shared: &mut Vec<Vec<String>>,
    at: &mut Vec<String>,
) -> Result<(), Vec<String>> {
    let is_shared = |p: &[String]| shared.iter().any(|s| p.starts_with(s));
    if is_shared(at) && values.keys().any(|k| !laid.contains_key(k)) {
        return Err(at.clone());
    }
    for (key, value) in values {
        at.push(key.clone());
        match (laid.get_mut(key), value) {
            (None, _) => {
                let table = if at.len() < parent.len() {
                    parent.to_vec()
                } else {
                    at.clone()
                };
                shared.push(table);
                laid.insert(key.clone(), value.clone());
            }
            (Some(Value::Object(inner)), Value::Object(more)) => {
                merge_taken(inner, more, parent, shared, at)?
            }
            (Some(_), _) => {}
        }
        at.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::{Files, load};
    use serde_json::json;

    /// The tree of `files` (path, text) and what its charts import, as JSON.
    fn imported(files: &[(&str, &str)]) -> Result<Vec<Value>, ChartError> {
        let mut tree = Files::new("top");
        for (path, text) in files {
            tree.insert(path.to_string(), text.as_bytes().to_vec());
        }
        let chart = load(tree)?;
        let list = imports(&chart, &super::super::compose::tree_of(&chart)?)?;
        Ok(list
            .iter()
            .map(|i| serde_json::to_value(i).unwrap())
            .collect())
    }

    const SUB: (&str, &str) = (
        "charts/sub/Chart.yaml",
        "apiVersion: v2\nname: sub\nversion: 1.0.0\n",
    );

    fn top(imports: &str) -> String {
        format!(
            "apiVersion: v2\nname: top\nversion: 1.0.0\ndependencies:\n  - name: sub\n    version: 1.0.0\n    import-values: {imports}\n"
        )
    }

    #[test]
    fn each_import_lists_its_table_where_the_parent_lays_it() {
        let chart =
            top("[data, {child: conf.inner, parent: a.b}, missing, {child: port, parent: p}]");
        let list = imported(&[
            ("Chart.yaml", &chart),
            ("values.yaml", "x: null\na:\n  b:\n    k: null\n"),
            SUB,
            (
                "charts/sub/values.yaml",
                "exports:\n  data:\n    x: 1\n    w: 2\nconf:\n  inner:\n    k: 3\nport: 80\n",
            ),
        ])
        .unwrap();
        assert_eq!(
            list,
            vec![json!({"chart": [], "tables": [
                {"from": ["sub"], "values": {"x": 1, "w": 2}},
                {"from": ["sub"], "values": {"a": {"b": {"k": 3}}}}]})]
        );
    }

    #[test]
    fn a_chart_reads_its_subcharts_values_as_its_own_and_their_imports_first() {
        let mid = "apiVersion: v2\nname: sub\nversion: 1.0.0\ndependencies:\n  - name: leaf\n    version: 1.0.0\n    import-values: [cfg]\n";
        let list = imported(&[
            ("Chart.yaml", &top("[{child: cfg, parent: fromMid}]")),
            ("charts/sub/Chart.yaml", mid),
            (
                "charts/sub/charts/leaf/Chart.yaml",
                "apiVersion: v2\nname: leaf\nversion: 1.0.0\n",
            ),
            (
                "charts/sub/charts/leaf/values.yaml",
                "exports:\n  cfg:\n    cfg:\n      level: 3\n",
            ),
        ])
        .unwrap();
        assert_eq!(list[0]["chart"], json!(["sub"]));
        assert_eq!(
            list[1]["tables"][0]["values"],
            json!({"fromMid": {"level": 3}})
        );
    }

    #[test]
    fn two_imports_adding_to_one_table_taken_from_a_subchart_are_refused() {
        let chart = top("[{child: one, parent: t}, {child: two, parent: t}]");
        let error = imported(&[
            ("Chart.yaml", &chart),
            SUB,
            ("charts/sub/values.yaml", "one:\n  a: 1\ntwo:\n  b: 2\n"),
        ])
        .unwrap_err();
        assert!(error.message.contains("lay more keys into `t`"), "{error}");
        let merging_only_fresh = top("[{child: one, parent: t.x}, {child: two, parent: t.y}]");
        let list = imported(&[
            ("Chart.yaml", &merging_only_fresh),
            SUB,
            ("charts/sub/values.yaml", "one:\n  a: 1\ntwo:\n  b: 2\n"),
        ])
        .unwrap();
        assert_eq!(list[0]["tables"].as_array().map(Vec::len), Some(2));
    }
}
