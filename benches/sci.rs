//! The python-sci runtime: per-candidate wall time of a trivial task
//! (against the default Python runtime), and of a pandas groupby task and a
//! numpy matrix task, whose compute is compared with native CPython running
//! the same code with numpy and pandas (when the interpreter named by
//! `WASMEVAL_SCI_PYTHON`, else `python3`, has them). Everything is measured
//! in this run.
//!
//! Then what routing Python code to python-sci by its imports costs (#56):
//! a task that imports nothing of the kind, on a service that could route
//! it and on one that serves only `python` (nothing); a task that imports
//! numpy, routed from `python` and run on `python-sci` as asked (the same:
//! the cost is python-sci's own).
//!
//! Run with `scripts/bench-sci [N]` (default N = 30 runs of each).

mod common;

use common::{median_run, ms};

use std::process::Command;
use std::time::Duration;
use wasmeval::Service;
use wasmeval::executor::Settings;
use wasmeval::install::Cache;
use wasmeval::task::Task;

const PANDAS: (&str, &str) = (
    "import numpy as np, pandas as pd\n\
     rng = np.random.default_rng(0)\n\
     df = pd.DataFrame({'k': rng.integers(0, 100, 100_000), 'v': rng.random(100_000)})\n",
    "out = df.groupby('k')['v'].agg(['mean', 'std', 'count'])\nassert len(out) == 100\n",
);
const NUMPY: (&str, &str) = (
    "import numpy as np\na0 = np.arange(40_000, dtype=float).reshape(200, 200) / 4e4\n",
    "a = a0\nfor _ in range(20):\n    a = a @ a\n    a = a / a.max()\nassert a.shape == (200, 200)\n",
);

fn task(runtime: &str, code: &str, target: &str) -> Task {
    Task::from_value(&serde_json::json!({
        "id": "bench", "runtime": runtime, "code": code, "targets": [target],
        "metadata": {"timeout_s": 30},
    }))
    .expect("a valid task")
}

/// Native seconds per run of `work` after `setup` (median of `n`), in one
/// process of `python` with numpy and pandas; `None` if it has not them.
fn native(python: &str, (setup, work): (&str, &str), n: usize) -> Option<Duration> {
    let program = format!(
        "import time, statistics\nexec({setup:?})\nw = compile({work:?}, 'w', 'exec')\n\
         exec(w)\nt = []\nfor _ in range({n}):\n    s = time.perf_counter()\n    exec(w)\n    \
         t.append(time.perf_counter() - s)\nprint(statistics.median(t))\n"
    );
    let output = Command::new(python).args(["-c", &program]).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let seconds: f64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .ok()?;
    Some(Duration::from_secs_f64(seconds))
}

fn main() -> anyhow::Result<()> {
    // What the `wasmeval` binary does first (see its main).
    wasmeval::engine::tune_allocator();
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(30);
    let service = Service::new(Cache::locate(None)?, Settings::default().with_jobs(1))?;
    for runtime in ["python", "python-sci"] {
        service.prepare_blocking(runtime)?;
    }
    let trivial_code = "def add(a, b):\n    return a + b\n";
    let trivial_target = "assert add(1, 2) == 3";
    for runtime in ["python", "python-sci"] {
        median_run(&service, &task(runtime, trivial_code, trivial_target), 5);
    }
    let python = median_run(&service, &task("python", trivial_code, trivial_target), n);
    let sci = median_run(
        &service,
        &task("python-sci", trivial_code, trivial_target),
        n,
    );
    println!("python-sci, per candidate, one worker (median of {n}):");
    println!(
        "  trivial task, python-sci:                {:8.2} ms (target <= 15 ms)",
        ms(sci)
    );
    println!(
        "  trivial task, default python:            {:8.2} ms   ratio python-sci / python: {:.2}x",
        ms(python),
        sci.as_secs_f64() / python.as_secs_f64()
    );
    let interpreter = std::env::var("WASMEVAL_SCI_PYTHON").unwrap_or_else(|_| "python3".into());
    for (name, workload) in [("pandas groupby", PANDAS), ("numpy matmul", NUMPY)] {
        let code = format!(
            "{}\ndef work():\n    exec({:?}, globals())\n",
            workload.0, workload.1
        );
        let wall = median_run(&service, &task("python-sci", &code, "work()"), n);
        let compute = wall.saturating_sub(sci);
        print!(
            "  {name:15} task:                   {:8.2} ms   compute over start-up {:8.2} ms",
            ms(wall),
            ms(compute)
        );
        match native(&interpreter, workload, n) {
            Some(native) => println!(
                "   native {:7.2} ms   ratio {:.2}x",
                ms(native),
                compute.as_secs_f64() / native.as_secs_f64()
            ),
            None => {
                println!("   (native: {interpreter} has no numpy/pandas; set WASMEVAL_SCI_PYTHON)")
            }
        }
    }
    let python_only = Service::new(
        Cache::locate(None)?,
        Settings::default()
            .with_jobs(1)
            .with_allowed_runtimes(vec!["python".into()]),
    )?;
    python_only.prepare_blocking("python")?;
    let plain = task("python", trivial_code, trivial_target);
    median_run(&python_only, &plain, 5);
    let routable = median_run(&service, &plain, n);
    let unroutable = median_run(&python_only, &plain, n);
    let numpy_code = format!("import numpy as np\n{trivial_code}");
    let routed = median_run(&service, &task("python", &numpy_code, trivial_target), n);
    let asked = median_run(
        &service,
        &task("python-sci", &numpy_code, trivial_target),
        n,
    );
    println!("routing by imports (median of {n}):");
    println!(
        "  no numpy import, routing possible:       {:8.2} ms   ratio to python only: {:.2}x",
        ms(routable),
        routable.as_secs_f64() / unroutable.as_secs_f64()
    );
    println!(
        "  no numpy import, service of python only: {:8.2} ms",
        ms(unroutable)
    );
    println!(
        "  `import numpy` on python, routed:        {:8.2} ms   ratio to python-sci asked: {:.2}x, to plain python: {:.2}x",
        ms(routed),
        routed.as_secs_f64() / asked.as_secs_f64(),
        routed.as_secs_f64() / routable.as_secs_f64()
    );
    Ok(())
}
