"""Per-game action spaces and observation-tensor layouts (one module per game family)."""
