//! `.Files` (Helm's `engine.files`, a `map[string][]byte` with methods): `Get`, `GetBytes`,
//! `Glob`, `Lines`, `AsConfig`, `AsSecrets`, and `[]byte` values as Go prints them.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::glob::Glob;
use crate::func::Ctx;
use crate::value::{ElemType, MapType, Object, Value};

/// A chart's files as templates see them (`engine.files`).
#[derive(Clone, Debug, Default)]
pub struct Files {
    entries: Rc<BTreeMap<String, Bytes>>,
}

/// A `[]byte` (`.Files.GetBytes`, an element of `.Files`).
#[derive(Clone, Debug, Default)]
pub struct Bytes(pub Rc<[u8]>);

impl Files {
    /// The files of one chart: (path inside it, bytes); a later path overwrites an earlier one.
    pub fn new(files: &[(String, Vec<u8>)]) -> Files {
        let entries = files
            .iter()
            .map(|(name, data)| (name.clone(), Bytes(Rc::from(data.as_slice()))))
            .collect();
        Files {
            entries: Rc::new(entries),
        }
    }

    /// `Get`: the file as a string, `""` when missing.
    fn get(&self, name: &str) -> Result<Value, String> {
        match self.entries.get(name) {
            None => Ok(Value::str("")),
            Some(bytes) => text(bytes).map(Value::str),
        }
    }

    /// `Glob`: the files whose names match `pattern` (gobwas, `/`-separated).
    fn glob(&self, pattern: &str) -> Result<Value, String> {
        let glob = Glob::compile(pattern).map_err(|e| unsupported(&e))?;
        let mut out = BTreeMap::new();
        for (name, bytes) in self.entries.iter() {
            if glob.matches(name).map_err(|e| unsupported(&e))? {
                out.insert(name.clone(), bytes.clone());
            }
        }
        Ok(Value::Object(Rc::new(Files {
            entries: Rc::new(out),
        })))
    }

    /// `Lines`: the file split at `\n`, a last newline dropped (`[]string`).
    fn lines(&self, name: &str) -> Result<Value, String> {
        let Some(bytes) = self.entries.get(name) else {
            return Ok(Value::List(Rc::new(Vec::new()), ElemType::String));
        };
        let text = text(bytes)?;
        // Helm indexes the last byte of an empty file: Go's runtime stops the call.
        let Some(body) = text
            .strip_suffix('\n')
            .or((!text.is_empty()).then_some(text.as_str()))
        else {
            return Err("runtime error: index out of range [-1]".to_string());
        };
        let lines = body.split('\n').map(Value::str).collect();
        Ok(Value::List(Rc::new(lines), ElemType::String))
    }

    /// `AsConfig` (file contents) or `AsSecrets` (base64): a `map[string]string` by base name,
    /// through Helm's `toYAML`.
    fn as_map(&self, secrets: bool) -> Result<Value, String> {
        let mut map = BTreeMap::new();
        for (name, bytes) in self.entries.iter() {
            let base = name.rsplit('/').next().unwrap_or(name);
            let value = if secrets {
                base64(&bytes.0)
            } else {
                text(bytes)?
            };
            // Go ranges over its map in random order: which of two equal base names wins is chance.
            if map.insert(base.to_string(), Value::str(value)).is_some() {
                return Err(unsupported(&format!(
                    "files sharing the base name {base:?} (Go's map order picks the one kept)"
                )));
            }
        }
        let map = Value::Map(Rc::new(std::cell::RefCell::new(map)), MapType::String);
        to_yaml(map)
    }
}

/// Helm's `toYAML` through the function table (sigs.k8s.io/yaml, the last newline dropped).
fn to_yaml(value: Value) -> Result<Value, String> {
    let func = crate::funcs::lookup("toYaml").ok_or_else(|| unsupported("toYaml"))?;
    let mut budget = crate::budget::Budget::default();
    let mut random = crate::budget::Random::default();
    let mut ctx = Ctx {
        budget: &mut budget,
        random: &mut random,
        yaml: None,
    };
    (func.call)(&mut ctx, vec![value]).map_err(|e| unsupported(&format!("{e:?}")))
}

/// A message for what this port does not do, named as a refusal.
fn unsupported(what: &str) -> String {
    format!("{}.Files: {what}", crate::value::UNSUPPORTED)
}

/// The bytes as a Go string; this port holds only UTF-8 strings.
fn text(bytes: &Bytes) -> Result<String, String> {
    std::str::from_utf8(&bytes.0)
        .map(str::to_string)
        .map_err(|_| unsupported("a file that is not UTF-8 text"))
}

/// Standard base64 with padding (Go's `base64.StdEncoding`).
fn base64(data: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                let index = ((n >> (18 - 6 * i)) & 63) as usize;
                out.push(char::from(TABLE.get(index).copied().unwrap_or(b'=')));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The single string argument a method takes, as Go's call checks it.
fn one_string<'a>(name: &str, args: &'a [Value]) -> Result<&'a str, String> {
    match args {
        [Value::Str(s)] => Ok(&s.text),
        [other] => Err(format!(
            "wrong type for value; expected string; got {}",
            other.type_name()
        )),
        _ => Err(format!(
            "wrong number of args for {name}: want 1 got {}",
            args.len()
        )),
    }
}

impl Object for Files {
    fn type_name(&self) -> &'static str {
        "engine.files"
    }

    fn field(&self, name: &str) -> Option<Value> {
        match name {
            // Methods that take an argument are reached through `call`.
            "Get" | "GetBytes" | "Glob" | "Lines" => None,
            // A failure cannot be told through a field: the evaluator then refuses the name.
            "AsConfig" | "AsSecrets" => self.as_map(name == "AsSecrets").ok(),
            // A map's key; a missing one is `[]byte(nil)` under `missingkey=zero`.
            key => Some(Value::Object(Rc::new(
                self.entries.get(key).cloned().unwrap_or_default(),
            ))),
        }
    }

    fn params(&self, name: &str) -> Option<&'static [crate::func::Param]> {
        match name {
            "Get" | "GetBytes" | "Glob" | "Lines" => Some(&[crate::func::Param::Str]),
            "AsConfig" | "AsSecrets" => Some(&[]),
            _ => None,
        }
    }

    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        let result = match name {
            "Get" => one_string(name, args).and_then(|n| self.get(n)),
            "GetBytes" => one_string(name, args)
                .map(|n| Value::Object(Rc::new(self.entries.get(n).cloned().unwrap_or_default()))),
            "Glob" => one_string(name, args).and_then(|p| self.glob(p)),
            "Lines" => one_string(name, args).and_then(|n| self.lines(n)),
            "AsConfig" | "AsSecrets" if args.is_empty() => self.as_map(name == "AsSecrets"),
            _ => return None,
        };
        Some(result)
    }

    fn display(&self) -> Option<String> {
        let mut out = String::from("map[");
        for (i, (name, bytes)) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(name);
            out.push(':');
            out.push_str(&bytes.display_text());
        }
        out.push(']');
        Some(out)
    }

    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        let entries = self.entries.iter().map(|(name, bytes)| {
            (
                Value::str(name.as_str()),
                Value::Object(Rc::new(bytes.clone())),
            )
        });
        Some(entries.collect())
    }
}

impl Bytes {
    /// Go's `%v` of a `[]byte`: `[104 105]`.
    fn display_text(&self) -> String {
        let numbers: Vec<String> = self.0.iter().map(u8::to_string).collect();
        format!("[{}]", numbers.join(" "))
    }
}

impl Object for Bytes {
    fn type_name(&self) -> &'static str {
        "[]uint8"
    }

    fn field(&self, _: &str) -> Option<Value> {
        None
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        Some(self.display_text())
    }

    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        let items = self.0.iter().enumerate();
        Some(
            items
                .map(|(i, b)| {
                    (
                        Value::int(i as i64),
                        Value::Int(i64::from(*b), crate::value::IntType::Uint8),
                    )
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe() -> Files {
        Files::new(&[
            (".helmignore".to_string(), b"ignored.txt\n".to_vec()),
            ("README.md".to_string(), b"README".to_vec()),
            ("crds/c.yaml".to_string(), b"kind: CRD\n".to_vec()),
            ("files/a.txt".to_string(), b"line1\nline2\n".to_vec()),
            (
                "files/conf/b.yaml".to_string(),
                b"k: v\nlong: \"x\"\n".to_vec(),
            ),
            ("files/empty.txt".to_string(), Vec::new()),
        ])
    }

    fn call(files: &Files, name: &str, arg: &str) -> Result<Value, String> {
        files.call(name, &[Value::str(arg)]).unwrap()
    }

    fn keys(value: &Value) -> Vec<String> {
        let Value::Object(o) = value else {
            panic!("not an object: {value:?}")
        };
        o.entries()
            .unwrap()
            .into_iter()
            .map(|(k, _)| k.as_str().unwrap().to_string())
            .collect()
    }

    /// Helm 4.2.3's answers on the same files (helm_python, a probe chart).
    #[test]
    fn files_answer_as_helm_does_on_the_probe_chart() {
        let files = probe();
        assert_eq!(
            call(&files, "Get", "README.md").unwrap().as_str(),
            Some("README")
        );
        assert_eq!(
            call(&files, "Get", "values.yaml").unwrap().as_str(),
            Some("")
        );
        let globbed = [
            ("files/**", "files/a.txt files/conf/b.yaml files/empty.txt"),
            ("files/*", "files/a.txt files/empty.txt"),
            ("files/{a,b}.txt", "files/a.txt"),
            ("**.yaml", "crds/c.yaml files/conf/b.yaml"),
            ("files/[a-c].*", "files/a.txt"),
        ];
        for (pattern, want) in globbed {
            assert_eq!(
                keys(&call(&files, "Glob", pattern).unwrap()).join(" "),
                want
            );
        }
        let Value::List(lines, ElemType::String) = call(&files, "Lines", "files/a.txt").unwrap()
        else {
            panic!("Lines is no []string")
        };
        let lines: Vec<&str> = lines.iter().filter_map(Value::as_str).collect();
        assert_eq!(lines, ["line1", "line2"]);
        let missing = call(&files, "Lines", "missing").unwrap();
        assert!(matches!(missing, Value::List(l, ElemType::String) if l.is_empty()));
        let Value::Object(bytes) = call(&files, "GetBytes", "files/a.txt").unwrap() else {
            panic!("GetBytes is no object")
        };
        assert_eq!(
            bytes.display().unwrap(),
            "[108 105 110 101 49 10 108 105 110 101 50 10]"
        );
        assert_eq!(bytes.type_name(), "[]uint8");
        let one = call(&files, "Glob", "files/a.txt").unwrap();
        let Value::Object(one) = one else { panic!() };
        assert_eq!(
            one.display().unwrap(),
            "map[files/a.txt:[108 105 110 101 49 10 108 105 110 101 50 10]]"
        );
        let Some(Value::Object(missing)) = files.field("foo") else {
            panic!()
        };
        assert_eq!(missing.display().unwrap(), "[]");
        assert_eq!(Files::default().display().unwrap(), "map[]");
    }

    #[test]
    fn lines_of_an_empty_file_stop_as_gos_runtime_does() {
        let err = call(&probe(), "Lines", "files/empty.txt").unwrap_err();
        assert_eq!(err, "runtime error: index out of range [-1]");
    }

    #[test]
    fn a_file_that_is_not_utf8_is_refused_not_mangled() {
        let files = Files::new(&[("bin".to_string(), vec![0xff, 0x61])]);
        let err = call(&files, "Get", "bin").unwrap_err();
        assert!(err.starts_with(crate::value::UNSUPPORTED), "{err}");
        let Value::Object(bytes) = call(&files, "GetBytes", "bin").unwrap() else {
            panic!()
        };
        assert_eq!(bytes.display().unwrap(), "[255 97]");
    }

    #[test]
    fn files_sharing_a_base_name_are_refused_as_go_picks_one_by_chance() {
        let files = Files::new(&[
            ("a/same.txt".to_string(), b"A".to_vec()),
            ("b/same.txt".to_string(), b"B".to_vec()),
        ]);
        let err = files.call("AsConfig", &[]).unwrap().unwrap_err();
        assert!(err.starts_with(crate::value::UNSUPPORTED), "{err}");
        assert!(files.field("AsSecrets").is_none());
    }

    #[test]
    fn base64_is_gos_standard_encoding() {
        assert_eq!(base64(b"line1\nline2\n"), "bGluZTEKbGluZTIK");
        assert_eq!(base64(b"k: v\nlong: \"x\"\n"), "azogdgpsb25nOiAieCIK");
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(base64(b"ab"), "YWI=");
    }

    #[test]
    fn a_method_given_no_string_fails_as_gos_call_does() {
        let got = probe().call("Get", &[Value::int(5)]).unwrap();
        assert_eq!(
            got.unwrap_err(),
            "wrong type for value; expected string; got int"
        );
    }
}
