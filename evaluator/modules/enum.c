/*
 * enum.c - the enum module, CPython 3.11 behaviour (Lib/enum.py): the
 * metaclass EnumType (EnumMeta), Enum, ReprEnum, IntEnum, StrEnum, auto,
 * member, nonmember, unique and the functional API; Flag and IntFlag are in
 * enum_flag.c.
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

static ev_str *S(ev_interp *I, const char *s)
{
    ev_str *k = ev_intern(I, s, strlen(s));
    if (!k)
        (void)ev_raise_nomem(I);
    return k;
}

ev_value ev_enum_getattr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *k = S(I, name);
    return k ? ev_getattr(I, obj, k) : EV_ERR;
}

int ev_enum_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *k = S(I, name);
    return k ? ev_setattr(I, obj, k, v) : -1;
}

ev_value *ev_enum_state(ev_interp *I, ev_type *t, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_type_find(I, t, k) : NULL;
}

/* ns[key] = v, v stolen */
static int put(ev_interp *I, ev_dict *ns, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = S(I, key);
    int r = k ? ev_dict_set_str(I, ns, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* The class's own state container of the given kind, borrowed (valid until
 * Python code runs); raises TypeError when the program replaced it. */
static ev_value state_of(ev_interp *I, ev_type *t, const char *name, ev_kind kind)
{
    ev_value *v = ev_enum_state(I, t, name);
    if (!v || !ev_is(*v, kind))
        return ev_raise(I, &ev_type_TypeError, "%s.%s is not a %s", t->name, name,
                        kind == EV_O_DICT ? "dict" : "list");
    return *v;
}

/* The pending exception is a t: cleared, true (except t: pass). */
static bool catch(ev_interp *I, ev_type *t)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) || !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

static bool is_dunder(const ev_str *s)
{
    return s->len > 4 && memcmp(s->data, "__", 2) == 0 && memcmp(s->data + s->len - 2, "__", 2) == 0 &&
           s->data[2] != '_' && s->data[s->len - 3] != '_';
}

static bool is_sunder(const ev_str *s)
{
    return s->len > 2 && s->data[0] == '_' && s->data[s->len - 1] == '_' && s->data[1] != '_' &&
           s->data[s->len - 2] != '_';
}

/* _ClsName__x: a private name of the class cls_name */
static bool is_private(const char *cls_name, const ev_str *s)
{
    size_t n = strlen(cls_name);
    while (*cls_name == '_')
        cls_name++, n--;
    if (s->len < n + 3 || s->data[0] != '_' || memcmp(s->data + 1, cls_name, n) != 0 || s->data[n + 1] != '_' ||
        s->data[n + 2] != '_')
        return false;
    return !(s->len >= 2 && memcmp(s->data + s->len - 2, "__", 2) == 0);
}

static bool is_c_def(ev_value v, const ev_builtin_def *d)
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
        if (v && is_c_def(*v, d))
            return true;
    }
    return false;
}


/* The C methods of the classes here are written with the instance as
 * argv[0]; a C method stored in a class receives it as self (bound like a
 * function), so SHIFTED puts it back in front. */
static ev_value shift_call(ev_interp *I, ev_cfunc f, ev_value self, int argc, const ev_value *argv,
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
#define SHIFTED(name)                                                                                        \
    static ev_value name##_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)   \
    {                                                                                                        \
        return shift_call(I, name, self, argc, argv, kw);                                                    \
    }

static const ev_builtin_def et_call_def, enum_hash_def;

static bool is_enum_type(ev_interp *I, ev_value v)
{
    return ev_is(v, EV_O_TYPE) && mro_has(I, ev_meta_of((ev_type *)v.u.o), "__call__", &et_call_def);
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
static bool is_holder(ev_interp *I, ev_value v, const ev_builtin_def *d)
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

static const ev_builtin_def auto_init_def = {"__init__", auto_init_m, 0, -1, EV_BF_KWANY};
static const ev_builtin_def auto_repr_def = {"__repr__", auto_repr_m, 0, 0, 0};
static const ev_builtin_def member_init_def = {"__init__", holder_init_m, 0, -1, EV_BF_KWANY};
static const ev_builtin_def nonmember_init_def = {"__init__", holder_init_m, 0, -1, EV_BF_KWANY};
static const ev_builtin_def null_repr_def = {"__repr__", null_repr, 0, 0, 0};

/* ---- the members --------------------------------------------------------------------- */

/* Is v a descriptor (a function, property, classmethod... ), which an
 * enum body keeps as a class attribute instead of making a member? */
static bool is_descriptor(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_FUNC) || ev_is(v, EV_O_BUILTIN) || ev_is(v, EV_O_WRAPPER) || ev_is(v, EV_O_METHOD))
        return true;
    if (!ev_is(v, EV_O_INSTANCE))
        return false;
    ev_type *t = ev_type_of(v);
    static const char *const names[] = {"__get__", "__set__", "__delete__"};
    for (int i = 0; i < 3; i++) {
        ev_str *k = ev_intern(I, names[i], strlen(names[i]));
        if (k && ev_type_find(I, t, k))
            return true;
    }
    return false;
}

/* value == other as the == operator: 1, 0, -1 */
static int equal(ev_interp *I, ev_value a, ev_value b)
{
    ev_incref(a);
    ev_incref(b);
    int r = ev_compare(I, a, b, 2);
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

/* The user's __init__ along the class's MRO, or NULL when only a builtin
 * one (object's, int's...) is there: CPython calls that with the member's
 * arguments too, and it accepts them when __new__ is overridden. */
static bool has_user_init(ev_interp *I, ev_type *t)
{
    ev_value *f = ev_type_find(I, t, I->dn[EV_DN_INIT]);
    return f && !ev_is(*f, EV_O_BUILTIN);
}

/* cls._flag_mask_ |= value; _singles_mask_ |= value when one bit;
 * _all_bits_ = 2 ** _flag_mask_.bit_length() - 1 */
static int flag_masks(ev_interp *I, ev_value cls, ev_value value)
{
    ev_value fm = ev_enum_getattr(I, cls, "_flag_mask_");
    ev_value nf = EV_IS_ERR(fm) ? fm : ev_binary(I, EV_OP_OR, fm, value);
    if (!EV_IS_ERR(fm))
        ev_decref(I, fm);
    if (EV_IS_ERR(nf))
        return -1;
    int rc = -1;
    if (ev_enum_setattr(I, cls, "_flag_mask_", nf))
        goto out;
    int sb = ev_enum_single_bit(I, value);
    if (sb < 0)
        goto out;
    if (sb) {
        ev_value sm = ev_enum_getattr(I, cls, "_singles_mask_");
        ev_value ns = EV_IS_ERR(sm) ? sm : ev_binary(I, EV_OP_OR, sm, value);
        if (!EV_IS_ERR(sm))
            ev_decref(I, sm);
        int r = EV_IS_ERR(ns) || ev_enum_setattr(I, cls, "_singles_mask_", ns);
        if (!EV_IS_ERR(ns))
            ev_decref(I, ns);
        if (r)
            goto out;
    }
    ev_value bl = ev_enum_getattr(I, nf, "bit_length");
    ev_value n = EV_IS_ERR(bl) ? bl : ev_call(I, bl, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(bl))
        ev_decref(I, bl);
    ev_value p = EV_IS_ERR(n) ? n : ev_binary(I, EV_OP_POW, ev_int(2), n);
    if (!EV_IS_ERR(n))
        ev_decref(I, n);
    ev_value ab = EV_IS_ERR(p) ? p : ev_binary(I, EV_OP_SUB, p, ev_int(1));
    if (!EV_IS_ERR(p))
        ev_decref(I, p);
    if (EV_IS_ERR(ab))
        goto out;
    rc = ev_enum_setattr(I, cls, "_all_bits_", ab);
    ev_decref(I, ab);
out:
    ev_decref(I, nf);
    return rc;
}

typedef struct mk_ctx {
    ev_value cls;          /* the enum class */
    ev_value new_fn;       /* how members are made (borrowed); EV_NONE: object.__new__ */
    ev_value member_type;  /* borrowed */
    bool use_args, flag;
} mk_ctx;

/* _proto_member.__set_name__: makes member `name` of raw value `value` */
static int add_member(ev_interp *I, const mk_ctx *c, ev_value name, ev_value value)
{
    ev_type *t = (ev_type *)c->cls.u.o;
    ev_value args = EV_ERR, member = EV_ERR, v = EV_ERR;
    int rc = -1;
    if (ev_is(value, EV_O_TUPLE) && !(value.u.o->flags & EV_OBJ_SUB))
        args = ev_dup(value);
    else {
        args = ev_tuple_new(I, 1);
        if (EV_IS_ERR(args))
            goto fail;
        ev_as_tuple(args)->items[0] = ev_dup(value);
    }
    if (ev_is(c->member_type, EV_O_TYPE) && (ev_type *)c->member_type.u.o == &ev_type_tuple) {
        ev_value w = ev_tuple_new(I, 1);
        if (EV_IS_ERR(w))
            goto fail;
        ev_as_tuple(w)->items[0] = args;
        args = w;
    }
    const ev_tuple *at = ev_as_tuple(args);
    int na = (int)at->len;
    if (na > 250) {
        ev_raise(I, &ev_type_TypeError, "too many values for an enum member");
        goto fail;
    }
    ev_value cv[256];
    cv[0] = c->cls;
    if (na > 0)
        memcpy(cv + 1, at->items, (size_t)na * sizeof *cv);
    if (c->use_args)
        member = ev_call(I, c->new_fn, na + 1, cv, 0, NULL, NULL);
    else {
        ev_value on = ev_enum_getattr(I, ev_obj_val(&ev_type_object.h), "__new__");
        member = EV_IS_ERR(on) ? on : ev_call(I, on, 1, cv, 0, NULL, NULL);
        if (!EV_IS_ERR(on))
            ev_decref(I, on);
    }
    if (EV_IS_ERR(member))
        goto fail;
    v = ev_enum_getattr(I, member, "_value_");
    if (EV_IS_ERR(v)) {
        if (!catch(I, &ev_type_AttributeError))
            goto fail;
        if (ev_is(c->member_type, EV_O_TYPE) && (ev_type *)c->member_type.u.o == &ev_type_object)
            v = ev_dup(value);
        else {
            v = ev_call(I, c->member_type, na, at->items, 0, NULL, NULL);
            if (EV_IS_ERR(v)) {
                /* TypeError('_value_ not set in __new__, unable to create it') from the error */
                if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
                    !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_Exception))
                    goto fail;
                ev_value cause = I->exc;
                I->exc = EV_NONE;
                ev_value msg = ev_str_from_cstr(I, "_value_ not set in __new__, unable to create it");
                ev_value ne = EV_IS_ERR(msg) ? msg : ev_call(I, ev_obj_val(&ev_type_TypeError.h), 1, &msg, 0, NULL, NULL);
                if (!EV_IS_ERR(msg))
                    ev_decref(I, msg);
                if (!EV_IS_ERR(ne) && ev_enum_setattr(I, ne, "__cause__", cause)) {
                    ev_decref(I, ne);
                    ne = EV_ERR;
                }
                ev_decref(I, cause);
                if (!EV_IS_ERR(ne))
                    (void)ev_raise_value(I, ne);
                goto fail;
            }
        }
        if (ev_enum_setattr(I, member, "_value_", v))
            goto fail;
    }
    if (ev_enum_setattr(I, member, "_name_", name) || ev_enum_setattr(I, member, "__objclass__", c->cls))
        goto fail;
    if (has_user_init(I, t)) {
        ev_value init = ev_enum_getattr(I, member, "__init__");
        ev_value r = EV_IS_ERR(init) ? init : ev_call(I, init, na, at->items, 0, NULL, NULL);
        if (!EV_IS_ERR(init))
            ev_decref(I, init);
        if (EV_IS_ERR(r))
            goto fail;
        ev_decref(I, r);
    }
    ev_value names = state_of(I, t, "_member_names_", EV_O_LIST);
    if (EV_IS_ERR(names) || ev_enum_setattr(I, member, "_sort_order_", ev_int((int64_t)ev_as_list(names)->len)))
        goto fail;
    if (c->flag && flag_masks(I, c->cls, v))
        goto fail;
    /* an alias: an earlier member has the same value (by the value map,
     * or comparing each member's when the value is unhashable) */
    ev_value canonical = EV_ERR;
    ev_value v2m = state_of(I, t, "_value2member_map_", EV_O_DICT);
    if (EV_IS_ERR(v2m))
        goto fail;
    ev_incref(v2m);
    int g = ev_dict_get(I, ev_as_dict(v2m), v, &canonical);
    ev_decref(I, v2m);
    if (g == 0)
        canonical = EV_ERR;
    if (g < 0) {
        if (!catch(I, &ev_type_TypeError))
            goto fail;
        ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
        if (EV_IS_ERR(map))
            goto fail;
        ev_incref(map); /* held: a value's __eq__ may rebind the class's map */
        ev_value snap = ev_list_from_iterable(I, map); /* the names: __eq__ may change the map */
        if (EV_IS_ERR(snap)) {
            ev_decref(I, map);
            goto fail;
        }
        for (size_t i = 0; i < ev_as_list(snap)->len && EV_IS_ERR(canonical); i++) {
            ev_value m2 = ev_getitem(I, map, ev_as_list(snap)->items[i]);
            ev_value mv = EV_IS_ERR(m2) ? m2 : ev_enum_getattr(I, m2, "_value_");
            int eq = EV_IS_ERR(mv) ? -1 : equal(I, mv, v);
            if (!EV_IS_ERR(mv))
                ev_decref(I, mv);
            if (eq < 0) {
                if (!EV_IS_ERR(m2))
                    ev_decref(I, m2);
                ev_decref(I, snap);
                ev_decref(I, map);
                goto fail;
            }
            if (eq)
                canonical = m2;
            else
                ev_decref(I, m2);
        }
        ev_decref(I, snap);
        ev_decref(I, map);
    }
    if (!EV_IS_ERR(canonical)) {
        ev_decref(I, member);
        member = canonical;
    } else {
        bool listed = true;
        if (c->flag) {
            int sb = ev_enum_single_bit(I, v);
            if (sb < 0)
                goto fail;
            listed = sb == 1;
        }
        names = state_of(I, t, "_member_names_", EV_O_LIST);
        if (listed && (EV_IS_ERR(names) || ev_list_append(I, ev_as_list(names), name)))
            goto fail;
    }
    /* the class attribute, set directly (EnumType.__setattr__ would refuse it)
     * in the slot EnumType.__new__ reserved for it: the namespace keeps its
     * layout, so the class attribute cache stays valid without a new
     * version per member (a version per member made type_cache_fill, which
     * scans the namespace, quadratic in the members) */
    ev_dict_entry *before = t->dict->entries;
    uint32_t nbefore = t->dict->nentries;
    if (ev_dict_set(I, t->dict, name, member))
        goto fail;
    if (t->dict->entries != before || t->dict->nentries != nbefore)
        I->class_version++; /* the slot was gone (deleted meanwhile): a new key */
    ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(map) || ev_dict_set(I, ev_as_dict(map), name, member))
        goto fail;
    /* _value2member_map_.setdefault(value, member) */
    v2m = state_of(I, t, "_value2member_map_", EV_O_DICT);
    if (EV_IS_ERR(v2m))
        goto fail;
    ev_incref(v2m);
    ev_value had;
    int sr = ev_dict_get(I, ev_as_dict(v2m), v, &had);
    if (sr == 1)
        ev_decref(I, had);
    else if (sr == 0)
        sr = ev_dict_set(I, ev_as_dict(v2m), v, member);
    ev_decref(I, v2m);
    if (sr < 0) {
        if (!catch(I, &ev_type_TypeError))
            goto fail;
        ev_value uv = state_of(I, t, "_unhashable_values_", EV_O_LIST);
        if (EV_IS_ERR(uv) || ev_list_append(I, ev_as_list(uv), v))
            goto fail;
    }
    rc = 0;
fail:
    if (!EV_IS_ERR(args))
        ev_decref(I, args);
    if (!EV_IS_ERR(member))
        ev_decref(I, member);
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
    return rc;
}

/* ---- EnumType.__new__: the class from its body's namespace --------------------------- */

/* _check_for_existing_members_: an enum with members cannot be extended */
static int check_existing(ev_interp *I, ev_str *cls_name, const ev_tuple *bases)
{
    for (size_t i = 0; i < bases->len; i++) {
        if (!ev_is(bases->items[i], EV_O_TYPE))
            continue;
        ev_type *b = (ev_type *)bases->items[i].u.o;
        if (!ev_is(b->mro, EV_O_TUPLE))
            continue;
        const ev_tuple *m = ev_as_tuple(b->mro);
        for (size_t j = 0; j < m->len; j++) {
            ev_value base = m->items[j];
            if (!is_enum_type(I, base))
                continue;
            ev_value *mn = ev_enum_state(I, (ev_type *)base.u.o, "_member_names_");
            if (!mn)
                continue;
            int t = ev_truth(I, *mn);
            if (t < 0)
                return -1;
            if (t) {
                ev_buf mb = {0};
                int r = ev_buf_puts(I, &mb, "<enum ") || ev_buf_repr(I, &mb, ev_obj_val(&cls_name->h)) ||
                        ev_buf_puts(I, &mb, "> cannot extend ") || ev_buf_repr(I, &mb, base);
                ev_value s = r ? EV_ERR : ev_buf_to_str(I, &mb);
                if (r)
                    ev_buf_free(I, &mb);
                if (!EV_IS_ERR(s)) {
                    ev_raise(I, &ev_type_TypeError, "%s", ev_as_str(s)->data);
                    ev_decref(I, s);
                }
                return -1;
            }
        }
    }
    return 0;
}

/* Does the heap class b itself define name (in its own namespace)?  A
 * builtin type defines __new__ always. */
static bool defines(ev_interp *I, ev_type *b, const char *name)
{
    if (!ev_is_heaptype(b))
        return strcmp(name, "__new__") == 0;
    ev_str *k = ev_intern(I, name, strlen(name));
    return k && b->dict && ev_dict_lookup_str(b->dict, k);
}

/* _get_mixins_: the member type (borrowed) and the first enum (the last base) */
static int get_mixins(ev_interp *I, ev_str *cls_name, const ev_tuple *bases, ev_value enum_root,
                      ev_value *member_type, ev_value *first_enum)
{
    *member_type = ev_obj_val(&ev_type_object.h);
    if (bases->len == 0) {
        *first_enum = enum_root;
        return 0;
    }
    if (check_existing(I, cls_name, bases))
        return -1;
    *first_enum = bases->items[bases->len - 1];
    if (!is_enum_type(I, *first_enum)) {
        ev_raise(I, &ev_type_TypeError,
                 "new enumerations should be created as `EnumName([mixin_type, ...] [data_type,] enum_type)`");
        return -1;
    }
    ev_value found = EV_ERR;
    for (size_t i = 0; i < bases->len; i++) {
        ev_type *chain = (ev_type *)bases->items[i].u.o;
        if (!ev_is(bases->items[i], EV_O_TYPE))
            continue;
        ev_value mro = chain->mro;
        ev_value single = ev_obj_val(&chain->h);
        const ev_value *items = &single;
        size_t n = 1;
        if (ev_is(mro, EV_O_TUPLE)) {
            items = ev_as_tuple(mro)->items;
            n = ev_as_tuple(mro)->len;
        } else {
            /* a builtin type: its base chain */
            n = 0;
            for (ev_type *t = chain; t && n < 1; t = t->base)
                n++;
        }
        ev_value candidate = EV_ERR, dt = EV_ERR;
        for (size_t j = 0; j < n; j++) {
            ev_type *base = (ev_type *)items[j].u.o;
            if (base == &ev_type_object)
                continue;
            if (is_enum_type(I, items[j])) {
                ev_value *mt = ev_enum_state(I, base, "_member_type_");
                if (mt && !(ev_is(*mt, EV_O_TYPE) && (ev_type *)mt->u.o == &ev_type_object)) {
                    dt = *mt;
                    break;
                }
                continue;
            }
            if (defines(I, base, "__new__") || defines(I, base, "__dataclass_fields__")) {
                dt = EV_IS_ERR(candidate) ? items[j] : candidate;
                break;
            }
            if (EV_IS_ERR(candidate))
                candidate = items[j];
        }
        if (EV_IS_ERR(dt))
            continue;
        if (!EV_IS_ERR(found) && found.u.o != dt.u.o) {
            ev_raise(I, &ev_type_TypeError, "too many data types for '%s': {<class '%s'>, <class '%s'>}",
                     cls_name->data, ((ev_type *)found.u.o)->name, ((ev_type *)dt.u.o)->name);
            return -1;
        }
        found = dt;
    }
    if (!EV_IS_ERR(found))
        *member_type = found;
    return 0;
}

/* s.replace(',', ' ').split(): a list of the names */
static ev_value split_names(ev_interp *I, ev_value s)
{
    ev_value comma = ev_str_from_cstr(I, ","), space = EV_ERR, rep = EV_ERR, r = EV_ERR;
    space = EV_IS_ERR(comma) ? comma : ev_str_from_cstr(I, " ");
    ev_value m = EV_IS_ERR(space) ? space : ev_enum_getattr(I, s, "replace");
    if (!EV_IS_ERR(m)) {
        ev_value a[2] = {comma, space};
        rep = ev_call(I, m, 2, a, 0, NULL, NULL);
        ev_decref(I, m);
    }
    ev_value sp = EV_IS_ERR(rep) ? rep : ev_enum_getattr(I, rep, "split");
    if (!EV_IS_ERR(sp)) {
        r = ev_call(I, sp, 0, NULL, 0, NULL, NULL);
        ev_decref(I, sp);
    }
    if (!EV_IS_ERR(comma))
        ev_decref(I, comma);
    if (!EV_IS_ERR(space))
        ev_decref(I, space);
    if (!EV_IS_ERR(rep))
        ev_decref(I, rep);
    return r;
}

static const char *const sunder_ok[] = {"_order_", "_generate_next_value_", "_numeric_repr_", "_missing_",
                                        "_ignore_", "_iter_member_", "_iter_member_by_value_",
                                        "_iter_member_by_def_", NULL};

/* What the class body's _EnumDict decided, done on the finished namespace:
 * the member names in order, with auto() values filled and member() /
 * nonmember() unwrapped; returns a list of (name, value) pairs. */
static ev_value collect_members(ev_interp *I, ev_str *cls_name, ev_dict *ns, ev_value first_enum)
{
    ev_value pairs = ev_list_new(I, 0), last = ev_list_new(I, 0), keys = EV_ERR, gen = EV_ERR, ignore = EV_ERR;
    if (EV_IS_ERR(pairs) || EV_IS_ERR(last))
        goto fail;
    keys = ev_list_from_iterable(I, ev_obj_val(&ns->h));
    if (EV_IS_ERR(keys))
        goto fail;
    ev_str *ik = S(I, "_ignore_");
    if (!ik)
        goto fail;
    ev_value *ig = ev_dict_lookup_str(ns, ik);
    if (ig) {
        ignore = ev_is(*ig, EV_O_STR) ? split_names(I, *ig) : ev_list_from_iterable(I, *ig);
        if (EV_IS_ERR(ignore))
            goto fail;
    }
    ev_value *g0 = ev_is(first_enum, EV_O_TYPE) ? ev_enum_state(I, (ev_type *)first_enum.u.o, "_generate_next_value_")
                                                : NULL;
    gen = g0 ? ev_dup(*g0) : EV_NONE;
    bool seen_member = false;
    for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
        ev_value key = ev_as_list(keys)->items[i];
        if (!ev_is(key, EV_O_STR))
            continue;
        ev_str *k = ev_as_str(key);
        ev_value *vp = ev_dict_lookup_str(ns, k);
        if (!vp)
            continue;
        ev_value value = ev_dup(*vp);
        if (is_private(cls_name->data, k)) {
            ev_decref(I, value);
            continue;
        }
        if (is_sunder(k)) {
            bool ok = false;
            for (int j = 0; sunder_ok[j]; j++)
                ok |= strcmp(k->data, sunder_ok[j]) == 0;
            if (!ok) {
                ev_decref(I, value);
                ev_raise(I, &ev_type_ValueError, "_sunder_ names, such as '%s', are reserved for future Enum use",
                         k->data);
                goto fail;
            }
            if (strcmp(k->data, "_generate_next_value_") == 0) {
                if (seen_member) {
                    ev_decref(I, value);
                    ev_raise(I, &ev_type_TypeError, "_generate_next_value_ must be defined before members");
                    goto fail;
                }
                ev_decref(I, gen);
                gen = value;
                continue;
            }
            ev_decref(I, value);
            continue;
        }
        if (is_dunder(k)) {
            ev_decref(I, value);
            continue;
        }
        if (!EV_IS_ERR(ignore)) {
            int in = ev_contains(I, ignore, key);
            if (in) {
                ev_decref(I, value);
                if (in < 0)
                    goto fail;
                continue;
            }
        }
        if (is_holder(I, value, &nonmember_init_def)) {
            ev_value inner = ev_enum_getattr(I, value, "value");
            ev_decref(I, value);
            if (EV_IS_ERR(inner) || ev_dict_set_str(I, ns, k, inner)) {
                if (!EV_IS_ERR(inner))
                    ev_decref(I, inner);
                goto fail;
            }
            ev_decref(I, inner);
            continue;
        }
        if (is_descriptor(I, value)) {
            ev_decref(I, value);
            continue;
        }
        if (is_holder(I, value, &member_init_def)) {
            ev_value inner = ev_enum_getattr(I, value, "value");
            ev_decref(I, value);
            if (EV_IS_ERR(inner))
                goto fail;
            value = inner;
        }
        seen_member = true;
        bool single = is_holder(I, value, &auto_init_def);
        bool any_auto = single;
        if (ev_is(value, EV_O_TUPLE) && !(value.u.o->flags & EV_OBJ_SUB))
            for (size_t j = 0; j < ev_as_tuple(value)->len; j++)
                any_auto |= is_holder(I, ev_as_tuple(value)->items[j], &auto_init_def);
        if (any_auto) {
            size_t n = single ? 1 : ev_as_tuple(value)->len;
            ev_value out = ev_tuple_new(I, n);
            if (EV_IS_ERR(out)) {
                ev_decref(I, value);
                goto fail;
            }
            for (size_t j = 0; j < n; j++) {
                ev_value v = single ? value : ev_as_tuple(value)->items[j];
                if (!is_holder(I, v, &auto_init_def)) {
                    ev_as_tuple(out)->items[j] = ev_dup(v);
                    continue;
                }
                ev_value av = ev_enum_getattr(I, v, "value");
                ev_value null = ev_enum_getattr(I, ev_obj_val(&ev_type_of(v)->h), "_auto_null");
                int eq = EV_IS_ERR(av) || EV_IS_ERR(null) ? -1 : equal(I, av, null);
                if (!EV_IS_ERR(null))
                    ev_decref(I, null);
                if (eq == 1) {
                    ev_decref(I, av);
                    ev_value lv = ev_list_from_iterable(I, last);
                    size_t count = ev_as_list(pairs)->len;
                    ev_value ga[4] = {key, ev_int(1), ev_int((int64_t)count), lv};
                    av = EV_IS_ERR(lv) ? lv : ev_call(I, gen, 4, ga, 0, NULL, NULL);
                    if (!EV_IS_ERR(lv))
                        ev_decref(I, lv);
                    if (!EV_IS_ERR(av) && ev_enum_setattr(I, v, "value", av)) {
                        ev_decref(I, av);
                        av = EV_ERR;
                    }
                }
                if (EV_IS_ERR(av) || (eq < 0 && !EV_IS_ERR(av)) || ev_list_append(I, ev_as_list(last), av)) {
                    if (!EV_IS_ERR(av))
                        ev_decref(I, av);
                    ev_decref(I, out);
                    ev_decref(I, value);
                    goto fail;
                }
                ev_as_tuple(out)->items[j] = av;
            }
            ev_decref(I, value);
            if (single) {
                value = ev_dup(ev_as_tuple(out)->items[0]);
                ev_decref(I, out);
            } else
                value = out;
        } else if (ev_list_append(I, ev_as_list(last), value)) {
            ev_decref(I, value);
            goto fail;
        }
        ev_value pair = ev_tuple_new(I, 2);
        if (EV_IS_ERR(pair)) {
            ev_decref(I, value);
            goto fail;
        }
        ev_as_tuple(pair)->items[0] = ev_dup(key);
        ev_as_tuple(pair)->items[1] = value;
        int r = ev_list_append(I, ev_as_list(pairs), pair);
        ev_decref(I, pair);
        if (r)
            goto fail;
    }
    ev_decref(I, keys);
    ev_decref(I, last);
    ev_decref(I, gen);
    if (!EV_IS_ERR(ignore))
        ev_decref(I, ignore);
    return pairs;
fail:
    if (!EV_IS_ERR(pairs))
        ev_decref(I, pairs);
    if (!EV_IS_ERR(last))
        ev_decref(I, last);
    if (!EV_IS_ERR(keys))
        ev_decref(I, keys);
    if (!EV_IS_ERR(gen))
        ev_decref(I, gen);
    if (!EV_IS_ERR(ignore))
        ev_decref(I, ignore);
    return EV_ERR;
}

/* The module's root classes, bound as the self of EnumType's C methods
 * (set once each exists): Enum, ReprEnum, Flag. */
enum { ROOT_ENUM, ROOT_REPR, ROOT_FLAG, NROOTS };

static ev_value root(ev_value self, int which)
{
    if (!ev_is(self, EV_O_TUPLE) || ev_as_tuple(self)->len != NROOTS)
        return EV_NONE;
    return ev_as_tuple(self)->items[which];
}

static const ev_builtin_def enum_new_def, et_new_def;

/* The roots tuple, from the metaclass's C __new__ (the self it is bound to) */
static ev_value roots_of(ev_interp *I, ev_type *meta)
{
    if (!ev_is_heaptype(meta) || !ev_is(meta->mro, EV_O_TUPLE))
        return EV_NONE;
    const ev_tuple *m = ev_as_tuple(meta->mro);
    for (size_t i = 0; i < m->len; i++) {
        ev_type *b = (ev_type *)m->items[i].u.o;
        ev_value *v = ev_is_heaptype(b) && b->dict ? ev_dict_lookup_str(b->dict, I->dn[EV_DN_NEW]) : NULL;
        if (!v)
            continue;
        ev_value f = *v;
        if (ev_is(f, EV_O_WRAPPER) && ((ev_wrapper *)f.u.o)->type == &ev_type_staticmethod)
            f = ((ev_wrapper *)f.u.o)->a;
        if (is_c_def(f, &et_new_def))
            return ((ev_builtin *)f.u.o)->self;
    }
    return EV_NONE;
}

/* The callable t uses to make objects, borrowed-or-new as *out (a new
 * reference); EV_NONE when it is object.__new__ or Enum.__new__.  Follows
 * getattr(t, '__new__'). */
static int new_of(ev_interp *I, ev_value tv, const char *name, ev_value *out)
{
    *out = EV_NONE;
    if (!ev_is(tv, EV_O_TYPE))
        return 0;
    ev_type *t = (ev_type *)tv.u.o;
    ev_str *k = S(I, name);
    if (!k)
        return -1;
    if (!ev_is_heaptype(t)) {
        if (t == &ev_type_object || strcmp(name, "__new__") != 0)
            return 0;
        ev_value f = ev_getattr(I, tv, k);
        if (EV_IS_ERR(f))
            return -1;
        *out = f;
        return 0;
    }
    const ev_tuple *m = ev_as_tuple(t->mro);
    for (size_t i = 0; i < m->len; i++) {
        ev_type *b = (ev_type *)m->items[i].u.o;
        if (!ev_is_heaptype(b)) {
            if (b == &ev_type_object || strcmp(name, "__new__") != 0)
                return 0;
            ev_value f = ev_getattr(I, m->items[i], k);
            if (EV_IS_ERR(f))
                return -1;
            *out = f;
            return 0;
        }
        ev_value *v = b->dict ? ev_dict_lookup_str(b->dict, k) : NULL;
        if (!v)
            continue;
        ev_value f = *v;
        if (ev_is(f, EV_O_WRAPPER) && ((ev_wrapper *)f.u.o)->type == &ev_type_staticmethod)
            f = ((ev_wrapper *)f.u.o)->a;
        if (is_c_def(f, &enum_new_def) || f.tag == EV_T_NONE)
            return 0;
        *out = ev_dup(f);
        return 0;
    }
    return 0;
}

/* Which class of t's MRO provides name: the heap class whose namespace has
 * it, or NULL when a builtin type does (int's, object's). */
static ev_type *provider(ev_interp *I, ev_type *t, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    const ev_tuple *m = ev_as_tuple(t->mro);
    for (size_t i = 0; k && i < m->len; i++) {
        ev_type *b = (ev_type *)m->items[i].u.o;
        if (!ev_is_heaptype(b))
            return NULL;
        if (b->dict && ev_dict_lookup_str(b->dict, k))
            return b;
    }
    return NULL;
}

/* cls.name = v directly in the namespace (v borrowed) */
static int cls_put(ev_interp *I, ev_value cls, const char *name, ev_value v)
{
    ev_str *k = S(I, name);
    if (!k || ev_dict_set_str(I, ((ev_type *)cls.u.o)->dict, k, v))
        return -1;
    I->class_version++;
    return 0;
}

static int cls_del(ev_interp *I, ev_value cls, const char *name)
{
    ev_str *k = S(I, name);
    if (!k || ev_dict_del(I, ((ev_type *)cls.u.o)->dict, ev_obj_val(&k->h)) < 0)
        return -1;
    I->class_version++;
    return 0;
}

/* _find_data_repr_: the repr the values are shown with, a new reference (None: repr) */
static ev_value find_data_repr(ev_interp *I, const ev_tuple *bases)
{
    for (size_t i = 0; i < bases->len; i++) {
        if (!ev_is(bases->items[i], EV_O_TYPE))
            continue;
        ev_type *chain = (ev_type *)bases->items[i].u.o;
        if (!ev_is_heaptype(chain)) {
            if (chain == &ev_type_object)
                continue;
            return ev_enum_getattr(I, bases->items[i], "__repr__");
        }
        const ev_tuple *m = ev_as_tuple(chain->mro);
        for (size_t j = 0; j < m->len; j++) {
            ev_type *b = (ev_type *)m->items[j].u.o;
            if (b == &ev_type_object)
                continue;
            if (is_enum_type(I, m->items[j])) {
                ev_value *r = ev_enum_state(I, b, "_value_repr_");
                return r ? ev_dup(*r) : EV_NONE;
            }
            if (!ev_is_heaptype(b))
                return ev_enum_getattr(I, m->items[j], "__repr__");
            ev_str *k = I->dn[EV_DN_REPR];
            ev_value *r = b->dict ? ev_dict_lookup_str(b->dict, k) : NULL;
            if (r)
                return ev_dup(*r);
        }
    }
    return EV_NONE;
}

/* The _order_ check of EnumType.__new__ */
static int check_order(ev_interp *I, ev_value cls, ev_value order, bool flag)
{
    ev_type *t = (ev_type *)cls.u.o;
    ev_value lst = ev_is(order, EV_O_STR) ? split_names(I, order) : ev_list_from_iterable(I, order);
    if (EV_IS_ERR(lst))
        return -1;
    ev_value kept = ev_list_new(I, 0);
    int rc = -1;
    if (EV_IS_ERR(kept))
        goto out;
    ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(map))
        goto out;
    ev_incref(map);
    for (size_t i = 0; i < ev_as_list(lst)->len; i++) {
        ev_value o = ev_as_list(lst)->items[i];
        int in = ev_contains(I, map, o);
        int keep = 1;
        if (in > 0) {
            ev_value names = state_of(I, t, "_member_names_", EV_O_LIST);
            keep = EV_IS_ERR(names) ? -1 : ev_contains(I, names, o);
            if (keep == 0 && flag) {
                /* Flag: a multi-bit alias is dropped, a single-bit one stays */
                ev_value m = ev_getitem(I, map, o);
                ev_value v = EV_IS_ERR(m) ? m : ev_enum_getattr(I, m, "_value_");
                keep = EV_IS_ERR(v) ? -1 : ev_enum_single_bit(I, v);
                if (!EV_IS_ERR(m))
                    ev_decref(I, m);
                if (!EV_IS_ERR(v))
                    ev_decref(I, v);
                if (keep == 1) {
                    ev_value names2 = state_of(I, t, "_member_names_", EV_O_LIST);
                    keep = EV_IS_ERR(names2) ? -1 : ev_contains(I, names2, o);
                }
            }
        }
        if (in < 0 || keep < 0 || (keep && ev_list_append(I, ev_as_list(kept), o))) {
            ev_decref(I, map);
            goto out;
        }
    }
    ev_decref(I, map);
    ev_value names = state_of(I, t, "_member_names_", EV_O_LIST);
    if (EV_IS_ERR(names))
        goto out;
    ev_incref(names);
    int eq = ev_compare(I, kept, names, 2);
    if (eq == 0) {
        ev_buf b = {0};
        int r = ev_buf_puts(I, &b, "member order does not match _order_:\n  ") || ev_buf_repr(I, &b, names) ||
                ev_buf_puts(I, &b, "\n  ") || ev_buf_repr(I, &b, kept);
        ev_value s = r ? EV_ERR : ev_buf_to_str(I, &b);
        if (r)
            ev_buf_free(I, &b);
        if (!EV_IS_ERR(s)) {
            ev_raise(I, &ev_type_TypeError, "%s", ev_as_str(s)->data);
            ev_decref(I, s);
        }
        eq = -1;
    }
    ev_decref(I, names);
    rc = eq < 0 ? -1 : 0;
out:
    ev_decref(I, lst);
    if (!EV_IS_ERR(kept))
        ev_decref(I, kept);
    return rc;
}

static const char *const flag_ops[] = {"__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__",
                                       "__invert__", NULL};

/* EnumType.__new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds) */
static ev_value et_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 4 || !ev_is(argv[0], EV_O_TYPE) || !ev_is(argv[1], EV_O_STR) || !ev_is(argv[2], EV_O_TUPLE) ||
        !ev_is(argv[3], EV_O_DICT))
        return ev_raise(I, &ev_type_TypeError, "EnumType.__new__() takes metacls, cls, bases and classdict");
    ev_type *mcs = (ev_type *)argv[0].u.o;
    ev_str *name = ev_as_str(argv[1]);
    const ev_tuple *bases = ev_as_tuple(argv[2]);
    ev_value boundary = EV_NONE;
    bool simple = false;
    ev_str *kn[64];
    ev_value kv[64];
    int nk = 0;
    for (int i = 0; i < EV_KW_N(kw); i++) {
        if (strcmp(kw->names[i]->data, "boundary") == 0)
            boundary = kw->vals[i];
        else if (strcmp(kw->names[i]->data, "_simple") == 0) {
            int t = ev_truth(I, kw->vals[i]);
            if (t < 0)
                return EV_ERR;
            simple = t;
        } else if (nk < 64) {
            kn[nk] = kw->names[i];
            kv[nk++] = kw->vals[i];
        } else
            return ev_raise(I, &ev_type_TypeError, "too many class keywords");
    }
    ev_kw rest = {nk, kn, kv};
    if (simple)
        return ev_meta_new(I, mcs, 3, argv + 1, &rest);
    ev_value enum_root = root(self, ROOT_ENUM);
    ev_value member_type, first_enum;
    if (get_mixins(I, name, bases, enum_root, &member_type, &first_enum))
        return EV_ERR;
    ev_incref(member_type);
    ev_incref(first_enum);
    ev_value ns = ev_dict_new(I), pairs = EV_ERR, cls = EV_ERR, new_fn = EV_NONE, order = EV_NONE;
    ev_dict *src = ev_as_dict(argv[3]);
    if (EV_IS_ERR(ns) || ev_dict_merge(I, ev_as_dict(ns), src))
        goto fail;
    /* __order__ is _order_ */
    ev_str *ok = S(I, "_order_"), *ok2 = S(I, "__order__"), *ik = S(I, "_ignore_");
    if (!ok || !ok2 || !ik)
        goto fail;
    ev_value *ov = ev_dict_lookup_str(ev_as_dict(ns), ok2);
    if (ov) {
        if (ev_dict_set_str(I, ev_as_dict(ns), ok, *ov) || ev_dict_del(I, ev_as_dict(ns), ev_obj_val(&ok2->h)) < 0)
            goto fail;
    }
    pairs = collect_members(I, name, ev_as_dict(ns), first_enum);
    if (EV_IS_ERR(pairs))
        goto fail;
    /* _ignore_: those names leave the namespace, and _ignore_ itself */
    ev_value *ig = ev_dict_lookup_str(ev_as_dict(ns), ik);
    if (ig) {
        ev_value ignore = ev_is(*ig, EV_O_STR) ? split_names(I, *ig) : ev_list_from_iterable(I, *ig);
        if (EV_IS_ERR(ignore))
            goto fail;
        for (size_t i = 0; i < ev_as_list(ignore)->len; i++)
            if (ev_dict_del(I, ev_as_dict(ns), ev_as_list(ignore)->items[i]) < 0) {
                ev_decref(I, ignore);
                goto fail;
            }
        ev_decref(I, ignore);
        if (ev_dict_del(I, ev_as_dict(ns), ev_obj_val(&ik->h)) < 0)
            goto fail;
    }
    const ev_list *pl = ev_as_list(pairs);
    for (size_t i = 0; i < pl->len; i++) {
        ev_str *mn = ev_as_str(ev_as_tuple(pl->items[i])->items[0]);
        if (strcmp(mn->data, "mro") == 0 || mn->len == 0) {
            ev_raise(I, &ev_type_ValueError, "invalid enum member name(s) '%s'", mn->data);
            goto fail;
        }
    }
    ov = ev_dict_lookup_str(ev_as_dict(ns), ok);
    if (ov) {
        order = ev_dup(*ov);
        if (ev_dict_del(I, ev_as_dict(ns), ev_obj_val(&ok->h)) < 0)
            goto fail;
    }
    /* _find_new_ */
    ev_value *nv = ev_dict_lookup_str(ev_as_dict(ns), I->dn[EV_DN_NEW]);
    bool save_new = false;
    if (nv) {
        new_fn = *nv;
        if (ev_is(new_fn, EV_O_WRAPPER) && ((ev_wrapper *)new_fn.u.o)->type == &ev_type_staticmethod)
            new_fn = ((ev_wrapper *)new_fn.u.o)->a;
        ev_incref(new_fn);
        save_new = !EV_IS_ERR(enum_root) && enum_root.tag != EV_T_NONE;
    } else {
        static const char *const how[] = {"__new_member__", "__new__"};
        for (int h = 0; h < 2 && new_fn.tag == EV_T_NONE; h++) {
            if (new_of(I, member_type, how[h], &new_fn))
                goto fail;
            if (new_fn.tag == EV_T_NONE && ev_is(first_enum, EV_O_TYPE)) {
                if (h == 0) {
                    ev_value *nm = ev_enum_state(I, (ev_type *)first_enum.u.o, "__new_member__");
                    if (nm && nm->tag != EV_T_NONE)
                        new_fn = ev_dup(*nm);
                } else if (new_of(I, first_enum, how[h], &new_fn))
                    goto fail;
            }
        }
    }
    bool use_args = new_fn.tag != EV_T_NONE;
    /* the members leave the namespace; their names keep a slot (None until
     * the member is made, CPython's _proto_member) */
    for (size_t i = 0; i < pl->len; i++)
        if (ev_dict_set(I, ev_as_dict(ns), ev_as_tuple(pl->items[i])->items[0], EV_NONE))
            goto fail;
    ev_value bnd = boundary;
    if (bnd.tag == EV_T_NONE && ev_is(first_enum, EV_O_TYPE)) {
        ev_value *fb = ev_enum_state(I, (ev_type *)first_enum.u.o, "_boundary_");
        if (fb)
            bnd = *fb;
    } else {
        int t = ev_truth(I, bnd);
        if (t < 0)
            goto fail;
        if (!t && ev_is(first_enum, EV_O_TYPE)) {
            ev_value *fb = ev_enum_state(I, (ev_type *)first_enum.u.o, "_boundary_");
            bnd = fb ? *fb : EV_NONE;
        }
    }
    ev_value on = use_args ? ev_dup(new_fn) : ev_enum_getattr(I, ev_obj_val(&ev_type_object.h), "__new__");
    if (put(I, ev_as_dict(ns), "_new_member_", on) || put(I, ev_as_dict(ns), "_use_args_", ev_bool(use_args)) ||
        put(I, ev_as_dict(ns), "_member_names_", ev_list_new(I, 0)) ||
        put(I, ev_as_dict(ns), "_member_map_", ev_dict_new(I)) ||
        put(I, ev_as_dict(ns), "_value2member_map_", ev_dict_new(I)) ||
        put(I, ev_as_dict(ns), "_unhashable_values_", ev_list_new(I, 0)) ||
        put(I, ev_as_dict(ns), "_member_type_", ev_dup(member_type)) ||
        put(I, ev_as_dict(ns), "_value_repr_", find_data_repr(I, bases)) ||
        put(I, ev_as_dict(ns), "_boundary_", ev_dup(bnd)) ||
        put(I, ev_as_dict(ns), "_flag_mask_", ev_int(0)) || put(I, ev_as_dict(ns), "_singles_mask_", ev_int(0)) ||
        put(I, ev_as_dict(ns), "_all_bits_", ev_int(0)) || put(I, ev_as_dict(ns), "_inverted_", EV_NONE))
        goto fail;
    ev_value cargs[3] = {argv[1], argv[2], ns};
    cls = ev_meta_new(I, mcs, 3, cargs, &rest);
    if (EV_IS_ERR(cls))
        goto fail;
    if (!ev_is(cls, EV_O_TYPE))
        goto done;
    ev_type *t = (ev_type *)cls.u.o;
    bool flag = ev_enum_is_flag(I, t);
    mk_ctx c = {cls, new_fn, member_type, use_args, flag};
    for (size_t i = 0; i < ev_as_list(pairs)->len; i++) {
        ev_value pr = ev_as_list(pairs)->items[i];
        if (add_member(I, &c, ev_as_tuple(pr)->items[0], ev_as_tuple(pr)->items[1]))
            goto fail;
    }
    I->class_version++; /* the members are in the namespace */
    /* ReprEnum in the bases: str() and format() are the data type's */
    ev_value repr_root = root(self, ROOT_REPR);
    bool repr_base = false;
    for (size_t i = 0; i < bases->len; i++)
        repr_base |= repr_root.tag != EV_T_NONE && bases->items[i].u.o == repr_root.u.o;
    if (repr_base) {
        if (ev_is(member_type, EV_O_TYPE) && (ev_type *)member_type.u.o == &ev_type_object) {
            ev_raise(I, &ev_type_TypeError,
                     "ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)");
            goto fail;
        }
        if (!ev_dict_lookup_str(src, I->dn[EV_DN_FORMAT])) {
            ev_value f = ev_enum_getattr(I, member_type, "__format__");
            if (EV_IS_ERR(f) || cls_put(I, cls, "__format__", f)) {
                if (!EV_IS_ERR(f))
                    ev_decref(I, f);
                goto fail;
            }
            ev_decref(I, f);
        }
        if (!ev_dict_lookup_str(src, I->dn[EV_DN_STR])) {
            ev_type *mt = (ev_type *)member_type.u.o;
            bool own_str = !ev_is_heaptype(mt) || provider(I, mt, "__str__");
            ev_value f = ev_enum_getattr(I, member_type, own_str ? "__str__" : "__repr__");
            if (EV_IS_ERR(f) || cls_put(I, cls, "__str__", f)) {
                if (!EV_IS_ERR(f))
                    ev_decref(I, f);
                goto fail;
            }
            ev_decref(I, f);
        }
    }
    static const char *const four[] = {"__repr__", "__str__", "__format__", "__reduce_ex__"};
    for (int i = 0; i < 4 && ev_is(first_enum, EV_O_TYPE); i++) {
        ev_str *k = S(I, four[i]);
        if (!k)
            goto fail;
        if (ev_dict_lookup_str(t->dict, k))
            continue;
        ev_type *p = provider(I, t, four[i]);
        if (p && ev_obj_val(&p->h).u.o != member_type.u.o)
            continue;
        ev_value *fm = ev_type_find(I, (ev_type *)first_enum.u.o, k);
        if (fm && cls_put(I, cls, four[i], *fm))
            goto fail;
    }
    ev_value flag_root = root(self, ROOT_FLAG);
    if (flag && ev_is(flag_root, EV_O_TYPE)) {
        for (int i = 0; flag_ops[i]; i++) {
            ev_str *k = S(I, flag_ops[i]);
            if (!k)
                goto fail;
            if (ev_dict_lookup_str(src, k))
                continue;
            ev_value *fm = ((ev_type *)flag_root.u.o)->dict ? ev_dict_lookup_str(((ev_type *)flag_root.u.o)->dict, k)
                                                             : NULL;
            if (fm && cls_put(I, cls, flag_ops[i], *fm))
                goto fail;
        }
    }
    if (ev_is(enum_root, EV_O_TYPE)) {
        if (save_new && cls_put(I, cls, "__new_member__", new_fn))
            goto fail;
        ev_value *en = ((ev_type *)enum_root.u.o)->dict ? ev_dict_lookup_str(((ev_type *)enum_root.u.o)->dict,
                                                                             I->dn[EV_DN_NEW])
                                                        : NULL;
        if (en && cls_put(I, cls, "__new__", *en))
            goto fail;
    }
    if (!flag) {
        if (cls_del(I, cls, "_boundary_") || cls_del(I, cls, "_flag_mask_") || cls_del(I, cls, "_singles_mask_") ||
            cls_del(I, cls, "_all_bits_") || cls_del(I, cls, "_inverted_"))
            goto fail;
    } else if (ev_enum_flag_finish(I, cls))
        goto fail;
    if (order.tag != EV_T_NONE && check_order(I, cls, order, flag))
        goto fail;
done:
    ev_decref(I, ns);
    ev_decref(I, pairs);
    ev_decref(I, new_fn);
    ev_decref(I, order);
    ev_decref(I, member_type);
    ev_decref(I, first_enum);
    return cls;
fail:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    cls = EV_ERR;
    if (EV_IS_ERR(ns))
        ns = EV_NONE;
    if (EV_IS_ERR(pairs))
        pairs = EV_NONE;
    goto done;
}

/* ---- the lookup by value (Enum.__new__) ------------------------------------------------ */

/* "%r is not a valid %s" % (value, cls.__qualname__) as a new exception value */
static ev_value not_valid(ev_interp *I, ev_value cls, ev_value value)
{
    ev_value qn = ev_enum_getattr(I, cls, "__qualname__");
    if (EV_IS_ERR(qn))
        return qn;
    ev_buf b = {0};
    int r = ev_buf_repr(I, &b, value) || ev_buf_puts(I, &b, " is not a valid ") ||
            (ev_is(qn, EV_O_STR) ? ev_buf_put(I, &b, ev_as_str(qn)->data, ev_as_str(qn)->len) : ev_buf_repr(I, &b, qn));
    ev_decref(I, qn);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static void raise_msg(ev_interp *I, ev_type *t, ev_value msg)
{
    if (EV_IS_ERR(msg))
        return;
    ev_raise(I, t, "%s", ev_as_str(msg)->data);
    ev_decref(I, msg);
}

/* CPython compares cls._boundary_ with `is`: only a FlagBoundary member
 * counts (a plain 'keep' is an unknown boundary) */
bool ev_enum_boundary_is(ev_interp *I, ev_type *t, const char *which)
{
    ev_value *b = ev_enum_state(I, t, "_boundary_");
    if (!b || !ev_is(*b, EV_O_STR) || !(b->u.o->flags & EV_OBJ_SUB))
        return false;
    ev_type *bt = ev_type_of(*b);
    if (strcmp(bt->name, "FlagBoundary") != 0 || !is_enum_type(I, ev_obj_val(&bt->h)) || !bt->dict)
        return false;
    ev_value *m = ev_dict_lookup_str(bt->dict, I->dn[EV_DN_MODULE]);
    return m && ev_is(*m, EV_O_STR) && strcmp(ev_as_str(*m)->data, "enum") == 0 &&
           strcmp(ev_as_str(*b)->data, which) == 0;
}

static bool is_eject(ev_interp *I, ev_type *t)
{
    return ev_enum_boundary_is(I, t, "eject");
}

static ev_value lookup_body(ev_interp *I, ev_value cls, ev_value value);

/* A level of the recursion limit around it: _missing_ may call the class
 * again (or be the class), a cycle of C calls otherwise unbounded */
ev_value ev_enum_lookup(ev_interp *I, ev_value cls, ev_value value)
{
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r = lookup_body(I, cls, value);
    ev_recursion_leave(I);
    return r;
}

static ev_value lookup_body(ev_interp *I, ev_value cls, ev_value value)
{
    if (!ev_is(cls, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "Enum.__new__(X): X is not a type object (%s)", ev_type_name(cls));
    ev_type *t = (ev_type *)cls.u.o;
    if (ev_type_of(value) == t)
        return ev_dup(value);
    ev_value v2m = state_of(I, t, "_value2member_map_", EV_O_DICT);
    if (EV_IS_ERR(v2m))
        return v2m;
    ev_incref(v2m);
    ev_value hit;
    int g = ev_dict_get(I, ev_as_dict(v2m), value, &hit);
    ev_decref(I, v2m);
    if (g == 1)
        return hit;
    if (g < 0) {
        if (!catch(I, &ev_type_TypeError))
            return EV_ERR;
        /* an unhashable value: compared with each member's */
        ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
        ev_value vals = EV_IS_ERR(map) ? map : ev_enum_getattr(I, map, "values");
        ev_value lst = EV_ERR;
        if (!EV_IS_ERR(vals)) {
            ev_value it = ev_call(I, vals, 0, NULL, 0, NULL, NULL);
            ev_decref(I, vals);
            lst = EV_IS_ERR(it) ? it : ev_list_from_iterable(I, it);
            if (!EV_IS_ERR(it))
                ev_decref(I, it);
        }
        if (EV_IS_ERR(lst))
            return EV_ERR;
        for (size_t i = 0; i < ev_as_list(lst)->len; i++) {
            ev_value m = ev_as_list(lst)->items[i];
            ev_value mv = ev_enum_getattr(I, m, "_value_");
            int eq = EV_IS_ERR(mv) ? -1 : equal(I, mv, value);
            if (!EV_IS_ERR(mv))
                ev_decref(I, mv);
            if (eq) {
                ev_value r = eq < 0 ? EV_ERR : ev_dup(m);
                ev_decref(I, lst);
                return r;
            }
        }
        ev_decref(I, lst);
    }
    ev_value mm = state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(mm))
        return mm;
    if (ev_as_dict(mm)->used == 0) {
        ev_buf b = {0};
        int r = ev_buf_repr(I, &b, cls) || ev_buf_puts(I, &b, " has no members defined");
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
        return EV_ERR;
    }
    /* _missing_ */
    ev_value exc = EV_NONE, result = EV_NONE;
    ev_value miss = ev_enum_getattr(I, cls, "_missing_");
    result = EV_IS_ERR(miss) ? miss : ev_call(I, miss, 1, &value, 0, NULL, NULL);
    if (!EV_IS_ERR(miss))
        ev_decref(I, miss);
    if (EV_IS_ERR(result)) {
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_Exception))
            return EV_ERR;
        exc = I->exc;
        I->exc = EV_NONE;
        result = EV_NONE;
    }
    int inst = ev_isinstance(I, result, cls);
    if (inst < 0)
        goto fail;
    if (inst) {
        ev_decref(I, exc);
        return result;
    }
    if (ev_enum_is_flag(I, t) && is_eject(I, t) && ev_is_int(result)) {
        ev_decref(I, exc);
        return result;
    }
    ev_value msg = not_valid(I, cls, value);
    if (EV_IS_ERR(msg))
        goto fail;
    if (result.tag == EV_T_NONE && exc.tag == EV_T_NONE) {
        raise_msg(I, &ev_type_ValueError, msg);
        ev_decref(I, result);
        return EV_ERR;
    }
    if (exc.tag == EV_T_NONE) {
        ev_buf b = {0};
        int r = ev_buf_printf(I, &b, "error in %s._missing_: returned ", t->name) || ev_buf_repr(I, &b, result) ||
                ev_buf_puts(I, &b, " instead of None or a valid member");
        ev_value m2 = r ? EV_ERR : ev_buf_to_str(I, &b);
        if (r)
            ev_buf_free(I, &b);
        if (EV_IS_ERR(m2)) {
            ev_decref(I, msg);
            goto fail;
        }
        ev_value targ = m2;
        exc = ev_call(I, ev_obj_val(&ev_type_TypeError.h), 1, &targ, 0, NULL, NULL);
        ev_decref(I, m2);
        if (EV_IS_ERR(exc)) {
            exc = EV_NONE;
            ev_decref(I, msg);
            goto fail;
        }
    }
    if (!ev_type_is_subclass(((ev_exc *)exc.u.o)->type, &ev_type_ValueError)) {
        /* exc.__context__ = the ValueError */
        ev_value ve = ev_call(I, ev_obj_val(&ev_type_ValueError.h), 1, &msg, 0, NULL, NULL);
        if (EV_IS_ERR(ve) || ev_enum_setattr(I, exc, "__context__", ve)) {
            if (!EV_IS_ERR(ve))
                ev_decref(I, ve);
            ev_decref(I, msg);
            goto fail;
        }
        ev_decref(I, ve);
    }
    ev_decref(I, msg);
    ev_decref(I, result);
    return ev_raise_value(I, exc);
fail:
    ev_decref(I, exc);
    ev_decref(I, result);
    return EV_ERR;
}

/* Enum.__new__(cls, value): what cls(value) reaches */
static ev_value enum_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw) || argc != 2)
        return ev_raise(I, &ev_type_TypeError, "Enum.__new__() takes 2 positional arguments but %d were given", argc);
    return ev_enum_lookup(I, argv[0], argv[1]);
}
static const ev_builtin_def enum_new_def = {"__new__", enum_new, 0, -1, EV_BF_KWANY};

/* ---- EnumType's other methods ------------------------------------------------------------- */

static ev_type *enum_cls(ev_interp *I, const ev_value *argv, int argc, const char *what)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "descriptor '%s' requires a 'EnumType' object", what);
        return NULL;
    }
    return (ev_type *)argv[0].u.o;
}

/* [cls._member_map_[name] for name in cls._member_names_], a new list */
static ev_value member_list(ev_interp *I, ev_type *t)
{
    ev_value names = state_of(I, t, "_member_names_", EV_O_LIST);
    if (EV_IS_ERR(names))
        return names;
    ev_value snap = ev_list_from_iterable(I, names);
    if (EV_IS_ERR(snap))
        return snap;
    ev_value out = ev_list_new(I, ev_as_list(snap)->len);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(snap)->len; i++) {
        ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
        if (!EV_IS_ERR(map))
            ev_incref(map);
        ev_value m = EV_IS_ERR(map) ? map : ev_getitem(I, map, ev_as_list(snap)->items[i]);
        if (!EV_IS_ERR(map))
            ev_decref(I, map);
        if (EV_IS_ERR(m) || ev_list_append(I, ev_as_list(out), m)) {
            if (!EV_IS_ERR(m))
                ev_decref(I, m);
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        ev_decref(I, m);
    }
    ev_decref(I, snap);
    return out;
}

/* Makes a new enum class through the functional API (EnumType._create_) */
static ev_value create(ev_interp *I, ev_value roots, ev_value cls, ev_value class_name, ev_value names,
                       ev_value module, ev_value qualname, ev_value type, ev_value start, ev_value boundary)
{
    ev_value bases = ev_tuple_new(I, type.tag == EV_T_NONE ? 1 : 2);
    if (EV_IS_ERR(bases))
        return bases;
    if (type.tag == EV_T_NONE)
        ev_as_tuple(bases)->items[0] = ev_dup(cls);
    else {
        ev_as_tuple(bases)->items[0] = ev_dup(type);
        ev_as_tuple(bases)->items[1] = ev_dup(cls);
    }
    ev_value cd = ev_dict_new(I), items = EV_ERR, result = EV_ERR, src = EV_ERR;
    if (EV_IS_ERR(cd))
        goto out;
    ev_value mt, first_enum;
    if (ev_is(class_name, EV_O_STR) &&
        get_mixins(I, ev_as_str(class_name), ev_as_tuple(bases), root(roots, ROOT_ENUM), &mt, &first_enum))
        goto out;
    first_enum = cls;
    src = ev_is(names, EV_O_STR) ? split_names(I, names) : ev_dup(names);
    if (EV_IS_ERR(src))
        goto out;
    bool named = false;
    if ((ev_is(src, EV_O_LIST) || ev_is(src, EV_O_TUPLE))) {
        ev_value l = ev_list_from_iterable(I, src);
        if (EV_IS_ERR(l))
            goto out;
        named = ev_as_list(l)->len > 0 && ev_is(ev_as_list(l)->items[0], EV_O_STR);
        if (named) {
            items = ev_list_new(I, 0);
            ev_value last = EV_IS_ERR(items) ? items : ev_list_new(I, 0);
            ev_value gen = EV_IS_ERR(last) ? last : ev_enum_getattr(I, first_enum, "_generate_next_value_");
            for (size_t i = 0; !EV_IS_ERR(gen) && i < ev_as_list(l)->len; i++) {
                ev_value nm = ev_as_list(l)->items[i];
                ev_value lv = ev_list_from_iterable(I, last);
                ev_value ga[4] = {nm, start, ev_int((int64_t)i), lv};
                ev_value v = EV_IS_ERR(lv) ? lv : ev_call(I, gen, 4, ga, 0, NULL, NULL);
                if (!EV_IS_ERR(lv))
                    ev_decref(I, lv);
                ev_value pr = EV_IS_ERR(v) ? v : ev_tuple_new(I, 2);
                if (EV_IS_ERR(pr) || ev_list_append(I, ev_as_list(last), v)) {
                    if (!EV_IS_ERR(v))
                        ev_decref(I, v);
                    if (!EV_IS_ERR(pr))
                        ev_decref(I, pr);
                    ev_decref(I, gen);
                    gen = EV_ERR;
                    break;
                }
                ev_as_tuple(pr)->items[0] = ev_dup(nm);
                ev_as_tuple(pr)->items[1] = v;
                int r = ev_list_append(I, ev_as_list(items), pr);
                ev_decref(I, pr);
                if (r) {
                    ev_decref(I, gen);
                    gen = EV_ERR;
                    break;
                }
            }
            if (!EV_IS_ERR(last))
                ev_decref(I, last);
            ev_decref(I, l);
            if (EV_IS_ERR(gen))
                goto out;
            ev_decref(I, gen);
        } else
            ev_decref(I, l);
    }
    if (!named)
        items = ev_list_from_iterable(I, src);
    if (EV_IS_ERR(items))
        goto out;
    for (size_t i = 0; i < ev_as_list(items)->len; i++) {
        ev_value it = ev_as_list(items)->items[i], k, v;
        if (ev_is(it, EV_O_STR)) {
            k = ev_dup(it);
            v = ev_getitem(I, src, it);
        } else {
            ev_value t2 = ev_tuple_from_iterable(I, it);
            if (EV_IS_ERR(t2))
                goto out;
            if (ev_as_tuple(t2)->len != 2) {
                ev_raise(I, &ev_type_ValueError, ev_as_tuple(t2)->len > 2 ? "too many values to unpack (expected 2)"
                                                                         : "not enough values to unpack (expected 2, got %zu)",
                         ev_as_tuple(t2)->len);
                ev_decref(I, t2);
                goto out;
            }
            k = ev_dup(ev_as_tuple(t2)->items[0]);
            v = ev_dup(ev_as_tuple(t2)->items[1]);
            ev_decref(I, t2);
        }
        int r = EV_IS_ERR(v) ? -1 : ev_dict_set(I, ev_as_dict(cd), k, v);
        ev_decref(I, k);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
        if (r)
            goto out;
    }
    if (module.tag == EV_T_NONE) {
        module = ev_str_from_cstr(I, "__main__");
        if (EV_IS_ERR(module))
            goto out;
    } else
        ev_incref(module);
    int r = put(I, ev_as_dict(cd), "__module__", module);
    if (r || (qualname.tag != EV_T_NONE && put(I, ev_as_dict(cd), "__qualname__", ev_dup(qualname))))
        goto out;
    ev_value na[4] = {ev_obj_val(&ev_meta_of((ev_type *)cls.u.o)->h), class_name, bases, cd};
    ev_str *bk = S(I, "boundary");
    if (!bk)
        goto out;
    ev_kw kw = {1, &bk, &boundary};
    result = et_new(I, roots, 4, na, &kw);
out:
    ev_decref(I, bases);
    if (!EV_IS_ERR(cd))
        ev_decref(I, cd);
    if (!EV_IS_ERR(items))
        ev_decref(I, items);
    if (!EV_IS_ERR(src))
        ev_decref(I, src);
    return result;
}

/* EnumType.__call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None) */
static ev_value et_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const kn[] = {"value", "names", "module", "qualname", "type", "start", "boundary"};
    ev_value a[7] = {EV_ERR, EV_NONE, EV_NONE, EV_NONE, EV_NONE, ev_int(1), EV_NONE};
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__call__' requires a 'EnumType' object");
    if (argc > 3)
        return ev_raise(I, &ev_type_TypeError,
                        "EnumType.__call__() takes from 2 to 3 positional arguments but %d were given", argc);
    for (int i = 1; i < argc; i++)
        a[i - 1] = argv[i];
    for (int i = 0; i < EV_KW_N(kw); i++) {
        int j = 0;
        while (j < 7 && strcmp(kw->names[i]->data, kn[j]) != 0)
            j++;
        if (j == 7)
            return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() got an unexpected keyword argument '%s'",
                            kw->names[i]->data);
        if (j < argc - 1)
            return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() got multiple values for argument '%s'",
                            kn[j]);
        a[j] = kw->vals[i];
    }
    if (EV_IS_ERR(a[0]))
        return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() missing 1 required positional argument: 'value'");
    if (a[1].tag == EV_T_NONE)
        return ev_enum_lookup(I, argv[0], a[0]);
    (void)self;
    return create(I, roots_of(I, ev_meta_of((ev_type *)argv[0].u.o)), argv[0], a[0], a[1], a[2], a[3], a[4], a[5],
                  a[6]);
}
SHIFTED(et_call)
static const ev_builtin_def et_call_def = {"__call__", et_call_m, 0, -1, EV_BF_KWANY};

static ev_value et_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__getitem__");
    if (!t)
        return EV_ERR;
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__getitem__() takes 2 positional arguments but %d were given", argc);
    ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(map))
        return map;
    ev_incref(map); /* the key's __hash__/__eq__ may rebind it */
    ev_value r = ev_getitem(I, map, argv[1]);
    ev_decref(I, map);
    return r;
}

/* __getattr__: the member of that name (what the class namespace did not have) */
static ev_value et_getattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__getattr__");
    if (!t)
        return EV_ERR;
    if (argc != 2 || !ev_is(argv[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "__getattr__() takes a name");
    ev_value name = argv[1];
    if (!is_dunder(ev_as_str(name))) {
        ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
        if (EV_IS_ERR(map))
            return map;
        ev_incref(map);
        ev_value hit;
        int g = ev_dict_get(I, ev_as_dict(map), name, &hit);
        ev_decref(I, map);
        if (g)
            return g < 0 ? EV_ERR : hit;
    }
    ev_value e = ev_call(I, ev_obj_val(&ev_type_AttributeError.h), 1, &name, 0, NULL, NULL);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* __setattr__ / __delattr__: members cannot be rebound or deleted */
static ev_value et_setattr_common(ev_interp *I, int argc, const ev_value *argv, bool del)
{
    ev_type *t = enum_cls(I, argv, argc, del ? "__delattr__" : "__setattr__");
    if (!t)
        return EV_ERR;
    if (argc != (del ? 2 : 3) || !ev_is(argv[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "%s() takes a name%s", del ? "__delattr__" : "__setattr__",
                        del ? "" : " and a value");
    ev_value name = argv[1];
    /* __setattr__ reads cls.__dict__['_member_map_'], __delattr__ cls._member_map_ */
    ev_str *mk = S(I, "_member_map_");
    if (!mk)
        return EV_ERR;
    ev_value *mp = del ? ev_type_find(I, t, mk) : (t->dict ? ev_dict_lookup_str(t->dict, mk) : NULL);
    if (mp) {
        ev_value map = ev_dup(*mp);
        int in = ev_contains(I, map, name);
        ev_decref(I, map);
        if (in < 0)
            return EV_ERR;
        if (in) {
            ev_buf b = {0};
            int r = del ? ev_buf_printf(I, &b, "'%s' cannot delete member ", t->name) || ev_buf_repr(I, &b, name) ||
                              ev_buf_puts(I, &b, ".")
                        : ev_buf_puts(I, &b, "cannot reassign member ") || ev_buf_repr(I, &b, name);
            if (r) {
                ev_buf_free(I, &b);
                return EV_ERR;
            }
            raise_msg(I, &ev_type_AttributeError, ev_buf_to_str(I, &b));
            return EV_ERR;
        }
    }
    ev_str *k = ev_intern(I, ev_as_str(name)->data, ev_as_str(name)->len);
    if (!k)
        return ev_raise_nomem(I);
    return ev_type_setattr(I, t, k, del ? EV_ERR : argv[2]) ? EV_ERR : EV_NONE;
}

static ev_value et_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    return et_setattr_common(I, argc, argv, false);
}

static ev_value et_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    return et_setattr_common(I, argc, argv, true);
}

/* set.add(name) for a C string */
static int set_add_c(ev_interp *I, ev_value set, const char *name)
{
    ev_value n = ev_str_from_cstr(I, name);
    if (EV_IS_ERR(n))
        return -1;
    ev_value add = ev_enum_getattr(I, set, "add");
    ev_value r = EV_IS_ERR(add) ? add : ev_call(I, add, 1, &n, 0, NULL, NULL);
    if (!EV_IS_ERR(add))
        ev_decref(I, add);
    ev_decref(I, n);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* sorted(iterable) */
static ev_value sorted_list(ev_interp *I, ev_value it)
{
    ev_value l = ev_list_from_iterable(I, it);
    if (EV_IS_ERR(l))
        return l;
    ev_value sf = ev_enum_getattr(I, l, "sort");
    ev_value r = EV_IS_ERR(sf) ? sf : ev_call(I, sf, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(sf))
        ev_decref(I, sf);
    if (EV_IS_ERR(r)) {
        ev_decref(I, l);
        return r;
    }
    ev_decref(I, r);
    return l;
}

/* EnumType.__dir__: the interesting names, the members, and the data type's */
static ev_value et_dir(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__dir__");
    if (!t)
        return EV_ERR;
    ev_value set = ev_call(I, ev_obj_val(&ev_type_set.h), 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(set))
        return set;
    static const char *const names[] = {"__class__", "__contains__", "__doc__", "__getitem__", "__iter__",
                                        "__len__", "__members__", "__module__", "__name__", "__qualname__",
                                        "__init_subclass__", NULL};
    ev_value r = EV_ERR;
    for (int i = 0; names[i]; i++)
        if (set_add_c(I, set, names[i]))
            goto out;
    ev_value mn = ev_enum_getattr(I, argv[0], "_member_names_");
    ev_value u = EV_IS_ERR(mn) ? mn : ev_enum_getattr(I, set, "update");
    ev_value ur = EV_IS_ERR(u) ? u : ev_call(I, u, 1, &mn, 0, NULL, NULL);
    if (!EV_IS_ERR(mn))
        ev_decref(I, mn);
    if (!EV_IS_ERR(u))
        ev_decref(I, u);
    if (EV_IS_ERR(ur))
        goto out;
    ev_decref(I, ur);
    ev_value ua = ev_enum_getattr(I, argv[0], "_use_args_");
    int use = EV_IS_ERR(ua) ? -1 : ev_truth(I, ua);
    if (!EV_IS_ERR(ua))
        ev_decref(I, ua);
    if (use < 0 || (use && set_add_c(I, set, "__new__")))
        goto out;
    ev_value mt = ev_enum_getattr(I, argv[0], "_member_type_");
    if (EV_IS_ERR(mt))
        goto out;
    if (!(ev_is(mt, EV_O_TYPE) && (ev_type *)mt.u.o == &ev_type_object)) {
        /* set(dir(member_type)) | interesting */
        ev_str *dk = S(I, "dir");
        ev_value *dirf = dk && I->builtins ? ev_dict_lookup_str(I->builtins, dk) : NULL;
        ev_value d = dirf ? ev_call(I, *dirf, 1, &mt, 0, NULL, NULL)
                          : ev_raise(I, &ev_type_NameError, "name 'dir' is not defined");
        ev_value u2 = EV_IS_ERR(d) ? d : ev_enum_getattr(I, set, "update");
        ev_value ur2 = EV_IS_ERR(u2) ? u2 : ev_call(I, u2, 1, &d, 0, NULL, NULL);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        if (!EV_IS_ERR(u2))
            ev_decref(I, u2);
        if (EV_IS_ERR(ur2)) {
            ev_decref(I, mt);
            goto out;
        }
        ev_decref(I, ur2);
    }
    ev_decref(I, mt);
    r = sorted_list(I, set);
out:
    ev_decref(I, set);
    return r;
}

static ev_value et_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__iter__");
    if (!t)
        return EV_ERR;
    ev_value l = member_list(I, t);
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

static ev_value et_reversed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__reversed__");
    if (!t)
        return EV_ERR;
    ev_value l = member_list(I, t);
    if (EV_IS_ERR(l))
        return l;
    ev_list *lp = ev_as_list(l);
    for (size_t i = 0, j = lp->len ? lp->len - 1 : 0; i < j; i++, j--) {
        ev_value x = lp->items[i];
        lp->items[i] = lp->items[j];
        lp->items[j] = x;
    }
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

static ev_value et_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__len__");
    if (!t)
        return EV_ERR;
    ev_value names = state_of(I, t, "_member_names_", EV_O_LIST);
    return EV_IS_ERR(names) ? names : ev_int((int64_t)ev_as_list(names)->len);
}

static ev_value et_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__contains__");
    if (!t)
        return EV_ERR;
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__contains__() takes 2 positional arguments but %d were given", argc);
    (void)self;
    ev_value er = root(roots_of(I, ev_meta_of(t)), ROOT_ENUM);
    int is_enum = ev_is(er, EV_O_TYPE) ? ev_isinstance(I, argv[1], er) : 0;
    if (is_enum < 0)
        return EV_ERR;
    if (!is_enum) {
        ev_value tq = ev_enum_getattr(I, ev_obj_val(&ev_type_of(argv[1])->h), "__qualname__");
        ev_value mq = EV_IS_ERR(tq) ? tq : ev_enum_getattr(I, ev_obj_val(&ev_meta_of(t)->h), "__qualname__");
        if (!EV_IS_ERR(mq) && ev_is(tq, EV_O_STR) && ev_is(mq, EV_O_STR))
            ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for 'in': '%s' and '%s'", ev_as_str(tq)->data,
                     ev_as_str(mq)->data);
        if (!EV_IS_ERR(tq))
            ev_decref(I, tq);
        if (!EV_IS_ERR(mq))
            ev_decref(I, mq);
        return EV_ERR;
    }
    int inst = ev_isinstance(I, argv[1], argv[0]);
    if (inst <= 0)
        return inst < 0 ? EV_ERR : EV_FALSE;
    ev_value nm = ev_enum_getattr(I, argv[1], "_name_");
    if (EV_IS_ERR(nm))
        return nm;
    ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
    if (!EV_IS_ERR(map))
        ev_incref(map);
    int in = EV_IS_ERR(map) ? -1 : ev_contains(I, map, nm);
    if (!EV_IS_ERR(map))
        ev_decref(I, map);
    ev_decref(I, nm);
    return in < 0 ? EV_ERR : ev_bool(in);
}

static ev_value et_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__repr__");
    if (!t)
        return EV_ERR;
    ev_value n = ev_enum_getattr(I, argv[0], "__name__");
    if (EV_IS_ERR(n))
        return n;
    ev_buf b = {0};
    int r = ev_buf_puts(I, &b, ev_enum_is_flag(I, t) ? "<flag " : "<enum ") || ev_buf_repr(I, &b, n) ||
            ev_buf_puts(I, &b, ">");
    ev_decref(I, n);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value et_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)self; (void)argc; (void)argv; (void)kw;
    return EV_TRUE;
}

/* __members__: a read-only view of _member_map_ */
static ev_value et_members(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__members__");
    if (!t)
        return EV_ERR;
    ev_value map = state_of(I, t, "_member_map_", EV_O_DICT);
    return EV_IS_ERR(map) ? map : ev_mappingproxy_new(I, ev_as_dict(map));
}

SHIFTED(et_getitem)
SHIFTED(et_getattr)
SHIFTED(et_dir)
SHIFTED(et_setattr)
SHIFTED(et_delattr)
SHIFTED(et_iter)
SHIFTED(et_reversed)
SHIFTED(et_len)
SHIFTED(et_contains)
SHIFTED(et_repr)
SHIFTED(et_bool)
static const ev_builtin_def et_new_def = {"__new__", et_new, 0, -1, EV_BF_KWANY};
static const ev_builtin_def et_methods[] = {
    {"__getitem__", et_getitem_m, 0, -1, EV_BF_KWANY},
    {"__getattr__", et_getattr_m, 0, -1, EV_BF_KWANY},
    {"__dir__", et_dir_m, 0, -1, EV_BF_KWANY},
    {"__setattr__", et_setattr_m, 0, -1, EV_BF_KWANY},
    {"__delattr__", et_delattr_m, 0, -1, EV_BF_KWANY},
    {"__iter__", et_iter_m, 0, -1, EV_BF_KWANY},
    {"__reversed__", et_reversed_m, 0, -1, EV_BF_KWANY},
    {"__len__", et_len_m, 0, -1, EV_BF_KWANY},
    {"__contains__", et_contains_m, 0, -1, EV_BF_KWANY},
    {"__repr__", et_repr_m, 0, -1, EV_BF_KWANY},
    {"__bool__", et_bool_m, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0, NULL},
};
static const ev_builtin_def et_members_def = {"__members__", et_members, 1, 1, 0};

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
        if (set_add_c(I, set, names[i]))
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
        if (!catch(I, &ev_type_AttributeError))
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
        r = sorted_list(I, set);
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
        int eq = EV_IS_ERR(top) ? -1 : equal(I, last, top);
        if (!EV_IS_ERR(top))
            ev_decref(I, top);
        if (eq == 1)
            r = ev_binary(I, EV_OP_ADD, last, ev_int(1));
        else if (eq == 0)
            (void)ev_raise(I, &ev_type_TypeError, "unsortable");
    }
    ev_decref(I, last);
    if (!EV_IS_ERR(r) || !catch(I, &ev_type_TypeError))
        return r;
    /* the old way: the first value that takes + 1 */
    ev_value l = ev_list_from_iterable(I, lv);
    if (EV_IS_ERR(l))
        return l;
    for (size_t i = ev_as_list(l)->len; i-- > 0;) {
        r = ev_binary(I, EV_OP_ADD, ev_as_list(l)->items[i], ev_int(1));
        if (!EV_IS_ERR(r) || !catch(I, &ev_type_TypeError)) {
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
        raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
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
        raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
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
        int eq = equal(I, nm, mn);
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
    raise_msg(I, &ev_type_ValueError, ev_buf_to_str(I, &m));
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
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "enum")) ||
        put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE)) {
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
    ev_str *nm = S(I, name);
    if (EV_IS_ERR(bases) || !nm)
        goto out;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto out;
    for (int i = 0; methods[i]; i++)
        if (put(I, ((ev_type *)cls.u.o)->dict, methods[i]->name, method(I, methods[i], cls))) {
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
    ev_str *bk = S(I, "boundary");
    if (!bk)
        goto out;
    ev_kw kw = {1, &bk, &boundary};
    r = et_new(I, roots, 4, a, &kw);
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
    &auto_init_def, &auto_repr_def, &auto_ops[0], &auto_ops[1], &auto_ops[2],  &auto_ops[3],  &auto_ops[4],
    &auto_ops[5],   &auto_ops[6],   &auto_ops[7], &auto_ops[8], &auto_ops[9],  &auto_ops[10], &auto_ops[11],
    &auto_ops[12],  &auto_ops[13],  &auto_ops[14], NULL};
static const ev_builtin_def *const member_methods[] = {&member_init_def, NULL};
static const ev_builtin_def *const nonmember_methods[] = {&nonmember_init_def, NULL};
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
    if (put(I, ev_as_dict(d), "__new__", wrapped(I, &ev_type_staticmethod, &et_new_def, roots)) ||
        put(I, ev_as_dict(d), "__members__", wrapped(I, &ev_type_property, &et_members_def, EV_NONE)))
        goto out;
    ev_str *etn = S(I, "EnumType");
    if (!etn)
        goto out;
    et = ev_class_new(I, NULL, etn, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(et))
        goto out;
    ev_dict *etd = ((ev_type *)et.u.o)->dict;
    if (put(I, etd, "__call__", method(I, &et_call_def, et)))
        goto out;
    for (const ev_builtin_def *m = et_methods; m->name; m++)
        if (put(I, etd, m->name, method(I, m, et)))
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
    int r = EV_IS_ERR(c) || put(I, ((ev_type *)c.u.o)->dict, "_auto_null", null_inst) ||
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
        if (put(I, ed, m->name, method(I, m, enum_c)))
            goto out;
    if (put(I, ed, "__hash__", method(I, &enum_hash_def, enum_c)) ||
        put(I, ed, "__new__", wrapped(I, &ev_type_staticmethod, &enum_new_def, EV_NONE)) ||
        put(I, ed, "name", ro_property(I, &enum_name_def, &enum_name_set_def)) ||
        put(I, ed, "value", ro_property(I, &enum_value_def, &enum_value_set_def)) ||
        put(I, ed, "_generate_next_value_", ev_builtin_new(I, &enum_next_def, EV_NONE)) ||
        put(I, ed, "_missing_", wrapped(I, &ev_type_classmethod, &enum_missing_def, EV_NONE)))
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
    if (EV_IS_ERR(d) || put(I, ev_as_dict(d), "__new__", wrapped(I, &ev_type_staticmethod, &strenum_new_def, EV_NONE)) ||
        put(I, ev_as_dict(d), "_generate_next_value_", ev_builtin_new(I, &strenum_next_def, EV_NONE)))
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
    ev_value autoc = ev_dict_lookup_str(mns, S(I, "auto")) ? *ev_dict_lookup_str(mns, S(I, "auto")) : EV_ERR;
    for (int i = 0; !r && !EV_IS_ERR(d) && !EV_IS_ERR(autoc) && i < 4; i++) {
        ev_value a = ev_call(I, autoc, 0, NULL, 0, NULL, NULL);
        r = put(I, ev_as_dict(d), bnames[i], a);
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
        if (put(I, ev_as_dict(d), m->name, method(I, m, enum_c)))
            goto out;
    if (put(I, ev_as_dict(d), "_generate_next_value_", ev_builtin_new(I, &ev_enum_flag_next_def, EV_NONE)) ||
        put(I, ev_as_dict(d), "_missing_", wrapped(I, &ev_type_classmethod, &ev_enum_flag_missing_def, EV_NONE)) ||
        put(I, ev_as_dict(d), "_numeric_repr_", ev_enum_getattr(I, ev_obj_val(&ev_type_int.h), "__repr__")))
        goto out;
    ev_value conform = ev_enum_getattr(I, fb, "STRICT"), keep = EV_ERR; /* Flag(Enum, boundary=STRICT) */
    flag_c = EV_IS_ERR(conform) ? conform : make_enum(I, roots, et, "Flag", enum_c, EV_ERR, EV_ERR, d, conform);
    if (!EV_IS_ERR(conform))
        ev_decref(I, conform);
    if (EV_IS_ERR(flag_c))
        goto out;
    for (const ev_builtin_def *m = ev_enum_flag_methods; m->name; m++)
        if (put(I, ((ev_type *)flag_c.u.o)->dict, m->name, method(I, m, flag_c)))
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
        if (put(I, ev_as_dict(d), cnames[i], ev_str_from_cstr(I, cvals[i])))
            goto out;
    ev_value se = ev_dict_lookup_str(mns, S(I, "StrEnum")) ? *ev_dict_lookup_str(mns, S(I, "StrEnum")) : EV_ERR;
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
