# The C slots of `Lay` (actions.py), declared here so that `geometry` writes a lay's fields in C
# as it finds the spots. Keep them as the dataclass's fields, in the same order
# (tests/core/test_native_classes.py checks).

cdef class Lay:
    cdef readonly object tile
    cdef readonly object x
    cdef readonly object y
    cdef readonly object turn
