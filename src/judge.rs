//! Task kinds and their judges.
//!
//! A task's [`Checks`] say what kind of task it is; each kind has a judge
//! here that decides which runs to make and how their results become one
//! envelope. Adding a task kind is a variant of `Checks`, its parser in
//! `crate::task`, and its judge below: the executor and the runtimes do not
//! change.
//!
//! - **Assertions** (HumanEval, MBPP): one run; the candidate's code, then
//!   each assertion string on its own against its namespace. The verdict is
//!   `crate::verdict`'s.

use crate::outcome::Envelope;
use crate::runtime::{Program, Runtime};
use crate::sandbox::Limits;
use crate::task::{Checks, Task};
use anyhow::Result;

/// Judge `code` against the task's checks on `runtime`. `seed` seeds every
/// random byte of every run. An `Err` is a failure of wasmeval itself.
pub async fn judge(
    runtime: &dyn Runtime,
    task: &Task,
    code: &str,
    limits: &Limits,
    seed: [u8; 32],
) -> Result<Envelope> {
    match &task.checks {
        Checks::Assertions(targets) => {
            let ran = runtime
                .run(
                    Program {
                        code,
                        targets,
                        seed,
                    },
                    limits,
                )
                .await?;
            Ok(crate::verdict::decide(
                task.id.clone(),
                task.language.as_str(),
                targets.len(),
                &ran.report,
                &ran.observed,
                limits,
            ))
        }
    }
}
