"""Import a module of the user's project (an entrypoint, a local plugin): the one place that
puts the config's folder on sys.path.

The folder goes first on sys.path, as Python does for a script's folder, so the project's
modules import each other. But a project file must never replace a module blame or its
dependencies import: a `secrets.py` or `regex.py` beside blame.yaml would otherwise be what
blame's own `import secrets` gets. A guard at the front of `sys.meta_path` serves such a name
(a standard-library module, or one found elsewhere on sys.path) from where it would come
without the project, and says once which project file is left out and why.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from blame.files import LOOP, loops, real_path

SUFFIXES = tuple(importlib.machinery.all_suffixes())
"""File endings that make a module (`.py`, `.pyc`, extension modules)."""


class ProjectModuleError(ImportError):
    """The project's module cannot be imported under its name; the message says why in full."""


class ShadowError(ProjectModuleError):
    """The project's module has the name of a module blame or its dependencies use."""


def import_project_module(module_name: str, base_dir: Path, *, fresh: bool = False) -> ModuleType:
    """Import `module_name` with `base_dir` first on sys.path.

    A module of that name imported earlier from another folder (another example, another
    config) is dropped first, so the one beside the config is what runs; `fresh` drops it even
    when it came from this folder (a local plugin's top-level code runs on each config load).
    Raises ShadowError when the module's name is taken by a standard-library or installed one,
    ProjectModuleError when its file is a link that cannot be followed (Python then says only
    "No module named", as if there were no file).
    """
    folder = real_path(base_dir)
    guard = _guard()
    guard.add(folder)
    top = module_name.split(".")[0]
    shadowed = guard.shadowed(top, folder)
    if shadowed is not None:
        raise ShadowError(shadowed)
    entry = str(folder)
    if entry in sys.path:
        sys.path.remove(entry)
    sys.path.insert(0, entry)
    existing = sys.modules.get(top)
    mine = top in guard.folders[folder]
    if existing is not None and mine and (fresh or not _lives_in(existing, folder)):
        for name in [n for n in sys.modules if n == top or n.startswith(top + ".")]:
            del sys.modules[name]
        importlib.invalidate_caches()
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        broken = _broken_link(folder, top) if error.name == top else None
        if broken is not None:
            raise ProjectModuleError(broken) from None
        raise


def _broken_link(folder: Path, top: str) -> str | None:
    """What is wrong with the project's `top.py` (or package folder `top`) when it is a link
    that leads nowhere: to itself, round a loop of links, or to a file that is gone."""
    for candidate in (folder / f"{top}.py", folder / top):
        if not os.path.islink(candidate):
            continue
        if loops(candidate):
            why = LOOP
        elif not os.path.exists(candidate):
            why = f"is a link to {os.readlink(candidate)}, which does not exist"
        else:
            continue
        return f"{candidate} {why}; replace it with the module's file"
    return None


def _lives_in(module: ModuleType, folder: Path) -> bool:
    location = getattr(module, "__file__", None)
    return isinstance(location, str) and real_path(location).is_relative_to(folder)


def module_names(folder: Path) -> frozenset[str]:
    """The top-level module names a folder provides: `name.py` files and package folders."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return frozenset()
    names = set()
    for entry in entries:
        stem, dot, _ = entry.name.partition(".")
        if not stem.isidentifier():
            continue
        if entry.name.endswith(SUFFIXES) if dot else _is_folder(entry):
            names.add(stem)
    return frozenset(names)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether an entry is a folder (a link to one too); a loop of links is none: `is_dir()`
    raised OSError for it, and a project holding one failed to import its agent ("importing
    'pipeline' raised OSError ... fix the error in that module")."""
    try:
        return entry.is_dir()
    except OSError:
        return False


class ProjectGuard(importlib.abc.MetaPathFinder):
    """Keeps project files from replacing standard-library and installed modules."""

    def __init__(self) -> None:
        self.folders: dict[Path, frozenset[str]] = {}
        self.warned: set[tuple[Path, str]] = set()

    def add(self, folder: Path) -> None:
        """Guard imports against the modules of one more project folder."""
        if folder not in self.folders:
            self.folders[folder] = module_names(folder)

    def shadowed(self, name: str, folder: Path) -> str | None:
        """Why the project's `name` cannot be imported (it would shadow), or None."""
        if name not in self.folders.get(folder, ()):
            return None
        real = self._real(name)
        if real is None:
            return None
        return (
            f"{_shown(folder, name)} has the name of {real}, which blame or its dependencies "
            f"may import; rename {name} (and the imports of it)"
        )

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The real module's spec for a top-level name a project folder also has, else None."""
        if path is not None or "." in fullname:
            return None
        folders = [f for f, names in self.folders.items() if fullname in names]
        if not folders:
            return None
        spec = self._elsewhere(fullname)
        if spec is None:
            return None  # only the project has it: the normal import finds it there
        for folder in folders:
            if (folder, fullname) not in self.warned:
                self.warned.add((folder, fullname))
                from blame.text import printable  # a folder name may carry escapes

                line = (
                    f"blame: warning: {_shown(folder, fullname)} is not imported: "
                    f"{fullname!r} is {_kind(fullname, spec)}; rename the project's file if "
                    "your code means it"
                )
                sys.stderr.write(printable(line) + "\n")
        return spec

    def _real(self, name: str) -> str | None:
        spec = self._elsewhere(name)
        return None if spec is None else _kind(name, spec)

    def _elsewhere(self, name: str) -> importlib.machinery.ModuleSpec | None:
        """Where `name` comes from when the project folders are left out, if anywhere."""
        path = []
        for entry in sys.path:
            try:
                where = real_path(entry or os.getcwd())
            except (OSError, ValueError):
                continue
            if where not in self.folders:
                path.append(entry)
        for finder in sys.meta_path:
            if finder is self:
                continue
            try:
                if finder is importlib.machinery.PathFinder:
                    spec = importlib.machinery.PathFinder.find_spec(name, path)
                else:
                    find = getattr(finder, "find_spec", None)
                    spec = find(name, None) if find is not None else None
            except (ImportError, ValueError):
                continue
            if spec is not None and not self._inside(spec):
                return spec
        return None

    def _inside(self, spec: importlib.machinery.ModuleSpec) -> bool:
        """Whether a spec points into a project folder (a finder that searched sys.path)."""
        origin = spec.origin
        if not origin or not os.path.isabs(origin):
            return False
        return any(real_path(origin).is_relative_to(folder) for folder in self.folders)


def _kind(name: str, spec: importlib.machinery.ModuleSpec) -> str:
    if name in sys.stdlib_module_names:
        return "a standard-library module"
    return f"an installed module ({spec.origin or name})"


def _shown(folder: Path, name: str) -> str:
    for candidate in (f"{name}.py", name):
        if (folder / candidate).exists():
            return str(folder / candidate)
    return str(folder / name)


def _guard() -> ProjectGuard:
    """The process's guard, at the front of sys.meta_path (installed on first use)."""
    for finder in sys.meta_path:
        if isinstance(finder, ProjectGuard):
            return finder
    guard = ProjectGuard()
    sys.meta_path.insert(0, guard)
    return guard
