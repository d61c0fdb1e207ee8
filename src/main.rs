use wasmeval::executor::{Executor, Settings};
use wasmeval::install::Cache;
use wasmeval::task::Task;

fn main() -> anyhow::Result<()> {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap())?;
    let executor = Executor::new(Cache::locate(None)?, Settings::default())?;
    let task = Task::from_json(&text).map_err(|e| anyhow::anyhow!(e.message))?;
    let env = executor.score_blocking(&task);
    println!("{}", serde_json::to_string_pretty(&env)?);
    Ok(())
}
