# The C slots of `Frame` (decision.py), declared here so that other modules read them typed.
# Keep them as the dataclass's fields, in the same order (tests/contract/test_memos.py checks).

cdef class Frame:
    cdef readonly object kind
    cdef readonly object player
    cdef readonly object data
