//! The README's library example: score a task, score many in input order,
//! run a program as a process would, and run the evaluation job of
//! `wasmeval eval` over a file. `cargo test` builds and runs it (see the
//! test at the end), so the README's code compiles and works.
//!
//! cargo run --example library

use wasmeval::job::{Job, RunOptions};
use wasmeval::outcome::Outcome;
use wasmeval::program::ProgramRun;
use wasmeval::service::Input;
use wasmeval::{Error, Service, Settings, install::Cache, task::Task};

fn main() -> anyhow::Result<()> {
    let service = Service::new(Cache::locate(None)?, Settings::default().with_jobs(2))?;

    // One task, from any thread.
    let task = Task::from_json(
        r#"{"code": "def add(a, b):\n    return a + b", "targets": ["assert add(1, 2) == 3"]}"#,
    )?;
    let envelope = service.score_blocking(&task);
    assert_eq!(envelope.outcome, Outcome::Pass);

    // Many tasks, stream in and stream out, in input order.
    let inputs = ["assert add(2, 2) == 4", "assert add(2, 2) == 5"].map(|target| Input {
        task: Task::from_json(&format!(
            r#"{{"code": "def add(a, b):\n    return a + b", "targets": [{target:?}]}}"#
        )),
        extra: target,
    });
    for (envelope, target) in service.evaluate_blocking(inputs.into_iter()) {
        println!("{target}: {}", envelope.outcome);
    }

    // A program run as a process would be (stdin, files, exit status), as
    // `/run_code` runs it; the errors say whose doing they are.
    let run = ProgramRun {
        code: "print(input()[::-1])".into(),
        stdin: "abc".into(),
        ..Default::default()
    };
    // (`service.run_program(...).await` from async code.)
    match service.run_program_blocking("python", run, 3.0, None) {
        Ok(result) => assert_eq!(result.stdout, "cba\n"),
        Err(Error::InvalidTask(why)) => anyhow::bail!("a wrong request: {why}"),
        Err(other) => return Err(other.into()),
    }

    // `wasmeval eval`'s job over a file: the same result lines as the CLI.
    let dir = tempfile::tempdir()?;
    let tasks = dir.path().join("tasks.jsonl");
    std::fs::write(
        &tasks,
        concat!(
            r#"{"id": "a", "code": "print(1)", "targets": ["assert True"]}"#,
            "\n",
            r#"{"id": "a", "code": "print(2)", "targets": ["assert False"]}"#,
            "\n"
        ),
    )?;
    let done = Job::tasks().run(&service, &tasks, &RunOptions::default())?;
    println!("{}\nresults: {}", done.summary.render(), done.out.display());
    assert_eq!(done.summary.count(Outcome::Pass), 1);
    Ok(())
}

#[test]
fn the_readme_example_runs() {
    // The suite's runtime cache when there is one (a fresh machine builds
    // the runtimes there once).
    if std::env::var_os("WASMEVAL_CACHE_DIR").is_none() {
        let cache =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tmp/wasmeval-cache");
        // SAFETY: set before any thread of this test binary reads it.
        unsafe { std::env::set_var("WASMEVAL_CACHE_DIR", cache) };
    }
    main().unwrap();
}
