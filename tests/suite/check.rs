//! Static evaluators with the real, pinned pyright, mypy and ty, installed
//! by the same documented command users run: `wasmeval checkers install`.

use crate::common;

use serde_json::Value;
use std::process::Command;
use std::sync::OnceLock;
use wasmeval::check::{Checker, Evaluator, EvaluatorResult, Toolbox};
use wasmeval::extract::{LlmConfig, Strategy};
use wasmeval::install::Cache;

fn toolbox() -> Toolbox {
    static READY: OnceLock<()> = OnceLock::new();
    let cache = Cache::locate(Some(&common::cache_dir())).unwrap();
    let toolbox = Toolbox::new(&cache);
    READY.get_or_init(|| {
        if Checker::ALL.iter().all(|c| toolbox.executable(*c).is_ok()) {
            return;
        }
        let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .args(["checkers", "install", "--cache-dir"])
            .arg(common::cache_dir())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "`wasmeval checkers install` failed (needs python3 with venv for mypy and npm for pyright):\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    });
    toolbox
}

fn evaluator(checker: Checker) -> Evaluator {
    Evaluator::builder(checker).build(&toolbox()).unwrap()
}

fn diagnostics(result: &EvaluatorResult) -> Vec<Value> {
    serde_json::from_str::<Vec<Value>>(result.comment.as_deref().unwrap()).unwrap()
}

fn rules(result: &EvaluatorResult) -> Vec<String> {
    diagnostics(result)
        .iter()
        .map(|d| d["rule"].as_str().unwrap_or("").to_string())
        .collect()
}

const CORRECT: &str = "```python\nfrom typing import List\n\n\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n\n\nprint(total([1, 2]))\n```";
const WRONG_RETURN: &str = "```python\ndef f(x: int) -> int:\n    return \"not an int\"\n```";
const UNDEFINED: &str = "```python\ndef g(x: int) -> int:\n    return x + undefined_name\n```";
const MISSING_IMPORT: &str =
    "```python\nimport some_package_that_is_not_installed\n\n\ndef h() -> int:\n    return 1\n```";

#[test]
fn a_correct_annotated_function_passes_all_three() {
    for checker in Checker::ALL {
        let result = evaluator(checker).check(CORRECT);
        assert_eq!(result.key, format!("{}_succeeded", checker.name()));
        assert!(result.score, "{checker:?}: {result:?}");
        assert_eq!(result.comment.as_deref(), Some("[]"));
        assert_eq!(result.metadata, None);
    }
}

#[test]
fn wrong_return_type_and_undefined_names_fail_with_their_rules() {
    let expected = [
        (
            Checker::Pyright,
            "reportReturnType",
            "reportUndefinedVariable",
        ),
        (Checker::Mypy, "return-value", "name-defined"),
        (Checker::Ty, "return", "unresolved-reference"),
    ];
    for (checker, return_rule, undefined_rule) in expected {
        let e = evaluator(checker);
        let result = e.check(WRONG_RETURN);
        assert!(!result.score, "{checker:?}: {result:?}");
        assert!(
            rules(&result).iter().any(|r| r.contains(return_rule)),
            "{checker:?}: {:?}",
            rules(&result)
        );
        let d = &diagnostics(&result)[0];
        assert_eq!(d["severity"], "error");
        assert_eq!(d["range"]["start"]["line"], 1, "0-based line of the return");
        assert!(
            !result.comment.as_deref().unwrap().contains("/tmp"),
            "no temporary path in the comment"
        );
        let result = e.check(UNDEFINED);
        assert!(!result.score, "{checker:?}: {result:?}");
        assert!(
            rules(&result).iter().any(|r| r == undefined_rule),
            "{checker:?}: {:?}",
            rules(&result)
        );
    }
}

#[test]
fn a_missing_third_party_import_is_not_an_error() {
    for checker in Checker::ALL {
        let result = evaluator(checker).check(MISSING_IMPORT);
        assert!(result.score, "{checker:?}: {result:?}");
    }
}

#[test]
fn prose_around_the_code_is_extracted_and_no_code_is_flagged() {
    let e = evaluator(Checker::Pyright);
    let with_prose = format!(
        "Sure! Here it is:\n\n{WRONG_RETURN}\n\nRun it with `python f.py`.\n```bash\npython f.py\n```\n"
    );
    let result = e.check(&with_prose);
    assert!(!result.score);
    assert_eq!(rules(&result), ["reportReturnType"]);

    let result = e.check("I cannot write that function.");
    assert_eq!(
        result,
        EvaluatorResult {
            key: "pyright_succeeded".into(),
            score: false,
            comment: None,
            metadata: Some(serde_json::json!({"code_extraction_failed": true})),
        }
    );
    // The none strategy takes the text as code.
    let raw = Evaluator::builder(Checker::Pyright)
        .strategy(Strategy::None)
        .build(&toolbox())
        .unwrap();
    assert!(!raw.check("def f() -> int:\n    return 'x'\n").score);
}

#[test]
fn sync_async_and_batch_give_identical_results() {
    let outputs: Vec<String> = [
        CORRECT,
        WRONG_RETURN,
        UNDEFINED,
        MISSING_IMPORT,
        "no code here",
        // Samples that reach for each other's files by the names checkers
        // used to give them: in a batch they must see what they see alone.
        "```python\nfrom sample_0 import f\nfrom sample_1 import g\ndef h() -> int:\n    return f(1) + g(2)\n```",
        "```python\nimport sample_2\nx: int = sample_2.undefined_thing\n```",
        CORRECT,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for checker in Checker::ALL {
        let e = evaluator(checker);
        let one_by_one: Vec<EvaluatorResult> = outputs.iter().map(|o| e.check(o)).collect();
        let asynchronous: Vec<EvaluatorResult> = outputs
            .iter()
            .map(|o| runtime.block_on(e.check_async(o)))
            .collect();
        let batch = runtime.block_on(e.check_many(&outputs));
        assert_eq!(one_by_one, asynchronous, "{checker:?}");
        assert_eq!(one_by_one, batch, "{checker:?}");
    }
}

#[test]
fn an_llm_endpoint_needs_the_llm_strategy_and_missing_checkers_say_how_to_install() {
    let err = Evaluator::builder(Checker::Mypy)
        .llm(LlmConfig::default())
        .build(&toolbox())
        .err()
        .unwrap();
    assert!(err.to_string().contains("not llm"), "{err}");
    let empty = tempfile::tempdir().unwrap();
    let bare = Toolbox::new(&Cache::locate(Some(empty.path())).unwrap());
    let err = Evaluator::builder(Checker::Pyright)
        .build(&bare)
        .err()
        .unwrap();
    assert!(
        err.to_string().contains("wasmeval checkers install"),
        "{err}"
    );
}

#[test]
fn cli_checks_one_file_all_checkers_and_a_batch() {
    toolbox();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answer.md");
    std::fs::write(&file, WRONG_RETURN).unwrap();
    let cli = common::cli;
    let out = cli(&["check", "--checker", "mypy", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));
    let result: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (result["key"].as_str(), result["score"].as_bool()),
        (Some("mypy_succeeded"), Some(false))
    );

    let out = cli(&["check", "--all", file.to_str().unwrap()]);
    let keys: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["key"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        keys,
        ["pyright_succeeded", "mypy_succeeded", "ty_succeeded"]
    );

    // Extra checker arguments reach the checker.
    std::fs::write(&file, "```python\ndef f(x):\n    return x\n```").unwrap();
    assert_eq!(
        cli(&["check", "--checker", "mypy", file.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
    let strict = cli(&[
        "check",
        "--checker",
        "mypy",
        "--checker-arg=--disallow-untyped-defs",
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        strict.status.code(),
        Some(4),
        "{}",
        String::from_utf8_lossy(&strict.stdout)
    );

    let batch = dir.path().join("gens.jsonl");
    let lines: Vec<String> = [CORRECT, WRONG_RETURN, "prose only"]
        .iter()
        .enumerate()
        .map(|(i, o)| serde_json::json!({"id": i, "output": o}).to_string())
        .chain(["{broken".to_string()])
        .collect();
    std::fs::write(&batch, lines.join("\n") + "\n").unwrap();
    let out = cli(&[
        "check",
        "--checker",
        "pyright",
        "--batch",
        batch.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(4),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: Vec<Value> = std::fs::read_to_string(dir.path().join("gens_checks.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let scores: Vec<bool> = results
        .iter()
        .map(|r| r["score"].as_bool().unwrap())
        .collect();
    assert_eq!(scores, [true, false, false, false]);
    assert_eq!(results[2]["metadata"]["code_extraction_failed"], true);
    assert!(
        results[3]["comment"]
            .as_str()
            .unwrap()
            .starts_with("line 4:")
    );
}

#[test]
fn a_syntax_error_is_the_codes_error_for_every_checker() {
    // mypy exits 2 on a syntax error ("blocking"): still an ordinary
    // failing check with its diagnostic, never a checker failure.
    for checker in Checker::ALL {
        let result = evaluator(checker).check("```python\ndef f(:\n    pass\n```");
        assert!(!result.score, "{checker:?}: {result:?}");
        assert_eq!(
            result.metadata, None,
            "{checker:?}: not internal: {result:?}"
        );
        let found = diagnostics(&result);
        assert!(!found.is_empty(), "{checker:?}: {result:?}");
        assert_eq!(
            found[0]["range"]["start"]["line"], 0,
            "{checker:?}: {result:?}"
        );
    }
}
