/*
 * python_fast.c — evaluate_mask as a CPython builtin (section 2.4).
 *
 * A Python wrapper around lib.ph_evaluate_mask costs a frame per call (about 40 % over the bare cffi
 * call). ph_py_make_evaluate_mask(id(fallback)) returns the address of a METH_O builtin that evaluates
 * an exact int mask of 5..7 cards in C and hands every other argument (and every bad mask) to fallback,
 * the Python function that raises the typed errors; pyholdem/native/evaluation.py binds it (ctypes turns
 * the address into the object). The builtin holds fallback as its self; its method table is constant
 * data, never written. The one translation unit of the core that includes Python.h (the stable ABI of
 * the abi3 module cffi builds).
 */
#define Py_LIMITED_API 0x03080000
#include <Python.h>

#include "holdem.h"

static PyObject *ph_py_evaluate_mask(PyObject *fallback, PyObject *mask)
{
    if (PyLong_CheckExact(mask)) {
        int overflow = 0;
        long long bits = PyLong_AsLongLongAndOverflow(mask, &overflow);
        if (!overflow && bits >= 0) {
            int value = ph_evaluate_mask((uint64_t)bits);
            if (value >= 0)
                return PyLong_FromLong(value);
        }
    }
    return PyObject_CallFunctionObjArgs(fallback, mask, NULL);
}

static PyMethodDef ph_py_evaluate_mask_def = {
    "evaluate_mask", ph_py_evaluate_mask, METH_O,
    "evaluate_mask(mask, /)\n--\n\n"
    "The value of the 5 to 7 cards whose ids are the set bits of mask (section 2.4)."};

uintptr_t ph_py_make_evaluate_mask(uintptr_t fallback)
{
    return (uintptr_t)PyCFunction_New(&ph_py_evaluate_mask_def, (PyObject *)fallback);
}
