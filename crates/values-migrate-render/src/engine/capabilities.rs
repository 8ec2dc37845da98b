//! `.Capabilities` as Helm 4.2.3's `helm template` gives it (`common.DefaultCapabilities`, built
//! from client-go v0.36: Kubernetes v1.36.0, the API versions of client-go's scheme, and the
//! SDK's `version.BuildInfo`), measured with helm_python.

use std::rc::Rc;

use crate::value::{Object, Value};

/// The API versions of Helm 4.2.3's default capabilities, in its order (client-go's scheme).
pub const DEFAULT_API_VERSIONS: &[&str] = &[
    "v1",
    "admissionregistration.k8s.io/v1",
    "admissionregistration.k8s.io/v1alpha1",
    "admissionregistration.k8s.io/v1beta1",
    "internal.apiserver.k8s.io/v1alpha1",
    "apps/v1",
    "apps/v1beta1",
    "apps/v1beta2",
    "authentication.k8s.io/v1",
    "authentication.k8s.io/v1alpha1",
    "authentication.k8s.io/v1beta1",
    "authorization.k8s.io/v1",
    "authorization.k8s.io/v1beta1",
    "autoscaling/v1",
    "autoscaling/v2",
    "batch/v1",
    "batch/v1beta1",
    "certificates.k8s.io/v1",
    "certificates.k8s.io/v1beta1",
    "certificates.k8s.io/v1alpha1",
    "coordination.k8s.io/v1alpha2",
    "coordination.k8s.io/v1beta1",
    "coordination.k8s.io/v1",
    "discovery.k8s.io/v1",
    "discovery.k8s.io/v1beta1",
    "events.k8s.io/v1",
    "events.k8s.io/v1beta1",
    "extensions/v1beta1",
    "flowcontrol.apiserver.k8s.io/v1",
    "flowcontrol.apiserver.k8s.io/v1beta1",
    "flowcontrol.apiserver.k8s.io/v1beta2",
    "flowcontrol.apiserver.k8s.io/v1beta3",
    "networking.k8s.io/v1",
    "networking.k8s.io/v1beta1",
    "node.k8s.io/v1",
    "node.k8s.io/v1alpha1",
    "node.k8s.io/v1beta1",
    "policy/v1",
    "policy/v1beta1",
    "rbac.authorization.k8s.io/v1",
    "rbac.authorization.k8s.io/v1beta1",
    "rbac.authorization.k8s.io/v1alpha1",
    "resource.k8s.io/v1",
    "resource.k8s.io/v1beta2",
    "resource.k8s.io/v1beta1",
    "resource.k8s.io/v1alpha3",
    "scheduling.k8s.io/v1alpha2",
    "scheduling.k8s.io/v1beta1",
    "scheduling.k8s.io/v1",
    "storage.k8s.io/v1beta1",
    "storage.k8s.io/v1",
    "storage.k8s.io/v1alpha1",
    "storagemigration.k8s.io/v1beta1",
    "apiextensions.k8s.io/v1beta1",
    "apiextensions.k8s.io/v1",
];

/// The Kubernetes version templates see (`common.KubeVersion`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KubeVersion {
    /// `Version`: the full version (`v1.36.0`).
    pub version: String,
    /// What `String` returns: the version normalized for constraints.
    pub normalized: String,
    /// `Major`
    pub major: String,
    /// `Minor`
    pub minor: String,
}

impl Default for KubeVersion {
    fn default() -> Self {
        KubeVersion {
            version: "v1.36.0".to_string(),
            normalized: "v1.36.0".to_string(),
            major: "1".to_string(),
            minor: "36".to_string(),
        }
    }
}

/// Helm's build information (`version.BuildInfo`), as the SDK reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildInfo {
    /// `Version`
    pub version: String,
    /// `GitCommit`
    pub git_commit: String,
    /// `GitTreeState`
    pub git_tree_state: String,
    /// `GoVersion`
    pub go_version: String,
    /// `KubeClientVersion`
    pub kube_client_version: String,
}

impl Default for BuildInfo {
    fn default() -> Self {
        BuildInfo {
            version: "v4.2".to_string(),
            git_commit: String::new(),
            git_tree_state: String::new(),
            go_version: "go1.26.6".to_string(),
            kube_client_version: "v1.36".to_string(),
        }
    }
}

/// `.Capabilities` (`*common.Capabilities`).
#[derive(Clone, Debug, Default)]
pub struct Capabilities {
    /// `KubeVersion`
    pub kube_version: KubeVersion,
    /// `APIVersions`
    pub api_versions: VersionSet,
    /// `HelmVersion`
    pub helm_version: BuildInfo,
}

/// `common.VersionSet`: a `[]string` with `Has`.
#[derive(Clone, Debug)]
pub struct VersionSet(pub Rc<Vec<String>>);

impl Default for VersionSet {
    fn default() -> Self {
        VersionSet(Rc::new(
            DEFAULT_API_VERSIONS.iter().map(|v| v.to_string()).collect(),
        ))
    }
}

impl VersionSet {
    /// Go's `%v` of the slice: `[v1 apps/v1 …]`.
    fn text(&self) -> String {
        format!("[{}]", self.0.join(" "))
    }
}

impl BuildInfo {
    /// Go's `%v` of the struct: the fields, space-separated, in braces.
    fn text(&self) -> String {
        format!(
            "{{{} {} {} {} {}}}",
            self.version,
            self.git_commit,
            self.git_tree_state,
            self.go_version,
            self.kube_client_version
        )
    }
}

impl KubeVersion {
    /// Go's `%v` of the struct (no `String`: the method needs a pointer).
    fn text(&self) -> String {
        format!(
            "{{{} {} {} {}}}",
            self.version, self.normalized, self.major, self.minor
        )
    }
}

impl Object for Capabilities {
    fn type_name(&self) -> &'static str {
        "*common.Capabilities"
    }

    fn field(&self, name: &str) -> Option<Value> {
        match name {
            "KubeVersion" => Some(Value::Object(Rc::new(self.kube_version.clone()))),
            "APIVersions" => Some(Value::Object(Rc::new(self.api_versions.clone()))),
            "HelmVersion" => Some(Value::Object(Rc::new(self.helm_version.clone()))),
            "Copy" => Some(Value::Object(Rc::new(self.clone()))),
            _ => None,
        }
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        Some(format!(
            "{{{} {} {}}}",
            self.kube_version.text(),
            self.api_versions.text(),
            self.helm_version.text()
        ))
    }
}

impl Object for KubeVersion {
    fn type_name(&self) -> &'static str {
        "common.KubeVersion"
    }

    fn field(&self, name: &str) -> Option<Value> {
        let text = match name {
            "Version" | "GitVersion" => &self.version,
            "String" => &self.normalized,
            "Major" => &self.major,
            "Minor" => &self.minor,
            _ => return None,
        };
        Some(Value::str(text.as_str()))
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    /// `{{ .Capabilities.KubeVersion }}` prints `String()` (the field is addressable) but
    /// `printf "%v"` prints the struct: one answer cannot serve both, so the print is refused.
    fn display(&self) -> Option<String> {
        None
    }
}

impl Object for VersionSet {
    fn type_name(&self) -> &'static str {
        "common.VersionSet"
    }

    fn field(&self, _: &str) -> Option<Value> {
        None
    }

    fn params(&self, name: &str) -> Option<&'static [crate::func::Param]> {
        (name == "Has").then_some(&[crate::func::Param::Str])
    }

    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        if name != "Has" {
            return None;
        }
        Some(match args {
            [Value::Str(s)] => Ok(Value::Bool(self.0.iter().any(|v| **v == *s.text))),
            [other] => Err(format!(
                "wrong type for value; expected string; got {}",
                other.type_name()
            )),
            _ => Err(format!(
                "wrong number of args for Has: want 1 got {}",
                args.len()
            )),
        })
    }

    fn display(&self) -> Option<String> {
        Some(self.text())
    }

    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        let items = self.0.iter().enumerate();
        Some(
            items
                .map(|(i, v)| (Value::int(i as i64), Value::str(v.as_str())))
                .collect(),
        )
    }
}

impl Object for BuildInfo {
    fn type_name(&self) -> &'static str {
        "version.BuildInfo"
    }

    fn field(&self, name: &str) -> Option<Value> {
        let text = match name {
            "Version" => &self.version,
            "GitCommit" => &self.git_commit,
            "GitTreeState" => &self.git_tree_state,
            "GoVersion" => &self.go_version,
            "KubeClientVersion" => &self.kube_client_version,
            _ => return None,
        };
        Some(Value::str(text.as_str()))
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        Some(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Helm 4.2.3 printed on a probe chart (helm_python).
    #[test]
    fn capabilities_print_and_answer_as_helm_4_2_3_does() {
        let caps = Capabilities::default();
        let Some(Value::Object(kube)) = caps.field("KubeVersion") else {
            panic!()
        };
        assert_eq!(kube.field("Version").unwrap().as_str(), Some("v1.36.0"));
        assert_eq!(kube.field("GitVersion").unwrap().as_str(), Some("v1.36.0"));
        assert_eq!(kube.field("Major").unwrap().as_str(), Some("1"));
        assert_eq!(kube.field("Minor").unwrap().as_str(), Some("36"));
        assert_eq!(kube.type_name(), "common.KubeVersion");
        let Some(Value::Object(helm)) = caps.field("HelmVersion") else {
            panic!()
        };
        assert_eq!(helm.display().unwrap(), "{v4.2   go1.26.6 v1.36}");
        assert_eq!(helm.field("Version").unwrap().as_str(), Some("v4.2"));
        assert_eq!(helm.type_name(), "version.BuildInfo");
        let Some(Value::Object(apis)) = caps.field("APIVersions") else {
            panic!()
        };
        let has = |v: &str| apis.call("Has", &[Value::str(v)]).unwrap().unwrap().truth();
        assert!(has("apps/v1"));
        assert!(!has("policy/v1/PodDisruptionBudget"));
        assert!(!has("monitoring.coreos.com/v1"));
        assert_eq!(apis.entries().unwrap().len(), 55);
        assert_eq!(apis.type_name(), "common.VersionSet");
        let display = caps.display().unwrap();
        assert!(
            display.starts_with("{{v1.36.0 v1.36.0 1 36} [v1 admissionregistration.k8s.io/v1 ")
        );
        assert!(display.ends_with(" apiextensions.k8s.io/v1] {v4.2   go1.26.6 v1.36}}"));
    }
}
