/*
 * contextlib_int.h - what contextlib.c (the synchronous managers, the
 * module) and contextlib_async.c (the asynchronous ones) share.  Internal
 * to evaluator/modules/.
 */
#ifndef SAFEPY_CONTEXTLIB_INT_H
#define SAFEPY_CONTEXTLIB_INT_H

#include "evaluator/modules/collections_abc.h"
#include "evaluator/modules/functools_int.h"
#include "evaluator/objects/class_int.h"

typedef struct cl_method {
    ev_builtin_def d;
    char kind; /* 'm' method, 'c' classmethod, 'a' abstract method */
} cl_method;
#define CL_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'm'}
#define CL_A(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC | EV_BF_ABSTRACT, NULL}, 'm'}
#define CL_C(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'c'}
#define CL_END {{NULL, NULL, 0, 0, 0, NULL}, 0}

/* Each method is a def's frame in CPython: one recursion level around its
 * body, so nested managers (an ExitStack unwinding into another) end in
 * RecursionError, never in a C stack overflow. */
#define CL_FN(name)                                                                                           \
    static ev_value name##_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw); \
    static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)        \
    {                                                                                                         \
        if (ev_recursion_enter(I, ""))                                                                        \
            return EV_ERR;                                                                                    \
        ev_value r_ = name##_body(I, self, argc, argv, kw);                                                   \
        ev_recursion_leave(I);                                                                                \
        return r_;                                                                                            \
    }                                                                                                         \
    static ev_value name##_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
#define BIND(sig, a)                              \
    ev_value a[EV_US_MAXP];                       \
    if (ev_us_bind(I, &(sig), argc, argv, kw, a)) \
        return EV_ERR

static inline ev_value get(ev_interp *I, ev_value obj, const char *name) { return ev_us_getattr(I, obj, name); }
static inline int set(ev_interp *I, ev_value obj, const char *name, ev_value v) { return ev_us_setattr(I, obj, name, v); }

/* the module's global name (borrowed), NameError when it is gone */
ev_value cl_global(ev_interp *I, const char *name) EV_WU;
/* NotImplementedError "contextlib.WHAT is not supported by safepy" */
ev_value cl_not_supported(ev_interp *I, const char *what);
/* v is an exception whose class derives from t */
bool cl_exc_is(ev_value v, ev_type *t);
/* raise RuntimeError(msg) from None */
ev_value cl_raise_from_none(ev_interp *I, const char *msg);
/* exc.__traceback__ = tb */
int cl_reset_tb(ev_interp *I, ev_value exc, ev_value tb) EV_WU;
/* class NAME(*bases, metaclass=meta) in ns: bases by their names in ns
 * ("@root": root), the methods, str class attributes as name/value pairs
 * (NULL-terminated), ABCMeta's bookkeeping when abc */
int cl_class(ev_interp *I, ev_dict *ns, const char *name, ev_type *meta, const char *const *bases, ev_type *root,
             const char *doc, const cl_method *methods, const char *const *strattrs, bool abc) EV_WU;
/* X.__subclasshook__(C) as a classmethod (argv[0] is cls): _check_methods
 * when cls is the module's class owner, else NotImplemented */
ev_value cl_hook(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, const char *qual, const char *owner,
                 const char *const *methods) EV_WU;
/* contextmanager's helper for the class named cls (contextlib.c) */
ev_value cl_helper_new(ev_interp *I, ev_value func, const char *cls) EV_WU;

/* The functions CPython makes at run time are instances of heap classes
 * deriving from cl_fo_root, whose three C slots hold what the closure
 * captured (contextlib.c) */
extern ev_type cl_fo_root;
/* a new one of the module's class cls with slots a, b, c */
ev_value cl_fo_make(ev_interp *I, const char *cls, ev_value a, ev_value b, ev_value c) EV_WU;
/* slot i of one (borrowed; None when self is not one) */
ev_value cl_fo_slot(ev_value self, int i);
/* their __get__ (bound like a function) and __repr__ (<function ...>) */
ev_value cl_fo_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value cl_fo_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* a tuple of argv and a dict of the keywords */
int cl_pack_args(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, ev_value *args, ev_value *kwds) EV_WU;
/* f(*args, **kwds) */
ev_value cl_call_parts(ev_interp *I, ev_value f, ev_value args, ev_value kwds) EV_WU;
/* type(x).<name>; AttributeError when it has none */
ev_value cl_type_attr(ev_interp *I, ev_value x, const char *name) EV_WU;
/* self._exit_callbacks.append((is_sync, cb)) */
int cl_push_exit_callback(ev_interp *I, ev_value self, ev_value cb, bool is_sync) EV_WU;
/* ExitStack's _fix_exception_context(new_exc, old_exc) with frame_exc the
 * exception the frame was handling */
void cl_fix_context(ev_interp *I, ev_value new_exc, ev_value old_exc, ev_obj *frame_exc);

/* contextlib_async.c: the asynchronous classes (AbstractAsyncContextManager,
 * AsyncContextDecorator, _AsyncGeneratorContextManager, aclosing,
 * AsyncExitStack, nullcontext), made after the synchronous ones */
int cl_async_init(ev_interp *I, ev_dict *ns, ev_type *abcm) EV_WU;
ev_value cl_null_aenter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value cl_null_aexit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value cl_asynccontextmanager(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#endif
