//! What compiling a Go program's module costs per candidate with each of
//! wasmtime's compilers: Winch (what the `go` runtime uses) against
//! Cranelift (what every other runtime's modules get), on the same linked
//! Go test binary, in this run. `scripts/bench-go` links the binary with
//! the wheel's native `go test -c` for wasip1 and passes its path.
//!
//! Run with `cargo bench --bench go_engines -- FILE.wasm [N]` (default N =
//! 5 compiles with each).

use std::time::{Duration, Instant};

fn median(mut walls: Vec<Duration>) -> Duration {
    walls.sort();
    walls[walls.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let path = args
        .next()
        .expect("usage: go_engines FILE.wasm [N] (a Go program linked for wasip1)");
    let runs: usize = args.next().map_or(5, |n| n.parse().expect("N is a count"));
    let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let winch = wasmeval::engine::winch_engine().unwrap();
    let cranelift = wasmeval::engine::new_engine_with(2, 1 << 30).unwrap();
    let mut rows = Vec::new();
    for (name, engine) in [("Winch", &winch), ("Cranelift", &cranelift)] {
        let walls: Vec<Duration> = (0..runs)
            .map(|_| {
                let started = Instant::now();
                wasmtime::Module::new(engine, &wasm).unwrap();
                started.elapsed()
            })
            .collect();
        rows.push((name, median(walls)));
    }
    println!(
        "compiling a {:.1} MB Go module ({} runs, median):",
        wasm.len() as f64 / 1e6,
        runs
    );
    for (name, wall) in &rows {
        println!("  {name:10} {:8.3} s", wall.as_secs_f64());
    }
    println!(
        "  Cranelift / Winch: {:.2}x",
        rows[1].1.as_secs_f64() / rows[0].1.as_secs_f64()
    );
}
