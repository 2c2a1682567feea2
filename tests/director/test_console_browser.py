"""A real browser (Debian's headless Chromium, driven by Selenium) runs a 30-entrant, 3-table event on
the director's page, from the registration and seat draw to the deal and the payout sheet, while a
second browser shows the room display; the display converges to the server's status after every step.
Screenshots of both go to build/screenshots/ for review. Skipped, saying why, without Chromium."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from pyholdem.director.event import DirectorEvent
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import load_structure, structure_preset
from tests.director.console_support import Served, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def _missing() -> str | None:
    absent = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if absent:
        return (
            f"Debian's chromium and chromium-driver are not installed ({', '.join(absent)} missing); "
            "`make browser` installs them when run as root with apt-get"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test,director]')"
    return None


if (why := _missing()) is not None:
    pytest.skip(why, allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# Levels of 20 minutes; the 25 chips come off at level 4 (a colour-up and chip race, §9.18).
STRUCTURE = {
    "name": "Friday night",
    "starting_stack": 5000,
    "buy_in": 20,
    "chips": [25, 100, 500],
    "addon_price": 10,
    "addon_chips": 5000,
    "levels": [
        {"small_blind": 25, "big_blind": 50, "ante": 0, "duration": 20, "break_after": 0},
        {"small_blind": 50, "big_blind": 100, "ante": 0, "duration": 20, "break_after": 10},
        {"small_blind": 100, "big_blind": 200, "ante": 25, "duration": 20, "break_after": 0},
        {"small_blind": 200, "big_blind": 400, "ante": 100, "duration": 20, "break_after": 0},
        {"small_blind": 300, "big_blind": 600, "ante": 100, "duration": 20, "break_after": 0},
        {"small_blind": 500, "big_blind": 1000, "ante": 100, "duration": None, "break_after": 0},
    ],
}
# 40 % of the field paid (12 of 30): hand-for-hand play on the bubble with two tables left (§9.23).
RULES = {
    "places_paid_rule": "field_percent",
    "places_paid_percent": 40,
    "max_rebuys": 1,
    "rebuy_window_levels": 2,
    "max_addons": 1,
    "addon_window_levels": 3,
    "addon_requires_chips": False,
}


def chrome(width: int, height: int, profile: Path) -> WebDriver:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    # the browser is not ours to sanitize: `make sanitize` preloads ASan into this process only
    browser_env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER), env=browser_env), options=options)
    viewport(driver, width, height)
    return driver


def viewport(driver: WebDriver, width: int, height: int, *, mobile: bool = False) -> None:
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[WebDriver, WebDriver]]:
    profiles = Path(tempfile.mkdtemp(prefix="pyholdem-chromium-"))
    drivers: list[WebDriver] = []
    try:
        drivers.append(chrome(1400, 1000, profiles / "director"))
        drivers.append(chrome(1920, 1080, profiles / "display"))
        yield drivers[0], drivers[1]
    finally:
        for driver in drivers:
            driver.quit()
        shutil.rmtree(profiles, ignore_errors=True)


def wait(driver: WebDriver, what: Callable[[WebDriver], Any], timeout: float = 30) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(what)


class Director:
    """The director's page, driven by clicks; every action waits for the page to show its answer."""

    def __init__(self, driver: WebDriver, served: Served) -> None:
        self.d = driver
        self.served = served

    def find(self, css: str) -> WebElement:
        return self.d.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str) -> list[WebElement]:
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def seq(self) -> int:
        return int(self.d.find_element(By.TAG_NAME, "body").get_attribute("data-seq") or -1)

    def click(self, element: WebElement | str, *, refused: bool = False) -> None:
        """Click a control that posts an action; wait until the page applied the answer."""
        if isinstance(element, str):
            element = self.find(element)
        before = self.seq()
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()
        wait(self.d, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "no")
        if refused:
            wait(self.d, lambda d: d.find_element(By.ID, "error").is_displayed())
            assert self.seq() == before
        else:
            error = self.find("#error")
            assert not error.is_displayed(), error.text
            wait(self.d, lambda d: self.seq() > before)

    def type(self, css: str, text: str) -> None:
        box = self.find(css)
        box.clear()
        box.send_keys(text)

    def error(self) -> tuple[str, str]:
        return self.find("#error-text").text, self.find("#error-section").text

    def status(self) -> dict[str, Any]:
        return httpx.get(f"{self.served.base}/api/status").json()

    def seated(self) -> dict[int, list[str]]:
        tables: dict[int, list[str]] = {}
        for card in self.all(".table-card"):
            names = [
                seat.get_attribute("data-name") or ""
                for seat in card.find_elements(By.CSS_SELECTOR, ".seat[data-name]")
            ]
            tables[int(card.get_attribute("data-table") or 0)] = names
        return tables

    def do_moves(self) -> int:
        done = 0
        while buttons := self.all("#moves .move-done"):
            self.click(buttons[0])
            done += 1
        return done

    def finish_hand_for_hand_round(self) -> int:
        """Report the hand finished at every table the hand-for-hand round waits for."""
        waiting = self.status()["hand_for_hand_waiting"]
        for table in waiting:
            self.click(f'.hand-done[data-table="{table}"]')
        return len(waiting)

    def tick(self, *names: str) -> None:
        for name in names:
            box = self.find(f'.seat[data-name="{name}"] .bust-tick')
            if not box.is_selected():
                self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
                box.click()

    def chip_race(self, status: dict[str, Any]) -> None:
        """§9.18: the colour-up held with its chip race run by the server from the chips each
        player has before it; a count that misses a player is refused first. The race recorded
        shows in the colour-up panel and its chips leave the chips in play."""
        Select(self.find("#race-mode")).select_by_value("stacks")
        rows = self.all("#race-table tr[data-name]")
        names = [row.get_attribute("data-name") or "" for row in rows]
        assert sorted(names) == sorted(n for t in self.seated().values() for n in t)
        in_play = status["chips_in_play"]
        stacks = {n: in_play // len(names) // 100 * 100 - (25 if i % 2 else 0) for i, n in enumerate(names)}
        stacks[names[0]] += in_play - sum(stacks.values())
        for row in rows:
            box = row.find_element(By.CSS_SELECTOR, ".race-chips")
            box.clear()
        self.click("#colour-up", refused=True)
        assert self.error()[1] == "§9.18" and "each player still in" in self.error()[0]
        for row in rows:
            box = row.find_element(By.CSS_SELECTOR, ".race-chips")
            box.send_keys(str(stacks[row.get_attribute("data-name") or ""]))
        assert self.find("#race-total").text.startswith(f"{in_play:,} of {in_play:,}")
        # the cards each player is dealt, table by table, as the server plans them (nothing recorded)
        before = self.seq()
        self.find("#race-cards-go").click()
        wait(self.d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#race-cards li")) > 0)
        plan = httpx.post(
            f"{self.served.base}/api/race", json={"stacks": stacks}, headers=self.served.headers()
        ).json()
        lines = [li.text for li in self.all("#race-cards li")]
        assert len(lines) == len(plan["tables"]) and self.seq() == before
        for line, table in zip(lines, plan["tables"], strict=True):
            assert line.startswith(f"Table {table['table']}: ")
            for c in table["cards"]:
                assert f"{c['name']} (seat {c['seat']}) {c['cards']} card" in line
            assert f"{table['chips']} chip" in line and "of 100 raced for" in line
        assert sum(c["cards"] for t in plan["tables"] for c in t["cards"]) == sum(
            stacks[n] % 100 // 25 for n in names
        )
        self.click("#colour-up")
        after = self.status()
        (race,) = after["races"]
        assert race["remove"] == 25 and race["chips_removed"] == in_play - after["chips_in_play"]
        assert {n for t in race["tables"] for n in t["before"]} == set(names)
        assert not self.find("#race-form").is_displayed() and not after["colour_up"]
        (shown,) = self.all("#races details")
        assert shown.get_attribute("data-removed") == str(race["chips_removed"])
        assert "Level 4: the 25s off, 100 the smallest chip" in shown.text
        shown.find_element(By.TAG_NAME, "summary").click()
        tables = shown.find_elements(By.CSS_SELECTOR, "table[data-table]")
        assert len(tables) == len(race["tables"])
        for table, recorded in zip(tables, race["tables"], strict=True):
            for name, chips in recorded["after"].items():
                cells = table.find_element(By.CSS_SELECTOR, f'tr[data-name="{name}"]').text.split()
                assert cells == [name, f"{recorded['before'][name]:,}", f"{chips:,}"]
        self.shot("director-chip-race")

    def shot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        full = self.d.execute_script("return document.documentElement.scrollHeight")
        viewport(self.d, 1400, min(int(full), 6000))
        self.d.save_screenshot(str(SHOTS / f"{name}.png"))
        viewport(self.d, 1400, 1000)

    def printed(self, button: str, body_class: str, name: str) -> str:
        """Click a print button (``window.print`` recorded, not opened), then render the print
        stylesheet and save it; returns the printed sheet's text."""
        self.d.execute_script(
            "window.__printed = []; window.print = () => window.__printed.push(document.body.className);"
        )
        self.find(button).click()
        assert body_class in self.d.execute_script("return window.__printed.join(' ')")
        self.d.execute_script("document.body.classList.add(arguments[0]);", body_class)
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            sheet = self.find(
                ".printable.seat-cards" if body_class == "print-cards" else ".printable.payout-sheet"
            )
            assert sheet.is_displayed() and not self.find("#app").is_displayed()
            text = sheet.text
            SHOTS.mkdir(parents=True, exist_ok=True)
            self.d.save_screenshot(str(SHOTS / f"{name}.png"))
        finally:
            self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            self.d.execute_script("document.body.classList.remove(arguments[0]);", body_class)
        return text


# What the display shows, read in one go (the page re-renders while it is read).
SNAPSHOT = """
const text = (id) => document.getElementById(id).textContent;
const all = (css) => [...document.querySelectorAll(css)].map((e) => e.textContent);
return {seq: document.body.dataset.seq, players: text("players"), average: text("average"),
        chips: text("chips"), pool: text("pool"), level: text("level"), blinds: text("blinds"),
        payouts: all("#payouts li .amount"), moves: all("#moves li"), raced: text("chips-raced"),
        banner: document.getElementById("banner").hidden ? "" : text("banner")};
"""


class Display:
    """The room display in its own browser."""

    def __init__(self, driver: WebDriver) -> None:
        self.d = driver

    def text(self, element_id: str) -> str:
        return self.d.find_element(By.ID, element_id).text

    def converge(self, status: dict[str, Any]) -> None:
        """Wait until the display shows ``status`` (its sequence number), then check what it says."""
        wait(
            self.d,
            lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-seq")) >= status["seq"],
        )
        shown = self.d.execute_script(SNAPSHOT)
        assert shown["seq"] == str(status["seq"])
        assert shown["players"] == f"{status['players_left']:,} / {status['entrants']:,}"
        assert shown["average"] == f"{status['average_stack']:,}"
        assert shown["chips"] == f"{status['chips_in_play']:,}"
        assert shown["pool"] == f"{status['prize_pool']:,}"
        clock = status["clock"]
        if status["over"]:
            assert shown["level"] == "Tournament over"
        elif status["started"]:
            assert shown["level"] == ("Break" if clock["on_break"] else f"Level {clock['level']}")
            if not clock["on_break"]:
                assert shown["blinds"] == f"{clock['small_blind']:,} / {clock['big_blind']:,}"
        assert shown["payouts"] == [f"{p:,}" for p in status["payouts"]]
        removed = status["chips_removed"]
        assert shown["raced"] == (
            ""
            if not status["races"]
            else f"{removed:,} raced off"
            if removed >= 0
            else f"{-removed:,} added by chip races"
        )
        assert ("TABLES BALANCE AFTER THIS HAND" in shown["banner"]) == (
            status["level_balance_waiting"] is not None
        )
        if status["colour_up"]:
            assert f"COLOUR UP: {status['colour_up']['remove']:,}s OFF" in shown["banner"]
        open_moves = [m["text"] for m in status["moves"] if not m["done"]]
        assert shown["moves"][: min(4, len(open_moves))] == open_moves[:4] or (
            not open_moves and shown["moves"] == ["No moves"]
        )

    def shot(self, name: str, width: int = 1920, height: int = 1080, *, mobile: bool = False) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        viewport(self.d, width, height, mobile=mobile)
        if mobile:
            height = int(self.d.execute_script("return document.documentElement.scrollHeight"))
            viewport(self.d, width, height, mobile=True)
        self.d.save_screenshot(str(SHOTS / f"{name}.png"))
        viewport(self.d, 1920, 1080)


def make_event(path: Path) -> None:
    DirectorEvent.create(
        path,
        rules=preset("tda_2024").replace(**RULES),
        structure=load_structure(STRUCTURE),
        players=[f"p{i}" for i in range(1, 28)],
        seed=7,
        name="Friday night",
    ).close()


def test_a_30_entrant_event_from_the_seat_draw_to_the_payout_sheet(
    tmp_path: Path, browsers: tuple[WebDriver, WebDriver]
) -> None:
    path = tmp_path / "friday.db"
    make_event(path)
    director_driver, display_driver = browsers
    with serving(path, tick=0.5) as served:
        display_driver.get(f"{served.base}/")
        display = Display(display_driver)
        wait(
            display_driver,
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "yes",
        )
        sound = display_driver.find_element(By.ID, "sound")
        sound.click()
        assert sound.get_attribute("aria-pressed") == "true" and sound.text == "Sound on"

        # the login form: a wrong secret is refused, the right one opens the page
        director_driver.get(f"{served.base}/director")
        page = Director(director_driver, served)
        wait(director_driver, lambda d: d.find_element(By.ID, "login").is_displayed())
        page.type("#login-token", "not-the-secret")
        page.find("#login-go").click()
        wait(director_driver, lambda d: "not this event" in d.find_element(By.ID, "login-error").text)
        page.type("#login-token", served.secret)
        page.find("#login-go").click()
        wait(director_driver, lambda d: d.find_element(By.ID, "app").is_displayed())

        # registration: two more players; a name twice is refused with its section
        for name in ("p28", "p29"):
            page.type("#register-name", name)
            page.click("#register")
        page.type("#register-name", "p1")
        page.click("#register", refused=True)
        assert "registered twice" in page.error()[0] and page.error()[1] == "§9.2"
        display.converge(page.status())

        # the seat draw, a late entry into the last seat, and one too many (every table full)
        page.click("#seat-draw")
        assert sorted(len(names) for names in page.seated().values()) == [9, 10, 10]
        page.type("#late-name", "Zoe")
        page.click("#late-entry")
        page.type("#late-name", "Max")
        page.click("#late-entry", refused=True)
        assert page.error()[1] == "§9.8"
        assert [len(names) for names in page.seated().values()] == [10, 10, 10]
        page.do_moves()  # the late entry's seat is a move to make (from nowhere)
        cards = page.printed("#print-cards", "print-cards", "seat-cards-print")
        assert cards.count("Table ") == 30 and "Zoe" in cards
        page.shot("director-seated")
        status = page.status()
        assert status["entrants"] == 30 and len(status["tables"]) == 3

        # the clock: start, pause (the display says so), resume, moved by a minute
        page.click("#start")
        display.converge(page.status())
        display.shot("display-level-1")
        page.click("#pause")
        wait(display_driver, lambda d: d.find_element(By.ID, "banner").text == "PAUSED")
        page.click("#resume")
        page.click('[data-adjust="60"]')
        display.converge(page.status())

        # players: a chip count, away and back, a rebuy, an add-on
        Select(page.find("#count-name")).select_by_value("p3")
        page.type("#count-chips", "7000")
        page.click("#chip-count")
        Select(page.find("#away-name")).select_by_value("p4")
        page.click("#away")
        assert "(away)" in page.find('.seat[data-name="p4"]').text
        page.click("#back")
        Select(page.find("#buy-name")).select_by_value("p5")
        page.click("#rebuy")
        page.click("#rebuy", refused=True)  # one rebuy each (§9.6)
        assert page.error()[1] == "§9.6"
        page.click("#add-on")
        status = page.status()
        assert status["chips_in_play"] == 30 * 5000 + 5000 + 5000
        display.converge(status)

        # busts: one at a time from the shortest table, the moves made as the page orders them,
        # one bust undone and entered again, one hand with two players out, hand-for-hand on the bubble
        saw = {"h4h": False, "break": False, "final": False, "colour": False, "double": False, "undo": False}
        while (status := page.status())["players_left"] > 3:
            page.do_moves()
            if page.status()["hand_for_hand"]:
                saw["h4h"] = True
                if not saw.get("h4h_shot"):
                    display.converge(page.status())
                    display.shot("display-hand-for-hand")
                    page.shot("director-hand-for-hand")
                    saw["h4h_shot"] = True
                page.finish_hand_for_hand_round()
            tables = page.seated()
            shortest = min((t for t in tables if tables[t]), key=lambda t: (len(tables[t]), t))
            victims = tables[shortest][-1:]
            if status["players_left"] == 24 and not saw["double"]:
                victims = tables[shortest][-2:]
                for name, chips in zip(victims, ("1200", "800"), strict=True):
                    box = page.find(f'.seat[data-name="{name}"] .bust-stack')
                    box.clear()
                    box.send_keys(chips)
                saw["double"] = True
            page.tick(*victims)
            page.click("#bust")
            if status["players_left"] == 26 and not saw["undo"]:
                page.click("#undo")
                assert victims[0] in page.seated()[shortest]
                page.tick(*victims)
                page.click("#bust")
                saw["undo"] = True
            status = page.status()
            saw["break"] |= bool(status["breaking"])
            saw["final"] |= status["final_table"]
            if status["players_left"] in (20, 16, 12):  # the clock moves on, to level 5 by the end
                page.type("#adjust-seconds", "1500")
                page.click("#adjust")
            if page.status()["colour_up"]:
                assert "25" in page.find("#colour").text
                page.chip_race(page.status())
                saw["colour"] = True
            display.converge(page.status())
        page.do_moves()
        assert all(saw[k] for k in ("h4h", "break", "final", "colour", "double", "undo")), saw
        final = page.status()
        assert final["final_table"] and len(final["tables"]) == 1

        # the last level has no end: both clocks say so rather than count down to 00:00
        page.type("#adjust-seconds", str(int(final["clock"]["remaining_s"] or 0) + 1300))
        page.click("#adjust")
        final = page.status()
        assert final["clock"]["level"] == 6 and final["clock"]["remaining_s"] is None
        wait(director_driver, lambda d: d.find_element(By.ID, "clock").text == "–")
        wait(display_driver, lambda d: d.find_element(By.ID, "clock").text == "–")
        chimes = display_driver.find_element(By.TAG_NAME, "body").get_attribute("data-chimes")
        assert int(chimes or 0) >= 1, chimes

        # a deal between the last three: ICM from the counted chips; refused until all agree
        display.converge(final)
        display.shot("display-final-table")
        left = [n for names in page.seated().values() for n in names]
        Select(page.find("#deal-method")).select_by_value("icm")
        for row, chips in zip(page.all("#deal-table tr[data-name]"), ("20000", "9000", "5000"), strict=True):
            box = row.find_element(By.CSS_SELECTOR, ".deal-stack")
            box.clear()
            box.send_keys(chips)
        page.find("#deal-preview").click()
        wait(
            director_driver,
            lambda d: all(b.get_attribute("value") for b in d.find_elements(By.CSS_SELECTOR, ".deal-amount")),
        )
        shares = {
            row.get_attribute("data-name"): int(
                row.find_element(By.CSS_SELECTOR, ".deal-amount").get_attribute("value")
            )
            for row in page.all("#deal-table tr[data-name]")
        }
        assert set(shares) == set(left) and sum(shares.values()) == sum(final["payouts"][:3])
        page.all("#deal-table .deal-agree")[0].click()
        page.click("#deal-apply", refused=True)
        assert page.error()[1] == "§9.19", page.error()
        for box in page.all("#deal-table .deal-agree"):
            if not box.is_selected():
                box.click()
        page.click("#deal-apply")
        over = page.status()
        assert over["over"] and {p["name"]: p["prize"] for p in over["places"] if p["name"] in left} == shares

        # the payout sheet: every place, the prizes summing to the pool
        rows = page.all("#places tr")[1:]
        assert len(rows) == 30
        sheet = page.printed("#print-payouts", "print-payouts", "payout-sheet-print")
        assert "Signature" in sheet and all(name in sheet for name in left)
        assert sum(p["prize"] for p in over["places"]) == over["prize_pool"]
        page.shot("director-over")
        display.converge(over)
        display.shot("display-over")
        display.shot("display-phone", 390, 844, mobile=True)


def test_9_15_the_pages_show_the_balancing_a_level_change_waits_for(
    tmp_path: Path, browsers: tuple[WebDriver, WebDriver]
) -> None:
    """Bill's rules balance only at a level change (§9.15 ``"between_levels"``): the director's page
    says the tables wait for it, then which tables still have to report their hand, and the room
    display tells the players; the moves come once every table has reported."""
    path = tmp_path / "bill.db"
    DirectorEvent.create(
        path,
        rules=preset("seed_000_bill_limit"),
        structure=structure_preset("seed_000_bill_limit"),
        entrants=14,
        seed=7,
        name="Bill's game",
    ).close()
    director_driver, display_driver = browsers
    with serving(path, tick=0.5) as served:
        display_driver.get(f"{served.base}/")
        display = Display(display_driver)
        director_driver.get(f"{served.base}/director#token={served.secret}")
        page = Director(director_driver, served)
        wait(director_driver, lambda d: d.find_element(By.ID, "app").is_displayed())
        page.click("#seat-draw")
        page.click("#start")
        assert sorted(len(names) for names in page.seated().values()) == [7, 7]
        notice = page.find("#level-balance")
        assert not notice.is_displayed()

        # 5 against 7: out of balance, but Bill balances only at the level change
        table, names = next(iter(page.seated().items()))
        page.tick(*names[:2])
        page.click("#bust")
        status = page.status()
        assert status["balance_at_level_change"] and status["level_balance_waiting"] is None
        assert not [m for m in status["moves"] if not m["done"]]
        assert "balanced at the next level change" in notice.text and "§9.15" in notice.text
        display.converge(status)

        # a minute before the level ends both clocks warn (the event's warning_s, §9.5)
        page.type("#adjust-seconds", str(int(status["clock"]["remaining_s"]) - 30))
        page.click("#adjust")
        assert page.status()["clock"]["warning"]
        wait(
            display_driver,
            lambda d: "warning" in (d.find_element(By.TAG_NAME, "body").get_attribute("class") or ""),
        )
        assert "warning" in (page.find("#clock").get_attribute("class") or "")

        # the clock passes the level's end: every table finishes the hand it is playing first
        page.type("#adjust-seconds", "40")
        page.click("#adjust")
        status = page.status()
        assert status["clock"]["level"] == 2 and status["level_balance_waiting"] == [1, 2]
        assert "tables 1, 2 have reported the hand under way" in notice.text
        assert "BALANCE AT LEVEL CHANGE" in page.find("#flags").text
        waiting = page.all('.table-card[data-level-wait="yes"]')
        assert [c.get_attribute("data-table") for c in waiting] == ["1", "2"]
        assert all(
            "Hand done (level change)" in c.find_element(By.CSS_SELECTOR, ".hand-done").text for c in waiting
        )
        display.converge(status)
        wait(
            display_driver, lambda d: "TABLES BALANCE AFTER THIS HAND" in d.find_element(By.ID, "banner").text
        )
        display.shot("display-level-change-balance")
        page.shot("director-level-change-balance")

        page.click('.hand-done[data-table="1"]')
        assert page.status()["level_balance_waiting"] == [2]
        assert "table 2 has reported" in notice.text
        assert [c.get_attribute("data-table") for c in page.all('.table-card[data-level-wait="yes"]')] == [
            "2"
        ]
        page.click('.hand-done[data-table="2"]')
        assert page.status()["level_balance_waiting"] == []
        assert "Every table has reported its hand" in notice.text

        # the next event brings the balancing: one player moves, and the notices are gone
        Select(page.find("#count-name")).select_by_value(page.seated()[3 - table][0])
        page.type("#count-chips", "1000")
        page.click("#chip-count")
        status = page.status()
        assert status["level_balance_waiting"] is None and not status["balance_at_level_change"]
        todo = [m for m in status["moves"] if not m["done"]]
        assert [m["section"] for m in todo] == ["§9.15"]
        shown = [li.text for li in page.all("#moves li:not(.done)")]
        assert len(shown) == 1 and todo[0]["text"] in shown[0] and "§9.15" in shown[0]
        assert not notice.is_displayed()
        display.converge(status)
        # the moved player's new seat card
        card = page.printed("#print-move-cards", "print-cards", "seat-card-move-print")
        to = todo[0]["to"]
        assert card.count("Table ") == 1 and todo[0]["name"] in card
        assert f"Table {to['table']} · Seat {to['seat']}" in card
        assert page.do_moves() == 1
        assert not page.find("#print-move-cards").is_enabled()
        assert sorted(len(names) for names in page.seated().values()) == [6, 6]
        display.converge(page.status())
