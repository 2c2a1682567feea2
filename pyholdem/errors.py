"""The one error hierarchy of pyholdem: every refusal names the value, what was allowed, and the section."""

from __future__ import annotations

from typing import Self

from pyholdem.values import is_int


def show_value(value: object) -> str:
    """``repr(value)`` for an error message; an int too long to print is described by its size."""
    if is_int(value) and int(value).bit_length() > 1024:
        return f"<an integer of {value.bit_length()} bits>"
    if isinstance(value, list):
        return "[" + ", ".join(map(show_value, value)) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(show_value, value)) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


class PyHoldemError(Exception):
    """Base of every error pyholdem raises on purpose.

    ``section`` is the spec section whose rule the input breaks (e.g. ``"5.6"``); the message ends
    with ``(§5.6)`` so that it reads well on its own. ``action`` is the 0-based index of the action
    of a hand history or conformance vector at which the error was raised, when known (``None``
    otherwise): a constructor keyword, or set by whoever plays the actions with ``at_action``. It
    is not part of the message, which stays the rule's own refusal.
    """

    kind: str = "PyHoldemError"

    def __init__(self, message: str, section: str | None = None, *, action: int | None = None) -> None:
        self.section = section
        self.detail = message
        self.action = action
        super().__init__(f"{message} (§{section})" if section else message)

    def at_action(self, index: int) -> Self:
        """This error, recording that it was raised by the action at ``index`` (0-based)."""
        self.action = index
        return self

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__

    def as_dict(self) -> dict[str, str | None]:
        """The portable form used by hand-history reports and conformance vectors."""
        return {"kind": self.kind, "section": self.section, "message": self.detail}


class RuleSetError(PyHoldemError, ValueError):
    """A rule-set field, preset name or rule-set file is not valid (spec 00)."""


class InvalidCards(PyHoldemError, ValueError):
    """Card text or ids that do not describe distinct cards of the deck, or the wrong number."""


class InvalidRange(InvalidCards):
    """Hand-range text that does not parse, or a range with no combo left to play (spec 13)."""


class IllegalAction(PyHoldemError):
    """An action the rules do not allow in the current state; the state is left unchanged."""


class RuleViolation(PyHoldemError, ValueError):
    """A set-up or input that breaks a rule before any action (stacks, blinds, seats, amounts)."""


class EventLogError(PyHoldemError, ValueError):
    """A live event's log file that cannot be created, read or written (missing, foreign, damaged)."""


class HistoryError(PyHoldemError, ValueError):
    """A hand history that cannot be read or written (malformed, truncated, unknown fields).

    ``file``, ``hand`` (the hand's index in its file) and ``action`` (0-based index in ``actions``)
    say where, when known; ``located`` adds them to an error raised without them.
    """

    def __init__(
        self,
        message: str,
        section: str | None = None,
        *,
        file: str | None = None,
        hand: int | None = None,
        action: int | None = None,
    ) -> None:
        self.file, self.hand = file, hand
        where = [f"{k} {v}" for k, v in (("file", file), ("hand", hand), ("action", action)) if v is not None]
        super().__init__(f"{', '.join(where)}: {message}" if where else message, section, action=action)
        self.detail = message

    def located(
        self, *, file: str | None = None, hand: int | None = None, action: int | None = None
    ) -> HistoryError:
        """A copy of this error that also names the file, hand and action index."""
        return HistoryError(
            self.detail,
            self.section,
            file=self.file if file is None else file,
            hand=self.hand if hand is None else hand,
            action=self.action if action is None else action,
        )


class NativeError(PyHoldemError, RuntimeError):
    """The compiled core is missing or reported an unexpected status."""


class SimulationError(PyHoldemError, ValueError):
    """An argument of ``simulate`` or a policy (``pyholdem.engine.policies``) that is not valid: not a rule
    of the game, so the message names the parameter (``n_hands``, ``threads``, ``seed``, ``policy``, ...)."""


class BatchError(PyHoldemError, ValueError):
    """An argument of ``HandBatch`` or of one of its calls that does not fit the batch as a whole (its
    shape, dtype, length or range): the message names the argument; nothing was changed."""
