"""Loading the compiled core and turning its status codes into pyholdem errors."""

from __future__ import annotations

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


__all__ = ["STATUS_ERRORS", "check", "ffi", "lib", "version"]
