"""`blame improve --verify` for real: the example's patches tried on a copy of the project."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from blame.config import load_config
from blame.errors import ConfigError
from blame.improve import collect, plan_edits
from blame.runner import run_suite
from blame.verify import Rate, render, verify
from tests.conftest import EXAMPLES


def _project(tmp_path: Path, name: str = "confirm_pipeline") -> Path:
    target = tmp_path / name
    shutil.copytree(EXAMPLES / name, target, ignore=shutil.ignore_patterns(".blame"))
    return target / "blame.yaml"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_each_patch_alone_then_all_together(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path))
    declared = {k: v for k, v in config.agents.items() if v is not None}
    edits = plan_edits(collect(run_suite(config), declared))
    untouched = _files(config.base_dir)
    temps = set(Path(tempfile.gettempdir()).glob("blame-verify-*"))
    failing, verified = verify(config, edits, runs=3)
    assert _files(config.base_dir) == untouched  # the originals, byte for byte
    assert set(Path(tempfile.gettempdir()).glob("blame-verify-*")) == temps  # copy removed
    assert failing == ("order_reply",)
    none, all_ = Rate(0, 3), Rate(3, 3)
    test, ref, draft = (
        "order_reply",
        "order_reply: contains:ref=ZX-4471",
        "order_reply: not_contains:DRAFT",
    )
    assert [(v.edit and v.edit.agents, v.rates, v.helped) for v in verified] == [
        (("Editor",), ((test, none, none), (ref, none, none), (draft, none, all_)), True),
        (("Writer",), ((test, none, none), (ref, none, all_), (draft, none, none)), True),
        (None, ((test, none, all_), (ref, none, all_), (draft, none, all_)), True),
    ]
    assert render(failing, verified, 3).splitlines()[-4:] == [
        "all patches together: helps",
        "  order_reply: 0/3 [0.00, 0.56] -> 3/3 [0.44, 1.00]",
        "  order_reply: contains:ref=ZX-4471: 0/3 [0.00, 0.56] -> 3/3 [0.44, 1.00]",
        "  order_reply: not_contains:DRAFT: 0/3 [0.00, 0.56] -> 3/3 [0.44, 1.00]",
    ]


def test_a_patch_the_pipeline_ignores_does_not_help(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path, "simple_agent"))
    declared = {k: v for k, v in config.agents.items() if v is not None}
    edits = plan_edits(collect(run_suite(config, name_filter="median"), declared))
    failing, verified = verify(config, edits, runs=2)
    assert failing == ("median",)
    assert verified and not any(v.helped or v.hurt for v in verified)
    assert "prompts/coder.md (CoderAgent): does not help" in render(failing, verified, 2)


def test_nothing_to_verify_when_every_test_passes(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path, "passing_agent"))
    assert verify(config, (), runs=2) == ((), ())
    assert render((), (), 2) == "every test passed in 2 runs before any patch: nothing to verify\n"


def test_a_prompt_file_outside_the_project_is_a_clear_error(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path))
    declared = {k: v for k, v in config.agents.items() if v is not None}
    (edit, *_) = plan_edits(collect(run_suite(config), declared))
    from dataclasses import replace

    outside = replace(edit, path=tmp_path / "elsewhere.md", display="../elsewhere.md")
    with pytest.raises(ConfigError, match=r"\.\./elsewhere\.md is outside the project folder"):
        verify(config, (outside,), runs=1)
    with pytest.raises(ConfigError, match="--runs: must be at least 1"):
        verify(config, (), runs=0)
