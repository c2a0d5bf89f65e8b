from __future__ import annotations

import pytest
import yaml

from blame.config import load_config
from blame.configfields import Where
from blame.errors import ConfigError
from blame.stubs import read_tools
from tests.conftest import MakeConfig

AGENT = "agent: {entrypoint: agent:run}\n"
ONE_TEST = "tests: [{name: a, input: x, checks: [{type: contains, value: P}]}]\n"


def test_tools_declare_their_stub_successes(make_config: MakeConfig) -> None:
    path = make_config(
        AGENT
        + ONE_TEST
        + "tools:\n"
        + "  search: {}\n"
        + "  book: {stub: 'booked: BK-1'}\n"
        + "  pay: {stub: {status: ok, receipt: 7}}\n"
        + "  count: {stub: 3}\n"
    )
    tools = load_config(path).tools
    assert {name: tool.stub for name, tool in tools.items()} == {
        "book": "booked: BK-1",
        "count": "3",
        "pay": '{"receipt": 7, "status": "ok"}',  # as the recorder writes a returned mapping
        "search": None,
    }
    assert load_config(make_config(AGENT + ONE_TEST)).tools == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[book]",
            "tools: must be a mapping of tool name to settings, got a list; "
            "write e.g. `tools: {book_hotel: {stub: 'Booked: confirmation BK-1042'}}`",
        ),
        (
            "{1: {stub: x}}",
            "tools: tool names must be non-empty strings, got an integer 1; "
            "name each tool as its steps are named in the trace",
        ),
        (
            "{book: 'booked: BK-1'}",
            "tools.book: must be a mapping, got a string 'booked: BK-1'; "
            "write `book: {stub: 'booked: BK-1'}`",
        ),
        (
            "{book: }",
            "tools.book: must be a mapping, got nothing; "
            "write `book: {stub: 'Booked: confirmation BK-1042'}`",
        ),
        (
            "{book: {stubb: x}}",
            "tools.book.stubb: unknown key 'stubb'; did you mean 'stub'? (known: stub)",
        ),
        (
            "{book: {stub: true}}",
            "tools.book.stub: must be text, a mapping or a list, got a boolean; "
            "write what the tool returns when it succeeds",
        ),
        (
            "{book: {stub: '  '}}",
            "tools.book.stub: must not be empty; write what the tool returns when it succeeds",
        ),
        (
            "{book: {stub: }}",
            "tools.book.stub: is empty; write what the tool returns when it succeeds",
        ),
    ],
)
def test_a_wrong_tools_entry_names_file_field_and_fix(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        read_tools(yaml.safe_load(text), Where("blame.yaml"))
    assert str(caught.value) == f"blame.yaml: {message}"
