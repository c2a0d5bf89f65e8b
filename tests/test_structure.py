"""The shape issue 22 left the code in, kept by a test: small modules, no module-level registries.

Every module of every distribution (blame, the integrations, the plugins, the example plugin)
is read as text and as a syntax tree; nothing is imported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.distributions import ROOT, examples, name, packages, siblings

MAX_LINES = 600
"""No module is longer than this."""
MAX_PLUGINS_LINES = 300
"""blame/plugins.py, the registry a run context owns, stays under this."""

MUTATORS = frozenset(
    {
        "add",
        "append",
        "appendleft",
        "clear",
        "discard",
        "extend",
        "insert",
        "pop",
        "popitem",
        "remove",
        "setdefault",
        "update",
    }
)
"""Methods that change a dict, list, set or deque in place."""
CONTAINER_CALLS = frozenset(
    {
        "dict",
        "list",
        "set",
        "defaultdict",
        "OrderedDict",
        "Counter",
        "deque",
        "WeakKeyDictionary",
        "WeakValueDictionary",
    }
)
"""Calls that make an empty or filled mutable container."""

_ISINSTANCE_MEMO = "remembers isinstance per class: a fact of the class, the same for every run"
ALLOWED = {
    ("blame/engine/suspects.py", "_DECIDES"): (
        "remembers per graph whether it records LLM calls: a fact of the trace, forgotten with it"
    ),
    ("blame/supervise.py", "_phase"): (
        "set once in a forked worker, a process of its own per run: where that worker says "
        "which user code it runs now"
    ),
    ("blame/launch.py", "_RESERVED"): (
        "keeps the real stdout of a command alive until the process ends (never read back)"
    ),
    ("integrations/langgraph/src/blame_langgraph/render.py", "_AI_CLASSES"): _ISINSTANCE_MEMO,
    ("integrations/langgraph/src/blame_langgraph/render.py", "_MESSAGE_CLASSES"): _ISINSTANCE_MEMO,
    ("integrations/langgraph/src/blame_langgraph/render.py", "_OTHER_CLASSES"): _ISINSTANCE_MEMO,
    ("integrations/crewai/src/blame_crewai/tracer.py", "_env_depth"): (
        "how many runs share the process environment CrewAI reads, which is process-wide itself"
    ),
    ("integrations/crewai/src/blame_crewai/tracer.py", "_env_saved"): (
        "the environment values to restore when the last of those runs ends"
    ),
    ("integrations/crewai/src/blame_crewai/tracer.py", "_levels_saved"): (
        "the levels of CrewAI's loggers, process-wide themselves, to restore when the last of "
        "those runs ends"
    ),
    ("integrations/openai-agents/src/blame_openai_agents/tracer.py", "_registered"): (
        "the one processor blame adds to the SDK's trace provider, which is process-wide itself"
    ),
    ("integrations/pydantic-ai/src/blame_pydantic_ai/tracer.py", "_provider"): (
        "blame's one tracer provider, which PydanticAI's process-wide default instrumentation "
        "points at while runs are traced"
    ),
    ("integrations/pydantic-ai/src/blame_pydantic_ai/tracer.py", "_depth"): (
        "how many traced runs share PydanticAI's default instrumentation, process-wide itself"
    ),
    ("integrations/pydantic-ai/src/blame_pydantic_ai/tracer.py", "_saved"): (
        "the default instrumentation to restore when the last of those runs ends"
    ),
}
"""Module-level state that is not a registry, with the reason it lives at module level."""


def _modules() -> Iterator[Path]:
    roots = [ROOT / "blame", *(folder / "src" for folder in [*siblings(), *examples()])]
    for root in roots:
        yield from sorted(root.rglob("*.py"))


MODULES = sorted(_modules())

SIBLINGS = siblings()
"""The distributions beside the core, each built and published from its own folder (the core's
folder is the repository's root, LICENSE and all)."""


def test_every_distribution_is_covered() -> None:
    """Every module of every distribution is read: the core's, each sibling's, the example's."""
    folders = [*SIBLINGS, *examples()]
    assert {f for f in folders for module in MODULES if f in module.parents} == set(folders)
    assert ROOT / "blame" / "plugins.py" in MODULES


@pytest.mark.parametrize("folder", [*SIBLINGS, *examples()], ids=name)
def test_every_distribution_ships_the_license_and_py_typed(folder: Path) -> None:
    """A build sees only its own folder, so the license text is a copy of the repository's
    (the same bytes), and each import package carries `py.typed` for users' type checkers;
    the example plugin too, since users copy it to start their own."""
    license_file = folder / "LICENSE"
    assert license_file.is_file(), f"{name(folder)} has no LICENSE: copy the repository's"
    assert license_file.read_bytes() == (ROOT / "LICENSE").read_bytes(), (
        f"{name(license_file)} differs from the repository's LICENSE"
    )
    assert packages(folder), f"{name(folder)} has no package under src/"
    for package in packages(folder):
        assert (package / "py.typed").is_file(), f"{name(package)} has no py.typed"


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_no_module_is_over_600_lines(path: Path) -> None:
    limit = MAX_PLUGINS_LINES if path == ROOT / "blame" / "plugins.py" else MAX_LINES
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= limit, f"{name(path)} has {lines} lines; split it along a seam"


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_no_module_resolves_a_path_but_through_real_path(path: Path) -> None:
    """`Path.resolve()` raises RuntimeError on a loop of links before Python 3.13: a folder
    of traces holding a link to itself ended `blame analyze` in an internal error."""
    if path == ROOT / "blame" / "files.py":
        return  # where `real_path` lives, and the one place that tells a loop apart
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, start=1) if ".resolve()" in line]
    assert not found, f"{name(path)}:{found[0]}: use blame.files.real_path(path)"


def module_state(source: str) -> list[str]:
    """Names of module-level mutable state: a container assigned at module level and changed
    inside a function or class, or a name a function rebinds with `global`. Filling a table
    while the module is imported is not counted (it is constant afterwards)."""
    tree = ast.parse(source)
    containers: set[str] = set()
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if _is_container(value):
            containers.update(t.id for t in targets if isinstance(t, ast.Name))
    found: set[str] = set()
    for top in tree.body:
        if not isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for inner in ast.walk(top):
            if isinstance(inner, ast.Global):
                found.update(inner.names)
            changed = _changed_name(inner)
            if changed in containers:
                found.add(changed)
    return sorted(found)


def _is_container(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        return name in CONTAINER_CALLS
    return False


def _changed_name(node: ast.AST) -> str | None:
    """The module-level name `node` changes in place, if it is `NAME[k] = v`, `del NAME[k]`,
    `NAME[k] += v` or `NAME.append(...)` and the like."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                return target.value.id
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in MUTATORS
        and isinstance(node.func.value, ast.Name)
    ):
        return node.func.value.id
    return None


@pytest.mark.parametrize(
    ("source", "state"),
    [
        ("_R = {}\ndef register(k, v):\n    _R[k] = v\n", ["_R"]),
        ("_R: dict[str, int] = {}\ndef register(k):\n    _R.setdefault(k, 0)\n", ["_R"]),
        ("_R = []\nclass C:\n    def add(self, x):\n        _R.append(x)\n", ["_R"]),
        ("_R = set()\ndef forget(k):\n    _R.discard(k)\n", ["_R"]),
        ("_R = {}\ndef forget(k):\n    del _R[k]\n", ["_R"]),
        ("_n = 0\ndef bump():\n    global _n\n    _n += 1\n", ["_n"]),
        # filled while importing: a constant table afterwards
        ("_T = {}\nfor k in 'ab':\n    _T[k] = k.upper()\n", []),
        # a function's own dict is not the module's
        ("_R = {}\ndef f():\n    local = {}\n    local['a'] = 1\n    return _R.get('a')\n", []),
        ("KEYS = ('a', 'b')\nNAMES = frozenset(KEYS)\ndef f(x):\n    return x in NAMES\n", []),
        ("_R = {}\ndef read(k):\n    return _R[k]\n", []),
    ],
)
def test_module_state_finds_registries_and_only_them(source: str, state: list[str]) -> None:
    assert module_state(source) == state


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_no_module_level_mutable_registries(path: Path) -> None:
    module = name(path)
    state = [
        s for s in module_state(path.read_text(encoding="utf-8")) if (module, s) not in ALLOWED
    ]
    assert not state, f"{module} keeps state in module globals {state}: give it to a RunContext"


def test_every_allowed_exception_still_exists() -> None:
    for file, state in ALLOWED:
        assert state in module_state((ROOT / file).read_text(encoding="utf-8")), (file, state)


def _annotated_named_tuples(source: str) -> list[str]:
    """Classes deriving from NamedTuple whose fields are written as annotations."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        named_tuple = any(
            (isinstance(base, ast.Name) and base.id == "NamedTuple")
            or (isinstance(base, ast.Attribute) and base.attr == "NamedTuple")
            for base in node.bases
        )
        if named_tuple and any(isinstance(line, ast.AnnAssign) for line in node.body):
            found.append(node.name)
    return found


def test_annotated_named_tuples_are_found() -> None:
    source = (
        "from __future__ import annotations\n"
        "class A(NamedTuple):\n    x: int\n"
        "class B(typing.NamedTuple):\n    y: str\n"
        "class C(NamedTuple('C', [('x', int)])):\n    __slots__ = ()\n"
    )
    assert _annotated_named_tuples(source) == ["A", "B"]


@pytest.mark.parametrize("path", [m for m in MODULES if ROOT / "blame" in m.parents], ids=name)
def test_no_named_tuple_class_writes_its_fields_as_annotations(path: Path) -> None:
    """With postponed annotations each field written so is a string typing compiles when the
    class is made: three fields cost an import ten million instructions. Give the fields as
    types (`class X(NamedTuple("X", [("a", int)]))`) or make a frozen dataclass."""
    assert _annotated_named_tuples(path.read_text(encoding="utf-8")) == []
