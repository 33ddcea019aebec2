/*
 * enum_int.h - what the enum module's files share (enum.c: the helpers,
 * auto/member/nonmember, Enum and the module's setup; enum_class.c: the class
 * creation, EnumType.__new__; enum_type.c: the lookup by value and EnumType's
 * other methods; enum_flag.c: Flag, IntFlag and the boundaries; enum_verify.c:
 * verify).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_ENUM_INT_H
#define SAFEPY_ENUM_INT_H

#include "evaluator/modules/modules.h"

/* enum.c and enum_type.c helpers the Flag code uses */
ev_value ev_enum_getattr(ev_interp *I, ev_value obj, const char *name) EV_WU; /* obj.name, new ref */
int ev_enum_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) EV_WU;
/* the class's state attribute (cls._member_map_...), borrowed, NULL when absent */
ev_value *ev_enum_state(ev_interp *I, ev_type *t, const char *name);
/* cls(value), the lookup by value (Enum.__new__) */
ev_value ev_enum_lookup(ev_interp *I, ev_value cls, ev_value value) EV_WU;
/* the class is a Flag (its MRO holds enum.Flag) */
bool ev_enum_is_flag(ev_interp *I, ev_type *t);
/* cls._boundary_ is the FlagBoundary member of that value ("strict"...) */
bool ev_enum_boundary_is(ev_interp *I, ev_type *t, const char *which);

/* enum.c: the small helpers the class and type files use */
ev_str *ev_enum_intern(ev_interp *I, const char *s); /* interned, NULL (error raised) on failure */
/* ns[key] = v, v stolen */
int ev_enum_put(ev_interp *I, ev_dict *ns, const char *key, ev_value v_steal) EV_WU;
/* The class's own state container of the given kind, borrowed (valid until
 * Python code runs); raises TypeError when the program replaced it. */
ev_value ev_enum_state_of(ev_interp *I, ev_type *t, const char *name, ev_kind kind);
/* The pending exception is a t: cleared, true (except t: pass). */
bool ev_enum_catch(ev_interp *I, ev_type *t);
bool ev_enum_is_dunder(const ev_str *s);
bool ev_enum_is_c_def(ev_value v, const ev_builtin_def *d);
/* v is a class whose metaclass is EnumType */
bool ev_enum_is_enum_type(ev_interp *I, ev_value v);
/* Is v an instance of the module class whose __init__ is d? */
bool ev_enum_is_holder(ev_interp *I, ev_value v, const ev_builtin_def *d);
/* auto(), member(), nonmember(): their __init__, which tells their instances apart */
extern const ev_builtin_def ev_enum_auto_init_def, ev_enum_member_init_def, ev_enum_nonmember_init_def;

/* The C methods of the classes here are written with the instance as
 * argv[0]; a C method stored in a class receives it as self (bound like a
 * function), so SHIFTED puts it back in front. */
ev_value ev_enum_shift_call(ev_interp *I, ev_cfunc f, ev_value self, int argc, const ev_value *argv,
                            const ev_kw *kw);
#define SHIFTED(name)                                                                                        \
    static ev_value name##_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)   \
    {                                                                                                        \
        return ev_enum_shift_call(I, name, self, argc, argv, kw);                                            \
    }

/* enum_class.c: the class creation */
/* The module's root classes, bound as the self of EnumType's C methods
 * (set once each exists): Enum, ReprEnum, Flag. */
enum { ROOT_ENUM, ROOT_REPR, ROOT_FLAG, NROOTS };
ev_value ev_enum_root(ev_value self, int which); /* roots[which], borrowed; EV_NONE when self is not the roots tuple */
/* The roots tuple, from the metaclass's C __new__ (the self it is bound to) */
ev_value ev_enum_roots_of(ev_interp *I, ev_type *meta);
/* EnumType.__new__(metacls, name, bases, ns, **kw), self the roots tuple */
ev_value ev_enum_et_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
/* value == other as the == operator: 1, 0, -1 */
int ev_enum_equal(ev_interp *I, ev_value a, ev_value b) EV_WU;
/* _get_mixins_: the member type (borrowed) and the first enum (the last base) */
int ev_enum_get_mixins(ev_interp *I, ev_str *cls_name, const ev_tuple *bases, ev_value enum_root,
                       ev_value *member_type, ev_value *first_enum) EV_WU;
/* s.replace(',', ' ').split(): a list of the names */
ev_value ev_enum_split_names(ev_interp *I, ev_value s) EV_WU;

/* enum_type.c: the lookup and EnumType's methods */
void ev_enum_raise_msg(ev_interp *I, ev_type *t, ev_value msg); /* raises t(msg), msg stolen (nothing when msg is EV_ERR) */
int ev_enum_set_add_c(ev_interp *I, ev_value set, const char *name) EV_WU; /* set.add(name) for a C string */
ev_value ev_enum_sorted_list(ev_interp *I, ev_value it) EV_WU; /* sorted(iterable) */
/* Enum.__new__, EnumType.__new__, EnumType.__call__ and the other methods, __members__ */
extern const ev_builtin_def ev_enum_new_def, ev_enum_et_new_def, ev_enum_et_call_def, ev_enum_et_members_def;
extern const ev_builtin_def ev_enum_et_methods[]; /* NULL-terminated */

/* enum_flag.c */
extern const ev_builtin_def ev_enum_flag_methods[]; /* Flag's methods, NULL-terminated */
/* Flag._missing_ (a classmethod: the class is argv[0]) and
 * Flag._generate_next_value_ (a plain function of four arguments) */
extern const ev_builtin_def ev_enum_flag_missing_def, ev_enum_flag_next_def;
/* after the members of a Flag class are made: _flag_mask_, _all_bits_,
 * _singles_mask_ and the boundary check (EnumType.__new__'s Flag part) */
int ev_enum_flag_finish(ev_interp *I, ev_value cls) EV_WU;
/* value is a single bit (a positive power of two): 1, 0, -1 error */
int ev_enum_single_bit(ev_interp *I, ev_value value) EV_WU;

/* enum_verify.c: verify's __init__(self, *checks) and __call__(self, enumeration) */
extern const ev_builtin_def ev_enum_verify_init_def, ev_enum_verify_call_def;

#endif
