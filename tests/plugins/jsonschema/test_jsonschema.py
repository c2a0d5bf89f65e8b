"""blame-jsonschema, installed (editable) and found through its entry points like any plugin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from blame.context import RunContext
from blame.errors import ConfigError
from blame.model import Trace
from blame.results import Suspect
from blame.testing import agent, chain, make_check, run_check, run_checks, tool

CONTACT = {
    "title": "Contact",
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "email": {"type": "string"},
        "age": {"type": "integer"},
    },
    "required": ["name", "email"],
}
FULL = '{"name": "Ann", "email": "a@x.io", "age": 3}'
TRAILING_COMMA = '{"name": "Ann",}'


def _json_error(text: str) -> str:
    """Where and why Python's json rejects `text`, as blame passes it on. The reason is Python's
    own wording, which changes between versions (3.13: "Illegal trailing comma before end of
    object"): blame's behaviour is to pass on the position and the reason, whatever the words."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
    raise AssertionError(f"{text!r} is valid JSON")


def test_registered_only_through_entry_points() -> None:
    for name in ("json_valid", "json_schema"):
        provider = RunContext().plugins.provider("blame.evaluators", name)
        assert provider is not None
        assert (provider.distribution, provider.source) == (
            "blame-jsonschema",
            f"blame_jsonschema:{name}",
        )


def _blame(
    check_type: str, trace: Trace, **params: Any
) -> list[tuple[str, str, int | None, float, str]]:
    result = run_check(make_check(check_type, **params), trace)
    assert not result.passed
    return [(s.kind, s.name, s.step_index, s.confidence, s.reason) for s in result.blame]


@pytest.mark.parametrize(
    ("trace", "message", "suspects"),
    [
        (
            chain(agent("Extractor", FULL), agent("Formatter", TRAILING_COMMA)),
            f"final output is not JSON: {_json_error(TRAILING_COMMA)}",
            [
                (
                    "agent",
                    "Formatter",
                    1,
                    0.9,
                    "Formatter (step 1) produced the invalid JSON that reached the final output; "
                    "it received valid JSON from Extractor (step 0)",
                )
            ],
        ),
        (
            # Passed on verbatim: the step that first produced it is to blame, not the courier.
            chain(
                agent("Extractor", "name: Ann"),
                agent("Checker", "ok"),
                agent("Sender", "name: Ann"),
            ),
            f"final output is not JSON: {_json_error('name: Ann')}",
            [
                (
                    "agent",
                    "Sender",
                    2,
                    0.9,
                    "Sender (step 2) produced the invalid JSON that reached the final output",
                )
            ],
        ),
        (
            chain(agent("Extractor", "name: Ann"), agent("Sender", "name: Ann")),
            f"final output is not JSON: {_json_error('name: Ann')}",
            [
                (
                    "agent",
                    "Extractor",
                    0,
                    0.9,
                    "Extractor (step 0) produced the invalid JSON that reached the final output",
                )
            ],
        ),
        (
            chain(
                agent("Planner", "look it up"),
                tool("lookup", "<html>", agent="Planner"),
                ("Writer", "<html>"),
            ),
            f"final output is not JSON: {_json_error('<html>')}",
            [
                (
                    "tool",
                    "lookup",
                    1,
                    0.9,
                    "lookup (step 1) produced the invalid JSON that reached the final output",
                )
            ],
        ),
        (
            chain(agent("Writer", 'Here you go: ```json\n{"a": 1}\n```')),
            f"final output wraps JSON in other text ({_json_error('Here you go:')})",
            [
                (
                    "agent",
                    "Writer",
                    0,
                    0.9,
                    "Writer (step 0) produced the invalid JSON that reached the final output",
                )
            ],
        ),
        (
            chain(agent("Writer", "  ")),
            "final output is empty, expected JSON",
            [("agent", "Writer", 0, 0.7, "Writer (step 0) returned an empty final output")],
        ),
    ],
)
def test_json_valid_blames_the_first_producer(
    trace: Trace, message: str, suspects: list[Any]
) -> None:
    result = run_check(make_check("json_valid"), trace)
    assert result.message == message
    assert [
        (s.kind, s.name, s.step_index, s.confidence, s.reason) for s in result.blame
    ] == suspects


@pytest.mark.parametrize(
    ("trace", "suspects"),
    [
        (
            chain(agent("Extractor", FULL), agent("Formatter", '{"name": "Ann"}')),
            [
                (
                    "agent",
                    "Formatter",
                    1,
                    0.9,
                    'Formatter (step 1) received required field "email" from Extractor (step 0) '
                    "and dropped it",
                )
            ],
        ),
        (
            chain(
                agent("Extractor", FULL), agent("Formatter", '{"name": "Ann"}', input="name=Ann")
            ),
            [
                (
                    "handoff",
                    "Extractor -> Formatter",
                    1,
                    0.85,
                    'required field "email" was in the output of Extractor (step 0) but not in the '
                    "input of Formatter (step 1)",
                )
            ],
        ),
        (
            chain(agent("Extractor", '{"name": "Ann"}'), agent("Formatter", '{"name": "Ann"}')),
            [
                (
                    "agent",
                    "Formatter",
                    1,
                    0.6,
                    'no step produced required field "email"; Formatter (step 1) produced the '
                    "final "
                    "output without it",
                )
            ],
        ),
        (
            chain(
                agent("Extractor", '{"name": "Ann", "email": "a@x", "age": "three"}'),
                ("Formatter", '{"name": "Ann", "email": "a@x", "age": "three"}'),
            ),
            [
                (
                    "agent",
                    "Extractor",
                    0,
                    0.8,
                    "Extractor (step 0) first output the offending value (at /age: 'three' is not "
                    "of type 'integer') that reached the final output",
                )
            ],
        ),
    ],
)
def test_json_schema_blames_the_step_that_lost_the_field(trace: Trace, suspects: list[Any]) -> None:
    assert _blame("json_schema", trace, schema=CONTACT) == suspects


def test_json_schema_messages_and_evidence() -> None:
    evaluator = RunContext().check_type("json_schema")
    check = make_check("json_schema", schema=CONTACT)
    evaluation = evaluator.evaluate(check, chain(("A", '{"age": "x"}')))
    assert evaluation.message == (
        "final output does not match the schema: 'email' is a required property (and 2 more)"
    )
    assert [e["path"] for e in evaluation.evidence["errors"]] == ["/", "/", "/age"]
    assert evaluator.evaluate(check, chain(("A", FULL))).ok
    again = evaluator.evaluate(check, chain(("A", '{"age": "x"}')))
    assert again == evaluation  # deterministic


@pytest.mark.parametrize(
    ("kind", "name", "params", "text"),
    [
        (
            "agent",
            "Formatter",
            {"schema": CONTACT},
            'Return JSON matching {"name": string, "email": string, "age": integer}; field email '
            "is required.",
        ),
        (
            "handoff",
            "Extractor -> Formatter",
            {"schema": CONTACT},
            "Pass the complete JSON on to Formatter, keeping every field; field email is required.",
        ),
        (
            "agent",
            "Formatter",
            {"schema": {"required": ["a", "b", "c"]}},
            "Return a JSON object; fields a, b and c are required.",
        ),
        ("agent", "Formatter", {"schema": {"type": "array"}}, "Return JSON matching array."),
    ],
)
def test_json_schema_patch_phrasing(
    kind: str, name: str, params: dict[str, Any], text: str
) -> None:
    check = make_check("json_schema", **params)
    reason = 'x received required field "email" from y' if "properties" in params["schema"] else "r"
    suspect = Suspect(kind, name, "Formatter", 1, 0.9, reason)  # type: ignore[arg-type]
    assert RunContext().check_type("json_schema").patch(check, suspect, None) == text


def test_json_valid_patch_phrasing() -> None:
    check = make_check("json_valid")
    valid = RunContext().check_type("json_valid")
    agent_text = valid.patch(check, Suspect("agent", "W", "W", 0, 1.0, "r"), None)
    assert agent_text == (
        "Return only valid JSON: no prose, comments or code fences around it, double-quoted keys "
        "and strings, no trailing commas."
    )
    handoff = Suspect("handoff", "A -> B", "B", 1, 1.0, "r")
    assert valid.patch(check, handoff, None) == "Pass your JSON on to B unchanged and complete."


@pytest.mark.parametrize(
    ("check_type", "params", "problem"),
    [
        ("json_valid", {}, None),
        ("json_valid", {"x": 1}, "json_valid takes no parameters, got x"),
        ("json_schema", {"schema": CONTACT}, None),
        (
            "json_schema",
            {},
            "json_schema needs schema: an inline mapping or a path to a schema file",
        ),
        ("json_schema", {"schema": 3}, "schema must be a mapping or a file path, got int"),
        ("json_schema", {"schema": " "}, "schema path is empty"),
        (
            "json_schema",
            {"schema": {"properties": {"age": {"type": 5}}}},
            "schema is not a valid JSON Schema at properties/age/type: 5 is not valid under any of "
            "the given schemas",
        ),
    ],
)
def test_bind(check_type: str, params: dict[str, Any], problem: str | None) -> None:
    found = RunContext().check_type(check_type)
    if problem is None:
        found.bind(params, base_dir=Path("."))
        return
    with pytest.raises(ConfigError) as caught:
        found.bind(params, base_dir=Path("."))
    assert caught.value.message == problem


@pytest.mark.parametrize(
    ("params", "label"),
    [
        ({"schema": CONTACT}, "json_schema:Contact"),
        ({"schema": {"type": "object"}}, "json_schema:inline"),
        ({"schema": "s.json"}, "json_schema:s.json"),
    ],
)
def test_labels(params: dict[str, Any], label: str) -> None:
    assert RunContext().check_type("json_schema").label(params) == label


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("s.yaml", "required: [id]\n", None),
        ("s.json", '{"required": ["id"]}', None),
        (
            "missing.json",
            None,
            "{dir}/missing.json: schema file not found; paths are relative to the folder of "
            "blame.yaml",
        ),
        (
            "missing.yaml",
            None,
            "{dir}/missing.yaml: schema file not found; paths are relative to the folder of "
            "blame.yaml",
        ),
        (
            "s.json",
            "{nope",
            "{dir}/s.json: invalid JSON at line 1 column 2: Expecting property name enclosed in "
            "double quotes",
        ),
        ("s.json", "[1]", "{dir}/s.json: a schema must be an object, got list"),
        (
            "s.yaml",
            "a: [",
            "{dir}/s.yaml: invalid YAML at line ",  # where and what: the YAML parser's words
        ),
        (
            "s.json",
            '{"type": "objekt"}',
            "{dir}/s.json: schema is not a valid JSON Schema at type: 'objekt' is not valid under "
            "any of the given schemas",
        ),
    ],
)
def test_schema_files_resolve_against_the_config_folder(
    tmp_path: Path, name: str, content: str | None, message: str | None
) -> None:
    if content is not None:
        (tmp_path / name).write_text(content, encoding="utf-8")
    if message is None:
        check = make_check("json_schema", schema=name, base_dir=tmp_path)
        assert (check.bound.schema, check.bound.file) == ({"required": ["id"]}, name)
        assert not run_check(check, chain(("A", "{}"))).passed
        return
    with pytest.raises(ConfigError) as caught:
        make_check("json_schema", schema=name, base_dir=tmp_path)
    expected = message.format(dir=tmp_path).replace(": ", ": make_check: ", 1)
    assert caught.value.format().startswith(expected)


def _blame_cli(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "blame", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "BLAME_NO_WARN": "1", **env},
    )


def _project(folder: Path, schema_ref: str) -> Path:
    trace = chain(
        agent("Extractor", FULL), agent("Formatter", '{"name": "Ann"}'), test_name="signup"
    )
    (folder / "signup.json").write_text(trace.to_json(), encoding="utf-8")
    (folder / "schemas").mkdir()
    (folder / "schemas" / "contact.json").write_text(json.dumps(CONTACT), encoding="utf-8")
    config = folder / "blame.yaml"
    config.write_text(
        "tests:\n  - name: signup\n    trace: signup.json\n    checks:\n"
        f"      - type: json_valid\n      - type: json_schema\n        schema: {schema_ref}\n",
        encoding="utf-8",
    )
    return config


@pytest.mark.parametrize("disable", ["", "1"])
def test_blame_test_end_to_end_from_another_folder(tmp_path: Path, disable: str) -> None:
    (tmp_path / "project").mkdir()
    config = _project(tmp_path / "project", "schemas/contact.json")
    done = _blame_cli(
        tmp_path, "test", "--json", "--config", str(config), BLAME_DISABLE_PLUGINS=disable
    )
    assert done.returncode == 1, done.stderr
    case = json.loads(done.stdout)["tests"][0]
    assert [(c["name"], c["passed"]) for c in case["checks"]] == [
        ("json_valid", True),
        ("json_schema:schemas/contact.json", False),
    ]
    assert case["checks"][1]["blame"][0]["name"] == "Formatter"
    assert case["patches"] == [
        {
            "target": "Formatter",
            "text": '- Return JSON matching {"name": string, "email": string, "age": integer}; '
            "field email is required.",
        }
    ]


def test_missing_schema_file_exits_2_naming_file_and_field(tmp_path: Path) -> None:
    config = _project(tmp_path, "schemas/nope.json")
    done = _blame_cli(tmp_path, "test", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"blame: error: {tmp_path}/schemas/nope.json: tests[0] ('signup').checks[1]: schema file "
        "not found; paths are relative to the folder of blame.yaml"
    ]


BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 10)}]\n" for a, b in zip("abcdefg", "bcdefgh", strict=True)
)
"""Ten to the eighth values once its aliases are expanded, in 300 bytes."""
LONG = "a" * 300 + ".json"
"""A file name longer than any file system allows."""


@pytest.mark.parametrize(
    ("schema", "write", "message"),
    [
        ("/dev/zero", None, "/dev/zero: is not a regular file"),
        ("s.json", lambda path: os.mkfifo(path), "{dir}/s.json: is not a regular file"),
        ("s.yaml", lambda path: os.mkfifo(path), "{dir}/s.yaml: is not a regular file"),
        ("s", lambda path: path.mkdir(), "{dir}/s: is not a regular file"),
        ("s.yaml", BOMB, "{dir}/s.yaml: holds more than 100,000 values"),
        # libyaml stops at 1000 levels, PyYAML's own parser at 64 (blame's limit)
        ("s.yaml", "a: " + "[" * 50_000 + "]" * 50_000, "{dir}/s.yaml: nest"),
        (LONG, None, "{dir}/" + LONG + ": cannot read: File name too long"),
        ("s.json", '{"maximum": ' + "9" * 5000 + "}", "{dir}/s.json: invalid JSON: a number of"),
        ("s.yaml", "maximum: 0x" + "f" * 5000, "{dir}/s.yaml: cannot read a value: an integer"),
        ("s.json", b"\xff{}", "{dir}/s.json: not UTF-8 text (byte 0)"),
        ("a\0b.json", None, "schema path is not a usable path (a NUL byte)"),
    ],
    ids=[
        "device",
        "json-pipe",
        "yaml-pipe",
        "folder",
        "alias-bomb",
        "deep-yaml",
        "long-name",
        "long-int-json",
        "long-int-yaml",
        "not-utf8",
        "nul",
    ],
)
def test_a_hostile_schema_file_is_refused_naming_it(
    tmp_path: Path, schema: str, write: Any, message: str
) -> None:
    """A pipe or a device never ends (the run would hang), an alias bomb takes gigabytes, a
    100,000-deep list overflows the stack: each is one error naming the file, read within the
    limits blame.yaml is read with."""
    path = tmp_path / schema
    if isinstance(write, str):
        path.write_text(write, encoding="utf-8")
    elif isinstance(write, bytes):
        path.write_bytes(write)
    elif write is not None:
        write(path)
    with pytest.raises(ConfigError) as caught:
        make_check("json_schema", schema=schema, base_dir=tmp_path)
    shown = caught.value.format()  # the file, the check (make_check here), the problem
    assert all(part in shown for part in message.format(dir=tmp_path).split(": ", 1))


@pytest.mark.parametrize("output", ["NaN", '{"age": Infinity}', "[-Infinity]"])
@pytest.mark.parametrize("check_type", ["json_valid", "json_schema"])
def test_nan_and_infinity_are_not_json(check_type: str, output: str) -> None:
    """Python's json reads them; JSON (RFC 8259), JavaScript and most parsers do not."""
    params = (
        {"schema": {"type": ["number", "object", "array"]}} if check_type == "json_schema" else {}
    )
    result = run_check(make_check(check_type, **params), chain(("A", output)))
    assert not result.passed
    assert "is not a JSON value" in result.message


@pytest.mark.parametrize("output", ["9" * 5000, '{"age": ' + "9" * 5000 + "}"])
@pytest.mark.parametrize("check_type", ["json_valid", "json_schema"])
def test_a_number_too_long_to_read_leaves_the_check_undecided(check_type: str, output: str) -> None:
    """Valid JSON that Python will not read (over 4300 digits): an error, never a verdict, and
    not a crash of the plugin."""
    params = {"schema": {"type": "object"}} if check_type == "json_schema" else {}
    case = run_checks((make_check(check_type, **params),), chain(("A", output)))
    assert not case.passed and case.error is not None  # the test errors, as blame test shows
    assert "holds a number of more than 4300 digits" in case.error
    assert "cannot be decided" in case.error and "bug" not in case.error


@pytest.mark.parametrize(
    ("schema", "problem"),
    [
        ({"$ref": "http://192.0.2.1/x.json"}, "$ref 'http://192.0.2.1/x.json' cannot be resolved"),
        ({"$ref": "file:///etc/passwd"}, "$ref 'file:///etc/passwd' cannot be resolved"),
        ({"$ref": "#/$defs/missing"}, "$ref '#/$defs/missing' cannot be resolved"),
        ({"properties": {"a": {"$ref": "other.json"}}}, "$ref 'other.json' cannot be resolved"),
        # where no output of the test goes: it passed with a broken schema
        ({"properties": {"zz": {"$ref": "#/$defs/nope"}}}, "$ref '#/$defs/nope' cannot be"),
        ({"properties": {"a": {"items": {"$ref": "#anchor"}}}}, "$ref '#anchor' cannot be"),
        ({"$ref": "#"}, "$ref '#' refers back to itself: validating would never end"),
        (
            {"$defs": {"x": {"$ref": "#/$defs/y"}, "y": {"$ref": "#/$defs/x"}}, "properties": {}},
            "$ref '#/$defs/x' refers back to itself",
        ),
    ],
)
def test_a_schema_whose_refs_lead_nowhere_is_refused_when_it_loads(
    schema: dict[str, Any], problem: str
) -> None:
    """No file or URL is fetched; every $ref is followed when the check is bound, not only
    those a final output happens to reach."""
    with pytest.raises(ConfigError) as caught:
        make_check("json_schema", schema=schema)
    assert caught.value.format().startswith("make_check: json_schema: schema's $ref")
    assert problem in caught.value.format() and "bug" not in caught.value.format()


@pytest.mark.parametrize(
    "schema",
    [
        {"$defs": {"n": {"type": "integer"}}, "properties": {"a": {"$ref": "#/$defs/n"}}},
        {"properties": {"a": {"$ref": "#"}}},  # recursion that descends into the value
        {"$defs": {"x": {"$anchor": "here", "type": "integer"}}, "items": {"$ref": "#here"}},
        {"properties": {"a": {"$ref": "https://json-schema.org/draft/2020-12/schema"}}},
        {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "id": "http://example.com/root.json",
            "definitions": {"s": {"id": "sub/s.json", "definitions": {"m": {"type": "string"}}}},
            "properties": {"a": {"$ref": "sub/s.json#/definitions/m"}},
        },
        {"properties": {"a": {"enum": [{"$ref": "#/nowhere"}]}}},  # a value, not a schema
    ],
)
def test_refs_that_resolve_load(schema: dict[str, Any]) -> None:
    assert run_check(make_check("json_schema", schema=schema), chain(("A", '{"a": 1}'))) is not None


def test_a_schema_file_whose_ref_leads_nowhere_stops_the_config_naming_both(
    tmp_path: Path,
) -> None:
    """No output reaches `phone`: the test ran and its check passed on a broken schema."""
    config = _project(tmp_path, "schemas/phone.json")
    phone = {"properties": {"phone": {"$ref": "#/$defs/phone"}}}
    (tmp_path / "schemas" / "phone.json").write_text(json.dumps(phone), encoding="utf-8")
    done = _blame_cli(tmp_path, "test", "--config", str(config))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"blame: error: {tmp_path}/schemas/phone.json: tests[0] ('signup').checks[1]: schema's "
        "$ref '#/$defs/phone' cannot be resolved; json_schema fetches no files or URLs: put the "
        "schema it names under $defs and refer to it as '#/$defs/name'"
    ]
