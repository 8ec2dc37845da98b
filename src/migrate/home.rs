//! What kind of document holds the values: a values file, an Argo CD Application, a Flux
//! HelmRelease or the ConfigMap it reads, a kustomization, a helmfile.

use crate::path::{Segment, ValuePath};
use serde::Serialize;
use serde_json::Value;

/// The document that holds the values, for a person to recognise (docs/contract.md `valuesIn`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ValuesHome {
    /// What kind of document it is.
    pub kind: HomeKind,
    /// Its name: a manifest's `metadata.name`, a helmfile release's or a kustomization chart's `name`.
    pub name: Option<String>,
    /// How the values are written when they are a YAML document inside a string (`literal` for
    /// `|` text, `double-quoted`); `null` when they are the file's own YAML.
    pub string: Option<String>,
    /// For a ConfigMap or Secret: the Flux HelmRelease among the files whose `valuesFrom` names
    /// it and this key (`HelmRelease bosun`), or `null`.
    pub read_by: Option<String>,
}

/// The kinds of document that hold values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum HomeKind {
    /// A values file: the values are its root.
    ValuesFile,
    /// A YAML file of another kind, the values nested in it (an app-of-apps chart's values).
    Nested,
    /// An Argo CD `Application` (`spec.source.helm.values` or `valuesObject`, or a `sources` entry).
    ArgoCdApplication,
    /// An Argo CD `ApplicationSet` (its template's Application).
    ArgoCdApplicationSet,
    /// A Flux `HelmRelease` (`spec.values`).
    FluxHelmRelease,
    /// A `ConfigMap` (the `valuesFrom` of a Flux HelmRelease names one).
    ConfigMap,
    /// A `Secret` (its `stringData`).
    Secret,
    /// A kustomization's `helmCharts[].valuesInline`.
    Kustomization,
    /// A helmfile's `releases[].values[]`.
    Helmfile,
    /// Another Kubernetes manifest.
    Manifest,
}

impl HomeKind {
    /// The kind as a person reads it: `Argo CD Application`.
    pub fn label(self) -> &'static str {
        match self {
            HomeKind::ValuesFile => "values file",
            HomeKind::Nested => "YAML file",
            HomeKind::ArgoCdApplication => "Argo CD Application",
            HomeKind::ArgoCdApplicationSet => "Argo CD ApplicationSet",
            HomeKind::FluxHelmRelease => "Flux HelmRelease",
            HomeKind::ConfigMap => "ConfigMap",
            HomeKind::Secret => "Secret",
            HomeKind::Kustomization => "kustomization",
            HomeKind::Helmfile => "helmfile",
            HomeKind::Manifest => "manifest",
        }
    }
}

impl ValuesHome {
    /// What holds values at `at` of `document`, written in a string of `string` style or not.
    pub fn of(document: &Value, at: &ValuePath, string: Option<&str>) -> ValuesHome {
        let text = |path: &[Segment]| {
            let path = ValuePath::from_segments(path.to_vec());
            crate::path::get(document, &path)?
                .as_str()
                .map(str::to_string)
        };
        ValuesHome::of_texts(text, at, string)
    }

    /// [`ValuesHome::of`] for a document read through `text`, the string at a path of it.
    pub fn of_texts(
        text: impl Fn(&[Segment]) -> Option<String>,
        at: &ValuePath,
        string: Option<&str>,
    ) -> ValuesHome {
        let key = |name: &str| Segment::Key(name.to_string());
        let top = |name: &str| text(&[key(name)]).unwrap_or_default();
        let (api, kind) = (top("apiVersion"), top("kind"));
        let first = match at.segments().first() {
            Some(Segment::Key(key)) => key.as_str(),
            _ => "",
        };
        // The `name` of the list item the values are in (`releases[0].values[1]`: `releases[0]`).
        let listed = |list: &str| match at.segments() {
            [Segment::Key(first), Segment::Index(i), ..] if first == list => {
                text(&[key(list), Segment::Index(*i), key("name")])
            }
            _ => None,
        };
        let (home, name) = match (api.split('/').next().unwrap_or_default(), kind.as_str()) {
            ("argoproj.io", "Application") => (HomeKind::ArgoCdApplication, None),
            ("argoproj.io", "ApplicationSet") => (HomeKind::ArgoCdApplicationSet, None),
            ("helm.toolkit.fluxcd.io", "HelmRelease") => (HomeKind::FluxHelmRelease, None),
            (_, "ConfigMap") if api == "v1" => (HomeKind::ConfigMap, None),
            (_, "Secret") if api == "v1" => (HomeKind::Secret, None),
            _ if first == "helmCharts" => (HomeKind::Kustomization, listed("helmCharts")),
            _ if first == "releases" => (HomeKind::Helmfile, listed("releases")),
            ("", "") if at.is_root() => (HomeKind::ValuesFile, None),
            ("", "") => (HomeKind::Nested, None),
            _ => (HomeKind::Manifest, None),
        };
        let metadata = || text(&[key("metadata"), key("name")]);
        ValuesHome {
            kind: home,
            name: name.or_else(metadata),
            string: string.map(str::to_string),
            read_by: None,
        }
    }

    /// Names the HelmRelease among `documents` whose `valuesFrom` reads this ConfigMap or
    /// Secret's key at `at` (`data["values.yaml"]`; Flux's default key is `values.yaml`).
    pub fn find_reader<'d>(&mut self, documents: impl Iterator<Item = &'d Value>, at: &ValuePath) {
        let kind = match self.kind {
            HomeKind::ConfigMap => "ConfigMap",
            HomeKind::Secret => "Secret",
            _ => return,
        };
        let (Some(name), [Segment::Key(_), Segment::Key(key)]) = (&self.name, at.segments()) else {
            return;
        };
        let reads = |source: &Value| {
            let text = |k: &str| source.get(k).and_then(Value::as_str);
            text("kind") == Some(kind)
                && text("name") == Some(name)
                && text("valuesKey").unwrap_or("values.yaml") == key
        };
        let reader = documents.filter(|d| {
            d.get("kind").and_then(Value::as_str) == Some("HelmRelease")
                && d.pointer("/spec/valuesFrom")
                    .and_then(Value::as_array)
                    .is_some_and(|from| from.iter().any(reads))
        });
        self.read_by = reader
            .filter_map(|d| d.pointer("/metadata/name").and_then(Value::as_str))
            .next()
            .map(|release| format!("HelmRelease {release}"));
    }

    /// The home in words when it is more than a YAML file: ` (a YAML string (literal) of Argo CD
    /// Application `bosun`)`, or nothing.
    pub fn note(home: Option<&ValuesHome>) -> String {
        match home {
            Some(home)
                if home.string.is_some()
                    || !matches!(home.kind, HomeKind::ValuesFile | HomeKind::Nested) =>
            {
                format!(" ({})", home.describe())
            }
            _ => String::new(),
        }
    }

    /// The home in words: `a YAML string (literal) of Argo CD Application `bosun``.
    pub fn describe(&self) -> String {
        let named = match &self.name {
            Some(name) => format!("{} `{name}`", self.kind.label()),
            None => self.kind.label().to_string(),
        };
        let read = match &self.read_by {
            Some(reader) => format!(", read by {reader}"),
            None => String::new(),
        };
        match &self.string {
            Some(style) => format!("a YAML string ({style}) of {named}{read}"),
            None => format!("{named}{read}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HomeKind, ValuesHome};
    use crate::path::ValuePath;
    use serde_json::json;

    #[test]
    fn each_kind_of_document_is_named() {
        let path = |p: &str| ValuePath::parse(p).unwrap();
        let app = json!({"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
            "metadata": {"name": "bosun"}, "spec": {"source": {"helm": {"values": "a: 1\n"}}}});
        let home = ValuesHome::of(&app, &path("spec.source.helm.values"), Some("literal"));
        assert_eq!(home.kind, HomeKind::ArgoCdApplication);
        assert_eq!(
            home.describe(),
            "a YAML string (literal) of Argo CD Application `bosun`"
        );
        let helmfile = json!({"releases": [{"name": "web", "values": [{"a": 1}]}]});
        let home = ValuesHome::of(&helmfile, &path("releases[0].values[0]"), None);
        assert_eq!(
            (home.kind, home.name.as_deref()),
            (HomeKind::Helmfile, Some("web"))
        );
        let kustomize = json!({"helmCharts": [{"name": "nginx", "valuesInline": {"a": 1}}]});
        let home = ValuesHome::of(&kustomize, &path("helmCharts[0].valuesInline"), None);
        assert_eq!(
            (home.kind, home.name.as_deref()),
            (HomeKind::Kustomization, Some("nginx"))
        );
        let values = json!({"a": 1});
        assert_eq!(
            ValuesHome::of(&values, &ValuePath::root(), None).kind,
            HomeKind::ValuesFile
        );
        assert_eq!(
            ValuesHome::of(&values, &path("a"), None).kind,
            HomeKind::Nested
        );
        let release = json!({"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease",
            "metadata": {"name": "web"}, "spec": {"values": {"a": 1}}});
        let home = ValuesHome::of(&release, &path("spec.values"), None);
        assert_eq!(
            (home.kind, home.describe().as_str()),
            (HomeKind::FluxHelmRelease, "Flux HelmRelease `web`")
        );
        let secret = json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}});
        let home = ValuesHome::of(
            &secret,
            &path("stringData[\"values.yaml\"]"),
            Some("literal"),
        );
        assert_eq!(home.kind, HomeKind::Secret);
        let cm = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "v"}});
        assert_eq!(
            ValuesHome::of(&cm, &path("data[\"values.yaml\"]"), None).kind,
            HomeKind::ConfigMap
        );
    }
}
