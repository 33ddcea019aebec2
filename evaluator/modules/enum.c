/*
 * enum.c - the enum module, CPython 3.11 behaviour (Lib/enum.py): the
 * metaclass EnumType (EnumMeta), Enum, ReprEnum, IntEnum, StrEnum, auto,
 * member, nonmember, unique and the functional API; Flag and IntFlag are in
 * enum_flag.c.  This file holds the shared helpers, auto/member/nonmember,
 * Enum's own methods and the module's setup; the class creation from a class
 * body (EnumType.__new__) is in enum_class.c, the lookup by value and
 * EnumType's other methods (and the functional API) in enum_type.c.
 *
 * EnumType is a heap class deriving from type whose methods are C
 * functions: its __new__ turns the namespace a class body filled (a plain
 * dict, in definition order) into the class and its members as
 * EnumType.__new__ and _EnumDict do, its __call__ is the lookup by value
 * and the functional API.  The class keeps its state in the attributes
 * CPython's has (_member_names_, _member_map_, _value2member_map_,
 * _member_type_, ...), read back from the class's own namespace with their
 * types checked, since a program may rebind them.
 *
 * Differences from CPython, each refused loudly rather than answered
 * differently: the class body fills a plain dict (safepy's metaclass
 * __prepare__ supports nothing else), so a name assigned twice in an enum
 * body keeps its last value instead of raising "'RED' already defined as 1".
 */
#include <string.h>

#include "evaluator/modules/enum_int.h"

/* ---- small helpers ------------------------------------------------------------------------ */

ev_str *ev_enum_intern(ev_interp *I, const char *s)
{
    ev_str *k = ev_intern(I, s, strlen(s));
    if (!k)
        (void)ev_raise_nomem(I);
    return k;
}

ev_value ev_enum_getattr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *k = ev_enum_intern(I, name);
    return k ? ev_getattr(I, obj, k) : EV_ERR;
}

int ev_enum_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *k = ev_enum_intern(I, name);
    return k ? ev_setattr(I, obj, k, v) : -1;
}

ev_value *ev_enum_state(ev_interp *I, ev_type *t, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_type_find(I, t, k) : NULL;
}

/* ns[key] = v, v stolen */
int ev_enum_put(ev_interp *I, ev_dict *ns, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_enum_intern(I, key);
    int r = k ? ev_dict_set_str(I, ns, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* The class's own state container of the given kind, borrowed (valid until
 * Python code runs); raises TypeError when the program replaced it. */
ev_value ev_enum_state_of(ev_interp *I, ev_type *t, const char *name, ev_kind kind)
{
    ev_value *v = ev_enum_state(I, t, name);
    if (!v || !ev_is(*v, kind))
        return ev_raise(I, &ev_type_TypeError, "%s.%s is not a %s", t->name, name,
                        kind == EV_O_DICT ? "dict" : "list");
    return *v;
}

/* The pending exception is a t: cleared, true (except t: pass). */
bool ev_enum_catch(ev_interp *I, ev_type *t)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) || !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

bool ev_enum_is_dunder(const ev_str *s)
{
    return s->len > 4 && memcmp(s->data, "__", 2) == 0 && memcmp(s->data + s->len - 2, "__", 2) == 0 &&
           s->data[2] != '_' && s->data[s->len - 3] != '_';
}

bool ev_enum_is_c_def(ev_value v, const ev_builtin_def *d)
{
    return ev_is(v, EV_O_BUILTIN) && ((ev_builtin *)v.u.o)->def == d;
}

/* Does a class of t's MRO hold name bound to the C method d? */
static bool mro_has(ev_interp *I, ev_type *t, const char *name, const ev_builtin_def *d)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k || !ev_is_heaptype(t) || !ev_is(t->mro, EV_O_TUPLE))
        return false;
    const ev_tuple *m = ev_as_tuple(t->mro);
    for (size_t i = 0; i < m->len; i++) {
        ev_type *b = (ev_type *)m->items[i].u.o;
        ev_value *v = ev_is_heaptype(b) && b->dict ? ev_dict_lookup_str(b->dict, k) : NULL;
        if (v && ev_enum_is_c_def(*v, d))
            return true;
    }
    return false;
}


/* The C methods of the classes here are written with the instance as
 * argv[0]; a C method stored in a class receives it as self (bound like a
 * function), so SHIFTED puts it back in front. */
ev_value ev_enum_shift_call(ev_interp *I, ev_cfunc f, ev_value self, int argc, const ev_value *argv,
                            const ev_kw *kw)
{
    ev_value a[16];
    if (argc > 15)
        return ev_raise(I, &ev_type_TypeError, "too many arguments (%d)", argc);
    a[0] = self;
    if (argc > 0) /* argv may be NULL when there are none */
        memcpy(a + 1, argv, (size_t)argc * sizeof *a);
    return f(I, EV_NONE, argc + 1, a, kw);
}

static const ev_builtin_def enum_hash_def;

bool ev_enum_is_enum_type(ev_interp *I, ev_value v)
{
    return ev_is(v, EV_O_TYPE) && mro_has(I, ev_meta_of((ev_type *)v.u.o), "__call__", &ev_enum_et_call_def);
}

bool ev_enum_is_flag(ev_interp *I, ev_type *t)
{
    return mro_has(I, t, "__or__", &ev_enum_flag_methods[0]);
}

/* ---- auto, member, nonmember ---------------------------------------------------------- */

/* auto(): value is _auto_null until the class body's processing fills it */
static ev_value auto_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "auto() takes no keyword arguments");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "auto.__init__() takes from 1 to 2 positional arguments but %d were given", argc);
    ev_value v = argc == 2 ? argv[1] : ev_enum_getattr(I, argv[0], "_auto_null");
    if (EV_IS_ERR(v))
        return v;
    int r = ev_enum_setattr(I, argv[0], "value", v);
    if (argc != 2)
        ev_decref(I, v);
    (void)self;
    return r ? EV_ERR : EV_NONE;
}

static ev_value auto_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value v = ev_enum_getattr(I, argv[0], "value");
    if (EV_IS_ERR(v))
        return v;
    ev_buf b = {0};
    int r = ev_buf_puts(I, &b, "auto(") || ev_buf_repr(I, &b, v) || ev_buf_puts(I, &b, ")");
    ev_decref(I, v);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* member(value) / nonmember(value): a holder whose value attribute is kept */
static ev_value holder_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw) || argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__init__() takes 2 positional arguments but %d were given", argc);
    return ev_enum_setattr(I, argv[0], "value", argv[1]) ? EV_ERR : EV_NONE;
}

static ev_value null_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    return ev_str_from_cstr(I, "_auto_null");
}

/* Is v an instance of the module class whose __init__ is d? */
bool ev_enum_is_holder(ev_interp *I, ev_value v, const ev_builtin_def *d)
{
    if (!ev_is(v, EV_O_INSTANCE))
        return false;
    return mro_has(I, ev_type_of(v), "__init__", d);
}

SHIFTED(auto_init)
SHIFTED(auto_repr)
SHIFTED(holder_init)
/* An operator on an auto() inside the class body (WHITE = RED | GREEN):
 * under CPython the body's _EnumDict has already replaced RED by its value;
 * here the body fills a plain dict and the value is made after it ends. */
static ev_value auto_op(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    return ev_raise(I, &ev_type_NotImplementedError,
                    "using a member defined with auto() in an expression inside its enum class body is not "
                    "supported by safepy (the value exists once the class is made); give those members explicit "
                    "values");
}

static const ev_builtin_def auto_ops[] = {
    {"__or__", auto_op, 0, -1, EV_BF_KWANY},   {"__ror__", auto_op, 0, -1, EV_BF_KWANY},
    {"__and__", auto_op, 0, -1, EV_BF_KWANY},  {"__rand__", auto_op, 0, -1, EV_BF_KWANY},
    {"__xor__", auto_op, 0, -1, EV_BF_KWANY},  {"__rxor__", auto_op, 0, -1, EV_BF_KWANY},
    {"__add__", auto_op, 0, -1, EV_BF_KWANY},  {"__radd__", auto_op, 0, -1, EV_BF_KWANY},
    {"__sub__", auto_op, 0, -1, EV_BF_KWANY},  {"__rsub__", auto_op, 0, -1, EV_BF_KWANY},
    {"__mul__", auto_op, 0, -1, EV_BF_KWANY},  {"__rmul__", auto_op, 0, -1, EV_BF_KWANY},
    {"__lshift__", auto_op, 0, -1, EV_BF_KWANY}, {"__invert__", auto_op, 0, -1, EV_BF_KWANY},
    {"__neg__", auto_op, 0, -1, EV_BF_KWANY},
};

const ev_builtin_def ev_enum_auto_init_def = {"__init__", auto_init_m, 0, -1, EV_BF_KWANY};
static const ev_builtin_def auto_repr_def = {"__repr__", auto_repr_m, 0, 0, 0};
const ev_builtin_def ev_enum_member_init_def = {"__init__", holder_init_m, 0, -1, EV_BF_KWANY};
const ev_builtin_def ev_enum_nonmember_init_def = {"__init__", holder_init_m, 0, -1, EV_BF_KWANY};
static const ev_builtin_def null_repr_def = {"__repr__", null_repr, 0, 0, 0};

/* ---- Enum's methods ------------------------------------------------------------------------ */

/* the member's class name, _name_ and _value_ (new references) */
static int parts(ev_interp *I, ev_value self, ev_value *cname, ev_value *name, ev_value *value)
{
    *cname = ev_enum_getattr(I, ev_obj_val(&ev_type_of(self)->h), "__name__");
    *name = EV_IS_ERR(*cname) ? EV_ERR : ev_enum_getattr(I, self, "_name_");
    *value = EV_IS_ERR(*name) ? EV_ERR : ev_enum_getattr(I, self, "_value_");
    if (!EV_IS_ERR(*value))
        return 0;
    if (!EV_IS_ERR(*cname))
        ev_decref(I, *cname);
    if (!EV_IS_ERR(*name))
        ev_decref(I, *name);
    return -1;
}

/* appends s (a str: its text; anything else: str() of it) */
static int buf_str(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_value s = ev_to_str(I, v);
    if (EV_IS_ERR(s))
        return -1;
    int r = ev_buf_put(I, b, ev_as_str(s)->data, ev_as_str(s)->len);
    ev_decref(I, s);
    return r;
}

/* v_repr(value): cls._value_repr_ or repr */
static int buf_value_repr(ev_interp *I, ev_buf *b, ev_value self, ev_value value)
{
    ev_value *vr = ev_enum_state(I, ev_type_of(self), "_value_repr_");
    if (!vr || vr->tag == EV_T_NONE)
        return ev_buf_repr(I, b, value);
    ev_value f = ev_dup(*vr);
    ev_value s = ev_call(I, f, 1, &value, 0, NULL, NULL);
    ev_decref(I, f);
    if (EV_IS_ERR(s))
        return -1;
    int r = ev_is(s, EV_O_STR) ? ev_buf_put(I, b, ev_as_str(s)->data, ev_as_str(s)->len) : buf_str(I, b, s);
    ev_decref(I, s);
    return r;
}

static ev_value enum_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value c, n, v;
    if (parts(I, argv[0], &c, &n, &v))
        return EV_ERR;
    ev_buf b = {0};
    bool flag = ev_enum_is_flag(I, ev_type_of(argv[0]));
    int r;
    if (flag && n.tag == EV_T_NONE)
        r = ev_buf_puts(I, &b, "<") || buf_str(I, &b, c) || ev_buf_puts(I, &b, ": ") ||
            buf_value_repr(I, &b, argv[0], v) || ev_buf_puts(I, &b, ">");
    else
        r = ev_buf_puts(I, &b, "<") || buf_str(I, &b, c) || ev_buf_puts(I, &b, ".") || buf_str(I, &b, n) ||
            ev_buf_puts(I, &b, ": ") || buf_value_repr(I, &b, argv[0], v) || ev_buf_puts(I, &b, ">");
    ev_decref(I, c);
    ev_decref(I, n);
    ev_decref(I, v);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value enum_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value c, n, v;
    if (parts(I, argv[0], &c, &n, &v))
        return EV_ERR;
    ev_buf b = {0};
    bool flag = ev_enum_is_flag(I, ev_type_of(argv[0]));
    int r;
    if (flag && n.tag == EV_T_NONE)
        r = buf_str(I, &b, c) || ev_buf_puts(I, &b, "(") || ev_buf_repr(I, &b, v) || ev_buf_puts(I, &b, ")");
    else
        r = buf_str(I, &b, c) || ev_buf_puts(I, &b, ".") || buf_str(I, &b, n);
    ev_decref(I, c);
    ev_decref(I, n);
    ev_decref(I, v);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* str.__format__(str(self), format_spec) */
static ev_value enum_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw) || argc != 2)
        return ev_raise(I, &ev_type_TypeError, "Enum.__format__() takes 2 positional arguments but %d were given",
                        argc);
    if (!ev_is(argv[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__format__' requires a 'str' object but received a '%s'",
                        ev_type_name(argv[1]));
    ev_value s = ev_to_str(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value plain = ev_str_new(I, ev_as_str(s)->data, ev_as_str(s)->len);
    ev_decref(I, s);
    if (EV_IS_ERR(plain))
        return plain;
    ev_value r = ev_str_format_spec(I, plain, ev_as_str(argv[1]));
    ev_decref(I, plain);
    return r;
}

static ev_value enum_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value n = ev_enum_getattr(I, argv[0], "_name_");
    if (EV_IS_ERR(n))
        return n;
    int64_t h;
    int r = ev_hash(I, n, &h);
    ev_decref(I, n);
    return r ? EV_ERR : ev_int(h);
}

static ev_value enum_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return EV_NONE;
}

/* __copy__ / __deepcopy__: a member is its own copy */
static ev_value enum_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)kw;
    return ev_dup(argv[0]);
}

static ev_value enum_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    return ev_enum_getattr(I, argv[0], "_name_");
}

static ev_value enum_value(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    return ev_enum_getattr(I, argv[0], "_value_");
}

/* Enum.__dir__: public methods and other interesting attributes */
static ev_value enum_dir(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value me = argv[0];
    ev_type *t = ev_type_of(me);
    ev_value set = ev_call(I, ev_obj_val(&ev_type_set.h), 0, NULL, 0, NULL, NULL), r = EV_ERR, map = EV_ERR,
             mt = EV_ERR;
    if (EV_IS_ERR(set))
        return set;
    static const char *const names[] = {"__class__", "__doc__", "__eq__", "__hash__", "__module__", NULL};
    for (int i = 0; names[i]; i++)
        if (ev_enum_set_add_c(I, set, names[i]))
            goto out;
    map = ev_enum_getattr(I, me, "_member_map_");
    mt = EV_IS_ERR(map) ? map : ev_enum_getattr(I, me, "_member_type_");
    if (EV_IS_ERR(mt))
        goto out;
    if (!(ev_is(mt, EV_O_TYPE) && (ev_type *)mt.u.o == &ev_type_object)) {
        ev_value od = ev_enum_getattr(I, ev_obj_val(&ev_type_object.h), "__dir__");
        ev_value d = EV_IS_ERR(od) ? od : ev_call(I, od, 1, &me, 0, NULL, NULL);
        if (!EV_IS_ERR(od))
            ev_decref(I, od);
        ev_value u = EV_IS_ERR(d) ? d : ev_enum_getattr(I, set, "update");
        ev_value ur = EV_IS_ERR(u) ? u : ev_call(I, u, 1, &d, 0, NULL, NULL);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        if (!EV_IS_ERR(u))
            ev_decref(I, u);
        if (EV_IS_ERR(ur))
            goto out;
        ev_decref(I, ur);
    }
    /* the instance's own public names, then every class's of the MRO */
    ev_value keys = EV_ERR;
    ev_value idict = ev_enum_getattr(I, me, "__dict__");
    if (EV_IS_ERR(idict)) {
        if (!ev_enum_catch(I, &ev_type_AttributeError))
            goto out;
        idict = ev_list_new(I, 0);
        if (EV_IS_ERR(idict))
            goto out;
    }
    keys = ev_list_from_iterable(I, idict);
    ev_decref(I, idict);
    if (EV_IS_ERR(keys))
        goto out;
    ev_value mro = ev_dup(t->mro);
    bool failed = false;
    for (size_t c = 0; c <= ev_as_tuple(mro)->len; c++) {
        ev_value names_l = keys, vals = EV_ERR;
        if (c > 0) {
            ev_type *k = (ev_type *)ev_as_tuple(mro)->items[c - 1].u.o;
            if (!ev_is_heaptype(k) || !k->dict)
                continue;
            names_l = ev_list_from_iterable(I, ev_obj_val(&k->dict->h));
            if (EV_IS_ERR(names_l)) {
                failed = true;
                break;
            }
            ev_value vf = ev_enum_getattr(I, ev_obj_val(&k->dict->h), "values");
            ev_value vi = EV_IS_ERR(vf) ? vf : ev_call(I, vf, 0, NULL, 0, NULL, NULL);
            if (!EV_IS_ERR(vf))
                ev_decref(I, vf);
            vals = EV_IS_ERR(vi) ? vi : ev_list_from_iterable(I, vi);
            if (!EV_IS_ERR(vi))
                ev_decref(I, vi);
            if (EV_IS_ERR(vals) || ev_as_list(vals)->len != ev_as_list(names_l)->len) {
                ev_decref(I, names_l);
                if (!EV_IS_ERR(vals))
                    ev_decref(I, vals);
                failed = true;
                break;
            }
        }
        int err = 0;
        for (size_t i = 0; !err && i < ev_as_list(names_l)->len; i++) {
            ev_value n = ev_as_list(names_l)->items[i];
            if (!ev_is(n, EV_O_STR) || ev_as_str(n)->data[0] == '_')
                continue;
            int in = ev_contains(I, map, n);
            if (in < 0) {
                err = 1;
                break;
            }
            ev_value obj = c > 0 ? ev_as_list(vals)->items[i] : EV_NONE;
            bool prop = c > 0 && ev_is(obj, EV_O_WRAPPER) && ((ev_wrapper *)obj.u.o)->type == &ev_type_property;
            const char *op = NULL;
            if (prop)
                op = (((ev_wrapper *)obj.u.o)->a.tag != EV_T_NONE || !in) ? "add" : "discard";
            else if (!in)
                op = "add";
            if (!op)
                continue;
            ev_value f = ev_enum_getattr(I, set, op);
            ev_value rr = EV_IS_ERR(f) ? f : ev_call(I, f, 1, &n, 0, NULL, NULL);
            if (!EV_IS_ERR(f))
                ev_decref(I, f);
            if (EV_IS_ERR(rr))
                err = 1;
            else
                ev_decref(I, rr);
        }
        if (c > 0) {
            ev_decref(I, names_l);
            ev_decref(I, vals);
        }
        if (err) {
            failed = true;
            break;
        }
    }
    ev_decref(I, mro);
    ev_decref(I, keys);
    if (!failed)
        r = ev_enum_sorted_list(I, set);
out:
    ev_decref(I, set);
    if (!EV_IS_ERR(map))
        ev_decref(I, map);
    if (!EV_IS_ERR(mt))
        ev_decref(I, mt);
    return r;
}

/* name and value cannot be set or deleted (enum.property without fset/fdel) */
static ev_value enum_ro(ev_interp *I, const char *verb, const char *what)
{
    return ev_raise(I, &ev_type_AttributeError, "<enum 'Enum'> cannot %s attribute '%s'", verb, what);
}

static ev_value enum_name_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argv; (void)kw;
    return enum_ro(I, argc == 2 ? "set" : "delete", "name");
}

static ev_value enum_value_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argv; (void)kw;
    return enum_ro(I, argc == 2 ? "set" : "delete", "value");
}

/* Enum._generate_next_value_(name, start, count, last_values) */
static ev_value enum_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    if (argc != 4)
        return ev_raise(I, &ev_type_TypeError,
                        "_generate_next_value_() missing %d required positional argument%s", 4 - argc,
                        4 - argc == 1 ? "" : "s");
    ev_value lv = argv[3];
    int t = ev_truth(I, lv);
    if (t <= 0)
        return t < 0 ? EV_ERR : ev_dup(argv[1]);
    ev_value last = ev_getitem(I, lv, ev_int(-1));
    if (EV_IS_ERR(last))
        return last;
    ev_value srt = ev_enum_getattr(I, lv, "sort");
    ev_value sr = EV_IS_ERR(srt) ? srt : ev_call(I, srt, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(srt))
        ev_decref(I, srt);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(sr)) {
        ev_decref(I, sr);
        ev_value top = ev_getitem(I, lv, ev_int(-1));
        int eq = EV_IS_ERR(top) ? -1 : ev_enum_equal(I, last, top);
        if (!EV_IS_ERR(top))
            ev_decref(I, top);
        if (eq == 1)
            r = ev_binary(I, EV_OP_ADD, last, ev_int(1));
        else if (eq == 0)
            (void)ev_raise(I, &ev_type_TypeError, "unsortable");
    }
    ev_decref(I, last);
    if (!EV_IS_ERR(r) || !ev_enum_catch(I, &ev_type_TypeError))
        return r;
    /* the old way: the first value that takes + 1 */
    ev_value l = ev_list_from_iterable(I, lv);
    if (EV_IS_ERR(l))
        return l;
    for (size_t i = ev_as_list(l)->len; i-- > 0;) {
        r = ev_binary(I, EV_OP_ADD, ev_as_list(l)->items[i], ev_int(1));
        if (!EV_IS_ERR(r) || !ev_enum_catch(I, &ev_type_TypeError)) {
            ev_decref(I, l);
            return r;
        }
    }
    ev_decref(I, l);
    return ev_dup(argv[1]);
}

static ev_value enum_missing(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return EV_NONE;
}

/* StrEnum.__new__(cls, *values) */
static ev_value strenum_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw) || argc < 1)
        return ev_raise(I, &ev_type_TypeError, "StrEnum.__new__() takes positional arguments only");
    int n = argc - 1;
    const ev_value *vals = argv + 1;
    if (n > 3) {
        ev_value t = ev_tuple_new(I, (size_t)n);
        if (EV_IS_ERR(t))
            return t;
        for (int i = 0; i < n; i++)
            ev_as_tuple(t)->items[i] = ev_dup(vals[i]);
        ev_buf b = {0};
        int r = ev_buf_puts(I, &b, "too many arguments for str(): ") || ev_buf_repr(I, &b, t);
        ev_decref(I, t);
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_enum_raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
        return EV_ERR;
    }
    static const char *const what[] = {"%R is not a string", "encoding must be a string, not %R",
                                       "errors must be a string, not %R"};
    for (int i = 0; i < n; i++) {
        if (ev_is(vals[i], EV_O_STR) || (i == 0 && n > 1))
            continue; /* with an encoding, the first may be bytes */
        ev_buf b = {0};
        const char *w = what[i], *p = strstr(w, "%R");
        int r = ev_buf_put(I, &b, w, (size_t)(p - w)) || ev_buf_repr(I, &b, vals[i]) || ev_buf_puts(I, &b, p + 2);
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_enum_raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
        return EV_ERR;
    }
    ev_value value = ev_call(I, ev_obj_val(&ev_type_str.h), n, vals, 0, NULL, NULL);
    if (EV_IS_ERR(value))
        return value;
    ev_value sn = ev_enum_getattr(I, ev_obj_val(&ev_type_str.h), "__new__");
    ev_value a[2] = {argv[0], value};
    ev_value m = EV_IS_ERR(sn) ? sn : ev_call(I, sn, 2, a, 0, NULL, NULL);
    if (!EV_IS_ERR(sn))
        ev_decref(I, sn);
    if (!EV_IS_ERR(m) && ev_enum_setattr(I, m, "_value_", value)) {
        ev_decref(I, m);
        m = EV_ERR;
    }
    ev_decref(I, value);
    return m;
}

/* StrEnum._generate_next_value_: name.lower() */
static ev_value strenum_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    if (argc != 4)
        return ev_raise(I, &ev_type_TypeError, "_generate_next_value_() takes 4 positional arguments but %d were given",
                        argc);
    ev_value f = ev_enum_getattr(I, argv[0], "lower");
    if (EV_IS_ERR(f))
        return f;
    ev_value r = ev_call(I, f, 0, NULL, 0, NULL, NULL);
    ev_decref(I, f);
    return r;
}

/* unique(enumeration): ValueError naming the aliases */
static ev_value enum_unique(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value e = argv[0];
    ev_value mm = ev_enum_getattr(I, e, "__members__");
    ev_value itf = EV_IS_ERR(mm) ? mm : ev_enum_getattr(I, mm, "items");
    if (!EV_IS_ERR(mm))
        ev_decref(I, mm);
    ev_value items = EV_IS_ERR(itf) ? itf : ev_call(I, itf, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(itf))
        ev_decref(I, itf);
    ev_value l = EV_IS_ERR(items) ? items : ev_list_from_iterable(I, items);
    if (!EV_IS_ERR(items))
        ev_decref(I, items);
    if (EV_IS_ERR(l))
        return l;
    ev_buf b = {0};
    bool any = false;
    int r = 0;
    for (size_t i = 0; !r && i < ev_as_list(l)->len; i++) {
        ev_value pr = ev_as_list(l)->items[i];
        if (!ev_is(pr, EV_O_TUPLE) || ev_as_tuple(pr)->len != 2)
            continue;
        ev_value nm = ev_as_tuple(pr)->items[0];
        ev_value mn = ev_enum_getattr(I, ev_as_tuple(pr)->items[1], "name");
        if (EV_IS_ERR(mn)) {
            r = -1;
            break;
        }
        int eq = ev_enum_equal(I, nm, mn);
        if (eq < 0)
            r = -1;
        else if (!eq) {
            r = (any && ev_buf_puts(I, &b, ", ")) || buf_str(I, &b, nm) || ev_buf_puts(I, &b, " -> ") ||
                buf_str(I, &b, mn);
            any = true;
        }
        ev_decref(I, mn);
    }
    ev_decref(I, l);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    if (!any) {
        ev_buf_free(I, &b);
        return ev_dup(e);
    }
    ev_buf m = {0};
    r = ev_buf_puts(I, &m, "duplicate values found in ") || ev_buf_repr(I, &m, e) || ev_buf_puts(I, &m, ": ") ||
        ev_buf_put(I, &m, b.data, b.len);
    ev_buf_free(I, &b);
    if (r) {
        ev_buf_free(I, &m);
        return EV_ERR;
    }
    ev_enum_raise_msg(I, &ev_type_ValueError, ev_buf_to_str(I, &m));
    return EV_ERR;
}

SHIFTED(enum_repr)
SHIFTED(enum_dir)
SHIFTED(enum_str)
SHIFTED(enum_format)
SHIFTED(enum_init)
SHIFTED(enum_self)
SHIFTED(enum_hash)
static const ev_builtin_def enum_hash_def = {"__hash__", enum_hash_m, 0, 0, 0};
static const ev_builtin_def enum_methods[] = {
    {"__repr__", enum_repr_m, 0, 0, 0},
    {"__str__", enum_str_m, 0, 0, 0},
    {"__format__", enum_format_m, 0, -1, EV_BF_KWANY},
    {"__init__", enum_init_m, 0, -1, EV_BF_KWANY},
    {"__dir__", enum_dir_m, 0, 0, 0},
    {"__copy__", enum_self_m, 0, 0, 0},
    {"__deepcopy__", enum_self_m, 1, 1, 0},
    {NULL, NULL, 0, 0, 0, NULL},
};
static const ev_builtin_def enum_name_def = {"name", enum_name, 1, 1, 0};
static const ev_builtin_def enum_value_def = {"value", enum_value, 1, 1, 0};
static const ev_builtin_def enum_name_set_def = {"name", enum_name_set, 1, 2, 0};
static const ev_builtin_def enum_value_set_def = {"value", enum_value_set, 1, 2, 0};
static const ev_builtin_def enum_next_def = {"_generate_next_value_", enum_next, 0, -1, EV_BF_KWANY};
static const ev_builtin_def enum_missing_def = {"_missing_", enum_missing, 2, 2, 0};
static const ev_builtin_def strenum_new_def = {"__new__", strenum_new, 0, -1, EV_BF_KWANY};
static const ev_builtin_def strenum_next_def = {"_generate_next_value_", strenum_next, 0, -1, EV_BF_KWANY};

/* ---- the module --------------------------------------------------------------------------- */

/* A C method value for a class: unbound (bound like a function through an
 * instance) with the class as its type */
static ev_value method(ev_interp *I, const ev_builtin_def *d, ev_value cls)
{
    ev_value b = ev_builtin_new(I, d, cls);
    if (!EV_IS_ERR(b))
        ((ev_builtin *)b.u.o)->unbound = true;
    return b;
}

/* wrapper(builtin(d, self)): staticmethod, classmethod or property */
static ev_value wrapped(ev_interp *I, ev_type *wrapper, const ev_builtin_def *d, ev_value self)
{
    ev_value b = ev_builtin_new(I, d, self);
    if (EV_IS_ERR(b))
        return b;
    ev_value w = ev_call(I, ev_obj_val(&wrapper->h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

/* property(get, set, set): the setter also answers deletion */
static ev_value ro_property(ev_interp *I, const ev_builtin_def *get, const ev_builtin_def *set)
{
    ev_value a[3] = {ev_builtin_new(I, get, EV_NONE), EV_ERR, EV_ERR};
    a[1] = EV_IS_ERR(a[0]) ? EV_ERR : ev_builtin_new(I, set, EV_NONE);
    a[2] = EV_IS_ERR(a[1]) ? EV_ERR : ev_dup(a[1]);
    ev_value p = EV_IS_ERR(a[2]) ? EV_ERR : ev_call(I, ev_obj_val(&ev_type_property.h), 3, a, 0, NULL, NULL);
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(a[i]))
            ev_decref(I, a[i]);
    return p;
}

/* a class namespace with __module__ 'enum' and the doc */
static ev_value class_ns(ev_interp *I, const char *doc)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    if (ev_enum_put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "enum")) ||
        ev_enum_put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE)) {
        ev_decref(I, d);
        return EV_ERR;
    }
    return d;
}

/* A plain class enum.name(bases) with C methods (the instance as argv[0]) */
static ev_value plain_class(ev_interp *I, const char *name, const char *doc, const ev_builtin_def *const *methods)
{
    ev_value d = class_ns(I, doc), bases = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return d;
    bases = ev_tuple_new(I, 0);
    ev_str *nm = ev_enum_intern(I, name);
    if (EV_IS_ERR(bases) || !nm)
        goto out;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto out;
    for (int i = 0; methods[i]; i++)
        if (ev_enum_put(I, ((ev_type *)cls.u.o)->dict, methods[i]->name, method(I, methods[i], cls))) {
            ev_decref(I, cls);
            cls = EV_ERR;
            goto out;
        }
    I->class_version++;
out:
    ev_decref(I, d);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    return cls;
}

/* EnumType.__new__(EnumType, name, bases, ns, boundary=...) for the module's classes */
static ev_value make_enum(ev_interp *I, ev_value roots, ev_value et, const char *name, ev_value b0, ev_value b1,
                          ev_value b2, ev_value ns, ev_value boundary)
{
    int nb = !EV_IS_ERR(b2) ? 3 : !EV_IS_ERR(b1) ? 2 : !EV_IS_ERR(b0) ? 1 : 0;
    ev_value bases = ev_tuple_new(I, (size_t)nb), nm = ev_str_from_cstr(I, name), r = EV_ERR;
    if (EV_IS_ERR(bases) || EV_IS_ERR(nm))
        goto out;
    ev_value bs[3] = {b0, b1, b2};
    for (int i = 0; i < nb; i++)
        ev_as_tuple(bases)->items[i] = ev_dup(bs[i]);
    ev_value a[4] = {et, nm, bases, ns};
    ev_str *bk = ev_enum_intern(I, "boundary");
    if (!bk)
        goto out;
    ev_kw kw = {1, &bk, &boundary};
    r = ev_enum_et_new(I, roots, 4, a, &kw);
out:
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(nm))
        ev_decref(I, nm);
    return r;
}

/* roots[which] = cls (the tuple only the module's C code holds) */
static void set_root(ev_interp *I, ev_value roots, int which, ev_value cls)
{
    ev_value old = ev_as_tuple(roots)->items[which];
    ev_as_tuple(roots)->items[which] = ev_dup(cls);
    ev_decref(I, old);
}

static const ev_builtin_def *const auto_methods[] = {
    &ev_enum_auto_init_def, &auto_repr_def, &auto_ops[0], &auto_ops[1], &auto_ops[2],  &auto_ops[3],  &auto_ops[4],
    &auto_ops[5],   &auto_ops[6],   &auto_ops[7], &auto_ops[8], &auto_ops[9],  &auto_ops[10], &auto_ops[11],
    &auto_ops[12],  &auto_ops[13],  &auto_ops[14], NULL};
static const ev_builtin_def *const member_methods[] = {&ev_enum_member_init_def, NULL};
static const ev_builtin_def *const nonmember_methods[] = {&ev_enum_nonmember_init_def, NULL};
static const ev_builtin_def *const null_methods[] = {&null_repr_def, NULL};

static int enum_module_init(ev_interp *I, ev_dict *mns)
{
    ev_value roots = ev_tuple_new(I, NROOTS), et = EV_ERR, d = EV_ERR, bases = EV_ERR, enum_c = EV_ERR,
             repr_c = EV_ERR, fb = EV_ERR, flag_c = EV_ERR, c = EV_ERR, null = EV_ERR;
    int rc = -1;
    if (EV_IS_ERR(roots))
        return -1;
    /* EnumType(type) */
    d = class_ns(I, "\n    Metaclass for Enum\n    ");
    bases = EV_IS_ERR(d) ? d : ev_tuple_new(I, 1);
    if (EV_IS_ERR(bases))
        goto out;
    ev_as_tuple(bases)->items[0] = ev_dup(ev_obj_val(&ev_type_type.h));
    if (ev_enum_put(I, ev_as_dict(d), "__new__", wrapped(I, &ev_type_staticmethod, &ev_enum_et_new_def, roots)) ||
        ev_enum_put(I, ev_as_dict(d), "__members__", wrapped(I, &ev_type_property, &ev_enum_et_members_def, EV_NONE)))
        goto out;
    ev_str *etn = ev_enum_intern(I, "EnumType");
    if (!etn)
        goto out;
    et = ev_class_new(I, NULL, etn, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(et))
        goto out;
    ev_dict *etd = ((ev_type *)et.u.o)->dict;
    if (ev_enum_put(I, etd, "__call__", method(I, &ev_enum_et_call_def, et)))
        goto out;
    for (const ev_builtin_def *m = ev_enum_et_methods; m->name; m++)
        if (ev_enum_put(I, etd, m->name, method(I, m, et)))
            goto out;
    I->class_version++;
    if (ev_module_set(I, mns, "EnumType", et) || ev_module_set(I, mns, "EnumMeta", et))
        goto out;
    /* auto, member, nonmember, _auto_null */
    null = plain_class(I, "_auto_null", NULL, null_methods);
    ev_value null_inst = EV_IS_ERR(null) ? null : ev_call(I, null, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(null_inst))
        goto out;
    c = plain_class(I, "auto", "\n    Instances are replaced with an appropriate value in Enum class suites.\n    ",
                    auto_methods);
    int r = EV_IS_ERR(c) || ev_enum_put(I, ((ev_type *)c.u.o)->dict, "_auto_null", null_inst) ||
            ev_module_set(I, mns, "auto", c);
    if (!EV_IS_ERR(c))
        ev_decref(I, c);
    c = EV_ERR;
    if (r)
        goto out;
    static const char *const holders[] = {"member", "nonmember"};
    static const char *const hdocs[] = {"\n    Forces item to become an Enum member during class creation.\n    ",
                                        "\n    Protects item from becaming an Enum member during class creation.\n    "};
    for (int i = 0; i < 2; i++) {
        c = plain_class(I, holders[i], hdocs[i], i ? nonmember_methods : member_methods);
        r = EV_IS_ERR(c) || ev_module_set(I, mns, holders[i], c);
        if (!EV_IS_ERR(c))
            ev_decref(I, c);
        c = EV_ERR;
        if (r)
            goto out;
    }
    /* Enum */
    ev_decref(I, d);
    d = class_ns(I, "\n    Create a collection of name/value pairs.\n    ");
    if (EV_IS_ERR(d))
        goto out;
    enum_c = make_enum(I, roots, et, "Enum", EV_ERR, EV_ERR, EV_ERR, d, EV_NONE);
    if (EV_IS_ERR(enum_c))
        goto out;
    ev_dict *ed = ((ev_type *)enum_c.u.o)->dict;
    for (const ev_builtin_def *m = enum_methods; m->name; m++)
        if (ev_enum_put(I, ed, m->name, method(I, m, enum_c)))
            goto out;
    if (ev_enum_put(I, ed, "__hash__", method(I, &enum_hash_def, enum_c)) ||
        ev_enum_put(I, ed, "__new__", wrapped(I, &ev_type_staticmethod, &ev_enum_new_def, EV_NONE)) ||
        ev_enum_put(I, ed, "name", ro_property(I, &enum_name_def, &enum_name_set_def)) ||
        ev_enum_put(I, ed, "value", ro_property(I, &enum_value_def, &enum_value_set_def)) ||
        ev_enum_put(I, ed, "_generate_next_value_", ev_builtin_new(I, &enum_next_def, EV_NONE)) ||
        ev_enum_put(I, ed, "_missing_", wrapped(I, &ev_type_classmethod, &enum_missing_def, EV_NONE)))
        goto out;
    I->class_version++;
    set_root(I, roots, ROOT_ENUM, enum_c);
    if (ev_module_set(I, mns, "Enum", enum_c))
        goto out;
    /* ReprEnum, IntEnum, StrEnum */
    ev_decref(I, d);
    d = class_ns(I, "\n    Only changes the repr(), leaving str() and format() to the mixed-in type.\n    ");
    repr_c = EV_IS_ERR(d) ? d : make_enum(I, roots, et, "ReprEnum", enum_c, EV_ERR, EV_ERR, d, EV_NONE);
    if (EV_IS_ERR(repr_c))
        goto out;
    set_root(I, roots, ROOT_REPR, repr_c);
    if (ev_module_set(I, mns, "ReprEnum", repr_c))
        goto out;
    ev_decref(I, d);
    d = class_ns(I, "\n    Enum where members are also (and must be) ints\n    ");
    c = EV_IS_ERR(d) ? d : make_enum(I, roots, et, "IntEnum", ev_obj_val(&ev_type_int.h), repr_c, EV_ERR, d, EV_NONE);
    r = EV_IS_ERR(c) || ev_module_set(I, mns, "IntEnum", c);
    if (!EV_IS_ERR(c))
        ev_decref(I, c);
    c = EV_ERR;
    if (r)
        goto out;
    ev_decref(I, d);
    d = class_ns(I, "\n    Enum where members are also (and must be) strings\n    ");
    if (EV_IS_ERR(d) || ev_enum_put(I, ev_as_dict(d), "__new__", wrapped(I, &ev_type_staticmethod, &strenum_new_def, EV_NONE)) ||
        ev_enum_put(I, ev_as_dict(d), "_generate_next_value_", ev_builtin_new(I, &strenum_next_def, EV_NONE)))
        goto out;
    ev_value strenum = make_enum(I, roots, et, "StrEnum", ev_obj_val(&ev_type_str.h), repr_c, EV_ERR, d, EV_NONE);
    if (EV_IS_ERR(strenum))
        goto out;
    r = ev_module_set(I, mns, "StrEnum", strenum);
    /* FlagBoundary(StrEnum): STRICT, CONFORM, EJECT, KEEP = auto() */
    ev_decref(I, d);
    d = class_ns(I, "\n    control how out of range values are handled\n    \"strict\" -> error is raised             "
                    "[default for Flag]\n    \"conform\" -> extra bits are discarded\n    \"eject\" -> lose flag "
                    "status\n    \"keep\" -> keep flag status and all bits [default for IntFlag]\n    ");
    static const char *const bnames[] = {"STRICT", "CONFORM", "EJECT", "KEEP"};
    ev_value autoc = ev_dict_lookup_str(mns, ev_enum_intern(I, "auto")) ? *ev_dict_lookup_str(mns, ev_enum_intern(I, "auto")) : EV_ERR;
    for (int i = 0; !r && !EV_IS_ERR(d) && !EV_IS_ERR(autoc) && i < 4; i++) {
        ev_value a = ev_call(I, autoc, 0, NULL, 0, NULL, NULL);
        r = ev_enum_put(I, ev_as_dict(d), bnames[i], a);
    }
    fb = r || EV_IS_ERR(d) || EV_IS_ERR(autoc) ? EV_ERR
                                               : make_enum(I, roots, et, "FlagBoundary", strenum, EV_ERR, EV_ERR, d, EV_NONE);
    ev_decref(I, strenum);
    if (EV_IS_ERR(fb) || ev_module_set(I, mns, "FlagBoundary", fb))
        goto out;
    for (int i = 0; i < 4; i++) {
        ev_value m = ev_enum_getattr(I, fb, bnames[i]);
        r = EV_IS_ERR(m) || ev_module_set(I, mns, bnames[i], m);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (r)
            goto out;
    }
    /* Flag(Enum, boundary=STRICT): its methods are in the namespace when it
     * is made (what marks a class a Flag), rebound to it afterwards */
    ev_decref(I, d);
    d = class_ns(I, "\n    Support for flags\n    ");
    if (EV_IS_ERR(d))
        goto out;
    for (const ev_builtin_def *m = ev_enum_flag_methods; m->name; m++)
        if (ev_enum_put(I, ev_as_dict(d), m->name, method(I, m, enum_c)))
            goto out;
    if (ev_enum_put(I, ev_as_dict(d), "_generate_next_value_", ev_builtin_new(I, &ev_enum_flag_next_def, EV_NONE)) ||
        ev_enum_put(I, ev_as_dict(d), "_missing_", wrapped(I, &ev_type_classmethod, &ev_enum_flag_missing_def, EV_NONE)) ||
        ev_enum_put(I, ev_as_dict(d), "_numeric_repr_", ev_enum_getattr(I, ev_obj_val(&ev_type_int.h), "__repr__")))
        goto out;
    ev_value conform = ev_enum_getattr(I, fb, "STRICT"), keep = EV_ERR; /* Flag(Enum, boundary=STRICT) */
    flag_c = EV_IS_ERR(conform) ? conform : make_enum(I, roots, et, "Flag", enum_c, EV_ERR, EV_ERR, d, conform);
    if (!EV_IS_ERR(conform))
        ev_decref(I, conform);
    if (EV_IS_ERR(flag_c))
        goto out;
    for (const ev_builtin_def *m = ev_enum_flag_methods; m->name; m++)
        if (ev_enum_put(I, ((ev_type *)flag_c.u.o)->dict, m->name, method(I, m, flag_c)))
            goto out;
    I->class_version++;
    set_root(I, roots, ROOT_FLAG, flag_c);
    if (ev_module_set(I, mns, "Flag", flag_c))
        goto out;
    ev_decref(I, d);
    d = class_ns(I, "\n    Support for integer-based Flags\n    ");
    keep = EV_IS_ERR(d) ? d : ev_enum_getattr(I, fb, "KEEP");
    c = EV_IS_ERR(keep) ? keep
                        : make_enum(I, roots, et, "IntFlag", ev_obj_val(&ev_type_int.h), repr_c, flag_c, d, keep);
    if (!EV_IS_ERR(keep))
        ev_decref(I, keep);
    r = EV_IS_ERR(c) || ev_module_set(I, mns, "IntFlag", c);
    if (!EV_IS_ERR(c))
        ev_decref(I, c);
    c = EV_ERR;
    if (r)
        goto out;
    /* EnumCheck(StrEnum) and verify */
    ev_decref(I, d);
    d = class_ns(I, "\n    various conditions to check an enumeration for\n    ");
    static const char *const cnames[] = {"CONTINUOUS", "NAMED_FLAGS", "UNIQUE"};
    static const char *const cvals[] = {"no skipped integer values", "multi-flag aliases may not contain unnamed flags",
                                        "one name per value"};
    for (int i = 0; !EV_IS_ERR(d) && i < 3; i++)
        if (ev_enum_put(I, ev_as_dict(d), cnames[i], ev_str_from_cstr(I, cvals[i])))
            goto out;
    ev_value se = ev_dict_lookup_str(mns, ev_enum_intern(I, "StrEnum")) ? *ev_dict_lookup_str(mns, ev_enum_intern(I, "StrEnum")) : EV_ERR;
    c = EV_IS_ERR(d) || EV_IS_ERR(se) ? EV_ERR : make_enum(I, roots, et, "EnumCheck", se, EV_ERR, EV_ERR, d, EV_NONE);
    r = EV_IS_ERR(c) || ev_module_set(I, mns, "EnumCheck", c);
    for (int i = 0; !r && i < 3; i++) {
        ev_value m = ev_enum_getattr(I, c, cnames[i]);
        r = EV_IS_ERR(m) || ev_module_set(I, mns, cnames[i], m);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
    }
    if (!EV_IS_ERR(c))
        ev_decref(I, c);
    c = EV_ERR;
    if (r)
        goto out;
    static const ev_builtin_def *const verify_methods[] = {&ev_enum_verify_init_def, &ev_enum_verify_call_def, NULL};
    c = plain_class(I, "verify", "\n    Check an enumeration for various constraints. (see EnumCheck)\n    ",
                    verify_methods);
    r = EV_IS_ERR(c) || ev_module_set(I, mns, "verify", c);
    if (!EV_IS_ERR(c))
        ev_decref(I, c);
    c = EV_ERR;
    if (r)
        goto out;
    rc = 0;
out:
    ev_decref(I, roots);
    if (!EV_IS_ERR(et))
        ev_decref(I, et);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(enum_c))
        ev_decref(I, enum_c);
    if (!EV_IS_ERR(repr_c))
        ev_decref(I, repr_c);
    if (!EV_IS_ERR(fb))
        ev_decref(I, fb);
    if (!EV_IS_ERR(flag_c))
        ev_decref(I, flag_c);
    if (!EV_IS_ERR(null))
        ev_decref(I, null);
    return rc;
}

/* CPython's module functions safepy does not implement: each says so */
#define ENUM_UNSUPPORTED(fn, text)                                                                        \
    static ev_value fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)      \
    {                                                                                                     \
        (void)self; (void)argc; (void)argv; (void)kw;                                                     \
        return ev_raise(I, &ev_type_NotImplementedError, "enum." text " is not supported by safepy");    \
    }
ENUM_UNSUPPORTED(un_global_enum, "global_enum")
ENUM_UNSUPPORTED(un_global_str, "global_str")
ENUM_UNSUPPORTED(un_global_enum_repr, "global_enum_repr")
ENUM_UNSUPPORTED(un_global_flag_repr, "global_flag_repr")
ENUM_UNSUPPORTED(un_pickle_global, "pickle_by_global_name")
ENUM_UNSUPPORTED(un_pickle_enum, "pickle_by_enum_name")
ENUM_UNSUPPORTED(un_property, "property")
ENUM_UNSUPPORTED(un_show_flag_values, "show_flag_values")

static const ev_builtin_def enum_functions[] = {
    {"unique", enum_unique, 1, 1, 0},
    {"global_enum", un_global_enum, 0, -1, EV_BF_KWANY},
    {"global_str", un_global_str, 0, -1, EV_BF_KWANY},
    {"global_enum_repr", un_global_enum_repr, 0, -1, EV_BF_KWANY},
    {"global_flag_repr", un_global_flag_repr, 0, -1, EV_BF_KWANY},
    {"pickle_by_global_name", un_pickle_global, 0, -1, EV_BF_KWANY},
    {"pickle_by_enum_name", un_pickle_enum, 0, -1, EV_BF_KWANY},
    {"property", un_property, 0, -1, EV_BF_KWANY},
    {"show_flag_values", un_show_flag_values, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0, NULL},
};

static const char *const enum_all[] = {"EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
                                       "ReprEnum", "auto", "unique", "member", "nonmember", "FlagBoundary", "STRICT",
                                       "CONFORM", "EJECT", "KEEP", "verify", "EnumCheck", "CONTINUOUS",
                                       "NAMED_FLAGS", "UNIQUE", "property", "global_flag_repr",
                                       "global_enum_repr", "global_str", "global_enum", "pickle_by_global_name",
                                       "pickle_by_enum_name", NULL};

const ev_module_def ev_module_enum = {"enum", enum_functions, enum_module_init, enum_all};
