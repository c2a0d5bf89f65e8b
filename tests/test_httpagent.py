"""The http agent type against a real local server (http.server on 127.0.0.1:0 in a thread):
replies with and without steps, a slow server, a failing one, authentication, option errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from blame.errors import AgentError, ConfigError
from blame.httpagent import HttpOptions, call_service, http_adapter, shown_url
from blame.model import StepKind
from blame.recorder import TraceRecorder
from tests.otlp_fixtures import Recorder, genai_two_agents, otlp_dict

TOKEN = "s3cret-token-value"


@dataclass
class Service:
    """The server's address and what it saw."""

    url: str
    hits: dict[str, int] = field(default_factory=dict)
    seen: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)


def _native_trace(question: str) -> str:
    rec = TraceRecorder(test_name="their-name", input=question)
    rec.step("Researcher", input=question, output="AF1234 at 09:40")
    rec.step("Writer", input="AF1234 at 09:40", output="Take the 09:40 flight.")
    return rec.finalize().to_json()


def _otlp() -> dict[str, Any]:
    rec = Recorder()
    genai_two_agents(rec)
    return otlp_dict(rec.spans())


@pytest.fixture
def service() -> Iterator[Service]:
    state: Service = Service(url="")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def reply(self, status: int, body: Any, kind: str = "application/json") -> None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            path = self.path
            count = state.hits[path] = state.hits.get(path, 0) + 1
            sent = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.seen.append(sent)
            state.headers.append(dict(self.headers))
            question = str(sent["input"])
            if path == "/echo":
                self.reply(200, {"output": f"echo: {question}"})
            elif path == "/trace":
                trace = json.loads(_native_trace(question))
                self.reply(200, {"output": "Take the 09:40 flight.", "trace": trace})
            elif path == "/otlp":
                self.reply(200, {"otlp": _otlp()})
            elif path == "/text":
                self.reply(200, b"plain answer", "text/plain")
            elif path == "/badjson":
                self.reply(200, b'{"output": ', "application/json")
            elif path == "/badtrace":
                self.reply(200, {"output": "x", "trace": {"schema_version": 99, "steps": []}})
            elif path == "/slow":
                time.sleep(1.0)
                self.reply(200, {"output": "late"})
            elif path == "/flaky":  # fails twice, then answers
                if count <= 2:
                    self.reply(503, {"error": "warming up"})
                else:
                    self.reply(200, {"output": f"answered on try {count}"})
            elif path == "/down":
                self.reply(500, {"error": "boom"})
            elif path == "/refuse":
                self.reply(400, {"error": "input must mention a city"})
            elif path == "/auth":
                if self.headers.get("Authorization") == f"Bearer {TOKEN}":
                    self.reply(200, {"output": "authorized"})
                else:  # a careless service that echoes what it got
                    self.reply(401, {"got": self.headers.get("Authorization")})
            elif path == "/echo-token":
                self.reply(500, {"got": self.headers.get("Authorization")})
            else:
                self.reply(404, {"error": "no such path"})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _options(url: str, **options: Any) -> HttpOptions:
    return HttpOptions.parse(url, {"url": url, "backoff": 0, **options})


# -- replies -----------------------------------------------------------------------------------


def test_a_reply_without_steps_is_one_step_of_the_service(service: Service) -> None:
    run = http_adapter.load(service.url + "/echo", base_dir=Path("."), options={})
    output, trace = run({"city": "Rome"}, "rome")
    assert output == "echo: {'city': 'Rome'}"
    assert service.seen == [{"input": {"city": "Rome"}, "test": "rome"}]
    assert service.headers[0]["Content-Type"] == "application/json"
    assert [(s.kind, s.agent, s.output) for s in trace.steps] == [
        (StepKind.AGENT, "service", output)
    ]
    assert trace.test_name == "rome"


def test_native_steps_in_the_reply_become_the_trace(service: Service) -> None:
    output, trace = call_service(_options(service.url + "/trace"), "Paris to Rome", "paris")
    assert output == "Take the 09:40 flight."
    assert [s.agent for s in trace.steps] == ["Researcher", "Writer"]
    assert trace.test_name == "paris"


def test_otlp_steps_in_the_reply_go_through_the_otlp_importer(service: Service) -> None:
    output, trace = call_service(_options(service.url + "/otlp"), "q", "otlp")
    assert {s.agent for s in trace.steps} >= {"Researcher", "Writer"}
    assert output == trace.final_output != ""


@pytest.mark.parametrize("kind", ["application/json", "text/plain"])
def test_a_json_reply_opening_with_a_byte_order_mark_is_read(kind: str) -> None:
    """Some Windows services write one; the JSON after it is what they meant."""
    from blame.httpagent import read_reply

    reply = '\ufeff{"output": "It is in Paris."}'.encode()
    output, trace = read_reply(reply, kind, _options("http://127.0.0.1:9/run"), "q", "t")
    assert output == trace.final_output == "It is in Paris."


def test_a_text_reply_is_the_final_output(service: Service) -> None:
    output, trace = call_service(_options(service.url + "/text", agent_name="Bot"), "q", "t")
    assert (output, trace.steps[0].agent) == ("plain answer", "Bot")


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("/badjson", "replied with JSON that does not parse"),
        ("/badtrace", "replied with steps blame cannot read: "),
    ],
)
def test_an_unreadable_reply_is_one_clear_error(service: Service, path: str, problem: str) -> None:
    with pytest.raises(AgentError) as caught:
        call_service(_options(service.url + path), "q", "t")
    message = caught.value.format()
    assert f"agent.url: POST {service.url}{path} {problem}" in message
    assert "\n" not in message


# -- slow and failing servers ------------------------------------------------------------------


def test_a_slow_server_times_out_after_each_retry(service: Service) -> None:
    waits: list[float] = []
    options = _options(service.url + "/slow", timeout=0.2, retries=1, backoff=0.05)
    started = time.monotonic()
    with pytest.raises(AgentError) as caught:
        call_service(options, "q", "t", sleep=waits.append)
    assert time.monotonic() - started < 2.0  # two 0.2 s attempts, not two 1 s replies
    assert f"POST {service.url}/slow timed out after 0.2 s (after 2 attempts)" in str(caught.value)
    assert "raise `timeout` or `retries`" in str(caught.value)
    assert waits == [0.05]


def test_a_failing_server_is_retried_with_growing_waits_until_it_answers(service: Service) -> None:
    waits: list[float] = []
    options = _options(service.url + "/flaky", retries=3, backoff=0.5)
    output, _ = call_service(options, "q", "t", sleep=waits.append)
    assert output == "answered on try 3"
    assert waits == [0.5, 1.0]
    assert service.hits["/flaky"] == 3


def test_retries_are_bounded(service: Service) -> None:
    waits: list[float] = []
    with pytest.raises(AgentError, match=r"got HTTP 500 .*boom.*\(after 3 attempts\)"):
        call_service(_options(service.url + "/down", retries=2), "q", "t", sleep=waits.append)
    assert service.hits["/down"] == 3 and len(waits) == 2


def _no_wait(seconds: float) -> None:
    pytest.fail(f"waited {seconds} s to retry a request that must not be retried")


@pytest.mark.parametrize(
    ("path", "status", "fix"),
    [("/refuse", 400, "the service refused the request"), ("/nowhere", 404, "check the path")],
)
def test_a_4xx_is_not_retried(service: Service, path: str, status: int, fix: str) -> None:
    with pytest.raises(AgentError) as caught:
        call_service(_options(service.url + path, retries=5), "q", "t", sleep=_no_wait)
    assert service.hits[path] == 1
    assert f"got HTTP {status}" in str(caught.value) and fix in str(caught.value)


def test_a_server_that_is_not_there_is_named_with_the_fix() -> None:
    import socket

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(AgentError) as caught:
        call_service(_options(f"http://127.0.0.1:{port}/run", retries=0), "q", "t")
    assert f"POST http://127.0.0.1:{port}/run failed: " in str(caught.value)
    assert "check that the service is running" in str(caught.value)


# -- authentication ----------------------------------------------------------------------------


def test_the_token_comes_from_the_environment(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGENT_TOKEN", TOKEN)
    output, trace = call_service(_options(service.url + "/auth", auth_env="AGENT_TOKEN"), "q", "t")
    assert output == "authorized"
    assert TOKEN not in trace.to_json()


def test_a_raw_token_goes_in_the_named_header(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGENT_TOKEN", TOKEN)
    options = _options(service.url + "/echo", auth_env="AGENT_TOKEN", auth_header="X-Api-Key")
    call_service(options, "q", "t")
    assert service.headers[0]["X-Api-Key"] == TOKEN


@pytest.mark.parametrize(
    ("path", "env", "expected"),
    [
        ("/auth", None, "the service wants credentials: set `auth_env`"),
        ("/auth", "wrong", "check the token in AGENT_TOKEN"),
        ("/echo-token", TOKEN, "got HTTP 500"),
    ],
)
def test_the_token_never_reaches_an_error(
    service: Service, monkeypatch: pytest.MonkeyPatch, path: str, env: str | None, expected: str
) -> None:
    options: dict[str, Any] = {"retries": 0}
    if env is not None:
        monkeypatch.setenv("AGENT_TOKEN", env)
        options["auth_env"] = "AGENT_TOKEN"
    with pytest.raises(AgentError) as caught:
        call_service(_options(service.url + path, **options), "q", "t")
    assert expected in str(caught.value)
    assert TOKEN not in str(caught.value)


def test_a_missing_token_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AGENT_TOKEN", raising=False)
    with pytest.raises(AgentError, match="the environment variable AGENT_TOKEN is not set"):
        call_service(_options("http://127.0.0.1:9/x", auth_env="AGENT_TOKEN"), "q", "t")


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field", "problem"),
    [
        ({"url": "ftp://x/y"}, "agent.url", "is not an http(s) URL"),
        ({"url": "http://u:pw@h/p?key=1", "bogus": 1}, "agent.bogus", "unknown option"),
        ({"url": "http://h/p", "timeout": 0}, "agent.timeout", "must be a number from"),
        ({"url": "http://h/p", "retries": 11}, "agent.retries", "whole number from 0 to 10"),
        ({"url": "http://h/p", "retries": 1.5}, "agent.retries", "whole number"),
        ({"url": "http://h/p", "backoff": -1}, "agent.backoff", "must be a number"),
        ({"url": "http://h/p", "auth_env": "not a name"}, "agent.auth_env", "environment var"),
        ({"url": "http://h/p", "agent_name": ""}, "agent.agent_name", "non-empty string"),
    ],
)
def test_bad_options_name_their_field(options: dict[str, Any], field: str, problem: str) -> None:
    with pytest.raises(ConfigError) as caught:
        HttpOptions.parse(str(options["url"]), options)
    assert caught.value.field == field and problem in caught.value.message


def test_errors_show_the_url_without_credentials_or_query() -> None:
    assert shown_url("https://user:pw@host:8443/run?key=abc#x") == "https://host:8443/run"


# -- blame test, end to end --------------------------------------------------------------------


def _blame(config: Path, command: str = "test", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "blame", command, "--config", str(config)],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "BLAME_NO_WARN": "1", **env},
    )  # fmt: skip


def test_blame_test_runs_an_agent_behind_a_url(service: Service, tmp_path: Path) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        f"agent: {{type: http, url: '{service.url}/trace', auth_env: AGENT_TOKEN}}\n"
        "tests:\n  - name: paris\n    input: Paris to Rome\n"
        "    checks: [{type: contains, value: AF1234}]\n",
        encoding="utf-8",
    )
    done = _blame(config, AGENT_TOKEN=TOKEN)
    assert done.returncode == 1, done.stderr
    assert "contains:AF1234 [missing content]: Writer (agent), step 1" in done.stdout
    assert TOKEN not in done.stdout + done.stderr


def test_confirmation_says_it_is_not_available_behind_a_url(
    service: Service, tmp_path: Path
) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        f"agent: {{type: http, url: '{service.url}/trace'}}\n"
        "tests: [{name: paris, input: Paris to Rome, checks: [{type: contains, value: AF1234}]}]\n",
        encoding="utf-8",
    )
    done = _blame(config, "confirm")
    assert done.returncode == 1, done.stderr
    assert (
        "contains:AF1234: Writer: unavailable: restore 'AF1234' into step 1's output (Writer): "
        "confirmation is not available for an agent behind a URL (its steps run in the service, "
        "where blame cannot change one of them and re-run the rest)"
    ) in done.stdout


def test_blame_test_with_a_failing_service_exits_2_with_one_line(
    service: Service, tmp_path: Path
) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        f"agent: {{type: http, url: '{service.url}/refuse'}}\n"
        "tests:\n  - name: a\n    input: hi\n    checks: [{type: contains, value: x}]\n",
        encoding="utf-8",
    )
    done = _blame(config)
    assert done.returncode == 2, done.stdout
    # the config file is named, as in the field's errors at load time (issue 24), relative to
    # its own folder as every project file a test's error names (results do not depend on
    # where the project is checked out)
    assert f"error: blame.yaml: agent.url: POST {service.url}/refuse got HTTP 400" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("agent", "problem"),
    [
        ("{type: http}", "agent.url: is missing"),
        ("{type: http, url: 'nota url'}", "agent.url: 'nota url' is not an http(s) URL"),
    ],
)
def test_a_bad_http_agent_is_one_line_and_exit_2(tmp_path: Path, agent: str, problem: str) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        f"agent: {agent}\ntests:\n  - name: a\n    input: hi\n"
        "    checks: [{type: contains, value: x}]\n",
        encoding="utf-8",
    )
    done = _blame(config)
    assert done.returncode == 2
    assert problem in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_an_agent_behind_a_url_cannot_be_faulted(tmp_path: Path) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        "agent: {type: http, url: 'http://127.0.0.1:9/run'}\ntests:\n  - name: a\n"
        "    input: hi\n    faults: [{tool: t, fault: error}]\n"
        "    checks: [{type: contains, value: x}]\n",
        encoding="utf-8",
    )
    done = _blame(config)
    assert done.returncode == 2
    assert "tests[0] ('a').faults: an agent behind a URL runs its tools where" in done.stderr
