"""`python -m blame` behaves as the `blame` script: the working folder is not on sys.path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from blame.testing import chain


def test_a_module_in_the_working_folder_is_not_what_blame_imports(tmp_path: Path) -> None:
    """Run from the project folder, blame's own `import regex` got the project's regex.py."""
    (tmp_path / "t.json").write_text(chain(("A", "The answer is 42")).to_json(), "utf-8")
    (tmp_path / "blame.yaml").write_text(
        "tests:\n  - name: t\n    trace: t.json\n    checks:\n"
        '      - {type: regex, value: "answer is \\\\d+"}\n',
        encoding="utf-8",
    )
    (tmp_path / "regex.py").write_text("raise RuntimeError('project regex.py')\n", "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test", "--json"],
        cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"}, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["passed"] is True
