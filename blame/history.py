"""The record of every `blame test` run, under `<output_dir>/history/` (when checks broke, from
these records, is `blame.breakages`).

Each run appends one small JSON file (`run-000042.json`): its time, and per test its status and
failed checks with their top culprit. Only the newest `HISTORY_LIMIT` records are kept; older
ones are removed as new ones arrive. A record is written to a temporary file and linked into
place under a name no other run holds, so two runs at once never overwrite each other and a
reader never sees half a record. A record carries a time; results JSON and patches never do.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from blame import jsontext
from blame.errors import ConfigError, TraceError
from blame.files import new_temporary, share
from blame.frozen import dataclass
from blame.kept import check_runs, culprits_of, runs_of
from blame.text import brief, shorten

if TYPE_CHECKING:
    from blame.results import CaseResult, SuiteResult

HISTORY_DIR = "history"
"""The folder under output_dir that holds the records."""

HISTORY_LIMIT = 200
"""Records kept; the oldest beyond this are removed when a run is appended."""

RECORD_VERSION = 1
"""Version of a history record's JSON form."""

_NAME = re.compile(r"^run-(\d{6,})\.json$")
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
"""A record's time as `append` writes it (UTC, to the second)."""

Status = Literal["pass", "fail", "inconclusive", "error"]


@dataclass(frozen=True, slots=True)
class TestRecord:
    """One test's outcome in one run, as history keeps it."""

    name: str
    """The test's name."""
    status: Status
    """pass, fail, inconclusive (its runs' pass rate could be either) or error (could not be
    evaluated)."""
    failed: tuple[tuple[str, str], ...] = ()
    """(check name, top culprit or "") for each check that failed (in any run), config order."""
    runs: int = 1
    """Runs of the test (`runs: N`)."""
    passes: int = 0
    """Of those, runs that passed."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "status": self.status,
            "runs": self.runs,
            "passes": self.passes,
            "failed": [{"check": c, "culprit": who} for c, who in self.failed],
        }


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One run of `blame test`."""

    seq: int
    """Its number: one more than the newest record's when it was written."""
    time: str
    """When it ended, UTC, ISO 8601 to the second."""
    tests: tuple[TestRecord, ...]
    """Each test's outcome, in config order."""
    interrupted: bool = False
    """Ctrl-C cut the run short: `tests` holds only those that finished, so its counts are
    not comparable with a complete run's (a test missing from it ends no streak)."""

    @property
    def id(self) -> str:
        """`r42`: how `blame history show` names it."""
        return f"r{self.seq}"

    def count(self, status: Status) -> int:
        """Tests with this status."""
        return sum(1 for t in self.tests if t.status == status)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; `interrupted` only when true, so complete runs' records are as before."""
        data: dict[str, Any] = {
            "record_version": RECORD_VERSION,
            "seq": self.seq,
            "time": self.time,
            "tests": [t.to_dict() for t in self.tests],
        }
        if self.interrupted:
            data["interrupted"] = True
        return data


def record_of(suite: SuiteResult, *, seq: int, time: str) -> RunRecord:
    """What history keeps of a run: statuses, failed checks and their top culprits."""
    tests = tuple(_test_record(case) for case in suite.tests)
    return RunRecord(seq, time, tests, interrupted=suite.interrupted)


def _test_record(case: CaseResult) -> TestRecord:
    status = _STATUS[case.verdict]
    failed = tuple(
        (check.name, min(culprits_of(check), default=""))
        for check in case.checks
        if check_runs(check)[1]
    )
    runs, passes = runs_of(case)
    return TestRecord(case.name, status, failed, runs, passes)


_STATUS: dict[str, Status] = {
    "PASS": "pass",
    "FAIL": "fail",
    "INCONCLUSIVE": "inconclusive",
    "ERROR": "error",
}
"""A test's verdict as history keeps it."""


def history_dir(output_dir: Path) -> Path:
    """Where the records of a config's runs live."""
    return output_dir / HISTORY_DIR


def append(output_dir: Path, suite: SuiteResult, *, now: datetime | None = None) -> RunRecord:
    """Add a record of `suite` as the newest run and drop records beyond `HISTORY_LIMIT`."""
    return begin(output_dir, suite, now=now).finish()


def begin(output_dir: Path, suite: SuiteResult, *, now: datetime | None = None) -> PendingRecord:
    """A record of `suite` written to a temporary file and synced in the background, not yet
    a run of the history: `finish` puts it in place, `abandon` drops it. `blame test` begins
    one before writing its results so the disk's waits for both overlap, and finishes it only
    once the results are written. Never raises: a problem is raised by `finish`."""
    return PendingRecord(output_dir, suite, now)


class PendingRecord:
    """A history record on its way: written and syncing, not yet linked under its name."""

    __slots__ = ("_error", "_fd", "_folder", "_made", "_record", "_sync", "_tmp")

    def __init__(self, output_dir: Path, suite: SuiteResult, now: datetime | None) -> None:
        self._folder = history_dir(output_dir)
        self._error: ConfigError | None = None
        self._fd: int | None = None
        self._tmp: str | None = None
        self._sync: Any = None
        moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
        self._record = record_of(suite, seq=0, time=moment.strftime("%Y-%m-%dT%H:%M:%SZ"))
        self._made = _missing_folders(self._folder)
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._error = ConfigError(
                f"cannot create the history folder: {error.strerror or error}",
                file=str(self._folder),
                hint="make output_dir a writable folder",
            )
            return
        try:
            seq = max(_numbers(self._folder), default=0) + 1
            self._record = replace(self._record, seq=seq)
            self._fd, self._tmp = _write_temporary(self._folder / _file_name(seq), self._record)
        except ConfigError as error:
            self._error = error
            return
        import threading

        self._sync = threading.Thread(target=self._fsync, daemon=True)
        self._sync.start()

    def _fsync(self) -> None:
        assert self._fd is not None
        try:
            os.fsync(self._fd)
        except OSError as error:
            self._error = _write_error(self._folder / _file_name(self._record.seq), error)

    def finish(self) -> RunRecord:
        """Put the record in place as the newest run (the next free number if another run
        took this one meanwhile) and drop records beyond `HISTORY_LIMIT`."""
        try:
            self._join()
            if self._error is not None:
                raise self._error
            assert self._tmp is not None
            seq = self._record.seq
            linked = _link(self._tmp, self._folder / _file_name(seq))
        finally:
            self._drop()
        while not linked:  # another run took the number between our look and our link
            seq += 1
            self._record = replace(self._record, seq=seq)
            linked = _link_new(self._folder / _file_name(seq), self._record)
        _rotate(self._folder)
        return self._record

    def abandon(self) -> None:
        """Drop the record, and the folders made for it: the run's results could not be
        written, and a run that wrote nothing leaves nothing behind."""
        self._join()
        self._drop()
        for folder in self._made:  # innermost first; one that holds anything stays
            try:
                folder.rmdir()
            except OSError:
                break

    def _join(self) -> None:
        if self._sync is not None:
            self._sync.join()
            self._sync = None

    def _drop(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        if self._tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._tmp)
            self._tmp = None


def _missing_folders(folder: Path) -> list[Path]:
    """`folder` and those of its parents that do not exist yet, innermost first."""
    missing = []
    while not folder.is_dir() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    return missing


def _file_name(seq: int) -> str:
    return f"run-{seq:06d}.json"


def _numbers(folder: Path) -> list[int]:
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise ConfigError(
            f"cannot read the history folder: {error.strerror or error}", file=str(folder)
        ) from None
    return [int(found.group(1)) for name in names if (found := _NAME.match(name))]


def _link_new(path: Path, record: RunRecord) -> bool:
    """Write `record` to a new file at `path`; False when `path` already exists."""
    fd, tmp = _write_temporary(path, record)
    try:
        try:
            os.fsync(fd)
        except OSError as error:
            raise _write_error(path, error) from None
        return _link(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _write_temporary(path: Path, record: RunRecord) -> tuple[int, str]:
    """A temporary file beside `path` holding `record`, written but not synced: its open
    descriptor and its name."""
    text = jsontext.dumps(record.to_dict(), indent=1) + "\n"
    try:
        fd, tmp = new_temporary(path.parent, ".run-")
    except OSError as error:
        raise _write_error(path, error) from None
    share(fd)
    try:
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]
    except OSError as error:
        with contextlib.suppress(OSError):
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _write_error(path, error) from None
    return fd, tmp


def _link(tmp: str, path: Path) -> bool:
    """Link the synced temporary file `tmp` at `path`; False when `path` already exists."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    except OSError as error:
        raise _write_error(path, error) from None
    return True


def _write_error(path: Path, error: OSError) -> ConfigError:
    return ConfigError(
        f"cannot write a history record: {error.strerror or error}",
        file=str(path),
        hint="make output_dir a writable folder",
    )


def _rotate(folder: Path) -> None:
    for seq in sorted(_numbers(folder))[:-HISTORY_LIMIT]:
        with contextlib.suppress(FileNotFoundError):
            (folder / _file_name(seq)).unlink()


@dataclass(frozen=True, slots=True)
class Damaged:
    """A kept record that could not be read: skipped when the runs are listed."""

    seq: int
    """The run's number, from its file's name."""
    error: TraceError
    """What is wrong with it, naming its file."""

    @property
    def warning(self) -> str:
        """The line `blame history` warns with: the file, what is wrong, and that it is skipped."""
        return (
            f"{self.error.file}: {self.error.message}; run r{self.seq} is skipped "
            "(remove that file to list the others without this warning)"
        )


@dataclass(frozen=True, slots=True)
class Kept:
    """What the history folder holds: the readable runs and the records that are not."""

    runs: tuple[RunRecord, ...]
    """The readable runs, newest first."""
    damaged: tuple[Damaged, ...] = ()
    """The records that could not be read (a pipe, a link loop, not JSON...), newest first."""


def load(output_dir: Path) -> Kept:
    """Every kept record, newest first; a damaged one is set aside with the error naming its
    file, so one bad file never hides the other runs."""
    folder = history_dir(output_dir)
    runs, damaged = [], []
    for seq in sorted(_numbers(folder), reverse=True):
        try:
            record = _read(folder / _file_name(seq), seq)
        except TraceError as error:
            damaged.append(Damaged(seq, error))
            continue
        if record is not None:
            runs.append(record)
    return Kept(tuple(runs), tuple(damaged))


def _read(path: Path, seq: int) -> RunRecord | None:
    from blame.importers.common import parse_json, read_text

    try:
        data = parse_json(read_text(path), source=str(path))
    except FileNotFoundError:  # rotated away by a run that ended meanwhile
        return None
    except TraceError as error:
        raise _damaged(path, error.message) from None
    try:
        record = _from_dict(data)
    except (KeyError, TypeError, ValueError) as error:
        raise _damaged(path, f"not a history record ({type(error).__name__}: {error})") from None
    if record.seq != seq:  # its id would be another run's, or none `history show` could find
        raise _damaged(path, f"not a history record (seq: {brief(record.seq, 40)}, not {seq})")
    return record


def _damaged(path: Path, problem: str) -> TraceError:
    return TraceError(problem, file=str(path), hint="remove that file; the other runs stay listed")


def _from_dict(data: Any) -> RunRecord:
    if not isinstance(data, Mapping) or data.get("record_version") != RECORD_VERSION:
        raise ValueError(f"record_version must be {RECORD_VERSION}")
    tests = []
    for raw in data["tests"]:
        status = raw["status"]
        if status not in _STATUS.values():
            raise ValueError(f"unknown status {status!r}")
        listed = raw["failed"]
        if not isinstance(listed, list) or not all(isinstance(f, Mapping) for f in listed):
            raise ValueError("failed must be a list of {check, culprit} objects")
        failed = tuple((str(f["check"]), str(f["culprit"])) for f in listed)
        runs, passes = raw.get("runs", 1), raw.get("passes", int(status == "pass"))
        if not (isinstance(runs, int) and isinstance(passes, int) and 0 <= passes <= runs):
            raise ValueError("runs and passes must be counts, passes at most runs")
        tests.append(TestRecord(str(raw["name"]), status, failed, runs, passes))
    seq, time, interrupted = data["seq"], data["time"], data.get("interrupted", False)
    if not isinstance(seq, int) or not isinstance(time, str):
        raise ValueError("seq must be an integer and time a string")
    if not _TIME.fullmatch(time):  # it is printed as it is: no terminal escapes, no lines
        raise ValueError(f"time must read like 2026-12-01T12:00:00Z, got {brief(time)}")
    if not isinstance(interrupted, bool):
        raise ValueError("interrupted must be true or false")
    return RunRecord(seq, time, tuple(tests), interrupted)


def find(kept: Kept, key: str) -> RunRecord:
    """The run `key` names: `1` the newest, `2` the one before...; or an id such as `r42`.
    Positions count the readable runs, as `blame history` lists them; an id naming a damaged
    record is that record's error."""
    records = kept.runs
    text = key.strip()
    if text.isascii() and text.isdigit():  # int() refuses '²', which isdigit accepts
        # int() also refuses more than 4300 digits; no run is numbered past 18 of them
        position = int(text) if len(text) <= 18 else 0
        if 1 <= position <= len(records):
            return records[position - 1]
        raise ConfigError(
            f"no run number {shorten(text, 40)}: {len(records)} runs are kept",
            field="history show",
            hint="`blame history` lists them (1 is the newest)",
        )
    for record in records:
        if record.id == text.lower():
            return record
    for damaged in kept.damaged:
        if f"r{damaged.seq}" == text.lower():
            raise damaged.error
    # say which ids exist: after rotation r1 is long gone, and "(r1, r2...)" sent people to it
    kept_ids = f"{records[-1].id} to {records[0].id}" if records else "none yet"
    raise ConfigError(
        f"no run with id {shorten(repr(text), 40)}; the kept runs are {kept_ids} (the newest "
        f"{HISTORY_LIMIT} are kept)",
        field="history show",
        hint="`blame history` lists them with their ids",
    )
