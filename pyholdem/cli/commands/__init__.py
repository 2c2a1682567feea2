"""Subcommands of the ``pyholdem`` command line, one module each (see ``pyholdem.cli``)."""
