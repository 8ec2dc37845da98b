//! Both charts of a bump rendered with provenance, each (chart, values) once: the three renders
//! of the behaviour report, and the evidence the judge asks for (`migrate::Renders`) while the
//! pipeline runs, from the same renders.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;

use super::sites::{self, Manifests};
use crate::chart::Source;
use crate::migrate::renders::Reading;
use crate::path::ValuePath;

/// A render's objects and reads, or why it did not render.
pub type Render = Rc<Result<Manifests, String>>;

/// The two charts of a bump, read from a source, and their renders made so far.
pub struct Renders<'a> {
    /// Where the charts' files are.
    source: &'a dyn Source,
    /// The base chart (a directory or an archive).
    base: &'a str,
    /// The target chart.
    target: &'a str,
    /// Each render made: (target or base, the values as JSON text, the render).
    made: RefCell<Vec<(bool, String, Render)>>,
}

impl std::fmt::Debug for Renders<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renders")
            .field("base", &self.base)
            .field("target", &self.target)
            .finish_non_exhaustive()
    }
}

impl<'a> Renders<'a> {
    /// The charts at `base` and `target` in `source`, nothing rendered yet.
    pub fn new(source: &'a dyn Source, base: &'a str, target: &'a str) -> Renders<'a> {
        Renders {
            source,
            base,
            target,
            made: RefCell::new(Vec::new()),
        }
    }

    /// The base chart rendered with `values` (made once).
    pub fn base(&self, values: &Value) -> Render {
        self.render(false, values)
    }

    /// The target chart rendered with `values` (made once).
    pub fn target(&self, values: &Value) -> Render {
        self.render(true, values)
    }

    fn render(&self, target: bool, values: &Value) -> Render {
        let text = serde_json::to_string(values).unwrap_or_default();
        let found = self
            .made
            .borrow()
            .iter()
            .find(|(side, key, _)| *side == target && *key == text)
            .map(|(_, _, render)| Rc::clone(render));
        if let Some(render) = found {
            return render;
        }
        let chart = if target { self.target } else { self.base };
        let render = Rc::new(render_with(self.source, chart, &text));
        self.made
            .borrow_mut()
            .push((target, text, Rc::clone(&render)));
        render
    }
}

/// Renders `chart` with the values `text` (JSON) and provenance: its objects, placed origins
/// and reads, or why not.
fn render_with(source: &dyn Source, chart: &str, text: &str) -> Result<Manifests, String> {
    let request = crate::render::Request {
        values: vec![("values.yaml".to_string(), text.to_string())],
        provenance: true,
        ..crate::render::Request::default()
    };
    let outcome = crate::render::render(source, chart, &request).map_err(|f| match f {
        crate::render::Failure::Invalid(m) | crate::render::Failure::Helm(m) => m,
    })?;
    let rendered = &outcome.rendered;
    if let Some(error) = &rendered.error {
        return Err(error.to_string());
    }
    if let Some(refused) = rendered.refused.first() {
        return Err(format!("refused: {refused}"));
    }
    Ok(sites::manifests(&outcome))
}

impl crate::migrate::Renders for Renders<'_> {
    fn target_reads(&self, original: &Value, path: &ValuePath) -> Option<Reading> {
        let render = self.target(original);
        let manifests = render.as_ref().as_ref().ok()?;
        let value = crate::path::get(original, path);
        Some(manifests.reads.reading(path, value).0)
    }

    fn base_reader(&self, original: &Value, path: &ValuePath) -> Option<String> {
        let render = self.base(original);
        let manifests = render.as_ref().as_ref().ok()?;
        let value = crate::path::get(original, path);
        manifests.reads.reading(path, value).1.map(str::to_string)
    }

    fn alike(&self, original: &Value, path: &ValuePath, values: &Value) -> Option<bool> {
        let before = self.target(original);
        let after = self.target(values);
        let (Ok(c), Ok(b)) = (before.as_ref(), after.as_ref()) else {
            return None;
        };
        let sites = super::sites_of(c, path, crate::path::get(original, path));
        Some(!sites.is_empty() && super::alike_at(c, &sites, b))
    }
}
