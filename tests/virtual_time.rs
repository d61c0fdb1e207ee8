//! Virtual time: clocks start at a fixed epoch and follow fuel; sleeping
//! costs fuel, not real time.

mod common;

use common::code_task;
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
    assert!(env.wall_ms < 1000, "20 s of sleep took {} ms", env.wall_ms);

    let env = common::score(code_task(
        "sleep-100",
        "import time\ntime.sleep(100)",
        &["assert True"],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Timeout, "{env:?}");
    assert_eq!(env.error_kind, None, "decided by fuel, not the backstop");
    assert!(env.wall_ms < 1000, "100 s of sleep took {} ms", env.wall_ms);
}

#[test]
fn javascript_sees_the_same_virtual_clock() {
    let env = common::score(common::lang_task(
        wasmeval::runtime::Language::JavaScript,
        "js-clock",
        "const t0 = Date.now(); print(new Date(t0).toISOString().slice(0, 10));\n\
         async function f() { await new Promise((r) => setTimeout(r, 5000)); return Date.now() - t0 }",
        &["(async () => { const d = await f(); assert.ok(d >= 5000 && d < 5100, String(d)) })()"],
        10.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    assert_eq!(env.stdout, "2024-01-01\n");
    assert!(
        env.wall_ms < 1000,
        "5 s of setTimeout took {} ms",
        env.wall_ms
    );
}
