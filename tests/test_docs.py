"""The documentation runs: every example in docs/ and README is executed, the site builds strictly.

The conventions are stated in docs/contributing-docs.md. In short, every fenced block is run
according to its language, in a temporary copy of `examples/` shared by the blocks of one page:

- `python`: executed, the page's blocks in order in one namespace;
- `bash`/`sh`/`shell`/`console`: run by bash; each command must exit 0 unless a
  `<!-- test: exit N -->` comment before the block allows N; `pip install` commands are not run
  (the suite runs in the environment they make);
- `yaml`: loaded through blame's config loader (`checks:` files through the checks-file loader);
- `<!-- test: output -->` before a block makes it the expected stdout of the block before it
  (`...` on a line of its own matches any lines);
- `<!-- test: file PATH -->` writes the block to PATH first (and still runs it);
- `<!-- test: excerpt PATH -->` makes it a verbatim excerpt of the repository file PATH, which
  must still hold it (a fragment of an example's blame.yaml or pyproject.toml);
- `<!-- test: skip REASON -->` does not run it; the reason is required.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
SHELLS = {"bash", "sh", "shell", "console"}
RUN_LANGS = SHELLS | {"python", "py", "yaml", "yml"}
RUN_DIRECTIVES = {"output", "file", "excerpt"}
"""Directives that make a block of another language checked."""
NOT_RUN_LANGS = {"text", "toml", "json", "diff", "markdown", "md", "mermaid", ""}
FENCE = re.compile(r"^(?P<indent> *)(?P<ticks>`{3,}|~{3,})(?P<info>[^`]*)$")
DIRECTIVE = re.compile(r"^\s*<!--\s*test:\s*(?P<what>\w+)\s*(?P<arg>.*?)\s*-->\s*$")
SHELL_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "BLAME_NO_WARN": "1"}


@dataclass(frozen=True, slots=True)
class Block:
    """One fenced block of a Markdown page."""

    page: Path
    """The Markdown file."""
    line: int
    """1-based line of the opening fence."""
    lang: str
    """First word of the info string, lower case."""
    text: str
    """The block's content, its indentation removed."""
    directives: dict[str, str] = field(default_factory=dict)
    """`<!-- test: WHAT ARG -->` comments right before the block."""

    @property
    def where(self) -> str:
        """`page:line` for messages."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page with the test directives written just before each."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    pending: dict[str, str] = {}
    i = 0
    while i < len(lines):
        directive = DIRECTIVE.match(lines[i])
        if directive:
            pending[directive["what"]] = directive["arg"]
            i += 1
            continue
        fence = FENCE.match(lines[i])
        if not fence:
            if lines[i].strip():
                pending = {}
            i += 1
            continue
        indent, ticks = len(fence["indent"]), fence["ticks"]
        info = fence["info"].strip()
        body: list[str] = []
        start = i + 1
        i += 1
        while i < len(lines) and lines[i].strip() != ticks:
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        i += 1
        lang = info.split()[0].lower().lstrip(".{") if info else ""
        found.append(Block(page, start, lang, "\n".join(body) + "\n", pending))
        pending = {}
    return found


def all_pages() -> list[Path]:
    """Every page whose examples run: the docs and README."""
    return [*PAGES, ROOT / "README.md"]


def test_every_block_has_a_known_language_and_a_reason_to_skip() -> None:
    problems = []
    for page in all_pages():
        for block in blocks(page):
            if block.lang not in RUN_LANGS | NOT_RUN_LANGS:
                problems.append(f"{block.where}: unknown language {block.lang!r}")
            if "skip" in block.directives and not block.directives["skip"]:
                problems.append(f"{block.where}: `test: skip` needs a reason")
            unknown = set(block.directives) - {
                "skip",
                "output",
                "exit",
                "file",
                "stderr",
                "excerpt",
            }
            if unknown:
                problems.append(f"{block.where}: unknown test directive {sorted(unknown)}")
    assert not problems, "\n".join(problems)


def test_no_config_example_goes_unchecked() -> None:
    """A config shown (a blame.yaml fragment, a pyproject entry point) runs, is an excerpt of a
    file the suite checks, or says why not: shown as plain text it could drift from the example."""
    unchecked = [
        block.where
        for page in all_pages()
        for block in blocks(page)
        if not block.directives.keys() & {"skip", "excerpt", "file", "output"}
        and (block.lang == "toml" or (block.lang == "text" and "checks:" in block.text))
    ]
    assert not unchecked, unchecked


@pytest.mark.parametrize(("text", "holds"), [("  - name: t\n", True), ("  - name: u\n", False)])
def test_an_excerpt_must_still_be_in_its_file(tmp_path: Path, text: str, holds: bool) -> None:
    source = tmp_path / "blame.yaml"
    source.write_text("tests:\n  - name: t\n", encoding="utf-8")
    block = Block(ROOT / "README.md", 1, "yaml", text, {"excerpt": str(source)})
    if holds:
        expect_excerpt(block)
    else:
        with pytest.raises(AssertionError, match="no longer an excerpt of"):
            expect_excerpt(block)


# -- running a page ---------------------------------------------------------------------------


def _copy_examples(workdir: Path) -> None:
    shutil.copytree(
        ROOT / "examples",
        workdir / "examples",
        ignore=shutil.ignore_patterns(".blame", "__pycache__", ".pytest_cache"),
    )
    subprocess.run(["git", "init", "-q", str(workdir)], check=True)


def _shell_script(text: str) -> str:
    """The block as a script: install commands dropped, every failing command recorded."""
    kept = []
    for line in text.splitlines():
        if "pip install" in line:
            _, sep, rest = line.partition("&&")
            if not sep:
                continue
            line = rest.strip()
        kept.append(line)
    trap = 'trap \'echo "$? $BASH_COMMAND" >> "$BLAME_DOC_EXITS"\' ERR\n'
    return trap + "\n".join(kept) + "\n"


@dataclass
class PageRun:
    """The state shared by the blocks of one page."""

    workdir: Path
    namespace: dict[str, object] = field(default_factory=dict)
    last_stdout: str | None = None
    last_block: Block | None = None

    def run(self, block: Block) -> None:
        if "excerpt" in block.directives:
            expect_excerpt(block)
            return
        if "file" in block.directives:
            target = self.workdir / block.directives["file"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.text, encoding="utf-8")
        if "output" in block.directives:
            assert self.last_stdout is not None, f"{block.where}: no example before this output"
            expect_output(block, self.last_stdout)
            return
        if block.lang in SHELLS:
            self.last_stdout = self.shell(block)
        elif block.lang in {"python", "py"}:
            self.last_stdout = self.python(block)
        elif block.lang in {"yaml", "yml"}:
            self.yaml(block)
            self.last_stdout = None
        self.last_block = block

    def shell(self, block: Block) -> str:
        exits = self.workdir / ".exits"
        exits.write_text("")
        env = {**os.environ, **SHELL_ENV, "BLAME_DOC_EXITS": str(exits)}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env.pop("GITHUB_ACTIONS", None)
        done = subprocess.run(
            ["bash", "-c", _shell_script(block.text)],
            cwd=self.workdir,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        allowed = {0, *(int(code) for code in block.directives.get("exit", "").split(",") if code)}
        failures = [line for line in exits.read_text().splitlines() if line]
        bad = [line for line in failures if int(line.split()[0]) not in allowed]
        assert not bad, f"{block.where}: {bad}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
        if "exit" in block.directives:
            codes = {int(line.split()[0]) for line in failures}
            assert codes, f"{block.where}: no command exited with {allowed - {0}}"
        out = done.stdout + (done.stderr if "stderr" in block.directives else "")
        return out.replace(str(self.workdir) + os.sep, "").replace(str(self.workdir), ".")

    def python(self, block: Block) -> str:
        buffer = io.StringIO()
        code = compile(block.text, block.where, "exec")
        with contextlib.redirect_stdout(buffer):
            exec(code, self.namespace)
        return buffer.getvalue()

    def yaml(self, block: Block) -> None:
        from blame.config import load_checks_file, load_config
        from blame.context import RunContext

        data = yaml.safe_load(block.text)
        path = self.workdir / block.directives.get("file", "examples/doc-example.yaml")
        if "file" not in block.directives:
            path.write_text(block.text, encoding="utf-8")
        if isinstance(data, dict) and "tests" not in data and "checks" in data:
            load_checks_file(path, context=RunContext())
        else:
            load_config(path, context=RunContext())


def expect_excerpt(block: Block) -> None:
    """The block is a verbatim excerpt of a repository file (an example's config, a pyproject)."""
    source = ROOT / block.directives["excerpt"]
    assert source.is_file(), (
        f"{block.where}: excerpt of {block.directives['excerpt']}: no such file"
    )
    if block.text not in source.read_text(encoding="utf-8"):
        raise AssertionError(
            f"{block.where}: no longer an excerpt of {block.directives['excerpt']}; copy it again"
        )


def _normalise(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    return lines


def _matches(expected: list[str], actual: list[str]) -> bool:
    """`...` on a line of its own matches any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


def expect_output(block: Block, actual: str) -> None:
    """The shown output is what the example printed (BLAME_UPDATE_DOCS=1 rewrites it)."""
    want, got = _normalise(block.text), _normalise(actual)
    if _matches(want, got):
        return
    if os.environ.get("BLAME_UPDATE_DOCS") == "1" and "..." not in want:
        _rewrite_block(block, got)
        return
    raise AssertionError(f"{block.where}: output differs; the example printed:\n{actual}")


def _rewrite_block(block: Block, lines: list[str]) -> None:
    """Replace the block's body in its page with `lines` (keeping its indentation)."""
    page = block.page.read_text(encoding="utf-8").splitlines(keepends=True)
    start = block.line + _SHIFT.get(block.page, 0)
    opening = page[start - 1]
    indent = opening[: len(opening) - len(opening.lstrip())]
    ticks = re.match(r"`{3,}|~{3,}", opening.strip())
    assert ticks is not None
    end = start
    while page[end].strip() != ticks.group():
        end += 1
    page[start:end] = [f"{indent}{line}".rstrip() + "\n" for line in lines]
    _SHIFT[block.page] = _SHIFT.get(block.page, 0) + len(lines) - (end - start)
    block.page.write_text("".join(page), encoding="utf-8")


_SHIFT: dict[Path, int] = {}
"""Lines added to a page by rewrites so far, for the blocks after them."""


@contextlib.contextmanager
def _isolated(workdir: Path) -> Iterator[None]:
    """Run in `workdir` with it on sys.path; forget modules imported from it afterwards."""
    before = set(sys.modules)
    saved_path = list(sys.path)
    cwd = Path.cwd()
    sys.path.insert(0, str(workdir))
    os.chdir(workdir)
    try:
        yield
    finally:
        os.chdir(cwd)
        sys.path[:] = saved_path  # blame puts a config's folder on sys.path too
        importlib.invalidate_caches()
        _forget_project_folders(workdir)
        for name in set(sys.modules) - before:
            module_file = getattr(sys.modules[name], "__file__", None) or ""
            if module_file.startswith(str(workdir)):
                del sys.modules[name]


def _forget_project_folders(workdir: Path) -> None:
    """Drop the page's folders from blame's process-wide import guard, as a new process would."""
    from blame.userimport import ProjectGuard

    for finder in sys.meta_path:
        if isinstance(finder, ProjectGuard):
            for folder in [f for f in finder.folders if f.is_relative_to(workdir.resolve())]:
                del finder.folders[folder]
            finder.warned = {(f, n) for f, n in finder.warned if f in finder.folders}


def _page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", all_pages(), ids=_page_id)
def test_examples_run(page: Path, tmp_path: Path) -> None:
    runnable = [block for block in blocks(page) if "skip" not in block.directives]
    if not any(b.lang in RUN_LANGS or b.directives.keys() & RUN_DIRECTIVES for b in runnable):
        pytest.skip("no runnable examples on this page")
    _copy_examples(tmp_path)
    run = PageRun(tmp_path)
    with _isolated(tmp_path):
        for block in runnable:
            if block.lang in NOT_RUN_LANGS and not block.directives.keys() & RUN_DIRECTIVES:
                continue
            run.run(block)


def count_examples() -> int:
    """How many blocks the suite executes or compares (for the report)."""
    return sum(
        1
        for page in all_pages()
        for block in blocks(page)
        if "skip" not in block.directives
        and (block.lang in RUN_LANGS or block.directives.keys() & RUN_DIRECTIVES)
    )


# -- the site ---------------------------------------------------------------------------------


def _hooks():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("blame_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mkdocs_builds_strictly(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "reference" / "cli" / "index.html").is_file()


def test_every_page_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [p for p in PAGES if str(p.relative_to(DOCS)) not in nav]
    assert not missing, f"pages missing from mkdocs.yml nav: {missing}"


def test_the_cli_reference_names_every_command_and_option() -> None:
    import typer.main

    from blame.cli import app

    text = _hooks().cli_reference()

    def walk(group: Any, prefix: str) -> None:
        for name, command in group.commands.items():
            assert f"## `{prefix} {name}`" in text
            for param in command.params:
                for opt in getattr(param, "opts", []):
                    if opt.startswith("-"):
                        assert f"`{opt}`" in text, (name, opt)
            if getattr(command, "commands", None):
                walk(command, f"{prefix} {name}")

    walk(typer.main.get_command(app), "blame")


def test_the_config_reference_names_every_key() -> None:
    from blame import config

    text = _hooks().config_reference()
    for key in (*config.TOP_KEYS, *config.SETTINGS_KEYS, *config.TEST_KEYS, *config.AGENT_KEYS):
        assert f"{key}`" in text, key
    page = (DOCS / "reference" / "config.md").read_text(encoding="utf-8")
    assert "<!-- generated: config -->" in page


def test_the_results_reference_names_every_key() -> None:
    """Every key of the examples' results JSON (as the goldens pin it) is on the results page:
    its field list is written by hand, so a key the code adds must be added there too."""
    import json

    page = (DOCS / "reference" / "results.md").read_text(encoding="utf-8")
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted((ROOT / "tests" / "golden" / "examples").glob("*.json")):
        if not path.name.endswith(".gate.json"):  # `blame gate --json`, another format
            walk(json.loads(path.read_text(encoding="utf-8")))
    missing = sorted(k for k in found if f"`{k}`" not in page and f"`{k}[]`" not in page)
    assert not missing, missing


def test_the_checks_page_has_a_section_per_built_in_check_type() -> None:
    from blame.context import RunContext

    page = (DOCS / "checks.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ `([a-z_]+)`", page, flags=re.M))
    names = set(RunContext().check_type_names())
    assert names <= headings, sorted(names - headings)


# -- README, the landing page -----------------------------------------------------------------


README = (ROOT / "README.md").read_text(encoding="utf-8")
QUICKSTART = "python -m pip install -e . && blame test --config examples/simple_agent/blame.yaml"


def test_readme_is_a_short_landing_page() -> None:
    assert len(README.splitlines()) < 150


def test_readme_keeps_the_ci_test_command() -> None:
    """.ci/run runs README's test command word for word (then the suite on other Pythons)."""
    command = next(line for line in README.splitlines() if line.endswith("&& python -m pytest"))
    assert f"'{command}'" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert QUICKSTART in README


def test_readme_shows_blame_in_pytest() -> None:
    """Issue: the pytest plugin and the trace assertions are documented in README with an example
    (the example runs with README's other blocks)."""
    assert "pytest --blame-config examples/simple_agent/blame.yaml" in README
    python = [b.text for b in blocks(ROOT / "README.md") if b.lang == "python"]
    assert any("assert_passes(" in text for text in python)


def test_readme_links_resolve() -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README):
        if target.startswith(("http://", "https://")):
            continue
        assert (ROOT / target).exists(), target


# -- the questions a reader must be able to answer from the docs ------------------------------


QUESTIONS = {
    "how to blame a LangGraph app": (
        "adapters/langgraph.md",
        "How to blame a LangGraph app",
        ("type: langgraph", "blame test", "zero-argument function that builds your graph"),
    ),
    "how to read an OTLP export": (
        "importers/otlp.md",
        "How to read an OTLP export",
        ("blame analyze EXPORT --checks checks.yaml", "--format otlp", "resourceSpans"),
    ),
    "which agent gets blamed for a tool_order failure and why": (
        "engine.md",
        "Tool calls: which agent gets blamed for a `tool_order` failure, and why",
        ("agent that made the out-of-order call", "decided", "never called"),
    ),
    "what exit code 3 means": (
        "ci.md",
        "Exit codes",
        ("**3**", "INCONCLUSIVE", "--strict", "Wilson"),
    ),
    "how to write a check type in a plugin": (
        "plugins.md",
        "How to write a check type in a plugin",
        ("def bind", "def evaluate", "def attribute", "def patch", '"blame.evaluators"'),
    ),
}


def _headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, level, title) of each Markdown heading outside fenced blocks."""
    found, fenced = [], False
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and re.match(r"^#{1,6} ", line):
            level = len(line) - len(line.lstrip("#"))
            found.append((i, level, line[level:].strip()))
    return found


def section(page: Path, heading: str) -> str:
    """The text under `heading` up to the next heading of the same or a higher level."""
    lines = page.read_text(encoding="utf-8").splitlines()
    headings = _headings(lines)
    for n, (i, level, title) in enumerate(headings):
        if title == heading:
            end = next((j for j, lv, _ in headings[n + 1 :] if lv <= level), len(lines))
            return "\n".join(lines[i + 1 : end])
    raise AssertionError(f"{page.relative_to(ROOT)} has no heading {heading!r}")


def _slug(heading: str) -> str:
    """The anchor MkDocs' toc extension gives a heading."""
    text = re.sub(r"[^\w\s-]", "", heading.strip().lower())
    return re.sub(r"[\s]+", "-", text)


def _anchors(page: Path) -> set[str]:
    lines = page.read_text(encoding="utf-8").splitlines()
    return {_slug(title) for _, _, title in _headings(lines)}


@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_the_docs_answer(question: str) -> None:
    page_name, heading, phrases = QUESTIONS[question]
    page = DOCS / page_name
    text = section(page, heading)
    for phrase in phrases:
        assert phrase in text, f"{page_name} § {heading}: missing {phrase!r}"
    assert page_name in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)", text):
        linked = (page.parent / target).resolve() if target else page
        assert linked.is_file(), f"{page_name} § {heading}: broken link {target}"
        if anchor:
            assert anchor in _anchors(linked), f"{page_name} § {heading}: no #{anchor} in {target}"
