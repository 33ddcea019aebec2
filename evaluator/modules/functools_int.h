/*
 * functools_int.h - what the functools module's files share (functools.c:
 * reduce, partial, cmp_to_key, lru_cache; functools_wrap.c: update_wrapper,
 * wraps, total_ordering, cached_property, singledispatch, partialmethod,
 * singledispatchmethod).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_FUNCTOOLS_INT_H
#define SAFEPY_FUNCTOOLS_INT_H

#include "evaluator/modules/modules.h"

/* A method of one of the module's heap classes: kind 'm' a method (an
 * unbound C function, bound like a def), 'p' a read-only property, 'c' a
 * classmethod. */
typedef struct fn_method {
    ev_builtin_def d;
    char kind;
} fn_method;
#define FN_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'm'}
#define FN_P(name, fn) {{name, fn, 0, 1, 0, NULL}, 'p'}
#define FN_C(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'c'}

/* The heap class functools.<name> in ns, deriving from root (an
 * EV_TYPE_CSLOTS type with a cnew, whose C slots hold the state) or from
 * object (root NULL: the state in the instance's __dict__, as CPython's
 * Python-written classes keep it).  A heap class, so that its instances
 * are descriptors when it defines __get__.  *out borrowed (ns holds it). */
int fn_class(ev_interp *I, ev_dict *ns, const char *name, ev_type *root, const fn_method *methods,
             ev_value *out) EV_WU;
/* The class functools.<name> as the module made it (borrowed), or NULL. */
ev_type *fn_global(ev_interp *I, const char *name);
ev_value fn_getattr(ev_interp *I, ev_value obj, const char *name) EV_WU;
int fn_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) EV_WU;
/* the pending exception is a t: drop it and say true */
bool fn_catch(ev_interp *I, ev_type *t);
/* f(*args_tuple, *argv, **kwdict, **kw): kwdict a dict of str keys or EV_NONE */
ev_value fn_call_parts(ev_interp *I, ev_value f, ev_value pre, int argc, const ev_value *argv, ev_value kwdict,
                       const ev_kw *kw) EV_WU;
/* partial(func, *argv, **kwdict) of the module's partial class */
ev_value fn_partial_new(ev_interp *I, ev_value func, int argc, const ev_value *argv, ev_value kwdict) EV_WU;

/* functools_wrap.c */
ev_value fn_update_wrapper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
extern const ev_builtin_def fn_update_wrapper_def;
int fn_wrap_init(ev_interp *I, ev_dict *ns) EV_WU;
extern const ev_builtin_def fn_wrap_functions[];

#endif
