"""Tables: start one, read it, post to its log, read the log and the protokoll."""
