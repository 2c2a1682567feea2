"""Spec module rankings — its sections are pending (see the matching spec/ document)."""
