//! Property: printing a `ValuePath` and parsing it back gives the same path, for any segments.

use proptest::prelude::*;
use values_migrate::{Segment, ValuePath};

fn segment() -> impl Strategy<Value = Segment> {
    prop_oneof![
        any::<usize>().prop_map(Segment::Index),
        any::<String>().prop_map(Segment::Key),
        "[a-z.\\[\\]\" ]{0,6}".prop_map(Segment::Key),
        prop::sample::select(vec![
            "", ".", "\"", " ", "a.b", "[0]", "é", "你好", "🎉", "\\", "\u{2028}", "\t"
        ])
        .prop_map(|key| Segment::Key(key.to_string())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn print_then_parse_is_the_identity(segments in prop::collection::vec(segment(), 0..6)) {
        let path = ValuePath::from_segments(segments);
        let printed = path.to_string();
        let parsed = ValuePath::parse(&printed);
        prop_assert_eq!(parsed.as_ref().ok(), Some(&path), "printed as {:?}: {:?}", printed, parsed);
    }
}
