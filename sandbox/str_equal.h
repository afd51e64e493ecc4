/* String equality for the compiled engines, put ahead of Cython's own (tools/compile.py passes
 * this file to GCC and Clang with -include).
 *
 * Why: Cython 3.3 tests `a == b` between two str objects that are not the same object with
 * PyUnicode_Compare, which orders them (a call into the interpreter, then a memcmp of the shorter
 * length) though only equality is asked. The engines compare short names all the time (a frame's
 * kind, a field's name, a card's id) and most of those tests fail, so a length check settles them.
 * mypyc made the same change (python/mypy#19402). The result is the same: equal lengths, kinds and
 * code points, as CPython's own unicode_eq tests.
 *
 * How: Cython defines each comparison once per C file, inside `#ifndef
 * __Pyx_DEFINED_PyObject_CompareStrStr<Op>`; defining that name first makes it keep ours. Both
 * arguments are str objects here (Cython checks before it calls) and never the same object (it
 * tests identity first). Macros, so that this file needs nothing of Python.h before the module
 * includes it. A Cython that renames the guard simply keeps its own comparison (slower, the same
 * results); tests/core/test_compiled.py checks that the guard is still the one Cython writes.
 */
#ifndef SANDBOX_STR_EQUAL_H
#define SANDBOX_STR_EQUAL_H

#define SANDBOX_STR_EQUAL(s1, s2) \
    (PyUnicode_GET_LENGTH(s1) == PyUnicode_GET_LENGTH(s2) && \
     PyUnicode_KIND(s1) == PyUnicode_KIND(s2) && \
     memcmp(PyUnicode_DATA(s1), PyUnicode_DATA(s2), \
            (size_t)PyUnicode_GET_LENGTH(s1) * (size_t)PyUnicode_KIND(s1)) == 0)

#define SANDBOX_STR_BOOL(truth) \
    ((truth) ? (Py_INCREF(Py_True), Py_True) : (Py_INCREF(Py_False), Py_False))

/* as a C truth value (in an `if`) */
#define __Pyx_DEFINED_PyObject_CompareStrStrBoolEq
#define __Pyx_PyObject_CompareStrStrBoolEq(s1, s2) SANDBOX_STR_EQUAL(s1, s2)
#define __Pyx_DEFINED_PyObject_CompareStrStrBoolNe
#define __Pyx_PyObject_CompareStrStrBoolNe(s1, s2) (!SANDBOX_STR_EQUAL(s1, s2))
/* as a Python bool (a value kept or returned) */
#define __Pyx_DEFINED_PyObject_CompareStrStrEq
#define __Pyx_PyObject_CompareStrStrEq(s1, s2) SANDBOX_STR_BOOL(SANDBOX_STR_EQUAL(s1, s2))
#define __Pyx_DEFINED_PyObject_CompareStrStrNe
#define __Pyx_PyObject_CompareStrStrNe(s1, s2) SANDBOX_STR_BOOL(!SANDBOX_STR_EQUAL(s1, s2))

#endif
