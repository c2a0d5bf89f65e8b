"""A fake model that follows its prompt deterministically, for offline tests and examples.

It answers with a scripted draft, then obeys the instructions blame's patches write into a
prompt: `Keep "X" ...` / `Always include "X" ...` / `... include "X" in what you pass on` add
X when the draft lacks it (a kept value only when the input had it); `Never include "X" ...`
/ `never pass on "X"` remove X. So a prompt patch really changes what the pipeline does, and
confirming a culprit or verifying a patch is tested for real without a model or network.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from blame.frozen import dataclass

_QUOTED = r'"((?:[^"\\]|\\.)*)"'
_NEVER = re.compile(rf"\bnever\b[^\"\n]*{_QUOTED}", re.IGNORECASE)
_KEEP = re.compile(rf"\b(keep|include)\b[^\"\n]*{_QUOTED}", re.IGNORECASE)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@dataclass(frozen=True, slots=True)
class Instructions:
    """What a prompt tells the model to keep, include or never write."""

    keep: tuple[str, ...] = ()
    """Values to keep from the input."""
    include: tuple[str, ...] = ()
    """Values to include whether or not the input had them."""
    never: tuple[str, ...] = ()
    """Values never to write."""

    @classmethod
    def of(cls, prompt: str) -> Instructions:
        """The instructions of `prompt`, one per line, in prompt order."""
        keep: list[str] = []
        include: list[str] = []
        never: list[str] = []
        for line in prompt.splitlines():
            forbidden = _NEVER.search(line)
            if forbidden:
                never.append(_unescape(forbidden.group(1)))
                continue
            wanted = _KEEP.search(line)
            if wanted:
                value = _unescape(wanted.group(2))
                always = wanted.group(1).lower() == "include"
                (include if always else keep).append(value)
        return cls(tuple(keep), tuple(include), tuple(never))


class PromptedModel:
    """`model(text)`: the scripted draft for `text`, with the prompt's instructions obeyed."""

    def __init__(self, prompt: str, draft: Callable[[str], str]) -> None:
        self.instructions = Instructions.of(prompt)
        self.draft = draft

    @classmethod
    def from_file(cls, path: str | Path, draft: Callable[[str], str]) -> PromptedModel:
        """A model whose prompt is read from `path` now (a patched prompt changes it)."""
        return cls(Path(path).read_text(encoding="utf-8"), draft)

    def __call__(self, text: str) -> str:
        out = self.draft(text)
        wanted = [v for v in self.instructions.keep if v in text] + list(self.instructions.include)
        for value in wanted:
            if value not in out:
                out = f"{out}\n{value}" if out else value
        for value in self.instructions.never:
            out = out.replace(value, "")
        return out
