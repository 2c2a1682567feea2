"""The executable specification: one module per rule document, one ``@rule`` per section.

Importing this package imports every module, so that each section is registered.
"""

from importlib import import_module

from pyholdem.traceability.spec_documents import DOCUMENT_MODULES

for _module in DOCUMENT_MODULES.values():
    import_module(_module)
