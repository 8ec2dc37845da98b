//! Unified diffs of a file before and after, as a reviewer reads them.

use similar::TextDiff;

/// A unified diff with `a/` and `b/` headers and 3 lines of context; empty when nothing changed.
pub fn unified(path: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
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
    }
}
