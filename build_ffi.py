"""Build ``pyholdem._native`` with cffi in out-of-line API mode.

The cdef is read from ``csrc/holdem.h`` (the part between the ``PH_CDEF_BEGIN`` and
``PH_CDEF_END`` markers), the sources are every ``csrc/*.c``. Run as a script to build in place;
``PYHOLDEM_SANITIZE=1`` builds with AddressSanitizer and UndefinedBehaviorSanitizer (signed overflow
included: ``-fno-wrapv``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent
CSRC = ROOT / "csrc"
HEADER = CSRC / "holdem.h"
MODULE = "pyholdem._native"
STAMP = ROOT / "pyholdem" / "_native.buildhash"

SANITIZE = os.environ.get("PYHOLDEM_SANITIZE") == "1"
COMPILE_ARGS = ["-std=c11", "-Wall", "-Wextra", "-Werror=implicit-function-declaration"]
LINK_ARGS: list[str] = []
if SANITIZE:
    san = [
        "-fsanitize=address,undefined,signed-integer-overflow",
        "-fno-sanitize-recover=undefined,signed-integer-overflow",
        "-fno-omit-frame-pointer",
    ]
    # Python's own CFLAGS (sysconfig, put before these) carry -fwrapv, which makes signed overflow
    # defined and so invisible to UBSan; -fno-wrapv after it turns the check back on.
    COMPILE_ARGS += ["-O1", "-g", "-fno-wrapv", *san]
    LINK_ARGS += san
else:
    COMPILE_ARGS += ["-O3", "-march=x86-64-v2" if os.uname().machine == "x86_64" else "-O3"]


def read_cdef(header: Path = HEADER) -> str:
    """Return the declarations of ``holdem.h`` that cffi should see."""
    text = header.read_text()
    try:
        body = text.split("/* PH_CDEF_BEGIN */", 1)[1].split("/* PH_CDEF_END */", 1)[0]
    except IndexError:
        raise SystemExit(f"{header}: missing PH_CDEF_BEGIN / PH_CDEF_END markers") from None
    return "\n".join(line for line in body.splitlines() if not line.lstrip().startswith("#"))


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in CSRC.glob("*.c"))


# cffi releases the GIL around every call; for the per-call paths that costs more than the call
# itself, so the wrappers named here keep it (GCC folds the strcmp on __func__ at compile time).
KEEP_GIL_FOR = (
    "ph_hand_act",
    "ph_evaluate_mask",
    "ph_hand_value",
    "ph_hand_value5",
    "ph_hand_value6",
    "ph_hand_value7",
    "ph_py_make_evaluate_mask",  # issue 15: calls the CPython API (build_ffi.FAST_SOURCE)
)
# --- issue 13: the table's hand planning, one short call per hand laid out (begin) ---
KEEP_GIL_FOR += ("ph_plan_hand",)
# --- issue 13 (end) ---
KEEP_GIL = (
    "#include <string.h>\n#define PH_KEEPS_GIL ("
    + " || ".join(f'strcmp(__func__, "_cffi_f_{name}") == 0' for name in KEEP_GIL_FOR)
    + ")\n#undef Py_BEGIN_ALLOW_THREADS\n"
    "#define Py_BEGIN_ALLOW_THREADS { PyThreadState *_save = PH_KEEPS_GIL ? NULL : PyEval_SaveThread();\n"
    "#undef Py_END_ALLOW_THREADS\n"
    "#define Py_END_ALLOW_THREADS if (_save) PyEval_RestoreThread(_save); }\n"
)

# --- issue 15: evaluate_mask as a CPython builtin (begin) ---
# A Python wrapper around lib.ph_evaluate_mask costs a frame per call (about 40 % over the bare cffi call).
# ph_py_make_evaluate_mask(id(fallback)) returns the address of a METH_O builtin that evaluates an exact
# int mask of 5..7 cards in C and hands every other argument (and every bad mask) to fallback, the Python
# function that raises the typed errors; pyholdem/native/evaluation.py binds it (ctypes turns the address
# into the object). The builtin holds fallback as its self; its method table is constant data, never written.
FAST_CDEF = "uintptr_t ph_py_make_evaluate_mask(uintptr_t fallback);\n"
FAST_SOURCE = r"""
static PyObject *ph_py_evaluate_mask(PyObject *fallback, PyObject *mask)
{
    if (PyLong_CheckExact(mask)) {
        int overflow = 0;
        long long bits = PyLong_AsLongLongAndOverflow(mask, &overflow);
        if (!overflow && bits >= 0) {
            int value = ph_evaluate_mask((uint64_t)bits);
            if (value >= 0)
                return PyLong_FromLong(value);
        }
    }
    return PyObject_CallFunctionObjArgs(fallback, mask, NULL);
}

static PyMethodDef ph_py_evaluate_mask_def = {
    "evaluate_mask", ph_py_evaluate_mask, METH_O,
    "evaluate_mask(mask, /)\n--\n\n"
    "The value of the 5 to 7 cards whose ids are the set bits of mask (section 2.4)."};

static uintptr_t ph_py_make_evaluate_mask(uintptr_t fallback)
{
    return (uintptr_t)PyCFunction_New(&ph_py_evaluate_mask_def, (PyObject *)fallback);
}
"""
# --- issue 15 (end) ---

ffibuilder = FFI()
ffibuilder.cdef(read_cdef() + FAST_CDEF)
ffibuilder.set_source(
    MODULE,
    '#include "holdem.h"\n' + KEEP_GIL + FAST_SOURCE,
    sources=sources(),
    include_dirs=[str(CSRC.relative_to(ROOT)), str((CSRC / "generated").relative_to(ROOT))],
    extra_compile_args=COMPILE_ARGS,
    extra_link_args=LINK_ARGS,
)


def build_hash() -> str:
    digest = hashlib.sha256()
    inputs = [Path(__file__), HEADER, *sorted(CSRC.rglob("*.[ch]"))]
    for path in inputs:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(" ".join(COMPILE_ARGS + LINK_ARGS).encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def build_in_place(force: bool = False) -> bool:
    """Compile next to the package unless the same inputs were built already; True if built."""
    wanted = build_hash()
    built = list((ROOT / "pyholdem").glob("_native*.so"))
    if not force and built and STAMP.exists() and STAMP.read_text() == wanted:
        return False
    os.chdir(ROOT)
    ffibuilder.compile(tmpdir=str(ROOT), target=None, verbose=False)
    STAMP.write_text(wanted)
    return True


if __name__ == "__main__":
    did = build_in_place(force="--force" in sys.argv)
    kind = "sanitized " if SANITIZE else ""
    print(f"pyholdem._native: {kind}{'built' if did else 'up to date'}")
