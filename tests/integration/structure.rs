//! The layers hold: every `crate::…` reference in src/ points down (docs/ARCHITECTURE.md).
//!
//! Lowest first: `order` (the one sort, beneath every layer) and `diff`; `text`, `path`;
//! `yaml`; `schema`, `reads` (what a chart's templates read) and `splice` (none knows another); `manifest`, `migrate`, `decode`
//! (neither of the first two knows the other); `migration` (on migrate's public pipeline);
//! `render` (Helm's render of a chart, on `chart`); `behaviour` (the bump's three renders, the
//! verdicts and the manifest diff, on `render`);
//! `api` (the JS requests; `types`, the generated contract); `wasm` and `cli` on top, which only translate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Beneath every layer: the one sort (the validator, a crate of its own, has its own).
const FOUNDATION: &[&str] = &["order"];

/// The modules each top-level module may use besides itself (and `FOUNDATION`).
fn allowed(module: &str) -> Option<&'static [&'static str]> {
    const BOTTOM: &[&str] = &[];
    const TEXT: &[&str] = &["diff"];
    const YAML: &[&str] = &["diff", "text", "path"];
    const SCHEMA: &[&str] = &["diff", "text", "path", "yaml"];
    const SPLICE: &[&str] = &["diff", "text", "path", "yaml"];
    const MANIFEST: &[&str] = &["diff", "text", "path", "yaml", "splice"];
    const READS: &[&str] = &["diff", "text", "path"];
    const MIGRATE: &[&str] = &["diff", "text", "path", "yaml", "schema", "splice", "reads"];
    const DECODE: &[&str] = &["text", "yaml"];
    const CHART: &[&str] = &["diff", "text", "path", "yaml", "schema", "reads", "migrate"];
    const MIGRATION: &[&str] = &[
        "diff", "text", "path", "yaml", "schema", "reads", "splice", "migrate",
    ];
    // Helm's render of a chart (values-migrate-render beneath): the chart read, the values coalesced.
    const RENDER: &[&str] = &[
        "diff", "text", "path", "yaml", "schema", "reads", "migrate", "chart",
    ];
    // The bump's behaviour (three renders, verdicts, the manifest diff): on `render`.
    const BEHAVIOUR: &[&str] = &[
        "diff", "text", "path", "yaml", "schema", "reads", "migrate", "chart", "render",
    ];
    const EXIT: &[&str] = &["manifest", "migrate"];
    const EDGE: &[&str] = &[
        "diff",
        "text",
        "path",
        "yaml",
        "schema",
        "reads",
        "splice",
        "manifest",
        "migrate",
        "decode",
        "migration",
        "chart",
        "render",
        "behaviour",
        "exit",
        "api",
    ];
    const WASM_CLI: &[&str] = &[
        "diff",
        "text",
        "path",
        "yaml",
        "schema",
        "reads",
        "splice",
        "manifest",
        "migrate",
        "decode",
        "migration",
        "chart",
        "render",
        "behaviour",
        "exit",
        "wasm",
        "cli",
    ];
    Some(match module {
        "diff" | "order" => BOTTOM,
        "text" | "path" => TEXT,
        "yaml" => YAML,
        "schema" => SCHEMA,
        "reads" => READS,
        "splice" => SPLICE,
        "manifest" => MANIFEST,
        "migrate" => MIGRATE,
        "decode" => DECODE,
        "chart" => CHART,
        "migration" => MIGRATION,
        "render" => RENDER,
        "behaviour" => BEHAVIOUR,
        "exit" => EXIT,
        "wasm" | "cli" => EDGE,
        // The JS requests and JS-only results, and the generated contract over every result type.
        "api" | "types" => EDGE,
        "wasm_cli" => WASM_CLI,
        _ => return None,
    })
}

/// The top-level module a source file belongs to (`src/yaml/node.rs` → `yaml`).
fn module_of(relative: &str) -> String {
    let first = relative.split('/').next().unwrap_or(relative);
    first.trim_end_matches(".rs").to_string()
}

/// Every top-level module named by a `crate::` reference in code (comments skipped).
fn references(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name.chars().next().is_some_and(char::is_lowercase) {
                out.insert(name);
            }
            rest = after;
        }
    }
    out
}

/// The wrong imports of one file: `(module, referenced module)` pairs the layers forbid.
fn wrong_imports(relative: &str, source: &str) -> Vec<(String, String)> {
    let module = module_of(relative);
    let Some(allowed) = allowed(&module) else {
        return Vec::new();
    };
    references(source)
        .into_iter()
        .filter(|used| {
            *used != module
                && !FOUNDATION.contains(&used.as_str())
                && !allowed.contains(&used.as_str())
        })
        .map(|used| (module.clone(), used))
        .collect()
}

fn sources(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push((relative, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// Every Rust source under a folder of the repository, by its path relative to that folder.
fn sources_under(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files = Vec::new();
    sources(&dir, &dir, &mut files);
    files
}

#[test]
fn every_import_points_down_the_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|(relative, _)| module_of(relative))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    for module in &modules {
        assert!(
            allowed(module).is_some(),
            "src/{module} has no layer: add it to tests/integration/structure.rs and docs/ARCHITECTURE.md"
        );
    }
    let wrong: Vec<String> = files
        .iter()
        .flat_map(|(relative, source)| {
            wrong_imports(relative, source)
                .into_iter()
                .map(move |(m, used)| format!("src/{relative}: {m} uses {used}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_planted_wrong_import_is_caught() {
    let planted = "use crate::path::ValuePath;\nuse crate::migrate::outcome::Op;\n";
    assert_eq!(
        wrong_imports("splice/values.rs", planted),
        [("splice".to_string(), "migrate".to_string())]
    );
    assert_eq!(
        wrong_imports(
            "yaml/node.rs",
            "fn f() { crate::schema::Schema::compile(\"\"); }"
        ),
        [("yaml".to_string(), "schema".to_string())]
    );
    assert_eq!(
        wrong_imports("manifest/patch.rs", "use crate::migrate::Session;"),
        [("manifest".to_string(), "migrate".to_string())]
    );
    assert_eq!(
        wrong_imports("migrate/stages.rs", "use crate::cli::run;"),
        [("migrate".to_string(), "cli".to_string())]
    );
    // Comments and doc links do not count.
    assert!(wrong_imports("splice/values.rs", "/// see [`crate::migrate`]\n").is_empty());
}

/// The validator crate's test-only files (compiled under `#[cfg(test)]`): its tests.
const VALIDATOR_TESTS: &[&str] = &["tests.rs"];

/// The validator crate's sources, relative to its `src/`.
fn validator_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/values-migrate-validator/src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    assert!(files.len() > 5, "no validator sources found");
    files
}

/// What `find` reports in each of `files` but `skip`, as `src/<file>: <finding>`.
fn findings(
    files: &[(String, String)],
    skip: &[&str],
    find: impl Fn(&str, &str) -> Vec<String>,
) -> Vec<String> {
    files
        .iter()
        .filter(|(relative, _)| !skip.contains(&relative.as_str()))
        .flat_map(|(relative, source)| {
            find(relative, source)
                .into_iter()
                .map(move |f| format!("src/{relative}: {f}"))
        })
        .collect()
}

#[test]
fn the_validator_depends_on_nothing_of_values_migrate() {
    // Cargo forbids the cycle through the crate; a path dependency would be the way round it.
    // The local crates allowed beneath it are Go's regexp, Go's standard library pieces and Go's
    // Unicode (shared with the template parser and the renderer); the regexp and the standard
    // library pieces depend on Unicode alone, Unicode on none.
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let paths = |name: &str| -> Vec<String> {
        let text = std::fs::read_to_string(crates.join(name).join("Cargo.toml")).unwrap();
        text.lines()
            .filter(|l| l.contains("path ="))
            .map(str::to_string)
            .collect()
    };
    let validator = paths("values-migrate-validator");
    assert!(
        validator
            .iter()
            .all(|l| l.contains("path = \"../values-migrate-unicode\"")
                || l.contains("path = \"../values-migrate-regexp\"")
                || l.contains("path = \"../values-migrate-gostd\"")),
        "the validator depends on a local crate: {validator:?}"
    );
    for name in ["values-migrate-regexp", "values-migrate-gostd"] {
        let below = paths(name);
        assert!(
            below
                .iter()
                .all(|l| l.contains("path = \"../values-migrate-unicode\"")),
            "{name} depends on a local crate: {below:?}"
        );
    }
    let unicode = paths("values-migrate-unicode");
    assert!(
        unicode.is_empty(),
        "values-migrate-unicode depends on a local crate: {unicode:?}"
    );
}

/// The sorts and B-tree collections in `source` outside its tests (`#[cfg(test)]` onwards).
fn own_sorts(source: &str) -> Vec<String> {
    const SORTS: &[&str] = &[
        ".sort()",
        ".sort_by(",
        ".sort_by_key(",
        ".sort_by_cached_key(",
        ".sort_unstable",
        "BTreeMap",
        "BTreeSet",
    ];
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .flat_map(|line| SORTS.iter().filter(move |s| line.contains(**s)))
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn every_sort_goes_through_order() {
    // Each call site of a standard sort (or a B-tree per element type) compiles its own copy
    // into the wasm; `order` holds the one instantiation (docs/size.md).
    let files = sources_under("src");
    let mut wrong = findings(&files, &["order.rs"], |_, source| own_sorts(source));
    // The validator crate has its own `order` (an insertion sort for its short lists).
    let skip = [VALIDATOR_TESTS, &["order.rs"]].concat();
    wrong.extend(findings(&validator_sources(), &skip, |_, source| {
        own_sorts(source)
    }));
    assert!(
        wrong.is_empty(),
        "sorts outside crate::order:\n{}",
        wrong.join("\n")
    );
    assert_eq!(
        own_sorts("fn f(v: &mut Vec<u8>) { v.sort_by_key(|x| *x); }"),
        [".sort_by_key("]
    );
    assert!(own_sorts("#[cfg(test)]\nmod tests { fn f() { v.sort(); } }").is_empty());
}

/// The paths (`a::b::C`, each a list of names) that follow `marker` in `code`, a `{…}` group
/// read as one path per member (`super::{a, b::C}` → `a`, `b::C`).
fn paths_after(code: &str, marker: &str) -> Vec<Vec<String>> {
    let ident = |text: &str| -> String {
        text.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in code.match_indices(marker) {
        let mut rest = &code[at + marker.len()..];
        let mut path = Vec::new();
        loop {
            let name = ident(rest);
            if name.is_empty() {
                break;
            }
            rest = &rest[name.len()..];
            path.push(name);
            match rest.strip_prefix("::") {
                Some(after) => rest = after,
                None => break,
            }
        }
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for member in group.split(',') {
                let member: Vec<String> = member.trim().split("::").map(ident).collect();
                let mut full = path.clone();
                full.extend(member.into_iter().take_while(|n| !n.is_empty()));
                out.push(full);
            }
        }
        out.push(path);
    }
    out
}

/// The files of `src/<module>/` (`files`: their paths there, without `.rs`) that the file `name`
/// names in `source` outside its tests: `super::…` from its own folder (each further `super`
/// one folder up), `absolute…` (`crate::<module>::`, or a workspace crate's `crate::`) from the
/// module's root; the longest path that is a file.
fn named_files(
    source: &str,
    name: &str,
    absolute: &str,
    files: &BTreeSet<String>,
) -> BTreeSet<String> {
    let folder: Vec<&str> = name.split('/').collect();
    let folder = &folder[..folder.len() - 1];
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut found: Vec<Vec<String>> = Vec::new();
        for mut path in paths_after(code, "super::") {
            let ups = path.iter().take_while(|n| *n == "super").count();
            let Some(base) = folder.len().checked_sub(ups) else {
                continue;
            };
            let mut full: Vec<String> = folder[..base].iter().map(|f| f.to_string()).collect();
            full.extend(path.drain(ups..));
            found.push(full);
        }
        found.extend(paths_after(code, absolute));
        for path in found {
            let file = (1..=path.len())
                .rev()
                .map(|n| path[..n].join("/"))
                .find(|candidate| files.contains(candidate));
            out.extend(file.filter(|file| file != name));
        }
    }
    out
}

/// A circle in an import graph (file → the files it names), as the files around it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        file: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        trail: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = trail.iter().position(|f| f == file) {
            let mut found = trail[start..].to_vec();
            found.push(file.to_string());
            return Some(found);
        }
        if done.contains(file) {
            return None;
        }
        trail.push(file.to_string());
        for next in graph.get(file).into_iter().flatten() {
            if let Some(found) = visit(next, graph, trail, done) {
                return Some(found);
            }
        }
        trail.pop();
        done.insert(file.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|file| visit(file, graph, &mut Vec::new(), &mut done))
}

/// The files of an import graph that reach one another through its arrows, each such group
/// of two or more in name order (every circle lies inside one).
fn tangles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(file) = todo.pop() {
            for next in graph.get(file).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|file| (file, reach(file))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (file, reaches) in &reached {
        let group: Vec<String> = (reaches.iter())
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*file)))
            .cloned()
            .collect();
        if group.len() > 1 && !out.contains(&group) {
            out.push(group);
        }
    }
    out
}

/// The import graph of the files of `src/<module>/` (each folder's `mod.rs`, which only hands
/// names on, and the tests left out), by their paths there without `.rs`.
fn module_graph(module: &str, files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    import_graph(&format!("crate::{module}::"), files)
}

/// The import graph of a folder's files, `absolute` the path that names its root (a crate's
/// `lib.rs`, like a folder's `mod.rs`, only hands names on and is left out).
fn import_graph(absolute: &str, files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let face = |name: &str| {
        let last = name.rsplit('/').next().unwrap_or(name);
        last == "mod" || last == "tests" || name == "lib"
    };
    let own: Vec<(String, &String)> = files
        .iter()
        .filter_map(|(name, source)| Some((name.strip_suffix(".rs")?.to_string(), source)))
        .filter(|(name, _)| !face(name))
        .collect();
    let names: BTreeSet<String> = own.iter().map(|(name, _)| name.clone()).collect();
    own.iter()
        .map(|(name, source)| (name.clone(), named_files(source, name, absolute, &names)))
        .collect()
}

/// The circles that stand today, each as the files of its module that reach one another: a list
/// that only shrinks (opening one fails the test below until it is struck from here). None.
const STANDING_CIRCLES: &[(&str, &[&str])] = &[];

#[test]
fn the_files_of_every_module_import_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    modules.sort_unstable();
    assert!(modules.len() > 10, "{modules:?}");
    let mut circles = Vec::new();
    for module in &modules {
        let graph = module_graph(module, &sources_under(&format!("src/{module}")));
        circles.extend(
            tangles(&graph)
                .into_iter()
                .map(|files| (module.clone(), files)),
        );
    }
    let standing: Vec<(String, Vec<String>)> = STANDING_CIRCLES
        .iter()
        .map(|(module, files)| {
            (
                module.to_string(),
                files.iter().map(|f| f.to_string()).collect(),
            )
        })
        .collect();
    assert_eq!(
        circles, standing,
        "the circles among the files of each module of src/ (STANDING_CIRCLES lists the ones \
         not yet opened: a new circle is an error, an opened one is struck from the list)"
    );
}

#[test]
fn the_files_of_every_workspace_crate_import_one_way() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut names: Vec<String> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("src").is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort_unstable();
    assert!(names.len() >= 7, "{names:?}");
    let circles: Vec<(String, Vec<String>)> = names
        .iter()
        .flat_map(|name| {
            let graph = import_graph("crate::", &sources_under(&format!("crates/{name}/src")));
            tangles(&graph)
                .into_iter()
                .map(|files| (name.clone(), files))
        })
        .collect();
    assert_eq!(
        circles,
        [],
        "the circles among the files of each workspace crate"
    );
}

#[test]
fn a_planted_circle_is_caught() {
    let files = [
        ("values.rs".to_string(), "use super::find::x;".to_string()),
        (
            "find.rs".to_string(),
            "use super::splicer::Splicer;".to_string(),
        ),
        (
            "splicer.rs".to_string(),
            "fn f() { crate::splice::values::splice(); }".to_string(),
        ),
        (
            "render.rs".to_string(),
            "// super::values is named in a comment only".to_string(),
        ),
    ];
    let graph = module_graph("splice", &files);
    assert_eq!(
        circle(&graph),
        Some(
            ["find", "splicer", "values", "find"]
                .map(String::from)
                .to_vec()
        )
    );
    assert_eq!(
        tangles(&graph),
        [["find", "splicer", "values"].map(String::from).to_vec()]
    );
    let one_way = &files[..2];
    assert_eq!(circle(&module_graph("splice", one_way)), None);
    // In a folder, `super::` is that folder and `super::super::` the one above it.
    let nested = [
        (
            "direct/compare.rs".to_string(),
            "use super::located::{self, X};".to_string(),
        ),
        (
            "direct/located.rs".to_string(),
            "use super::super::node::Node;".to_string(),
        ),
        (
            "node.rs".to_string(),
            "use super::direct::compare::diff;".to_string(),
        ),
        (
            "direct/mod.rs".to_string(),
            "pub use super::node::Node;".to_string(),
        ),
    ];
    let graph = module_graph("yaml", &nested);
    assert_eq!(
        tangles(&graph),
        [["direct/compare", "direct/located", "node"]
            .map(String::from)
            .to_vec()]
    );
}
