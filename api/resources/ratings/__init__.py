"""Ratings across tournaments, per game (openskill; see ``api/tournament_logic/ratings.py``)."""
