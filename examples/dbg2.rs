fn main() {
    let a: Vec<String> = std::env::args().collect();
    let load = |p: &str| {
        values_migrate::reads::Reads::new(
            values_migrate::chart::Input::from_path(std::path::Path::new(p))
                .unwrap()
                .templates
                .unwrap(),
        )
        .unwrap()
    };
    let (b, t) = (load(&a[1]), load(&a[2]));
    let (bs, ts) = (
        b.with_values(&serde_json::Value::Null),
        t.with_values(&serde_json::Value::Null),
    );
    for p in bs.paths() {
        if ts.reaching(p).is_none() {
            println!("lost {p}");
        }
    }
}
