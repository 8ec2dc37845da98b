//! The subcharts Helm keeps of a chart, with the key their values live under and their
//! Chart.yaml entry, and the `condition` paths that gate a listed one.

use super::tree::{Chart, Dependency};
use super::{ChartError, semver};

/// A subchart Helm keeps: the key of its values, the chart, its Chart.yaml entry (if listed).
pub(crate) type Kept<'a> = (String, &'a Chart, Option<&'a Dependency>);

/// The subcharts Helm keeps, with the key their values live under and their dependency entry:
/// first those Chart.yaml does not list (always on), then the listed ones in its order.
pub(crate) fn included(chart: &Chart) -> Result<Vec<Kept<'_>>, ChartError> {
    let fits = |dep: &Dependency, sub: &Chart| -> Result<bool, ChartError> {
        if dep.name != sub.name {
            return Ok(false);
        }
        semver::matches(&dep.version, &sub.version).ok_or_else(|| {
            let message = format!(
                "dependency `{}`: version constraint `{}` or version `{}` cannot be read",
                dep.name, dep.version, sub.version
            );
            ChartError::new(&chart.source, Some("Chart.yaml"), message)
        })
    };
    let mut out = Vec::new();
    for sub in &chart.subcharts {
        let mut listed = false;
        for dep in &chart.dependencies {
            listed |= fits(dep, sub)?;
        }
        if !listed {
            out.push((sub.name.clone(), sub, None));
        }
    }
    for dep in &chart.dependencies {
        let mut found = None;
        for sub in &chart.subcharts {
            if found.is_none() && fits(dep, sub)? {
                found = Some(sub);
            }
        }
        // Helm's `processDependencyEnabled` drops a listed dependency no subchart fits (a
        // version outside its range: that subchart is kept as unlisted, above); one that no
        // subchart is named after is refused at the root only, all of them at once
        // (`missing_dependencies`), as `helm install` refuses it.
        let Some(sub) = found else {
            continue;
        };
        out.push((
            dep.alias.clone().unwrap_or_else(|| dep.name.clone()),
            sub,
            Some(dep),
        ));
    }
    Ok(out)
}

/// A dependency's `condition` paths from the root's values, split as Helm splits them.
pub(crate) fn condition_paths(dep: &Dependency, parent: &[String]) -> Vec<Vec<String>> {
    dep.condition
        .trim()
        .split(',')
        .filter(|c| !c.is_empty())
        .map(|c| {
            parent
                .iter()
                .cloned()
                .chain(c.split('.').map(str::to_string))
                .collect()
        })
        .collect()
}
