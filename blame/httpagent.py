"""The `http` agent type: an agent behind a URL, run by posting each test's input to it.

`agent: {type: http, url: http://127.0.0.1:8000/run}` in blame.yaml. blame posts
`{"input": <test input>, "test": <test name>}` as JSON and reads the reply: a JSON object with
`output` (the final answer) and, when the service reports how it got there, `trace` (blame's
native trace JSON, as `Trace.to_json` writes it) or `otlp` (an OTLP/JSON export, read by the
OpenTelemetry importer); a reply that is not JSON is the final output as text. Without steps,
the run is one step of the agent `agent_name`.

Options (beside `type` and `url`): `timeout` (seconds per request, default 30), `retries`
(further attempts after a connection error, a timeout, a 5xx or a 429, default 2; a 4xx is
never retried), `backoff` (seconds before the first retry, doubled each time, default 0.5),
`auth_env` (the environment variable holding a token, sent as `Authorization: Bearer <token>`
or as the raw value of `auth_header`), `agent_name` (default `service`). The token never appears
in the config, in errors or in the trace. Only the standard library is used (urllib).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from blame.errors import AgentError, ConfigError
from blame.frozen import dataclass
from blame.model import Trace
from blame.protocols import RunFn

OPTIONS = ("url", "timeout", "retries", "backoff", "auth_env", "auth_header", "agent_name")
"""Every option the http agent type reads."""
MAX_RETRIES = 10
"""Most retries of one request."""
MAX_BACKOFF_S = 10.0
"""The longest wait between two attempts."""
MAX_REPLY_BYTES = 64 * 1024 * 1024
"""The largest reply read; a larger one is an error, not a memory spike."""


@dataclass(frozen=True, slots=True)
class HttpOptions:
    """The validated options of an `agent: {type: http}` block."""

    url: str
    """Where each test's input is posted (http or https)."""
    timeout: float = 30.0
    """Seconds one request may take."""
    retries: int = 2
    """Further attempts after a connection error, a timeout, a 5xx or a 429."""
    backoff: float = 0.5
    """Seconds before the first retry; doubled for each next one (at most 10 s)."""
    auth_env: str | None = None
    """The environment variable that holds the token (read at each run, never stored)."""
    auth_header: str = "Authorization"
    """The header the token goes in: `Authorization: Bearer <token>`, else the raw token."""
    agent_name: str = "service"
    """The agent a reply without steps is recorded as."""

    @classmethod
    def parse(cls, entrypoint: str, options: Mapping[str, Any]) -> HttpOptions:
        """Check the options once, when the agent is loaded; errors name the field."""
        unknown = sorted(str(k) for k in options if k not in OPTIONS)
        if unknown:
            raise ConfigError(
                f"unknown option {unknown[0]!r} for agent type http",
                field=f"agent.{unknown[0]}",
                hint=f"the http agent type takes {', '.join(OPTIONS)}",
            )
        url = str(options.get("url") or entrypoint).strip()
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(
                f"{shown_url(url)!r} is not an http(s) URL",
                field="agent.url",
                hint="write e.g. `url: http://127.0.0.1:8000/run`",
            )
        auth_env = options.get("auth_env")
        if auth_env is not None and (not isinstance(auth_env, str) or not auth_env.isidentifier()):
            raise ConfigError(
                "must name an environment variable",
                field="agent.auth_env",
                hint="write e.g. `auth_env: AGENT_TOKEN` and export the token in that variable",
            )
        return cls(
            url=url,
            timeout=_number(options, "timeout", 30.0, low=0.001, high=3600.0),
            retries=int(_number(options, "retries", 2, low=0, high=MAX_RETRIES, whole=True)),
            backoff=_number(options, "backoff", 0.5, low=0.0, high=MAX_BACKOFF_S),
            auth_env=auth_env,
            auth_header=_text(options, "auth_header", "Authorization"),
            agent_name=_text(options, "agent_name", "service"),
        )


def _number(
    options: Mapping[str, Any], key: str, default: float, *, low: float, high: float,
    whole: bool = False,
) -> float:  # fmt: skip
    value = options.get(key, default)
    kind = "a whole number" if whole else "a number"
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (whole and not isinstance(value, int))
        or not low <= value <= high
    ):
        raise ConfigError(
            f"must be {kind} from {low:g} to {high:g}, got {value!r}", field=f"agent.{key}"
        )
    return float(value)


def _text(options: Mapping[str, Any], key: str, default: str) -> str:
    value = options.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"must be a non-empty string, got {value!r}", field=f"agent.{key}")
    return value.strip()


def shown_url(url: str) -> str:
    """The URL as errors show it: without a user or password, query or fragment."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


class HttpAdapter:
    """Posts each test's input to a URL and reads the final output and steps it returns."""

    type = "http"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Check the options; the returned function makes one request (with retries) per run."""
        settings = HttpOptions.parse(entrypoint, options)

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            return call_service(settings, test_input, test_name)

        return run


http_adapter = HttpAdapter()
"""The entry-point object for `blame.adapters:http`."""


def call_service(
    options: HttpOptions,
    test_input: Any,
    test_name: str,
    *,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[str, Trace]:
    """One run: post the input, retry what may pass on a retry, and read the reply."""
    token = _token(options)
    body = json.dumps({"input": test_input, "test": test_name}, ensure_ascii=False).encode()
    where = shown_url(options.url)
    attempts = options.retries + 1
    for attempt in range(attempts):
        status, content_type, reply, problem = _post(options, body, token)
        retry = problem is not None and (status is None or status >= 500 or status == 429)
        if problem is None:
            return read_reply(reply, content_type, options, test_input, test_name)
        if not retry or attempt == attempts - 1:
            tried = f" (after {attempt + 1} attempts)" if attempt else ""
            raise AgentError(
                f"POST {where} {_redacted(problem, token)}{tried}",
                field="agent.url",
                hint=_fix(status, options),
            )
        sleep(min(options.backoff * 2**attempt, MAX_BACKOFF_S))
    raise AssertionError("unreachable")  # pragma: no cover


def _token(options: HttpOptions) -> str | None:
    if options.auth_env is None:
        return None
    token = os.environ.get(options.auth_env, "")
    if not token:
        raise AgentError(
            f"the environment variable {options.auth_env} is not set",
            field="agent.auth_env",
            hint=f"export {options.auth_env}=<token> before running blame",
        )
    return token


def _post(
    options: HttpOptions, body: bytes, token: str | None
) -> tuple[int | None, str, bytes, str | None]:
    """(status, content type, body, problem): problem is None on a 2xx reply."""
    import urllib.error
    import urllib.request

    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token is not None:
        scheme = "Bearer " if options.auth_header.lower() == "authorization" else ""
        headers[options.auth_header] = scheme + token
    request = urllib.request.Request(options.url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=options.timeout) as response:
            reply = response.read(MAX_REPLY_BYTES + 1)
            if len(reply) > MAX_REPLY_BYTES:
                return response.status, "", b"", f"replied with more than {MAX_REPLY_BYTES:,} bytes"
            kind = response.headers.get_content_type()
            return response.status, kind, reply, None
    except urllib.error.HTTPError as error:
        detail = error.read(300).decode("utf-8", "replace")
        said = f": {_brief(detail)}" if detail.strip() else ""
        return error.code, "", b"", f"got HTTP {error.code} {error.reason}{said}"
    except TimeoutError:
        return None, "", b"", f"timed out after {options.timeout:g} s"
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, TimeoutError):
            return None, "", b"", f"timed out after {options.timeout:g} s"
        return None, "", b"", f"failed: {reason}"
    except (OSError, ValueError) as error:  # a reset connection, a malformed reply
        return None, "", b"", f"failed: {type(error).__name__}: {error}"


def _fix(status: int | None, options: HttpOptions) -> str:
    if status in (401, 403):
        if options.auth_env is None:
            return "the service wants credentials: set `auth_env` to a variable holding a token"
        return f"check the token in {options.auth_env} and `auth_header`"
    if status == 404:
        return "check the path of `url`"
    if status is not None and 400 <= status < 500 and status != 429:
        return "the service refused the request; check what it expects (blame posts {input, test})"
    return (
        "check that the service is running and reachable; raise `timeout` or `retries` if it "
        "is slow"
    )


def _brief(text: str) -> str:
    from blame.text import printable, shorten

    return printable(shorten(" ".join(text.split()), 120))


def _redacted(text: str, token: str | None) -> str:
    """A service may echo the request: the token never reaches an error message."""
    return text.replace(token, "***") if token else text


def read_reply(
    reply: bytes, content_type: str, options: HttpOptions, test_input: Any, test_name: str
) -> tuple[str, Trace]:
    """The final output and the trace of one reply (see the module docstring for its shape)."""
    from blame.recorder import TraceRecorder, to_text

    where = shown_url(options.url)
    text = reply.decode("utf-8-sig", "replace")  # a byte-order mark opening it is skipped
    data: Any = None
    if content_type.endswith("json") or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            if content_type.endswith("json"):
                raise AgentError(
                    f"POST {where} replied with JSON that does not parse: {_brief(text)}",
                    field="agent.url",
                    hint='reply with {"output": ..., "trace": ...} (see the http agent docs)',
                ) from None
    if not isinstance(data, Mapping):
        data = {"output": text}
    output = to_text(data.get("output"))
    trace = _steps(data, where, test_name)
    if trace is None:
        rec = TraceRecorder(test_name=test_name, input=test_input)
        rec.step(options.agent_name, input=test_input, output=output)
        trace = rec.finalize(final_output=output)
    if "output" not in data:
        output = trace.final_output
    return output, trace


def _steps(data: Mapping[str, Any], where: str, test_name: str) -> Trace | None:
    """The reply's own steps: native trace JSON under `trace`, or OTLP/JSON under `otlp`."""
    from dataclasses import replace

    from blame.errors import TraceError

    try:
        if data.get("trace") is not None:
            trace = Trace.from_dict(data["trace"], source=f"the reply of {where}: trace")
            return replace(trace, test_name=test_name)
        if data.get("otlp") is not None:
            from blame.importers.otlp import convert

            return convert(data["otlp"], test_name=test_name)
    except TraceError as error:
        raise AgentError(
            f"POST {where} replied with steps blame cannot read: {error.format()}",
            field="agent.url",
            hint="send blame's trace JSON under `trace` or an OTLP/JSON export under `otlp`",
        ) from None
    return None
