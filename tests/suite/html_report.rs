//! `wasmeval report` and `eval --report`, through the real CLI on real
//! candidates: the page's numbers are `eval`'s summary's, its per-task
//! table is the results file's, text a candidate wrote is escaped, two
//! results files are shown side by side, and headless Chromium renders the
//! page with every chart's marks and no console message.
//!
//! Chromium is Debian's `chromium` package; it is installed with apt-get
//! when missing, and the rendering test fails (never skips) when it cannot
//! be.

use crate::common;

use common::humaneval::{mutants, problems, problems_file, read_jsonl, write_samples};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A fresh directory under target/tmp for one group of tests, of this
/// process (nextest runs each test in a process of its own, and two must
/// not share a group's files).
fn work_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("html_report")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `wasmeval report` (which needs no runtime, and takes no
/// `--cache-dir`).
fn report_cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .arg("report")
        .args(args)
        .output()
        .expect("the wasmeval binary runs")
}

/// Run the CLI (`report` as it is, anything else with the tests' cache),
/// which must exit 0.
fn cli_ok(args: &[&str]) -> Output {
    let output = match args.split_first() {
        Some((&"report", rest)) => report_cli(rest),
        _ => common::cli(args),
    };
    assert_eq!(
        output.status.code(),
        Some(0),
        "wasmeval {}:\n{}\n{}",
        args.join(" "),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The attributes of an element's start tag starting at `at`.
fn attributes(tag: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let end = tag.find('>').unwrap();
    let mut rest = &tag[..end];
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].rsplit(' ').next().unwrap().to_string();
        let value_end = rest[eq + 2..].find('"').unwrap();
        out.insert(name, rest[eq + 2..eq + 2 + value_end].to_string());
        rest = &rest[eq + 2 + value_end + 1..];
    }
    out
}

/// Text with the page's five entities replaced by their characters.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The headline's machine-readable cells: (run, metric) -> attributes.
fn headline(html: &str) -> BTreeMap<(usize, String), HashMap<String, String>> {
    let mut cells = BTreeMap::new();
    for (at, _) in html.match_indices("<td ") {
        let attrs = attributes(&html[at..]);
        if let (Some(run), Some(metric)) = (attrs.get("data-run"), attrs.get("data-metric")) {
            cells.insert((run.parse().unwrap(), metric.clone()), attrs);
        }
    }
    cells
}

fn number(attrs: &HashMap<String, String>, name: &str) -> f64 {
    attrs[name]
        .parse()
        .unwrap_or_else(|e| panic!("{name}={:?}: {e}", attrs[name]))
}

/// The `data-sort` values of each row of the task table, by task id (the
/// first value).
fn task_rows(html: &str) -> BTreeMap<String, Vec<String>> {
    let mut rows = BTreeMap::new();
    for body in html.split("<tbody class=\"task\">").skip(1) {
        let row = &body[..body.find("</tr>").unwrap()];
        let values: Vec<String> = row
            .match_indices("<td ")
            .map(|(at, _)| unescape(&attributes(&row[at..])["data-sort"]))
            .collect();
        rows.insert(values[0].clone(), values[1..].to_vec());
    }
    rows
}

/// Check the headline of run `run` against `eval --json`'s summary.
fn assert_headline_is_evals(html: &str, run: usize, summary: &Value) {
    let cells = headline(html);
    let cell = |metric: &str| {
        cells
            .get(&(run, metric.to_string()))
            .unwrap_or_else(|| panic!("no headline cell {metric} of run {run}"))
    };
    for (metric, field) in [
        ("samples", "total"),
        ("internal", "internal"),
        ("invalid", "invalid"),
        ("mean_score", "mean_score"),
    ] {
        assert_eq!(
            number(cell(metric), "data-value"),
            summary[field].as_f64().unwrap(),
            "{metric}"
        );
    }
    for outcome in ["pass", "assertion_fail", "syntax_error", "timeout", "error"] {
        let want = summary["outcomes"]
            .get(outcome)
            .and_then(Value::as_f64)
            .unwrap_or(0.0);
        assert_eq!(
            number(cell(&format!("outcome:{outcome}")), "data-value"),
            want,
            "{outcome}"
        );
    }
    let estimates = summary["pass_at_k"].as_array().unwrap();
    assert!(!estimates.is_empty());
    for e in estimates {
        let attrs = cell(&format!("pass@{}", e["k"]));
        assert_eq!(number(attrs, "data-value"), e["value"].as_f64().unwrap());
        assert_eq!(number(attrs, "data-low"), e["ci_low"].as_f64().unwrap());
        assert_eq!(number(attrs, "data-high"), e["ci_high"].as_f64().unwrap());
    }
    // A k eval did not report has no number in the page either.
    for k in [1, 10, 100] {
        if !estimates.iter().any(|e| e["k"] == k) {
            assert!(!cells.contains_key(&(run, format!("pass@{k}"))), "pass@{k}");
        }
    }
}

/// Per task (samples, passed) and the outcome of the most common failure
/// (outcome and error kind; the first seen among equals), counted from a
/// results file by hand.
fn counted(results: &[Value]) -> BTreeMap<String, (u64, u64, String)> {
    let mut tasks: BTreeMap<String, (u64, u64, Vec<String>)> = BTreeMap::new();
    for r in results {
        let kind = r["error_kind"].as_str();
        if matches!(kind, Some("internal" | "invalid_task")) {
            continue;
        }
        let id = r["id"].as_str().unwrap().to_string();
        let entry = tasks.entry(id).or_default();
        entry.0 += 1;
        if r["outcome"] == "pass" {
            entry.1 += 1;
        } else {
            // A failure is its outcome and error kind, as the page counts.
            entry.2.push(format!(
                "{}|{}",
                r["outcome"].as_str().unwrap(),
                kind.unwrap_or("")
            ));
        }
    }
    tasks
        .into_iter()
        .map(|(id, (n, c, failures))| {
            let mut counts: Vec<(String, usize)> = Vec::new();
            for f in failures {
                match counts.iter_mut().find(|(o, _)| *o == f) {
                    Some(entry) => entry.1 += 1,
                    None => counts.push((f, 1)),
                }
            }
            let most = counts
                .iter()
                .rev()
                .max_by_key(|(_, n)| *n)
                .map(|(o, _)| o.split('|').next().unwrap().to_string())
                .unwrap_or_default();
            (id, (n, c, most))
        })
        .collect()
}

/// Check the task table's columns of run `run` against a results file.
fn assert_task_table_is(html: &str, run: usize, results: &[Value]) {
    let rows = task_rows(html);
    let want = counted(results);
    assert!(!want.is_empty());
    for (id, (n, c, most)) in &want {
        let row = rows.get(id).unwrap_or_else(|| panic!("no row for {id}"));
        let cells = &row[run * 7..run * 7 + 7];
        assert_eq!(cells[0], n.to_string(), "{id}: samples");
        assert_eq!(cells[1], c.to_string(), "{id}: passed");
        assert_eq!(
            cells[2].parse::<f64>().unwrap(),
            *c as f64 / *n as f64,
            "{id}"
        );
        assert_eq!(&cells[4], most, "{id}: most common failure");
    }
}

/// The HumanEval samples of these tests: the canonical solutions and
/// mutants of them (right, wrong, crashing, looping, slow), padded with the
/// canonical solution to 5 samples per problem so that pass@k has a
/// curve, plus one sample that writes markup to stdout and into its error.
fn humaneval_samples() -> Vec<(String, String)> {
    let problems = problems();
    let mut by_task: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut order = Vec::new();
    for (id, completion, _) in mutants(&problems) {
        if !by_task.contains_key(&id) {
            order.push(id.clone());
        }
        by_task.entry(id).or_default().push(completion);
    }
    // First among HumanEval/0's failures: the one its row shows.
    by_task.get_mut("HumanEval/0").unwrap()[0] =
        format!("    {HOSTILE_PRINT}\n    raise ValueError({HOSTILE_ERROR:?})\n");
    let mut samples = Vec::new();
    for (problem, id) in problems.iter().zip(&order) {
        assert_eq!(&problem.task_id, id);
        let mut completions = by_task[id].clone();
        while completions.len() < 5 {
            completions.push(problem.canonical.clone());
        }
        samples.extend(completions.into_iter().map(|c| (id.clone(), c)));
    }
    samples
}

/// Python that prints a script element that would log to the console.
const HOSTILE_PRINT: &str = "print('<script>console.error(\"pwned-stdout\")</script>')";
/// An error message with an element whose handler would log.
const HOSTILE_ERROR: &str = "<img src=x onerror=console.error('pwned-detail')>";

/// The HumanEval run all tests here share: `eval --json --report` on the
/// samples above, and `eval --json` on the canonical solutions alone.
struct HumanEvalRun {
    dir: PathBuf,
    results: PathBuf,
    summary: Value,
    report: PathBuf,
    canonical_results: PathBuf,
    canonical_summary: Value,
}

fn humaneval_run() -> &'static HumanEvalRun {
    static RUN: OnceLock<HumanEvalRun> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = work_dir("humaneval");
        let problem_file = problems_file();
        let samples = dir.join("mutated.jsonl");
        write_samples(&samples, &humaneval_samples());
        let report = dir.join("eval-report.html");
        // `eval --problems ... SAMPLES --quiet --json EXTRA...`: its summary.
        let eval = |samples: &Path, extra: &[&str]| -> Value {
            let mut args = vec![
                "eval",
                "--problems",
                problem_file.to_str().unwrap(),
                samples.to_str().unwrap(),
                "--quiet",
                "--json",
            ];
            args.extend_from_slice(extra);
            serde_json::from_slice(&cli_ok(&args).stdout).unwrap()
        };
        // A short timeout keeps the infinite loops cheap.
        let summary = eval(
            &samples,
            &["--timeout", "0.5", "--report", report.to_str().unwrap()],
        );
        let canonical = dir.join("canonical.jsonl");
        write_samples(
            &canonical,
            &problems()
                .into_iter()
                .map(|p| (p.task_id, p.canonical))
                .collect::<Vec<_>>(),
        );
        let canonical_summary = eval(&canonical, &[]);
        HumanEvalRun {
            results: dir.join("mutated.jsonl_results.jsonl"),
            canonical_results: dir.join("canonical.jsonl_results.jsonl"),
            summary,
            canonical_summary,
            report,
            dir,
        }
    })
}

/// `wasmeval report` of both HumanEval results files, mutated first.
fn two_file_report() -> PathBuf {
    let run = humaneval_run();
    let out = run.dir.join("two.html");
    cli_ok(&[
        "report",
        run.results.to_str().unwrap(),
        run.canonical_results.to_str().unwrap(),
        "--problems",
        problems_file().to_str().unwrap(),
        "--label",
        "mutated",
        "--label",
        "canonical",
        "--timeout",
        "0.5",
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

#[test]
fn a_humaneval_report_has_evals_numbers_and_the_results_per_task() {
    let run = humaneval_run();
    let html = text(&run.report);
    assert_headline_is_evals(&html, 0, &run.summary);
    assert_eq!(
        run.summary["pass_at_k"].as_array().unwrap().len(),
        1,
        "n = 5: pass@1 only"
    );
    let results = read_jsonl(&run.results);
    assert_task_table_is(&html, 0, &results);
    let tasks = headline(&html)[&(0, "tasks".to_string())]["data-value"].clone();
    assert_eq!(tasks, "164");
    // The mutants do fail, in several ways, and the costliest samples are
    // the ones that ran out of fuel.
    assert!(run.summary["outcomes"]["assertion_fail"].as_u64().unwrap() > 50);
    assert!(run.summary["outcomes"]["timeout"].as_u64().unwrap() >= 10);
    let costliest = &html[html.find("id=\"costliest\"").unwrap()..];
    assert_eq!(costliest.matches("<td>timeout</td>").count(), 10);
    // `wasmeval report` on the same file writes the very same page.
    let again = run.dir.join("again.html");
    cli_ok(&[
        "report",
        run.results.to_str().unwrap(),
        "--problems",
        problems_file().to_str().unwrap(),
        "--timeout",
        "0.5",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert!(text(&again) == html, "report and eval --report differ");
}

#[test]
fn two_results_files_are_shown_side_by_side() {
    let run = humaneval_run();
    let html = text(&two_file_report());
    assert_headline_is_evals(&html, 0, &run.summary);
    assert_headline_is_evals(&html, 1, &run.canonical_summary);
    assert_task_table_is(&html, 0, &read_jsonl(&run.results));
    assert_task_table_is(&html, 1, &read_jsonl(&run.canonical_results));
    // A column of differences: every canonical solution passes.
    let rows = task_rows(&html);
    let mutated = counted(&read_jsonl(&run.results));
    for (id, (n, c, _)) in &mutated {
        let delta: f64 = rows[id][14].parse().unwrap();
        assert!(
            (delta - (1.0 - *c as f64 / *n as f64)).abs() < 1e-12,
            "{id}: {delta}"
        );
    }
    // Hardest first: the first row is a task the mutants fail most.
    let worst = mutated
        .values()
        .map(|(n, c, _)| *c as f64 / *n as f64)
        .fold(1.0, f64::min);
    let first = html.split("<tbody class=\"task\">").nth(1).unwrap();
    let first_id = &unescape(&attributes(&first[first.find("<td ").unwrap()..])["data-sort"]);
    let (n, c, _) = mutated[first_id];
    assert_eq!(c as f64 / n as f64, worst);
    // Each chart has one series per file.
    for id in ["pass-at-k-curve", "pass-rates", "fuel"] {
        let svg = svg_of(&html, id);
        assert!(
            svg.contains(">mutated</text>") && svg.contains(">canonical</text>"),
            "{id}"
        );
    }
    // Labels must match the files.
    let output = report_cli(&[
        run.results.to_str().unwrap(),
        run.canonical_results.to_str().unwrap(),
        "--label",
        "one",
        "--out",
        run.dir.join("x.html").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("one --label per results file"));
}

/// The `<svg id="...">` element of the page.
fn svg_of<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<svg id=\"{id}\""))
        .unwrap_or_else(|| panic!("no chart {id}"));
    let end = start + html[start..].find("</svg>").unwrap();
    &html[start..end]
}

/// Task lines for a task-format run: 12 samples of `square` (7 right, 5
/// wrong), 12 of a task whose id and output are hostile markup.
fn task_lines() -> String {
    let mut lines = String::new();
    for i in 0..12 {
        let code = if i % 12 < 7 {
            "def square(x):\n    return x * x\n"
        } else {
            "def square(x):\n    return x + x\n"
        };
        lines.push_str(&format!(
            "{}\n",
            json!({"id": "square", "code": code, "targets": ["assert square(3) == 9"]})
        ));
    }
    for i in 0..12 {
        let code = format!(
            "import sys\n{HOSTILE_PRINT}\nsys.stderr.write('</pre><script>console.error(1)</script>')\n\
             def f():\n    return {}\n",
            i % 3
        );
        lines.push_str(&format!(
            "{}\n",
            json!({"id": HOSTILE_ID, "code": code, "targets": [format!("assert f() == 0, {HOSTILE_ERROR:?}")]})
        ));
    }
    lines
}

/// A task id that is markup.
const HOSTILE_ID: &str = "<img src=x onerror=console.error('pwned-id')>";

/// `eval --report` on a task file: (results, report, eval's summary).
fn task_run() -> &'static (PathBuf, PathBuf, Value) {
    static RUN: OnceLock<(PathBuf, PathBuf, Value)> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = work_dir("tasks");
        let tasks = dir.join("tasks.jsonl");
        std::fs::write(&tasks, task_lines()).unwrap();
        let report = dir.join("report.html");
        let output = cli_ok(&[
            "eval",
            tasks.to_str().unwrap(),
            "--quiet",
            "--json",
            "--report",
            report.to_str().unwrap(),
        ]);
        (
            dir.join("tasks_results.jsonl"),
            report,
            serde_json::from_slice(&output.stdout).unwrap(),
        )
    })
}

#[test]
fn a_task_file_report_has_evals_counts_and_pass_at_k() {
    let (results, report, summary) = task_run();
    let html = text(report);
    let results = read_jsonl(results);
    assert_eq!(results.len(), 24);
    // eval reports pass@k only for HumanEval samples; the page computes it
    // the same way from the same counts.
    let mut summary = summary.clone();
    let counts: Vec<(u64, u64)> = counted(&results)
        .values()
        .map(|(n, c, _)| (*n, *c))
        .collect();
    assert_eq!(
        counts,
        vec![(12, 4), (12, 7)],
        "the hostile task sorts first"
    );
    let estimates: Vec<Value> = [1, 10]
        .iter()
        .map(|&k| {
            serde_json::to_value(wasmeval::passk::estimate(&counts, k, 1000).unwrap()).unwrap()
        })
        .collect();
    summary["pass_at_k"] = Value::Array(estimates);
    assert_headline_is_evals(&html, 0, &summary);
    assert_task_table_is(&html, 0, &results);
    // pass@k for every k up to 12, the spread of pass@1 and pass@10.
    assert_eq!(
        svg_of(&html, "pass-at-k-curve")
            .matches("class=\"dot\"")
            .count(),
        12
    );
    assert!(html.contains("<svg id=\"variance-k1\"") && html.contains("<svg id=\"variance-k10\""));
    assert!(!html.contains("<svg id=\"variance-k100\""));

    // The plain examples: a timeout, a syntax error, errors of several kinds.
    let dir = work_dir("examples");
    let out = dir.join("results.jsonl");
    let page = dir.join("examples.html");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tasks.jsonl");
    let output = cli_ok(&[
        "eval",
        examples.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--json",
        "--report",
        page.to_str().unwrap(),
    ]);
    let mut summary: Value = serde_json::from_slice(&output.stdout).unwrap();
    let html = text(&page);
    let one_each: Vec<(u64, u64)> = counted(&read_jsonl(&out))
        .values()
        .map(|(n, c, _)| (*n, *c))
        .collect();
    summary["pass_at_k"] = json!([wasmeval::passk::estimate(&one_each, 1, 1000).unwrap()]);
    assert_headline_is_evals(&html, 0, &summary);
    assert_task_table_is(&html, 0, &read_jsonl(&out));
    assert!(summary["outcomes"]["timeout"].as_u64().unwrap() >= 1);
    assert!(svg_of(&html, "fuel").contains("class=\"budget\""));
}

#[test]
fn text_a_candidate_wrote_is_escaped() {
    let (_, report, _) = task_run();
    let html = text(report);
    // Our one script, and no other element a candidate wrote.
    assert_eq!(html.matches("<script").count(), 1, "one script element");
    assert!(!html.contains("<img"));
    assert!(!html.contains("</pre><script"));
    for hostile in [
        HOSTILE_ID,
        "<script>console.error(\"pwned-stdout\")</script>",
    ] {
        let escaped = hostile
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;");
        assert!(
            html.contains(&escaped),
            "{hostile} is not in the page, escaped"
        );
    }
    // The failing sample's error (the assertion's message) is shown, escaped.
    assert!(html.contains("&lt;img src=x onerror=console.error(&#39;pwned-detail&#39;)&gt;"));
    // Ids go into the page only as escaped text: rows are numbered.
    assert!(html.contains("id=\"t-0\"") && html.contains("href=\"#t-0\""));
}

#[test]
fn bad_input_is_named_by_file_and_line() {
    let dir = work_dir("bad");
    // A task file is not a results file.
    let tasks = dir.join("tasks.jsonl");
    std::fs::write(&tasks, task_lines()).unwrap();
    let output = report_cli(&[
        tasks.to_str().unwrap(),
        "--out",
        dir.join("r.html").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains(&format!(
            "{} line 1: not a results line of `wasmeval eval`",
            tasks.display()
        )),
        "{error}"
    );
    // Results of problems that are not in --problems.
    let (results, _, _) = task_run();
    let output = report_cli(&[
        results.to_str().unwrap(),
        "--problems",
        problems_file().to_str().unwrap(),
        "--out",
        dir.join("r.html").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("line 13: task \"<img"), "{error}");
    assert!(error.contains("is not a problem of"), "{error}");
    // eval --report needs its results in a file.
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        "-",
        "--report",
        "r.html",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("--report needs the results in a file")
    );
}

/// Debian's chromium, installed with apt-get when missing.
fn chromium() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| crate::common::process::debian("/usr/bin/chromium", &["chromium"]))
        .clone()
}

/// Headless Chromium's DOM of `page` once its scripts ran, and the console
/// messages it logged (errors, CSP violations, ...).
fn render(page: &Path) -> (String, Vec<String>) {
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "chromium failed: {}\n{stderr}",
        output.status
    );
    let console = stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        console,
    )
}

/// The console messages of a copy of `page` without its
/// Content-Security-Policy and with `driver` run after the page's own
/// script.
fn drive(page: &Path, driver: &str) -> Vec<String> {
    let html = text(page);
    let start = html
        .find("<meta http-equiv=\"Content-Security-Policy\"")
        .unwrap();
    let end = start + html[start..].find('>').unwrap() + 1;
    let copy = page.with_extension("driven.html");
    std::fs::write(
        &copy,
        format!("{}{}", &html[..start], &html[end..])
            .replace("</body>", &format!("<script>{driver}</script></body>")),
    )
    .unwrap();
    let (_, console) = render(&copy);
    console
        .iter()
        .map(|line| {
            let message = &line[line.find("] \"").expect("a console line") + 3..];
            message[..message.rfind("\", source:").unwrap()].to_string()
        })
        .collect()
}

#[test]
fn chromium_renders_the_humaneval_report_with_every_chart_and_no_console_message() {
    // The check of the console works: a page that logs is caught.
    let dir = work_dir("chromium");
    let logs = dir.join("logs.html");
    std::fs::write(
        &logs,
        "<!DOCTYPE html><p>x</p><script>console.error('deliberate')</script>",
    )
    .unwrap();
    let (_, console) = render(&logs);
    assert!(
        console.iter().any(|l| l.contains("deliberate")),
        "{console:?}"
    );

    let (dom, console) = render(&two_file_report());
    assert!(console.is_empty(), "console messages: {console:#?}");
    // The inline script ran (the CSP let it), and nothing a candidate wrote.
    assert!(
        dom.starts_with("<!DOCTYPE html>\n<html lang=\"en\" class=\"js\">"),
        "{}",
        &dom[..200]
    );
    assert!(!dom.contains("<img"));
    assert_eq!(dom.matches("<script").count(), 1);
    assert!(dom.contains("&lt;script&gt;console.error(\"pwned-stdout\")&lt;/script&gt;"));
    // Every chart with its marks. The mutated samples have 5 per task: a
    // curve with a band over k = 1..5, a spread over m = 1, 2, 5. The
    // canonical ones have 1: a dot with a whisker, no spread.
    let count = |svg: &str, mark: &str| svg.matches(&format!("class=\"{mark}\"")).count();
    let curve = svg_of(&dom, "pass-at-k-curve");
    assert_eq!(count(curve, "band"), 1);
    assert_eq!(count(curve, "line"), 1);
    assert_eq!(count(curve, "dot"), 6);
    assert_eq!(count(curve, "whisker"), 1);
    assert_eq!(count(curve, "legend"), 1);
    let variance = svg_of(&dom, "variance-k1");
    assert_eq!(count(variance, "band"), 1);
    assert_eq!(count(variance, "dot"), 3);
    let rates = svg_of(&dom, "pass-rates");
    assert_eq!(count(rates, "bar"), 14);
    let fuel = svg_of(&dom, "fuel");
    assert!(count(fuel, "bar") >= 20, "{fuel}");
    assert_eq!(count(fuel, "budget"), 1);
    assert!(fuel.contains("python: 0.5 s budget"));
    for svg in [curve, variance, rates, fuel] {
        assert!(count(svg, "axis") == 1 && svg.contains("<text"), "axes");
    }
    // The task table, with a detail row per task, opened by its link.
    assert_eq!(dom.matches("<tbody class=\"task\">").count(), 164);
    assert_eq!(dom.matches("<tr class=\"more\"").count(), 164);
    // The page's script sorts the task table and opens rows: driven in a
    // copy of the page whose policy lets a driver script run too.
    let logged = drive(
        &two_file_report(),
        "function first() { var t = document.getElementById('task-table'); \
           return [0, 1, 2].map(function (i) { return t.tBodies[i].rows[0].cells[0].textContent; }).join(' '); }
         var head = document.getElementById('task-table').tHead.rows[1].cells;
         head[0].click(); console.log('task ascending: ' + first());
         head[0].click(); console.log('task descending: ' + first());
         var body = document.getElementById('task-table').tBodies[0];
         console.log('closed: ' + getComputedStyle(body.rows[1]).display);
         body.rows[0].cells[2].click();
         console.log('opened: ' + getComputedStyle(body.rows[1]).display);
         body.rows[0].querySelector('a').click();
         console.log('closed again: ' + getComputedStyle(body.rows[1]).display + location.hash);",
    );
    assert_eq!(
        logged,
        [
            "task ascending: HumanEval/0 HumanEval/1 HumanEval/2",
            "task descending: HumanEval/163 HumanEval/162 HumanEval/161",
            "closed: none",
            "opened: table-row",
            "closed again: none",
        ]
    );
    // The report of the task file too: its hostile text stays text.
    let (dom, console) = render(&task_run().1);
    assert!(console.is_empty(), "console messages: {console:#?}");
    assert!(!dom.contains("<img") && dom.matches("<script").count() == 1);
}

#[test]
fn the_budget_line_is_the_named_runtimes() {
    let (results, default_page, _) = task_run();
    let fuel = svg_of(&text(default_page), "fuel").to_string();
    assert!(fuel.contains("python: 3 s budget"), "{fuel}");

    let page = work_dir("runtime").join("sci.html");
    let output = report_cli(&[
        results.to_str().unwrap(),
        "--runtime",
        "python-sci",
        "--timeout",
        "0.5",
        "--out",
        page.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let fuel = svg_of(&text(&page), "fuel").to_string();
    assert!(fuel.contains("python-sci: 0.5 s budget"), "{fuel}");
    assert!(!fuel.contains("python: 0.5 s budget"), "{fuel}");

    // The numbers behind the lines: each runtime's own rate.
    let options = |runtime: Option<&str>| wasmeval::html_report::Options {
        timeout_s: 0.5,
        runtime: runtime.map(String::from),
        ..Default::default()
    };
    let budgets = |runtime| {
        wasmeval::html_report::Report::build(std::slice::from_ref(results), &options(runtime))
            .unwrap()
            .budgets()
    };
    assert_eq!(
        budgets(Some("python-sci")),
        vec![("python-sci", wasmeval::fuel::PYTHON_SCI.budget(0.5))]
    );
    assert_eq!(
        budgets(None),
        vec![("python", wasmeval::fuel::PYTHON.budget(0.5))]
    );
    // A runtime of another language leaves Python's budget alone.
    assert_eq!(
        budgets(Some("javascript")),
        vec![("python", wasmeval::fuel::PYTHON.budget(0.5))]
    );
    assert_ne!(
        wasmeval::fuel::PYTHON_SCI.budget(0.5),
        wasmeval::fuel::PYTHON.budget(0.5)
    );

    // An unknown runtime is a usage error, with the known ones.
    let output = report_cli(&[results.to_str().unwrap(), "--runtime", "cobol"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("unknown runtime 'cobol'"),
        "{output:?}"
    );
}
