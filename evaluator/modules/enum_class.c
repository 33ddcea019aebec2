/*
 * enum_class.c - the enum module's class creation, CPython 3.11 behaviour
 * (Lib/enum.py: EnumType.__new__, _EnumDict, _proto_member.__set_name__):
 * the namespace a class body filled is walked for its members (auto(),
 * member(), nonmember(), _ignore_, _generate_next_value_), the mixins and
 * the data type are found, the class is made through type.__new__ and each
 * member is made and registered in _member_names_, _member_map_ and
 * _value2member_map_; then the Flag part and _order_ are checked.  The
 * module's root classes (Enum, ReprEnum, Flag) travel in the tuple the C
 * __new__ is bound to.  The rest of the module is in enum.c (see there).
 */
#include <string.h>

#include "evaluator/modules/enum_int.h"

/* ---- small helpers ------------------------------------------------------------------------ */

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
int ev_enum_equal(ev_interp *I, ev_value a, ev_value b)
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
        if (!ev_enum_catch(I, &ev_type_AttributeError))
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
    ev_value names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
    if (EV_IS_ERR(names) || ev_enum_setattr(I, member, "_sort_order_", ev_int((int64_t)ev_as_list(names)->len)))
        goto fail;
    if (c->flag && flag_masks(I, c->cls, v))
        goto fail;
    /* an alias: an earlier member has the same value (by the value map,
     * or comparing each member's when the value is unhashable) */
    ev_value canonical = EV_ERR;
    ev_value v2m = ev_enum_state_of(I, t, "_value2member_map_", EV_O_DICT);
    if (EV_IS_ERR(v2m))
        goto fail;
    ev_incref(v2m);
    int g = ev_dict_get(I, ev_as_dict(v2m), v, &canonical);
    ev_decref(I, v2m);
    if (g == 0)
        canonical = EV_ERR;
    if (g < 0) {
        if (!ev_enum_catch(I, &ev_type_TypeError))
            goto fail;
        ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
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
            int eq = EV_IS_ERR(mv) ? -1 : ev_enum_equal(I, mv, v);
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
        names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
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
    ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(map) || ev_dict_set(I, ev_as_dict(map), name, member))
        goto fail;
    /* _value2member_map_.setdefault(value, member) */
    v2m = ev_enum_state_of(I, t, "_value2member_map_", EV_O_DICT);
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
        if (!ev_enum_catch(I, &ev_type_TypeError))
            goto fail;
        ev_value uv = ev_enum_state_of(I, t, "_unhashable_values_", EV_O_LIST);
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
            if (!ev_enum_is_enum_type(I, base))
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
int ev_enum_get_mixins(ev_interp *I, ev_str *cls_name, const ev_tuple *bases, ev_value enum_root,
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
    if (!ev_enum_is_enum_type(I, *first_enum)) {
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
            if (ev_enum_is_enum_type(I, items[j])) {
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
ev_value ev_enum_split_names(ev_interp *I, ev_value s)
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
    ev_str *ik = ev_enum_intern(I, "_ignore_");
    if (!ik)
        goto fail;
    ev_value *ig = ev_dict_lookup_str(ns, ik);
    if (ig) {
        ignore = ev_is(*ig, EV_O_STR) ? ev_enum_split_names(I, *ig) : ev_list_from_iterable(I, *ig);
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
        if (ev_enum_is_dunder(k)) {
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
        if (ev_enum_is_holder(I, value, &ev_enum_nonmember_init_def)) {
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
        if (ev_enum_is_holder(I, value, &ev_enum_member_init_def)) {
            ev_value inner = ev_enum_getattr(I, value, "value");
            ev_decref(I, value);
            if (EV_IS_ERR(inner))
                goto fail;
            value = inner;
        }
        seen_member = true;
        bool single = ev_enum_is_holder(I, value, &ev_enum_auto_init_def);
        bool any_auto = single;
        if (ev_is(value, EV_O_TUPLE) && !(value.u.o->flags & EV_OBJ_SUB))
            for (size_t j = 0; j < ev_as_tuple(value)->len; j++)
                any_auto |= ev_enum_is_holder(I, ev_as_tuple(value)->items[j], &ev_enum_auto_init_def);
        if (any_auto) {
            size_t n = single ? 1 : ev_as_tuple(value)->len;
            ev_value out = ev_tuple_new(I, n);
            if (EV_IS_ERR(out)) {
                ev_decref(I, value);
                goto fail;
            }
            for (size_t j = 0; j < n; j++) {
                ev_value v = single ? value : ev_as_tuple(value)->items[j];
                if (!ev_enum_is_holder(I, v, &ev_enum_auto_init_def)) {
                    ev_as_tuple(out)->items[j] = ev_dup(v);
                    continue;
                }
                ev_value av = ev_enum_getattr(I, v, "value");
                ev_value null = ev_enum_getattr(I, ev_obj_val(&ev_type_of(v)->h), "_auto_null");
                int eq = EV_IS_ERR(av) || EV_IS_ERR(null) ? -1 : ev_enum_equal(I, av, null);
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

ev_value ev_enum_root(ev_value self, int which)
{
    if (!ev_is(self, EV_O_TUPLE) || ev_as_tuple(self)->len != NROOTS)
        return EV_NONE;
    return ev_as_tuple(self)->items[which];
}

/* The roots tuple, from the metaclass's C __new__ (the self it is bound to) */
ev_value ev_enum_roots_of(ev_interp *I, ev_type *meta)
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
        if (ev_enum_is_c_def(f, &ev_enum_et_new_def))
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
    ev_str *k = ev_enum_intern(I, name);
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
        if (ev_enum_is_c_def(f, &ev_enum_new_def) || f.tag == EV_T_NONE)
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
    ev_str *k = ev_enum_intern(I, name);
    if (!k || ev_dict_set_str(I, ((ev_type *)cls.u.o)->dict, k, v))
        return -1;
    I->class_version++;
    return 0;
}

static int cls_del(ev_interp *I, ev_value cls, const char *name)
{
    ev_str *k = ev_enum_intern(I, name);
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
            if (ev_enum_is_enum_type(I, m->items[j])) {
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
    ev_value lst = ev_is(order, EV_O_STR) ? ev_enum_split_names(I, order) : ev_list_from_iterable(I, order);
    if (EV_IS_ERR(lst))
        return -1;
    ev_value kept = ev_list_new(I, 0);
    int rc = -1;
    if (EV_IS_ERR(kept))
        goto out;
    ev_value map = ev_enum_state_of(I, t, "_member_map_", EV_O_DICT);
    if (EV_IS_ERR(map))
        goto out;
    ev_incref(map);
    for (size_t i = 0; i < ev_as_list(lst)->len; i++) {
        ev_value o = ev_as_list(lst)->items[i];
        int in = ev_contains(I, map, o);
        int keep = 1;
        if (in > 0) {
            ev_value names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
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
                    ev_value names2 = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
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
    ev_value names = ev_enum_state_of(I, t, "_member_names_", EV_O_LIST);
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
ev_value ev_enum_et_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
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
    ev_value enum_root = ev_enum_root(self, ROOT_ENUM);
    ev_value member_type, first_enum;
    if (ev_enum_get_mixins(I, name, bases, enum_root, &member_type, &first_enum))
        return EV_ERR;
    ev_incref(member_type);
    ev_incref(first_enum);
    ev_value ns = ev_dict_new(I), pairs = EV_ERR, cls = EV_ERR, new_fn = EV_NONE, order = EV_NONE;
    ev_dict *src = ev_as_dict(argv[3]);
    if (EV_IS_ERR(ns) || ev_dict_merge(I, ev_as_dict(ns), src))
        goto fail;
    /* __order__ is _order_ */
    ev_str *ok = ev_enum_intern(I, "_order_"), *ok2 = ev_enum_intern(I, "__order__"), *ik = ev_enum_intern(I, "_ignore_");
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
        ev_value ignore = ev_is(*ig, EV_O_STR) ? ev_enum_split_names(I, *ig) : ev_list_from_iterable(I, *ig);
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
    if (ev_enum_put(I, ev_as_dict(ns), "_new_member_", on) || ev_enum_put(I, ev_as_dict(ns), "_use_args_", ev_bool(use_args)) ||
        ev_enum_put(I, ev_as_dict(ns), "_member_names_", ev_list_new(I, 0)) ||
        ev_enum_put(I, ev_as_dict(ns), "_member_map_", ev_dict_new(I)) ||
        ev_enum_put(I, ev_as_dict(ns), "_value2member_map_", ev_dict_new(I)) ||
        ev_enum_put(I, ev_as_dict(ns), "_unhashable_values_", ev_list_new(I, 0)) ||
        ev_enum_put(I, ev_as_dict(ns), "_member_type_", ev_dup(member_type)) ||
        ev_enum_put(I, ev_as_dict(ns), "_value_repr_", find_data_repr(I, bases)) ||
        ev_enum_put(I, ev_as_dict(ns), "_boundary_", ev_dup(bnd)) ||
        ev_enum_put(I, ev_as_dict(ns), "_flag_mask_", ev_int(0)) || ev_enum_put(I, ev_as_dict(ns), "_singles_mask_", ev_int(0)) ||
        ev_enum_put(I, ev_as_dict(ns), "_all_bits_", ev_int(0)) || ev_enum_put(I, ev_as_dict(ns), "_inverted_", EV_NONE))
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
    ev_value repr_root = ev_enum_root(self, ROOT_REPR);
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
        ev_str *k = ev_enum_intern(I, four[i]);
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
    ev_value flag_root = ev_enum_root(self, ROOT_FLAG);
    if (flag && ev_is(flag_root, EV_O_TYPE)) {
        for (int i = 0; flag_ops[i]; i++) {
            ev_str *k = ev_enum_intern(I, flag_ops[i]);
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
