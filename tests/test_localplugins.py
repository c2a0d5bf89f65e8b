"""Local plugins load into one run's registry; register() works only while they load."""

from __future__ import annotations

from pathlib import Path

import pytest

from blame.context import RunContext
from blame.errors import PluginError
from blame.plugins import register, register_evaluator


class _Shouty:
    type = "shouty_local"

    def validate(self, params: object) -> None:
        return None

    def label(self, params: object) -> str:
        return "shouty_local"

    def evaluate(self, check: object, trace: object) -> object:
        raise NotImplementedError


@pytest.mark.parametrize("call", [register, register_evaluator])
def test_register_outside_a_config_load_is_an_error(call: object) -> None:
    with pytest.raises(PluginError) as caught:
        call(_Shouty)  # type: ignore[operator]
    assert caught.value.format() == (
        f"cannot register {__name__}._Shouty object: no config's plugins are being "
        "loaded; call register() from a module or function listed under plugins: in "
        "blame.yaml, or use a Registry's add_local()"
    )


def test_a_plugin_module_named_like_a_stdlib_module_is_refused(tmp_path: Path) -> None:
    (tmp_path / "colorsys.py").write_text("blame_plugins = []\n", encoding="utf-8")
    with pytest.raises(PluginError) as caught:
        RunContext().load_local(["colorsys"], base_dir=tmp_path, file="blame.yaml")
    assert caught.value.format() == (
        f"blame.yaml: plugins[0]: {tmp_path.resolve() / 'colorsys.py'} has the name of a "
        "standard-library module, which blame or its dependencies may import; rename colorsys "
        "(and the imports of it)"
    )


def test_a_plugin_module_that_is_a_link_loop_is_named(tmp_path: Path) -> None:
    (tmp_path / "loop_plugin.py").symlink_to("loop_plugin.py")
    with pytest.raises(PluginError) as caught:
        RunContext().load_local(["loop_plugin"], base_dir=tmp_path, file="blame.yaml")
    assert caught.value.format().startswith("blame.yaml: plugins[0]: ")
    assert "loop_plugin.py is a link that leads back to itself" in caught.value.format()


def test_each_run_gets_its_own_copy_of_a_module_level_register(tmp_path: Path) -> None:
    (tmp_path / "reg_plugin_xyz.py").write_text(
        "from blame.plugins import register\n"
        "from tests.test_localplugins import _Shouty\n"
        "register(_Shouty)\n",
        encoding="utf-8",
    )
    first, second = RunContext(), RunContext()
    first.load_local(["reg_plugin_xyz"], base_dir=tmp_path)
    second.load_local(["reg_plugin_xyz"], base_dir=tmp_path)
    assert first.check_type("shouty_local") is not second.check_type("shouty_local")
    assert "shouty_local" not in RunContext().check_type_names()
