"""The director's web console (spec 09's live event): a room display and a director's page over one
event file, with a JSON API and server-sent events.

- ``GET /`` the room display (read-only), ``GET /director`` the director's page, ``GET /static/NAME``
  their scripts and stylesheets (package data under ``pages/``).
- ``GET /api/status`` the event's status (the façade's ``status()``; no token needed).
- ``GET /api/events`` server-sent events: first the current status (``event: status``), then every
  applied event in order (``event: applied``, ``id:`` its sequence number, the façade's result with the
  status after it), and the status again every ``tick`` seconds (the clock).
- ``POST /api/action`` ``{"kind": KIND, "args": {...}}`` applies one director event through
  ``DirectorEvent.apply``; ``POST /api/deal`` previews a chip-chop or ICM deal (§9.19);
  ``POST /api/race`` ``{"stacks": {...}}`` the cards to deal for the colour-up's chip race (§9.18);
  ``GET /api/history`` the committed events. These need the event's secret, in the header
  ``Authorization: Bearer SECRET`` (or ``X-Director-Token``): missing → 401, wrong → 403.
- Every refusal is ``{"error", "section", "kind"}``: a refusal of the rules → 409 (the error's class
  as ``kind``); a body that is not JSON, or holds a number too long to read → 400; JSON of the wrong
  shape or nested more than ``MAX_DEPTH`` deep → 422; over ``MAX_BODY`` bytes → 413 (an action's
  section is §9.25, a deal's §9.19); an unknown address → 404, a wrong method → 405. Nothing else
  reaches a client but ``{"error": "internal error"}`` (500).

Every call into the façade runs on one worker thread (the SQLite connection is used by the thread that
opened it), and applying, computing a status and publishing it happen under one lock, so every display
sees the events in the order they were committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
import socket
import sys
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pyholdem.errors import PyHoldemError, show_value
from pyholdem.spec.tournament import propose_deal

LOG = logging.getLogger("pyholdem.director.server")
T = TypeVar("T")

PAGES = {"/": "display.html", "/director": "director.html"}
STATIC_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".html": "text/html; charset=utf-8",
}
MAX_BODY = 64 * 1024
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
NO_STORE = {"Cache-Control": "no-store"}
DEAL_METHODS = ("chip_chop", "icm")
MAX_DEAL_PLAYERS = 12
MAX_AMOUNT = 10**15


REFUSAL_KINDS = {
    400: "BadRequest",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    405: "MethodNotAllowed",
    413: "TooLarge",
    422: "MalformedRequest",
}
MAX_DEPTH = 16


class Refused(Exception):
    """A request the console refuses before it reaches the event: an HTTP status and a JSON body
    ``{"error", "section", "kind"}`` (the kind names the refusal, as a rule's error names its class)."""

    def __init__(self, status: int, error: str, section: str | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.body = {"error": error, "section": section, "kind": REFUSAL_KINDS.get(status, "Refused")}


def page_files() -> dict[str, bytes]:
    """The pages' files (package data), by name."""
    root = resources.files("pyholdem.director") / "pages"
    return {item.name: item.read_bytes() for item in root.iterdir() if item.is_file()}


def sse_message(event: str, data: Mapping[str, Any], seq: int | None = None) -> bytes:
    """One server-sent event: ``id`` (the sequence number when given), ``event`` and one ``data`` line."""
    head = f"id: {seq}\n" if seq is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


class Subscriber:
    """One display's queue of messages; a display that falls ``limit`` messages behind is closed (its
    browser reconnects and starts again from the current status)."""

    def __init__(self, limit: int) -> None:
        self.messages: deque[bytes] = deque()
        self.limit = limit
        self.ready = asyncio.Event()
        self.overflowed = False

    def push(self, message: bytes) -> None:
        if len(self.messages) >= self.limit:
            self.overflowed = True
        else:
            self.messages.append(message)
        self.ready.set()


class Console:
    """The server's state: the open event (on its own thread), the lock and the displays."""

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], float] | None = None,
        tick: float = 1.0,
        keepalive: float = 15.0,
        queue_limit: int = 10_000,
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.tick = tick
        self.keepalive = keepalive
        self.queue_limit = queue_limit
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="director-event")
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.event: Any = None
        self.published_seq = -1
        self.closing = asyncio.Event()

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` on the event's thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, lambda: fn(*args, **kwargs))

    async def open(self) -> None:
        from pyholdem.director.event import DirectorEvent

        kwargs = {} if self.clock is None else {"clock": self.clock}
        self.event = await self.call(DirectorEvent.open, self.path, **kwargs)

    async def close(self) -> None:
        self.closing.set()
        for sub in list(self.subscribers):
            sub.ready.set()
        if self.event is not None:
            await self.call(self.event.close)
        self.executor.shutdown(wait=True)

    def secret_matches(self, given: str) -> bool:
        return hmac.compare_digest(given.encode("utf-8"), str(self.event.secret).encode("utf-8"))

    def publish(self, message: bytes) -> None:
        for sub in self.subscribers:
            sub.push(message)

    async def status(self) -> dict[str, Any]:
        """The status now, after reading what other processes (the CLI) committed meanwhile."""

        def read() -> dict[str, Any]:
            self.event.refresh()
            current: dict[str, Any] = self.event.status()
            return current

        status: dict[str, Any] = await self.call(read)
        return status

    async def apply(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        """Apply one event and publish it to every display before the next one can be applied."""
        async with self.lock:
            result: dict[str, Any] = await self.call(lambda: self.event.apply(kind, **args))
            self.published_seq = max(self.published_seq, int(result["seq"]))
            self.publish(sse_message("applied", result, result["seq"]))
            return result

    async def publish_status(self) -> None:
        async with self.lock:
            status = await self.status()
            self.published_seq = max(self.published_seq, int(status["seq"]))
            self.publish(sse_message("status", status, status["seq"]))

    async def ticker(self) -> None:
        """The clock: the status to every display every ``tick`` seconds while any is connected."""
        while not self.closing.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.closing.wait(), self.tick)
            if self.subscribers and not self.closing.is_set():
                try:
                    await self.publish_status()
                except Exception:
                    LOG.exception("status for the displays failed")

    async def stream(self, sub: Subscriber) -> AsyncIterator[bytes]:
        """A display's messages until it disconnects, falls behind, or the server stops."""
        try:
            while not self.closing.is_set() and not sub.overflowed:
                while sub.messages:
                    yield sub.messages.popleft()
                sub.ready.clear()
                if sub.overflowed:
                    break
                try:
                    await asyncio.wait_for(sub.ready.wait(), self.keepalive)
                except TimeoutError:
                    yield b": keepalive\n\n"
        finally:
            self.subscribers.discard(sub)


def _console(request: Request) -> Console:
    console: Console = request.app.state.console
    return console


def _json(body: Mapping[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(dict(body), status_code=status, headers=NO_STORE)


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if auth is not None:
        scheme, _, value = auth.partition(" ")
        return value.strip() if scheme.lower() == "bearer" else None
    return request.headers.get("x-director-token")


def _authorise(request: Request) -> None:
    given = _token(request)
    if not given:
        raise Refused(401, "this action needs the event's secret (Authorization: Bearer SECRET)")
    if not _console(request).secret_matches(given):
        raise Refused(403, "the secret does not match this event's")


async def _json_body(request: Request, section: str) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused(413, f"a request body of {len(raw)} bytes is over the limit of {MAX_BODY}", section)
    try:
        body = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Refused(400, f"the request body is not JSON: {exc}", section) from None
    except ValueError:  # what else json refuses: an integer longer than int's string limit
        limit = sys.get_int_max_str_digits()
        raise Refused(400, f"the request body holds a number of more than {limit} digits", section) from None
    except RecursionError:
        raise Refused(400, f"the request body nests values more than {MAX_DEPTH} deep", section) from None
    if not isinstance(body, dict):
        raise Refused(422, f"the request body is a JSON {type(body).__name__}, not an object", section)
    if _depth(body) > MAX_DEPTH:
        raise Refused(422, f"the request body nests values more than {MAX_DEPTH} deep", section)
    return body


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (counted without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _short(value: Any, limit: int = 200) -> str:
    """A value for an error message, cut to ``limit`` characters."""
    text = show_value(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _finite(value: Any) -> bool:
    """JSON with no NaN or infinity anywhere (Python's json reads them; the event must never see one)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def parse_action(body: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``{"kind": str, "args": {str: JSON}}`` (``args`` may be left out) → ``(kind, args)``; else 422."""
    unknown = sorted(set(body) - {"kind", "args"})
    if unknown:
        raise Refused(422, f"unknown field(s) {_short(unknown)} in the action (fields: kind, args)", "9.25")
    kind, args = body.get("kind"), body.get("args", {})
    if not isinstance(kind, str) or not kind.isidentifier():
        raise Refused(422, f"the action's kind {_short(kind)} is not a name", "9.25")
    if not isinstance(args, dict) or not all(isinstance(k, str) and k.isidentifier() for k in args):
        raise Refused(422, f"the action's args {_short(args)} are not an object of named values", "9.25")
    if not _finite(args):
        raise Refused(422, "the action's args hold a number that is not finite", "9.25")
    return kind, args


async def api_status(request: Request) -> Response:
    return _json(await _console(request).status())


async def api_history(request: Request) -> Response:
    _authorise(request)
    console = _console(request)
    return _json({"events": await console.call(console.event.history)})


async def api_action(request: Request) -> Response:
    _authorise(request)
    kind, args = parse_action(await _json_body(request, "9.25"))
    try:
        result = await _console(request).apply(kind, args)
    except PyHoldemError as exc:
        return _json({"error": str(exc), "section": exc.section, "kind": exc.kind}, 409)
    return _json(result)


def _whole(value: Any, *, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


async def api_deal(request: Request) -> Response:
    """A deal's preview (§9.19): the unpaid ``prizes`` split over ``stacks`` by ``method``."""
    _authorise(request)
    body = await _json_body(request, "9.19")
    method, stacks, prizes = body.get("method"), body.get("stacks"), body.get("prizes")
    unit = body.get("unit", 1)
    if method not in DEAL_METHODS:
        raise Refused(422, f"the deal method {_short(method)} is not one of {list(DEAL_METHODS)}", "9.19")
    if not isinstance(stacks, dict) or not 1 <= len(stacks) <= MAX_DEAL_PLAYERS:
        raise Refused(
            422, f"the deal's stacks are not an object of 1 to {MAX_DEAL_PLAYERS} names to chips", "9.19"
        )
    if not isinstance(prizes, list) or not prizes:
        raise Refused(422, f"the deal's prizes {_short(prizes)} are not a list of amounts", "9.19")
    for value in [*stacks.values(), unit]:
        if not _whole(value, least=1) or value > MAX_AMOUNT:
            raise Refused(422, f"{_short(value)} in the deal is not a whole number in 1..10^15", "9.19")
    for value in prizes:
        if not _whole(value, least=0) or value > MAX_AMOUNT:
            raise Refused(422, f"prize {_short(value)} in the deal is not a whole number in 0..10^15", "9.19")
    if len(prizes) > len(stacks):
        prizes = prizes[: len(stacks)]
    try:
        shares = await _console(request).call(propose_deal, stacks, prizes, method, unit=unit, seed=1)
    except PyHoldemError as exc:
        return _json({"error": str(exc), "section": exc.section, "kind": exc.kind}, 409)
    return _json({"method": method, "prizes": prizes, "shares": shares})


async def api_race(request: Request) -> Response:
    """The cards to deal for the colour-up due (§9.18) from ``{"stacks": {name: chips}}``: nothing
    is recorded."""
    _authorise(request)
    body = await _json_body(request, "9.18")
    unknown = sorted(set(body) - {"stacks"})
    if unknown or not isinstance(body.get("stacks"), dict):
        raise Refused(422, f"the race body {_short(body)} is not {{'stacks': {{name: chips}}}}", "9.18")
    console = _console(request)

    def plan() -> dict[str, Any]:
        console.event.refresh()
        answer: dict[str, Any] = console.event.race_plan(body["stacks"])
        return answer

    try:
        return _json(await console.call(plan))
    except PyHoldemError as exc:
        return _json({"error": str(exc), "section": exc.section, "kind": exc.kind}, 409)


async def api_events(request: Request) -> Response:
    console = _console(request)
    sub = Subscriber(console.queue_limit)
    async with console.lock:
        status = await console.status()
        sub.push(sse_message("status", status, status["seq"]))
        console.subscribers.add(sub)
    headers = {**NO_STORE, "X-Accel-Buffering": "no"}
    return StreamingResponse(console.stream(sub), media_type="text/event-stream", headers=headers)


def _file_response(request: Request, name: str) -> Response:
    files = request.app.state.files
    if name not in files:
        raise Refused(404, f"no page named {name!r}")
    media = STATIC_TYPES.get(Path(name).suffix, "application/octet-stream")
    return Response(files[name], media_type=media, headers={"Cache-Control": "no-cache"})


async def page(request: Request) -> Response:
    return _file_response(request, PAGES[request.url.path])


async def static(request: Request) -> Response:
    return _file_response(request, request.path_params["name"])


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return _json(exc.body, exc.status)


async def _internal(request: Request, exc: Exception) -> Response:
    LOG.error("request %s %s failed", request.method, request.url.path, exc_info=exc)
    return _json({"error": "internal error", "section": None, "kind": "InternalError"}, 500)


async def _not_found(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 404)
    where = f"{request.method} {request.url.path}"
    if status == 405:
        allowed = getattr(exc, "headers", None) or {}
        error = f"{where}: the method is not allowed here (allowed: {allowed.get('Allow', 'GET')})"
    else:
        error = f"{where}: not found"
    return _json({"error": error, "section": None, "kind": REFUSAL_KINDS.get(status, "Refused")}, status)


def create_app(
    path: Path | str,
    *,
    clock: Callable[[], float] | None = None,
    tick: float = 1.0,
    keepalive: float = 15.0,
    queue_limit: int = 10_000,
) -> Starlette:
    """The console's ASGI application over the event file at ``path`` (opened when the app starts)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        console = Console(Path(path), clock=clock, tick=tick, keepalive=keepalive, queue_limit=queue_limit)
        await console.open()
        app.state.console = console
        app.state.files = page_files()
        ticker = asyncio.create_task(console.ticker())
        try:
            yield
        finally:
            await console.close()
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker

    routes = [
        Route("/", page),
        Route("/director", page),
        Route("/static/{name:str}", static),
        Route("/api/status", api_status),
        Route("/api/events", api_events),
        Route("/api/history", api_history),
        Route("/api/action", api_action, methods=["POST"]),
        Route("/api/deal", api_deal, methods=["POST"]),
        Route("/api/race", api_race, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={Refused: _refused, Exception: _internal, 404: _not_found, 405: _not_found},
    )
    app.add_middleware(_SecurityHeaders)
    return app


class _SecurityHeaders:
    """Adds the security headers to every response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise PyHoldemError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(
    path: Path | str,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    tick: float = 1.0,
    announce: Callable[[str], None] = print,
) -> None:
    """Run the console until interrupted; ``announce`` receives the addresses and the secret."""
    import uvicorn

    from pyholdem.director.event import DirectorEvent

    event = DirectorEvent.open(Path(path))
    try:
        secret = event.secret
    finally:
        event.close()
    sock = bind(host, port)
    where = f"[{host}]" if ":" in host else host
    base = f"http://{where}:{sock.getsockname()[1]}"
    announce(f"room display:    {base}/")
    announce(f"director's page: {base}/director#token={secret}")
    announce(f"secret:          {secret}")
    config = uvicorn.Config(
        create_app(path, tick=tick),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        server_header=False,
    )
    started = time.monotonic()
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
        LOG.info("served %s for %.0f s", path, time.monotonic() - started)
