//! One stable sort for the whole crate, compiled once.
//!
//! Each `slice::sort_by*` call site compiles its own copy of the standard library's sort
//! (driftsort, its quicksort, small-sort networks): the crate's fifteen made the browser's wasm
//! 31 KB larger (docs/size.md). Here the standard sort runs once, on indices through one
//! comparator type; a call site adds only its key and the permutation. Small sets are sorted
//! vectors (`set`), for the same reason.

use std::cmp::Ordering;

/// Sorts `items` stably by the keys `key` gives, each key computed once.
pub fn by_key<T, K: Ord>(items: &mut [T], key: impl FnMut(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let order = stable_order(items.len(), &mut |a, b| keys[a].cmp(&keys[b]));
    permute(items, order);
}

/// Sorts `items` stably with the comparator `compare`.
pub fn by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = stable_order(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    permute(items, order);
}

/// Sorts `items` stably in their own order.
pub fn sort<T: Ord>(items: &mut [T]) {
    by(items, T::cmp);
}

/// A set as a sorted vector without repeats: the crate's small sets (no B-tree code per element type).
pub fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut items: Vec<T> = items.into_iter().collect();
    sort(&mut items);
    items.dedup();
    items
}

/// The indices `0..len` in the stable order `compare` gives them (the one instantiation).
fn stable_order(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Rearranges `items` so that position `k` holds what was at `order[k]`, following each cycle.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = order[at];
            // Placed: this position's item has arrived (and the cycle through it is closed).
            order[at] = at;
            if from == start || from == at {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        // Every arrangement of a few keys with repeats, tagged with their first position.
        let keys = [3, 1, 2, 1, 3, 0, 2, 1];
        for rotate in 0..keys.len() {
            let mut items: Vec<(i32, usize)> = keys
                .iter()
                .cycle()
                .skip(rotate)
                .take(keys.len())
                .enumerate()
                .map(|(i, &k)| (k, i))
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            by_key(&mut items, |&(k, _)| k);
            assert_eq!(items, expected);
            let mut reversed = expected.clone();
            reversed.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
            by(&mut items, |a, b| b.0.cmp(&a.0));
            assert_eq!(items, reversed);
        }
    }

    #[test]
    fn matches_the_standard_sort_on_longer_inputs() {
        // A linear congruential sequence: repeats, runs and disorder, deterministic.
        let mut state = 7_u64;
        for len in [2, 9, 31, 200, 1000] {
            let mut items: Vec<(u64, usize)> = (0..len)
                .map(|i| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((state >> 33) % 17, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            by_key(&mut items, |&(k, _)| k);
            assert_eq!(items, expected, "length {len}");
        }
    }

    #[test]
    fn a_set_is_sorted_without_repeats() {
        assert_eq!(set([3, 1, 3, 2, 1]), [1, 2, 3]);
        assert_eq!(set(Vec::<u8>::new()), Vec::<u8>::new());
    }

    #[test]
    fn sorts_what_owns_memory_and_the_empty_and_the_single() {
        let mut words: Vec<String> = ["b", "a", "c", "a"].map(String::from).to_vec();
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
        let mut none: Vec<String> = Vec::new();
        sort(&mut none);
        assert!(none.is_empty());
        let mut one = vec![String::from("x")];
        sort(&mut one);
        assert_eq!(one, ["x"]);
    }
}
