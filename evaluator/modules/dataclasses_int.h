/*
 * dataclasses_int.h - what the dataclasses module's files share
 * (dataclasses.c: the module, Field and the helpers; dataclasses_gen.c: the
 * class processing; dataclasses_methods.c: the generated methods).
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_DATACLASSES_INT_H
#define SAFEPY_DATACLASSES_INT_H

#include "evaluator/modules/modules.h"

/* a is b */
static inline bool dc_same(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    return a.tag == EV_T_NONE || (a.tag == EV_T_OBJ ? a.u.o == b.u.o : a.u.i == b.u.i);
}

/* A name of the dataclasses module's namespace (MISSING, _FIELD, Field...),
 * borrowed, as CPython's functions read their globals; NULL with NameError
 * raised when it is gone. */
ev_value *dc_global(ev_interp *I, const char *name);
/* obj.name, a new reference or EV_ERR */
ev_value dc_getattr(ev_interp *I, ev_value obj, const char *name) EV_WU;
int dc_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) EV_WU; /* v EV_ERR: del */
/* getattr(obj, name, dflt): a new reference; only AttributeError falls back */
ev_value dc_getattr_or(ev_interp *I, ev_value obj, const char *name, ev_value dflt) EV_WU;
/* hasattr(type(obj), '__dataclass_fields__'): 0/1, -1 error */
int dc_is_instance(ev_interp *I, ev_value obj) EV_WU;
/* fields(obj) as a tuple of the _FIELD fields, a new reference */
ev_value dc_fields(ev_interp *I, ev_value obj) EV_WU;
/* f is a __repr__ the dataclass decorator generated (pprint lays such an
 * instance out field by field, as it does when __repr__.__wrapped__ came
 * from dataclasses' __create_fn__) */
bool dc_is_generated_repr(ev_value f);

/* dataclass(cls, **params): params the flags (init, repr, eq, order,
 * unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot) as bools,
 * raw the values given for them (what __dataclass_params__ shows) --
 * the class made (cls, or a new one for slots) */
enum {
    DC_P_INIT, DC_P_REPR, DC_P_EQ, DC_P_ORDER, DC_P_UNSAFE_HASH, DC_P_FROZEN, DC_P_MATCH_ARGS,
    DC_P_KW_ONLY, DC_P_SLOTS, DC_P_WEAKREF_SLOT, DC_P_N
};
ev_value dc_process_class(ev_interp *I, ev_value cls, const bool params[DC_P_N], const ev_value raw[DC_P_N]) EV_WU;

/* ---- the generated methods (dataclasses_methods.c) and what dataclasses_gen.c gives them ---- */

/* the flags of one __init__ field spec */
enum {
    SP_INIT = 1,        /* a parameter */
    SP_KWONLY = 2,      /* a keyword-only parameter */
    SP_INITVAR = 4,     /* passed to __post_init__, never assigned */
    SP_PDEFAULT = 8,    /* the parameter has a default (spec[2]) */
    SP_FACTORY = 16,    /* default_factory (spec[3]); spec[2] is _HAS_DEFAULT_FACTORY */
    SP_SETDEFAULT = 32, /* init=False with a default under slots=True: assigned spec[2] */
};
enum { IN_POST_INIT = 1, IN_FROZEN = 2 };
/* the methods' builtins; self is their data (dataclasses_gen.c's init_data, mdata) */
extern const ev_builtin_def dc_init_def, dc_repr_def, dc_cmp_defs[6], dc_hash_def, dc_setattr_def, dc_delattr_def;
ev_value dc_tuple_of(ev_interp *I, size_t n, const ev_value *items) EV_WU; /* a tuple of new references */

#endif
