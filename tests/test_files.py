from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from blame import files
from blame.errors import ConfigError
from blame.files import (
    atomic_write_text,
    atomic_write_texts,
    atomic_writer,
    check_writable,
    loops,
    new_temporary,
    real_path,
    refuse_overwriting,
    safe_filename,
)


def test_atomic_write_creates_folders_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["out.json"]


def test_atomic_write_keeps_old_file_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(ConfigError, match=r"out\.txt: cannot write: disk full"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_atomic_write_escapes_lone_surrogates_so_json_round_trips(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    atomic_write_text(target, json.dumps({"output": "bad \ud800 text"}, ensure_ascii=False))
    assert target.read_bytes() == b'{"output": "bad \\ud800 text"}'
    assert json.loads(target.read_text(encoding="utf-8")) == {"output": "bad \ud800 text"}


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (("a-file", "out.json"), "cannot write: {tmp}/a-file is a file, not a folder"),
        (("a-file", "deeper", "out.json"), "cannot write: {tmp}/a-file is a file, not a folder"),
        (("a-folder",), "cannot write: is a folder, not a file; name a file to write"),
    ],
)
def test_atomic_write_to_an_impossible_place_is_one_clear_error(
    tmp_path: Path, parts: tuple[str, ...], message: str
) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "a-folder").mkdir()
    target = tmp_path.joinpath(*parts)
    with pytest.raises(ConfigError) as caught:
        atomic_write_text(target, "new")
    assert str(caught.value).startswith(f"{target}: {message.format(tmp=tmp_path)}")
    assert sorted(os.listdir(tmp_path)) == ["a-file", "a-folder"]
    assert os.listdir(tmp_path / "a-folder") == []


@pytest.mark.parametrize("target", [".", ".."])
def test_writing_to_the_current_or_parent_folder_says_it_is_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    """`blame report -o .` said "cannot write: Device or resource busy"."""
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    with pytest.raises(ConfigError) as caught:
        atomic_write_text(Path(target), "new")
    assert str(caught.value) == (
        f"{target}: cannot write: is a folder, not a file; name a file to write, e.g. inside "
        "that folder"
    )
    assert os.listdir(tmp_path) == ["here"] and os.listdir(tmp_path / "here") == []


@pytest.mark.parametrize(
    "parts",
    [
        ("a-file", "out.json"),
        ("a-file", "deeper", "out.json"),
        ("a-folder",),
        ("loop",),
        ("a-folder", "out.json"),
        ("new", "deeper", "out.json"),
        ("a-file",),
        ("dangling",),
        ("link-to-folder",),
    ],
)
def test_checking_a_place_says_what_writing_there_would_say(
    tmp_path: Path, parts: tuple[str, ...]
) -> None:
    """`check_writable` runs before the work that fills an output (`--junit-xml .` ran every
    test first): it refuses exactly the places the write refuses, with the same line."""
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "dangling").symlink_to("a-folder/made.json")
    (tmp_path / "link-to-folder").symlink_to("a-folder")
    target = tmp_path.joinpath(*parts)
    try:
        check_writable(target)
    except ConfigError as error:
        checked: str | None = str(error)
    else:
        checked = None
    try:
        atomic_write_text(target, "new")
    except ConfigError as error:
        written: str | None = str(error)
    else:
        written = None
    assert checked == written


@pytest.mark.parametrize(
    ("link", "points_to", "parts", "named"),
    [
        ("sub", "nowhere", ("sub", "out.json"), "nowhere"),
        ("sub", "nowhere", ("sub", "deeper", "out.json"), "nowhere"),
        ("sub", "a-folder/gone", ("sub", "out.json"), "a-folder/gone"),
        (os.path.join("a-folder", "sub"), "../gone", ("a-folder", "sub", "x.json"), "../gone"),
        ("sub", "{tmp}/gone/deep", ("sub", "out.json"), "{tmp}/gone/deep"),
    ],
)
def test_a_folder_that_is_a_link_to_nothing_is_named_with_where_it_points(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    link: str,
    points_to: str,
    parts: tuple[str, ...],
    named: str,
) -> None:
    """`blame init -c sub/blame.yaml` with `sub` a link to a missing folder said "cannot write:
    File exists" (the folder could not be made: a link is there)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-folder").mkdir()
    Path(link).symlink_to(points_to.format(tmp=tmp_path))
    before = sorted(tmp_path.rglob("*"))
    target = Path(*parts)
    shown = os.path.join(os.path.dirname(link), named.format(tmp=tmp_path))
    expected = (
        f"{target}: cannot write: the folder {link} is a link to {shown}, which does not "
        f"exist; create {shown}, or point the link at a folder that exists"
    )
    for attempt in (check_writable, lambda path: atomic_write_text(path, "new")):
        with pytest.raises(ConfigError) as caught:
            attempt(target)
        assert str(caught.value) == expected
    assert sorted(tmp_path.rglob("*")) == before  # no folder made, through the link or not


def _unwritable_folder(folder: Path) -> str:
    """Make `folder` one no file can be made in, even by root; the reason the kernel gives."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return "Permission denied"
    try:
        made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
    except FileNotFoundError:  # a slim image without e2fsprogs
        pytest.skip("root writes in every folder a mode forbids, and chattr is not installed")
    if made.returncode != 0:  # tmpfs, or a container without CAP_LINUX_IMMUTABLE
        pytest.skip("root writes in every folder a mode forbids, and chattr +i failed here")
    return "Operation not permitted"


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    folder = tmp_path / "locked"
    folder.mkdir()
    reason = _unwritable_folder(folder)
    yield folder, reason
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    folder.chmod(0o755)


def test_a_folder_no_file_can_be_made_in_is_refused_before_the_work(
    locked: tuple[Path, str],
) -> None:
    """The check asked os.access, which says yes to root for every folder: as root (CI
    containers) an unwritable folder passed, and the write failed after the whole run."""
    folder, reason = locked
    for target in (folder / "j.xml", folder / "new" / "deeper" / "j.xml"):
        with pytest.raises(ConfigError) as caught:
            check_writable(target)
        assert str(caught.value) == (
            f"{target}: cannot write: no file can be made in {folder} ({reason}); write "
            "somewhere else, or make that place a writable folder"
        )
    assert os.listdir(folder) == []


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc file system here")
def test_proc_is_refused_before_the_work_even_as_root() -> None:
    """/proc takes no new files from anyone; os.access said yes to root."""
    with pytest.raises(ConfigError) as caught:
        check_writable(Path("/proc/blame/j.xml"))
    assert str(caught.value).startswith("/proc/blame/j.xml: cannot write: no file can be made in ")


def test_checking_a_writable_folder_leaves_nothing_behind(tmp_path: Path) -> None:
    (tmp_path / "kept.json").write_text("x")
    check_writable(tmp_path / "kept.json")
    check_writable(tmp_path / "new" / "out.json")
    assert os.listdir(tmp_path) == ["kept.json"]


def test_checking_a_device_writes_nothing() -> None:
    check_writable(Path(os.devnull))


def test_writing_through_a_loop_of_links_is_one_clear_error(tmp_path: Path) -> None:
    """`--junit-xml loop` with `loop` a link to itself: RuntimeError before Python 3.13."""
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(ConfigError) as caught:
        atomic_write_text(tmp_path / "loop", "new")
    assert str(caught.value).startswith(
        f"{tmp_path / 'loop'}: cannot write: Too many levels of symbolic links; "
    )
    assert sorted(os.listdir(tmp_path)) == ["loop"]


def test_several_files_are_all_new_or_all_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk on the second file must not leave a new latest.json beside an old .md."""
    results, report = tmp_path / "latest.json", tmp_path / "latest.md"
    atomic_write_texts([(results, "old json"), (report, "old md")])
    real_fsync = os.fsync

    def full_on_second(fd: int) -> None:  # the files are synced at once: in no fixed order
        if ".latest.md." in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", full_on_second)
    with pytest.raises(ConfigError, match=r"latest\.md: cannot write: No space left on device"):
        atomic_write_texts([(results, "new json"), (report, "new md")])
    assert (results.read_text(), report.read_text()) == ("old json", "old md")
    assert sorted(os.listdir(tmp_path)) == ["latest.json", "latest.md"]


def test_several_files_are_synced_at_once_and_all_before_any_is_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's data is on disk before the first rename, and the syncs overlap: the disk's
    waits of results, report (and a history record) are one wait, not one after another."""
    results, report = tmp_path / "latest.json", tmp_path / "latest.md"
    real_fsync, real_replace = os.fsync, os.replace
    both_waiting = threading.Barrier(2, timeout=10)
    events: list[str] = []

    def waits_for_the_other(fd: int) -> None:
        both_waiting.wait()  # only returns once both syncs are under way together
        real_fsync(fd)
        events.append("sync")

    def replace(source: str, target: Path) -> None:
        events.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", waits_for_the_other)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write_texts([(results, "new json"), (report, "new md")])
    assert events == ["sync", "sync", "replace", "replace"]
    assert (results.read_text(), report.read_text()) == ("new json", "new md")


def test_a_writer_killed_mid_write_leaves_no_temporary_for_good(tmp_path: Path) -> None:
    """Only blame's own leftovers whose writer is gone are removed, on the next write."""
    dead = os.fork()
    if dead == 0:
        os._exit(0)
    os.waitpid(dead, 0)
    stale = tmp_path / f".t1.json.{dead}.abcd1234.tmp"
    live = tmp_path / f".t2.json.{os.getppid()}.abcd1234.tmp"
    mine = tmp_path / ".notes.tmp"
    for path in (stale, live, mine):
        path.write_text("partial")
    atomic_write_text(tmp_path / "t3.json", "{}")
    assert sorted(os.listdir(tmp_path)) == sorted([live.name, mine.name, "t3.json"])


def test_a_temporary_is_private_and_named_as_leftovers_are_found(tmp_path: Path) -> None:
    fd, name = new_temporary(tmp_path, f".t.json.{os.getpid()}.")
    try:
        assert stat.S_IMODE(os.fstat(fd).st_mode) == 0o600  # `share` widens it to the umask's
        os.write(fd, b"x")
    finally:
        os.close(fd)
    assert os.path.dirname(name) == str(tmp_path.resolve())
    found = files._temporary().fullmatch(os.path.basename(name))
    assert found is not None and found.group(2) == str(os.getpid())


def test_writing_results_and_history_loads_no_tempfile_random_or_ascii_codec(
    tmp_path: Path,
) -> None:
    # every `blame test` writes both: tempfile and random cost each run a millisecond to load,
    # and the umask's line of /proc is read as bytes, not through the ASCII codec. Counted
    # from after start-up: a site's .pth file may load any of them before blame runs.
    code = (
        "import sys\nbefore = set(sys.modules)\nimport pathlib, blame.files, blame.history\n"
        f"blame.files.atomic_write_text(pathlib.Path({str(tmp_path)!r}) / 'r.json', '{{}}')\n"
        "print(sorted({'tempfile', 'random', 'encodings.ascii'} & (set(sys.modules) - before)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert (tmp_path / "r.json").read_text() == "{}"


def test_a_temporary_never_opens_a_file_that_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draws = iter([b"\0" * 8, b"\1" * 8])
    monkeypatch.setattr(files.os, "urandom", lambda n: next(draws))
    taken = tmp_path / ".run-aaaaaaaa.tmp"
    taken.write_text("someone else's")
    fd, name = new_temporary(tmp_path, ".run-")
    os.close(fd)
    assert os.path.basename(name) == ".run-bbbbbbbb.tmp"
    assert taken.read_text() == "someone else's"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("../../x", "x"),
        ("/etc/passwd", "etc_passwd"),
        ("..", "test"),
        ("", "test"),
        ("hello world", "hello_world"),
        (".hidden", "hidden"),
        ("a\\b", "a_b"),
        ("ünïcode", "n_code"),
    ],
)
def test_safe_filename_stays_in_folder(name: str, slug: str, tmp_path: Path) -> None:
    result = safe_filename(name, ".json")
    assert result.startswith(slug + "-")
    assert result.endswith(".json")
    assert "/" not in result and "\\" not in result and not result.startswith(".")
    assert (tmp_path / result).resolve().parent == tmp_path.resolve()


@pytest.mark.parametrize(("a", "b"), [("a b", "a_b"), ("x/y", "x?y"), ("A", "a"), ("t", "t ")])
def test_safe_filename_distinct_names_do_not_collide(a: str, b: str) -> None:
    assert safe_filename(a) != safe_filename(b)


def test_safe_filename_is_stable_and_bounded() -> None:
    long = "n" * 500
    assert safe_filename(long) == safe_filename(long)
    assert len(safe_filename(long, ".json")) < 100


def test_safe_filename_of_one_name_differs_only_in_its_suffix() -> None:
    # a test's fixture and its kept traces share the stem, made once per name
    stem = safe_filename("task 7")
    assert safe_filename("task 7", ".pass.json") == stem + ".pass.json"
    assert safe_filename("task 7", ".fail.json") == stem + ".fail.json"
    assert safe_filename("task 8", ".json") != stem + ".json"


@pytest.mark.parametrize("name", ["task-0", "", "ünïcode", "\udcff", "n" * 500])
def test_safe_filename_hashes_as_hashlib_does(name: str) -> None:
    # Fixture and trace names are kept on disk: its digest is SHA-256's, OpenSSL or not.
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    assert safe_filename(name, ".json").endswith(f"-{digest}.json")


def test_a_device_is_written_into_never_replaced(tmp_path: Path) -> None:
    """`blame report -o /dev/stdout` (or /dev/null) writes through; as root, a rename over
    /dev/full used to turn the device into a regular file."""
    atomic_write_text(Path(os.devnull), "report")
    assert Path(os.devnull).is_char_device()
    with pytest.raises(ConfigError, match="cannot write: No space left on device"):
        atomic_write_text(Path("/dev/full"), "report")
    assert Path("/dev/full").is_char_device()


def test_a_named_pipe_nobody_reads_is_an_error_not_a_wait(tmp_path: Path) -> None:
    """`blame report -o fifo` with no reader waited in open() forever; a pipe being read is
    written into as before."""
    pipe = tmp_path / "fifo"
    os.mkfifo(pipe)
    raised: list[BaseException] = []

    def write() -> None:
        try:
            atomic_write_text(pipe, "report")
        except BaseException as error:
            raised.append(error)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(10)
    stuck = writer.is_alive()
    if stuck:  # let the writer of the old code go: open the pipe for reading
        os.close(os.open(pipe, os.O_RDONLY | os.O_NONBLOCK))
    assert not stuck
    assert [str(e) for e in raised] == [
        f"{pipe}: cannot write: it is a named pipe that no process reads; start the reader "
        "first (e.g. `cat PIPE &`), or write to a file"
    ]
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        atomic_write_text(pipe, "report")
        assert os.read(reader, 100) == b"report"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def test_a_link_is_kept_and_its_target_replaced(tmp_path: Path) -> None:
    target = tmp_path / "real.md"
    target.write_text("old")
    (tmp_path / "link.md").symlink_to(target)
    atomic_write_text(tmp_path / "link.md", "new")
    assert (tmp_path / "link.md").is_symlink() and target.read_text() == "new"


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_get_the_mode_the_umask_gives(tmp_path: Path, umask: int, mode: int) -> None:
    """Fixtures and results are shared in CI: not the 0600 of a private temporary."""
    old = os.umask(umask)
    try:
        atomic_write_text(tmp_path / "one.json", "{}")
        with atomic_writer(tmp_path / "lines.jsonl") as handle:
            assert handle is not None
            handle.write("{}\n")
    finally:
        os.umask(old)
    for name in ("one.json", "lines.jsonl"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode


@pytest.mark.parametrize(
    ("output", "problem"),
    [
        ("blame.yaml", "is the config file"),
        ("sub/../blame.yaml", "is the config file"),
        ("link.xml", "is the config file"),  # a link: the write replaces what it names
        ("agent.py", "is code (.py)"),
        ("Agent.PY", "is code (.PY)"),
        ("report.xml", None),
    ],
)
def test_an_output_over_an_input_or_code_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, output: str, problem: str | None
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "blame.yaml").write_text("tests: []\n", encoding="utf-8")
    (tmp_path / "link.xml").symlink_to(tmp_path / "blame.yaml")
    inputs = [(Path("blame.yaml"), "the config file")]
    if problem is None:
        refuse_overwriting(Path(output), "--junit-xml", inputs)
        return
    with pytest.raises(ConfigError) as raised:
        refuse_overwriting(Path(output), "--junit-xml", inputs)
    assert raised.value.format() == (
        f"{output}: --junit-xml: {problem}; writing the output here would replace it; write "
        "the output to a file of its own"
    )


@pytest.mark.parametrize(
    ("links", "path", "real", "looping"),
    [
        ({"a": "b.txt"}, "a", "b.txt", False),
        ({"self": "self"}, "self", "self", True),  # a link to itself: Path.resolve() raised
        ({"one": "two", "two": "one"}, "one", "one", True),
        ({"one": "two", "two": "one"}, "one/x.json", "one/x.json", True),
        ({"a": "nowhere"}, "a", "nowhere", False),  # broken: no such file, no loop
        ({}, "missing/x.json", "missing/x.json", False),
    ],
)
def test_real_path_follows_links_and_stops_at_a_loop_which_loops_tells(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    links: dict[str, str],
    path: str,
    real: str,
    looping: bool,
) -> None:
    (tmp_path / "b.txt").write_text("b")
    for link, target in links.items():
        (tmp_path / link).symlink_to(target)
    monkeypatch.chdir(tmp_path)
    assert real_path(path) == real_path(tmp_path) / real
    assert loops(path) is looping


def test_a_path_no_file_system_can_hold_does_not_loop() -> None:
    assert loops("nul\0byte") is False
