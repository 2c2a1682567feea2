"""The live event: a tournament run at real tables, its SQLite event log and its façade
(``DirectorEvent``); the web console adds its server and pages here."""
