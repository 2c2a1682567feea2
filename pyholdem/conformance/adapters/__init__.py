"""Conformance adapters for the engines and evaluators people use, one module per engine.

Each module is a program (``python -m pyholdem.conformance.adapters.<engine>_adapter``) speaking the
JSON-lines protocol of ``vectors/formats/adapter.md`` with its engine alone: it imports the engine
(an optional dependency, the ``conformance`` extra; a missing one ends the program with a message
naming the extra) and nothing of pyholdem beyond the protocol loop in this package. What each
engine can express is declared in ``pyholdem.conformance.engines``.
"""
