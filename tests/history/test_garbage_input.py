"""Garbage PHH: every bad hand becomes one located ``HistoryError``, never a traceback (spec 12)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pyholdem import HistoryError
from pyholdem.history import HandHistory, dumps, loads, read_file, read_text
from pyholdem.history.replay import replay

GOOD = """\
variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'd dh p2 AcKs', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']
players = ['a', 'b', 'c']
winnings = [2, 0, 0]
"""

TOML_BITS = st.sampled_from(
    [
        "variant = 'NT'",
        "variant = 'FT'",
        "variant = 'PO'",
        "antes = [0, 0, 0]",
        "antes = [0, 0]",
        "antes = [-1, 0, 0]",
        "blinds_or_straddles = [1, 2, 0]",
        "blinds_or_straddles = ['a', 2, 0]",
        "min_bet = 2",
        "min_bet = inf",
        "small_bet = 2",
        "big_bet = 4",
        "starting_stacks = [100, 100, 100]",
        "starting_stacks = [100, nan, 100]",
        "starting_stacks = []",
        "actions = ['d dh p1 AcKs', 'p9 f', 'p1 cbr x']",
        "actions = ['d dh p1 AcKs', 'd dh p2 ????', 'd dh p3 2c2d', 'p3 cbr 6', 'p1 cc', 'p2 f']",
        "actions = ['d dh p1 AcKs', 'd dh p2 QcQd', 'd dh p3 2c2d', 'p3 f', 'p1 cc', 'd db 3c4c5c']",
        "actions = ['d dh p1 AcAc', 'p2 cbr 1.123456789']",
        "actions = [1, 2]",
        "actions = 'p1 f'",
        "finishing_stacks = [1, 2]",
        "seats = [1, 1, 1]",
        "time = 00:00:09",
        "hand = 12",
        "[nested]",
        "x = {a = 1}",
        "[[arr]]",
        "= 3",
        "'unterminated",
    ]
)


def _check(results: list[object], file: str) -> None:
    assert results, "a file always yields at least one result"
    for r in results:
        assert isinstance(r, HandHistory | HistoryError), type(r)
        if isinstance(r, HistoryError):
            assert r.section is not None and r.section.startswith("12.")
            assert r.file == file and str(r).startswith(f"file {file}")
        else:
            (back,) = loads(dumps(r))
            assert back == r
            result = replay(r, repair=True).as_dict()
            assert isinstance(result["ok"], bool)
            assert result["ok"] or (result["error"]["section"] and result["error"]["kind"])


@given(st.text(max_size=300), st.booleans())
def test_12_1_random_text_never_crashes(text: str, many: bool) -> None:
    _check(read_text(text, file="g.phhs" if many else "g.phh"), "g.phhs" if many else "g.phh")


@given(st.lists(TOML_BITS, max_size=12), st.booleans())
def test_12_4_random_fields_never_crash(lines: list[str], header: bool) -> None:
    text = ("[1]\n" if header else "") + "\n".join(lines) + "\n"
    file = "f.phhs" if header else "f.phh"
    _check(read_text(text, file=file), file)


@given(st.integers(0, len(GOOD)), st.integers(0, len(GOOD)), st.text(max_size=8))
def test_12_1_mutated_and_truncated_hands(start: int, stop: int, junk: str) -> None:
    start, stop = min(start, stop), max(start, stop)
    mutated = GOOD[:start] + junk + GOOD[stop:]
    text = f"[1]\n{GOOD}\n[2]\n{mutated}\n[3]\n{GOOD[:start]}"
    results = read_text(text, file="m.phhs")
    _check(results, "m.phhs")
    assert isinstance(results[0], HandHistory), "one bad hand never stops the others"


@given(st.binary(max_size=200))
def test_12_1_unreadable_bytes(data: bytes) -> None:
    text = data.decode("latin-1")
    _check(read_text(text, file="b.phhs"), "b.phhs")


def test_12_1_missing_and_undecodable_files(tmp_path: Path) -> None:
    (missing,) = read_file(tmp_path / "nope.phh")
    assert isinstance(missing, HistoryError) and missing.section == "12.1"
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"variant = '\xff'")
    (undecodable,) = read_file(bad)
    assert isinstance(undecodable, HistoryError) and "cannot read" in str(undecodable)
