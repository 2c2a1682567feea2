"""Spec module dealing — its sections are pending (see the matching spec/ document)."""
