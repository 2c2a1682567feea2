"""Spec module showdown — its sections are pending (see the matching spec/ document)."""
