//! The templates of a chart tree, each file with the chart whose values it reads: the root's
//! `templates/**` and every subchart's Helm keeps, under the key its values live under.

use super::included::{condition_paths, included};
use super::{Chart, ChartError};
use crate::path::{Segment, ValuePath};
use crate::reads::{ChartInfo, TemplateFile, Templates};

/// The tree's templates, in the order Helm names them (`root/templates/…`, `root/charts/sub/…`).
pub fn templates(root: &Chart) -> Result<Templates, ChartError> {
    let mut out = Templates {
        chart: root.name.clone(),
        version: root.version.clone(),
        charts: Vec::new(),
        files: Vec::new(),
    };
    walk(
        root,
        &root.name,
        ValuePath::root(),
        None,
        Vec::new(),
        &mut out,
    )?;
    crate::order::by(&mut out.files, |a, b| a.name.cmp(&b.name));
    Ok(out)
}

fn walk(
    chart: &Chart,
    name_path: &str,
    values: ValuePath,
    parent: Option<usize>,
    gates: Vec<Vec<String>>,
    out: &mut Templates,
) -> Result<(), ChartError> {
    let index = out.charts.len();
    let keys: Vec<String> = values.segments().iter().filter_map(key).collect();
    let name = keys.last().cloned().unwrap_or_else(|| chart.name.clone());
    out.charts.push(ChartInfo {
        name,
        values_path: keys.clone(),
        parent,
        dir: name_path.to_string(),
        gates,
    });
    for (path, text) in &chart.templates {
        out.files.push(TemplateFile {
            name: format!("{name_path}/{path}"),
            chart: index,
            text: text.clone(),
        });
    }
    for (key, sub, dep) in included(chart)? {
        let mut gates = Vec::new();
        if let Some(dep) = dep {
            gates.extend(condition_paths(dep, &keys));
            for tag in &dep.tags {
                gates.push(vec!["tags".to_string(), tag.clone()]);
            }
        }
        let sub_name = format!("{name_path}/charts/{}", sub.name);
        walk(
            sub,
            &sub_name,
            values.key(key.as_str()),
            Some(index),
            gates,
            out,
        )?;
    }
    Ok(())
}

fn key(segment: &Segment) -> Option<String> {
    match segment {
        Segment::Key(key) => Some(key.clone()),
        Segment::Index(_) => None,
    }
}
