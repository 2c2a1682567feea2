"""Spec module table — its sections are pending (see the matching spec/ document)."""
