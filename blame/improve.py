"""`blame improve`: turn the last run's patches into prompt changes.

The suggestions come from the results of the last `blame test` (`<output_dir>/results/latest.json`)
or from a fresh replay of the recorded fixtures. They render as Markdown grouped by agent, as
JSON, or as a unified diff against the agents' prompt files (`agents.<Name>.prompt_file`) that
`git apply` accepts; `--apply` writes those files atomically.

Each agent's instructions live in a marked "blame patches" section of its prompt file. Applying
merges the new instructions into that section (sorted, de-duplicated) and rewrites the section
in place, so applying twice changes nothing and a section is never duplicated; instructions from
earlier runs stay until a person deletes them, so fixing a failure does not undo its fix.
Everything is sorted and free of timestamps: the same results give the same bytes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import BlameError, ConfigError
from blame.files import CODE_SUFFIXES, real_path
from blame.frozen import dataclass
from blame.model import SCHEMA_VERSION
from blame.patches import safe_instruction
from blame.results import SuiteResult
from blame.text import clean, json_text, markdown_code, markdown_fence, markdown_text

if TYPE_CHECKING:
    from blame.config import Config

FORMATS = ("md", "diff", "json")
"""What `--format` accepts."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Every instruction suggested for one agent across the failing tests."""

    target: str
    """The agent whose prompt changes."""
    lines: tuple[str, ...]
    """Sorted, de-duplicated instructions, each `- ...` on one line."""
    tests: tuple[str, ...]
    """Sorted names of the tests that suggested them."""
    prompt_file: Path | None = None
    """The agent's declared prompt file (absolute), if any."""
    code: bool = False
    """The target is code, not an agent's prompt (`blame.results.Patch.code`)."""

    @property
    def text(self) -> str:
        """The instructions as one block."""
        return "\n".join(self.lines)


@dataclass(frozen=True, slots=True)
class FileEdit:
    """A prompt file before and after merging its agents' instructions."""

    path: Path
    """The file (absolute)."""
    display: str
    """Its path as written in the diff: relative to the git work tree root, `/`-separated."""
    old: str
    """The current text ("" for a file that does not exist yet)."""
    new: str
    """The text with the blame patches sections merged in."""
    agents: tuple[str, ...]
    """The agents whose sections changed."""
    exists: bool = True
    """False when the diff creates the file."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What `blame improve` prints: the rendering on stdout, notes on stderr."""

    stdout: str
    """The suggestions in the requested format (empty for an empty diff)."""
    notes: tuple[str, ...] = ()
    """One line each, for stderr (agents without a prompt file, files written...)."""
    errors: tuple[str, ...] = ()
    """Replayed tests that could not be evaluated (a plugin that exited or hung): exit 2."""
    warnings: tuple[str, ...] = ()
    """What the import of stored traces skipped, as `FILE: warning` (`blame.importnotes`)."""


def load_results(path: Path) -> SuiteResult:
    """Read `latest.json`; a missing or malformed file is one clear error."""
    if not path.is_file():
        raise BlameError(
            "no results from an earlier run",
            file=str(path),
            hint="run `blame test` first, or pass --replay to replay the recorded fixtures",
        )
    from blame.reports import load_results as read_results

    return read_results(path)


def collect(suite: SuiteResult, prompt_files: Mapping[str, Path | None]) -> tuple[Suggestion, ...]:
    """Merge every test's patches by target agent, sorted by agent."""
    lines: dict[str, set[str]] = {}
    tests: dict[str, set[str]] = {}
    coded: set[str] = set()
    for case in suite.tests:
        for patch in case.patches:
            if patch.code:
                coded.add(patch.target)
            for instruction in patch.instructions:
                line = safe_instruction(instruction)
                if line:
                    lines.setdefault(patch.target, set()).add(f"- {line}")
                    tests.setdefault(patch.target, set()).add(case.name)
    return tuple(
        Suggestion(
            target=target,
            lines=tuple(sorted(lines[target])),
            tests=tuple(sorted(tests[target])),
            prompt_file=None if target in coded else _prompt_file(target, prompt_files),
            code=target in coded,
        )
        for target in sorted(lines)
    )


def _prompt_file(target: str, prompt_files: Mapping[str, Path | None]) -> Path | None:
    """The target's prompt file; a case-insensitive match counts when it is unambiguous."""
    if target in prompt_files:
        return prompt_files[target]
    folded = [name for name in prompt_files if name.casefold() == target.casefold()]
    return prompt_files[folded[0]] if len(folded) == 1 else None


def render_markdown(
    suggestions: Sequence[Suggestion], root: Path | None = None, *, errored: int = 0
) -> str:
    """Markdown grouped by agent; instructions sit in fenced blocks so no text can escape.
    `errored` tests were never attributed, so an empty list then does not mean "all clear"."""
    out = ["# Suggested prompt patches", ""]
    if not suggestions:
        out += [f"{_empty_reason(errored)}.", ""]
    for item in suggestions:
        out += [f"## {markdown_text(clean(item.target))}", ""]
        if item.prompt_file is not None:
            out += [f"Prompt file: {markdown_code(display_path(item.prompt_file, root))}", ""]
        out += [f"From tests: {', '.join(markdown_code(clean(t)) for t in item.tests)}", ""]
        fence = markdown_fence(item.text)
        out += [f"{fence}text", item.text, fence, ""]
    return "\n".join(out)


def _empty_reason(errored: int) -> str:
    """Why there is no suggestion: nothing was attributed, or tests errored before it could be."""
    if errored:
        tests, its = ("1 test", "its") if errored == 1 else (f"{errored} tests", "their")
        return f"No suggestions: {tests} errored, so {its} checks were not attributed"
    return "Nothing to suggest: no failed check was attributed to an agent"


def render_json(suggestions: Sequence[Suggestion], root: Path | None = None) -> str:
    """The suggestions as sorted JSON."""
    data: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "patches": [
            {
                "target": item.target,
                "prompt_file": None
                if item.prompt_file is None
                else display_path(item.prompt_file, root),
                "tests": list(item.tests),
                "instructions": [line[2:] for line in item.lines],
                "text": item.text,
            }
            for item in suggestions
        ],
    }
    return json_text(json.dumps(data, indent=2, ensure_ascii=False)) + "\n"


START = "<!-- blame patches for {agent} (managed by `blame improve --apply`) -->"
"""First line of an agent's section; the section's lines are instructions, one a line."""
END = "<!-- end of blame patches for {agent} -->"
"""Last line of an agent's section."""


def _marker(template: str, agent: str) -> str:
    return template.format(agent=clean(agent).replace("--", "- -"))


def plan_edits(suggestions: Sequence[Suggestion], root: Path | None = None) -> tuple[FileEdit, ...]:
    """The prompt-file changes the suggestions call for; unchanged files are left out."""
    by_file: dict[Path, list[Suggestion]] = {}
    for item in suggestions:
        if item.prompt_file is not None:
            by_file.setdefault(item.prompt_file, []).append(item)
    edits: list[FileEdit] = []
    for path in sorted(by_file):
        exists = path.is_file()
        old = _read_prompt(path) if exists else ""
        new = old
        changed: list[str] = []
        for item in sorted(by_file[path], key=lambda s: s.target):
            merged = merge_section(new, item.target, item.lines, source=str(path))
            if merged != new:
                changed.append(item.target)
                new = merged
        if changed:
            edits.append(
                FileEdit(path, display_path(path, root), old, new, tuple(changed), exists=exists)
            )
    return tuple(sorted(edits, key=lambda e: e.display))


def _read_prompt(path: Path) -> str:
    try:
        with path.open("r", encoding="utf-8", newline="") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise ConfigError(
            "is not UTF-8 text", file=str(path), hint="save the prompt file as UTF-8"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read: {error.strerror}", file=str(path)) from None


def merge_section(text: str, agent: str, lines: Sequence[str], *, source: str = "") -> str:
    """`text` with the agent's section holding its earlier lines plus `lines`, sorted.

    The section is rewritten in place when present and appended otherwise; merging lines that
    are already there returns `text` unchanged.
    """
    eol = "\r\n" if "\r\n" in text else "\n"
    start, end = _marker(START, agent), _marker(END, agent)
    rows = text.split("\n")
    bare = [row.rstrip("\r") for row in rows]
    if start in bare:
        first = bare.index(start)
        if end not in bare[first + 1 :]:
            raise ConfigError(
                f"the blame patches section for {clean(agent)} has a start marker but no "
                "end marker",
                file=source or None,
                hint=f"add the line `{end}` after its instructions, or delete the section",
            )
        last = bare.index(end, first + 1)
        kept = {row.strip() for row in bare[first + 1 : last] if row.strip()}
        merged = sorted(kept | set(lines))
        if merged == [row.strip() for row in bare[first + 1 : last] if row.strip()]:
            return text
        cr = "\r" if eol == "\r\n" else ""
        section = [row + cr for row in (start, *merged, end)]
        return "\n".join(rows[:first] + section + rows[last + 1 :])
    if not lines:
        return text
    block = eol.join([start, *sorted(set(lines)), end]) + eol
    if not text:
        return block
    if not text.endswith("\n"):
        text += eol
    if not text.endswith(eol + eol):
        text += eol
    return text + block


def display_path(path: Path, root: Path | None = None) -> str:
    """`path` relative to `root` (default: its git work tree, else the current folder)."""
    base = root if root is not None else (git_root(path) or real_path(Path.cwd()))
    try:
        return real_path(path).relative_to(real_path(base)).as_posix()
    except ValueError:
        return Path(os.path.relpath(real_path(path), real_path(base))).as_posix()


def git_root(path: Path) -> Path | None:
    """The git work tree holding `path`, found by walking up to a `.git` entry."""
    for folder in [real_path(path), *real_path(path).parents]:
        if (folder / ".git").exists():
            return folder
    return None


PROTECTED_SUFFIXES = CODE_SUFFIXES
"""Code blame never writes a prompt section into, whatever a prompt_file says."""


def check_prompt_target(path: Path, config: Config) -> None:
    """A prompt file blame may change: inside the project (the git work tree holding the
    config, else the config's folder) once links are followed, and neither code nor the
    config itself. `prompt_file: /etc/passwd`, `../../x`, a link out of the project,
    `blame.yaml` or `agent.py` are refused before anything is written."""
    root = git_root(config.base_dir) or config.base_dir
    try:
        target = real_path(path)
        root = real_path(root)
        config_file = real_path(config.path)
    except (OSError, RuntimeError) as error:
        raise ConfigError(f"cannot resolve: {error}", file=str(path)) from None
    field = next(
        (f"agents.{clean(name)}.prompt_file" for name, p in config.agents.items() if p == path),
        None,
    )
    problem = None
    if not target.is_relative_to(root):
        problem = f"is outside the project ({root})"
    elif ".git" in target.relative_to(root).parts:
        problem = "is inside .git"
    elif target == config_file:
        problem = "is the config file itself"
    elif target.suffix.lower() in PROTECTED_SUFFIXES:
        problem = f"is code ({target.suffix}), not a prompt"
    if problem is not None:
        raise ConfigError(
            f"{target} {problem}: blame will not write there",
            file=str(config.path),
            field=field,
            hint="point prompt_file at a text file inside the project",
        )


def render_diff(edits: Sequence[FileEdit]) -> str:
    """A unified diff of the edits that `git apply` accepts (a/ and b/ prefixes)."""
    import difflib

    out: list[str] = []
    for edit in edits:
        name = _diff_name(edit)
        out.append(f"diff --git a/{name} b/{name}\n")
        if not edit.exists:
            out.append("new file mode 100644\n")
        old_name = f"a/{name}" if edit.exists else "/dev/null"
        for row in difflib.unified_diff(
            _git_lines(edit.old), _git_lines(edit.new), old_name, f"b/{name}"
        ):
            out.append(row if row.endswith("\n") else row + "\n\\ No newline at end of file\n")
    return "".join(out)


def _git_lines(text: str) -> list[str]:
    """Lines as git sees them: split on newline only, each keeping its newline."""
    rows = [row + "\n" for row in text.split("\n")]
    rows[-1] = rows[-1][:-1]
    return rows if rows[-1] else rows[:-1]


def _diff_name(edit: FileEdit) -> str:
    name = edit.display
    if name.startswith("../") or any(not ch.isprintable() or ch in '"\\' for ch in name):
        raise ConfigError(
            f"cannot be written into a diff as {name!r}",
            file=str(edit.path),
            hint="keep prompt files inside the project, with plain file names, or use --format md",
        )
    return name


def apply_edits(edits: Sequence[FileEdit]) -> tuple[str, ...]:
    """Write each edited prompt file atomically (keeping its mode); one note per file."""
    from blame.files import atomic_write_text

    notes: list[str] = []
    for edit in edits:
        mode = edit.path.stat().st_mode & 0o7777 if edit.exists else None
        atomic_write_text(edit.path, edit.new)
        if mode is not None:
            os.chmod(edit.path, mode)
        notes.append(f"updated {edit.display} ({', '.join(clean(a) for a in edit.agents)})")
    return tuple(notes)


def improve(
    config: Config,
    *,
    replay: bool = False,
    format: str | None = None,
    apply: bool = False,
    suggest: bool = True,
    verify: int | None = None,
) -> Outcome:
    """The library behind `blame improve`: suggestions from the last run, rendered or applied.
    With `verify` (runs), each prompt-file patch is first tried on a copy of the project and
    the report of pass rates before and after is printed; `apply` then writes only the patches
    that helped."""
    if format is not None and format not in FORMATS:
        raise ConfigError(
            f"unknown format {format!r}", field="--format", hint=f"use one of {', '.join(FORMATS)}"
        )
    declared = {name: path for name, path in config.agents.items() if path is not None}
    skipped: list[str] = []  # what the import of stored traces skipped
    if replay:
        from blame.runner import run_suite

        suite = run_suite(config, replay=True, notes=skipped)
    else:
        suite = load_results(config.settings.output_dir / "results" / "latest.json")
    suggestions = collect(suite, declared)
    chosen = format or ("diff" if declared else "md")
    if verify is not None:
        chosen = "diff"  # verification patches prompt files: they must be declared
    if (chosen == "diff" or apply) and not declared:
        raise ConfigError(
            "no agent declares a prompt_file",
            file=str(config.path),
            field="agents",
            hint="add `agents: {<Name>: {prompt_file: prompts/<name>.md}}`, or use --format md",
        )
    errored = sum(case.error is not None for case in suite.tests)
    notes: list[str] = []
    if not suggestions:
        reason = _empty_reason(errored)
        notes.append(reason[0].lower() + reason[1:])
    if chosen == "diff" or apply:
        notes += [
            (
                f"{clean(item.target)} is {'routing ' if ' -> ' in item.target else ''}code, "
                "not an agent's prompt"
                if item.code  # `blame.patches.on_edge`, `blame.patches.by_code`
                else f"no agents.{clean(item.target)}.prompt_file in {config.path}"
            )
            + ": its patch is not in the diff (see --format md)"
            for item in suggestions
            if item.prompt_file is None
        ]
    edits = plan_edits(suggestions) if chosen == "diff" or apply else ()
    for edit in edits:  # the same rule for --suggest's diff and --apply's writes
        check_prompt_target(edit.path, config)
    stdout = ""
    if verify is not None:
        from blame.verify import render
        from blame.verify import verify as try_out

        failing, verified = try_out(config, edits, verify, notes=skipped)
        stdout = render(failing, verified, verify)
        helpful = {item.edit.path for item in verified if item.edit and item.helped}
        edits = tuple(e for e in edits if e.path in helpful)
        if apply and not edits:
            notes.append("no patch helped: no prompt file was changed")
    elif suggest:
        if chosen == "md":
            stdout = render_markdown(suggestions, errored=errored)
        elif chosen == "json":
            stdout = render_json(suggestions)
        else:
            stdout = render_diff(edits)
            if suggestions and not edits:
                notes.append("the prompt files already hold every suggested instruction")
    if apply and (edits or verify is None):
        written = apply_edits(edits)
        notes += written or ("the prompt files already hold every suggested instruction",)
    errors = tuple(
        clean(case.error, 1000) for case in suite.tests if replay and case.error is not None
    )
    return Outcome(
        stdout=stdout, notes=tuple(dict.fromkeys(notes)), errors=errors, warnings=tuple(skipped)
    )
