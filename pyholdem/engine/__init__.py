"""The engines: the explicit hand set-up (``setup``, §3.20), the ``Hand`` façade (``hand``) and the spec
engine it plays on by default (``spec_engine``, the oracle); the C engine is ``native_engine``."""
