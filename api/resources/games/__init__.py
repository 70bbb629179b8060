"""GET /api/games: the catalog."""
