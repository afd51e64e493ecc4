# The C slots of `Seat` (model.py), declared here so that other modules read them typed. Keep
# them as the dataclass's fields, in the same order (tests/core/test_native_classes.py checks).

cdef class Seat:
    cdef readonly object network
    cdef readonly object pieces
    cdef readonly object money
    cdef readonly object vp
    cdef readonly object objective
    cdef readonly object held
    cdef readonly object bonus


cdef Seat evolved_seat(Seat seat, dict changes)
