"""One module per game family; each reads like its rule text."""
