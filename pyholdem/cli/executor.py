"""The ``--executor`` option of the commands that cut their work into chunks (issue 16)."""

from __future__ import annotations

import argparse

from pyholdem.campaign.executors import EXECUTOR_FORMS


def add_executor_argument(parser: argparse.ArgumentParser) -> None:
    """``--executor KIND``: who runs the chunks (``pyholdem.campaign.open_executor``), serial by default."""
    parser.add_argument(
        "--executor",
        default="serial",
        metavar="KIND",
        help=f"who runs the chunks: {EXECUTOR_FORMS} (default serial; dask needs pyholdem[dask])",
    )
