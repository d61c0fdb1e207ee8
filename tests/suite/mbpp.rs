//! MBPP, the original 974 problems (`mbpp.jsonl.gz` in the shared data
//! directory): each problem's canonical `code` against its `test_list`,
//! assertion by assertion (its `test_setup_code` before each), in wasmeval
//! and in native CPython (the machine's `python3`, each problem in a
//! process of its own). The verdicts must be the same, but for the problems
//! in [`CANNOT_AGREE`]. `cargo test` takes the seeded sample (with every
//! problem that fails natively or cannot agree), `scripts/agree` all 974.

use crate::common;

use std::collections::BTreeMap;

/// Problems whose canonical solution's verdict depends on the platform, so
/// wasmeval cannot give native CPython's, and why. Each must still
/// disagree (a fix shows up as a failure here).
const CANNOT_AGREE: &[(u64, &str)] = &[
    // `tuple({12, 13, 14, 15, 16}) == (12, ...)`: a set's iteration order
    // follows its hash table's history. The test's set literal is rebuilt
    // in the candidate's instance by inserting its items, which gives a
    // larger table than the literal's, so the order there is sorted
    // (natively it is 16, 12, 13, 14, 15 and the assertion fails).
    (
        341,
        "a set rebuilt across the boundary iterates in another order",
    ),
    // `tuple(set([(4, 5), (3, 2)]))`: wasm32 CPython hashes tuples with
    // 32-bit constants, 64-bit CPython with 64-bit ones, so the sets of
    // tuples iterate in different orders and different assertions pass.
    (642, "32-bit CPython hashes tuples differently"),
];

/// Runs the problems natively (a JSON list on stdin), each in a process of
/// its own forked from this one: its code, then each assertion in the same
/// namespace. Prints one JSON object: task id to the assertions' verdicts
/// (`null`: the code itself raised).
const NATIVE: &str = r#"
import json, os, sys
verdicts = {}
for problem in json.loads(sys.stdin.read()):
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        namespace = {"__name__": "__main__"}
        try:
            exec(compile(problem["code"], "<code>", "exec"), namespace)
            result = []
            for target in problem["targets"]:
                try:
                    exec(compile(target, "<test>", "exec"), namespace)
                    result.append(True)
                except BaseException:
                    result.append(False)
        except BaseException:
            result = None
        os.write(write, json.dumps(result).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        verdicts[problem["id"]] = json.loads(pipe.read() or b"null")
    os.wait()
print(json.dumps(verdicts))
"#;

struct Problem {
    id: u64,
    code: String,
    targets: Vec<String>,
}

/// Problems whose canonical solution fails its own tests natively.
const FAIL_NATIVELY: &[u64] = &[341, 596, 642];

/// All 974 problems, in file order.
fn problems() -> Vec<Problem> {
    common::data::lines("mbpp.jsonl.gz")
        .into_iter()
        .map(|row| {
            let setup = row["test_setup_code"].as_str().unwrap();
            let targets = row["test_list"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    let t = t.as_str().unwrap();
                    if setup.trim().is_empty() {
                        t.to_string()
                    } else {
                        format!("{setup}\n{t}")
                    }
                })
                .collect();
            Problem {
                id: row["task_id"].as_u64().unwrap(),
                code: row["code"].as_str().unwrap().to_string(),
                targets,
            }
        })
        .collect()
}

/// Each problem's assertion verdicts in native CPython (`None`: its code
/// itself raised).
fn native(problems: &[Problem]) -> BTreeMap<u64, Option<Vec<bool>>> {
    let input: Vec<serde_json::Value> = problems
        .iter()
        .map(|p| serde_json::json!({"id": p.id.to_string(), "code": p.code, "targets": p.targets}))
        .collect();
    let verdicts: BTreeMap<String, Option<Vec<bool>>> = common::python3_json(NATIVE, &input);
    verdicts
        .into_iter()
        .map(|(id, v)| (id.parse().unwrap(), v))
        .collect()
}

#[test]
fn canonical_solutions_agree_with_native_cpython() {
    let all = problems();
    assert_eq!(all.len(), 974);
    let always: Vec<String> = FAIL_NATIVELY
        .iter()
        .chain(CANNOT_AGREE.iter().map(|(id, _)| id))
        .map(u64::to_string)
        .collect();
    let always: Vec<&str> = always.iter().map(String::as_str).collect();
    let problems: Vec<Problem> = all
        .into_iter()
        .filter(|p| common::data::sampled(&p.id.to_string(), &always))
        .collect();
    let native = native(&problems);
    let failing: Vec<u64> = native
        .iter()
        .filter(|(_, v)| !v.as_ref().is_some_and(|t| t.iter().all(|&p| p)))
        .map(|(id, _)| *id)
        .collect();
    // Three canonical solutions fail their own tests natively (341, 596's
    // `sys.getsizeof`, 642).
    assert_eq!(failing, FAIL_NATIVELY, "native CPython's verdicts changed");
    // The longest (MBPP/123) takes about 2.5 native seconds on the
    // reference machine: every problem gets the most time a task may have.
    let tasks = problems
        .iter()
        .map(|p| {
            let targets: Vec<&str> = p.targets.iter().map(String::as_str).collect();
            common::code_task(&format!("mbpp/{}", p.id), &p.code, &targets, 30.0)
        })
        .collect();
    let envelopes = common::score_all(tasks);
    let mut disagree = Vec::new();
    for (problem, envelope) in problems.iter().zip(&envelopes) {
        let ours: Vec<bool> = envelope.targets.iter().map(|t| t.passed).collect();
        let theirs = native[&problem.id].clone();
        let same = match &theirs {
            Some(verdicts) => *verdicts == ours,
            // The code itself raised natively: no assertion can pass here.
            None => envelope.passed == 0,
        };
        if !same {
            disagree.push((
                problem.id,
                format!(
                    "MBPP/{}: native {theirs:?}, wasmeval {ours:?} ({:?}: {})",
                    problem.id,
                    envelope.outcome,
                    envelope.detail.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    common::data::report(
        "MBPP canonical solutions",
        "native CPython",
        problems.len() - disagree.len(),
        problems.len(),
    );
    let ids: Vec<u64> = disagree.iter().map(|(id, _)| *id).collect();
    let known: Vec<u64> = CANNOT_AGREE.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        ids,
        known,
        "verdicts that differ from native CPython's:\n{}",
        disagree
            .iter()
            .map(|(_, line)| line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
