"""``pyholdem icm`` chooses the spec where it answers in fractions and the C twin beyond (§9.19)."""

from __future__ import annotations

import json

import pytest

from pyholdem.cli import main
from pyholdem.cli.commands.icm import choose_icm
from pyholdem.errors import RuleViolation
from pyholdem.native import icm as native_icm
from pyholdem.spec import tournament as spec


def test_9_19_cli_icm_chooses_the_spec_for_fractions_and_c_beyond() -> None:
    assert choose_icm([5, 4, 3], [3, 2, 1], "auto") is spec.icm_values
    assert choose_icm([5, 4, 3], [3, 2, 1], "sample") is native_icm.icm_values
    assert choose_icm(list(range(1, 101)), [5, 3, 2], "auto") is native_icm.icm_values
    with pytest.raises(RuleViolation, match=r"§9\.19"):
        choose_icm([5, 0], [1], "auto")


def test_9_19_cli_icm_large_field_uses_the_c_twin(capsys: pytest.CaptureFixture[str]) -> None:
    stacks = [str(100 + (37 * i) % 500) for i in range(300)]
    prizes = [str(p) for p in range(60, 0, -1)]
    args = [*stacks, "--prizes", *prizes, "--trials", "2000", "--seed", "4", "--json"]
    assert main(["icm", *args]) == 0
    result = json.loads(capsys.readouterr().out)
    want = native_icm.icm_values([int(s) for s in stacks], [int(p) for p in prizes], trials=2000, seed=4)
    assert not result["exact"] and result["trials"] == 2000
    assert [p["value"] for p in result["players"]] == [float(v) for v in want.values]
    assert sum(p["deal"] for p in result["players"]) == sum(int(p) for p in prizes)


def test_9_19_cli_icm_exact_floats_from_the_c_twin(capsys: pytest.CaptureFixture[str]) -> None:
    stacks = [str(10 * i) for i in range(1, 19)]
    assert main(["icm", *stacks, "--prizes", "50", "30", "20", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    want = spec.icm_values([int(s) for s in stacks], [50, 30, 20], method="exact").values
    assert result["exact"]
    assert all(abs(p["value"] - w) <= 1e-9 * 100 for p, w in zip(result["players"], want, strict=True))
    assert sum(p["deal"] for p in result["players"]) == 100
