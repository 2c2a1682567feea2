"""Spec module structures — its sections are pending (see the matching spec/ document)."""
