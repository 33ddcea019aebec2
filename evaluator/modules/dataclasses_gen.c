/*
 * dataclasses_gen.c - what @dataclass does to a class (CPython 3.11's
 * dataclasses._process_class): the fields, and the methods it adds
 * (dataclasses_methods.c), each a builtin flagged EV_BF_DEFDATA whose self
 * is the data CPython's generated source would have captured (the field
 * names, the defaults, the flags), fixed here when the class is decorated,
 * so that it binds to instances as a function does.
 */
#include <ctype.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/dataclasses_int.h"

/* ---- the class ----------------------------------------------------------------------------------- */

typedef struct dc_ctx {
    ev_value cls;
    ev_type *t;
    const char *qual; /* cls.__qualname__ */
    ev_value missing, field_kind, classvar_kind, initvar_kind, field_cls, kw_only_cls, initvar_cls, factory_sentinel;
} dc_ctx;

/* getattr(f, name) for a Field's attribute, a new reference */
static ev_value fattr(ev_interp *I, ev_value f, const char *name) { return dc_getattr(I, f, name); }

/* fattr(f, name) is MISSING: 0/1, -1 error */
static int f_is(ev_interp *I, ev_value f, const char *name, ev_value what)
{
    ev_value v = fattr(I, f, name);
    if (EV_IS_ERR(v))
        return -1;
    int r = dc_same(v, what);
    ev_decref(I, v);
    return r;
}

static int f_truth(ev_interp *I, ev_value f, const char *name)
{
    ev_value v = fattr(I, f, name);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_truth(I, v);
    ev_decref(I, v);
    return r;
}

/* the module namespace a class's string annotations are read in, or NULL */
static ev_dict *class_module_ns(ev_interp *I, dc_ctx *c)
{
    ev_value m = dc_getattr_or(I, c->cls, "__module__", EV_NONE);
    if (EV_IS_ERR(m)) {
        ev_us_catch(I, &ev_type_Exception);
        return NULL;
    }
    ev_dict *ns = NULL;
    if (ev_is(m, EV_O_STR)) {
        if (strcmp(ev_as_str(m)->data, "__main__") == 0) {
            ns = I->globals;
        } else {
            ev_value *mod = ev_dict_lookup_str(I->modules, ev_intern(I, ev_as_str(m)->data, ev_as_str(m)->len));
            if (mod && ev_is(*mod, EV_O_MODULE))
                ns = ((ev_module *)mod->u.o)->ns;
        }
    }
    ev_decref(I, m);
    return ns && ns->used ? ns : NULL;
}

static bool word_char(unsigned char ch) { return isalnum(ch) || ch == '_' || ch >= 0x80; }

/* dataclasses._is_type: a string annotation "[module.]name..." names what
 * pred accepts, name read in the class's module (and module, when given,
 * must be a_module there) */
static bool is_type_str(ev_interp *I, dc_ctx *c, ev_value ann, ev_value a_module, bool (*pred)(ev_interp *, dc_ctx *, ev_value))
{
    const char *s = ev_as_str(ann)->data;
    size_t n = ev_as_str(ann)->len, i = 0;
    /* ^(?:\s*(\w+)\s*\.)?\s*(\w+) */
    size_t m0 = 0, m1 = 0, n0 = 0, n1 = 0;
    while (i < n && isspace((unsigned char)s[i]))
        i++;
    size_t w0 = i;
    while (i < n && word_char((unsigned char)s[i]))
        i++;
    size_t w1 = i;
    while (i < n && isspace((unsigned char)s[i]))
        i++;
    if (w1 > w0 && i < n && s[i] == '.') {
        m0 = w0;
        m1 = w1;
        i++;
        while (i < n && isspace((unsigned char)s[i]))
            i++;
        n0 = i;
        while (i < n && word_char((unsigned char)s[i]))
            i++;
        n1 = i;
        if (n1 == n0) { /* the optional group fails: back to the name alone */
            m0 = m1 = 0;
            n0 = w0;
            n1 = w1;
        }
    } else {
        n0 = w0;
        n1 = w1;
    }
    if (n1 == n0)
        return false;
    ev_dict *ns = class_module_ns(I, c);
    if (!ns)
        return false;
    if (m1 > m0) {
        ev_str *mk = ev_intern(I, s + m0, m1 - m0);
        ev_value *mv = mk ? ev_dict_lookup_str(ns, mk) : NULL;
        if (!mv || !dc_same(*mv, a_module))
            return false;
    }
    ev_str *nk = ev_intern(I, s + n0, n1 - n0);
    ev_value *v = nk ? ev_dict_lookup_str(ns, nk) : NULL;
    return pred(I, c, v ? *v : EV_NONE);
}

static ev_value module_obj(ev_interp *I, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *m = k ? ev_dict_lookup_str(I->modules, k) : NULL;
    return m ? *m : EV_NONE;
}

static bool is_kw_only(ev_interp *I, dc_ctx *c, ev_value v) { return dc_same(v, c->kw_only_cls); }

static bool is_initvar(ev_interp *I, dc_ctx *c, ev_value v)
{
    return dc_same(v, c->initvar_cls) || (c->initvar_cls.tag == EV_T_OBJ && v.tag == EV_T_OBJ &&
                                          &ev_type_of(v)->h == c->initvar_cls.u.o);
}

/* typing.ClassVar or typing.ClassVar[...], when typing is imported */
static bool is_classvar(ev_interp *I, dc_ctx *c, ev_value v)
{
    ev_value typing = module_obj(I, "typing");
    if (!ev_is(typing, EV_O_MODULE))
        return false;
    ev_str *k = ev_intern(I, "ClassVar", 8);
    ev_value *cv = k ? ev_dict_lookup_str(((ev_module *)typing.u.o)->ns, k) : NULL;
    if (!cv)
        return false;
    if (dc_same(v, *cv))
        return true;
    if (v.tag != EV_T_OBJ || strcmp(ev_type_name(v), "_GenericAlias") != 0)
        return false;
    ev_value o = dc_getattr_or(I, v, "__origin__", EV_NONE);
    if (EV_IS_ERR(o)) {
        ev_us_catch(I, &ev_type_Exception);
        return false;
    }
    bool r = dc_same(o, *cv);
    ev_decref(I, o);
    return r;
}

/* type(v).__hash__ is None: the builtin containers, and a class (or its
 * nearest base defining __hash__) that set it to None */
static int type_unhashable(ev_interp *I, ev_type *t)
{
    ev_str *hk = I->dn[EV_DN_HASH];
    if (ev_is_heaptype(t) && ev_is(t->mro, EV_O_TUPLE)) {
        ev_tuple *mro = ev_as_tuple(t->mro);
        for (size_t i = 0; i < mro->len; i++) {
            ev_type *k = (ev_type *)mro->items[i].u.o;
            if (!ev_is_heaptype(k)) {
                t = k;
                break;
            }
            ev_value *h = ev_dict_lookup_str(k->dict, hk);
            if (h)
                return h->tag == EV_T_NONE;
        }
    }
    for (ev_type *k = t; k; k = k->base)
        if (k == &ev_type_list || k == &ev_type_dict || k == &ev_type_set || k == &ev_type_bytearray ||
            k == &ev_type_deque)
            return 1;
    return 0;
}

/* _get_field: the Field for annotation name: type */
static ev_value get_field(ev_interp *I, dc_ctx *c, ev_value name, ev_value type, bool kw_only)
{
    ev_str *nm = ev_as_str(name);
    ev_value dflt = dc_getattr_or(I, c->cls, nm->data, c->missing);
    if (EV_IS_ERR(dflt))
        return dflt;
    ev_value f;
    int isf = ev_isinstance(I, dflt, c->field_cls);
    if (isf < 0) {
        ev_decref(I, dflt);
        return EV_ERR;
    }
    if (isf) {
        f = dflt;
    } else {
        if (ev_is(dflt, EV_O_WRAPPER) && ((ev_wrapper *)dflt.u.o)->type == &ev_type_member_descriptor) {
            ev_decref(I, dflt);
            dflt = ev_dup(c->missing); /* a slot's descriptor: no default */
        }
        ev_value *fieldfn = dc_global(I, "field");
        ev_str *dk = ev_intern(I, "default", 7);
        f = fieldfn && dk ? ev_call(I, *fieldfn, 0, NULL, 1, &dk, &dflt) : EV_ERR;
        ev_decref(I, dflt);
        if (EV_IS_ERR(f))
            return f;
    }
    if (dc_setattr(I, f, "name", name) || dc_setattr(I, f, "type", type) ||
        dc_setattr(I, f, "_field_type", c->field_kind))
        goto fail;
    ev_value kind = c->field_kind;
    bool str = ev_is(type, EV_O_STR);
    ev_value typing = module_obj(I, "typing");
    if (ev_is(typing, EV_O_MODULE) && (is_classvar(I, c, type) || (str && is_type_str(I, c, type, typing, is_classvar))))
        kind = c->classvar_kind;
    if (dc_same(kind, c->field_kind) &&
        (is_initvar(I, c, type) || (str && is_type_str(I, c, type, module_obj(I, "dataclasses"), is_initvar))))
        kind = c->initvar_kind;
    if (I->exc.tag != EV_T_NONE)
        goto fail;
    if (!dc_same(kind, c->field_kind) && dc_setattr(I, f, "_field_type", kind))
        goto fail;
    if (!dc_same(kind, c->field_kind)) {
        int nf = f_is(I, f, "default_factory", c->missing);
        if (nf < 0)
            goto fail;
        if (!nf) {
            ev_raise(I, &ev_type_TypeError, "field %s cannot have a default factory", nm->data);
            goto fail;
        }
    }
    int km = f_is(I, f, "kw_only", c->missing);
    if (km < 0)
        goto fail;
    if (!dc_same(kind, c->classvar_kind)) {
        if (km && dc_setattr(I, f, "kw_only", ev_bool(kw_only)))
            goto fail;
    } else if (!km) {
        ev_raise(I, &ev_type_TypeError, "field %s is a ClassVar but specifies kw_only", nm->data);
        goto fail;
    }
    if (dc_same(kind, c->field_kind)) {
        /* f.default.__class__.__hash__ is None: a mutable default */
        ev_value d = fattr(I, f, "default");
        if (EV_IS_ERR(d))
            goto fail;
        int h = type_unhashable(I, ev_type_of(d));
        if (h) {
            ev_value tr = ev_repr(I, ev_obj_val(&ev_type_of(d)->h));
            if (!EV_IS_ERR(tr)) {
                ev_raise(I, &ev_type_ValueError, "mutable default %s for field %s is not allowed: use default_factory",
                         ev_as_str(tr)->data, nm->data);
                ev_decref(I, tr);
            }
            ev_decref(I, d);
            goto fail;
        }
        ev_decref(I, d);
    }
    return f;
fail:
    ev_decref(I, f);
    return EV_ERR;
}

/* _set_new_attribute: cls.name = v unless the class's own namespace has
 * name (then 1); v stolen */
static int set_new_attr(ev_interp *I, dc_ctx *c, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k) {
        ev_decref(I, v_steal);
        return -1;
    }
    if (ev_dict_lookup_str(c->t->dict, k)) {
        ev_decref(I, v_steal);
        return 1;
    }
    int r = ev_setattr(I, c->cls, k, v_steal);
    ev_decref(I, v_steal);
    return r;
}

/* a generated method: def bound to the data (stolen) */
static ev_value method(ev_interp *I, const ev_builtin_def *def, ev_value data_steal)
{
    if (EV_IS_ERR(data_steal))
        return data_steal;
    ev_value b = ev_builtin_new(I, def, data_steal);
    ev_decref(I, data_steal);
    return b;
}

/* "Cls.name" as a str */
static ev_value qual_of(ev_interp *I, dc_ctx *c, const char *name)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "%s.%s", c->qual, name)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* the tuple of the names of the fields in l (a list of Field), those whose
 * attribute sel is true (sel NULL: all); sel "hash": f.compare if f.hash is
 * None else f.hash */
static ev_value names_of(ev_interp *I, ev_value l, const char *sel)
{
    ev_value out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(l)->len; i++) {
        ev_value f = ev_dup(ev_as_list(l)->items[i]);
        int take = 1;
        if (sel && strcmp(sel, "hash") == 0) {
            ev_value h = fattr(I, f, "hash");
            take = EV_IS_ERR(h) ? -1 : h.tag == EV_T_NONE ? f_truth(I, f, "compare") : ev_truth(I, h);
            if (!EV_IS_ERR(h))
                ev_decref(I, h);
        } else if (sel) {
            take = f_truth(I, f, sel);
        }
        ev_value nm = take > 0 ? fattr(I, f, "name") : EV_NONE;
        if (take < 0 || EV_IS_ERR(nm) || (take && !ev_is(nm, EV_O_STR) &&
                                          (ev_raise(I, &ev_type_TypeError, "field name must be a string"), 1)) ||
            (take && ev_list_append(I, ev_as_list(out), nm))) {
            ev_decref(I, out);
            out = EV_ERR;
        }
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        ev_decref(I, f);
    }
    if (EV_IS_ERR(out))
        return out;
    /* interned: the methods look the attributes up by these names */
    ev_list *ol = ev_as_list(out);
    for (size_t i = 0; i < ol->len; i++) {
        ev_str *k = ev_intern(I, ev_as_str(ol->items[i])->data, ev_as_str(ol->items[i])->len);
        if (!k) {
            ev_decref(I, out);
            return EV_ERR;
        }
        ev_value kv = ev_dup(ev_obj_val(&k->h));
        ev_decref(I, ol->items[i]);
        ol->items[i] = kv;
    }
    ev_value t = ev_tuple_from_iterable(I, out);
    ev_decref(I, out);
    return t;
}

/* the __init__ specs (and the non-default check): all_init_fields in order */
static ev_value init_data(ev_interp *I, dc_ctx *c, ev_value all, bool frozen, bool slots, bool post_init)
{
    ev_value specs = ev_tuple_new(I, ev_as_list(all)->len);
    if (EV_IS_ERR(specs))
        return specs;
    bool seen_default = false;
    for (size_t i = 0; i < ev_as_list(all)->len; i++) {
        ev_value f = ev_dup(ev_as_list(all)->items[i]);
        ev_value name = fattr(I, f, "name"), dflt = EV_ERR, fact = EV_ERR;
        int init = EV_IS_ERR(name) ? -1 : f_truth(I, f, "init");
        int kwo = init < 0 ? -1 : f_truth(I, f, "kw_only");
        int iv = kwo < 0 ? -1 : f_is(I, f, "_field_type", c->initvar_kind);
        if (iv >= 0)
            dflt = fattr(I, f, "default");
        if (!EV_IS_ERR(dflt))
            fact = fattr(I, f, "default_factory");
        ev_decref(I, f);
        if (EV_IS_ERR(fact) || !ev_is(name, EV_O_STR)) {
            if (!EV_IS_ERR(name) && !ev_is(name, EV_O_STR))
                ev_raise(I, &ev_type_TypeError, "field name must be a string");
            if (!EV_IS_ERR(name))
                ev_decref(I, name);
            if (!EV_IS_ERR(dflt))
                ev_decref(I, dflt);
            ev_decref(I, specs);
            return EV_ERR;
        }
        bool has_dflt = !dc_same(dflt, c->missing), has_fact = !dc_same(fact, c->missing);
        int64_t fl = (init ? SP_INIT : 0) | (kwo ? SP_KWONLY : 0) | (iv ? SP_INITVAR : 0);
        ev_value pd = EV_NONE;
        if (has_fact) {
            fl |= SP_FACTORY | SP_PDEFAULT;
            pd = c->factory_sentinel;
        } else if (has_dflt && init) {
            fl |= SP_PDEFAULT;
            pd = dflt;
        } else if (has_dflt && slots) {
            fl |= SP_SETDEFAULT;
            pd = dflt;
        }
        int bad = 0;
        if (init && !kwo) {
            if (has_dflt || has_fact)
                seen_default = true;
            else if (seen_default) {
                ev_value r = ev_repr(I, name);
                if (!EV_IS_ERR(r)) {
                    ev_raise(I, &ev_type_TypeError, "non-default argument %s follows default argument",
                             ev_as_str(r)->data);
                    ev_decref(I, r);
                }
                bad = 1;
            }
        }
        ev_str *k = bad ? NULL : ev_intern(I, ev_as_str(name)->data, ev_as_str(name)->len);
        ev_value items[4] = {k ? ev_obj_val(&k->h) : EV_NONE, ev_int(fl), pd, has_fact ? fact : EV_NONE};
        ev_value sp = k ? dc_tuple_of(I, 4, items) : EV_ERR;
        ev_decref(I, name);
        ev_decref(I, dflt);
        ev_decref(I, fact);
        if (EV_IS_ERR(sp)) {
            ev_decref(I, specs);
            return EV_ERR;
        }
        ev_as_tuple(specs)->items[i] = sp;
    }
    ev_value q = qual_of(I, c, "__init__");
    if (EV_IS_ERR(q)) {
        ev_decref(I, specs);
        return q;
    }
    ev_value items[3] = {q, ev_int((post_init ? IN_POST_INIT : 0) | (frozen ? IN_FROZEN : 0)), specs};
    ev_value d = dc_tuple_of(I, 3, items);
    ev_decref(I, q);
    ev_decref(I, specs);
    return d;
}

/* (qualname of name, names[, extra...]) as a method's data */
static ev_value mdata(ev_interp *I, dc_ctx *c, const char *name, ev_value names, int n, const ev_value *extra)
{
    ev_value q = qual_of(I, c, name);
    if (EV_IS_ERR(q))
        return q;
    ev_value items[4] = {q, names, n > 0 ? extra[0] : EV_NONE, n > 1 ? extra[1] : EV_NONE};
    ev_value d = dc_tuple_of(I, (size_t)(2 + n), items);
    ev_decref(I, q);
    return d;
}

/* a list of the fields of the dict fd whose _field_type is one of kinds */
static ev_value fields_of_kind(ev_interp *I, ev_value fd, ev_value k1, ev_value k2)
{
    ev_value vals = ev_us_callm(I, fd, "values", 0, NULL, NULL);
    ev_value l = EV_IS_ERR(vals) ? vals : ev_list_from_iterable(I, vals);
    if (!EV_IS_ERR(vals))
        ev_decref(I, vals);
    if (EV_IS_ERR(l))
        return l;
    ev_value out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(l)->len; i++) {
        ev_value ft = fattr(I, ev_as_list(l)->items[i], "_field_type");
        if (EV_IS_ERR(ft) || ((dc_same(ft, k1) || dc_same(ft, k2)) &&
                              ev_list_append(I, ev_as_list(out), ev_as_list(l)->items[i]))) {
            ev_decref(I, out);
            out = EV_ERR;
        }
        if (!EV_IS_ERR(ft))
            ev_decref(I, ft);
    }
    ev_decref(I, l);
    return out;
}

/* inspect.formatannotation */
static int put_annotation(ev_interp *I, ev_buf *b, ev_value a)
{
    if (ev_is(a, EV_O_TYPE)) {
        ev_value m = dc_getattr_or(I, a, "__module__", EV_NONE);
        ev_value q = EV_IS_ERR(m) ? m : dc_getattr(I, a, "__qualname__");
        int e = EV_IS_ERR(q);
        if (!e && ev_is(m, EV_O_STR) && strcmp(ev_as_str(m)->data, "builtins") != 0)
            e = ev_buf_printf(I, b, "%s.", ev_as_str(m)->data);
        if (!e)
            e = ev_is(q, EV_O_STR) ? ev_buf_puts(I, b, ev_as_str(q)->data) : ev_buf_repr(I, b, q);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (!EV_IS_ERR(q))
            ev_decref(I, q);
        return e ? -1 : 0;
    }
    return ev_buf_repr(I, b, a);
}

/* cls.__doc__ = cls.__name__ + str(inspect.signature(cls)) without ' -> None',
 * for the generated __init__ */
static int set_doc(ev_interp *I, dc_ctx *c, ev_value all)
{
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "%s(", c->t->name);
    bool first = true, star = false;
    for (int pass = 0; pass < 2 && !e; pass++)
        for (size_t i = 0; !e && i < ev_as_list(all)->len; i++) {
            ev_value f = ev_dup(ev_as_list(all)->items[i]);
            int init = f_truth(I, f, "init"), kwo = init < 0 ? -1 : f_truth(I, f, "kw_only");
            if (init < 0 || kwo < 0) {
                e = -1;
            } else if (init && kwo == pass) {
                ev_value nm = fattr(I, f, "name"), tp = EV_IS_ERR(nm) ? nm : fattr(I, f, "type");
                ev_value d = EV_IS_ERR(tp) ? tp : fattr(I, f, "default");
                ev_value fa = EV_IS_ERR(d) ? d : fattr(I, f, "default_factory");
                e = EV_IS_ERR(fa) || !ev_is(nm, EV_O_STR);
                if (!e && pass && !star) {
                    e = ev_buf_puts(I, &b, first ? "*" : ", *");
                    star = true;
                    first = false;
                }
                if (!e)
                    e = ev_buf_printf(I, &b, "%s%s: ", first ? "" : ", ", ev_as_str(nm)->data) ||
                        put_annotation(I, &b, tp);
                if (!e && !dc_same(fa, c->missing))
                    e = ev_buf_puts(I, &b, " = <factory>");
                else if (!e && !dc_same(d, c->missing))
                    e = ev_buf_puts(I, &b, " = ") || ev_buf_repr(I, &b, d);
                first = false;
                if (!EV_IS_ERR(nm))
                    ev_decref(I, nm);
                if (!EV_IS_ERR(tp))
                    ev_decref(I, tp);
                if (!EV_IS_ERR(d))
                    ev_decref(I, d);
                if (!EV_IS_ERR(fa))
                    ev_decref(I, fa);
            }
            ev_decref(I, f);
        }
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return -1;
    }
    ev_value s = ev_buf_to_str(I, &b);
    int r = EV_IS_ERR(s) ? -1 : dc_setattr(I, c->cls, "__doc__", s);
    if (!EV_IS_ERR(s))
        ev_decref(I, s);
    return r;
}

/* _add_slots: a new class with __slots__ = the field names */
static ev_value add_slots(ev_interp *I, dc_ctx *c, ev_value field_names, bool weakref_slot)
{
    ev_str *sk = ev_intern(I, "__slots__", 9);
    if (!sk)
        return EV_ERR;
    if (ev_dict_lookup_str(c->t->dict, sk))
        return ev_raise(I, &ev_type_TypeError, "%s already specifies __slots__", c->t->name);
    ev_value cd = ev_dict_new(I), slots = EV_ERR, res = EV_ERR;
    if (EV_IS_ERR(cd))
        return cd;
    if (ev_dict_merge(I, ev_as_dict(cd), c->t->dict))
        goto out;
    /* the slots the bases already have (cls.__mro__[1:-1]'s __slots__) */
    ev_value inherited = ev_list_new(I, 0);
    if (EV_IS_ERR(inherited))
        goto out;
    ev_tuple *mro = ev_as_tuple(c->t->mro);
    for (size_t i = 1; i + 1 < mro->len; i++) {
        ev_type *k = (ev_type *)mro->items[i].u.o;
        ev_value *s = ev_is_heaptype(k) ? ev_dict_lookup_str(k->dict, sk) : NULL;
        if (!s)
            continue;
        int e = ev_is(*s, EV_O_STR) ? ev_list_append(I, ev_as_list(inherited), *s)
                                    : ev_list_extend(I, ev_as_list(inherited), *s);
        if (e) {
            ev_decref(I, inherited);
            goto out;
        }
    }
    slots = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(slots) && i < ev_as_tuple(field_names)->len + weakref_slot; i++) {
        ev_value nm = i < ev_as_tuple(field_names)->len ? ev_dup(ev_as_tuple(field_names)->items[i])
                                                         : ev_str_from_cstr(I, "__weakref__");
        int in = EV_IS_ERR(nm) ? -1 : ev_contains(I, inherited, nm);
        if (in < 0 || (!in && ev_list_append(I, ev_as_list(slots), nm))) {
            ev_decref(I, slots);
            slots = EV_ERR;
        }
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
    }
    ev_decref(I, inherited);
    if (EV_IS_ERR(slots))
        goto out;
    ev_value st = ev_tuple_from_iterable(I, slots);
    if (EV_IS_ERR(st) || ev_dict_set_str(I, ev_as_dict(cd), sk, st)) {
        if (!EV_IS_ERR(st))
            ev_decref(I, st);
        goto out;
    }
    ev_decref(I, st);
    for (size_t i = 0; i < ev_as_tuple(field_names)->len; i++)
        if (ev_dict_del(I, ev_as_dict(cd), ev_as_tuple(field_names)->items[i]) < 0)
            goto out;
    static const char *const drop[] = {"__dict__", "__weakref__"};
    for (int i = 0; i < 2; i++) {
        ev_str *k = ev_intern(I, drop[i], strlen(drop[i]));
        if (!k || ev_dict_del(I, ev_as_dict(cd), ev_obj_val(&k->h)) < 0)
            goto out;
    }
    ev_value qn = dc_getattr_or(I, c->cls, "__qualname__", EV_NONE);
    if (EV_IS_ERR(qn))
        goto out;
    ev_value meta = ev_obj_val(&ev_type_of(c->cls)->h);
    ev_value args[3] = {c->t->hname, c->t->bases, cd};
    res = ev_call(I, meta, 3, args, 0, NULL, NULL);
    if (!EV_IS_ERR(res) && qn.tag != EV_T_NONE && dc_setattr(I, res, "__qualname__", qn)) {
        ev_decref(I, res);
        res = EV_ERR;
    }
    ev_decref(I, qn);
out:
    if (!EV_IS_ERR(slots))
        ev_decref(I, slots);
    ev_decref(I, cd);
    return res;
}

/* _hash_action's table, by (unsafe_hash, eq, frozen, has_explicit_hash):
 * 0 nothing, 1 __hash__ = None, 2 add __hash__, 3 TypeError */
static const unsigned char hash_action[16] = {0, 0, 0, 0, 1, 0, 2, 0, 2, 3, 2, 3, 2, 3, 2, 3};

static ev_value process_body(ev_interp *I, dc_ctx *c, const bool *p, const ev_value *raw)
{
    ev_value fields = EV_ERR, ann = EV_ERR, cls_fields = EV_ERR, all = EV_ERR, flist = EV_ERR, res = EV_ERR;
    ev_value pairs = EV_ERR;
    /* __dataclass_params__ */
    {
        static const char *const names[] = {"init", "repr", "eq", "order", "unsafe_hash", "frozen", NULL};
        ev_value *pc = dc_global(I, "_DataclassParams");
        if (!pc)
            return EV_ERR;
        ev_value po = ev_call(I, *pc, 0, NULL, 0, NULL, NULL);
        for (int i = 0; !EV_IS_ERR(po) && names[i]; i++)
            if (dc_setattr(I, po, names[i], raw[i])) {
                ev_decref(I, po);
                po = EV_ERR;
            }
        int r = EV_IS_ERR(po) ? -1 : dc_setattr(I, c->cls, "__dataclass_params__", po);
        if (!EV_IS_ERR(po))
            ev_decref(I, po);
        if (r)
            return EV_ERR;
    }
    fields = ev_dict_new(I);
    if (EV_IS_ERR(fields))
        return fields;
    bool any_frozen_base = false, all_frozen_bases = true, has_dc_bases = false;
    ev_value mro = ev_dup(c->t->mro);
    for (size_t i = ev_as_tuple(mro)->len; i-- > 1;) {
        ev_value b = ev_as_tuple(mro)->items[i];
        ev_value bf = dc_getattr_or(I, b, "__dataclass_fields__", EV_NONE);
        if (EV_IS_ERR(bf)) {
            ev_decref(I, mro);
            goto out;
        }
        if (bf.tag == EV_T_NONE)
            continue;
        has_dc_bases = true;
        ev_value vals = ev_us_callm(I, bf, "values", 0, NULL, NULL);
        ev_value l = EV_IS_ERR(vals) ? vals : ev_list_from_iterable(I, vals);
        if (!EV_IS_ERR(vals))
            ev_decref(I, vals);
        ev_decref(I, bf);
        int e = EV_IS_ERR(l);
        for (size_t j = 0; !e && j < ev_as_list(l)->len; j++) {
            ev_value nm = fattr(I, ev_as_list(l)->items[j], "name");
            e = EV_IS_ERR(nm) || ev_dict_set(I, ev_as_dict(fields), nm, ev_as_list(l)->items[j]);
            if (!EV_IS_ERR(nm))
                ev_decref(I, nm);
        }
        if (!EV_IS_ERR(l))
            ev_decref(I, l);
        ev_value bp = e ? EV_ERR : dc_getattr(I, b, "__dataclass_params__");
        ev_value fz = EV_IS_ERR(bp) ? bp : dc_getattr(I, bp, "frozen");
        int z = EV_IS_ERR(fz) ? -1 : ev_truth(I, fz);
        if (!EV_IS_ERR(bp))
            ev_decref(I, bp);
        if (!EV_IS_ERR(fz))
            ev_decref(I, fz);
        if (z < 0) {
            ev_decref(I, mro);
            goto out;
        }
        if (z)
            any_frozen_base = true;
        else
            all_frozen_bases = false;
    }
    ev_decref(I, mro);
    /* cls.__dict__.get('__annotations__', {}) */
    ev_str *ak = ev_intern(I, "__annotations__", 15);
    ev_value *av = ak ? ev_dict_lookup_str(c->t->dict, ak) : NULL;
    ann = av ? ev_dup(*av) : ev_dict_new(I);
    if (EV_IS_ERR(ann))
        goto out;
    {
        ev_value items = ev_us_callm(I, ann, "items", 0, NULL, NULL);
        pairs = EV_IS_ERR(items) ? items : ev_list_from_iterable(I, items);
        if (!EV_IS_ERR(items))
            ev_decref(I, items);
        if (EV_IS_ERR(pairs))
            goto out;
    }
    cls_fields = ev_list_new(I, 0);
    if (EV_IS_ERR(cls_fields))
        goto out;
    bool kw_only = p[DC_P_KW_ONLY], kw_seen = false;
    ev_value dcmod = module_obj(I, "dataclasses");
    for (size_t i = 0; i < ev_as_list(pairs)->len; i++) {
        if (ev_charge(I, 1))
            goto out;
        ev_value pr = ev_as_list(pairs)->items[i];
        if (!ev_is(pr, EV_O_TUPLE) || ev_as_tuple(pr)->len != 2)
            continue;
        ev_value name = ev_as_tuple(pr)->items[0], type = ev_as_tuple(pr)->items[1];
        if (!ev_is(name, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(name));
            goto out;
        }
        if (is_kw_only(I, c, type) || (ev_is(type, EV_O_STR) && is_type_str(I, c, type, dcmod, is_kw_only))) {
            if (kw_seen) {
                ev_value r = ev_repr(I, name);
                if (!EV_IS_ERR(r)) {
                    ev_raise(I, &ev_type_TypeError, "%s is KW_ONLY, but KW_ONLY has already been specified",
                             ev_as_str(r)->data);
                    ev_decref(I, r);
                }
                goto out;
            }
            kw_seen = kw_only = true;
            continue;
        }
        if (I->exc.tag != EV_T_NONE)
            goto out;
        ev_value f = get_field(I, c, name, type, kw_only);
        if (EV_IS_ERR(f))
            goto out;
        int e = ev_list_append(I, ev_as_list(cls_fields), f);
        ev_decref(I, f);
        if (e)
            goto out;
    }
    for (size_t i = 0; i < ev_as_list(cls_fields)->len; i++) {
        ev_value f = ev_dup(ev_as_list(cls_fields)->items[i]);
        ev_value nm = fattr(I, f, "name");
        int e = EV_IS_ERR(nm) || !ev_is(nm, EV_O_STR) || ev_dict_set(I, ev_as_dict(fields), nm, f);
        if (!e) {
            ev_value cur = dc_getattr_or(I, c->cls, ev_as_str(nm)->data, EV_NONE);
            int isf = EV_IS_ERR(cur) ? -1 : ev_isinstance(I, cur, c->field_cls);
            if (!EV_IS_ERR(cur))
                ev_decref(I, cur);
            e = isf < 0;
            if (isf > 0) {
                ev_value d = fattr(I, f, "default");
                e = EV_IS_ERR(d) || dc_setattr(I, c->cls, ev_as_str(nm)->data, dc_same(d, c->missing) ? EV_ERR : d);
                if (!EV_IS_ERR(d))
                    ev_decref(I, d);
            }
        }
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        ev_decref(I, f);
        if (e)
            goto out;
    }
    /* a Field in the namespace without an annotation */
    {
        ev_dict *cd = c->t->dict;
        for (size_t i = 0; i < cd->nentries; i++) {
            if (EV_IS_ERR(cd->entries[i].key))
                continue;
            ev_value k = ev_dup(cd->entries[i].key), v = ev_dup(cd->entries[i].value);
            int isf = ev_isinstance(I, v, c->field_cls), in = 0;
            ev_decref(I, v);
            if (isf > 0) {
                ev_value got;
                in = ev_dict_get(I, ev_as_dict(ann), k, &got);
                if (in > 0)
                    ev_decref(I, got);
                if (in == 0) {
                    ev_value r = ev_repr(I, k);
                    if (!EV_IS_ERR(r)) {
                        ev_raise(I, &ev_type_TypeError, "%s is a field but has no type annotation", ev_as_str(r)->data);
                        ev_decref(I, r);
                    }
                    in = -1;
                }
            }
            ev_decref(I, k);
            if (isf < 0 || in < 0)
                goto out;
        }
    }
    if (has_dc_bases) {
        if (any_frozen_base && !p[DC_P_FROZEN]) {
            ev_raise(I, &ev_type_TypeError, "cannot inherit non-frozen dataclass from a frozen one");
            goto out;
        }
        if (!all_frozen_bases && p[DC_P_FROZEN]) {
            ev_raise(I, &ev_type_TypeError, "cannot inherit frozen dataclass from a non-frozen one");
            goto out;
        }
    }
    if (dc_setattr(I, c->cls, "__dataclass_fields__", fields))
        goto out;
    ev_value *hv = ev_dict_lookup_str(c->t->dict, I->dn[EV_DN_HASH]);
    bool has_explicit_hash = hv && !(hv->tag == EV_T_NONE && ev_dict_lookup_str(c->t->dict, I->dn[EV_DN_EQ]));
    if (p[DC_P_ORDER] && !p[DC_P_EQ]) {
        ev_raise(I, &ev_type_ValueError, "eq must be true if order is true");
        goto out;
    }
    all = fields_of_kind(I, fields, c->field_kind, c->initvar_kind);
    if (EV_IS_ERR(all))
        goto out;
    if (p[DC_P_INIT]) {
        ev_value pi = dc_getattr(I, c->cls, "__post_init__");
        bool has_post_init = !EV_IS_ERR(pi);
        if (has_post_init)
            ev_decref(I, pi);
        else if (!ev_us_catch(I, &ev_type_AttributeError))
            goto out;
        ev_value d = init_data(I, c, all, p[DC_P_FROZEN], p[DC_P_SLOTS], has_post_init);
        if (set_new_attr(I, c, "__init__", method(I, &dc_init_def, d)) < 0)
            goto out;
    }
    flist = fields_of_kind(I, fields, c->field_kind, c->field_kind);
    if (EV_IS_ERR(flist))
        goto out;
    if (p[DC_P_REPR]) {
        ev_value nm = names_of(I, flist, "repr");
        ev_value d = EV_IS_ERR(nm) ? nm : mdata(I, c, "__repr__", nm, 0, NULL);
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        if (set_new_attr(I, c, "__repr__", method(I, &dc_repr_def, d)) < 0)
            goto out;
    }
    ev_value cmp_names = EV_ERR;
    if (p[DC_P_EQ] || p[DC_P_ORDER]) {
        cmp_names = names_of(I, flist, "compare");
        if (EV_IS_ERR(cmp_names))
            goto out;
    }
    for (int op = 0; op < 6; op++) {
        bool want = op == 2 ? p[DC_P_EQ] : op == 3 ? false : p[DC_P_ORDER];
        if (!want)
            continue;
        ev_value x = ev_int(op);
        ev_value d = mdata(I, c, dc_cmp_defs[op].name, cmp_names, 1, &x);
        int r = set_new_attr(I, c, dc_cmp_defs[op].name, method(I, &dc_cmp_defs[op], d));
        if (r > 0 && op != 2)
            ev_raise(I, &ev_type_TypeError,
                     "Cannot overwrite attribute %s in class %s. Consider using functools.total_ordering",
                     dc_cmp_defs[op].name, c->t->name);
        if (r < 0 || (r > 0 && op != 2)) {
            ev_decref(I, cmp_names);
            goto out;
        }
    }
    if (!EV_IS_ERR(cmp_names))
        ev_decref(I, cmp_names);
    if (p[DC_P_FROZEN]) {
        ev_value nm = names_of(I, flist, NULL);
        if (EV_IS_ERR(nm))
            goto out;
        for (int del = 0; del < 2; del++) {
            ev_value x[2] = {c->cls, ev_int(del)};
            const ev_builtin_def *def = del ? &dc_delattr_def : &dc_setattr_def;
            ev_value d = mdata(I, c, def->name, nm, 2, x);
            int r = set_new_attr(I, c, def->name, method(I, def, d));
            if (r > 0)
                ev_raise(I, &ev_type_TypeError, "Cannot overwrite attribute %s in class %s", def->name, c->t->name);
            if (r) {
                ev_decref(I, nm);
                goto out;
            }
        }
        ev_decref(I, nm);
    }
    switch (hash_action[(p[DC_P_UNSAFE_HASH] << 3) | (p[DC_P_EQ] << 2) | (p[DC_P_FROZEN] << 1) | has_explicit_hash]) {
    case 1:
        if (ev_setattr(I, c->cls, I->dn[EV_DN_HASH], EV_NONE))
            goto out;
        break;
    case 2: {
        ev_value nm = names_of(I, flist, "hash");
        ev_value d = EV_IS_ERR(nm) ? nm : mdata(I, c, "__hash__", nm, 0, NULL);
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        ev_value m = method(I, &dc_hash_def, d);
        int r = EV_IS_ERR(m) ? -1 : ev_setattr(I, c->cls, I->dn[EV_DN_HASH], m);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (r)
            goto out;
        break;
    }
    case 3:
        ev_raise(I, &ev_type_TypeError, "Cannot overwrite attribute __hash__ in class %s", c->t->name);
        goto out;
    default:
        break;
    }
    {
        ev_value doc = dc_getattr_or(I, c->cls, "__doc__", EV_NONE);
        int t = EV_IS_ERR(doc) ? -1 : ev_truth(I, doc);
        if (!EV_IS_ERR(doc))
            ev_decref(I, doc);
        if (t < 0)
            goto out;
        if (!t) {
            /* the signature shown is the generated __init__'s; any other is not known here */
            ev_value *iv = ev_type_find(I, c->t, I->dn[EV_DN_INIT]);
            bool ours = iv && ev_is(*iv, EV_O_BUILTIN) && ((ev_builtin *)iv->u.o)->def == &dc_init_def;
            if (ours && set_doc(I, c, all))
                goto out;
            /* no __init__ but object's: the signature is () */
            if (!iv && ev_solid_base(c->t) == &ev_type_object) {
                ev_value e = ev_list_new(I, 0);
                int r = EV_IS_ERR(e) ? -1 : set_doc(I, c, e);
                if (!EV_IS_ERR(e))
                    ev_decref(I, e);
                if (r)
                    goto out;
            }
        }
    }
    if (p[DC_P_MATCH_ARGS]) {
        ev_value std = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(std) && i < ev_as_list(all)->len; i++) {
            ev_value f = ev_as_list(all)->items[i];
            int in = f_truth(I, f, "init"), kw = in <= 0 ? 1 : f_truth(I, f, "kw_only");
            if (in < 0 || kw < 0 || (in && !kw && ev_list_append(I, ev_as_list(std), f))) {
                ev_decref(I, std);
                std = EV_ERR;
            }
        }
        ev_value nm = EV_IS_ERR(std) ? std : names_of(I, std, NULL);
        if (!EV_IS_ERR(std))
            ev_decref(I, std);
        if (set_new_attr(I, c, "__match_args__", nm) < 0)
            goto out;
    }
    if (p[DC_P_WEAKREF_SLOT] && !p[DC_P_SLOTS]) {
        ev_raise(I, &ev_type_TypeError, "weakref_slot is True but slots is False");
        goto out;
    }
    if (p[DC_P_SLOTS]) {
        ev_value nm = names_of(I, flist, NULL);
        res = EV_IS_ERR(nm) ? nm : add_slots(I, c, nm, p[DC_P_WEAKREF_SLOT]);
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        goto out;
    }
    res = ev_dup(c->cls);
out:
    if (!EV_IS_ERR(pairs))
        ev_decref(I, pairs);
    if (!EV_IS_ERR(all))
        ev_decref(I, all);
    if (!EV_IS_ERR(flist))
        ev_decref(I, flist);
    if (!EV_IS_ERR(cls_fields))
        ev_decref(I, cls_fields);
    if (!EV_IS_ERR(ann))
        ev_decref(I, ann);
    if (!EV_IS_ERR(fields))
        ev_decref(I, fields);
    return res;
}

ev_value dc_process_class(ev_interp *I, ev_value cls, const bool params[DC_P_N], const ev_value raw[DC_P_N])
{
    if (!ev_is(cls, EV_O_TYPE) || !ev_is_heaptype((ev_type *)cls.u.o)) {
        /* where _process_class fails first: cls.__module__ (an object
         * without one), cls.__mro__ (an instance of a class), or
         * setattr(cls, '__dataclass_params__', ...) (a builtin type) */
        if (!ev_is(cls, EV_O_TYPE))
            return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'", ev_type_name(cls),
                            ev_is_heaptype(ev_type_of(cls)) ? "__mro__" : "__module__");
        if (dc_setattr(I, cls, "__dataclass_params__", EV_NONE) == 0)
            ev_raise(I, &ev_type_TypeError, "cannot set '__dataclass_params__' attribute of immutable type '%s'",
                     ((ev_type *)cls.u.o)->name);
        return EV_ERR;
    }
    dc_ctx c = {.cls = cls, .t = (ev_type *)cls.u.o};
    static const char *const g[] = {"MISSING", "_FIELD", "_FIELD_CLASSVAR", "_FIELD_INITVAR", "Field",
                                    "KW_ONLY", "InitVar", "_HAS_DEFAULT_FACTORY"};
    ev_value *slot[] = {&c.missing, &c.field_kind, &c.classvar_kind, &c.initvar_kind, &c.field_cls,
                        &c.kw_only_cls, &c.initvar_cls, &c.factory_sentinel};
    size_t got = 0;
    for (; got < 8; got++) {
        ev_value *v = dc_global(I, g[got]);
        if (!v)
            break;
        *slot[got] = ev_dup(*v); /* held: user code run below may rebind the module's names */
    }
    ev_value res = EV_ERR;
    if (got == 8 && ev_recursion_enter(I, "") == 0) {
        ev_incref(cls);
        ev_value qn = dc_getattr(I, cls, "__qualname__");
        if (!EV_IS_ERR(qn) && ev_is(qn, EV_O_STR)) {
            c.qual = ev_as_str(qn)->data;
            res = process_body(I, &c, params, raw);
        } else if (!EV_IS_ERR(qn)) {
            ev_raise(I, &ev_type_TypeError, "__qualname__ must be a str");
        }
        if (!EV_IS_ERR(qn))
            ev_decref(I, qn);
        ev_decref(I, cls);
        ev_recursion_leave(I);
    }
    for (size_t i = 0; i < got; i++)
        ev_decref(I, *slot[i]);
    return res;
}
