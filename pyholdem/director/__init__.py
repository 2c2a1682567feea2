"""The live event: the director's SQLite event log, the façade over it, the web console and its pages."""
