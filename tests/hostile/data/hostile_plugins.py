"""Local plugin check types that misbehave in each method blame calls."""

import os
import sys

from blame.results import Evaluation, Suspect


def _backtrack():
    import re

    re.match(r"(a+)+$", "a" * 64 + "b")


class Check:
    def __init__(self, type, action=None, where="evaluate"):
        self.type, self.action, self.where = type, action, where

    def validate(self, params):
        return None

    def label(self, params):
        return self.type

    def evaluate(self, check, trace):
        if self.where == "evaluate":
            self.action()
        return Evaluation(score=0.0, message="no")

    def attribute(self, check, evaluation, graph):
        if self.where == "attribute":
            self.action()
        return [
            Suspect(
                kind="agent",
                name="Writer",
                agent="Writer",
                step_index=0,
                confidence=0.9,
                reason="wrote it",
            )
        ]

    def patch(self, check, suspect, trace=None):
        if self.where == "patch":
            self.action()
        return None


blame_plugins = [
    Check("os_exit", lambda: os._exit(0)),
    Check("sys_exit", lambda: sys.exit(0)),
    Check("aborts", os.abort),
    Check("backtracks", _backtrack),
    Check("exits_in_attribute", lambda: os._exit(0), "attribute"),
    Check("hangs_in_patch", _backtrack, "patch"),
]
