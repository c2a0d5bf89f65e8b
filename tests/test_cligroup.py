"""blame's command group: whatever goes wrong ends as one line on stderr and exit 2."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import pytest

TRACE_ONLY = "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: x}]}\n"


@pytest.mark.parametrize(
    ("number", "name"),
    [
        (errno.ENOENT, "FileNotFoundError"),
        (errno.EACCES, "PermissionError"),
        (errno.EISDIR, "IsADirectoryError"),
        (errno.ENAMETOOLONG, "OSError"),
        (errno.ENOSPC, None),  # the output's own errors: "cannot write the output"
    ],
)
def test_an_os_error_blame_did_not_expect_is_one_line_and_exit_2(
    tmp_path: Path, number: int, name: str | None
) -> None:
    """An OSError that no code path turned into a clear error (as GITHUB_STEP_SUMMARY naming
    a missing folder was) printed a traceback and exited 1, the code of a failed check."""
    (tmp_path / "blame.yaml").write_text(TRACE_ONLY)
    script = (
        "import os, blame.runner, blame.cli\n"
        "def broken(*args, **kwargs):\n"
        f"    raise OSError({number}, os.strerror({number}), 'planted')\n"
        "blame.runner.run_suite = broken\n"
        "import sys\nsys.argv = ['blame', 'test']\nblame.cli.main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    if name is None:
        assert done.stderr.startswith("blame: error: cannot write the output: No space left")
    else:
        assert done.stderr.startswith(f"blame: internal error: {name}: [Errno {number}] ")
        assert "'planted'; this is a bug in blame" in done.stderr
