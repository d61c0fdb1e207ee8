//! Virtual time: the guest's clocks run on fuel, not on the host's clock.
//!
//! The WASI clock functions are replaced (shadowed in the linker) so that:
//!
//! - both clocks start at a fixed epoch every run and advance with the fuel
//!   the guest has consumed, at the run's [`FuelRate`]: a loop that polls the
//!   clock sees time pass exactly as fast as its budget drains, on any
//!   machine under any load;
//! - a sleep (every blocking wait on a clock) charges the fuel of the time
//!   slept at once and returns without waiting in real time. Sleeping past
//!   the budget runs out of fuel: a `timeout` decided by fuel, in no real
//!   time.
//!
//! Preview 1 (`clock_time_get`, `clock_res_get`, `poll_oneoff`) and WASI 0.2
//! (`wasi:clocks/wall-clock`, `wasi:clocks/monotonic-clock`, whose
//! subscriptions return pollables that are ready at once) behave the same.
//! Nothing of the host's clock, time zone or load reaches the guest.

use crate::fuel::FuelRate;
use wasmtime::component::{Resource, ResourceTable};
use wasmtime::{AsContext, AsContextMut, Caller, Extern, Linker, Trap};
use wasmtime_wasi::p2::bindings::clocks::wall_clock::Datetime;

/// Wall-clock time every run starts at: 2024-01-01T00:00:00Z.
pub const EPOCH_NS: u64 = 1_704_067_200 * 1_000_000_000;

/// [`EPOCH_NS`] as a host time: the time of every file a runtime mounts
/// (see [`crate::install::settle_times`]).
pub fn epoch() -> std::time::SystemTime {
    std::time::UNIX_EPOCH + std::time::Duration::from_nanos(EPOCH_NS)
}
/// Monotonic time every run starts at (an arbitrary, fixed 1 s).
pub const MONOTONIC_START_NS: u64 = 1_000_000_000;

/// What the store data must offer: the run's total fuel budget and rate,
/// and (preview 1) the guest's exported memory, looked up once per run, not
/// once per call: a loop polling the clock makes millions of calls.
pub trait GuestClock {
    fn fuel_budget(&self) -> u64;
    fn rate(&self) -> FuelRate;
    fn memory(&self) -> Option<wasmtime::Memory> {
        None
    }
}

/// Nanoseconds of virtual time the guest has lived so far.
fn elapsed_ns<T: GuestClock + 'static>(store: impl AsContext<Data = T>) -> u64 {
    let store = store.as_context();
    let used = store
        .data()
        .fuel_budget()
        .saturating_sub(store.get_fuel().unwrap_or(0));
    store.data().rate().nanos(used)
}

/// Charge the fuel of `ns` nanoseconds of sleep; out of fuel is a trap.
fn sleep<T: GuestClock + 'static>(
    mut store: impl AsContextMut<Data = T>,
    ns: u64,
) -> wasmtime::Result<()> {
    let mut store = store.as_context_mut();
    let cost = store.data().rate().fuel_for_nanos(ns);
    let left = store.get_fuel()?;
    if cost > left {
        store.set_fuel(0)?;
        return Err(Trap::OutOfFuel.into());
    }
    store.set_fuel(left - cost)?;
    Ok(())
}

// ---- WASI preview 1 --------------------------------------------------------

const CLOCK_REALTIME: i32 = 0;
const CLOCK_MONOTONIC: i32 = 1;
const CLOCK_PROCESS_CPUTIME: i32 = 2;
const CLOCK_THREAD_CPUTIME: i32 = 3;
const ERRNO_SUCCESS: i32 = 0;
const ERRNO_FAULT: i32 = 21;
const ERRNO_INVAL: i32 = 28;
const EVENTTYPE_CLOCK: u8 = 0;
const SUBSCRIPTION_SIZE: usize = 48;
const EVENT_SIZE: usize = 32;
const ABSTIME: u16 = 1;

fn now_ns<T: GuestClock + 'static>(caller: &Caller<'_, T>, clock: i32) -> Option<u64> {
    let elapsed = elapsed_ns(caller);
    match clock {
        CLOCK_REALTIME => Some(EPOCH_NS + elapsed),
        CLOCK_MONOTONIC => Some(MONOTONIC_START_NS + elapsed),
        CLOCK_PROCESS_CPUTIME | CLOCK_THREAD_CPUTIME => Some(elapsed),
        _ => None,
    }
}

fn memory<T: GuestClock + 'static>(caller: &mut Caller<'_, T>) -> Option<wasmtime::Memory> {
    caller
        .data()
        .memory()
        .or_else(|| match caller.get_export("memory") {
            Some(Extern::Memory(memory)) => Some(memory),
            _ => None,
        })
}

fn read_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Replace WASI preview 1's clock functions in `linker` with virtual ones.
pub fn add_to_linker_p1<T: GuestClock + 'static>(linker: &mut Linker<T>) -> wasmtime::Result<()> {
    const WASI: &str = "wasi_snapshot_preview1";
    linker.allow_shadowing(true);
    linker.func_wrap(
        WASI,
        "clock_time_get",
        |mut caller: Caller<'_, T>, clock: i32, _precision: i64, out: i32| -> i32 {
            let Some(now) = now_ns(&caller, clock) else {
                return ERRNO_INVAL;
            };
            let Some(memory) = memory(&mut caller) else {
                return ERRNO_FAULT;
            };
            match memory.write(&mut caller, out as u32 as usize, &now.to_le_bytes()) {
                Ok(()) => ERRNO_SUCCESS,
                Err(_) => ERRNO_FAULT,
            }
        },
    )?;
    linker.func_wrap(
        WASI,
        "clock_res_get",
        |mut caller: Caller<'_, T>, clock: i32, out: i32| -> i32 {
            if now_ns(&caller, clock).is_none() {
                return ERRNO_INVAL;
            }
            let Some(memory) = memory(&mut caller) else {
                return ERRNO_FAULT;
            };
            match memory.write(&mut caller, out as u32 as usize, &1u64.to_le_bytes()) {
                Ok(()) => ERRNO_SUCCESS,
                Err(_) => ERRNO_FAULT,
            }
        },
    )?;
    linker.func_wrap(
        WASI,
        "poll_oneoff",
        |mut caller: Caller<'_, T>,
         subs: i32,
         events: i32,
         count: i32,
         nevents: i32|
         -> wasmtime::Result<i32> {
            poll_oneoff(
                &mut caller,
                subs as u32 as usize,
                events as u32 as usize,
                count as u32 as usize,
                nevents as u32 as usize,
            )
        },
    )?;
    linker.allow_shadowing(false);
    Ok(())
}

/// `poll_oneoff` over virtual time. File-descriptor subscriptions (the only
/// ones are the in-memory stdin/stdout/stderr) are ready at once; with none,
/// the guest sleeps until the earliest clock subscription, paying in fuel.
///
/// Every size the guest passes is checked against its memory before the
/// host allocates or reads anything.
fn poll_oneoff<T: GuestClock + 'static>(
    caller: &mut Caller<'_, T>,
    subs: usize,
    events: usize,
    count: usize,
    nevents: usize,
) -> wasmtime::Result<i32> {
    if count == 0 {
        return Ok(ERRNO_INVAL);
    }
    let Some(memory) = memory(caller) else {
        return Ok(ERRNO_FAULT);
    };
    let size = memory.data_size(&*caller);
    let in_bounds = |at: usize, len: usize| at.checked_add(len).is_some_and(|end| end <= size);
    let (Some(subs_len), Some(events_len)) = (
        count.checked_mul(SUBSCRIPTION_SIZE),
        count.checked_mul(EVENT_SIZE),
    ) else {
        return Ok(ERRNO_FAULT);
    };
    if !in_bounds(subs, subs_len) || !in_bounds(events, events_len) || !in_bounds(nevents, 4) {
        return Ok(ERRNO_FAULT);
    }
    let mut raw = vec![0u8; subs_len];
    if memory.read(&mut *caller, subs, &mut raw).is_err() {
        return Ok(ERRNO_FAULT);
    }
    struct Sub {
        userdata: u64,
        tag: u8,
        /// (clock id, deadline in that clock's ns)
        deadline: Option<(i32, u64)>,
    }
    let mut parsed = Vec::with_capacity(count);
    for s in raw.chunks_exact(SUBSCRIPTION_SIZE) {
        let userdata = read_u64(s, 0);
        let tag = s[8];
        let deadline = if tag == EVENTTYPE_CLOCK {
            let id = i32::from_le_bytes(s[16..20].try_into().expect("4 bytes"));
            let timeout = read_u64(s, 24);
            let flags = u16::from_le_bytes(s[40..42].try_into().expect("2 bytes"));
            let Some(now) = now_ns(caller, id) else {
                return Ok(ERRNO_INVAL);
            };
            Some((
                id,
                if flags & ABSTIME != 0 {
                    timeout
                } else {
                    now.saturating_add(timeout)
                },
            ))
        } else {
            None
        };
        parsed.push(Sub {
            userdata,
            tag,
            deadline,
        });
    }
    let fd_ready = parsed.iter().any(|s| s.deadline.is_none());
    if !fd_ready {
        let wait = parsed
            .iter()
            .filter_map(|s| s.deadline)
            .map(|(id, deadline)| deadline.saturating_sub(now_ns(caller, id).unwrap_or(deadline)))
            .min()
            .unwrap_or(0);
        sleep(&mut *caller, wait)?;
    }
    let mut out = Vec::new();
    for s in &parsed {
        let ready = match s.deadline {
            None => true,
            Some((id, deadline)) => {
                !fd_ready && now_ns(caller, id).is_some_and(|now| now >= deadline)
            }
        };
        if ready {
            let mut event = [0u8; EVENT_SIZE];
            event[0..8].copy_from_slice(&s.userdata.to_le_bytes());
            event[10] = s.tag;
            if s.tag != EVENTTYPE_CLOCK {
                // Ready with one byte available (stdin in memory / stdout sinks).
                event[16..24].copy_from_slice(&1u64.to_le_bytes());
            }
            out.extend_from_slice(&event);
        }
    }
    let n = (out.len() / EVENT_SIZE) as u32;
    if memory.write(&mut *caller, events, &out).is_err()
        || memory
            .write(&mut *caller, nevents, &n.to_le_bytes())
            .is_err()
    {
        return Ok(ERRNO_FAULT);
    }
    Ok(ERRNO_SUCCESS)
}

// ---- WASI 0.2 ------------------------------------------------------------------

/// The version of `wasi:clocks` that wasmtime-wasi defines; imports of any
/// compatible 0.2 version resolve to these definitions.
const CLOCKS_VERSION: &str = "0.2.12";

/// A pollable that is ready at once: the wait it stands for was paid in
/// fuel when it was made.
struct Ready;

#[wasmtime_wasi::async_trait]
impl wasmtime_wasi::p2::Pollable for Ready {
    async fn ready(&mut self) {}
}

/// Store data of a component run: the clock state and the resource table.
pub trait GuestClockP2: GuestClock + Send {
    fn table(&mut self) -> &mut ResourceTable;
}

fn ready_pollable<T: GuestClockP2 + 'static>(
    data: &mut T,
) -> wasmtime::Result<Resource<wasmtime_wasi::p2::DynPollable>> {
    let table = data.table();
    let ready = table.push(Ready)?;
    wasmtime_wasi::p2::subscribe(table, ready)
}

/// Replace `wasi:clocks/wall-clock` and `wasi:clocks/monotonic-clock` in a
/// component linker (after wasmtime-wasi's definitions) with virtual ones.
pub fn add_to_linker_p2<T: GuestClockP2 + 'static>(
    linker: &mut wasmtime::component::Linker<T>,
) -> wasmtime::Result<()> {
    use wasmtime::StoreContextMut;
    linker.allow_shadowing(true);
    {
        let mut wall = linker.instance(&format!("wasi:clocks/wall-clock@{CLOCKS_VERSION}"))?;
        wall.func_wrap("now", |store: StoreContextMut<'_, T>, (): ()| {
            let now = EPOCH_NS + elapsed_ns(&store);
            Ok((Datetime {
                seconds: now / 1_000_000_000,
                nanoseconds: (now % 1_000_000_000) as u32,
            },))
        })?;
        wall.func_wrap("resolution", |_: StoreContextMut<'_, T>, (): ()| {
            Ok((Datetime {
                seconds: 0,
                nanoseconds: 1,
            },))
        })?;
    }
    {
        let mut mono = linker.instance(&format!("wasi:clocks/monotonic-clock@{CLOCKS_VERSION}"))?;
        mono.func_wrap("now", |store: StoreContextMut<'_, T>, (): ()| {
            Ok((MONOTONIC_START_NS + elapsed_ns(&store),))
        })?;
        mono.func_wrap("resolution", |_: StoreContextMut<'_, T>, (): ()| {
            Ok((1u64,))
        })?;
        mono.func_wrap(
            "subscribe-instant",
            |mut store: StoreContextMut<'_, T>, (when,): (u64,)| {
                let now = MONOTONIC_START_NS + elapsed_ns(&store);
                sleep(&mut store, when.saturating_sub(now))?;
                Ok((ready_pollable(store.data_mut())?,))
            },
        )?;
        mono.func_wrap(
            "subscribe-duration",
            |mut store: StoreContextMut<'_, T>, (duration,): (u64,)| {
                sleep(&mut store, duration)?;
                Ok((ready_pollable(store.data_mut())?,))
            },
        )?;
    }
    linker.allow_shadowing(false);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_epoch_is_2024() {
        assert_eq!(EPOCH_NS / 1_000_000_000, 1_704_067_200);
    }
}
