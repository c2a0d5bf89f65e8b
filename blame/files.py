"""Safe file writing: atomic replacement and file names derived from untrusted text."""

from __future__ import annotations

import contextlib
import errno
import functools
import importlib
import io
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from blame.errors import ConfigError
from blame.text import compiled_on_use

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_SLUG_MAX = 60


def real_path(path: str | os.PathLike[str]) -> Path:
    """The absolute path with every link followed, as `Path.resolve()` gives it, but through
    a loop of links too: Python before 3.13 raised RuntimeError there (a folder of traces, a
    config or a sys.path entry that is a link to itself ended blame in an internal error),
    3.13 returns the path as far as it resolves, as this does on every version."""
    return Path(os.path.realpath(path))


LOOP = "is a link that leads back to itself (a loop of links)"
"""What a path is whose links loop: reading it said "no such file", and the file was there."""


def loops(path: str | os.PathLike[str]) -> bool:
    """Whether following the links of `path` never ends (a link to itself, or links to each
    other)."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    except ValueError:  # a NUL byte: no path at all
        return False
    return False


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so readers see the old file or the new one, never half of it.

    The temporary file lives in the same folder so `os.replace` is a rename on one file system.
    A place that cannot be written (a file where a folder should be, no permission, a full
    disk) is a ConfigError naming the path.
    """
    atomic_write_texts([(path, text)])


@contextlib.contextmanager
def atomic_writer(path: Path | None) -> Iterator[TextIO | None]:
    """A text stream that replaces `path` when the block ends well; None when `path` is None.

    For output written piece by piece (one JSON line per trace): readers see the old file or
    the whole new one, and an interrupted run leaves no half file behind.
    """
    if path is None:
        yield None
        return
    if _is_device(path) or path.is_symlink():  # the same rules as atomic_write_texts
        buffer = io.StringIO()
        yield buffer
        atomic_write_texts([(path, buffer.getvalue())])
        return
    fd, tmp_name = _open_temporary(path)
    try:
        with _text_stream(fd) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        if isinstance(error, OSError):
            raise _write_error(path, error) from None
        raise


def atomic_write_texts(files: Sequence[tuple[Path, str]]) -> None:
    """Write several files so that either all are new or all are old (results.json beside
    its report.md): every temporary file is written and synced before the first rename, so
    a full disk or a write error leaves the old set whole. Leftovers of a writer killed
    mid-write (kill -9) are removed on the way."""
    written: list[tuple[str, Path]] = []
    handles: list[TextIO] = []
    try:
        for path, text in files:
            if _is_device(path):  # `-o /dev/stdout`: write into it, never replace it
                with _open_device(path) as device:
                    device.write(text)
                continue
            if path.is_symlink():  # keep the link, replace the file it names
                path = _link_target(path)
            tmp_name, stream = _write_temporary(path, text)
            written.append((tmp_name, path))
            handles.append(stream)
        failed = sync_all([stream.fileno() for stream in handles])
        if failed is not None:
            path = written[failed[0]][1]
            raise failed[1]
        while handles:
            handles.pop(0).close()
        for tmp_name, path in written:
            os.replace(tmp_name, path)
    except BaseException as error:
        for stream in handles:
            with contextlib.suppress(OSError):
                stream.close()
        for tmp_name, _ in written:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        if isinstance(error, OSError):
            raise _write_error(path, error) from None
        raise


def sync_all(fds: Sequence[int]) -> tuple[int, OSError] | None:
    """fsync every file, at the same time: each file's data is on disk before any is renamed
    into place, as with one fsync after another, but the disk's waits overlap (three syncs
    take about the time of one or two on a journalling file system). The first failure in
    `fds`' order, as (its position, the error), or None."""
    if len(fds) < 2:
        for fd in fds:
            try:
                os.fsync(fd)
            except OSError as error:
                return 0, error
        return None
    import threading

    errors: list[OSError | None] = [None] * len(fds)

    def sync(position: int) -> None:
        try:
            os.fsync(fds[position])
        except OSError as error:
            errors[position] = error

    helpers = [threading.Thread(target=sync, args=(i,), daemon=True) for i in range(1, len(fds))]
    for helper in helpers:
        helper.start()
    sync(0)
    for helper in helpers:
        helper.join()
    return next(((i, e) for i, e in enumerate(errors) if e is not None), None)


def _link_target(link: Path) -> Path:
    """The file a link names; a loop of links is an OSError (ELOOP) on every Python: before
    3.13 `resolve` raises RuntimeError for it, from 3.13 on it returns the link itself."""
    try:
        os.stat(link)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise
    try:
        return link.resolve()
    except RuntimeError:
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(link)) from None


def _is_device(path: Path) -> bool:
    """A pipe, terminal or device (`/dev/stdout`, `/dev/null`): renaming over it would
    replace the device itself (as root, `/dev/full` became a regular file)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _open_device(path: Path) -> TextIO:
    """`path`, a device or a pipe, open to write. A named pipe no process reads is an error:
    opening it waited for a reader forever (`report -o fifo` hung); one being read (`-o
    >(gzip > r.gz)`, `/dev/stdout` piped on) is written as before."""
    flags = os.O_WRONLY
    if stat.S_ISFIFO(os.stat(path).st_mode):
        flags |= os.O_NONBLOCK  # ENXIO at once when nothing reads it
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno != errno.ENXIO or not flags & os.O_NONBLOCK:
            raise
        raise ConfigError(
            "cannot write: it is a named pipe that no process reads",
            file=str(path),
            hint="start the reader first (e.g. `cat PIPE &`), or write to a file",
        ) from None
    os.set_blocking(fd, True)
    return os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace")


def _text_stream(fd: int) -> TextIO:
    # Agent text may hold lone surrogates, which UTF-8 cannot encode; `\udXXX` escapes
    # them, and inside a JSON string that escape reads back as the same character.
    return os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace", newline="\n")


def _open_temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside `path`; its name carries this process's id."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(path)
        fd, name = new_temporary(path.parent, f".{path.name}.{os.getpid()}.")
    except OSError as error:
        raise _write_error(path, error) from None
    share(fd)
    return fd, name


_RANDOM_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
"""What a temporary file's random part is made of (tempfile's characters)."""
_NEW_PRIVATE = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL  # a name nobody has: never a leftover, never through a link
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def new_temporary(folder: Path, prefix: str) -> tuple[int, str]:
    """A new file `<folder>/<prefix><8 random characters>.tmp` only this user may read (0600)
    and its absolute path, as `tempfile.mkstemp` makes one: without loading tempfile and
    random, which every run's results and history would otherwise import for this alone."""
    folder_name = os.path.abspath(folder)
    for _ in range(100):
        drawn = os.urandom(8)
        random_part = "".join([_RANDOM_CHARACTERS[b % len(_RANDOM_CHARACTERS)] for b in drawn])
        name = os.path.join(folder_name, f"{prefix}{random_part}.tmp")
        try:
            return os.open(name, _NEW_PRIVATE, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", folder_name)


def share(fd: int) -> None:
    """Give a file made by `new_temporary` (0600) the mode `open` would give it: the umask's,
    as fixtures, results and history are shared in CI."""
    with contextlib.suppress(OSError, AttributeError):  # no modes here, or no fchmod (Windows)
        os.fchmod(fd, 0o666 & ~_umask())


def _umask() -> int:
    """The process's umask, read without changing it where Linux says it (/proc)."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", "rb") as status:
        for line in status:  # bytes: no codec to load for a line of digits
            if line.startswith(b"Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)  # elsewhere: set and put back (a short race with other threads)
    os.umask(mask)
    return mask


def _write_temporary(path: Path, text: str) -> tuple[str, TextIO]:
    """A temporary copy of `text` beside `path`, written but not yet synced, and its open
    stream (the caller syncs and closes it)."""
    fd, tmp_name = _open_temporary(path)
    handle = _text_stream(fd)
    try:
        handle.write(text)
        handle.flush()
    except BaseException:
        with contextlib.suppress(OSError):
            handle.close()
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    return tmp_name, handle


_temporary = compiled_on_use(r"\.(.+)\.([0-9]+)\.[A-Za-z0-9_]{8}\.tmp")
"""The name `_open_temporary` gives: `.<name>.<writer pid>.<8 random characters>.tmp`."""


def _remove_stale_temporaries(path: Path) -> None:
    """Remove blame's temporary files in `path`'s folder whose writer no longer runs
    (killed mid-write, kill -9): nothing else, and none that a live writer still owns."""
    for leftover in path.parent.glob(".*.tmp"):
        found = _temporary().fullmatch(leftover.name)
        if found is None or writer_alive(int(found.group(2))):
            continue
        with contextlib.suppress(OSError):  # gone already, or not ours to remove
            leftover.unlink()


def writer_alive(pid: int) -> bool:
    """Whether the process that named a temporary after itself may still be writing it (ours,
    running, or not ours to signal): only a dead writer's leftovers are removed."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


CODE_SUFFIXES = frozenset({".py", ".pyi", ".pyw", ".pyc", ".pyd", ".so"})
"""Code: no report, baseline or prompt section is ever written over it."""


def refuse_overwriting(path: Path, option: str, inputs: Sequence[tuple[Path, str]]) -> None:
    """Raise the ConfigError of an output (`option`, e.g. `--junit-xml`) that names code or
    a file the command reads (`inputs`: (path, what it is)): written, it replaced the user's
    blame.yaml or agent.py, or the results file, with a report. Links are followed."""
    problem: str | None
    try:
        target = path.resolve()
        if target.suffix.lower() in CODE_SUFFIXES:
            problem = f"is code ({target.suffix})"
        else:
            problem = next(
                (f"is {what}" for kept, what in inputs if kept.resolve() == target), None
            )
    except (OSError, RuntimeError):  # a loop of links: the write itself says what is wrong
        return
    if problem is not None:
        raise ConfigError(
            f"{problem}; writing the output here would replace it",
            file=str(path),
            field=option,
            hint="write the output to a file of its own",
        )


def check_writable(path: Path) -> None:
    """Raise now the ConfigError that writing a file at `path` later would end in: a folder
    there, a file where a folder should be, a folder that cannot be written (tried, not asked).
    Output named on the command line is checked before the work that fills it (`--junit-xml .`
    ran every test and then failed). Folders still missing are not made here; the write makes
    them, so the nearest folder that is there is tried."""
    target = path
    try:
        if path.is_symlink():  # the write replaces the file the link names, and names it
            target = _link_target(path)
        if _is_device(target):
            return
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        folder = target.parent
        while not os.path.lexists(folder) and folder.parent != folder:
            folder = folder.parent  # the write makes the missing ones
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
        _probe(folder, target.name)
    except OSError as error:
        raise _write_error(target, error) from None


def _probe(folder: Path, name: str) -> None:
    """Make and remove, in `folder`, the temporary file a write of `name` would make first.
    Asking (os.access) is not enough: to root it says yes to every folder, and the write
    then failed after the run (/proc, /sys, a folder made immutable, root squashed by NFS)."""
    try:
        fd, made = new_temporary(folder, f".{name}.{os.getpid()}.")
    except OSError as error:  # /proc's "No such file or directory" is of the folder, not `name`
        reason = f"no file can be made in {folder} ({error.strerror or error})"
        raise OSError(error.errno, reason, str(folder)) from None
    os.close(fd)
    os.unlink(made)  # a leftover (killed in between) is a dead writer's: the next write removes it


def _write_error(path: Path, error: OSError) -> ConfigError:
    reason = error.strerror or str(error)
    dangling = dangling_folder(path)
    if dangling is not None:  # making the folder said "File exists" (a link is there)
        link, target = dangling
        return ConfigError(
            f"cannot write: the folder {link} is a link to {target}, which does not exist",
            file=str(path),
            hint=f"create {target}, or point the link at a folder that exists",
        )
    try:  # exists() itself raises for a name too long or a loop of links
        blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
        folder = blocking is None and path.is_dir()
    except (OSError, ValueError):
        blocking, folder = None, False
    if blocking is not None:
        reason = f"{blocking} is a file, not a folder"
    elif folder:  # `-o .` or `-o /`: renaming onto a folder reads "Device or resource busy"
        return ConfigError(
            "cannot write: is a folder, not a file",
            file=str(path),
            hint="name a file to write, e.g. inside that folder",
        )
    return ConfigError(
        f"cannot write: {reason}",
        file=str(path),
        hint="write somewhere else, or make that place a writable folder",
    )


@functools.cache
def _sha256() -> Callable[[bytes], Any]:
    """SHA-256 without loading OpenSSL (`hashlib` does: milliseconds of every run for a few
    short digests): Python's own implementation, the same digests; hashlib where a build has
    none."""
    for name in ("_sha2", "_sha256"):  # Python 3.12 and later; 3.11 and earlier
        try:
            found: Callable[[bytes], Any] = importlib.import_module(name).sha256
        except ImportError:
            continue
        return found
    import hashlib

    return hashlib.sha256


def safe_filename(name: str, suffix: str = "") -> str:
    """A file name for `name` that stays inside its folder and never collides with another name.

    A readable slug (letters, digits, `.`, `_`, `-`; no leading dots) plus a short hash of the
    full name: `../../x` becomes `x-<hash>`, and names that slug alike still differ.
    """
    return _safe_stem(name) + suffix


@functools.lru_cache(maxsize=4096)
def _safe_stem(name: str) -> str:
    """`safe_filename` without its suffix, made once per name: a test's fixture and its two
    kept traces are named from the same stem."""
    slug = _UNSAFE.sub("_", name).strip("._-")[:_SLUG_MAX] or "test"
    digest = _sha256()(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slug}-{digest}"


def dangling_folder(path: Path) -> tuple[Path, str] | None:
    """The nearest folder on `path` that is a link to nothing, and the path it names: the
    write neither makes a folder through it (outside the project, perhaps) nor can go on."""
    for folder in path.parents:
        try:
            if not folder.is_symlink():
                continue
            os.stat(folder)
        except FileNotFoundError:  # the link's target, or a folder on the way to it, is gone
            return folder, str(folder.parent / os.readlink(folder))  # as seen from here
        except (OSError, ValueError):  # a loop of links, a name too long: said as it is
            return None
        return None  # a link to something that exists: what is wrong is said otherwise
    return None
