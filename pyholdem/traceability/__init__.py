"""Spec <-> code <-> test: the ``@rule`` registry, the rule documents' parser and the coverage report."""
