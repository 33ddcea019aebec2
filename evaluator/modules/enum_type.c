/*
 * enum_type.c - the enum module's lookup by value and EnumType's methods,
 * CPython 3.11 behaviour (Lib/enum.py: EnumType.__call__, Enum.__new__ and
 * _missing_, EnumType._create_ for the functional API, and EnumType's
 * __getitem__, __getattr__, __dir__, __setattr__/__delattr__, __iter__,
 * __reversed__, __len__, __contains__, __repr__, __bool__ and __members__).
 * The class creation is in enum_class.c, the rest of the module in enum.c.
 */
#include <string.h>

#include "evaluator/modules/enum_int.h"

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

void ev_enum_raise_msg(ev_interp *I, ev_type *t, ev_value msg)
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
    if (strcmp(bt->name, "FlagBoundary") != 0 || !ev_enum_is_enum_type(I, ev_obj_val(&bt->h)) || !bt->dict)
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
    ev_value v2m = ev_enum_state_of(I, t, "_value2member_map_", EV_O_DICT);
    if (EV_IS_ERR(v2m))
        return v2m;
    ev_incref(v2m);
    ev_value hit;
    int g = ev_dict_get(I, ev_as_dict(v2m), value, &hit);
    ev_decref(I, v2m);
    if (g == 1)
        return hit;
    if (g < 0) {
        if (!ev_enum_catch(I, &ev_type_TypeError))
            return EV_ERR;
        /* an unhashable value: compared with each member's */
        ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
            int eq = EV_IS_ERR(mv) ? -1 : ev_enum_equal(I, mv, value);
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
    ev_value mm = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(mm))
        return mm;
    if (ev_as_dict(mm)->used == 0) {
        ev_buf b = {0};
        int r = ev_buf_repr(I, &b, cls) || ev_buf_puts(I, &b, " has no members defined");
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_enum_raise_msg(I, &ev_type_TypeError, ev_buf_to_str(I, &b));
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
        ev_enum_raise_msg(I, &ev_type_ValueError, msg);
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
const ev_builtin_def ev_enum_new_def = {"__new__", enum_new, 0, -1, EV_BF_KWANY};

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
    ev_value names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
    if (EV_IS_ERR(names))
        return names;
    ev_value snap = ev_list_from_iterable(I, names);
    if (EV_IS_ERR(snap))
        return snap;
    ev_value out = ev_list_new(I, ev_as_list(snap)->len);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(snap)->len; i++) {
        ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
        ev_enum_get_mixins(I, ev_as_str(class_name), ev_as_tuple(bases), ev_enum_root(roots, ROOT_ENUM), &mt, &first_enum))
        goto out;
    first_enum = cls;
    src = ev_is(names, EV_O_STR) ? ev_enum_split_names(I, names) : ev_dup(names);
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
    int r = ev_enum_put(I, ev_as_dict(cd), "__module__", module);
    if (r || (qualname.tag != EV_T_NONE && ev_enum_put(I, ev_as_dict(cd), "__qualname__", ev_dup(qualname))))
        goto out;
    ev_value na[4] = {ev_obj_val(&ev_meta_of((ev_type *)cls.u.o)->h), class_name, bases, cd};
    ev_str *bk = ev_enum_intern(I, "boundary");
    if (!bk)
        goto out;
    ev_kw kw = {1, &bk, &boundary};
    result = ev_enum_et_new(I, roots, 4, na, &kw);
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
    return create(I, ev_enum_roots_of(I, ev_meta_of((ev_type *)argv[0].u.o)), argv[0], a[0], a[1], a[2], a[3], a[4], a[5],
                  a[6]);
}
SHIFTED(et_call)
const ev_builtin_def ev_enum_et_call_def = {"__call__", et_call_m, 0, -1, EV_BF_KWANY};

static ev_value et_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_type *t = enum_cls(I, argv, argc, "__getitem__");
    if (!t)
        return EV_ERR;
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "__getitem__() takes 2 positional arguments but %d were given", argc);
    ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
    if (!ev_enum_is_dunder(ev_as_str(name))) {
        ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
    ev_str *mk = ev_enum_intern(I, "_member_map_");
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
            ev_enum_raise_msg(I, &ev_type_AttributeError, ev_buf_to_str(I, &b));
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
int ev_enum_set_add_c(ev_interp *I, ev_value set, const char *name)
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
ev_value ev_enum_sorted_list(ev_interp *I, ev_value it)
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
        if (ev_enum_set_add_c(I, set, names[i]))
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
    if (use < 0 || (use && ev_enum_set_add_c(I, set, "__new__")))
        goto out;
    ev_value mt = ev_enum_getattr(I, argv[0], "_member_type_");
    if (EV_IS_ERR(mt))
        goto out;
    if (!(ev_is(mt, EV_O_TYPE) && (ev_type *)mt.u.o == &ev_type_object)) {
        /* set(dir(member_type)) | interesting */
        ev_str *dk = ev_enum_intern(I, "dir");
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
    r = ev_enum_sorted_list(I, set);
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
    ev_value names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
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
    ev_value er = ev_enum_root(ev_enum_roots_of(I, ev_meta_of(t)), ROOT_ENUM);
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
    ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
    ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
const ev_builtin_def ev_enum_et_new_def = {"__new__", ev_enum_et_new, 0, -1, EV_BF_KWANY};
const ev_builtin_def ev_enum_et_methods[] = {
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
const ev_builtin_def ev_enum_et_members_def = {"__members__", et_members, 1, 1, 0};
