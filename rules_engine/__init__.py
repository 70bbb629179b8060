"""The Protokoll rules engine: pure Python, no web framework, no database (design.md)."""
