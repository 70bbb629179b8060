"""Tournament directors: an identity with a token that owns the tables it starts.

Tournaments come later; they will be a director's set of tables, so the role is already
the one a tournament needs: read, write and manage every table the director owns, and no
other (another director's token gets 403).
"""
