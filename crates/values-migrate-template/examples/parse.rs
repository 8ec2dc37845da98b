//! Parses each template file named on the command line (a directory: every file under it) and
//! prints one JSON line per file: `{"file":…,"ok":true,"trees":N}` or
//! `{"file":…,"ok":false,"line":…,"column":…,"offset":…,"message":…}`.
//!
//! `cargo run -p values-migrate-template --example parse -- FILE…`

use std::path::{Path, PathBuf};

fn main() {
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        collect(Path::new(&arg), &mut files);
    }
    let mut refused = 0;
    for file in &files {
        let Ok(bytes) = std::fs::read(file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let name = file.display().to_string();
        let line = match values_migrate_template::parse(&name, &text) {
            Ok(trees) => serde_json::json!({"file": name, "ok": true, "trees": trees.len()}),
            Err(error) => {
                refused += 1;
                serde_json::json!({
                    "file": name,
                    "ok": false,
                    "line": error.line(),
                    "column": error.column(),
                    "offset": error.offset(),
                    "message": error.message(),
                })
            }
        };
        println!("{line}");
    }
    std::process::exit(i32::from(refused > 0));
}

/// Every file under `path` (or `path` itself), sorted.
fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(entries) => {
            let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            paths.iter().for_each(|p| collect(p, out));
        }
        Err(_) => out.push(path.to_path_buf()),
    }
}
