"""Spec tournament — pending: every section of the document is marked Status: pending."""
