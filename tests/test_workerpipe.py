"""blame.workerpipe: messages from a worker arrive whole and in order however the pipe cuts
them, the parent hears a worker's end, says how it ended, kills its whole process group, and
names the user code a worker said it was in. Real forked processes and pipes."""

from __future__ import annotations

import mmap
import os
import pickle
import select
import signal
import time
from collections.abc import Callable

import pytest

from blame import supervise, workerpipe
from blame.workerpipe import PHASE_BYTES, Reader, doing_what, ended_how, kill_group, send

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _child(body: Callable[[int], None]) -> tuple[int, int]:
    """Fork a child that runs `body(write_end)` then exits 0; (its pid, the read end)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's side; the parent checks what it did
        code = 0
        try:
            os.close(read_end)
            body(write_end)
        except BaseException:
            code = 70
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def test_messages_arrive_whole_and_in_order_then_the_end() -> None:
    big = "x" * (3 << 20)  # more than a pipe holds and more than one read takes

    def body(fd: int) -> None:
        for index in range(50):
            send(fd, ("done", index, [index] * index))
        send(fd, ("big", big))
        workerpipe.send_pickled(fd, pickle.dumps(("pickled", 7)))

    pid, fd = _child(body)
    reader = Reader(fd)
    heard = [reader.next(time.monotonic() + 60) for _ in range(52)]
    assert heard[:50] == [("done", i, [i] * i) for i in range(50)]
    assert heard[50:] == [("big", big), ("pickled", 7)]
    assert reader.next(time.monotonic() + 60) == ("eof",)
    assert ended_how(pid) == "the process exited with code 0 (user code called os._exit)"
    os.close(fd)


def test_a_message_cut_short_is_not_heard_and_nothing_waits_past_the_deadline() -> None:
    read_end, write_end = os.pipe()
    reader = Reader(read_end)
    data = pickle.dumps(("done", 1))
    os.write(write_end, (len(data)).to_bytes(8, "little") + data[:3])
    assert reader.next(time.monotonic()) is None  # the deadline has passed
    assert select.select([read_end], [], [], 0)[0] == []  # what the pipe held was read
    assert reader.pop() is None
    os.write(write_end, data[3:])
    assert reader.read() and reader.pop() == ("done", 1)
    os.close(write_end)
    assert reader.next(None) == ("eof",)
    os.close(read_end)


def test_finished_reads_the_whole_messages_sent_without_waiting() -> None:
    """What Ctrl-C keeps: the messages already sent, not one cut short, and no wait for more."""
    read_end, write_end = os.pipe()
    send(write_end, ("done", 0, "a"))
    send(write_end, ("done", 1, "b"))
    whole = pickle.dumps(("done", 2, "c"))
    os.write(write_end, len(whole).to_bytes(8, "little") + whole[:5])
    reader = Reader(read_end)
    began = time.monotonic()
    assert reader.finished() == [("done", 0, "a"), ("done", 1, "b")]
    assert reader.finished() == []
    assert time.monotonic() - began < 1
    os.close(write_end)
    os.close(read_end)


@pytest.mark.parametrize(
    ("body", "how"),
    [
        (lambda fd: os._exit(3), "the process exited with code 3 (user code exited or crashed)"),
        (lambda fd: os.kill(os.getpid(), signal.SIGKILL), "the process was killed by SIGKILL"),
        (lambda fd: None, "the process exited with code 0 (user code called os._exit)"),
    ],
    ids=["exit-3", "sigkill", "exit-0"],
)
def test_how_a_worker_ended_in_words(body: Callable[[int], None], how: str) -> None:
    pid, fd = _child(body)
    assert Reader(fd).next(time.monotonic() + 60) == ("eof",)
    assert ended_how(pid) == how
    assert ended_how(pid) == "the process ended"  # reaped already
    os.close(fd)


def test_kill_group_kills_the_worker_and_what_it_started() -> None:
    def body(fd: int) -> None:
        os.setpgid(0, 0)  # as a worker does: a group of its own
        if os.fork() == 0:  # the agent's subprocess: same group, holds the pipe too
            send(fd, ("started",))
        signal.pause()

    pid, fd = _child(body)
    reader = Reader(fd)
    assert reader.next(time.monotonic() + 60) == ("started",)
    kill_group(pid)
    # the pipe ends when both processes holding it are gone
    assert reader.next(time.monotonic() + 60) == ("eof",)
    assert ended_how(pid) == "the process was killed by SIGKILL"
    kill_group(pid)  # gone already: nothing to do, no error
    os.close(fd)


def test_doing_what_names_the_user_code_the_worker_said_it_was_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = mmap.mmap(-1, PHASE_BYTES)
    assert doing_what("running the checks", page) == "running the checks"
    monkeypatch.setattr(supervise, "_phase", page)  # what a worker's page is, in a worker
    supervise.doing("plugin check 'json_schema'.evaluate")
    assert doing_what("running the checks", page) == (
        "running the checks: plugin check 'json_schema'.evaluate"
    )
    supervise.doing("é" * PHASE_BYTES)  # cut to the page, never past it
    assert doing_what("x", page) == "x: " + "é" * ((PHASE_BYTES - 2) // 2)
    supervise.doing("")
    assert doing_what("running the checks", page) == "running the checks"
    page.close()


def test_the_ctrl_c_gate_lets_ctrl_c_in_only_while_it_waits() -> None:
    """Ctrl-C while the parent reads or stores a result comes out at its next wait, before
    anything more is read; the child has its signals back; close restores the mask."""
    from blame.workerpipe import CtrlCGate

    if not supervise.supervised():  # another thread could take the signal meanwhile
        pytest.skip("a thread an earlier test left running")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    gate = CtrlCGate()
    read_end, write_end = os.pipe()
    pid = gate.fork()
    if pid == 0:  # pragma: no cover - the child's side, told by its exit code
        blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
        os._exit(1 if blocked else 0)
    try:
        os.write(write_end, b"x")
        os.kill(os.getpid(), signal.SIGINT)  # held: nothing raised here
        with pytest.raises(KeyboardInterrupt):
            gate.select([read_end], 5)
        assert os.read(read_end, 1) == b"x"  # not read by the wait that raised
        assert gate.select([read_end], 0) == []  # no Ctrl-C left: an ordinary wait
        os.kill(os.getpid(), signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            gate.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
        os.close(read_end)
        os.close(write_end)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == before


def test_a_second_ctrl_c_during_an_interrupted_close_is_dropped() -> None:
    from blame.workerpipe import CtrlCGate

    if not supervise.supervised():
        pytest.skip("a thread an earlier test left running")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    try:
        gate = CtrlCGate()
        os.kill(os.getpid(), signal.SIGINT)
        gate.close(interrupted=True)  # the run already stops: nothing raised
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == before
