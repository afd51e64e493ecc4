# The C slots of `Table` (table.py), declared here so that other modules read them typed. Keep
# them as the dataclass's fields, in the same order (tests/contract/test_memos.py checks).

cdef class Table:
    cdef readonly object config
    cdef readonly object players
    cdef readonly object deck
    cdef readonly object discard
    cdef readonly object display
    cdef readonly object bag
    cdef readonly object islands
    cdef readonly object tickets
    cdef readonly object progress
    cdef readonly object current
    cdef readonly object turn
    cdef readonly object actions_left
    cdef readonly object stack
    cdef readonly object took_display
    cdef readonly object ending
    cdef readonly object final_left
    cdef readonly object over
    cdef readonly object seen_by
    cdef readonly object removed
    cdef readonly object returned


cdef Table copied(Table table)
cdef Table written(Table table, dict changes)
