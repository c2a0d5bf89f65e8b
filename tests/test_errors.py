import pytest

from blame.errors import BlameError, ConfigError, ExitCode, describe_object, exception_text


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (BlameError("boom"), "boom"),
        (ConfigError("unknown key 'x'", file="blame.yaml"), "blame.yaml: unknown key 'x'"),
        (
            ConfigError(
                "must be a number",
                file="b.yaml",
                field="tests[0].checks[1].weight",
                hint="write e.g. weight: 0.5",
            ),
            "b.yaml: tests[0].checks[1].weight: must be a number; write e.g. weight: 0.5",
        ),
        (BlameError("two\nlines", field="f"), "f: two lines"),
    ],
)
def test_format_is_one_line_naming_file_field_and_fix(error: BlameError, text: str) -> None:
    assert error.format() == text
    assert str(error) == text


def test_exit_codes_are_the_contract() -> None:
    assert [int(c) for c in ExitCode] == [0, 1, 2, 3, 130]
    assert ConfigError("x").exit_code is ExitCode.ERROR


def test_a_message_quoting_a_huge_value_is_cut_in_the_middle() -> None:
    text = ConfigError("got " + "x" * 100_000 + " END", file="f.yaml", hint="fix it").format()
    assert len(text) < 2100
    assert text.startswith("f.yaml: got xxx") and text.endswith(" END; fix it")
    assert "[... 98,024 chars cut ...]" in text


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (ValueError("bad\n  value"), "ValueError: bad value"),
        (KeyError(), "KeyError"),
        (SystemExit(3), "SystemExit: 3"),
    ],
)
def test_exception_text_is_one_line_naming_the_type(error: BaseException, text: str) -> None:
    assert exception_text(error) == text


def test_describe_object_names_module_and_class() -> None:
    assert describe_object(ExitCode.ERROR) == "blame.errors.ExitCode object"
