import pytest

from blame.scripted import Instructions, PromptedModel


@pytest.mark.parametrize(
    ("prompt", "text", "output"),
    [
        ("You answer.", "ref=7 total=4", "total=4"),  # the draft alone
        ('- Keep "ref=7" from your input in your output.', "ref=7 total=4", "total=4\nref=7"),
        ('- Keep "ref=9" from your input in your output.', "ref=7 total=4", "total=4"),
        ('- Always include "ref=9" in your output.', "ref=7 total=4", "total=4\nref=9"),
        ('- When handing off to B, include "ref=9" in what you pass on.', "x", "total=4\nref=9"),
        ('- Never include "total" in your output.', "ref=7 total=4", "=4"),
        ('- When handing off to B, never pass on "=4".', "ref=7 total=4", "total"),
        ('- Keep "say \\"hi\\"" from your input.', 'say "hi"', 'total=4\nsay "hi"'),
    ],
)
def test_the_model_obeys_its_prompt(prompt: str, text: str, output: str) -> None:
    model = PromptedModel(prompt, lambda _: "total=4")
    assert model(text) == output


def test_instructions_are_read_one_a_line_in_order() -> None:
    prompt = 'Keep "a".\nNever include "b".\nAlways include "c".\nKeep "d".'
    assert Instructions.of(prompt) == Instructions(("a", "d"), ("c",), ("b",))


def test_a_prompt_file_is_read_when_the_model_is_made(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "p.md"
    path.write_text('Always include "x".', encoding="utf-8")
    assert PromptedModel.from_file(path, lambda _: "")("q") == "x"
