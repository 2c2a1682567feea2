"""``python -m pyholdem`` is the ``pyholdem`` command."""

from pyholdem.cli import main

raise SystemExit(main())
