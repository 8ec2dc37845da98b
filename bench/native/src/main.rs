//! `values-migrate-bench JOBS.json OUT.json`: times library calls in-process.
//!
//! Every job is timed by the rule shared with bench/measure.mjs and bench/ruamel_bench.py:
//! warm up for `warm_s` (and at least `warm_calls` calls), choose a batch of calls that lasts
//! about `sample_s`, then take batches until `min_time_s` has passed and `min_samples` were
//! taken.
//! A sample is one batch's time divided by its calls. Each job's result can also be dumped
//! (as JSON) so that scripts/bench can check that every tool computed the same thing.

use serde::Deserialize;
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::Instant;
use values_migrate::migrate::{Named, Request, SourceFile};
use values_migrate::{DecodeOptions, Typing};

#[derive(Deserialize)]
struct Plan {
    warm_s: f64,
    warm_calls: u64,
    sample_s: f64,
    min_time_s: f64,
    min_samples: usize,
    max_samples: usize,
    jobs: Vec<Job>,
}

#[derive(Deserialize)]
struct Job {
    id: String,
    kind: String,
    #[serde(default)]
    file: Option<String>,
    #[serde(default)]
    values: Vec<String>,
    #[serde(default)]
    schema: Option<String>,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    proposal: Option<String>,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Option<String>,
    #[serde(default)]
    dump: Option<String>,
}

fn read(path: &str) -> Named {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| die(&format!("{path}: {e}")));
    Named {
        name: path.to_string(),
        text,
    }
}

fn die(message: &str) -> ! {
    eprintln!("values-migrate-bench: {message}");
    std::process::exit(1)
}

fn typing(job: &Job) -> Typing {
    match job.typing.as_deref().unwrap_or("helm") {
        "helm" => Typing::Helm,
        "yaml-1.2" => Typing::Yaml12,
        other => die(&format!("{}: unknown typing {other}", job.id)),
    }
}

fn need<'a>(job: &Job, field: &'a Option<String>, name: &str) -> &'a str {
    field
        .as_deref()
        .unwrap_or_else(|| die(&format!("{}: missing `{name}`", job.id)))
}

/// Times `f` by the shared rule; returns the per-call samples in milliseconds and the calls made.
fn measure<T>(plan: &Plan, mut f: impl FnMut() -> T) -> (Vec<f64>, u64, u64) {
    let mut calls: u64 = 0;
    let start = Instant::now();
    while calls < plan.warm_calls || start.elapsed().as_secs_f64() < plan.warm_s {
        black_box(f());
        calls += 1;
    }
    let per_call = start.elapsed().as_secs_f64() / calls as f64;
    let batch = ((plan.sample_s / per_call).ceil() as u64).max(1);
    let mut samples = Vec::new();
    let begin = Instant::now();
    while samples.len() < plan.max_samples
        && (samples.len() < plan.min_samples || begin.elapsed().as_secs_f64() < plan.min_time_s)
    {
        let t = Instant::now();
        for _ in 0..batch {
            black_box(f());
        }
        samples.push(t.elapsed().as_secs_f64() * 1e3 / batch as f64);
        calls += batch;
    }
    (samples, batch, calls)
}

fn run(plan: &Plan, job: &Job) -> Value {
    let typing = typing(job);
    let (samples, batch, calls, result): (Vec<f64>, u64, u64, Value) = match job.kind.as_str() {
        "decode" => {
            let file = read(need(job, &job.file, "file"));
            let options = DecodeOptions {
                typing,
                ..DecodeOptions::default()
            };
            let call = || values_migrate::decode::decode(&file.name, &file.text, &options);
            let result = serde_json::to_value(call()).expect("serialize");
            let (s, b, c) = measure(plan, call);
            (s, b, c, result)
        }
        "validate" => {
            let [values] = job.values.as_slice() else {
                die(&format!("{}: validate needs one `values`", job.id))
            };
            let values = read(values);
            let schema = read(need(job, &job.schema, "schema"));
            let defaults = job.defaults.as_deref().map(read);
            let call = || {
                values_migrate::validate::validate(
                    &values,
                    None,
                    &schema,
                    defaults.as_ref(),
                    typing,
                )
            };
            let result = serde_json::to_value(call()).expect("serialize");
            let (s, b, c) = measure(plan, call);
            (s, b, c, result)
        }
        "migrate" | "diagnose" => {
            let request = Request {
                files: job
                    .values
                    .iter()
                    .map(|p| {
                        let n = read(p);
                        SourceFile {
                            path: n.name,
                            text: n.text,
                        }
                    })
                    .collect(),
                base_schema: read(need(job, &job.base, "base")),
                target_schema: read(need(job, &job.target, "target")),
                proposal: if job.kind == "migrate" {
                    Some(read(need(job, &job.proposal, "proposal")))
                } else {
                    None
                },
                prefix: None,
                answers: Vec::new(),
                defaults: job.defaults.as_deref().map(read),
                typing,
            };
            let diagnose = job.kind == "diagnose";
            let call = || {
                if diagnose {
                    values_migrate::migrate::diagnose(&request)
                } else {
                    values_migrate::migrate::migrate(&request)
                }
            };
            let result = serde_json::to_value(call()).expect("serialize");
            let (s, b, c) = measure(plan, call);
            (s, b, c, result)
        }
        other => die(&format!("{}: unknown kind {other}", job.id)),
    };
    if let Some(dump) = &job.dump {
        let text = serde_json::to_string(&result).expect("serialize");
        std::fs::write(dump, text).unwrap_or_else(|e| die(&format!("{dump}: {e}")));
    }
    json!({ "id": job.id, "samples": samples, "batch": batch, "calls": calls })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, jobs, out] = args.as_slice() else {
        die("usage: values-migrate-bench JOBS.json OUT.json")
    };
    let text = std::fs::read_to_string(jobs).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let plan: Plan = serde_json::from_str(&text).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let results: Vec<Value> = plan.jobs.iter().map(|job| run(&plan, job)).collect();
    let text = serde_json::to_string(&results).expect("serialize");
    std::fs::write(out, text).unwrap_or_else(|e| die(&format!("{out}: {e}")));
}
