//! Helm's document splitter: `LoadValues` cuts a values file into documents at every line that
//! starts with `---` (k8s.io/apimachinery's `YAMLReader`, before go-yaml reads any of them) and
//! refuses such a line when anything but white space or a comment follows the dashes
//! (`--- {}`, `---x: 1`, `----`), wherever the line stands, inside a scalar too.

use super::error::{YamlError, YamlErrorKind};

/// The first line of `text` Helm's splitter refuses, as a syntax error in its words.
pub(crate) fn helm_refusal(text: &str) -> Option<YamlError> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("---") {
            let trimmed = rest.trim();
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                let message = format!(
                    "Helm cannot read this file: invalid Yaml document separator: {trimmed} (Helm splits a values file into documents at every line that starts with `---`, and takes only a comment after the dashes)"
                );
                return Some(YamlError::new(
                    YamlErrorKind::Syntax,
                    message,
                    start..start + 3,
                ));
            }
        }
        start += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_separator_line_holds_only_white_space_or_a_comment() {
        for text in [
            "a: 1\n---   \nb: 2\n",
            "a: 1\n---\t# c\n",
            "---#c\n",
            "---\r\nb: 2\n",
            " ---x: 1\n",
        ] {
            assert_eq!(helm_refusal(text), None, "{text:?}");
        }
        let error = helm_refusal("a: 1\n--- {}\n").unwrap();
        assert_eq!(error.range(), 5..8);
        assert!(
            error
                .message()
                .contains("invalid Yaml document separator: {}")
        );
        for text in [
            "a: 1\n----\n",
            "---x: 1\n",
            "a: \"x\n---\"\n",
            "--- !!set\n",
        ] {
            assert!(helm_refusal(text).is_some(), "{text:?}");
        }
    }
}
