/*
 * keep_gil.h — the cffi wrappers that keep the GIL (included by build_ffi.py's set_source, the only
 * place it applies: the generated pyholdem/_native.c).
 *
 * cffi releases the GIL around every call; for the per-call paths that costs more than the call
 * itself, so the wrappers named in PH_KEEPS_GIL keep it (GCC folds the strcmp on __func__ at compile
 * time): the single hand values (section 2.4), one action of a hand (section 6.1), the table's hand
 * planning (sections 3.4-3.20, one short call per hand laid out) and the builtins' makers, which call
 * the CPython API (csrc/python_fast.c).
 */
#ifndef PH_KEEP_GIL_H
#define PH_KEEP_GIL_H

#include <string.h>

#define PH_KEEPS_GIL                                                                                             \
    (strcmp(__func__, "_cffi_f_ph_hand_act") == 0 || strcmp(__func__, "_cffi_f_ph_evaluate_mask") == 0 ||      \
     strcmp(__func__, "_cffi_f_ph_hand_value") == 0 || strcmp(__func__, "_cffi_f_ph_hand_value5") == 0 ||      \
     strcmp(__func__, "_cffi_f_ph_hand_value6") == 0 || strcmp(__func__, "_cffi_f_ph_hand_value7") == 0 ||     \
     strcmp(__func__, "_cffi_f_ph_py_make_evaluate_mask") == 0 || strcmp(__func__, "_cffi_f_ph_plan_hand") == 0 || \
     strcmp(__func__, "_cffi_f_ph_py_make_evaluate") == 0)

#undef Py_BEGIN_ALLOW_THREADS
#define Py_BEGIN_ALLOW_THREADS                                                                                   \
    {                                                                                                            \
        PyThreadState *_save = PH_KEEPS_GIL ? NULL : PyEval_SaveThread();
#undef Py_END_ALLOW_THREADS
#define Py_END_ALLOW_THREADS                                                                                     \
    if (_save)                                                                                                   \
        PyEval_RestoreThread(_save);                                                                             \
    }

#endif
