"""The ``--executor`` option of the commands that cut their work into chunks, checked before any work."""

from __future__ import annotations

import argparse
import socket

from pyholdem.campaign.executors import EXECUTOR_FORMS
from pyholdem.cli.checks import CommandError

CONNECT_SECONDS = 3.0
"""How long ``dask://HOST:PORT`` may take to answer before the command gives up."""


def add_executor_argument(parser: argparse.ArgumentParser) -> None:
    """``--executor KIND``: who runs the chunks (``pyholdem.campaign.open_executor``), serial by default."""
    parser.add_argument(
        "--executor",
        default="serial",
        metavar="KIND",
        help=f"who runs the chunks: {EXECUTOR_FORMS} (default serial; dask needs pyholdem[dask])",
    )


def check_executor(text: str, seconds: float = CONNECT_SECONDS) -> None:
    """Refuse at once a ``dask://`` address where nothing answers within ``seconds`` (instead of Dask's
    own 30 s wait and traceback). A missing extra is refused by ``open_executor``, before any work."""
    if not text.startswith("dask://"):
        return
    address = text.removeprefix("dask://").removeprefix("tcp://")
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise CommandError(f"--executor {text}: not dask://HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else exc.strerror or str(exc)
        raise CommandError(
            f"--executor {text}: cannot reach a Dask scheduler at {address} within {seconds:g} s ({reason})"
        ) from None
