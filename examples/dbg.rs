fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = values_migrate::chart::Input::from_path(std::path::Path::new(&args[1])).unwrap();
    let reads = values_migrate::reads::Reads::new(input.templates.unwrap()).unwrap();
    let set = reads.with_values(&serde_json::Value::Null);
    for w in set.widened() {
        println!("widened {} at {} ({})", w.path, reads.cite(w.site), w.why);
    }
    let n = set.paths().count();
    println!("{n} paths");
    if args.len() > 2 {
        for p in set.paths() {
            if p.to_string().starts_with(&args[2]) {
                println!("{p}");
            }
        }
    }
}
