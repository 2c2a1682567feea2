"""Build ``pyholdem._native`` with cffi in out-of-line API mode.

The cdef is ``csrc/generated/codes.h`` (the generated codes) followed by the part of ``csrc/holdem.h``
between the ``PH_CDEF_BEGIN`` and ``PH_CDEF_END`` markers; the sources are every ``csrc/*.c``.
Run as a script to build in place; ``PYHOLDEM_SANITIZE=1`` builds with AddressSanitizer and
UndefinedBehaviorSanitizer (signed overflow included: ``-fno-wrapv``).
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
CODES = CSRC / "generated" / "codes.h"
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


def _plain(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def read_cdef(header: Path = HEADER, codes: Path = CODES) -> str:
    """Return the declarations of ``codes.h`` and ``holdem.h`` that cffi should see."""
    text = header.read_text()
    try:
        body = text.split("/* PH_CDEF_BEGIN */", 1)[1].split("/* PH_CDEF_END */", 1)[0]
    except IndexError:
        raise SystemExit(f"{header}: missing PH_CDEF_BEGIN / PH_CDEF_END markers") from None
    return _plain(codes.read_text()) + "\n" + _plain(body)


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in CSRC.glob("*.c"))


ffibuilder = FFI()
ffibuilder.cdef(read_cdef())
ffibuilder.set_source(
    MODULE,
    '#include "holdem.h"\n#include "keep_gil.h"\n',
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
