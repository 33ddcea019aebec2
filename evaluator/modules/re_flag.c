/*
 * re_flag.c - re.RegexFlag, as CPython 3.11 declares it in Lib/re/__init__.py:
 * an IntFlag (boundary KEEP) decorated with enum.global_enum, whose members
 * are also the module's A, I, IGNORECASE... constants.
 *
 * RegexFlag is a heap class made once a session when re is imported, an int
 * subclass whose members are int subclass instances carrying _value_ and
 * _name_ in their __dict__; its methods are C functions stored in the class,
 * with Lib/enum.py's algorithms: Flag._missing_ for composite and unknown
 * values (cached in _value2member_map_, so RegexFlag(2) is re.I), names in
 * definition order, unknown bits as |0x400, ~ through the 9-bit mask, the
 * operators | & ^ taking ints.  Its metaclass stands for enum.EnumType:
 * repr <flag 'RegexFlag'>, iteration over the members, RegexFlag['DOTALL'].
 *
 * Where safepy differs: RegexFlag derives from int only (there is no enum
 * module, so no Flag/IntFlag/ReprEnum in its MRO).
 */
#include <string.h>

#include "evaluator/modules/modules.h"
#include "evaluator/modules/re_int.h"

#define RF_FN(name) static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)

/* The members in definition order, and the aliases the class also binds. */
static const struct {
    const char *name, *alias;
    int64_t v;
} members[] = {
    {"NOFLAG", NULL, 0},
    {"ASCII", "A", RE_ASCII},
    {"IGNORECASE", "I", RE_IGNORECASE},
    {"LOCALE", "L", RE_LOCALE},
    {"UNICODE", "U", RE_UNICODE},
    {"MULTILINE", "M", RE_MULTILINE},
    {"DOTALL", "S", RE_DOTALL},
    {"VERBOSE", "X", RE_VERBOSE},
    {"TEMPLATE", "T", RE_TEMPLATE},
    {"DEBUG", NULL, RE_DEBUG},
};
#define RF_NMEMBERS ((int)(sizeof members / sizeof *members))
#define RF_ALL_BITS 511 /* _all_bits_ = _flag_mask_ = _singles_mask_ */

/* ---- class state ------------------------------------------------------------------------- */

static ev_value cls_dict_get(ev_interp *I, ev_type *cls, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k)
        return ev_raise_nomem(I);
    ev_value *v = cls->dict ? ev_dict_lookup_str(cls->dict, k) : NULL;
    if (!v || !ev_is(*v, EV_O_DICT))
        return ev_raise(I, &ev_type_RuntimeError, "re.RegexFlag.%s is missing", name);
    return *v; /* borrowed */
}

static int inst_set(ev_interp *I, ev_value obj, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, name, strlen(name));
    int r = k ? ev_object_setattr(I, obj, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* self._value_ (a plain int), or -1 with an exception */
static int flag_value(ev_interp *I, ev_value self, int64_t *out)
{
    ev_str *k = ev_intern(I, "_value_", 7);
    if (!k)
        return -1;
    ev_value v = ev_getattr(I, self, k);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_index(I, v, out, "_value_");
    ev_decref(I, v);
    return r;
}

/* Flag._missing_'s name of a composite: members in definition order, then
 * the unknown bits in hex; NULL-valued (None) when no member is present. */
static ev_value composite_name(ev_interp *I, int64_t value)
{
    ev_buf b = {0};
    int64_t combined = 0;
    for (int i = 1; i < RF_NMEMBERS; i++) {
        if (!(value & members[i].v))
            continue;
        if ((b.len && ev_buf_puts(I, &b, "|")) || ev_buf_puts(I, &b, members[i].name))
            goto fail;
        combined |= members[i].v;
    }
    if (!combined) {
        ev_buf_free(I, &b);
        return EV_NONE;
    }
    if ((value ^ combined) && ev_buf_printf(I, &b, "|0x%llx", (unsigned long long)(value ^ combined)))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static ev_value new_member(ev_interp *I, ev_type *cls, int64_t value, ev_value name_steal)
{
    if (EV_IS_ERR(name_steal))
        return EV_ERR;
    ev_value m = ev_sub_wrap(I, ev_int(value), cls);
    if (EV_IS_ERR(m)) {
        ev_decref(I, name_steal);
        return m;
    }
    if (inst_set(I, m, "_value_", ev_int(value))) {
        ev_decref(I, name_steal);
        ev_decref(I, m);
        return EV_ERR;
    }
    if (inst_set(I, m, "_name_", name_steal)) {
        ev_decref(I, m);
        return EV_ERR;
    }
    return m;
}

/* RegexFlag(value): the member or the cached pseudo-member (Enum.__new__
 * and Flag._missing_ with boundary KEEP). */
static ev_value flag_of(ev_interp *I, ev_type *cls, ev_value value)
{
    ev_value map = cls_dict_get(I, cls, "_value2member_map_");
    if (EV_IS_ERR(map))
        return map;
    bool num = ev_is_int(value) || value.tag == EV_T_FLOAT;
    ev_value found;
    int got = num ? ev_dict_get(I, ev_as_dict(map), value, &found) : 0;
    if (got < 0)
        return EV_ERR;
    if (got)
        return found;
    int64_t v;
    if (!ev_is_int(value)) {
        ev_value r = ev_repr(I, value);
        if (EV_IS_ERR(r))
            return r;
        ev_raise(I, &ev_type_ValueError, "%s is not a valid %s", ev_as_str(r)->data, cls->name);
        ev_decref(I, r);
        return EV_ERR;
    }
    if (ev_index(I, value, &v, "value"))
        return EV_ERR;
    if (v < -((int64_t)1 << 62) || v > ((int64_t)1 << 62))
        return ev_raise(I, &ev_type_OverflowError, "RegexFlag value %lld is out of safepy's range", (long long)v);
    if (v < ~(int64_t)RF_ALL_BITS) {
        /* KEEP: value = max(all_bits + 1, 2 ** value.bit_length()) + value */
        int bits = 64 - __builtin_clzll((unsigned long long)-v);
        v += (int64_t)1 << bits;
    }
    int64_t neg = v;
    if (v < 0)
        v = RF_ALL_BITS + 1 + v;
    ev_value key = ev_int(v);
    got = ev_dict_get(I, ev_as_dict(map), key, &found);
    if (got < 0)
        return EV_ERR;
    if (!got) {
        found = new_member(I, cls, v, composite_name(I, v));
        if (EV_IS_ERR(found) || ev_dict_set(I, ev_as_dict(map), key, found))
            goto fail;
    }
    if (neg < 0 && ev_dict_set(I, ev_as_dict(map), ev_int(neg), found))
        goto fail;
    return found;
fail:
    if (!EV_IS_ERR(found))
        ev_decref(I, found);
    return EV_ERR;
}

/* ---- RegexFlag's methods ------------------------------------------------------------------ */

/* RegexFlag(value, names=None, *, module=None, qualname=None, type=None,
 * start=1, boundary=None), bound as EnumType.__call__ binds it: with names
 * None the rest is ignored and the value looked up; a names list would
 * make a new enumeration, which a Flag with members refuses. */
RF_FN(rf_new)
{
    (void)self;
    static const char *const names[] = {"value", "names", "module", "qualname", "type", "start", "boundary"};
    ev_value a[7] = {EV_ERR, EV_ERR, EV_ERR, EV_ERR, EV_ERR, EV_ERR, EV_ERR};
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "RegexFlag() takes exactly one argument");
    for (int i = 1; i < argc && i <= 2; i++)
        a[i - 1] = argv[i];
    for (int k = 0; k < EV_KW_N(kw); k++) {
        int j = 0;
        while (j < 7 && strcmp(names[j], kw->names[k]->data) != 0)
            j++;
        if (j == 7)
            return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() got an unexpected keyword argument '%s'",
                            kw->names[k]->data);
        if (!EV_IS_ERR(a[j]))
            return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() got multiple values for argument '%s'",
                            names[j]);
        a[j] = kw->vals[k];
    }
    if (argc > 3)
        return ev_raise(I, &ev_type_TypeError,
                        "EnumType.__call__() takes from 2 to 3 positional arguments but %d were given", argc);
    if (EV_IS_ERR(a[0]))
        return ev_raise(I, &ev_type_TypeError, "EnumType.__call__() missing 1 required positional argument: 'value'");
    if (!EV_IS_ERR(a[1]) && a[1].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_NotImplementedError,
                        "RegexFlag(value, names): making a new enumeration is not supported by safepy");
    return flag_of(I, (ev_type *)argv[0].u.o, a[0]);
}

/* global_flag_repr (and __str__ = object.__str__, which is the repr) */
RF_FN(rf_repr)
{
    (void)argc; (void)argv; (void)kw;
    ev_str *k = ev_intern(I, "_name_", 6);
    if (!k)
        return ev_raise_nomem(I);
    ev_value name = ev_getattr(I, self, k);
    if (EV_IS_ERR(name))
        return name;
    int64_t v;
    if (flag_value(I, self, &v)) {
        ev_decref(I, name);
        return EV_ERR;
    }
    ev_buf b = {0};
    int e = 0;
    if (!ev_is(name, EV_O_STR)) {
        e = ev_buf_printf(I, &b, "re.%s(%lld)", ev_type_of(self)->name, (long long)v);
    } else {
        const char *s = ev_as_str(name)->data;
        while (!e && *s) {
            const char *bar = strchr(s, '|');
            size_t n = bar ? (size_t)(bar - s) : strlen(s);
            if (b.len)
                e = ev_buf_puts(I, &b, "|");
            if (!e && !(*s >= '0' && *s <= '9'))
                e = ev_buf_puts(I, &b, "re.");
            if (!e)
                e = ev_buf_put(I, &b, s, n);
            s += n + (bar != NULL);
        }
    }
    ev_decref(I, name);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value binop(ev_interp *I, ev_value self, int argc, const ev_value *argv, int op)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "expected 1 argument, got %d", argc);
    ev_type *cls = ev_type_of(self);
    int64_t a, b;
    if (ev_type_is_subclass(ev_type_of(argv[0]), cls)) {
        if (flag_value(I, argv[0], &b))
            return EV_ERR;
    } else if (ev_is_int(argv[0])) {
        if (ev_index(I, argv[0], &b, "flag"))
            return EV_ERR;
    } else {
        return EV_NOTIMPL;
    }
    if (flag_value(I, self, &a))
        return EV_ERR;
    int64_t r = op == '|' ? (a | b) : op == '&' ? (a & b) : (a ^ b);
    return flag_of(I, cls, ev_int(r));
}

RF_FN(rf_or) { (void)kw; return binop(I, self, argc, argv, '|'); }
RF_FN(rf_and) { (void)kw; return binop(I, self, argc, argv, '&'); }
RF_FN(rf_xor) { (void)kw; return binop(I, self, argc, argv, '^'); }

RF_FN(rf_invert)
{
    (void)argc; (void)argv; (void)kw;
    int64_t v;
    if (flag_value(I, self, &v))
        return EV_ERR;
    return flag_of(I, ev_type_of(self), ev_int(~v));
}

/* the members present, in definition order (Flag.__iter__) */
static ev_value member_list(ev_interp *I, ev_type *cls, int64_t value)
{
    ev_value map = cls_dict_get(I, cls, "_value2member_map_");
    if (EV_IS_ERR(map))
        return map;
    ev_value l = ev_list_new(I, 0);
    for (int i = 1; !EV_IS_ERR(l) && i < RF_NMEMBERS; i++) {
        if ((value & members[i].v) != members[i].v)
            continue;
        ev_value m;
        int got = ev_dict_get(I, ev_as_dict(map), ev_int(members[i].v), &m);
        if (got <= 0 || ev_list_append(I, ev_as_list(l), m)) {
            if (got < 0 || got > 0)
                ev_decref(I, l);
            if (got > 0)
                ev_decref(I, m);
            if (got == 0) {
                ev_decref(I, l);
                ev_raise(I, &ev_type_RuntimeError, "re.RegexFlag lost its member %s", members[i].name);
            }
            return EV_ERR;
        }
        ev_decref(I, m);
    }
    return l;
}

RF_FN(rf_iter)
{
    (void)argc; (void)argv; (void)kw;
    int64_t v;
    if (flag_value(I, self, &v))
        return EV_ERR;
    ev_value l = member_list(I, ev_type_of(self), v);
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

RF_FN(rf_len)
{
    (void)argc; (void)argv; (void)kw;
    int64_t v;
    if (flag_value(I, self, &v))
        return EV_ERR;
    return ev_int(__builtin_popcountll((unsigned long long)v));
}

RF_FN(rf_contains)
{
    (void)kw;
    ev_type *cls = ev_type_of(self);
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "expected 1 argument, got %d", argc);
    if (!ev_type_is_subclass(ev_type_of(argv[0]), cls))
        return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for 'in': '%s' and '%s'",
                        ev_type_qualname(ev_type_of(argv[0])), ev_type_qualname(cls));
    int64_t a, b;
    if (flag_value(I, self, &a) || flag_value(I, argv[0], &b))
        return EV_ERR;
    return ev_bool((a & b) == b);
}

static ev_value get_attr(ev_interp *I, ev_value self, int argc, const char *name)
{
    if (argc != 0)
        return ev_raise(I, &ev_type_TypeError, "expected 0 arguments, got %d", argc);
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_getattr(I, self, k) : ev_raise_nomem(I);
}

RF_FN(rf_name) { (void)argv; (void)kw; return get_attr(I, self, argc, "_name_"); }
RF_FN(rf_value) { (void)argv; (void)kw; return get_attr(I, self, argc, "_value_"); }

/* ---- the metaclass (enum.EnumType's part RegexFlag needs) ---------------------------------- */

RF_FN(meta_repr)
{
    (void)argc; (void)argv; (void)kw;
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "<flag '%s'>", ((ev_type *)self.u.o)->name)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* iter(RegexFlag): the canonical members, NOFLAG and aliases left out */
RF_FN(meta_iter)
{
    (void)argc; (void)argv; (void)kw;
    ev_value l = member_list(I, (ev_type *)self.u.o, RF_ALL_BITS);
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

RF_FN(meta_len)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    return ev_int(RF_NMEMBERS - 1);
}

/* RegexFlag['DOTALL'] (aliases too: RegexFlag['S']) */
RF_FN(meta_getitem)
{
    (void)kw;
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "expected 1 argument, got %d", argc);
    ev_value map = cls_dict_get(I, (ev_type *)self.u.o, "_member_map_");
    if (EV_IS_ERR(map))
        return map;
    ev_value m;
    int got = ev_dict_get(I, ev_as_dict(map), argv[0], &m);
    if (got < 0)
        return EV_ERR;
    if (got)
        return m;
    return ev_raise_key_error(I, argv[0]);
}

/* ---- making the classes -------------------------------------------------------------------- */

#define RF_DEF(name, fn) {name, fn, 0, -1, EV_BF_KWANY, NULL}

static const ev_builtin_def flag_methods[] = {
    RF_DEF("__repr__", rf_repr), RF_DEF("__str__", rf_repr),
    RF_DEF("__or__", rf_or), RF_DEF("__ror__", rf_or),
    RF_DEF("__and__", rf_and), RF_DEF("__rand__", rf_and),
    RF_DEF("__xor__", rf_xor), RF_DEF("__rxor__", rf_xor),
    RF_DEF("__invert__", rf_invert), RF_DEF("__iter__", rf_iter),
    RF_DEF("__len__", rf_len), RF_DEF("__contains__", rf_contains),
    {NULL, NULL, 0, 0, 0, NULL},
};

static const ev_builtin_def flag_props[] = {
    RF_DEF("name", rf_name), RF_DEF("value", rf_value),
    {NULL, NULL, 0, 0, 0, NULL},
};

static const ev_builtin_def meta_methods[] = {
    RF_DEF("__repr__", meta_repr), RF_DEF("__iter__", meta_iter),
    RF_DEF("__len__", meta_len), RF_DEF("__getitem__", meta_getitem),
    {NULL, NULL, 0, 0, 0, NULL},
};

static const ev_builtin_def new_def = RF_DEF("__new__", rf_new);

static int ns_put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

static ev_value unbound(ev_interp *I, const ev_builtin_def *d, ev_value cls)
{
    ev_value b = ev_builtin_new(I, d, cls);
    if (!EV_IS_ERR(b))
        ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
    return b;
}

static int put_methods(ev_interp *I, ev_type *t, const ev_builtin_def *defs, ev_value cls)
{
    for (const ev_builtin_def *d = defs; d->name; d++)
        if (ns_put(I, t->dict, d->name, unbound(I, d, cls)))
            return -1;
    return 0;
}

/* class NAME(BASE, metaclass=META) with __module__ = module */
static ev_value make_class(ev_interp *I, ev_type *meta, const char *name, ev_type *base, const char *module)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return d;
    ev_str *nm = ev_intern(I, name, strlen(name));
    bases = ev_tuple_new(I, 1);
    if (!nm || EV_IS_ERR(bases) || ns_put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, module)))
        goto done;
    ev_as_tuple(bases)->items[0] = ev_obj_val(&base->h);
    ev_incref(ev_obj_val(&base->h));
    cls = ev_class_new(I, meta, nm, bases, ev_as_dict(d), NULL);
    if (!EV_IS_ERR(cls))
        ((ev_type *)cls.u.o)->module = module; /* static text */
done:
    ev_decref(I, bases);
    ev_decref(I, d);
    return cls;
}

int re_flag_init(ev_interp *I, ev_dict *ns)
{
    ev_value cls = EV_ERR, byval = EV_ERR, byname = EV_ERR;
    ev_value meta = make_class(I, NULL, "EnumType", &ev_type_type, "enum");
    if (EV_IS_ERR(meta) || put_methods(I, (ev_type *)meta.u.o, meta_methods, meta))
        goto fail;
    cls = make_class(I, (ev_type *)meta.u.o, "RegexFlag", &ev_type_int, "re");
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    if (put_methods(I, t, flag_methods, cls) || ns_put(I, t->dict, "__new__", ev_builtin_new(I, &new_def, EV_NONE)))
        goto fail;
    for (const ev_builtin_def *d = flag_props; d->name; d++) {
        ev_value g = unbound(I, d, cls);
        if (EV_IS_ERR(g))
            goto fail;
        ev_value p = ev_call(I, ev_obj_val(&ev_type_property.h), 1, &g, 0, NULL, NULL);
        ev_decref(I, g);
        if (ns_put(I, t->dict, d->name, p))
            goto fail;
    }
    byval = ev_dict_new(I);
    if (EV_IS_ERR(byval) || ns_put(I, t->dict, "_value2member_map_", ev_dup(byval)))
        goto fail;
    byname = ev_dict_new(I);
    if (EV_IS_ERR(byname) || ns_put(I, t->dict, "_member_map_", ev_dup(byname)))
        goto fail;
    I->class_version++; /* the class's namespace grew after it was made */
    for (int i = 0; i < RF_NMEMBERS; i++) {
        ev_value m = new_member(I, t, members[i].v, ev_str_from_cstr(I, members[i].name));
        if (EV_IS_ERR(m))
            goto fail;
        int e = ev_dict_set(I, ev_as_dict(byval), ev_int(members[i].v), m) ||
                ns_put(I, t->dict, members[i].name, ev_dup(m)) ||
                ns_put(I, ev_as_dict(byname), members[i].name, ev_dup(m)) ||
                ev_module_set(I, ns, members[i].name, m);
        if (!e && members[i].alias)
            e = ns_put(I, t->dict, members[i].alias, ev_dup(m)) ||
                ns_put(I, ev_as_dict(byname), members[i].alias, ev_dup(m)) ||
                ev_module_set(I, ns, members[i].alias, m);
        ev_decref(I, m);
        if (e)
            goto fail;
    }
    I->class_version++;
    if (ev_module_set(I, ns, "RegexFlag", cls))
        goto fail;
    ev_decref(I, byname);
    ev_decref(I, byval);
    ev_decref(I, cls);
    ev_decref(I, meta);
    return 0;
fail:
    ev_decref(I, byname);
    ev_decref(I, byval);
    ev_decref(I, cls);
    ev_decref(I, meta);
    return -1;
}
