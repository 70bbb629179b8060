"""The scorekeeper's calculator for games with declarations (800 and its variants):
check a declaration against the cards laid down, or find the best one."""
