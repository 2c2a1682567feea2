/*
 * python_fast.c — evaluate_mask and evaluate as CPython builtins (section 2.4).
 *
 * A Python wrapper around lib.ph_evaluate_mask costs a frame per call (about 40 % over the bare cffi
 * call). ph_py_make_evaluate_mask(id(fallback)) returns the address of a METH_O builtin that evaluates
 * an exact int mask of 5..7 cards in C and hands every other argument (and every bad mask) to fallback,
 * the Python function that raises the typed errors; ph_py_make_evaluate does the same for a tuple or list
 * of 5..7 distinct exact int card ids. pyholdem/native/evaluation.py binds them (ctypes turns the address
 * into the object). Each builtin holds its fallback as its self; the method tables are constant data, never
 * written. The one translation unit of the core that includes Python.h (the stable ABI of
 * the abi3 module cffi builds).
 */
#define Py_LIMITED_API 0x03080000
#include <Python.h>

#include "holdem.h"

/* The value of the cards of mask when ok and the mask is a valid hand, else fallback(argument). */
static PyObject *valued(int ok, uint64_t mask, PyObject *fallback, PyObject *argument)
{
    int value = ok ? ph_evaluate_mask(mask) : -1;
    return value >= 0 ? PyLong_FromLong(value) : PyObject_CallFunctionObjArgs(fallback, argument, NULL);
}

static PyObject *ph_py_evaluate_mask(PyObject *fallback, PyObject *mask)
{
    int overflow = 0;
    long long bits = PyLong_CheckExact(mask) ? PyLong_AsLongLongAndOverflow(mask, &overflow) : -1;
    if (bits == -1 && PyErr_Occurred()) PyErr_Clear();
    return valued(!overflow && bits >= 0, (uint64_t)bits, fallback, mask);
}

static PyMethodDef ph_py_evaluate_mask_def = {
    "evaluate_mask", ph_py_evaluate_mask, METH_O,
    "evaluate_mask(mask, /)\n--\n\n"
    "The value of the 5 to 7 cards whose ids are the set bits of mask (section 2.4)."};

/* A tuple or list of 5..7 exact ints, distinct card ids 0..51: their value; anything else to fallback (bools and
   other integer types, texts, Cards, bad or repeated cards: the Python path reads or refuses them). */
static PyObject *ph_py_evaluate(PyObject *fallback, PyObject *hand)
{
    int tuple = PyTuple_CheckExact(hand), list = !tuple && PyList_CheckExact(hand);
    Py_ssize_t n = tuple ? PyTuple_Size(hand) : list ? PyList_Size(hand) : 0;
    uint64_t mask = 0;
    int ok = n >= 5 && n <= 7;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *card = tuple ? PyTuple_GetItem(hand, i) : PyList_GetItem(hand, i);
        long id = card && PyLong_CheckExact(card) ? PyLong_AsLong(card) : -1;
        if (id == -1 && PyErr_Occurred()) PyErr_Clear();
        ok = id >= 0 && id < 52 && !(mask >> id & 1u);
        if (ok) mask |= 1ull << id;
    }
    return valued(ok, mask, fallback, hand);
}

static PyMethodDef ph_py_evaluate_def = {
    "evaluate", ph_py_evaluate, METH_O,
    "evaluate(hand, /)\n--\n\n"
    "The value of the best five of 5 to 7 cards (section 2.4), computed in C: hand is card text\n"
    "('As Kd Qh Jc Ts') or an iterable of texts, Cards or integer ids (any integer type)."};

uintptr_t ph_py_make_evaluate(uintptr_t fallback)
{
    return (uintptr_t)PyCFunction_New(&ph_py_evaluate_def, (PyObject *)fallback);
}

uintptr_t ph_py_make_evaluate_mask(uintptr_t fallback)
{
    return (uintptr_t)PyCFunction_New(&ph_py_evaluate_mask_def, (PyObject *)fallback);
}
