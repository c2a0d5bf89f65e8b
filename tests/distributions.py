"""The repository's distributions, found by their folders: the tests that check every one of them
(packaging, structure, static checks) read them here, so a distribution added under
integrations/ or plugins/ is checked without anyone editing a list."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIBLING_FOLDERS = ("integrations", "plugins")
"""Where the distributions beside the core live, one folder each."""


def siblings() -> list[Path]:
    """The folders of the distributions beside the core: each folder under integrations/ or
    plugins/ that holds a pyproject.toml, built and published from there."""
    found = (p.parent for top in SIBLING_FOLDERS for p in ROOT.glob(f"{top}/*/pyproject.toml"))
    return sorted(found)


def distributions() -> list[Path]:
    """The core (the repository's root, LICENSE and all) and its siblings: what .ci/run
    installs and the classifiers of each must match."""
    return [ROOT, *siblings()]


def examples() -> list[Path]:
    """Example distributions (examples/plugins/*): built by the tests that install them, never
    published, so they keep only some of the rules."""
    return sorted(p.parent for p in ROOT.glob("examples/plugins/*/pyproject.toml"))


def packages(folder: Path) -> list[Path]:
    """The import packages of a sibling or example distribution (its `src/` layout)."""
    return sorted(p for p in (folder / "src").iterdir() if (p / "__init__.py").is_file())


def name(folder: Path) -> str:
    """A distribution's folder as the tests name it: relative to the root, `.` for the core."""
    return folder.relative_to(ROOT).as_posix()
