/*
 * enum_verify.c - enum.verify and enum.EnumCheck (UNIQUE, CONTINUOUS,
 * NAMED_FLAGS), CPython 3.11 behaviour (Lib/enum.py's verify class): the
 * decorator checks an enumeration and returns it, or raises ValueError with
 * CPython's messages.
 *
 * CONTINUOUS walks every integer between the lowest and the highest value,
 * as CPython does; each step ticks the time limit, so a huge gap ends at the
 * limit, never a hang.
 */
#include <string.h>

#include "evaluator/modules/enum_int.h"

/* v is the EnumCheck member whose value is text (CPython tests `is`) */
static bool check_is(ev_interp *I, ev_value v, const char *text)
{
    if (!ev_is(v, EV_O_STR) || !(v.u.o->flags & EV_OBJ_SUB))
        return false;
    ev_type *t = ev_type_of(v);
    if (strcmp(t->name, "EnumCheck") != 0 || !t->dict)
        return false;
    ev_value *m = ev_dict_lookup_str(t->dict, I->dn[EV_DN_MODULE]);
    return m && ev_is(*m, EV_O_STR) && strcmp(ev_as_str(*m)->data, "enum") == 0 &&
           strcmp(ev_as_str(v)->data, text) == 0;
}

static ev_value raise_buf(ev_interp *I, ev_buf *b, int failed, size_t limit)
{
    if (failed) {
        ev_buf_free(I, b);
        return EV_ERR;
    }
    if (limit && b->len > limit) {
        /* [:256] of the message, cut on a character boundary */
        size_t n = limit, chars = 0, i = 0;
        for (; i < b->len && chars < n; i++)
            if (((unsigned char)b->data[i] & 0xC0) != 0x80)
                chars++;
        while (i < b->len && ((unsigned char)b->data[i] & 0xC0) == 0x80)
            i++;
        b->len = i;
    }
    ev_value s = ev_buf_to_str(I, b);
    if (EV_IS_ERR(s))
        return s;
    ev_raise(I, &ev_type_ValueError, "%s", ev_as_str(s)->data);
    ev_decref(I, s);
    return EV_ERR;
}

/* [m.value for m in enumeration] */
static ev_value values_of(ev_interp *I, ev_value e)
{
    ev_value members = ev_list_from_iterable(I, e);
    if (EV_IS_ERR(members))
        return members;
    ev_value out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(members)->len; i++) {
        ev_value v = ev_enum_getattr(I, ev_as_list(members)->items[i], "value");
        if (EV_IS_ERR(v) || ev_list_append(I, ev_as_list(out), v)) {
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        ev_decref(I, v);
    }
    ev_decref(I, members);
    return out;
}

static int check_unique(ev_interp *I, ev_value e)
{
    ev_value mm = ev_enum_getattr(I, e, "__members__");
    ev_value itf = EV_IS_ERR(mm) ? mm : ev_enum_getattr(I, mm, "items");
    if (!EV_IS_ERR(mm))
        ev_decref(I, mm);
    ev_value it = EV_IS_ERR(itf) ? itf : ev_call(I, itf, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(itf))
        ev_decref(I, itf);
    ev_value l = EV_IS_ERR(it) ? it : ev_list_from_iterable(I, it);
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (EV_IS_ERR(l))
        return -1;
    ev_buf d = {0};
    bool any = false;
    int r = 0;
    for (size_t i = 0; !r && i < ev_as_list(l)->len; i++) {
        ev_value pr = ev_as_list(l)->items[i];
        ev_value nm = ev_as_tuple(pr)->items[0];
        ev_value mn = ev_enum_getattr(I, ev_as_tuple(pr)->items[1], "name");
        if (EV_IS_ERR(mn)) {
            r = -1;
            break;
        }
        int eq = ev_compare(I, nm, mn, 2);
        if (eq < 0)
            r = -1;
        else if (!eq) {
            ev_value a = ev_to_str(I, nm), b = EV_IS_ERR(a) ? a : ev_to_str(I, mn);
            r = EV_IS_ERR(b) || (any && ev_buf_puts(I, &d, ", ")) ||
                ev_buf_put(I, &d, ev_as_str(a)->data, ev_as_str(a)->len) || ev_buf_puts(I, &d, " -> ") ||
                ev_buf_put(I, &d, ev_as_str(b)->data, ev_as_str(b)->len);
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (!EV_IS_ERR(b))
                ev_decref(I, b);
            any = true;
        }
        ev_decref(I, mn);
    }
    ev_decref(I, l);
    if (r || !any) {
        ev_buf_free(I, &d);
        return r;
    }
    ev_buf m = {0};
    int f = ev_buf_puts(I, &m, "aliases found in ") || ev_buf_repr(I, &m, e) || ev_buf_puts(I, &m, ": ") ||
            ev_buf_put(I, &m, d.data, d.len);
    ev_buf_free(I, &d);
    (void)raise_buf(I, &m, f, 0);
    return -1;
}

/* v.bit_length() - 1 as an int64 (values beyond that are refused) */
static int high_bit(ev_interp *I, ev_value v, int64_t *out)
{
    ev_value f = ev_enum_getattr(I, v, "bit_length");
    ev_value r = EV_IS_ERR(f) ? f : ev_call(I, f, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(f))
        ev_decref(I, f);
    if (EV_IS_ERR(r))
        return -1;
    *out = r.tag == EV_T_INT ? r.u.i - 1 : INT64_MAX;
    ev_decref(I, r);
    return 0;
}

static int check_continuous(ev_interp *I, ev_value e, const char *cls_name, bool flag)
{
    ev_value vl = values_of(I, e);
    if (EV_IS_ERR(vl))
        return -1;
    ev_value values = ev_call(I, ev_obj_val(&ev_type_set.h), 1, &vl, 0, NULL, NULL);
    if (EV_IS_ERR(values)) {
        ev_decref(I, vl);
        return -1;
    }
    ev_value uniq = ev_list_from_iterable(I, values);
    ev_decref(I, vl);
    int rc = -1;
    if (EV_IS_ERR(uniq))
        goto out2;
    const ev_list *u = ev_as_list(uniq);
    if (u->len < 2) {
        rc = 0;
        goto out;
    }
    ev_value low = u->items[0], high = u->items[0];
    for (size_t i = 1; i < u->len; i++) {
        int lt = ev_compare(I, u->items[i], low, 0);
        int gt = lt < 0 ? -1 : ev_compare(I, u->items[i], high, 4);
        if (gt < 0)
            goto out;
        if (lt)
            low = u->items[i];
        if (gt)
            high = u->items[i];
    }
    int64_t from, to;
    if (flag) {
        int64_t hl, hh;
        if (high_bit(I, low, &hl) || high_bit(I, high, &hh))
            goto out;
        from = hl + 1;
        to = hh;
    } else {
        ev_value l1 = ev_binary(I, EV_OP_ADD, low, ev_int(1));
        if (EV_IS_ERR(l1))
            goto out;
        if (l1.tag != EV_T_INT || high.tag != EV_T_INT) {
            bool l_ok = l1.tag == EV_T_INT || ev_is_int(l1);
            ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                     ev_type_name(l_ok ? high : l1));
            if (l_ok && ev_is_int(high))
                ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
            ev_decref(I, l1);
            goto out;
        }
        from = l1.u.i;
        to = high.u.i;
    }
    ev_buf m = {0};
    bool any = false;
    int f = 0;
    for (int64_t i = from; i < to && !f; i++) {
        if (ev_tick(I)) {
            ev_buf_free(I, &m);
            goto out;
        }
        ev_value x;
        if (flag) {
            x = ev_binary(I, EV_OP_POW, ev_int(2), ev_int(i));
            if (EV_IS_ERR(x)) {
                ev_buf_free(I, &m);
                goto out;
            }
        } else
            x = ev_int(i);
        int in = ev_contains(I, values, x);
        if (in < 0)
            f = -1;
        else if (!in) {
            ev_value s = ev_to_str(I, x);
            f = EV_IS_ERR(s) || (any && ev_buf_puts(I, &m, ", ")) ||
                ev_buf_put(I, &m, ev_as_str(s)->data, ev_as_str(s)->len);
            if (!EV_IS_ERR(s))
                ev_decref(I, s);
            any = true;
        }
        ev_decref(I, x);
    }
    if (f || !any) {
        ev_buf_free(I, &m);
        rc = f ? -1 : 0;
        goto out;
    }
    ev_buf msg = {0};
    f = ev_buf_printf(I, &msg, "invalid %s '%s': missing values ", flag ? "flag" : "enum", cls_name) ||
        ev_buf_put(I, &msg, m.data, m.len);
    ev_buf_free(I, &m);
    (void)raise_buf(I, &msg, f, 256);
out:
    ev_decref(I, uniq);
out2:
    ev_decref(I, values);
    return rc;
}

static int check_named_flags(ev_interp *I, ev_value e, const char *cls_name)
{
    ev_value names = ev_enum_getattr(I, e, "_member_names_");
    ev_value vals = EV_IS_ERR(names) ? names : values_of(I, e);
    ev_value map = EV_IS_ERR(vals) ? vals : ev_enum_getattr(I, e, "_member_map_");
    ev_value itf = EV_IS_ERR(map) ? map : ev_enum_getattr(I, map, "items");
    ev_value it = EV_IS_ERR(itf) ? itf : ev_call(I, itf, 0, NULL, 0, NULL, NULL);
    ev_value items = EV_IS_ERR(it) ? it : ev_list_from_iterable(I, it);
    ev_value missing_value = ev_int(0), missing_names = EV_ERR;
    int rc = -1;
    if (EV_IS_ERR(items))
        goto out;
    missing_names = ev_list_new(I, 0);
    if (EV_IS_ERR(missing_names))
        goto out;
    for (size_t i = 0; i < ev_as_list(items)->len; i++) {
        ev_value pr = ev_as_list(items)->items[i];
        ev_value name = ev_as_tuple(pr)->items[0], alias = ev_as_tuple(pr)->items[1];
        int in = ev_contains(I, names, name);
        if (in < 0)
            goto out;
        if (in)
            continue;
        ev_value av = ev_enum_getattr(I, alias, "value");
        if (EV_IS_ERR(av))
            goto out;
        int neg = ev_compare(I, av, ev_int(0), 0);
        if (neg) {
            ev_decref(I, av);
            if (neg < 0)
                goto out;
            continue;
        }
        /* each bit of the alias's value that no canonical member has */
        ev_value num = av, missed = ev_int(0);
        bool bad = false;
        int err = 0;
        ev_incref(num);
        for (;;) {
            int nz = ev_compare(I, num, ev_int(0), 3);
            if (nz <= 0) {
                err = nz < 0;
                break;
            }
            ev_value neg1 = ev_binary(I, EV_OP_SUB, ev_int(0), num);
            ev_value bit = EV_IS_ERR(neg1) ? neg1 : ev_binary(I, EV_OP_AND, num, neg1);
            if (!EV_IS_ERR(neg1))
                ev_decref(I, neg1);
            int has = EV_IS_ERR(bit) ? -1 : ev_contains(I, vals, bit);
            if (has == 0) {
                ev_value mm = ev_binary(I, EV_OP_OR, missed, bit);
                if (EV_IS_ERR(mm))
                    has = -1;
                else {
                    ev_decref(I, missed);
                    missed = mm;
                    bad = true;
                }
            }
            ev_value rest = has < 0 ? EV_ERR : ev_binary(I, EV_OP_XOR, num, bit);
            if (!EV_IS_ERR(bit))
                ev_decref(I, bit);
            ev_decref(I, num);
            num = rest;
            if (EV_IS_ERR(rest)) {
                err = 1;
                break;
            }
        }
        if (!EV_IS_ERR(num))
            ev_decref(I, num);
        ev_decref(I, av);
        if (!err && bad) {
            ev_value mv = ev_binary(I, EV_OP_OR, missing_value, missed);
            if (EV_IS_ERR(mv) || ev_list_append(I, ev_as_list(missing_names), name))
                err = 1;
            if (!EV_IS_ERR(mv)) {
                ev_decref(I, missing_value);
                missing_value = mv;
            }
        }
        ev_decref(I, missed);
        if (err)
            goto out;
    }
    size_t n = ev_as_list(missing_names)->len;
    if (!n) {
        rc = 0;
        goto out;
    }
    ev_buf m = {0};
    int f = ev_buf_printf(I, &m, "invalid Flag '%s': %s ", cls_name, n == 1 ? "alias" : "aliases");
    for (size_t i = 0; !f && i < n; i++) {
        ev_value s = ev_to_str(I, ev_as_list(missing_names)->items[i]);
        f = EV_IS_ERR(s) || (i && ev_buf_puts(I, &m, i == n - 1 ? " and " : ", ")) ||
            ev_buf_put(I, &m, ev_as_str(s)->data, ev_as_str(s)->len);
        if (!EV_IS_ERR(s))
            ev_decref(I, s);
    }
    int single = f ? -1 : ev_enum_single_bit(I, missing_value);
    ev_str *spec = ev_intern(I, "x", 1);
    ev_value hex = single < 0 || !spec ? EV_ERR : ev_str_format_spec(I, missing_value, spec);
    f = f || EV_IS_ERR(hex) ||
        ev_buf_printf(I, &m, " %s %s0x%s [use enum.show_flag_values(value) for details]",
                      n == 1 ? "is missing" : "are missing", single ? "value " : "combined values of ",
                      ev_as_str(hex)->data);
    if (!EV_IS_ERR(hex))
        ev_decref(I, hex);
    (void)raise_buf(I, &m, f, 0);
out:
    if (!EV_IS_ERR(names))
        ev_decref(I, names);
    if (!EV_IS_ERR(vals))
        ev_decref(I, vals);
    if (!EV_IS_ERR(map))
        ev_decref(I, map);
    if (!EV_IS_ERR(itf))
        ev_decref(I, itf);
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(items))
        ev_decref(I, items);
    if (!EV_IS_ERR(missing_names))
        ev_decref(I, missing_names);
    ev_decref(I, missing_value);
    return rc;
}

/* verify(*checks): the instance keeps them */
static ev_value verify_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "verify.__init__() got an unexpected keyword argument '%s'",
                        kw->names[0]->data);
    ev_value t = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(t)->items[i] = ev_dup(argv[i]);
    int r = ev_enum_setattr(I, self, "checks", t);
    ev_decref(I, t);
    return r ? EV_ERR : EV_NONE;
}

/* verify(...)(enumeration) */
static ev_value verify_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw) || argc != 1)
        return ev_raise(I, &ev_type_TypeError, "verify.__call__() takes 2 positional arguments but %d were given",
                        argc + 1);
    ev_value e = argv[0];
    ev_value checks = ev_enum_getattr(I, self, "checks");
    if (EV_IS_ERR(checks))
        return checks;
    ev_value cl = ev_list_from_iterable(I, checks);
    ev_decref(I, checks);
    if (EV_IS_ERR(cl))
        return cl;
    ev_value nm = ev_enum_getattr(I, e, "__name__");
    if (EV_IS_ERR(nm) || !ev_is(nm, EV_O_STR)) {
        ev_decref(I, cl);
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        return EV_ERR;
    }
    bool flag = ev_is(e, EV_O_TYPE) && ev_enum_is_flag(I, (ev_type *)e.u.o);
    if (!flag && !(ev_is(e, EV_O_TYPE) && ev_enum_state(I, (ev_type *)e.u.o, "_member_map_"))) {
        ev_decref(I, cl);
        ev_decref(I, nm);
        return ev_raise(I, &ev_type_TypeError, "the 'verify' decorator only works with Enum and Flag");
    }
    int r = 0;
    for (size_t i = 0; !r && i < ev_as_list(cl)->len; i++) {
        ev_value c = ev_as_list(cl)->items[i];
        if (check_is(I, c, "one name per value"))
            r = check_unique(I, e);
        else if (check_is(I, c, "no skipped integer values"))
            r = check_continuous(I, e, ev_as_str(nm)->data, flag);
        else if (check_is(I, c, "multi-flag aliases may not contain unnamed flags"))
            r = check_named_flags(I, e, ev_as_str(nm)->data);
    }
    ev_decref(I, cl);
    ev_decref(I, nm);
    return r ? EV_ERR : ev_dup(e);
}

const ev_builtin_def ev_enum_verify_init_def = {"__init__", verify_init, 0, -1, EV_BF_KWANY};
const ev_builtin_def ev_enum_verify_call_def = {"__call__", verify_call, 0, -1, EV_BF_KWANY};
