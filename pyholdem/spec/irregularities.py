"""Spec irregularities — pending: every section of the document is marked Status: pending."""
