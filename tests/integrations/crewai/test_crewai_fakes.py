"""blame_crewai.fakes: the scripted, offline CrewAI LLM."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.crewai


@pytest.mark.parametrize(("text", "tokens"), [("", 0), ("abc", 1), ("abcd", 1), ("abcde", 2)])
def test_estimate_tokens_is_one_per_four_characters_rounded_up(text: str, tokens: int) -> None:
    from blame_crewai.fakes import estimate_tokens

    assert estimate_tokens(text) == tokens


def test_scripted_llm_replies_in_order_tracks_usage_and_fails_clearly_when_out(
    storage: object,
) -> None:
    from blame_crewai.fakes import ScriptedLLM

    llm = ScriptedLLM(model="m", responses=["first", "second"])
    messages = [{"role": "user", "content": "12345678"}]

    assert [llm.call(messages), llm.call("abcd")] == ["first", "second"]
    assert llm.calls == 2
    assert llm.get_token_usage_summary().total_tokens == (2 + 2) + (1 + 2)
    assert llm.supports_function_calling() is False
    with pytest.raises(RuntimeError) as raised:
        llm.call("again")
    assert str(raised.value) == "ScriptedLLM 'm' has only 2 scripted responses; call 3 has no reply"


def test_a_copy_goes_on_through_the_same_script(storage: object) -> None:
    # CrewAI copies agents and their LLMs for each input of kickoff_for_each; a provider would
    # answer each copy anew, so a copy must not start the script over.
    from copy import copy

    from blame_crewai.fakes import ScriptedLLM

    llm = ScriptedLLM(model="m", responses=["first", "second", "third"])
    assert llm.call("a") == "first"
    twin = copy(llm)

    assert [twin.call("b"), llm.call("c")] == ["second", "third"]
    assert (llm.calls, twin.calls) == (3, 3)
