//! Parses every template file named on the command line (or every file under a directory named),
//! printing `ok N` or each refusal as `file:line:column: message`; exits 1 when one is refused.

use std::path::Path;

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
        if let Err(error) = values_migrate_template::parse(&file.display().to_string(), &text) {
            println!("{error}");
            refused += 1;
        }
    }
    println!("ok {} refused {refused}", files.len() - refused);
    std::process::exit(i32::from(refused > 0));
}

/// Every file under `path` (a file itself).
fn collect(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(entries) => {
            let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            paths.iter().for_each(|p| collect(p, out));
        }
        Err(_) => out.push(path.to_path_buf()),
    }
}
