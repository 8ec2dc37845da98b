//! The validator's one stable sort: its lists (a schema object's keywords, the schemas of one
//! dynamic anchor) are short, so an insertion sort serves, and the wasm gets no copy of the
//! standard library's sort for it (docs/size.md).

/// Sorts `items` stably by the keys `key` gives, each key computed once.
pub(crate) fn by_key<T, K: Ord>(items: &mut [T], key: impl FnMut(&T) -> K) {
    let mut keys: Vec<K> = items.iter().map(key).collect();
    for i in 1..items.len() {
        let mut at = i;
        while at > 0 && keys[at - 1] > keys[at] {
            keys.swap(at - 1, at);
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::by_key;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let keys = [3, 1, 2, 1, 3, 0, 2, 1, 0, 3];
        for rotate in 0..keys.len() {
            let mut items: Vec<(i32, usize)> = (0..keys.len())
                .map(|i| (keys[(i + rotate) % keys.len()], i))
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            by_key(&mut items, |&(k, _)| k);
            assert_eq!(items, expected);
        }
        let mut none: Vec<u8> = Vec::new();
        by_key(&mut none, |&k| k);
        assert!(none.is_empty());
    }
}
