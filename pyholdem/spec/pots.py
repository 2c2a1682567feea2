"""Spec module pots — its sections are pending (see the matching spec/ document)."""
