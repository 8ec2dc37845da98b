//! Unified diffs of a file before and after, as a reviewer reads them.

use similar::TextDiff;

/// A unified diff with `a/` and `b/` headers and 3 lines of context; empty when nothing changed.
///
/// The headers name the file as given; an absolute path's leading `/` is not doubled
/// (`a/tmp/x.yaml`, as git writes it).
pub fn unified(path: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    let path = path.trim_start_matches('/');
    // No timeout/deadline: there is no clock on wasm32.
    TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_with_headers_and_context() {
        let before = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n";
        let after = "a: 1\nb: 2\nc: 3\nd: 40\ne: 5\nf: 6\n";
        assert_eq!(
            unified("v.yaml", before, after),
            "--- a/v.yaml\n+++ b/v.yaml\n@@ -1,6 +1,6 @@\n a: 1\n b: 2\n c: 3\n-d: 4\n+d: 40\n e: 5\n f: 6\n"
        );
        assert_eq!(unified("v.yaml", before, before), "");
        let absolute = unified("/tmp/x.yaml", before, after);
        assert!(
            absolute.starts_with("--- a/tmp/x.yaml\n+++ b/tmp/x.yaml\n"),
            "{absolute}"
        );
    }
}
