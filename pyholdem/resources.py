"""Files that travel with the package: the rule documents and the bundled examples.

``pyholdem/data/spec`` and ``pyholdem/data/examples`` are package data (``pyproject.toml``): in the
repository they are links to its ``spec/`` and ``examples/``, the one copy; a wheel holds the files
themselves. Code finds them here, through the package, so an installed pyholdem (not only a
checkout) prints sections and runs the main job.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
SPEC_DIR = DATA_DIR / "spec"
EXAMPLES_DIR = DATA_DIR / "examples"
