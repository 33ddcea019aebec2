/*
 * collections_int.h - what the collections module's files share (collections.c,
 * collections_deque.c, collections_chainmap.c, collections_user.c,
 * collections_userstring.c).
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_COLLECTIONS_INT_H
#define SAFEPY_COLLECTIONS_INT_H

#include "evaluator/modules/modules.h"

extern const ev_builtin_def ev_deque_methods[];
extern ev_type ev_type_ChainMap; /* collections_chainmap.c */
ev_value ev_deque_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* deque + deque, deque * n and their in-place forms; *handled false when
 * the operands are not the deque's */
ev_value ev_deque_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, bool *handled) EV_WU;
/* maxlen as a Python value (None when unbounded) */
ev_value ev_deque_maxlen_value(ev_value v);

/* A snapshot of a dict's live (key, value) pairs, each referenced, so that
 * the dict may change while the caller works through them (collections.c). */
typedef struct ev_coll_pairs {
    ev_value *kv; /* 2 * n values */
    size_t n;
} ev_coll_pairs;
int ev_coll_pairs_take(ev_interp *I, ev_dict *d, ev_coll_pairs *p) EV_WU;
void ev_coll_pairs_free(ev_interp *I, ev_coll_pairs *p);

/* ---- where Counter's and OrderedDict's methods write (collections_odict.c) ---- */

/* self[k] = v, del self[k] and self.get(k, 0) as CPython's methods do them:
 * through the instance's class when it overrides __setitem__, __delitem__
 * or get, else on the table.  self is borrowed for the sink's life. */
typedef struct ev_coll_sink {
    ev_value self;
    ev_dict *d;
    bool hooked; /* an instance of a user subclass */
    bool set_hook, del_hook, get_hook;
} ev_coll_sink;
void ev_coll_sink_init(ev_interp *I, ev_value self, ev_coll_sink *s);
int ev_coll_sink_set(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value val) EV_WU;
int ev_coll_sink_del(ev_interp *I, const ev_coll_sink *s, ev_value key) EV_WU;
int ev_coll_sink_get0(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value *out) EV_WU; /* new ref */
/* self[key], a Counter's missing key 0 (Counter's in-place operators read so) */
int ev_coll_sink_item0(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value *out) EV_WU;
ev_value ev_odict_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_update_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_ior(ev_interp *I, ev_value self, ev_value other) EV_WU; /* od |= other */
ev_value ev_odict_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_move_to_end(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_odict_popitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;

/* ---- what collections.c shares with Counter's arithmetic (collections_counter.c) ---- */

extern ev_type ev_type_Counter, ev_type_defaultdict, ev_type_OrderedDict;
bool ev_coll_is_dict_type(ev_value v, const ev_type *t);      /* a dict whose ->type is t */
ev_value ev_coll_dict_new_typed(ev_interp *I, ev_type *t) EV_WU; /* an empty dict of type t */
/* d.get(key, 0) as a new reference; -1 on error. */
int ev_coll_get0(ev_interp *I, ev_dict *d, ev_value key, ev_value *out) EV_WU;
/* self[elem] = self.get(elem, 0) + delta   (or  delta + get when swap);
 * item: self[elem] += delta, read as self[elem] */
int ev_coll_add_to(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value delta, ev_binop op, bool swap,
                   bool item) EV_WU;
/* CPython's `for elem, count in d.items()` (or `for e in d`) over the
 * live dict: the dict's own iterator, so that a count's or key's method
 * that adds or removes keys ends the loop with "dictionary changed size
 * during iteration" as in CPython.  The pair (key and value) is held until
 * the next step. */
typedef struct ev_coll_walk {
    ev_value it, cur;
} ev_coll_walk;

int ev_coll_walk_start(ev_interp *I, ev_value d, ev_iter_kind k, ev_coll_walk *w) EV_WU;
/* 1 with *key (and *val for items) borrowed from the walk, 0 at the end, -1 error */
int ev_coll_walk_next(ev_interp *I, ev_coll_walk *w, ev_value *key, ev_value *val) EV_WU;
void ev_coll_walk_end(ev_interp *I, ev_coll_walk *w);
/* Counter + - | & of two exact Counters, of a subclass's instance, and in place */
ev_value ev_coll_counter_binary(ev_interp *I, ev_binop op, ev_value xv, ev_value yv) EV_WU;
ev_value ev_coll_counter_binary_sub(ev_interp *I, ev_binop op, ev_value xv, ev_value yv) EV_WU;
ev_value ev_coll_counter_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;

/* ---- UserDict, UserList, UserString (collections_user*.c) ---- */

/* MutableMapping.update and .setdefault (collections_userdict.c), which
 * ChainMap inherits too */
ev_value ev_coll_mm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value ev_coll_mm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;

/* Makes the classes (and the views UserDict's keys/items/values return) in
 * the module namespace ns. */
int ev_coll_user_init(ev_interp *I, ev_dict *ns) EV_WU;
int ev_coll_userdict_init(ev_interp *I, ev_dict *ns) EV_WU;   /* collections_userdict.c */
int ev_coll_userstring_init(ev_interp *I, ev_dict *ns) EV_WU; /* collections_userstring.c */

/* CPython writes these classes in Python: their argument errors are a def's
 * ("UserString.center() missing 1 required positional argument: 'width'").
 * The C methods take any arguments (EV_BF_KWANY) and bind them here. */
typedef ev_defsig ev_us_sig; /* {qual, {names after self}, nreq, nposonly, varargs, varkw} */
#define EV_US_MAXP EV_DEF_MAXP
/* ev_def_bind after the C-stack guard: 0, or -1 with CPython's TypeError */
int ev_us_bind(ev_interp *I, const ev_us_sig *s, int argc, const ev_value *argv, const ev_kw *kw,
               ev_value *out) EV_WU;

/* A C method standing for one CPython writes in Python: each call is a frame
 * that counts against the recursion limit (a UserList whose data is itself
 * recurses through them), so it enters one level around its body. */
#define US_FN(name)                                                                                           \
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
/* binds a method's arguments by its signature, returning on a TypeError */
#define BIND(sig, a)                                       \
    ev_value a[EV_US_MAXP];                                \
    if (ev_us_bind(I, &(sig), argc, argv, kw, a))          \
        return EV_ERR

/* A class's C methods: kind 'm' a method, 'c' a classmethod (fn gets the
 * class first), 'n' the attribute is None (__reversed__ = None). */
typedef struct ev_us_method {
    ev_builtin_def d;
    char kind;
} ev_us_method;
#define EV_US_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'm'}
#define EV_US_C(name, fn) {{name, fn, 0, -1, EV_BF_KWANY, NULL}, 'c'}
#define EV_US_NONE(name) {{name, NULL, 0, 0, 0, NULL}, 'n'}
/* The heap class module.name (bases: object) with these methods, set in ns
 * as ns_name; doc NULL: None; slots NULL: instances have a __dict__. */
int ev_us_class(ev_interp *I, ev_dict *ns, const char *ns_name, const char *module, const char *name,
                const char *doc, const char *slots, const ev_us_method *methods, ev_value *out) EV_WU;

/* ev_us_class with the collections.abc class named abc as its base (its
 * metaclass ABCMeta), as class UserDict(MutableMapping) makes it. */
int ev_us_class_abc(ev_interp *I, ev_dict *ns, const char *ns_name, const char *module, const char *name,
                    const char *doc, const char *slots, const ev_us_method *methods, const char *abc,
                    ev_value *out) EV_WU;
/* collections_abc.c: the class collections.abc.<name> (borrowed), EV_ERR
 * raised when there is none; ABCMeta.__new__'s work on a class made
 * another way (__abstractmethods__, _abc_impl): 0 or -1. */
ev_value ev_abc_named(ev_interp *I, const char *name) EV_WU;
int ev_abc_class_init(ev_interp *I, ev_type *t) EV_WU;

/* The class the collections module binds to name (UserDict...; the views
 * as _KeysView, _ItemsView, _ValuesView): what CPython's methods find as a
 * global; NULL when it is gone. */
ev_type *ev_us_global(ev_interp *I, const char *name);
bool ev_us_isinstance(ev_interp *I, ev_value v, const char *name);
/* the pending exception is a t: drop it and say true (except t: pass) */
bool ev_us_catch(ev_interp *I, ev_type *t);
ev_value ev_us_getattr(ev_interp *I, ev_value obj, const char *name) EV_WU;
int ev_us_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) EV_WU;
/* obj.name(*argv, **kw) */
ev_value ev_us_callm(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv,
                     const ev_kw *kw) EV_WU;
/* self.__class__(v), v stolen */
ev_value ev_us_wrap(ev_interp *I, ev_value self, ev_value v_steal) EV_WU;
/* obj.name(*argv) whose result is dropped: 0 or -1 */
int ev_us_callm_void(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv) EV_WU;
ev_value ev_us_data(ev_interp *I, ev_value self) EV_WU; /* self.data */
/* self.data OP= x (the result stored back as the augmented assignment does); returns self */
ev_value ev_us_data_inplace(ev_interp *I, ev_value self, ev_binop op, ev_value x) EV_WU;
/* __repr__: repr(self.data), qual naming the def in argument errors */
ev_value ev_us_data_repr(ev_interp *I, ev_value self, const char *qual, int argc, const ev_value *argv,
                         const ev_kw *kw) EV_WU;
/* __copy__: cls.__new__(cls) with self's attributes and a copy of its data
 * (data.copy(), or data[:] when list) */
ev_value ev_us_copy(ev_interp *I, ev_value self, bool list) EV_WU;
/* classmethod __class_getitem__ = GenericAlias (the class comes first) */
ev_value ev_us_class_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* the object generator Sequence.__iter__ / __reversed__ make: self[i] for
 * i = 0, 1, ... up to IndexError / for i from len(self) - 1 down */
ev_value ev_us_seq_iter(ev_interp *I, ev_value self, bool reversed) EV_WU;
/* their repr: <generator object QUAL at 0x...> */
ev_value ev_us_gen_repr(ev_interp *I, const void *obj, const char *qual) EV_WU;
/* for those generators' errors: a StopIteration becomes RuntimeError (PEP 479); returns -1 */
int ev_us_gen_fail(ev_interp *I);

#endif
