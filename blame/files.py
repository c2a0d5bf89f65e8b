"""Safe file writing: atomic replacement and file names derived from untrusted text."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from blame.errors import ConfigError

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_SLUG_MAX = 60


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so readers see the old file or the new one, never half of it.

    The temporary file lives in the same folder so `os.replace` is a rename on one file system.
    A place that cannot be written (a file where a folder should be, no permission, a full
    disk) is a ConfigError naming the path.
    """
    with atomic_writer(path) as handle:
        assert handle is not None
        handle.write(text)


@contextlib.contextmanager
def atomic_writer(path: Path | None) -> Iterator[TextIO | None]:
    """A text stream that replaces `path` when the block ends well; None when `path` is None.

    For output written piece by piece (one JSON line per trace): readers see the old file or
    the whole new one, and an interrupted run leaves no half file behind.
    """
    if path is None:
        yield None
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise _write_error(path, error) from None
    try:
        # Agent text may hold lone surrogates, which UTF-8 cannot encode; `\udXXX` escapes
        # them, and inside a JSON string that escape reads back as the same character.
        with os.fdopen(
            fd, "w", encoding="utf-8", errors="backslashreplace", newline="\n"
        ) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException as error:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        if isinstance(error, OSError):
            raise _write_error(path, error) from None
        raise


def _write_error(path: Path, error: OSError) -> ConfigError:
    reason = error.strerror or str(error)
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        reason = f"{blocking} is a file, not a folder"
    return ConfigError(
        f"cannot write: {reason}",
        file=str(path),
        hint="write somewhere else, or make that place a writable folder",
    )


def safe_filename(name: str, suffix: str = "") -> str:
    """A file name for `name` that stays inside its folder and never collides with another name.

    A readable slug (letters, digits, `.`, `_`, `-`; no leading dots) plus a short hash of the
    full name: `../../x` becomes `x-<hash>`, and names that slug alike still differ.
    """
    slug = _UNSAFE.sub("_", name).strip("._-")[:_SLUG_MAX] or "test"
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slug}-{digest}{suffix}"
