"""Tools for contributors: the import graph (:mod:`.layers`)."""
