"""The files a config reads, which no output of blame may be written over: the config itself,
its agents' prompt files (which `blame improve` patches), the stored traces its tests read
(`trace:`), its replay fixtures, and the baseline a run is compared with.

Each writer of a file named on the command line (`blame report -o`, `blame baseline save -o`,
`blame test --junit-xml/--tap`) hands this list to `blame.files.refuse_overwriting`: written,
the report or baseline replaced what the user had, with no copy left.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.files import real_path, safe_filename

if TYPE_CHECKING:
    from blame.config import Config

UserFiles = list[tuple[Path, str]]
"""(resolved path, what it is) of each file, as `refuse_overwriting` takes them."""


def files_read(config: Config, *, baseline: Path | None = None) -> UserFiles:
    """The files `config` reads (and `baseline`, when a run is compared with one)."""
    return _listed(
        config.path,
        config.settings.fixtures_dir,
        config.agents.items(),
        [(test.name, test.trace) for test in config.tests],
        baseline,
    )


def files_read_by(config: Path | None) -> UserFiles:
    """The files the config at `config` reads (./blame.yaml when None), read without its
    checks or plugins, for the commands that only render or keep results; just the config
    when there is no such file. Its settings are read as `load_settings` reads them (a bad
    one is an error as ever); a prompt file or a test it cannot read names no file here."""
    from blame.reports import DEFAULT_CONFIG

    path = config or DEFAULT_CONFIG
    if not path.is_file():
        return [(path, "the config file")]
    from blame.config import load_settings
    from blame.yamlfile import read_yaml

    fixtures_dir = load_settings(path).fixtures_dir  # a bad setting is said as ever
    data = read_yaml(path)
    base = real_path(path).parent
    agents = data.get("agents")
    prompts: list[tuple[str, Path | None]] = []
    for name, spec in agents.items() if isinstance(agents, Mapping) else ():
        prompt = spec.get("prompt_file") if isinstance(spec, Mapping) else spec
        if isinstance(name, str):
            prompts.append((name, _resolved(base, prompt)))
    tests: list[tuple[str, Path | None]] = []
    for item in data.get("tests") if isinstance(data.get("tests"), list) else ():
        name = item.get("name") if isinstance(item, Mapping) else None
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)  # as `load_config` names it
        if isinstance(name, str):
            tests.append((name, _resolved(base, item.get("trace"))))
    return _listed(path, fixtures_dir, prompts, tests, None)


def _resolved(base: Path, value: Any) -> Path | None:
    """`value`, a path relative to the config's folder, with its links followed; None when
    it is no path."""
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        return None
    try:
        return real_path(base / value)
    except (OSError, ValueError):
        return None


def _listed(
    config: Path,
    fixtures_dir: Path,
    prompts: Iterable[tuple[str, Path | None]],
    tests: Iterable[tuple[str, Path | None]],
    baseline: Path | None,
) -> UserFiles:
    files: UserFiles = [(config, "the config file")]
    files += [(p, f"the prompt file of agent {name!r}") for name, p in prompts if p is not None]
    for name, trace in tests:
        if trace is not None:
            files.append((trace, f"the stored trace of test {name!r}"))
        else:
            fixture = fixtures_dir / safe_filename(name, ".json")
            files.append((fixture, f"the replay fixture of test {name!r}"))
    if baseline is not None:
        files.append((baseline, "the baseline"))
    resolved: UserFiles = []
    for path, what in files:
        try:
            resolved.append((real_path(path), what))
        except OSError:
            continue
    return resolved
