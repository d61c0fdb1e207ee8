"""Type stubs of the native module (see wasmeval.Executor for the docs)."""

from os import PathLike
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from wasmeval._types import Envelope, ErrorKind, Outcome, TargetResult

__version__: str

Task = Dict[str, Any]
Extract = Union[str, Callable[[str], Optional[str]], None]

class Executor:
    def __init__(
        self,
        timeout: Optional[float] = None,
        memory_mb: int = 512,
        output_kb: int = 256,
        extract: Extract = None,
        seed: int = 0,
        jobs: Optional[int] = None,
        cache_dir: Union[str, PathLike[str], None] = None,
        judge: str = "exact",
        runtime: Optional[str] = None,
    ) -> None: ...
    def run(self, task: Task) -> Envelope: ...
    def evaluate(self, tasks: Iterable[Task], window: Optional[int] = None) -> Evaluation: ...
    def evaluate_lines(
        self,
        lines: Iterable[Union[str, bytes, Tuple[int, Union[str, bytes]], Tuple[int, Union[str, bytes], Optional[int]]]],
        window: Optional[int] = None,
    ) -> Evaluation: ...
    def prepare(self, runtime: str) -> None: ...
    def humaneval(
        self,
        problems: Union[str, PathLike[str]],
        samples: Union[str, PathLike[str]],
        k: Sequence[int] = ...,
        out: Union[str, PathLike[str], None] = None,
        language: Optional[str] = None,
        resume: bool = False,
        budget_from_reference: bool = False,
        budget_floor: float = 1.0,
        budget_factor: float = 4.0,
    ) -> Dict[str, Any]: ...
    def check(
        self,
        checker: str,
        outputs: List[str],
        args: Optional[List[str]] = None,
        extract: Extract = None,
    ) -> List[Dict[str, Any]]: ...
    def _bench_rust(self, task: Task, n: int) -> float: ...
    @property
    def jobs(self) -> int: ...

class Evaluation(Iterator[Envelope]):
    def __iter__(self) -> Evaluation: ...
    def __next__(self) -> Envelope: ...

def pass_at_k(n: int, c: int, k: int) -> float: ...
def sample_numbers(lines: Iterable[Union[str, bytes]]) -> List[Optional[int]]: ...
def extract(generation: str, strategy: Extract = None, language: str = "python") -> Optional[str]: ...
