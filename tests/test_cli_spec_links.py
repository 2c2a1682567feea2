"""``pyholdem spec N.M`` links a section to its code and tests: the @rule function and @part_of helpers
at their file:line, the C twin from ``TWINS``, the engine code that hands the decision to it (directly
or through spec functions) and the tests named after it or citing it."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

import pyholdem
from pyholdem.cli import main
from pyholdem.cli.section_links import format_links, section_links, section_tests
from pyholdem.traceability.coverage import TESTS_DIR
from pyholdem.traceability.registry import parts, registered

ROOT = Path(pyholdem.__file__).resolve().parents[1]


def _source_line(where: str) -> str:
    path, line = where.rsplit(":", 1)
    return (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def _where(obj: object) -> str:
    path = Path(inspect.getsourcefile(obj)).resolve().relative_to(ROOT)  # type: ignore[arg-type]
    return f"{path}:{inspect.getsourcelines(obj)[1]}"  # type: ignore[arg-type]


def test_the_pot_resolver_its_c_twin_the_engine_that_settles_with_it_and_its_tests(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["spec", "8.10"]) == 0
    out = capsys.readouterr().out
    impl = registered()["8.10"]
    assert "## 8.10 " in out
    assert f"@rule     pyholdem.spec.showdown.resolve_pots  {_where(impl)}" in out
    assert "C twin: ph_resolve_pots (bound by pyholdem.native.pots:resolve_pots" in out
    assert "engine.spec_engine.SpecHand._settle -> showdown.settle_hand -> showdown.resolve_pots" in out
    test_line = next(
        line for line in out.splitlines() if line.endswith(" test_8_10_c_settlement_equals_spec")
    )
    where = test_line.split()[0]
    assert _source_line(where).startswith("def test_8_10_c_settlement_equals_spec")


@pytest.mark.parametrize("section", ["3.18", "5.6", "6.4", "7.7", "1.8"])
def test_every_link_points_at_the_line_it_names(section: str) -> None:
    links = section_links(section)
    assert links.implementation is not None and links.implementation.where == _where(registered()[section])
    assert [h.where for h in links.helpers] == [_where(h) for h in parts().get(section, [])]
    assert links.engine_uses, f"no engine applies §{section}"
    for use in links.engine_uses:
        first = use.through[0].rsplit(".", 1)[-1]
        assert first in _source_line(use.where), use  # the line loads the first function of the chain
        assert use.through[-1] in {links.implementation.name, *(h.name for h in links.helpers)}
    assert links.tests
    for test in links.tests:
        assert _source_line(test.where).lstrip().startswith(("def test_", "async def test_"))


def test_the_table_planner_has_its_c_twin_and_the_minimum_raise_the_c_hand_engine() -> None:
    assert [t.c_function for t in section_links("3.18").twins] == ["ph_plan_hand"]
    assert [t.c_function for t in section_links("5.6").twins] == ["ph_hand_act"]


def test_tests_citing_a_section_in_their_docstring_count_and_a_longer_number_does_not(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "def test_5_6_named():\n    pass\n\n\n"
        'def test_cites():\n    """Checks §5.6 on a raise."""\n\n\n'
        'def test_other():\n    """Checks §5.60 and §15.6."""\n\n\n'
        "def helper_5_6():\n    pass\n",
        encoding="utf-8",
    )
    found = section_tests("5.6", tests)
    assert found is not None
    assert [(t.name, t.where) for t in found] == [
        ("test_5_6_named", "tests/test_x.py:1"),
        ("test_cites", "tests/test_x.py:5"),
    ]


def test_without_a_test_suite_the_tests_are_unknown_not_zero(tmp_path: Path) -> None:
    assert section_tests("5.6", None) is None
    assert section_tests("5.6", tmp_path / "missing") is None
    links = section_links("5.6")
    shown = format_links(type(links)(**{**links.__dict__, "tests": None}))
    assert "Tests: - (the test suite is in the source tree, not in the installed package)" in shown


def test_spec_section_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["spec", "7.7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["section"] == "7.7" and data["text"].startswith("## 7.7 ")
    assert data["implementation"]["name"] == "pyholdem.spec.pots.layer_pots"
    assert data["twins"][0]["c_function"] == "ph_layer_pots"
    assert TESTS_DIR is not None and len(data["tests"]) >= 1
