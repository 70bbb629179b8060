"""Live updates for the phones at a table: ``GET /api/tables/{id}/stream`` (server-sent events)."""
