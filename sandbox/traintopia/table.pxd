# The C slots of `Table` (table.py), declared here so that other modules read them typed. Keep
# them as the dataclass's fields, in the same order (tests/contract/test_memos.py checks).

cdef class Table:
    cdef readonly object config
    cdef readonly object seats
    cdef readonly object frames
    cdef readonly object phase
    cdef readonly object round
    cdef readonly object starter
    cdef readonly object current
    cdef readonly object offer
    cdef readonly object card
    cdef readonly object rounds
    cdef readonly object tiles
    cdef readonly object starts
    cdef readonly object objectives
    cdef readonly object bag
    cdef readonly object supply
    cdef readonly object bonus_tiles
    cdef readonly object bonuses
    cdef readonly object money_left
    cdef readonly object used
    cdef readonly object played
    cdef readonly object boxed
    cdef readonly object seen_by


cdef Table copied(Table table)
cdef Table written(Table table, dict changes)
