# The C slots of `_Places` and `_Index` (geometry.py), declared here so that the steps that lay
# a tile and list where one goes read and write a network's index in C, not through Python's
# attribute lookup (a lay reads them some 190 times). Keep them as the fields the classes set.

cdef class _Places:
    cdef public Py_ssize_t x0, y0, w, h
    cdef public bytearray masks, over

cdef class _Index:
    cdef public bint merged
    cdef public dict cells, ports, group, members
    cdef public _Places places
