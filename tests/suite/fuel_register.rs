//! The vendored Cranelift translator keeps the fuel counter in the pinned
//! register (vendor/README.md, `wasmtime-pinned-fuel.patch`), and the
//! vendored code generator adds to it in one instruction on x86-64
//! (`cranelift-codegen-pinned-add.patch`). These tests
//! run the same module on wasmeval's engine and on an engine with upstream's
//! fuel code (the same settings without `enable_pinned_reg`) and require
//! the same fuel everywhere the host can see it: during host calls, after
//! nested calls back into Wasm, after host-raised traps and after running
//! out of fuel. Verdicts and budgets depend on those numbers being
//! upstream's.

use wasmtime::{
    Caller, Config, Engine, Instance, Linker, Module, OptLevel, Store, Trap, TypedFunc, WasmParams,
    WasmResults,
};

/// Direct and indirect calls, loops, recursion, host calls that read and
/// charge fuel, and a host call that calls back into the module.
const MODULE: &str = r#"
(module
  (import "host" "read_fuel" (func $read_fuel (result i64)))
  (import "host" "charge" (func $charge (param i64)))
  (import "host" "reenter" (func $reenter (param i32) (result i32)))
  (import "host" "fail" (func $fail))
  (type $unary (func (param i32) (result i32)))
  (memory 1)
  (table 2 funcref)
  (elem (i32.const 0) $fib $sum)

  (func $fib (export "fib") (param $n i32) (result i32)
    (if (result i32) (i32.lt_s (local.get $n) (i32.const 2))
      (then (local.get $n))
      (else (i32.add
        (call $fib (i32.sub (local.get $n) (i32.const 1)))
        (call $fib (i32.sub (local.get $n) (i32.const 2)))))))

  (func $sum (param $n i32) (result i32)
    (local $acc i32)
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $n)))
        (local.set $acc (i32.add (local.get $acc) (local.get $n)))
        (local.set $n (i32.sub (local.get $n) (i32.const 1)))
        (br $next)))
    (local.get $acc))

  ;; One basic block of 144 operators: an increment too large for an 8-bit
  ;; immediate (the x64 code generator's one-instruction add to the
  ;; register has two encodings).
  (func $long (param $x i64) (result i64)
    LONG_BLOCK
    (local.get $x))

  ;; Runs `rounds` rounds of mixed work; returns a checksum.
  (func (export "work") (param $rounds i32) (result i64)
    (local $acc i64)
    (block $done
      (loop $round
        (br_if $done (i32.eqz (local.get $rounds)))
        (local.set $acc (i64.add (local.get $acc)
          (i64.extend_i32_s (call $fib (i32.const 12)))))
        (local.set $acc (i64.add (local.get $acc)
          (i64.extend_i32_s (call_indirect (type $unary)
            (local.get $rounds) (i32.and (local.get $rounds) (i32.const 1))))))
        (local.set $acc (i64.add (local.get $acc) (call $read_fuel)))
        (local.set $acc (call $long (local.get $acc)))
        (local.set $acc (i64.add (local.get $acc) (call $read_fuel)))
        (call $charge (i64.extend_i32_u (local.get $rounds)))
        (local.set $acc (i64.add (local.get $acc)
          (i64.extend_i32_s (call $reenter (i32.const 10)))))
        (local.set $acc (i64.add (local.get $acc) (call $read_fuel)))
        (local.set $rounds (i32.sub (local.get $rounds) (i32.const 1)))
        (br $round)))
    (local.get $acc))

  ;; Some work, a charge, then a trap raised by the host.
  (func (export "charge_then_fail") (param $n i32)
    (drop (call $fib (local.get $n)))
    (call $charge (i64.const 1000))
    (call $fail))

  ;; Some work, then an out-of-bounds load: a fault.
  (func (export "work_then_fault") (param $n i32) (result i32)
    (drop (call $fib (local.get $n)))
    (i32.load (i32.const -4)))

  ;; Recursion with no base case: a stack overflow.
  (func $deep (export "deep") (param $n i32) (result i32)
    (i32.add (call $deep (i32.add (local.get $n) (i32.const 1))) (i32.const 1)))

  ;; Runs until the fuel runs out.
  (func (export "spin")
    (loop $forever (br $forever)))
)
"#;

/// `MODULE` with `$long`'s block: 36 statements of 4 operators.
fn module() -> String {
    MODULE.replace(
        "LONG_BLOCK",
        &"(local.set $x (i64.add (local.get $x) (i64.const 3)))\n".repeat(36),
    )
}

const FUEL: u64 = 1 << 40;

/// What the host saw: the fuel left at each `read_fuel`.
#[derive(Default)]
struct Seen {
    fuel: Vec<u64>,
    instance: Option<Instance>,
}

fn upstream_engine() -> Engine {
    let mut config = Config::new();
    config.consume_fuel(true);
    config.cranelift_opt_level(OptLevel::Speed);
    Engine::new(&config).unwrap()
}

fn wasmeval_engine() -> Engine {
    wasmeval::engine::new_engine_with(4, 1 << 20).unwrap()
}

fn instantiate(engine: &Engine) -> Store<Seen> {
    let module = Module::new(engine, wat::parse_str(module()).unwrap()).unwrap();
    let mut linker = Linker::<Seen>::new(engine);
    linker
        .func_wrap("host", "read_fuel", |mut caller: Caller<'_, Seen>| {
            let left = caller.get_fuel().unwrap();
            caller.data_mut().fuel.push(left);
            left as i64
        })
        .unwrap()
        .func_wrap(
            "host",
            "charge",
            |mut caller: Caller<'_, Seen>, amount: i64| {
                let left = caller.get_fuel().unwrap();
                caller.set_fuel(left - amount as u64).unwrap();
            },
        )
        .unwrap()
        .func_wrap(
            "host",
            "reenter",
            |mut caller: Caller<'_, Seen>, n: i32| -> wasmtime::Result<i32> {
                let instance = caller.data().instance.unwrap();
                let fib = instance.get_typed_func::<i32, i32>(&mut caller, "fib")?;
                let before = caller.get_fuel().unwrap();
                let result = fib.call(&mut caller, n)?;
                let after = caller.get_fuel().unwrap();
                caller.data_mut().fuel.extend([before, after]);
                Ok(result)
            },
        )
        .unwrap()
        .func_wrap("host", "fail", || -> wasmtime::Result<()> {
            Err(wasmtime::format_err!("the host refuses"))
        })
        .unwrap();
    let mut store = Store::new(engine, Seen::default());
    store.set_fuel(FUEL).unwrap();
    let instance = linker.instantiate(&mut store, &module).unwrap();
    store.data_mut().instance = Some(instance);
    store
}

/// The module's export `name`, typed.
fn export<P: WasmParams, R: WasmResults>(store: &mut Store<Seen>, name: &str) -> TypedFunc<P, R> {
    let instance = store.data().instance.unwrap();
    instance.get_typed_func(store, name).unwrap()
}

/// `err` is the trap `trap`.
fn expect_trap(err: &wasmtime::Error, trap: Trap) {
    assert_eq!(err.downcast_ref::<Trap>(), Some(&trap), "{err:?}");
}

/// Runs `work`: its checksum, the fuel left after it and what the host saw.
fn work(engine: &Engine, rounds: i32) -> (i64, u64, Vec<u64>) {
    let mut store = instantiate(engine);
    let work = export::<i32, i64>(&mut store, "work");
    let checksum = work.call(&mut store, rounds).unwrap();
    let left = store.get_fuel().unwrap();
    (checksum, left, std::mem::take(&mut store.data_mut().fuel))
}

#[test]
fn fuel_in_the_pinned_register_is_upstreams_fuel_at_every_host_call() {
    let (upstream, ours) = (upstream_engine(), wasmeval_engine());
    let expected = work(&upstream, 40);
    let got = work(&ours, 40);
    // 40 rounds, each with 3 reads and a re-entry seen twice.
    assert_eq!(expected.2.len(), 200);
    assert!(expected.1 < FUEL - 40 * 1000, "the work consumed fuel");
    assert_eq!(got, expected);
    // The same store, called again: the counter is reloaded on entry.
    let mut store = instantiate(&ours);
    let work = export::<i32, i64>(&mut store, "work");
    work.call(&mut store, 3).unwrap();
    let after_one = store.get_fuel().unwrap();
    work.call(&mut store, 3).unwrap();
    let second = after_one - store.get_fuel().unwrap();
    assert_eq!(FUEL - after_one, second, "two equal calls cost the same");
}

#[test]
fn a_trap_raised_by_the_host_keeps_the_fuel_the_host_charged() {
    let left = |engine: &Engine| {
        let mut store = instantiate(engine);
        let run = export::<i32, ()>(&mut store, "charge_then_fail");
        let err = run.call(&mut store, 15).unwrap_err();
        assert!(format!("{err:?}").contains("the host refuses"), "{err:?}");
        store.get_fuel().unwrap()
    };
    let expected = left(&upstream_engine());
    assert!(expected < FUEL - 1000);
    assert_eq!(left(&wasmeval_engine()), expected);
}

#[test]
fn running_out_of_fuel_stops_at_the_same_point_and_traps_the_same_way() {
    let stop = |engine: &Engine, fuel: u64| {
        let mut store = instantiate(engine);
        store.set_fuel(fuel).unwrap();
        let spin = export::<(), ()>(&mut store, "spin");
        let err = spin.call(&mut store, ()).unwrap_err();
        expect_trap(&err, Trap::OutOfFuel);
        // The instance is still usable and charges the same for `fib`.
        store.set_fuel(FUEL).unwrap();
        let fib = export::<i32, i32>(&mut store, "fib");
        assert_eq!(fib.call(&mut store, 15).unwrap(), 610);
        FUEL - store.get_fuel().unwrap()
    };
    let (upstream, ours) = (upstream_engine(), wasmeval_engine());
    for fuel in [0, 1, 1_000, 123_457] {
        assert_eq!(stop(&ours, fuel), stop(&upstream, fuel), "budget {fuel}");
    }
}

/// Runs export `name(arg)`, which must end in `trap`: the fuel it consumed.
fn consumed_until(engine: &Engine, name: &str, arg: i32, trap: Trap) -> u64 {
    // A synchronous call runs on the calling thread's stack, and wasmeval's
    // engine lets Wasm use `WASM_STACK_BYTES` of it (the sandbox itself runs
    // guests on fibers of that size): the test's own thread is too small.
    let (engine, name) = (engine.clone(), name.to_owned());
    std::thread::Builder::new()
        .stack_size(wasmeval::engine::WASM_STACK_BYTES + (8 << 20))
        .spawn(move || {
            let mut store = instantiate(&engine);
            let run = export::<i32, i32>(&mut store, &name);
            let err = run.call(&mut store, arg).unwrap_err();
            expect_trap(&err, trap);
            FUEL - store.get_fuel().unwrap()
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn after_a_fault_the_fuel_consumed_is_counted() {
    let (upstream, ours) = (upstream_engine(), wasmeval_engine());
    // A fault leaves no chance to store the counter: upstream's count stops
    // at the last call or return, the patch's at the last function entry,
    // within a call's work of each other.
    let fault = |engine| consumed_until(engine, "work_then_fault", 18, Trap::MemoryOutOfBounds);
    let (expected, got) = (fault(&upstream), fault(&ours));
    assert!(expected > 50_000, "{expected}");
    assert!(
        got.abs_diff(expected) <= 16,
        "upstream {expected}, patched {got}"
    );
    // A stack overflow: how deep the stack goes depends on frame sizes,
    // which the register allocator decides, but every frame is counted
    // (each costs a few units of fuel).
    let depth_fuel = consumed_until(&ours, "deep", 0, Trap::StackOverflow);
    assert!(depth_fuel > 20_000, "{depth_fuel}");
}

/// Runs `spin` as the sandbox does, on a fiber that yields to the host
/// every `slice` of fuel: how many times it yielded before the fuel ran out.
fn yields_until_out_of_fuel(engine: &Engine, fuel: u64, slice: u64) -> usize {
    use std::future::Future;
    use std::task::{Context, Poll};
    let mut store = instantiate(engine);
    store.set_fuel(fuel).unwrap();
    store.fuel_async_yield_interval(Some(slice)).unwrap();
    let spin = export::<(), ()>(&mut store, "spin");
    let mut call = Box::pin(spin.call_async(&mut store, ()));
    let waker = futures::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    let mut yields = 0;
    let err = loop {
        match call.as_mut().poll(&mut cx) {
            Poll::Ready(result) => break result.unwrap_err(),
            Poll::Pending => yields += 1,
        }
    };
    expect_trap(&err, Trap::OutOfFuel);
    yields
}

#[test]
fn a_spinning_guest_yields_to_the_host_at_every_slice() {
    // The sandbox's wall-clock backstop, cancellation and the scheduler all
    // rely on these yields.
    let expected = yields_until_out_of_fuel(&upstream_engine(), 1_000_000, 10_000);
    assert!(expected >= 90, "{expected}");
    assert_eq!(
        yields_until_out_of_fuel(&wasmeval_engine(), 1_000_000, 10_000),
        expected
    );
}
