"""The rule set: every variant parameter with its default and seed readings, and the presets
(``ruleset``)."""
