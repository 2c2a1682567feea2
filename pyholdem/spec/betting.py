"""Spec module betting — its sections are pending (see the matching spec/ document)."""
