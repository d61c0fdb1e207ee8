//! In a module whose startup runs element segments, the vendored wasmtime
//! writes every escaping defined function's funcref in one host pass, and
//! the vendored translator compiles that startup's `ref.func` of such a
//! function to its address in the vmctx instead of a libcall
//! (vendor/README.md, `wasmtime-funcref.patch`). These tests build
//! what componentize-py's libraries look like (a table imported from another
//! instance, filled by active segments at an imported offset) plus the
//! other ways a funcref is made (`ref.func` in a body, passive segments,
//! declared functions, exports, the host reading the table), with two
//! instances of the same module in one store, and check that every
//! reference calls the right function of the right instance, on wasmeval's
//! pooling engine, store after store (pooled slots are reused).

use wasmtime::{Engine, Instance, Linker, Module, Store, Val};

/// Defines the table the libraries fill, and calls through it.
const MAIN: &str = r#"
(module
  (type $t (func (result i32)))
  (table (export "table") 8 funcref)
  (func (export "seven") (result i32) (i32.const 7))
  (func (export "call") (param i32) (result i32)
    (call_indirect (type $t) (local.get 0))))
"#;

/// Like a shared library: its table and table base are imported; each
/// function answers its instance's id plus a constant of its own.
const LIB: &str = r#"
(module
  (type $t (func (result i32)))
  (import "env" "table" (table 8 funcref))
  (import "env" "base" (global $base i32))
  (import "env" "seven" (func $seven (result i32)))
  (global $id (mut i32) (i32.const 0))
  (elem (global.get $base) func $a $b)
  (elem $passive func $c $seven)
  (elem declare func $d)
  (func (export "set_id") (param i32) (global.set $id (local.get 0)))
  (func $a (export "a") (result i32) (i32.add (global.get $id) (i32.const 100)))
  (func $b (result i32) (i32.add (global.get $id) (i32.const 200)))
  (func $c (result i32) (i32.add (global.get $id) (i32.const 300)))
  (func $d (result i32) (i32.add (global.get $id) (i32.const 400)))
  (func (export "store_d") (param i32)
    (table.set (local.get 0) (ref.func $d)))
  (func (export "store_seven") (param i32)
    (table.set (local.get 0) (ref.func $seven)))
  (func (export "init_passive") (param i32)
    (table.init $passive (local.get 0) (i32.const 0) (i32.const 2)))
  (func (export "is_null") (param i32) (result i32)
    (ref.is_null (table.get (local.get 0)))))
"#;

fn call(store: &mut Store<()>, instance: Instance, name: &str, arg: i32) -> i32 {
    instance
        .get_typed_func::<i32, i32>(&mut *store, name)
        .unwrap()
        .call(store, arg)
        .unwrap()
}

fn set(store: &mut Store<()>, instance: Instance, name: &str, arg: i32) {
    instance
        .get_typed_func::<i32, ()>(&mut *store, name)
        .unwrap()
        .call(store, arg)
        .unwrap()
}

/// One store: `main`, and two instances of `LIB` at table bases 0 and 2,
/// with ids `first` and `second`. Returns what each slot of the table
/// answers after both libraries stored more references into it.
fn round(engine: &Engine, main: &Module, lib: &Module, first: i32, second: i32) -> Vec<i32> {
    let mut store = Store::new(engine, ());
    store.set_fuel(u64::MAX).unwrap();
    let main_instance = Linker::new(engine).instantiate(&mut store, main).unwrap();
    let mut libs = Vec::new();
    for (base, id) in [(0, first), (2, second)] {
        let base = wasmtime::Global::new(
            &mut store,
            wasmtime::GlobalType::new(wasmtime::ValType::I32, wasmtime::Mutability::Const),
            Val::I32(base),
        )
        .unwrap();
        let mut linker = Linker::new(engine);
        linker
            .instance(&mut store, "env", main_instance)
            .unwrap()
            .define(&mut store, "env", "base", base)
            .unwrap();
        let instance = linker.instantiate(&mut store, lib).unwrap();
        set(&mut store, instance, "set_id", id);
        libs.push(instance);
    }
    let (one, two) = (libs[0], libs[1]);
    // Exports called from the host reach their own instance.
    assert_eq!(call0(&mut store, one, "a"), first + 100);
    assert_eq!(call0(&mut store, two, "a"), second + 100);
    // Slots 4..8 are empty until the libraries fill them.
    assert_eq!(call(&mut store, one, "is_null", 4), 1);
    set(&mut store, one, "store_d", 4);
    set(&mut store, two, "store_d", 5);
    set(&mut store, two, "init_passive", 6);
    assert_eq!(call(&mut store, one, "is_null", 4), 0);
    let answers: Vec<i32> = (0..8)
        .map(|slot| call(&mut store, main_instance, "call", slot))
        .collect();
    // The host reading the table gets the same functions.
    let table = main_instance.get_table(&mut store, "table").unwrap();
    for (slot, answer) in answers.iter().enumerate() {
        let func = table
            .get(&mut store, slot as u64)
            .unwrap()
            .unwrap_func()
            .copied()
            .expect("every slot is filled");
        let got = func
            .typed::<(), i32>(&store)
            .unwrap()
            .call(&mut store, ())
            .unwrap();
        assert_eq!(got, *answer, "slot {slot} read by the host");
    }
    // A reference to an imported function is the exporter's.
    set(&mut store, one, "store_seven", 4);
    assert_eq!(call(&mut store, main_instance, "call", 4), 7);
    answers
}

fn call0(store: &mut Store<()>, instance: Instance, name: &str) -> i32 {
    instance
        .get_typed_func::<(), i32>(&mut *store, name)
        .unwrap()
        .call(store, ())
        .unwrap()
}

#[test]
fn every_funcref_calls_its_own_function_in_its_own_instance() {
    let engine = wasmeval::engine::new_engine_with(4, 1 << 20).unwrap();
    let main = Module::new(&engine, wat::parse_str(MAIN).unwrap()).unwrap();
    let lib = Module::new(&engine, wat::parse_str(LIB).unwrap()).unwrap();
    for (first, second) in [(1, 2), (30, 40), (5, 6)] {
        assert_eq!(
            round(&engine, &main, &lib, first, second),
            [
                first + 100,  // $a of the first library, from its active segment
                first + 200,  // $b
                second + 100, // the second library's, at its own base
                second + 200,
                first + 400, // `ref.func $d` in the first library's body
                second + 400,
                second + 300, // its passive segment, by `table.init`
                7,            // and the imported function in that segment
            ],
            "ids {first} and {second}"
        );
    }
}
