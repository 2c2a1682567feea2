"""Builds the cffi extension ``pyholdem._native`` from ``build_ffi.py``; metadata is in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["build_ffi.py:ffibuilder"])
