/*
 * collections_userstring.c - collections.UserString as CPython 3.11's
 * Lib/collections/__init__.py writes it: a subclass of
 * collections.abc.Sequence, whose __iter__ and __reversed__ it inherits
 * (they go through self[i]).
 *
 * Most methods are self.data.NAME(...) with the def's parameters, some
 * unwrapping a UserString argument first (count, find, replace...), and
 * those returning a str wrap the result in self.__class__; a table says
 * which.  See collections_user.c for the design.
 */
#include <stdint.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"

static ev_value data_of(ev_interp *I, ev_value self) { return ev_us_getattr(I, self, "data"); }

/* s[:]: CPython gives back an exact str itself (safepy's slicing copies) */
static ev_value full_slice(ev_interp *I, ev_value s)
{
    if (ev_is(s, EV_O_STR) && !ev_is_user(s))
        return ev_dup(s);
    ev_value sl = ev_slice_new(I, EV_NONE, EV_NONE, EV_NONE);
    if (EV_IS_ERR(sl))
        return sl;
    ev_value r = ev_getitem(I, s, sl);
    ev_decref(I, sl);
    return r;
}

/* x.data for a UserString, else x (new reference) */
static ev_value unwrap(ev_interp *I, ev_value x)
{
    return ev_us_isinstance(I, x, "UserString") ? data_of(I, x) : ev_dup(x);
}

/* A forwarded method: self.data.METH(params...) with the def's defaults
 * passed explicitly, as CPython's code passes them. */
typedef struct usf {
    ev_us_sig sig;
    const char *meth;
    /* per parameter, its default: '-' required, '0' 0, 'M' sys.maxsize,
     * 'N' None, 'm' -1, '8' 8, 'F' False */
    const char *defaults;
    uint8_t unwrap; /* bit i: parameter i, when a UserString, passes its data */
    bool wrap;      /* the result is self.__class__(result) */
} usf;

static ev_value default_value(char c)
{
    switch (c) {
    case '0': return ev_int(0);
    case 'M': return ev_int(INT64_MAX);
    case 'm': return ev_int(-1);
    case '8': return ev_int(8);
    case 'F': return EV_FALSE;
    default: return EV_NONE;
    }
}

static ev_value us_fwd(ev_interp *I, ev_value self, const usf *f, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[EV_US_MAXP], args[EV_US_MAXP];
    if (ev_us_bind(I, &f->sig, argc, argv, kw, a))
        return EV_ERR;
    int np = (int)strlen(f->defaults), n = 0;
    ev_value r = EV_ERR;
    if (f->sig.varargs && argc >= np) {
        /* center(width, *args), format(*args, **kwds): everything as given */
        ev_value d = data_of(I, self);
        if (EV_IS_ERR(d))
            return d;
        r = ev_us_callm(I, d, f->meth, argc, argv, f->sig.varkw ? kw : NULL);
        ev_decref(I, d);
        return f->wrap ? ev_us_wrap(I, self, r) : r;
    }
    for (; n < np; n++) {
        ev_value v = EV_IS_ERR(a[n]) ? default_value(f->defaults[n]) : a[n];
        args[n] = (f->unwrap >> n) & 1 ? unwrap(I, v) : ev_dup(v);
        if (EV_IS_ERR(args[n]))
            goto out;
    }
    ev_value d = data_of(I, self);
    if (EV_IS_ERR(d))
        goto out;
    r = ev_us_callm(I, d, f->meth, n, args, f->sig.varkw ? kw : NULL);
    ev_decref(I, d);
    if (f->wrap)
        r = ev_us_wrap(I, self, r);
out:
    for (int i = 0; i < n; i++)
        ev_decref(I, args[i]);
    return r;
}

#define P0 {NULL}, 0, 0, false, false
#define FWD(fn, meth, defs, unw, wrap, ...)                                                         \
    US_FN(fn)                                                                                       \
    {                                                                                               \
        static const usf f = {{"UserString." meth, __VA_ARGS__}, meth, defs, unw, wrap};            \
        return us_fwd(I, self, &f, argc, argv, kw);                                                 \
    }
#define SUB_START_END {"sub", "start", "end", NULL}, 1, 0, false, false

FWD(us_capitalize, "capitalize", "", 0, true, P0)
FWD(us_casefold, "casefold", "", 0, true, P0)
FWD(us_center, "center", "-", 0, true, {"width", NULL}, 1, 0, true, false)
FWD(us_count, "count", "-0M", 1, false, SUB_START_END)
FWD(us_removeprefix, "removeprefix", "-", 1, true, {"prefix", NULL}, 1, 1, false, false)
FWD(us_removesuffix, "removesuffix", "-", 1, true, {"suffix", NULL}, 1, 1, false, false)
FWD(us_endswith, "endswith", "-0M", 0, false, {"suffix", "start", "end", NULL}, 1, 0, false, false)
FWD(us_expandtabs, "expandtabs", "8", 0, true, {"tabsize", NULL}, 0, 0, false, false)
FWD(us_find, "find", "-0M", 1, false, SUB_START_END)
FWD(us_format, "format", "", 0, false, {NULL}, 0, 0, true, true)
FWD(us_format_map, "format_map", "-", 0, false, {"mapping", NULL}, 1, 0, false, false)
FWD(us_index, "index", "-0M", 0, false, SUB_START_END)
FWD(us_isalpha, "isalpha", "", 0, false, P0)
FWD(us_isalnum, "isalnum", "", 0, false, P0)
FWD(us_isascii, "isascii", "", 0, false, P0)
FWD(us_isdecimal, "isdecimal", "", 0, false, P0)
FWD(us_isdigit, "isdigit", "", 0, false, P0)
FWD(us_isidentifier, "isidentifier", "", 0, false, P0)
FWD(us_islower, "islower", "", 0, false, P0)
FWD(us_isnumeric, "isnumeric", "", 0, false, P0)
FWD(us_isprintable, "isprintable", "", 0, false, P0)
FWD(us_isspace, "isspace", "", 0, false, P0)
FWD(us_istitle, "istitle", "", 0, false, P0)
FWD(us_isupper, "isupper", "", 0, false, P0)
FWD(us_join, "join", "-", 0, false, {"seq", NULL}, 1, 0, false, false)
FWD(us_ljust, "ljust", "-", 0, true, {"width", NULL}, 1, 0, true, false)
FWD(us_lower, "lower", "", 0, true, P0)
FWD(us_lstrip, "lstrip", "N", 0, true, {"chars", NULL}, 0, 0, false, false)
FWD(us_partition, "partition", "-", 0, false, {"sep", NULL}, 1, 0, false, false)
FWD(us_replace, "replace", "--m", 3, true, {"old", "new", "maxsplit", NULL}, 2, 0, false, false)
FWD(us_rfind, "rfind", "-0M", 1, false, SUB_START_END)
FWD(us_rindex, "rindex", "-0M", 0, false, SUB_START_END)
FWD(us_rjust, "rjust", "-", 0, true, {"width", NULL}, 1, 0, true, false)
FWD(us_rpartition, "rpartition", "-", 0, false, {"sep", NULL}, 1, 0, false, false)
FWD(us_rstrip, "rstrip", "N", 0, true, {"chars", NULL}, 0, 0, false, false)
FWD(us_split, "split", "Nm", 0, false, {"sep", "maxsplit", NULL}, 0, 0, false, false)
FWD(us_rsplit, "rsplit", "Nm", 0, false, {"sep", "maxsplit", NULL}, 0, 0, false, false)
FWD(us_splitlines, "splitlines", "F", 0, false, {"keepends", NULL}, 0, 0, false, false)
FWD(us_startswith, "startswith", "-0M", 0, false, {"prefix", "start", "end", NULL}, 1, 0, false, false)
FWD(us_strip, "strip", "N", 0, true, {"chars", NULL}, 0, 0, false, false)
FWD(us_swapcase, "swapcase", "", 0, true, P0)
FWD(us_title, "title", "", 0, true, P0)
FWD(us_translate, "translate", "", 0, true, {NULL}, 0, 0, true, false)
FWD(us_upper, "upper", "", 0, true, P0)
FWD(us_zfill, "zfill", "-", 0, true, {"width", NULL}, 1, 0, false, false)

/* self.__class__(self.data[index]) */
US_FN(us_getitem)
{
    static const ev_us_sig sig = {"UserString.__getitem__", {"index", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = data_of(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_getitem(I, d, a[0]);
    ev_decref(I, d);
    return ev_us_wrap(I, self, r);
}

/* self.__class__(self.data * n) */
US_FN(us_mul)
{
    static const ev_us_sig sig = {"UserString.__mul__", {"n", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = data_of(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_binary(I, EV_OP_MUL, d, a[0]);
    ev_decref(I, d);
    return ev_us_wrap(I, self, r);
}

/* encode(encoding='utf-8', errors='strict'), None meaning the default */
US_FN(us_encode)
{
    static const ev_us_sig sig = {"UserString.encode", {"encoding", "errors", NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value args[2] = {EV_ERR, EV_ERR}, d = EV_ERR, r = EV_ERR;
    for (int i = 0; i < 2; i++) {
        args[i] = EV_IS_ERR(a[i]) || a[i].tag == EV_T_NONE ? ev_str_from_cstr(I, i ? "strict" : "utf-8")
                                                             : ev_dup(a[i]);
        if (EV_IS_ERR(args[i]))
            goto out;
    }
    d = data_of(I, self);
    if (!EV_IS_ERR(d))
        r = ev_us_callm(I, d, "encode", 2, args, NULL);
out:
    ev_decref(I, d);
    ev_decref(I, args[0]);
    ev_decref(I, args[1]);
    return r;
}

US_FN(us_init)
{
    static const ev_us_sig sig = {"UserString.__init__", {"seq", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value seq = a[0], v;
    if (ev_is(seq, EV_O_STR))
        v = ev_dup(seq);
    else if (ev_us_isinstance(I, seq, "UserString")) {
        ev_value d = data_of(I, seq);
        v = EV_IS_ERR(d) ? d : full_slice(I, d); /* seq.data[:] */
        ev_decref(I, d);
    } else
        v = ev_to_str(I, seq);
    if (EV_IS_ERR(v))
        return v;
    int r = ev_us_setattr(I, self, "data", v);
    ev_decref(I, v);
    return r ? EV_ERR : EV_NONE;
}

/* f(self.data) for str(), repr(), int(), float(), complex(), hash(), len() */
static ev_value of_data(ev_interp *I, ev_value self, const char *qual, char what, int argc, const ev_value *argv,
                        const ev_kw *kw)
{
    ev_us_sig sig = {qual, {NULL}, 0, 0, false, false};
    BIND(sig, a);
    ev_value d = data_of(I, self), r;
    if (EV_IS_ERR(d))
        return d;
    int64_t h;
    switch (what) {
    case 's': r = ev_to_str(I, d); break;
    case 'r': r = ev_repr(I, d); break;
    case 'i': r = ev_call(I, ev_obj_val(&ev_type_int.h), 1, &d, 0, NULL, NULL); break;
    case 'f': r = ev_call(I, ev_obj_val(&ev_type_float.h), 1, &d, 0, NULL, NULL); break;
    case 'c': r = ev_call(I, ev_obj_val(&ev_type_complex.h), 1, &d, 0, NULL, NULL); break;
    case 'h': r = ev_hash(I, d, &h) ? EV_ERR : ev_int(h); break;
    case 'l': r = ev_len_value(I, d); break;
    default: { /* __getnewargs__: (self.data[:],) */
        ev_value c = full_slice(I, d);
        r = EV_IS_ERR(c) ? c : ev_tuple_new(I, 1);
        if (!EV_IS_ERR(r))
            ev_as_tuple(r)->items[0] = c;
        else
            ev_decref(I, c);
    }
    }
    ev_decref(I, d);
    return r;
}

US_FN(us_str) { return of_data(I, self, "UserString.__str__", 's', argc, argv, kw); }
US_FN(us_repr) { return of_data(I, self, "UserString.__repr__", 'r', argc, argv, kw); }
US_FN(us_int) { return of_data(I, self, "UserString.__int__", 'i', argc, argv, kw); }
US_FN(us_float) { return of_data(I, self, "UserString.__float__", 'f', argc, argv, kw); }
US_FN(us_complex) { return of_data(I, self, "UserString.__complex__", 'c', argc, argv, kw); }
US_FN(us_hash) { return of_data(I, self, "UserString.__hash__", 'h', argc, argv, kw); }
US_FN(us_len) { return of_data(I, self, "UserString.__len__", 'l', argc, argv, kw); }
US_FN(us_getnewargs) { return of_data(I, self, "UserString.__getnewargs__", 'n', argc, argv, kw); }

/* self.data OP string (its data when a UserString) */
static ev_value us_cmp(ev_interp *I, ev_value self, const char *qual, int op, int argc, const ev_value *argv,
                       const ev_kw *kw)
{
    ev_us_sig sig = {qual, {"string", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value o = unwrap(I, a[0]);
    ev_value d = EV_IS_ERR(o) ? o : data_of(I, self);
    int r = EV_IS_ERR(d) ? -1 : ev_compare(I, d, o, op);
    ev_decref(I, o);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

US_FN(us_eq) { return us_cmp(I, self, "UserString.__eq__", 2, argc, argv, kw); }
US_FN(us_lt) { return us_cmp(I, self, "UserString.__lt__", 0, argc, argv, kw); }
US_FN(us_le) { return us_cmp(I, self, "UserString.__le__", 1, argc, argv, kw); }
US_FN(us_gt) { return us_cmp(I, self, "UserString.__gt__", 4, argc, argv, kw); }
US_FN(us_ge) { return us_cmp(I, self, "UserString.__ge__", 5, argc, argv, kw); }

US_FN(us_contains)
{
    static const ev_us_sig sig = {"UserString.__contains__", {"char", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value c = unwrap(I, a[0]);
    ev_value d = EV_IS_ERR(c) ? c : data_of(I, self);
    int r = EV_IS_ERR(d) ? -1 : ev_contains(I, d, c);
    ev_decref(I, c);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* __add__: self.data + (other.data | other if a str | str(other));
 * __radd__: (other if a str | str(other)) + self.data */
static ev_value us_add_common(ev_interp *I, ev_value self, ev_value other, bool reflected)
{
    ev_value o = !reflected && ev_us_isinstance(I, other, "UserString") ? data_of(I, other)
                 : ev_is(other, EV_O_STR)                               ? ev_dup(other)
                                                                        : ev_to_str(I, other);
    if (EV_IS_ERR(o))
        return o;
    ev_value d = data_of(I, self);
    ev_value r = EV_IS_ERR(d) ? d : reflected ? ev_binary(I, EV_OP_ADD, o, d) : ev_binary(I, EV_OP_ADD, d, o);
    ev_decref(I, d);
    ev_decref(I, o);
    return ev_us_wrap(I, self, r);
}

US_FN(us_add)
{
    static const ev_us_sig sig = {"UserString.__add__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return us_add_common(I, self, a[0], false);
}

US_FN(us_radd)
{
    static const ev_us_sig sig = {"UserString.__radd__", {"other", NULL}, 1, 0, false, false};
    BIND(sig, a);
    return us_add_common(I, self, a[0], true);
}

/* self.__class__(self.data % args) */
US_FN(us_mod)
{
    static const ev_us_sig sig = {"UserString.__mod__", {"args", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value d = data_of(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_binary(I, EV_OP_MOD, d, a[0]);
    ev_decref(I, d);
    return ev_us_wrap(I, self, r);
}

/* self.__class__(str(template) % self) */
US_FN(us_rmod)
{
    static const ev_us_sig sig = {"UserString.__rmod__", {"template", NULL}, 1, 0, false, false};
    BIND(sig, a);
    ev_value t = ev_to_str(I, a[0]);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ev_binary(I, EV_OP_MOD, t, self);
    ev_decref(I, t);
    return ev_us_wrap(I, self, r);
}

static const ev_us_method userstring_methods[] = {
    EV_US_M("__init__", us_init),
    EV_US_M("__str__", us_str),
    EV_US_M("__repr__", us_repr),
    EV_US_M("__int__", us_int),
    EV_US_M("__float__", us_float),
    EV_US_M("__complex__", us_complex),
    EV_US_M("__hash__", us_hash),
    EV_US_M("__getnewargs__", us_getnewargs),
    EV_US_M("__eq__", us_eq),
    EV_US_M("__lt__", us_lt),
    EV_US_M("__le__", us_le),
    EV_US_M("__gt__", us_gt),
    EV_US_M("__ge__", us_ge),
    EV_US_M("__contains__", us_contains),
    EV_US_M("__len__", us_len),
    EV_US_M("__getitem__", us_getitem),
    EV_US_M("__add__", us_add),
    EV_US_M("__radd__", us_radd),
    EV_US_M("__mul__", us_mul),
    EV_US_M("__rmul__", us_mul),
    EV_US_M("__mod__", us_mod),
    EV_US_M("__rmod__", us_rmod),
    EV_US_M("capitalize", us_capitalize),
    EV_US_M("casefold", us_casefold),
    EV_US_M("center", us_center),
    EV_US_M("count", us_count),
    EV_US_M("removeprefix", us_removeprefix),
    EV_US_M("removesuffix", us_removesuffix),
    EV_US_M("encode", us_encode),
    EV_US_M("endswith", us_endswith),
    EV_US_M("expandtabs", us_expandtabs),
    EV_US_M("find", us_find),
    EV_US_M("format", us_format),
    EV_US_M("format_map", us_format_map),
    EV_US_M("index", us_index),
    EV_US_M("isalpha", us_isalpha),
    EV_US_M("isalnum", us_isalnum),
    EV_US_M("isascii", us_isascii),
    EV_US_M("isdecimal", us_isdecimal),
    EV_US_M("isdigit", us_isdigit),
    EV_US_M("isidentifier", us_isidentifier),
    EV_US_M("islower", us_islower),
    EV_US_M("isnumeric", us_isnumeric),
    EV_US_M("isprintable", us_isprintable),
    EV_US_M("isspace", us_isspace),
    EV_US_M("istitle", us_istitle),
    EV_US_M("isupper", us_isupper),
    EV_US_M("join", us_join),
    EV_US_M("ljust", us_ljust),
    EV_US_M("lower", us_lower),
    EV_US_M("lstrip", us_lstrip),
    EV_US_M("partition", us_partition),
    EV_US_M("replace", us_replace),
    EV_US_M("rfind", us_rfind),
    EV_US_M("rindex", us_rindex),
    EV_US_M("rjust", us_rjust),
    EV_US_M("rpartition", us_rpartition),
    EV_US_M("rstrip", us_rstrip),
    EV_US_M("split", us_split),
    EV_US_M("rsplit", us_rsplit),
    EV_US_M("splitlines", us_splitlines),
    EV_US_M("startswith", us_startswith),
    EV_US_M("strip", us_strip),
    EV_US_M("swapcase", us_swapcase),
    EV_US_M("title", us_title),
    EV_US_M("translate", us_translate),
    EV_US_M("upper", us_upper),
    EV_US_M("zfill", us_zfill),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

int ev_coll_userstring_init(ev_interp *I, ev_dict *ns)
{
    ev_value cls;
    if (ev_us_class_abc(I, ns, "UserString", "collections", "UserString", NULL, NULL, userstring_methods,
                        "Sequence", &cls))
        return -1;
    /* maketrans = str.maketrans: the same static method object */
    ev_str *k = ev_intern(I, "maketrans", 9);
    ev_value mt = k ? ev_getattr(I, ev_obj_val(&ev_type_str.h), k) : EV_ERR;
    if (EV_IS_ERR(mt))
        return -1;
    int r = ev_dict_set_str(I, ((ev_type *)cls.u.o)->dict, k, mt);
    ev_decref(I, mt);
    I->class_version++;
    return r;
}
