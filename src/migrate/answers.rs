//! A person's answers as typed: `PATH=VALUE`, one a line, each VALUE read as YAML with the
//! request's typing. The CLIs (`--answer`) and the playground's answers box read them here.

use crate::yaml::{DecodeOptions, Typing, decode};
use serde::Serialize;

/// The answers read from a text, and the lines that could not be read.
#[derive(Debug, Default, PartialEq, Serialize)]
pub struct Answers {
    /// Each answer's path and value, in the order given.
    pub answers: Vec<(String, serde_json::Value)>,
    /// `line N: why`, for each line that is not `PATH=VALUE` or whose value is not YAML.
    pub problems: Vec<String>,
}

/// Splits one `PATH=VALUE` answer (the path trimmed, the value as typed).
pub fn split(answer: &str) -> Option<(String, String)> {
    answer
        .split_once('=')
        .map(|(path, value)| (path.trim().to_string(), value.to_string()))
}

/// Reads `text`, one `PATH=VALUE` a line (blank lines skipped), each value decoded as YAML.
pub fn read(text: &str, typing: Typing) -> Answers {
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let mut out = Answers::default();
    for (n, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let Some((path, value)) = split(line) else {
            out.problems
                .push(format!("line {}: expected path=value", n + 1));
            continue;
        };
        match decode(value.trim(), &options) {
            Err(error) => out
                .problems
                .push(format!("line {}: {}", n + 1, error.message())),
            Ok(documents) => {
                let value = documents.into_iter().next();
                out.answers
                    .push((path, value.unwrap_or(serde_json::Value::Null)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_each_line_as_yaml_with_the_typing() {
        let text = "a.b = yes\n\nc=[1, 2]\nnot an answer\nd={\ne=\n";
        let helm = read(text, Typing::Helm);
        assert_eq!(
            helm.answers,
            vec![
                ("a.b".to_string(), json!(true)),
                ("c".to_string(), json!([1, 2])),
                ("e".to_string(), json!(null)),
            ]
        );
        assert_eq!(helm.problems.len(), 2, "{:?}", helm.problems);
        assert_eq!(helm.problems[0], "line 4: expected path=value");
        assert!(
            helm.problems[1].starts_with("line 5: "),
            "{:?}",
            helm.problems
        );
        assert_eq!(read("a=yes", Typing::Yaml12).answers[0].1, json!("yes"));
        assert_eq!(
            split("x.y=a=b"),
            Some(("x.y".to_string(), "a=b".to_string()))
        );
    }
}
