//! The readers' numbers, by hand and against the readers' recorded answers
//! (`tests/fixtures/plain-numbers.json`, recorded and checked by `tests/sweep/plain_numbers.py`).

use super::*;

fn read(text: &str, reader: NumberReader) -> Option<Number> {
    read_number(text, reader)
}

#[test]
fn each_reader_reads_its_own_numbers() {
    use Number::{Float, Int, Uint};
    use NumberReader::{GoYaml as Go, Yaml11 as Y11, Yaml12Core as Y12};
    let cases: &[(&str, [Option<Number>; 3])] = &[
        ("0755", [Some(Int(493)), Some(Int(755)), Some(Int(493))]),
        ("0o17", [Some(Int(15)), Some(Int(15)), None]),
        ("0x1F", [Some(Int(31)), Some(Int(31)), Some(Int(31))]),
        ("0X1F", [Some(Int(31)), None, None]),
        ("-0x10", [Some(Int(-16)), None, Some(Int(-16))]),
        ("0b101", [Some(Int(5)), None, Some(Int(5))]),
        ("1_000", [Some(Int(1000)), None, Some(Int(1000))]),
        ("-_1", [Some(Int(-1)), None, None]),
        ("_1", [None, None, None]),
        ("08", [Some(Float(8.0)), Some(Int(8)), None]),
        ("1e3", [Some(Float(1000.0)), Some(Float(1000.0)), None]),
        ("1.0e+3", [Some(Float(1000.0)); 3]),
        ("-.5", [Some(Float(-0.5)), Some(Float(-0.5)), None]),
        ("1:30", [None, None, Some(Int(90))]),
        ("0:30.5", [None, None, Some(Float(30.5))]),
        ("1:60", [None, None, None]),
        ("+.inf", [Some(Float(f64::INFINITY)); 3]),
        ("-.nan", [None, None, None]),
        ("2001-12-14", [None, None, None]),
        ("18446744073709551615", [Some(Uint(u64::MAX)); 3]),
        ("512Mi", [None, None, None]),
    ];
    for (text, want) in cases {
        for (reader, want) in [Go, Y12, Y11].into_iter().zip(want) {
            assert_eq!(read(text, reader), *want, "{text:?} by {reader:?}");
        }
    }
    let nan = read(".NaN", Y11);
    assert!(matches!(nan, Some(Float(f)) if f.is_nan()), "{nan:?}");
}

#[test]
fn the_core_float_pattern_is_go_yamls() {
    for text in ["1.", "-.5E+3", "1.5", "+1e3", "00.5"] {
        assert!(is_core_float(text), "{text}");
    }
    for text in ["1.2.3", "e3", ".", ".e3", "1_0.5", "1e", "1e+", "0x1F"] {
        assert!(!is_core_float(text), "{text}");
    }
}

#[test]
fn the_written_form_splits_sign_prefix_digits_fraction_and_exponent() {
    let written = scan("-1_0.5e+3").unwrap();
    assert_eq!(written.sign, Some(b'-'));
    assert!(written.underscores);
    assert_eq!(
        written.form,
        Form::Decimal {
            integer: "1_0",
            fraction: Some("5"),
            exponent: Some((Some(b'+'), "3")),
        }
    );
    assert!(matches!(
        scan("0O17").unwrap().form,
        Form::Prefixed {
            radix: 8,
            lower: false,
            ..
        }
    ));
    assert!(matches!(
        scan("190:20:30.5").unwrap().form,
        Form::Sexagesimal { head: "190", ref parts, fraction: Some("5") } if parts == &["20", "30"]
    ));
    for text in ["", "nginx", "1.2.3", "0x1G", "1:", ":30", "1:3a", "e3", "+"] {
        assert_eq!(scan(text), None, "{text:?}");
    }
}

/// Whether our reading is a reader's recorded answer: `null` or `"error"` (no number), or the
/// number as Python prints it, exact for PyYAML's integers, as a float64 for Helm and npm `yaml`.
fn agrees(ours: Option<Number>, recorded: &serde_json::Value, exact: bool) -> bool {
    let answer = match recorded.as_str() {
        None | Some("error") => return ours.is_none(),
        Some(answer) => answer,
    };
    let Ok(want) = answer.parse::<f64>() else {
        return false;
    };
    let integer = |ours: i128| match answer.parse::<i128>() {
        Ok(recorded) if exact => recorded == ours,
        _ => want == ours as f64,
    };
    match ours {
        Some(Number::Int(int)) => integer(i128::from(int)),
        Some(Number::Uint(uint)) => integer(i128::from(uint)),
        Some(Number::BigInt(float) | Number::Float(float)) => {
            float == want || (float.is_nan() && want.is_nan())
        }
        None => false,
    }
}

#[test]
fn the_readers_recorded_answers_are_ours() {
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/plain-numbers.json")).unwrap();
    let readings = recorded["readings"].as_object().unwrap();
    assert!(readings.len() > 100, "{} texts", readings.len());
    let mut wrong = Vec::new();
    for (text, answers) in readings {
        for (name, reader) in [
            ("go-yaml", NumberReader::GoYaml),
            ("yaml-1.2", NumberReader::Yaml12Core),
            ("yaml-1.1", NumberReader::Yaml11),
        ] {
            let ours = read(text, reader);
            let exact = reader == NumberReader::Yaml11;
            if !agrees(ours, &answers[name], exact) {
                wrong.push(format!(
                    "{text:?} by {name}: ours {ours:?}, the reader's {}",
                    answers[name]
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_number_a_reader_reads_has_a_written_form() {
    let alphabet: Vec<char> = "0189.+-eEx_:obOIn".chars().collect();
    let mut frontier = vec![String::new()];
    let mut numbers = 0;
    for _ in 0..4 {
        let mut next = Vec::with_capacity(frontier.len() * alphabet.len());
        for prefix in &frontier {
            for &c in &alphabet {
                let text = format!("{prefix}{c}");
                if NumberReader::ALL.iter().any(|&r| read(&text, r).is_some()) {
                    numbers += 1;
                    assert!(scan(&text).is_some(), "{text:?}");
                }
                next.push(text);
            }
        }
        frontier = next;
    }
    assert!(numbers > 1000, "only {numbers} numbers");
}
