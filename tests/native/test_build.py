"""The compiled core is built, loadable and the same version as the package."""

from __future__ import annotations

import pyholdem
from build_ffi import read_cdef, sources
from pyholdem._bindings import ffi, lib
from pyholdem._bindings.native import version


def test_native_version_matches_package() -> None:
    assert version() == pyholdem.__version__
    assert lib.ph_deck_size() == 52


def test_cdef_comes_from_the_header() -> None:
    cdef = read_cdef()
    assert "ph_version" in cdef and "#include" not in cdef
    assert all(path.startswith("csrc/") and path.endswith(".c") for path in sources())
    assert ffi.sizeof("int") == 4
