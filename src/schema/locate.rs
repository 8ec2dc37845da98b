//! Finds where a JSON pointer's target sits in a JSON text, for error positions.

/// The byte offset in `text` of the place `pointer` names: the member's key for an object
/// member, the element for an array element, the whole document for `""`.
///
/// Returns `None` when the text is not JSON along the way or the pointer leads nowhere.
pub(crate) fn locate(text: &str, pointer: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = skip_ws(bytes, 0);
    if pointer.is_empty() {
        return Some(at);
    }
    let tokens: Vec<String> = pointer
        .strip_prefix('/')?
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let mut target = at;
    for token in &tokens {
        match bytes.get(at)? {
            b'{' => {
                let (key_at, value_at) = find_member(text, at, token)?;
                target = key_at;
                at = value_at;
            }
            b'[' => {
                let index: usize = token.parse().ok()?;
                at = find_element(text, at, index)?;
                target = at;
            }
            _ => return None,
        }
    }
    Some(target)
}

fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// The (key offset, value offset) of the last member named `name` in the object at `at`.
fn find_member(text: &str, at: usize, name: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = None;
    let mut i = skip_ws(bytes, at + 1);
    if bytes.get(i) == Some(&b'}') {
        return None;
    }
    loop {
        let key_at = i;
        let (key, after_key) = read_string(text, i)?;
        i = skip_ws(bytes, after_key);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(bytes, i + 1);
        let value_at = i;
        if key == name {
            // serde_json keeps the last of duplicate keys, so the last one is the one that counts.
            found = Some((key_at, value_at));
        }
        i = skip_ws(bytes, skip_value(text, i)?);
        match bytes.get(i)? {
            b',' => i = skip_ws(bytes, i + 1),
            b'}' => return found,
            _ => return None,
        }
    }
}

/// The offset of element `index` of the array at `at`.
fn find_element(text: &str, at: usize, index: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = skip_ws(bytes, at + 1);
    if bytes.get(i) == Some(&b']') {
        return None;
    }
    let mut n = 0;
    loop {
        if n == index {
            return Some(i);
        }
        i = skip_ws(bytes, skip_value(text, i)?);
        match bytes.get(i)? {
            b',' => i = skip_ws(bytes, i + 1),
            _ => return None,
        }
        n += 1;
    }
}

/// The offset just after the JSON value starting at `at`.
fn skip_value(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match bytes.get(at)? {
        b'"' => read_string(text, at).map(|(_, end)| end),
        b'{' | b'[' => {
            // Strings are skipped whole, so brackets inside them do not count.
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match bytes.get(i)? {
                    b'"' => {
                        i = read_string(text, i)?.1;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let mut i = at;
            while let Some(b) = bytes.get(i) {
                if matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                    break;
                }
                i += 1;
            }
            (i > at).then_some(i)
        }
    }
}

/// Decodes the JSON string starting at `at` (the opening quote), returning it and the offset after it.
fn read_string(text: &str, at: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let mut i = at + 1;
    // Fast path: no escapes.
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => return Some((text.get(at + 1..i)?.to_string(), i + 1)),
            b'\\' => break,
            _ => i += 1,
        }
    }
    let mut de = serde_json::Deserializer::from_str(text.get(at..)?).into_iter::<String>();
    match de.next() {
        Some(Ok(s)) => Some((s, at + de.byte_offset())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_and_elements() {
        let text = "{\n  \"a\": {\"b~c/d\": [1, {\"x\": \"]}\"}, 3]},\n  \"é\": 2\n}";
        let at = locate(text, "/a/b~0c~1d/1/x").unwrap();
        assert_eq!(&text[at..at + 3], "\"x\"");
        let at = locate(text, "/a/b~0c~1d/2").unwrap();
        assert_eq!(&text[at..at + 1], "3");
        let at = locate(text, "/é").unwrap();
        let at = crate::text::LineIndex::new(text).line_col(at);
        assert_eq!((at.line, at.column), (3, 3));
        assert_eq!(locate(text, "/missing"), None);
        assert_eq!(locate(text, "/a/b~0c~1d/9"), None);
    }

    #[test]
    fn keeps_the_last_duplicate_and_decodes_escapes() {
        let text = r#"{"k": 1, "\u006b": 2}"#;
        let at = locate(text, "/k").unwrap();
        assert_eq!(&text[at..at + 8], r#""\u006b""#);
    }

    #[test]
    fn never_panics_on_truncated_text() {
        for text in ["{", "{\"a\"", "{\"a\":", "[1,", "\"", "{\"a\": [1, 2"] {
            let _ = locate(text, "/a/1");
            let _ = locate(text, "/0");
        }
    }
}
