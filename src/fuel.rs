//! The one place that maps seconds to fuel and to the wall-clock backstop.
//!
//! Fuel is wasmtime's deterministic instruction budget: the same candidate
//! burns the same fuel on any machine under any load, so a budget expressed
//! in fuel gives the same verdict everywhere. Users think in seconds, so a
//! timeout in seconds is converted here, and nowhere else.

use std::time::Duration;

/// Fuel units that stand for one second of guest CPU time.
///
/// Measured on the reference machine (2-core x86_64, wasmtime 48, CPython
/// 3.12 WASI): CPU-bound Python (loops, recursion, dicts, strings) burns
/// 5.5e9 to 6.4e9 fuel per second of wall time. Note that CPython in wasm
/// runs such code several times slower than native CPython, so "3 s" here
/// is 3 s of *wasm* CPU. Changing this constant changes verdicts near the
/// time limit, so it is part of what makes a result reproducible.
pub const FUEL_PER_SECOND: u64 = 6_000_000_000;

/// Fuel granted on top of the task's budget for starting the interpreter and
/// the harness (CPython's start-up alone costs ~2.5e8), so that a task's
/// `timeout_s` is time for the candidate and its targets.
pub const STARTUP_FUEL: u64 = 1_000_000_000;

/// Default per-task timeout in seconds.
pub const DEFAULT_TIMEOUT_S: f64 = 3.0;

/// Largest timeout a task may ask for; larger values are clamped.
pub const MAX_TIMEOUT_S: f64 = 30.0;

/// Clamp a requested timeout to (0, MAX_TIMEOUT_S]; non-finite or
/// non-positive values fall back to the default.
pub fn clamp_timeout(seconds: f64) -> f64 {
    if !seconds.is_finite() || seconds <= 0.0 {
        DEFAULT_TIMEOUT_S
    } else {
        seconds.min(MAX_TIMEOUT_S)
    }
}

/// Total fuel for one run with a timeout of `seconds` (start-up included).
pub fn budget(seconds: f64) -> u64 {
    STARTUP_FUEL + (clamp_timeout(seconds) * FUEL_PER_SECOND as f64) as u64
}

/// Wall-clock backstop for a run with a timeout of `seconds`.
///
/// Fuel decides timeouts, sleeps included (they are virtual, see
/// [`crate::clock`]); the backstop only guards against a host bug or a
/// machine so slow that the budget would take far longer than asked. It is
/// generous so that it never fires before fuel would on a loaded machine,
/// even for code that burns fuel slowly (a loop around a host call such as
/// reading the clock runs ~3x fewer fuel units per second than plain code).
pub fn wall_backstop(seconds: f64) -> Duration {
    Duration::from_secs_f64(clamp_timeout(seconds) * 10.0 + 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_are_clamped() {
        assert_eq!(clamp_timeout(100.0), MAX_TIMEOUT_S);
        assert_eq!(clamp_timeout(-1.0), DEFAULT_TIMEOUT_S);
        assert_eq!(clamp_timeout(f64::NAN), DEFAULT_TIMEOUT_S);
        assert_eq!(clamp_timeout(1.5), 1.5);
    }

    #[test]
    fn budget_grows_with_seconds() {
        assert_eq!(budget(1.0), STARTUP_FUEL + FUEL_PER_SECOND);
        assert!(budget(2.0) > budget(1.0));
        assert_eq!(budget(1000.0), budget(MAX_TIMEOUT_S));
    }
}
