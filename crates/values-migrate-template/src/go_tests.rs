//! Go's own test tables for `text/template/parse` (`tests/go/parse_tests.json`, ported from Go's
//! `parse_test.go` and `lex_test.go`; BSD, the Go Authors), run against this port. They run
//! inside the crate for the lexer and for Go's test limit of three nested parentheses.

use crate::ast::{Node, Tree};
use crate::body::is_empty_tree;
use crate::item::Kind;
use crate::lex::lex;
use crate::number::{Constant, check_number};
use crate::parse::parse_limited;
use serde_json::Value;

const DATA: &str = include_str!("../tests/go/parse_tests.json");

fn data() -> Value {
    serde_json::from_str(DATA).expect("tests/go/parse_tests.json is JSON")
}

fn cases<'a>(data: &'a Value, table: &str) -> &'a [Value] {
    data[table].as_array().map_or(&[], Vec::as_slice)
}

fn text<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key].as_str().unwrap_or_default()
}

/// Parses as Go's tests do: the case's name as the template's, parentheses nested three deep.
fn go_parse(case: &Value) -> Result<Vec<Tree>, crate::ParseError> {
    let depth = data()["max_paren_depth"].as_u64().unwrap_or(3) as usize;
    parse_limited(text(case, "name"), text(case, "input"), depth)
}

/// The nodes less their comments (Go's default mode does not keep them).
fn without_comments(nodes: &[Node]) -> Vec<Node> {
    let strip = |branch: &crate::Branch| crate::Branch {
        list: without_comments(&branch.list),
        else_list: branch.else_list.as_deref().map(without_comments),
        ..branch.clone()
    };
    nodes
        .iter()
        .filter(|node| !matches!(node, Node::Comment { .. }))
        .map(|node| match node {
            Node::If(b) => Node::If(strip(b)),
            Node::Range(b) => Node::Range(strip(b)),
            Node::With(b) => Node::With(strip(b)),
            other => other.clone(),
        })
        .collect()
}

/// Go's `testParse` and `TestParseWithComments`: the verdict, and `Root.String()` of a success.
fn check_parse_table(table: &str, keep_comments: bool) -> usize {
    let data = data();
    let mut checked = 0;
    for case in cases(&data, table) {
        let (name, input) = (text(case, "name"), text(case, "input"));
        let ok = case["ok"].as_bool().unwrap_or(false);
        match (go_parse(case), ok) {
            (Ok(trees), true) => {
                let mut top = trees[0].clone();
                if !keep_comments {
                    top.root = without_comments(&top.root);
                }
                let shown = format!("{:#}", top.display(input));
                assert_eq!(shown, text(case, "result"), "{name}: {input:?}");
            }
            (Err(_), false) => {}
            (Ok(trees), false) => panic!("{name}: {input:?} parsed: {:#}", trees[0].display(input)),
            (Err(error), true) => panic!("{name}: {input:?}: {error}"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn go_parse_tests() {
    assert_eq!(check_parse_table("parse", false), 108);
}

#[test]
fn go_parse_with_comments_tests() {
    assert_eq!(check_parse_table("parse_with_comments", true), 4);
}

#[test]
fn go_is_empty_tests() {
    let data = data();
    for case in cases(&data, "is_empty") {
        let input = text(case, "input");
        let trees = parse_limited("root", input, 3).expect("parses");
        let empty = case["empty"].as_bool().unwrap_or(false);
        assert_eq!(is_empty_tree(&trees[0].root, input), empty, "{input:?}");
    }
}

/// Go's `TestErrors`: the error, written as Go writes it, holds the expected words.
#[test]
fn go_error_tests() {
    let data = data();
    let errors = cases(&data, "errors");
    assert_eq!(errors.len(), 32);
    for case in errors {
        let error = go_parse(case).expect_err(text(case, "name"));
        let go = format!(
            "template: {}:{}: {}",
            error.file(),
            error.line(),
            error.message()
        );
        assert!(go.contains(text(case, "contains")), "{go:?} lacks {case}");
    }
}

#[test]
fn go_block_test() {
    let data = data();
    let block = &data["block"];
    let input = text(block, "input");
    let trees = parse_limited("outer", input, 3).expect("parses");
    assert_eq!(trees[0].display(input).to_string(), text(block, "outer"));
    assert_eq!(trees[1].name, "inner");
    assert_eq!(trees[1].display(input).to_string(), text(block, "inner"));
}

/// The name Go's `lex_test.go` gives an item kind.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Error => "error",
        Kind::Bool => "bool",
        Kind::Char => "char",
        Kind::CharConstant => "charconst",
        Kind::Comment => "comment",
        Kind::Complex => "complex",
        Kind::Assign => "=",
        Kind::Declare => ":=",
        Kind::Eof => "EOF",
        Kind::Field => "field",
        Kind::Identifier => "identifier",
        Kind::LeftDelim => "left delim",
        Kind::LeftParen => "(",
        Kind::Number => "number",
        Kind::Pipe => "pipe",
        Kind::RawString => "raw string",
        Kind::RightDelim => "right delim",
        Kind::RightParen => ")",
        Kind::Space => "space",
        Kind::String => "string",
        Kind::Text => "text",
        Kind::Variable => "variable",
        Kind::Block => "block",
        Kind::Break => "break",
        Kind::Continue => "continue",
        Kind::Dot => ".",
        Kind::Define => "define",
        Kind::Else => "else",
        Kind::End => "end",
        Kind::If => "if",
        Kind::Nil => "nil",
        Kind::Range => "range",
        Kind::Template => "template",
        Kind::With => "with",
    }
}

/// The items of `input` as Go's lex tests write them: kind, value, and with `positions` the
/// offset and line.
fn lexed(input: &str, positions: bool) -> Value {
    let lexed = lex(input);
    let items = lexed.items.iter().map(|&item| {
        let kind = Value::from(kind_name(item.kind));
        let val = match item.kind {
            Kind::Error => Value::from(lexed.error.as_str()),
            _ => Value::from(lexed.val(item)),
        };
        if !positions {
            return Value::Array(vec![kind, val]);
        }
        let line = 1 + input.get(..item.pos).unwrap_or("").matches('\n').count();
        Value::Array(vec![kind, Value::from(item.pos), val, Value::from(line)])
    });
    Value::Array(items.collect())
}

#[test]
fn go_lex_tests() {
    let data = data();
    for (table, positions) in [("lex", false), ("lex_pos", true)] {
        for case in cases(&data, table) {
            let input = text(case, "input");
            assert_eq!(
                lexed(input, positions),
                case["items"],
                "{}",
                text(case, "name")
            );
        }
    }
}

/// Go's `numberTests`: which constants `newNumber` accepts.
#[test]
fn go_number_tests() {
    let data = data();
    let kind = |text: &str| match text {
        t if t.starts_with('\'') => Constant::Char,
        t if t.ends_with('i') && t.get(1..).is_some_and(|r| r.contains(['+', '-'])) => {
            Constant::Complex
        }
        _ => Constant::Number,
    };
    for good in data["numbers"]["good"].as_array().into_iter().flatten() {
        let good = good.as_str().unwrap_or_default();
        assert_eq!(check_number(good, kind(good)), Ok(()), "{good}");
    }
    for bad in data["numbers"]["bad"].as_array().into_iter().flatten() {
        let bad = bad.as_str().unwrap_or_default();
        assert!(check_number(bad, kind(bad)).is_err(), "{bad}");
    }
}
