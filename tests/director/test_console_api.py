"""The web console's HTTP API over a real event file (Starlette's test client, the real façade): the
display needs no secret; every action needs it (401 without, 403 wrong); a malformed request is 400/422
and a refusal of the rules 409 with its section; none of them writes to the log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pyholdem.director.event import DirectorEvent
from pyholdem.director.server import create_app
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset
from pyholdem.spec.tournament import colour_up_cards
from tests.director.console_support import new_event

STATUS_KEYS = {
    "seq", "name", "entrants", "players_left", "started", "over", "clock", "average_stack", "average_bb",
    "chips_in_play", "prize_pool", "payouts", "tables", "moves", "breaking", "hand_for_hand", "final_table",
    "places", "in_the_money", "colour_up", "deals_allowed", "latest",
}  # fmt: skip
CLOCK_KEYS = {
    "level", "on_break", "running", "remaining_s", "small_blind", "big_blind", "ante", "next", "to_break_s",
    "warning",
}  # fmt: skip


class Clock:
    """A test clock: wall seconds that move only when told."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "event.db"
    return path, new_event(path, players=30)


@pytest.fixture
def client(event: tuple[Path, str]) -> Iterator[TestClient]:
    with TestClient(create_app(event[0], clock=Clock())) as c:
        yield c


def auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def history(path: Path) -> list[dict[str, Any]]:
    ev = DirectorEvent.open(path)
    try:
        return ev.history()
    finally:
        ev.close()


def test_status_needs_no_secret_and_has_the_contract_keys(
    client: TestClient, event: tuple[Path, str]
) -> None:
    response = client.get("/api/status")
    assert response.status_code == 200
    status = response.json()
    assert set(status) >= STATUS_KEYS and set(status["clock"]) >= CLOCK_KEYS
    assert status["entrants"] == 30 and status["seq"] == len(history(event[0]))
    assert response.headers["cache-control"] == "no-store"


def test_pages_and_their_files_are_served_with_security_headers(client: TestClient) -> None:
    display = client.get("/")
    assert display.status_code == 200 and display.headers["content-type"].startswith("text/html")
    assert 'id="clock"' in display.text and "/static/display.js" in display.text
    director = client.get("/director")
    assert 'id="login"' in director.text and "/static/director.js" in director.text
    for response in (display, director):
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/console.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/common.js").headers["content-type"].startswith("text/javascript")
    for missing in ("/static/nothing.js", "/static/..%2Fserver.py", "/nowhere"):
        response = client.get(missing)
        assert response.status_code == 404 and "Traceback" not in response.text
        assert "error" in response.json()


def test_an_action_without_the_secret_is_401_and_with_a_wrong_one_403(
    client: TestClient, event: tuple[Path, str]
) -> None:
    path, secret = event
    body = {"kind": "register", "args": {"name": "p31"}}
    assert client.post("/api/action", json=body).status_code == 401
    assert client.post("/api/action", json=body, headers=auth(secret + "x")).status_code == 403
    assert (
        client.post("/api/action", json=body, headers={"Authorization": f"Basic {secret}"}).status_code == 401
    )
    assert client.post("/api/action", json=body, headers={"X-Director-Token": "0" * 43}).status_code == 403
    assert client.get("/api/history").status_code == 401
    assert len(history(path)) == 0
    ok = client.post("/api/action", json=body, headers={"X-Director-Token": secret})
    assert ok.status_code == 200 and ok.json()["seq"] == 1
    assert [e["kind"] for e in history(path)] == ["register"]


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"{not json", 400),
        (b"\xff\xfe", 400),
        (b"[1, 2]", 422),
        (b'"register"', 422),
        (b"{}", 422),
        (b'{"kind": 3}', 422),
        (b'{"kind": "register", "args": [1]}', 422),
        (b'{"kind": "register", "args": {"name": "x"}, "extra": 1}', 422),
        (b'{"kind": "adjust_clock", "args": {"seconds": NaN}}', 422),
        (b'{"kind": "adjust_clock", "args": {"seconds": Infinity}}', 422),
        (b'{"kind": "not a name", "args": {}}', 422),
        (b'{"kind": "register", "args": {"1x": 1}}', 422),
        (b'{"kind": "register", "args": {"name": "' + b"x" * 70_000 + b'"}}', 413),
        (b'{"kind": "register", "args": {"name": ' + b"1" * 5000 + b"}}", 400),
        (b'{"kind": "register", "args": {"name": ' + b"[" * 5000 + b"]" * 5000 + b"}}", 400),
        (b'{"kind": "register", "args": {"name": ' + b"[" * 20 + b"]" * 20 + b"}}", 422),
    ],
)
def test_a_malformed_request_is_refused_and_writes_nothing(
    client: TestClient, event: tuple[Path, str], raw: bytes, status: int
) -> None:
    path, secret = event
    response = client.post(
        "/api/action", content=raw, headers={**auth(secret), "Content-Type": "application/json"}
    )
    assert response.status_code == status
    answer = response.json()
    assert answer["section"] == "9.25" and answer["kind"] in ("BadRequest", "MalformedRequest", "TooLarge")
    assert answer["error"] and len(answer["error"]) < 400 and "Traceback" not in response.text
    assert history(path) == []


@pytest.mark.parametrize(
    "raw",
    [
        b'{"method": "icm", "stacks": {"a": ' + b"9" * 5000 + b'}, "prizes": [1]}',
        b'{"method": "icm", "stacks": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        b"{not json",
    ],
)
def test_a_malformed_deal_is_refused_with_its_section(
    client: TestClient, event: tuple[Path, str], raw: bytes
) -> None:
    response = client.post(
        "/api/deal", content=raw, headers={**auth(event[1]), "Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["section"] == "9.19" and response.json()["kind"] == "BadRequest"


def test_a_wrong_address_or_method_is_a_typed_refusal(client: TestClient) -> None:
    for method, url, status, kind in (
        ("PUT", "/api/action", 405, "MethodNotAllowed"),
        ("POST", "/api/status", 405, "MethodNotAllowed"),
        ("GET", "/api/nothing", 404, "NotFound"),
    ):
        response = client.request(method, url)
        assert response.status_code == status and response.json()["kind"] == kind
        assert url in response.json()["error"]
    assert "allowed: POST" in client.put("/api/action").json()["error"]


def test_a_refusal_names_its_section_and_changes_nothing(client: TestClient, event: tuple[Path, str]) -> None:
    path, secret = event
    assert client.post("/api/action", json={"kind": "seat_draw"}, headers=auth(secret)).status_code == 200
    before = client.get("/api/status").json()
    cases = [
        ({"kind": "seat_draw"}, "9.14"),
        ({"kind": "bust", "args": {"names": ["p1"]}}, "9.9"),
        ({"kind": "start", "args": {"now": 1}}, None),
        ({"kind": "explode"}, None),
    ]
    for body, section in cases:
        response = client.post("/api/action", json=body, headers=auth(secret))
        assert response.status_code == 409, (body, response.text)
        answer = response.json()
        assert answer["error"] and answer["section"] and f"§{answer['section']}" in answer["error"]
        if section is not None:
            assert answer["section"] == section
    assert client.get("/api/status").json() == before
    assert [e["kind"] for e in history(path)] == ["seat_draw"]


def test_applied_actions_are_the_logs_events_and_reopen_to_the_same_status(
    client: TestClient, event: tuple[Path, str]
) -> None:
    path, secret = event
    seqs = []
    for body in ({"kind": "register", "args": {"name": "Ann"}}, {"kind": "seat_draw"}, {"kind": "start"}):
        response = client.post("/api/action", json=body, headers=auth(secret))
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["kind"] == body["kind"] and answer["status"]["seq"] == answer["seq"]
        seqs.append(answer["seq"])
    assert seqs == [1, 2, 3]
    logged = client.get("/api/history", headers=auth(secret)).json()["events"]
    assert [(e["seq"], e["kind"], e["args"]) for e in logged] == [
        (1, "register", {"name": "Ann"}),
        (2, "seat_draw", {}),
        (3, "start", {}),
    ]
    served = client.get("/api/status").json()
    ev = DirectorEvent.open(path, clock=Clock())
    try:
        assert ev.status() == served
    finally:
        ev.close()
    assert served["started"] and served["entrants"] == 31


def test_the_deal_calculator_splits_the_prizes(client: TestClient, event: tuple[Path, str]) -> None:
    secret = event[1]
    body = {"method": "icm", "stacks": {"a": 5000, "b": 3000, "c": 2000}, "prizes": [500, 300, 200]}
    assert client.post("/api/deal", json=body).status_code == 401
    answer = client.post("/api/deal", json=body, headers=auth(secret)).json()
    assert sum(answer["shares"].values()) == 1000 and answer["shares"]["a"] > answer["shares"]["c"]
    chop = client.post("/api/deal", json={**body, "method": "chip_chop"}, headers=auth(secret)).json()
    assert chop["shares"] == {"a": 500, "b": 300, "c": 200}
    for bad in (
        {**body, "method": "coin"},
        {**body, "stacks": {"a": -1}},
        {**body, "stacks": {"a": True}},
        {**body, "prizes": "all"},
        {**body, "stacks": {f"p{i}": 10 for i in range(13)}},
        {**body, "prizes": [10**16]},
    ):
        response = client.post("/api/deal", json=bad, headers=auth(secret))
        assert response.status_code == 422 and response.json()["section"] == "9.19"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(
    [
        "register", "seat_draw", "start", "bust", "chip_count", "rebuy", "add_on", "late_entry", "away",
        "back", "hand_finished", "moved", "pause", "resume", "adjust_clock", "colour_up", "deal", "undo",
    ]
) | st.text(max_size=10)  # fmt: skip
ARG_NAMES = st.sampled_from(
    ["name", "names", "hand_id", "stacks", "chips", "table", "button", "move_id", "seconds", "kind", "agree"]
) | st.text(max_size=6)  # fmt: skip
BODIES = (
    st.fixed_dictionaries(
        {"kind": KINDS}, optional={"args": st.dictionaries(ARG_NAMES, JSON, max_size=3) | JSON}
    )
    | JSON
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bodies=st.lists(BODIES, min_size=1, max_size=6))
def test_no_request_corrupts_the_log(tmp_path_factory: pytest.TempPathFactory, bodies: list[Any]) -> None:
    path = tmp_path_factory.mktemp("event") / "event.db"
    secret = new_event(path, players=12)
    with TestClient(create_app(path, clock=Clock())) as client:
        client.post("/api/action", json={"kind": "seat_draw"}, headers=auth(secret))
        client.post("/api/action", json={"kind": "start"}, headers=auth(secret))
        for body in bodies:
            before = history(path)
            status_before = client.get("/api/status").json()
            raw = json.dumps(body, allow_nan=True).encode()
            response = client.post(
                "/api/action", content=raw, headers={**auth(secret), "Content-Type": "application/json"}
            )
            assert response.status_code in (200, 409, 422), response.text
            after = history(path)
            if response.status_code == 200:
                committed = [{k: e[k] for k in ("seq", "at", "kind", "args")} for e in after]
                assert len(after) == len(before) + 1
                assert committed[:-1] == [{k: e[k] for k in ("seq", "at", "kind", "args")} for e in before]
                assert response.json()["seq"] == after[-1]["seq"]
            else:
                assert after == before and client.get("/api/status").json() == status_before
                assert response.json()["error"]
        served = client.get("/api/status").json()
    ev = DirectorEvent.open(path, clock=Clock())
    try:
        assert ev.status() == served
    finally:
        ev.close()


def test_a_deal_through_the_api_needs_every_remaining_player(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    secret = new_event(path, players=3)
    with TestClient(create_app(path, clock=Clock())) as client:
        for body in ({"kind": "seat_draw"}, {"kind": "start"}):
            assert client.post("/api/action", json=body, headers=auth(secret)).status_code == 200
        in_play = client.get("/api/status").json()["chips_in_play"]
        stacks = {"p1": in_play // 2, "p2": in_play // 3, "p3": in_play - in_play // 2 - in_play // 3}
        deal: dict[str, Any] = {"kind": "icm", "agree": ["p1", "p2"], "stacks": stacks}
        refused = client.post("/api/action", json={"kind": "deal", "args": deal}, headers=auth(secret))
        assert refused.status_code == 409 and refused.json()["section"] == "9.19"
        deal["agree"] = ["p1", "p2", "p3"]
        done = client.post("/api/action", json={"kind": "deal", "args": deal}, headers=auth(secret))
        assert done.status_code == 200 and done.json()["status"]["over"]
        assert [e["kind"] for e in history(path)] == ["seat_draw", "start", "deal"]


def bill_event(tmp_path: Path, entrants: int) -> tuple[Path, str]:
    """Bill's limit game (seed 000): balanced at level changes (§9.15), the 5s raced off at level 5."""
    path = tmp_path / "bill.db"
    event = DirectorEvent.create(
        path,
        rules=preset("seed_000_bill_limit"),
        structure=structure_preset("seed_000_bill_limit"),
        entrants=entrants,
        seed=7,
        clock=Clock(),
    )
    try:
        return path, str(event.secret)
    finally:
        event.close()


def test_9_18_a_chip_race_entered_through_the_api_is_in_the_status_and_on_the_pages(tmp_path: Path) -> None:
    path, secret = bill_event(tmp_path, 10)
    clock = Clock()
    with TestClient(create_app(path, clock=clock)) as client:
        for body in ({"kind": "seat_draw"}, {"kind": "start"}):
            assert client.post("/api/action", json=body, headers=auth(secret)).status_code == 200
        early = client.post("/api/race", json={"stacks": {"p1": 1000}}, headers=auth(secret))
        assert early.status_code == 409 and "no colour-up is due" in early.json()["error"]
        structure = structure_preset("seed_000_bill_limit")
        clock.now += sum(lv.duration * 60 for lv in structure.levels[:4]) + 1  # type: ignore[operator]
        clock.now += sum(structure.breaks.get(i, 0) * 60 for i in range(1, 5))
        status = client.get("/api/status").json()
        assert status["clock"]["level"] == 5 and status["colour_up"]["section"] == "§9.18"
        assert status["races"] == [] and status["chips_removed"] == 0
        stacks = {f"p{i}": 1000 + (15 if i % 2 else -15) for i in range(1, 11)}
        # the cards to deal, from the chips before the race: one card an odd 5, nothing recorded
        assert client.post("/api/race", json={"stacks": stacks}).status_code == 401
        plan = client.post("/api/race", json={"stacks": stacks}, headers=auth(secret)).json()
        (table,) = plan["tables"]
        seats = {s["name"]: s["seat"] for s in status["tables"][0]["seats"] if s["name"]}
        by_seat = {seats[n]: c for n, c in stacks.items()}
        odd, chips = colour_up_cards(by_seat, 5, 25, preset("seed_000_bill_limit"), button=None)
        assert [(c["seat"], c["cards"]) for c in table["cards"]] == list(odd.items())
        assert table["chips"] == chips == 5  # 5 × 15 + 5 × 10 = 125 in odd 5s: 5 chips of 25
        assert all(c["name"] == status["tables"][0]["seats"][c["seat"] - 1]["name"] for c in table["cards"])
        assert sum(c["cards"] for c in table["cards"]) == 25 and plan["section"] == "9.18"  # 15 → 3, 985 → 2
        for bad, code in (({"stacks": {"p1": 1000}}, 409), ({"stacks": [1]}, 422), ({"stack": stacks}, 422)):
            response = client.post("/api/race", json=bad, headers=auth(secret))
            assert response.status_code == code and response.json()["section"] == "9.18", response.text
        assert len(history(path)) == 2
        short = {"kind": "colour_up", "args": {"stacks": {**stacks, "p1": 1020}}}
        refused = client.post("/api/action", json=short, headers=auth(secret))
        assert refused.status_code == 409 and refused.json()["section"] == "9.18"
        assert "10005" in refused.json()["error"] and client.get("/api/status").json() == status
        done = client.post(
            "/api/action", json={"kind": "colour_up", "args": {"stacks": stacks}}, headers=auth(secret)
        )
        assert done.status_code == 200, done.text
        after = done.json()["status"]
        (race,) = after["races"]
        assert (race["level"], race["remove"], race["new"]) == (5, 5, 25)
        assert race["chips_removed"] == after["chips_removed"] == 10_000 - after["chips_in_play"]
        assert [t["before"] for t in race["tables"]] == [stacks]
        assert all(chips % 25 == 0 for chips in race["tables"][0]["after"].values())
        assert after["colour_up"] is None and client.get("/api/status").json()["races"] == [race]
    # the pages carry the places the races and the level-change balancing are shown in
    with TestClient(create_app(path, clock=clock)) as client:
        director = client.get("/director").text
        for element in ('id="races"', 'id="race-mode"', 'id="race-table"', 'id="level-balance"'):
            assert element in director
        assert 'id="chips-raced"' in client.get("/").text
        script = client.get("/static/director.js").text
        assert (
            "s.races" in script
            and "s.level_balance_waiting" in script
            and "balance_at_level_change" in script
        )


def test_9_15_the_level_change_balancing_is_in_the_status_the_pages_read(tmp_path: Path) -> None:
    path, secret = bill_event(tmp_path, 14)
    clock = Clock()
    with TestClient(create_app(path, clock=clock)) as client:

        def act(kind: str, **args: Any) -> dict[str, Any]:
            response = client.post("/api/action", json={"kind": kind, "args": args}, headers=auth(secret))
            assert response.status_code == 200, response.text
            answer: dict[str, Any] = response.json()
            return answer

        act("seat_draw")
        act("start")
        status = client.get("/api/status").json()
        first = sorted(s["name"] for s in status["tables"][0]["seats"] if s["name"])
        clock.now += 60
        act("bust", names=first[:2])
        status = client.get("/api/status").json()
        assert status["balance_at_level_change"] and status["level_balance_waiting"] is None
        clock.now += status["clock"]["remaining_s"] + 1  # the level ends; no event yet
        assert client.get("/api/status").json()["level_balance_waiting"] == [1, 2]
        act("hand_finished", table=1)
        assert client.get("/api/status").json()["level_balance_waiting"] == [2]
        act("hand_finished", table=2)
        assert client.get("/api/status").json()["level_balance_waiting"] == []
        answer = act("chip_count", name=first[2], chips=1000)
        assert [m["section"] for m in answer["moves"]] == ["§9.15"]
        after = answer["status"]
        assert after["level_balance_waiting"] is None and not after["balance_at_level_change"]
