//! WASI 0.2 components: one fresh instance per candidate, whose exports the
//! caller drives one call at a time ([`Session::call`]).
//!
//! The linker holds wasmtime-wasi's WASI 0.2 with virtual clocks, plus
//! whatever host imports the runtime adds (see
//! [`ComponentSandbox::new`]). Everything a component's imports report to
//! the host lands in [`ComponentGuest::messages`], out of the guest's reach.

use super::{Capture, Exit, Io, Limits, MemoryCap, Observed, Watch, arm, wasi_context};
use crate::fuel::FuelRate;
use anyhow::{Context, Result};
use std::sync::{Arc, Mutex};
use wasmtime::Store;
use wasmtime::component::{
    Component, ComponentExportIndex, ComponentNamedList, Instance, InstancePre, Lift, Linker,
    Lower, ResourceTable,
};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

/// Store data of a component run.
pub struct ComponentGuest {
    wasi: WasiCtx,
    table: ResourceTable,
    limiter: MemoryCap,
    fuel_budget: u64,
    rate: FuelRate,
    /// (kind, text) pairs that host imports recorded, in order.
    pub messages: Vec<(String, String)>,
    /// A judge's link to its candidate's instance (see [`super::pair`]).
    pub(crate) link: Option<Box<super::pair::Link>>,
    /// A candidate's link to its judge's instance.
    pub(crate) uplink: Option<super::pair::Uplink>,
}

impl WasiView for ComponentGuest {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl super::clock::GuestClock for ComponentGuest {
    fn fuel_budget(&self) -> u64 {
        self.fuel_budget
    }

    fn rate(&self) -> FuelRate {
        self.rate
    }
}

impl super::clock::GuestClockP2 for ComponentGuest {
    fn table(&mut self) -> &mut ResourceTable {
        &mut self.table
    }
}

/// A compiled component linked against WASI 0.2, ready to be instantiated
/// many times. Cheap to clone.
#[derive(Clone)]
pub struct ComponentSandbox {
    engine: wasmtime::Engine,
    pre: InstancePre<ComponentGuest>,
    component: Component,
}

impl ComponentSandbox {
    /// Link `component` against WASI 0.2 (virtual clocks, no network, no
    /// environment) and the host imports `imports` adds.
    pub fn new(
        engine: &wasmtime::Engine,
        component: &Component,
        imports: impl FnOnce(&mut Linker<ComponentGuest>) -> wasmtime::Result<()>,
    ) -> Result<ComponentSandbox> {
        let mut linker: Linker<ComponentGuest> = Linker::new(engine);
        wasmtime_wasi::p2::add_to_linker_async(&mut linker)?;
        super::clock::add_to_linker_p2(&mut linker)?;
        imports(&mut linker)?;
        let pre = linker
            .instantiate_pre(component)
            .map_err(anyhow::Error::from)
            .context("linking the runtime component against WASI 0.2")?;
        Ok(ComponentSandbox {
            engine: engine.clone(),
            pre,
            component: component.clone(),
        })
    }

    /// Where the export `name` is, for [`Session::call`].
    pub fn export(&self, name: &str) -> Result<ComponentExportIndex> {
        self.component
            .get_export_index(None, name)
            .with_context(|| format!("the runtime component exports no '{name}'"))
    }

    /// A fresh instance for one run.
    pub async fn session(&self, io: &Io, limits: &Limits) -> Result<Session> {
        self.session_sharing(io, limits, None).await
    }

    /// A fresh instance for one run whose output goes to `capture` (shared
    /// with another instance of the run: one stream, one cap), or to its
    /// own.
    pub(crate) async fn session_sharing(
        &self,
        io: &Io,
        limits: &Limits,
        capture: Option<Arc<Mutex<Capture>>>,
    ) -> Result<Session> {
        let capture = capture.unwrap_or_else(|| {
            Arc::new(Mutex::new(Capture::new(limits.output_bytes, Vec::new(), 0)))
        });
        let wasi = wasi_context(io, &capture)?.build();
        let mut store = Store::new(
            &self.engine,
            ComponentGuest {
                wasi,
                table: ResourceTable::new(),
                limiter: MemoryCap {
                    cap: limits.memory_bytes,
                    refused: false,
                },
                fuel_budget: limits.fuel,
                rate: limits.rate,
                messages: Vec::new(),
                link: None,
                uplink: None,
            },
        );
        store.limiter(|g| &mut g.limiter);
        arm(&mut store, limits)?;
        let mut watch = Watch::new(capture, io, limits);
        let pre = self.pre.clone();
        let instance = watch.call(pre.instantiate_async(&mut store)).await?.ok();
        Ok(Session {
            store,
            instance,
            watch,
        })
    }
}

/// One instance and everything it has done so far.
pub struct Session {
    store: Store<ComponentGuest>,
    instance: Option<Instance>,
    watch: Watch,
}

impl Session {
    /// Call an export. `Ok(Ok(results))`: it returned. `Ok(Err(exit))`: the
    /// guest stopped (now or earlier) and will not run again. `Err`: a
    /// failure of wasmeval itself.
    pub async fn call<P, R>(
        &mut self,
        export: &ComponentExportIndex,
        params: P,
    ) -> Result<std::result::Result<R, Exit>>
    where
        P: ComponentNamedList + Lower + Send + Sync,
        R: ComponentNamedList + Lift + Send + Sync + 'static,
    {
        if let Some(exit) = self.watch.stopped() {
            return Ok(Err(exit.clone()));
        }
        let instance = self
            .instance
            .expect("a session without a stop has an instance");
        let func = instance
            .get_typed_func::<P, R>(&mut self.store, export)
            .map_err(anyhow::Error::from)
            .context("the runtime component's export has an unexpected type")?;
        self.watch
            .call(func.call_async(&mut self.store, params))
            .await
    }

    /// Whether the guest can still be called (it has not stopped).
    pub fn is_live(&self) -> bool {
        self.watch.stopped().is_none()
    }

    /// What host imports recorded so far.
    pub fn messages(&self) -> &[(String, String)] {
        &self.store.data().messages
    }

    /// The capture the instance's output goes to.
    pub(crate) fn capture(&self) -> Arc<Mutex<Capture>> {
        self.watch.capture()
    }

    /// Fuel the instance has left.
    pub fn fuel_left(&self) -> u64 {
        self.store.get_fuel().unwrap_or(0)
    }

    /// Give the instance `fuel` to run on (what the run has left).
    pub(crate) fn set_fuel(&mut self, fuel: u64) {
        // Fuel is enabled on every engine wasmeval makes.
        let _ = self.store.set_fuel(fuel);
    }

    pub(crate) fn data_mut(&mut self) -> &mut ComponentGuest {
        self.store.data_mut()
    }

    /// How the guest stopped, if it has.
    pub fn stopped(&self) -> Option<&Exit> {
        self.watch.stopped()
    }

    /// Fuel used so far.
    pub fn fuel_used(&self) -> u64 {
        self.watch.fuel_used(self.store.get_fuel().ok())
    }

    /// End the run: everything observed. A guest that never stopped
    /// finished normally.
    pub fn finish(self) -> (Observed, Vec<(String, String)>) {
        let fuel_left = self.store.get_fuel().ok();
        let memory_refused = self.store.data().limiter.refused;
        let messages = self.store.into_data().messages;
        let (observed, _frames) = self.watch.end(fuel_left, memory_refused);
        (observed, messages)
    }
}
