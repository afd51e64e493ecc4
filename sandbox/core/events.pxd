# `later` (events.py), declared here so that a game's rules call it in C rather than through
# Python's call protocol: Traintopia makes an event with it at nearly every step.

cpdef object later(object kind, object template, tuple args, object rule, object actor, object data)
