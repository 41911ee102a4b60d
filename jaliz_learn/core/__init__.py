"""The engine protocol: games, states, actions, events, errors, rules, the RNG and play helpers."""
