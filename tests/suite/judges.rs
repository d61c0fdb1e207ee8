//! Each comparison mode named after a harness gives that harness's
//! verdicts. `judges/stdio.jsonl` is a table of (expected, actual) stdout
//! pairs, each with whether the harness passes it, found by running the
//! harness's own comparison code on it (never by reading alone):
//!
//! - `sandboxfusion`: `check_stdio_test_case` of `sandbox/utils/testing.py`,
//!   bytedance/SandboxFusion at 469de0845cb7d665bc68044d541aa3aa28c5b30a;
//! - `codecontests`: `OutputsMatch` of `execution/tester_sandboxer.cc`,
//!   google-deepmind/code_contests at fa7a4f8139aab08362503f3344778eb86901709a,
//!   compiled with g++ against abseil 20211102.0 (the version it pins);
//! - `livecodebench`: `grade_stdio` of `lcb_runner/evaluation/testing_util.py`,
//!   LiveCodeBench/LiveCodeBench at 28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24;
//! - `apps`: `run_test` of `verl/utils/reward_score/prime_code/testing_util.py`,
//!   volcengine/verl at b178a3cd56f58b2d502255daba591e92833930a7.
//!
//! The cases were written here to probe each harness's rules (layout,
//! case, blank lines, tolerance kind, number syntax, `inf`/`nan`, integers
//! near 1e18); their harness's code gave the verdicts.

use crate::common;
use serde_json::{Value, json};
use wasmeval::io_cases::Compare;
use wasmeval::outcome::Outcome;

#[test]
fn each_mode_gives_the_verdicts_of_the_harness_it_is_named_after() {
    let table = include_str!("judges/stdio.jsonl");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (i, line) in table.lines().enumerate() {
        let case: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let expected = case["expected"].as_str().unwrap();
        let actual = case["actual"].as_str().unwrap();
        for (mode, passes) in case["passes"].as_object().unwrap() {
            let compare = Compare::parse(mode).unwrap();
            let verdict = compare.check(expected, actual);
            checked += 1;
            if verdict.is_none() != passes.as_bool().unwrap() {
                wrong.push(format!(
                    "{} ({}): {mode} should {} {expected:?} against {actual:?}; wasmeval says {verdict:?}",
                    case["id"],
                    case["note"],
                    if passes.as_bool().unwrap() { "pass" } else { "fail" },
                ));
            }
        }
    }
    assert!(checked >= 200, "{checked}");
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// A task's `judge` field and the CLI's `--judge` take every mode; a
/// program is judged by the one its task names.
#[test]
fn tasks_and_the_cli_choose_the_mode() {
    let task = |judge: Value, output: &str| {
        let mut line = json!({"id": "j", "code": "print(123457)\nprint('Yes')",
            "public_tests": {"input": [""], "output": [output]}});
        if !judge.is_null() {
            line["judge"] = judge;
        }
        wasmeval::task::Task::from_value(&line).unwrap()
    };
    let envs = common::score_all(vec![
        task(Value::Null, "123456\nyes"),
        task(json!("sandboxfusion"), "123456\nyes"),
        task(json!("codecontests"), "123456\nyes"),
        task(json!("livecodebench"), "123457\nYes"),
        task(json!("apps"), "123457\nYes\n\n"),
        task(json!({"float": {"abs": 2}}), "123456 Yes"),
        task(json!({"float": {"rel": 1e-6}}), "123456 Yes"),
    ]);
    let outcomes: Vec<Outcome> = envs.iter().map(|e| e.outcome).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::AssertionFail, // exact
            Outcome::Pass,          // relative 1e-5, case-insensitive
            Outcome::AssertionFail, // absolute 1e-5
            Outcome::Pass,
            Outcome::Pass,
            Outcome::Pass,          // within 2
            Outcome::AssertionFail, // 8.1e-6 relative
        ],
        "{envs:#?}"
    );
    let bad = wasmeval::task::Task::from_value(
        &json!({"code": "x", "public_tests": {"input": [""], "output": [""]}, "judge": {"float": {"abs": -1}}}),
    )
    .unwrap_err();
    assert!(
        bad.message.contains("\"abs\" must be a number at least 0"),
        "{}",
        bad.message
    );

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task.json");
    std::fs::write(
        &path,
        json!({"id": "f", "code": "print('YES')", "public_tests": {"input": [""], "output": ["yes"]}})
            .to_string(),
    )
    .unwrap();
    let path = path.to_str().unwrap();
    for (judge, code) in [
        ("exact", Outcome::AssertionFail.exit_code()),
        ("codecontests", 0),
        ("livecodebench", Outcome::AssertionFail.exit_code()),
        (
            r#"{"float": {"abs": 0}}"#,
            Outcome::AssertionFail.exit_code(),
        ),
    ] {
        let run = common::cli(&["run", "--task", path, "--judge", judge]);
        assert_eq!(
            run.status.code(),
            Some(code),
            "{judge}: {}",
            String::from_utf8_lossy(&run.stdout)
        );
    }
}
