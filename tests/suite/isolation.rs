//! Every Python candidate starts in a pristine interpreter: nothing one
//! candidate changes (builtins, modules, sys.modules, memory) is seen by the
//! next, even on the same pool slot, and randomness is drawn per run.

use crate::common;

use common::{code_task, score_all};
use wasmeval::executor::Settings;
use wasmeval::outcome::Outcome;

#[test]
fn every_candidate_sees_a_pristine_interpreter() {
    let polluter = code_task(
        "polluter",
        "import builtins, math, sys, json\nbuiltins.len = lambda x: 42\nmath.pi = 3\njson.dumps = None\nsys.modules['evil'] = math\nsys.path.append('/evil')\ndef seen():\n    return len([])",
        // (The test runs in an instance of its own, whose `len` is always
        // the real one; the candidate's patched builtins, seen through its
        // own function, are what the next candidate must not see.)
        &["assert seen() == 42"],
        3.0,
    );
    let observer = code_task(
        "observer",
        "import math, sys, json",
        &[
            "assert len([]) == 0",
            "assert math.pi > 3.14",
            "assert json.dumps([1]) == '[1]'",
            "assert 'evil' not in sys.modules",
            "assert '/evil' not in sys.path",
        ],
        3.0,
    );
    let envelopes = score_all(vec![polluter.clone(), observer.clone(), polluter, observer]);
    for e in &envelopes {
        assert_eq!(e.outcome, Outcome::Pass, "{e:?}");
    }
}

/// One run at a time on a pool of two slots (a run's candidate and its
/// judge), so each observer runs in the memory its polluter just used. A candidate that writes all over the interpreter's
/// heap (every loaded module's namespace, every builtin, a large buffer past
/// the snapshot's image) must leave nothing for the next. This exercises
/// the memory reset (only written pages are copied back from the image).
#[test]
fn scattered_writes_do_not_survive_the_memory_reset() {
    // One run at a time and two pool slots: every run's candidate gets the
    // slot the previous one's did.
    let executor = common::service_with(Settings::default().with_jobs(1).with_pool_slots(2));
    let polluter = code_task(
        "polluter",
        "import sys, builtins\n\
         junk = bytearray(b'\\xab') * (64 * 2**20)\n\
         for m in list(sys.modules.values()):\n\
         \ttry:\n\
         \t\tm.__dict__['_wasmeval_polluted'] = True\n\
         \texcept Exception:\n\
         \t\tpass\n\
         for name in dir(builtins):\n\
         \tsetattr(builtins, name, None) if name not in ('setattr', 'dir', 'list') else None",
        &["pass"],
        3.0,
    );
    let observer = code_task(
        "observer",
        "import sys\n\
         polluted = [n for n, m in sys.modules.items() if '_wasmeval_polluted' in getattr(m, '__dict__', {})]\n\
         def modules():\n    return len(sys.modules)\n\
         def builtins_work():\n    return abs(-1) == 1 and len(range(3)) == 3 and isinstance(1, int)\n\
         def zeros():\n    return bytearray(2**20).count(0)",
        &[
            "assert polluted == [], polluted",
            "assert modules() > 50",
            "assert builtins_work() is True",
            "assert zeros() == 2**20",
        ],
        3.0,
    );
    for round in 0..6 {
        let p = executor.score_blocking(&polluter);
        assert_eq!(p.outcome, Outcome::Pass, "round {round}: {p:?}");
        let o = executor.score_blocking(&observer);
        assert_eq!(o.outcome, Outcome::Pass, "round {round}: {o:?}");
        assert_eq!(o.passed, 4);
    }
}

#[test]
fn randomness_is_drawn_per_run_not_frozen_into_the_snapshot() {
    let draw = |sample: u64| {
        let mut task = code_task(
            "rand",
            "import random, os\nprint(random.random(), os.urandom(4).hex())",
            &["assert True"],
            3.0,
        );
        task.sample = Some(sample);
        task
    };
    let envelopes = score_all(vec![draw(0), draw(1), draw(0)]);
    assert_ne!(envelopes[0].stdout, envelopes[1].stdout, "samples differ");
    assert_eq!(envelopes[0].stdout, envelopes[2].stdout, "a sample repeats");
}
