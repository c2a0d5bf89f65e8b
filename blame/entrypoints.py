"""Installed distributions' `blame.*` entry points, read once per process.

`importlib.metadata` costs tens of milliseconds to import and parses a distribution's METADATA
(an e-mail parser) each time a name or version is asked for. blame needs neither: each
`*.dist-info` folder's name already says the distribution and its version, and its
`entry_points.txt` is a small INI file. So one scan of sys.path reads only those files, and its
result (immutable) is kept for the process: a second run in the same process, or a second
registry, costs nothing.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from typing import Any

from blame.frozen import dataclass

PREFIX = "blame."
"""Only entry-point groups starting with this are kept."""


@dataclass(frozen=True, slots=True)
class Declared:
    """One entry point an installed distribution declares, not yet imported."""

    group: str
    """Entry-point group, e.g. `blame.evaluators`."""
    name: str
    """The registered name (check type, agent type, trace format...)."""
    value: str
    """`module:attr` as written in the distribution's metadata."""
    distribution: str
    """The distribution's normalised name, e.g. `blame-jsonschema`."""
    version: str
    """The distribution's version; empty when its metadata does not say."""

    def load(self) -> Any:
        """Import the module and return the named object."""
        module_name, _, attrs = self.value.partition("[")[0].strip().partition(":")
        found: Any = importlib.import_module(module_name.strip())
        for part in filter(None, attrs.strip().split(".")):
            found = getattr(found, part)
        return found


def normalize(name: str) -> str:
    """A distribution name as pip compares them: lower case, runs of `-_.` as one `-`."""
    return "-".join(filter(None, name.replace("_", "-").replace(".", "-").lower().split("-")))


def installed() -> tuple[Declared, ...]:
    """Every `blame.*` entry point on the current sys.path, sorted by group, name, source.

    A distribution found in two sys.path entries counts once: the first wins, as for imports.
    """
    found: list[Declared] = []
    seen: set[str] = set()
    for entry in sys.path:
        for distribution, declared in _scan(entry or "."):
            if distribution not in seen:
                seen.add(distribution)
                found.extend(declared)
    return tuple(sorted(found, key=lambda d: (d.group, d.name, d.distribution, d.value)))


@cache
def _scan(entry: str) -> tuple[tuple[str, tuple[Declared, ...]], ...]:
    """`(distribution, its blame entry points)` for each distribution in one sys.path entry."""
    found = []
    for folder, stem in _metadata_folders(entry):
        name, _, version = stem.partition("-")
        distribution = normalize(name)
        data = _read(folder + "/entry_points.txt")
        declared: list[Declared] = []
        # Most distributions declare no blame entry point: only their bytes are looked at.
        if data is not None and _PREFIX_BYTES in data and PREFIX in (text := _text(data)):
            if not version or folder.endswith(".egg-info"):
                version = _egg_version(folder) or version
            declared = _parse(text, distribution, version.partition("-")[0])
        found.append((distribution, tuple(declared)))
    return tuple(found)


def _metadata_folders(entry: str) -> list[tuple[str, str]]:
    """`(folder, name-version)` of each `*.dist-info`/`*.egg-info` folder in a sys.path entry."""
    try:
        names = sorted(os.listdir(entry))
    except OSError:  # a zip file, a missing folder: nothing blame can read cheaply
        return []
    folders = []
    prefix = entry if entry.endswith("/") else entry + "/"  # os.path.join's, without a call each
    for name in names:
        if name.endswith(_SUFFIXES):
            folders.append((prefix + name, name.rpartition(".")[0]))
    return folders


_SUFFIXES = (".dist-info", ".egg-info")
_PREFIX_BYTES = PREFIX.encode()


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _text(data: bytes | None) -> str:
    """A file's UTF-8 text; empty when it could not be read (None) or is not UTF-8."""
    try:
        return data.decode("utf-8") if data is not None else ""
    except UnicodeDecodeError:
        return ""


def _egg_version(folder: str) -> str:
    """The Version line of an egg-info's PKG-INFO (its folder name has no version)."""
    for line in _text(_read(folder + "/PKG-INFO")).splitlines():
        if line.startswith("Version:"):
            return line.partition(":")[2].strip()
        if not line.strip():  # the headers end at the first blank line
            break
    return ""


def _parse(text: str, distribution: str, version: str) -> list[Declared]:
    """The `[blame.*]` sections of an entry_points.txt (INI: `name = module:attr`)."""
    found = []
    group = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif group.startswith(PREFIX) and "=" in line:
            name, _, value = line.partition("=")
            found.append(Declared(group, name.strip(), value.strip(), distribution, version))
    return found
