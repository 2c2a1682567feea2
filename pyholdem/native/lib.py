"""Loading the compiled core and turning its status codes into pyholdem errors."""

from __future__ import annotations

import struct

from pyholdem.errors import InvalidCards, NativeError, PyHoldemError

try:
    from pyholdem._native import ffi, lib
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    raise NativeError(f"the compiled core pyholdem._native is not built ({exc}); run 'make build'") from None

STATUS_ERRORS: dict[int, tuple[type[PyHoldemError], str]] = {
    lib.PH_ERR_CARD_RANGE: (InvalidCards, "card id outside 0..51"),
    lib.PH_ERR_DUPLICATE_CARD: (InvalidCards, "duplicate card"),
    lib.PH_ERR_CARD_COUNT: (InvalidCards, "wrong number of cards"),
    lib.PH_ERR_ARGUMENT: (NativeError, "argument out of range"),
}


def check(status: int, what: str, section: str | None = None) -> None:
    """Raise the error that ``status`` stands for, naming ``what`` was being done."""
    if status == lib.PH_OK:
        return
    kind, meaning = STATUS_ERRORS.get(status, (NativeError, f"unknown status {status}"))
    raise kind(f"{what}: {meaning}", section)


def version() -> str:
    """The version string of the compiled core."""
    text: bytes = ffi.string(lib.ph_version())
    return text.decode()


_STRUCT_CODES = {
    "int8_t": "b", "uint8_t": "B", "int16_t": "h", "uint16_t": "H", "int32_t": "i", "uint32_t": "I",
    "int64_t": "q", "uint64_t": "Q", "double": "d",
}  # fmt: skip


def struct_layout(ctype: str) -> struct.Struct:
    """A ``struct.Struct`` that unpacks the C struct ``ctype`` field by field, from the compiled layout:
    each field at its ``offsetof`` (padding skipped), arrays as their items, the size ``sizeof``."""
    parts, at = ["="], 0
    for _name, field in ffi.typeof(ctype).fields:
        kind = field.type
        count = 1
        if kind.kind == "array":
            kind, count = kind.item, kind.length
        if kind.kind != "primitive" or kind.cname not in _STRUCT_CODES:
            raise NativeError(f"{ctype}: field {_name} of type {field.type.cname} has no struct code")
        if field.offset > at:
            parts.append(f"{field.offset - at}x")
        parts.append(f"{count}{_STRUCT_CODES[kind.cname]}")
        at = field.offset + count * ffi.sizeof(kind)
    size = ffi.sizeof(ctype)
    if size > at:
        parts.append(f"{size - at}x")
    return struct.Struct("".join(parts))


__all__ = ["STATUS_ERRORS", "check", "ffi", "lib", "struct_layout", "version"]
