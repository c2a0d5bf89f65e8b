"""`blame improve --verify`: does a prompt patch make the failing tests pass?

The project's folder is copied (never the originals: they change only with `--apply`, and
then only for patches that helped). The failing tests run N times in the copy as it is, then
once more N times for each patched prompt file, with only that file changed. Each patch gets
its pass rates before and after, with Wilson intervals ("0/5 -> 5/5"), and is reported as
helping (the pass rate rose), not helping, or hurting.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from blame.errors import ConfigError
from blame.files import real_path
from blame.frozen import dataclass
from blame.stats import Interval, wilson

if TYPE_CHECKING:
    from blame.config import Config
    from blame.improve import FileEdit

DEFAULT_RUNS = 5
"""Runs of each failing test, before and after each patch."""


@dataclass(frozen=True, slots=True)
class Rate:
    """Passing runs of one test, out of all its runs."""

    passes: int
    """Runs that passed."""
    runs: int
    """Runs made."""

    @property
    def failed(self) -> bool:
        """Some run failed."""
        return self.passes < self.runs

    @property
    def interval(self) -> Interval:
        """The Wilson 95 % interval of the pass rate."""
        return wilson(self.passes, self.runs)

    def __str__(self) -> str:
        low, high = self.interval.low, self.interval.high
        return f"{self.passes}/{self.runs} [{low:.2f}, {high:.2f}]"


@dataclass(frozen=True, slots=True)
class Verified:
    """One patch (one prompt file's edit) and what it did to the failing tests and checks."""

    edit: FileEdit | None
    """The patch; None for all the patches together."""
    rates: tuple[tuple[str, Rate, Rate], ...]
    """(test, or "test: check", before, after) for each failing test and each of its checks
    that failed, in config order."""

    @property
    def helped(self) -> bool:
        """More runs passed with the patch (of a test or a check that failed), none fewer."""
        rose = any(a.passes > b.passes for _, b, a in self.rates)
        return rose and not self.hurt

    @property
    def hurt(self) -> bool:
        """Fewer runs passed with the patch, of some test or check."""
        return any(a.passes < b.passes for _, b, a in self.rates)


def verify(
    config: Config,
    edits: Sequence[FileEdit],
    runs: int = DEFAULT_RUNS,
    notes: list[str] | None = None,
) -> tuple[tuple[str, ...], tuple[Verified, ...]]:
    """(the failing tests, each edit verified on them), run in a copy of the project; `notes`
    gets what the import of stored traces skipped (`blame.importnotes`)."""
    if runs < 1:
        raise ConfigError(f"must be at least 1, got {runs}", field="--runs")
    root = real_path(config.base_dir)
    for edit in edits:
        if not real_path(edit.path).is_relative_to(root):
            raise ConfigError(
                f"{edit.display} is outside the project folder {root}",
                field="--verify",
                hint="keep prompt files beside blame.yaml (verification patches a copy of it)",
            )
    with _copy(config) as copy:
        # the runs with a patch read the same stored traces: their notes would be the same
        before = _rates(copy, runs, notes=notes)
        failing = tuple(dict.fromkeys(key[0] for key, rate in before.items() if rate.failed))
        if not failing:
            return (), ()
        watched = [key for key, rate in before.items() if key[0] in failing and rate.failed]
        results: list[Verified] = []
        tried: tuple[FileEdit | None, ...] = (*edits, None) if len(edits) > 1 else tuple(edits)
        for one in tried:  # each patch alone, then all of them together
            patched = edits if one is None else (one,)
            after = _patched(copy, root, patched, runs, failing)
            rates = tuple((_label(key), before[key], after[key]) for key in watched)
            if one is not None:  # shown relative to the project, as its copy was patched
                one = replace(one, display=real_path(one.path).relative_to(root).as_posix())
            results.append(Verified(one, rates))
    return failing, tuple(results)


def _patched(
    copy: Config, root: Path, edits: Sequence[FileEdit], runs: int, failing: Sequence[str]
) -> dict[tuple[str, str], Rate]:
    """The rates of the failing tests with `edits` written into the copy (then undone)."""
    saved: list[tuple[Path, bytes | None]] = []
    try:
        for edit in edits:
            target = copy.base_dir / real_path(edit.path).relative_to(root)
            saved.append((target, target.read_bytes() if target.is_file() else None))
            target.write_text(edit.new, encoding="utf-8")
        return _rates(copy, runs, failing)
    finally:
        for target, original in reversed(saved):
            if original is None:
                target.unlink(missing_ok=True)
            else:
                target.write_bytes(original)


def _label(key: tuple[str, str]) -> str:
    return key[0] if not key[1] else f"{key[0]}: {key[1]}"


def _rates(
    config: Config, runs: int, only: Sequence[str] | None = None, notes: list[str] | None = None
) -> dict[tuple[str, str], Rate]:
    """Passing runs out of `runs` of each selected test, keyed (test, ""), and of each of its
    checks, keyed (test, check); an errored run counts as failing."""
    from blame.runner import run_suite

    tests = tuple(t for t in config.tests if only is None or t.name in only)
    suite = run_suite(replace(config, tests=tests), runs=runs, notes=notes)
    rates: dict[tuple[str, str], Rate] = {}
    for case in suite.tests:
        if case.runs is None:
            rates[case.name, ""] = Rate(int(case.passed and case.error is None), 1)
        else:
            passes = sum(1 for o in case.runs.outcomes if o.passed and o.error is None)
            rates[case.name, ""] = Rate(passes, len(case.runs.outcomes))
        for check in case.checks:
            done = 1 if check.runs is None else check.runs.runs
            failed = int(not check.passed) if check.runs is None else check.runs.failing
            rates[case.name, check.name] = Rate(done - failed, done)
    return rates


@contextmanager
def _copy(config: Config) -> Iterator[Config]:
    """The config loaded from a copy of its folder (without its output folder or git)."""
    from blame.config import load_config

    root = real_path(config.base_dir)
    output = real_path(config.settings.output_dir)
    # Not a TemporaryDirectory: its finalizer would run in every worker forked meanwhile, and
    # the first worker to exit would delete the copy under the run.
    temp = tempfile.mkdtemp(prefix="blame-verify-")
    try:
        copy = Path(temp) / root.name

        def ignored(folder: str, names: list[str]) -> set[str]:
            here = Path(folder)
            return {
                n for n in names if n in (".git", "__pycache__") or real_path(here / n) == output
            }

        shutil.copytree(root, copy, ignore=ignored, symlinks=True)
        path = copy / real_path(config.path).relative_to(root)
        yield load_config(path)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def render(failing: Sequence[str], verified: Sequence[Verified], runs: int) -> str:
    """The report: each patch, then all together: each failing test's and check's pass rate
    before -> after, and the verdict."""
    if not failing:
        return f"every test passed in {runs} runs before any patch: nothing to verify\n"
    tests = ", ".join(failing)
    lines = [f"verified on {tests}: {runs} runs each, before -> after (95% Wilson intervals)"]
    for item in verified:
        if item.edit is None:
            title = "all patches together"
        else:
            title = f"{item.edit.display} ({', '.join(item.edit.agents)})"
        word = "helps" if item.helped else "hurts" if item.hurt else "does not help"
        lines.append(f"{title}: {word}")
        for label, before, after in item.rates:
            lines.append(f"  {label}: {before} -> {after}")
    return "\n".join(lines) + "\n"
