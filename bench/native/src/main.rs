//! `values-migrate-bench JOBS.json OUT.json`: times library calls in-process.
//!
//! Every job is timed by the rule shared with bench/measure.mjs and bench/ruamel_bench.py:
//! warm up for `warm_s` (and at least `warm_calls` calls), choose a batch of calls that lasts
//! about `sample_s`, then take batches until `min_time_s` has passed and `min_samples` were
//! taken.
//! A sample is one batch's time divided by its calls. Each job's result can also be dumped
//! (as JSON) so that scripts/bench can check that every tool computed the same thing.
//!
//! Kind `floor` runs saphyr-parser alone over the file, every event pulled and dropped: the
//! least work any correct parse can do. A job with `"peak": true` makes one call instead of
//! timing, and reports the process's peak resident memory during it (Linux: `VmHWM`, reset
//! through `/proc/self/clear_refs` just before the call).
//!
//! `values-migrate-bench --serve JOBS.json` times the plan's `render` jobs on request instead,
//! one stdin line `INDEX CALLS` at a time (bench/render.mjs interleaves them with Helm's calls).

use serde::Deserialize;
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::Instant;
use values_migrate::migrate::SessionSpec;
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
    prefix: Option<String>,
    #[serde(default)]
    dump: Option<String>,
    #[serde(default)]
    peak: bool,
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

/// A `kB` line of `/proc/self/status`, in bytes.
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// One call of `f`; the resident memory before it and the peak during it, in bytes.
fn peak<T>(mut f: impl FnMut() -> T) -> Value {
    // Writing 5 resets VmHWM to the current resident size (Linux 4.0 and later).
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = status_bytes("VmRSS:");
    black_box(f());
    let peak = status_bytes("VmHWM:");
    json!({ "rss_before": before, "peak_rss": peak, "reset": reset })
}

/// Times `f` by the shared rule (or, for a `peak` job, makes one call and measures memory).
fn timed<T>(plan: &Plan, job: &Job, f: impl FnMut() -> T) -> (Vec<f64>, u64, u64, Option<Value>) {
    if job.peak {
        return (Vec::new(), 0, 1, Some(peak(f)));
    }
    let (s, b, c) = measure(plan, f);
    (s, b, c, None)
}

/// Pulls every saphyr-parser event from `text` and drops it; the number of events.
fn floor(text: &str) -> usize {
    let mut parser = saphyr_parser::Parser::new_from_str(text);
    let mut events = 0;
    while let Some(next) = parser.next_event() {
        match next {
            Ok(event) => {
                black_box(event);
                events += 1;
            }
            Err(error) => die(&format!("saphyr-parser: {error}")),
        }
    }
    events
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
    let (samples, batch, calls, memory, result) = match job.kind.as_str() {
        "floor" => {
            let file = read(need(job, &job.file, "file"));
            let (s, b, c, m) = timed(plan, job, || floor(&file.text));
            (s, b, c, m, json!({ "events": floor(&file.text) }))
        }
        "decode" => {
            let file = read(need(job, &job.file, "file"));
            let options = DecodeOptions {
                typing,
                ..DecodeOptions::default()
            };
            let call = || values_migrate::decode::decode(&file.name, &file.text, &options);
            // Timed (or the peak measured) first, so that no earlier call has grown the heap.
            let (s, b, c, m) = timed(plan, job, &call);
            let result = serde_json::to_value(call()).expect("serialize");
            (s, b, c, m, result)
        }
        "validate" => {
            let [values] = job.values.as_slice() else {
                die(&format!("{}: validate needs one `values`", job.id))
            };
            let values = read(values);
            let request = values_migrate::migrate::ValidateRequest {
                files: vec![SourceFile {
                    path: values.name,
                    text: values.text,
                }],
                prefix: None,
                chart: values_migrate::migrate::ChartSpec {
                    schema: read(need(job, &job.schema, "schema")),
                    chart: None,
                    defaults: job.defaults.as_deref().map(read),
                    typing,
                    schema_refs: Vec::new(),
                },
            };
            let call = || values_migrate::migrate::validate(&request);
            // Timed (or the peak measured) first, so that no earlier call has grown the heap.
            let (s, b, c, m) = timed(plan, job, &call);
            let result = serde_json::to_value(call()).expect("serialize");
            (s, b, c, m, result)
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
                proposal: if job.kind == "migrate" {
                    Some(read(need(job, &job.proposal, "proposal")))
                } else {
                    None
                },
                prefix: job.prefix.clone(),
                answers: Vec::new(),
                spec: SessionSpec {
                    base_schema: read(need(job, &job.base, "base")),
                    target_schema: read(need(job, &job.target, "target")),
                    defaults: job.defaults.as_deref().map(read),
                    typing,
                    ..SessionSpec::default()
                },
            };
            let diagnose = job.kind == "diagnose";
            let call = || {
                if diagnose {
                    values_migrate::migrate::diagnose(&request)
                } else {
                    values_migrate::migrate::migrate(&request)
                }
            };
            // Timed (or the peak measured) first, so that no earlier call has grown the heap.
            let (s, b, c, m) = timed(plan, job, &call);
            let result = serde_json::to_value(call()).expect("serialize");
            (s, b, c, m, result)
        }
        "templates" => {
            // A session given one chart tree's templates as base and target: both parsed and
            // analysed, and what the target reads that the base did not (docs/templates.md).
            let dir = need(job, &job.file, "file");
            let input = values_migrate::chart::Input::from_path(std::path::Path::new(dir))
                .unwrap_or_else(|e| die(&e));
            let templates = input.templates.clone().unwrap_or_default();
            let both = values_migrate::migrate::BumpTemplates {
                base: templates.clone(),
                target: templates,
            };
            let call = || {
                values_migrate::migrate::Session::new(&input.schema, &input.schema, None, typing)
                    .and_then(|s| s.with_templates(Some(&both)))
                    .is_ok()
            };
            let (s, b, c, m) = timed(plan, job, &call);
            (
                s,
                b,
                c,
                m,
                json!({ "ok": call(), "files": both.base.files.len() }),
            )
        }
        "render" => {
            // Helm's render (src/render): the chart at `file` (a directory or a .tgz) read from
            // the file system and rendered with the `values` files given as `--values`: every
            // template's text, as Helm's engine and the JS `render` return them (what
            // `values-migrate render` does less the process and printing the stream).
            let (chart, request) = render_request(job);
            let call =
                || values_migrate::render::render(&values_migrate::chart::Fs, &chart, &request);
            let (s, b, c, m) = timed(plan, job, &call);
            let result = match call() {
                Err(failure) => json!({ "error": format!("{failure:?}") }),
                Ok(outcome) => {
                    let r = &outcome.rendered;
                    let files: serde_json::Map<String, Value> = r
                        .files
                        .iter()
                        .map(|(name, (text, _))| (name.clone(), json!(text)))
                        .collect();
                    let masked: Vec<&String> = r
                        .files
                        .iter()
                        .filter(|(_, (_, m))| !m.is_empty())
                        .map(|(n, _)| n)
                        .collect();
                    json!({
                        "files": files,
                        "masked": masked,
                        "refused": r.refused.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
                        "error": r.error.as_ref().map(|e| e.to_string()),
                    })
                }
            };
            (s, b, c, m, result)
        }
        other => die(&format!("{}: unknown kind {other}", job.id)),
    };
    if let Some(dump) = &job.dump {
        let text = serde_json::to_string(&result).expect("serialize");
        std::fs::write(dump, text).unwrap_or_else(|e| die(&format!("{dump}: {e}")));
    }
    json!({ "id": job.id, "samples": samples, "batch": batch, "calls": calls, "memory": memory })
}

/// A `render` job's chart path and request: its `values` files read as `--values`.
fn render_request(job: &Job) -> (String, values_migrate::render::Request) {
    let chart = need(job, &job.file, "file").to_string();
    let values: Vec<(String, String)> = job
        .values
        .iter()
        .map(|path| {
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| die(&format!("{path}: {e}")));
            (path.clone(), text)
        })
        .collect();
    let request = values_migrate::render::Request {
        values,
        ..Default::default()
    };
    (chart, request)
}

/// `--serve JOBS.json`: the plan's `render` jobs, timed on request so that another process can
/// interleave them with its own calls (bench/render.mjs): each stdin line `INDEX CALLS` makes
/// CALLS renders of job INDEX and answers one line, the milliseconds per call.
fn serve(jobs: &str) {
    use std::io::{BufRead, Write};
    let text = std::fs::read_to_string(jobs).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let plan: Plan = serde_json::from_str(&text).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let requests: Vec<(String, values_migrate::render::Request)> =
        plan.jobs.iter().map(render_request).collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| die(&format!("stdin: {e}")));
        let mut words = line.split_whitespace().map(|w| w.parse::<usize>().ok());
        let (Some(Some(index)), Some(Some(calls))) = (words.next(), words.next()) else {
            die(&format!("--serve: expected `INDEX CALLS`, got {line:?}"))
        };
        let (chart, request) = requests
            .get(index)
            .unwrap_or_else(|| die("--serve: no such job"));
        let start = Instant::now();
        for _ in 0..calls {
            let outcome =
                values_migrate::render::render(&values_migrate::chart::Fs, chart, request);
            if !matches!(&outcome, Ok(o) if o.rendered.error.is_none()) {
                die(&format!("--serve: job {index} did not render"));
            }
            let _ = black_box(outcome);
        }
        let ms = start.elapsed().as_secs_f64() * 1e3 / calls.max(1) as f64;
        writeln!(out, "{ms}")
            .and_then(|()| out.flush())
            .unwrap_or_else(|e| die(&format!("stdout: {e}")));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, jobs] = args.as_slice() {
        if flag == "--serve" {
            return serve(jobs);
        }
    }
    let [_, jobs, out] = args.as_slice() else {
        die("usage: values-migrate-bench JOBS.json OUT.json | --serve JOBS.json")
    };
    let text = std::fs::read_to_string(jobs).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let plan: Plan = serde_json::from_str(&text).unwrap_or_else(|e| die(&format!("{jobs}: {e}")));
    let results: Vec<Value> = plan.jobs.iter().map(|job| run(&plan, job)).collect();
    let text = serde_json::to_string(&results).expect("serialize");
    std::fs::write(out, text).unwrap_or_else(|e| die(&format!("{out}: {e}")));
}
