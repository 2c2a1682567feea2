"""``pyholdem equity``: hands and ranges on a board, exact or Monte Carlo (spec 13)."""

from __future__ import annotations

import json

import pytest

from pyholdem.cli import main
from pyholdem.native.ranges import range_equity


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_13_5_equity_command_exact_on_the_flop(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AsKs", "QQ+,AKs", "--board", "Qs7d2c")
    assert code == 0
    want = range_equity(["AsKs", "QQ+,AKs"], "Qs7d2c")
    assert f"{want.equity[0]:.2%}" in out and f"{want.equity[1]:.2%}" in out
    assert "exact over 12 deals, 11,880 boards" in out
    assert "AA, KK, QQ, AKs      19" in out


def test_13_6_equity_command_monte_carlo_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("equity", "AK", "22+", "KQo:0.5", "--dead", "2c", "--trials", "20000", "--seed", "9", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    want = range_equity(["AK", "22+", "KQo:0.5"], dead="2c", trials=20000, seed=9)
    assert data["method"] == "monte_carlo" and data["seed"] == 9 and data["trials"] == 20000
    assert [p["equity"] for p in data["players"]] == list(want.equity)
    assert [p["combos"] for p in data["players"]] == [16, 75, 12]
    assert run(capsys, *argv, "--threads", "2")[1] == out


def test_13_6_equity_command_prints_its_random_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AK", "QQ", "--trials", "1000")
    assert code == 0
    seed = int(out.rsplit("seed ", 1)[1])
    again = run(capsys, "equity", "AK", "QQ", "--trials", "1000", "--seed", str(seed))[1]
    assert again == out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("AKx", "QQ"), "InvalidRange: 'AKx' is not a hand: 'x' is not s (suited) or o (offsuit) (§13.1)"),
        (("AK",), "needs 2 to 10 players"),
        (("AK", "QQ", "--board", "2c3c"), "a board has 0, 3, 4 or 5 cards"),
        (("AK", "QQ", "--exact", "--trials", "5"), "give no trials"),
        (("AK", "QQ", "--trials", "0"), "trials must be"),
    ],
)
def test_13_1_equity_command_errors(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "equity", *argv)
    assert code == 2 and out == ""
    assert message in err and err.startswith("pyholdem equity: ")


def test_13_6_equity_command_exact_flag_and_hands_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "As Ks", "QdQh", "--exact")
    assert code == 0
    assert "exact over 1 deal, 1,712,304 boards" in out
    want = range_equity(["AsKs", "QdQh"], exact=True)
    assert f"{want.equity[0]:.2%}" in out
