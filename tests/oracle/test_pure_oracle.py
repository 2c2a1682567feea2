"""The oracle is pure Python: the spec engine and every ``@rule`` function run where the compiled core
cannot even be imported, and give byte for byte the vectors and hands of a normal run.

A ``sys.meta_path`` finder makes ``import pyholdem._native`` fail (and records every attempt); in that
interpreter every conformance vector is generated and whole random hands of all three structures
are played on the spec engine. The same script in a normal interpreter plays the hands on the C
engine (``engine="auto"``): the vectors must be identical files and the hands identical logs and
results, and the blocked run must never have tried to load the compiled core.
"""

from __future__ import annotations

import filecmp
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BLOCK = '''
import sys

class NoNative:
    """Refuses the compiled core and remembers who asked."""

    attempts = []

    def find_spec(self, name, path=None, target=None):
        if name == "pyholdem._native" or name.startswith("pyholdem._native."):
            NoNative.attempts.append(name)
            raise ImportError(f"{name} is blocked: the oracle must not need the compiled core")
        return None

sys.meta_path.insert(0, NoNative())
'''

SCRIPT = """
import json, sys
from pyholdem.conformance.cases import all_vectors
from pyholdem.conformance.vectors import write_vectors
from pyholdem.history.record import seeded_hand
from pyholdem.rules.ruleset import RuleSet

out, engine = sys.argv[1], sys.argv[2]
write_vectors(out + "/vectors", all_vectors())
hands = []
for structure in ("no_limit", "pot_limit", "fixed_limit"):
    rules = RuleSet(betting_structure=structure, straddle_allowed=True)
    for seed in range(150):
        hand = seeded_hand(seed, rules, engine=engine)
        assert hand.is_over and hand.engine == ("spec" if engine == "spec" else "native"), hand.engine
        hands.append(repr((hand.events, hand.result, hand.state)))
with open(out + "/hands.json", "w") as f:
    json.dump(hands, f)
"""

CHECK = """
native = sorted(
    m for m in sys.modules
    if m.startswith(("pyholdem._native", "pyholdem.native"))
)
assert not NoNative.attempts and not native, (NoNative.attempts, native)
"""


def _run(code: str, out: Path, engine: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code, str(out), engine], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]


def _same_tree(a: Path, b: Path) -> list[str]:
    cmp = filecmp.dircmp(a, b)
    diff = [str(Path(cmp.left) / name) for name in cmp.left_only + cmp.right_only + cmp.diff_files]
    for sub in cmp.subdirs:
        diff += _same_tree(a / sub, b / sub)
    return diff


@pytest.mark.slow
def test_8_10_oracle_runs_without_the_compiled_core(tmp_path: Path) -> None:
    blocked, normal = tmp_path / "blocked", tmp_path / "normal"
    blocked.mkdir(), normal.mkdir()
    _run(BLOCK + SCRIPT + CHECK, blocked, "spec")
    _run(SCRIPT, normal, "auto")
    names = sorted(p.relative_to(normal).as_posix() for p in normal.rglob("*.json"))
    assert len(names) > 5000
    assert names == sorted(p.relative_to(blocked).as_posix() for p in blocked.rglob("*.json"))
    # filecmp's shallow compare trusts equal os.stat signatures; compare contents
    different = [n for n in names if (normal / n).read_bytes() != (blocked / n).read_bytes()]
    assert not different, different[:10]
    assert not _same_tree(normal, blocked)


def test_8_10_the_blocker_does_block(tmp_path: Path) -> None:
    """The finder really makes the compiled core unavailable: the C engine is refused."""
    code = BLOCK + (
        "from pyholdem import Hand, NativeError, RuleSet\n"
        "try:\n"
        "    Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), engine='native')\n"
        "except NativeError as exc:\n"
        "    print('refused:', exc)\n"
        "assert NoNative.attempts == ['pyholdem._native'], NoNative.attempts\n"
        "assert Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2)).engine == 'spec'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "refused:" in done.stdout
