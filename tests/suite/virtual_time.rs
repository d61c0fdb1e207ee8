//! Virtual time: clocks start at a fixed epoch and follow fuel; sleeping
//! costs fuel, not real time. Everything is asserted on fuel, which is
//! deterministic, never on wall time, which a loaded machine stretches.

use crate::common;

use common::code_task;
use wasmeval::fuel::{JAVASCRIPT, PYTHON};
use wasmeval::outcome::Outcome;

#[test]
fn virtual_clock_starts_at_a_fixed_epoch_and_follows_fuel() {
    let env = common::score(code_task(
        "clock",
        "import time\nt0 = time.time()\nprint(int(t0))\nx = 0\nfor i in range(200000):\n    x += i\nprint(round(time.time() - t0, 6) > 0)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    let lines: Vec<&str> = env.stdout.lines().collect();
    assert_eq!(lines[0], "1704067200", "2024-01-01T00:00:00Z plus start-up");
    assert_eq!(lines[1], "True");
}

#[test]
fn sleeping_costs_fuel_not_time() {
    let env = common::score(code_task(
        "sleep-20",
        "import time\nt = time.time()\nfor _ in range(20):\n    time.sleep(1)\nelapsed = time.time() - t",
        &["assert 20 <= elapsed < 20.1"],
        30.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    // The 20 s were paid in fuel at once (plus a little for the loop), and
    // no wall-clock backstop had to step in.
    let slept = 20 * PYTHON.per_second;
    assert!(
        env.fuel_used >= slept && env.fuel_used < slept + PYTHON.per_second / 100,
        "fuel {} for 20 s of sleep",
        env.fuel_used
    );

    let env = common::score(code_task(
        "sleep-100",
        "import time\ntime.sleep(100)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Timeout, "{env:?}");
    assert_eq!(env.error_kind, None, "decided by fuel, not the backstop");
    // The sleep asked for more than the budget: it took all of it at once.
    assert_eq!(env.fuel_used, PYTHON.budget(3.0));
}

#[test]
fn javascript_sees_the_same_virtual_clock() {
    let env = common::score(common::lang_task(
        wasmeval::language::Language::JavaScript,
        "js-clock",
        "const t0 = Date.now(); console.log(new Date(t0).toISOString().slice(0, 10));\n\
         async function f() { await new Promise((r) => setTimeout(r, 5000)); return Date.now() - t0 }",
        // (Timers count from the event loop's cached time, as in Node, which
        // is a few ms older than `t0`.)
        &["(async () => { const d = await f(); assert.ok(d >= 4990 && d < 5100, String(d)) })()"],
        10.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    assert_eq!(env.stdout, "2024-01-01\n");
    let waited = 5 * JAVASCRIPT.per_second;
    assert!(
        env.fuel_used >= waited && env.fuel_used < waited + JAVASCRIPT.per_second / 10,
        "fuel {} for 5 s of setTimeout",
        env.fuel_used
    );
}
