/*
 * calendar.c - the calendar module, CPython 3.11's Lib/calendar.py:
 * isleap, leapdays, weekday, monthrange, timegm, the day and month names
 * (the C locale's, through datetime's strftime), Calendar, TextCalendar
 * and HTMLCalendar, and the module-level interface bound to one
 * TextCalendar (month, prmonth, calendar, prcal, monthcalendar, week,
 * weekheader, firstweekday, setfirstweekday, format, formatstring).
 *
 * The classes are heap classes whose C methods do what calendar.py's do,
 * calling the other methods through the object (self.formatday,
 * self.itermonthdays...), so a subclass's overrides take effect where they
 * take effect in CPython; arithmetic on the arguments goes through the
 * object protocol where CPython's is generic (isleap, leapdays, weekday,
 * timegm), and dates come from the datetime module.
 *
 * Differences, loud: the itermonth* methods and iterweekdays return
 * iterators over lists computed at the call (CPython's are generators:
 * an error for a date past datetime's range comes at the call instead of
 * after the dates before it), a year past 64 bits raises OverflowError,
 * and LocaleTextCalendar/LocaleHTMLCalendar raise NotImplementedError
 * (no locales).  main() (the command line) does not exist.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/objects/class_int.h"

/* ---- helpers ----------------------------------------------------------------------------------- */

typedef struct ca_method {
    ev_builtin_def d;
    char kind; /* 'm' method */
} ca_method;
#define CA_M(name, fn) {{name, fn, 0, -1, EV_BF_KWANY | EV_BF_PYFUNC, NULL}, 'm'}
#define CA_END {{NULL, NULL, 0, 0, 0, NULL}, 0}

/* a def's frame in CPython: one recursion level around each method */
#define CA_FN(name)                                                                                           \
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
#define CA_BIND(qual, a, nreq, ...)                                           \
    static const ev_us_sig sig_ = {qual, {__VA_ARGS__}, nreq, 0, false, false}; \
    ev_value a[EV_US_MAXP];                                                \
    if (ev_us_bind(I, &sig_, argc, argv, kw, a))                           \
        return EV_ERR

static void drop(ev_interp *I, ev_value v)
{
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
}

static ev_value callm(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    return ev_us_callm(I, obj, name, argc, argv, NULL);
}

/* the module's global name (borrowed) */
static ev_value ca_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "calendar", 8);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = m && k && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!c)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
    return *c;
}

/* datetime.date (borrowed) */
static ev_value date_type(ev_interp *I)
{
    ev_value m = ev_import_submodule(I, "datetime");
    if (EV_IS_ERR(m))
        return m;
    ev_str *k = ev_intern(I, "date", 4);
    ev_value *d = k ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, k) : NULL;
    ev_decref(I, m);
    if (!d)
        return ev_raise(I, &ev_type_RuntimeError, "datetime.date is gone");
    return *d;
}

static ev_value make_date(ev_interp *I, ev_value y, ev_value m, ev_value d)
{
    ev_value dt = date_type(I);
    if (EV_IS_ERR(dt))
        return dt;
    ev_value a[3] = {y, m, d};
    return ev_call(I, dt, 3, a, 0, NULL, NULL);
}

static int64_t pymod(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return r && ((r < 0) != (b < 0)) ? r + b : r;
}

static ev_value bin(ev_interp *I, ev_binop op, ev_value a, ev_value b) { return ev_binary(I, op, a, b); }

/* a op b, a consumed */
static ev_value bin_steal(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (EV_IS_ERR(a))
        return a;
    ev_value r = ev_binary(I, op, a, b);
    ev_decref(I, a);
    return r;
}

/* an int argument as int64 */
static int as_i64(ev_interp *I, ev_value v, int64_t *out) { return ev_index(I, v, out, NULL); }

static ev_value raise_exc_class(ev_interp *I, const char *cls, ev_value arg)
{
    ev_value t = ca_global(I, cls);
    if (EV_IS_ERR(t))
        return t;
    ev_value e = ev_call(I, t, 1, &arg, 0, NULL, NULL);
    if (EV_IS_ERR(e))
        return e;
    return ev_raise_value(I, e);
}

/* iterable -> list */
static ev_value to_list(ev_interp *I, ev_value it)
{
    return ev_call(I, ev_obj_val(&ev_type_list.h), 1, &it, 0, NULL, NULL);
}

/* [l[i:i+n] for i in range(0, len(l), n)] of a list, l consumed */
static ev_value chunks(ev_interp *I, ev_value l, int64_t n)
{
    if (EV_IS_ERR(l))
        return l;
    ev_value out = ev_list_new(I, 0);
    for (size_t i = 0; !EV_IS_ERR(out) && i < ev_as_list(l)->len; i += (size_t)n) {
        size_t len = ev_as_list(l)->len, end = i + (size_t)n < len ? i + (size_t)n : len;
        ev_value part = ev_list_new(I, end - i);
        for (size_t j = i; !EV_IS_ERR(part) && j < end && j < ev_as_list(l)->len; j++)
            if (ev_list_append(I, ev_as_list(part), ev_as_list(l)->items[j])) {
                ev_decref(I, part);
                part = EV_ERR;
            }
        if (EV_IS_ERR(part) || ev_list_append(I, ev_as_list(out), part)) {
            drop(I, part);
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        ev_decref(I, part);
    }
    ev_decref(I, l);
    return out;
}

/* sep.join(list), list consumed */
static ev_value join(ev_interp *I, const char *sep, ev_value list)
{
    if (EV_IS_ERR(list))
        return list;
    ev_value s = ev_str_from_cstr(I, sep);
    ev_value r = EV_IS_ERR(s) ? s : callm(I, s, "join", 1, &list);
    drop(I, s);
    ev_decref(I, list);
    return r;
}

/* s.center(width), s consumed */
static ev_value center(ev_interp *I, ev_value s, ev_value width)
{
    if (EV_IS_ERR(s))
        return s;
    ev_value r = callm(I, s, "center", 1, &width);
    ev_decref(I, s);
    return r;
}

static ev_value rstrip(ev_interp *I, ev_value s)
{
    if (EV_IS_ERR(s))
        return s;
    ev_value r = callm(I, s, "rstrip", 0, NULL);
    ev_decref(I, s);
    return r;
}

static int list_add(ev_interp *I, ev_value list, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_list_append(I, ev_as_list(list), v_steal);
    ev_decref(I, v_steal);
    return e;
}

static int list_add_str(ev_interp *I, ev_value list, const char *s) { return list_add(I, list, ev_str_from_cstr(I, s)); }

/* n copies of "\n" */
static int list_add_nl(ev_interp *I, ev_value list, int64_t n)
{
    ev_value s = ev_str_from_cstr(I, "\n");
    return list_add(I, list, bin_steal(I, EV_OP_MUL, s, ev_int(n)));
}

/* print(s, end='') through the builtin, so that redirect_stdout applies */
static ev_value print_noend(ev_interp *I, ev_value s)
{
    if (EV_IS_ERR(s))
        return s;
    ev_str *pn = ev_intern(I, "print", 5), *en = ev_intern(I, "end", 3);
    ev_value *p = pn ? ev_dict_lookup_str(I->builtins, pn) : NULL;
    ev_value empty = ev_str_from_cstr(I, "");
    ev_value r = EV_ERR;
    if (p && en && !EV_IS_ERR(empty))
        r = ev_call(I, *p, 1, &s, 1, &en, &empty);
    drop(I, empty);
    ev_decref(I, s);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* unpack an item of n values, CPython's messages */
static int unpack(ev_interp *I, ev_value item, int n, ev_value *out)
{
    ev_value it = ev_iter(I, item);
    if (EV_IS_ERR(it)) {
        if (ev_us_catch(I, &ev_type_TypeError))
            ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(item));
        return -1;
    }
    int got = 0;
    for (; got < n; got++) {
        int r = ev_next(I, it, &out[got]);
        if (r <= 0) {
            if (r == 0)
                ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected %d, got %d)", n, got);
            goto fail;
        }
    }
    ev_value extra;
    int r = ev_next(I, it, &extra);
    if (r != 0) {
        if (r > 0) {
            ev_decref(I, extra);
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected %d)", n);
        }
        goto fail;
    }
    ev_decref(I, it);
    return 0;
fail:
    for (int i = 0; i < got; i++)
        ev_decref(I, out[i]);
    ev_decref(I, it);
    return -1;
}

/* ---- module functions ------------------------------------------------------------------------ */

/* v % k == 0, 0/1 or -1 */
static int divisible(ev_interp *I, ev_value v, int64_t k)
{
    ev_value r = bin(I, EV_OP_MOD, v, ev_int(k));
    if (EV_IS_ERR(r))
        return -1;
    int e = ev_eq(I, r, ev_int(0));
    ev_decref(I, r);
    return e;
}

static ev_value isleap_v(ev_interp *I, ev_value year)
{
    int a = divisible(I, year, 4);
    if (a <= 0)
        return a < 0 ? EV_ERR : EV_FALSE;
    int b = divisible(I, year, 100);
    if (b < 0)
        return EV_ERR;
    if (!b)
        return EV_TRUE;
    int c = divisible(I, year, 400);
    return c < 0 ? EV_ERR : ev_bool(c);
}

static ev_value ca_isleap(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return isleap_v(I, argv[0]);
}

/* (y2//k - y1//k) */
static ev_value floordiff(ev_interp *I, ev_value y1, ev_value y2, int64_t k)
{
    ev_value a = bin(I, EV_OP_FLOORDIV, y2, ev_int(k));
    ev_value b = EV_IS_ERR(a) ? a : bin(I, EV_OP_FLOORDIV, y1, ev_int(k));
    ev_value r = EV_IS_ERR(b) ? b : bin(I, EV_OP_SUB, a, b);
    drop(I, a);
    drop(I, b);
    return r;
}

static ev_value ca_leapdays(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value y1 = bin(I, EV_OP_SUB, argv[0], ev_int(1));
    ev_value y2 = EV_IS_ERR(y1) ? y1 : bin(I, EV_OP_SUB, argv[1], ev_int(1));
    ev_value a = EV_IS_ERR(y2) ? y2 : floordiff(I, y1, y2, 4);
    ev_value b = EV_IS_ERR(a) ? a : floordiff(I, y1, y2, 100);
    ev_value c = EV_IS_ERR(b) ? b : floordiff(I, y1, y2, 400);
    ev_value r = EV_IS_ERR(c) ? c : bin_steal(I, EV_OP_ADD, bin(I, EV_OP_SUB, a, b), c);
    ev_value held[5] = {y1, y2, a, b, c};
    for (int i = 0; i < 5; i++)
        drop(I, held[i]);
    return r;
}

static ev_value weekday_v(ev_interp *I, ev_value year, ev_value month, ev_value day)
{
    /* not MINYEAR <= year <= MAXYEAR: year = 2000 + year % 400 */
    int lo = ev_compare(I, ev_int(1), year, 1);
    int hi = lo <= 0 ? 0 : ev_compare(I, year, ev_int(9999), 1);
    if (lo < 0 || hi < 0)
        return EV_ERR;
    ev_value y = ev_dup(year);
    if (!lo || !hi) {
        ev_value r = bin(I, EV_OP_MOD, year, ev_int(400));
        ev_decref(I, y);
        if (EV_IS_ERR(r))
            return r;
        y = bin(I, EV_OP_ADD, ev_int(2000), r);
        ev_decref(I, r);
        if (EV_IS_ERR(y))
            return y;
    }
    ev_value d = make_date(I, y, month, day);
    ev_decref(I, y);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = callm(I, d, "weekday", 0, NULL);
    ev_decref(I, d);
    return r;
}

static ev_value ca_weekday(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return weekday_v(I, argv[0], argv[1], argv[2]);
}

static const int mdays[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

/* monthrange(year, month) as C ints */
static int monthrange_c(ev_interp *I, ev_value year, ev_value month, int64_t *day1, int64_t *ndays)
{
    int lo = ev_compare(I, ev_int(1), month, 1);
    int hi = lo <= 0 ? 0 : ev_compare(I, month, ev_int(12), 1);
    if (lo < 0 || hi < 0)
        return -1;
    if (!lo || !hi) {
        raise_exc_class(I, "IllegalMonthError", month);
        return -1;
    }
    ev_value wd = weekday_v(I, year, month, ev_int(1));
    if (EV_IS_ERR(wd))
        return -1;
    int e = as_i64(I, wd, day1);
    ev_decref(I, wd);
    int64_t m;
    if (e || as_i64(I, month, &m))
        return -1;
    ev_value leap = isleap_v(I, year);
    if (EV_IS_ERR(leap))
        return -1;
    int t = ev_truth(I, leap);
    ev_decref(I, leap);
    if (t < 0)
        return -1;
    *ndays = mdays[m] + (m == 2 && t);
    return 0;
}

static ev_value ca_monthrange(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t d1, nd;
    if (monthrange_c(I, argv[0], argv[1], &d1, &nd))
        return EV_ERR;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_int(d1);
    ev_as_tuple(t)->items[1] = ev_int(nd);
    return t;
}

static int64_t monthlen(int64_t y, int64_t m)
{
    bool leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    return mdays[m] + (m == 2 && leap);
}

static ev_value ca_timegm(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value sl = ev_slice_new(I, EV_NONE, ev_int(6), EV_NONE);
    ev_value part = EV_IS_ERR(sl) ? sl : ev_getitem(I, argv[0], sl);
    drop(I, sl);
    if (EV_IS_ERR(part))
        return part;
    ev_value f[6];
    int e = unpack(I, part, 6, f);
    ev_decref(I, part);
    if (e)
        return EV_ERR;
    ev_value d = make_date(I, f[0], f[1], ev_int(1));
    ev_value days = EV_IS_ERR(d) ? d : callm(I, d, "toordinal", 0, NULL);
    drop(I, d);
    days = bin_steal(I, EV_OP_SUB, days, ev_int(719163)); /* _EPOCH_ORD */
    days = bin_steal(I, EV_OP_ADD, days, f[2]);
    days = bin_steal(I, EV_OP_SUB, days, ev_int(1));
    ev_value r = bin_steal(I, EV_OP_MUL, days, ev_int(24));
    r = bin_steal(I, EV_OP_ADD, r, f[3]);
    r = bin_steal(I, EV_OP_MUL, r, ev_int(60));
    r = bin_steal(I, EV_OP_ADD, r, f[4]);
    r = bin_steal(I, EV_OP_MUL, r, ev_int(60));
    r = bin_steal(I, EV_OP_ADD, r, f[5]);
    for (int i = 0; i < 6; i++)
        ev_decref(I, f[i]);
    return r;
}

/* formatstring(cols, colwidth=20, spacing=6) */
static ev_value formatstring_v(ev_interp *I, ev_value cols, ev_value colwidth, ev_value spacing)
{
    ev_value sp = bin_steal(I, EV_OP_MUL, ev_str_from_cstr(I, " "), spacing);
    if (EV_IS_ERR(sp))
        return sp;
    ev_value it = ev_iter(I, cols), l = EV_IS_ERR(it) ? it : ev_list_new(I, 0);
    ev_value c;
    int r = 0;
    while (!EV_IS_ERR(l) && (r = ev_next(I, it, &c)) > 0) {
        if (list_add(I, l, center(I, c, colwidth))) {
            r = -1;
            break;
        }
    }
    drop(I, it);
    ev_value out = EV_ERR;
    if (!EV_IS_ERR(l) && r == 0)
        out = callm(I, sp, "join", 1, &l);
    drop(I, l);
    ev_decref(I, sp);
    return out;
}

static ev_value ca_formatstring(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return formatstring_v(I, argv[0], EV_IS_ERR(argv[1]) ? ev_int(20) : argv[1],
                          EV_IS_ERR(argv[2]) ? ev_int(6) : argv[2]);
}

static ev_value ca_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = formatstring_v(I, argv[0], EV_IS_ERR(argv[1]) ? ev_int(20) : argv[1],
                                EV_IS_ERR(argv[2]) ? ev_int(6) : argv[2]);
    if (EV_IS_ERR(s))
        return s;
    ev_str *pn = ev_intern(I, "print", 5);
    ev_value *p = pn ? ev_dict_lookup_str(I->builtins, pn) : NULL;
    ev_value r = p ? ev_call(I, *p, 1, &s, 0, NULL, NULL) : EV_ERR;
    ev_decref(I, s);
    return r;
}

static ev_value ca_setfirstweekday(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int lo = ev_compare(I, ev_int(0), argv[0], 1);
    int hi = lo <= 0 ? 0 : ev_compare(I, argv[0], ev_int(6), 1);
    if (lo < 0 || hi < 0)
        return EV_ERR;
    if (!lo || !hi)
        return raise_exc_class(I, "IllegalWeekdayError", argv[0]);
    ev_value c = ca_global(I, "c");
    if (EV_IS_ERR(c))
        return c;
    return ev_us_setattr(I, c, "firstweekday", argv[0]) ? EV_ERR : EV_NONE;
}

/* ---- the exceptions and the names -------------------------------------------------------------- */

CA_FN(month_error_init)
{
    CA_BIND("IllegalMonthError.__init__", a, 1, "month");
    return ev_us_setattr(I, self, "month", a[0]) ? EV_ERR : EV_NONE;
}

CA_FN(weekday_error_init)
{
    CA_BIND("IllegalWeekdayError.__init__", a, 1, "weekday");
    return ev_us_setattr(I, self, "weekday", a[0]) ? EV_ERR : EV_NONE;
}

static ev_value error_str(ev_interp *I, ev_value self, const char *attr, const char *fmt)
{
    ev_value v = ev_us_getattr(I, self, attr);
    ev_value r = EV_IS_ERR(v) ? v : ev_repr(I, v);
    drop(I, v);
    if (EV_IS_ERR(r))
        return r;
    ev_buf b = {0};
    const char *at = strstr(fmt, "%r");
    int e = ev_buf_put(I, &b, fmt, (size_t)(at - fmt)) ||
            ev_buf_put(I, &b, ev_as_str(r)->data, ev_as_str(r)->len) || ev_buf_put(I, &b, at + 2, strlen(at + 2));
    ev_decref(I, r);
    ev_value s = e ? EV_ERR : ev_str_new(I, b.data, b.len);
    ev_buf_free(I, &b);
    return s;
}

CA_FN(month_error_str)
{
    CA_BIND("IllegalMonthError.__str__", a, 0, NULL);
    (void)a;
    return error_str(I, self, "month", "bad month number %r; must be 1-12");
}

CA_FN(weekday_error_str)
{
    CA_BIND("IllegalWeekdayError.__str__", a, 0, NULL);
    (void)a;
    return error_str(I, self, "weekday", "bad weekday number %r; must be 0 (Monday) to 6 (Sunday)");
}

/* _localized_day / _localized_month: self._dates[i] (a list; None for
 * month 0) formatted with self.format by date.strftime */
static ev_value name_of(ev_interp *I, ev_value d, ev_value fmt)
{
    if (d.tag == EV_T_NONE)
        return ev_str_from_cstr(I, "");
    return callm(I, d, "strftime", 1, &fmt);
}

CA_FN(loc_init)
{
    CA_BIND("_localized_day.__init__", a, 1, "format");
    return ev_us_setattr(I, self, "format", a[0]) ? EV_ERR : EV_NONE;
}

CA_FN(loc_getitem)
{
    CA_BIND("_localized_day.__getitem__", a, 1, "i");
    ev_value dates = ev_us_getattr(I, self, "_dates");
    ev_value f = EV_IS_ERR(dates) ? dates : ev_getitem(I, dates, a[0]);
    drop(I, dates);
    if (EV_IS_ERR(f))
        return f;
    ev_value fmt = ev_us_getattr(I, self, "format");
    ev_value r = EV_ERR;
    if (EV_IS_ERR(fmt)) {
        /* nothing */
    } else if (ev_is(a[0], EV_O_SLICE) && ev_is(f, EV_O_LIST)) {
        r = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(r) && i < ev_as_list(f)->len; i++)
            if (list_add(I, r, name_of(I, ev_as_list(f)->items[i], fmt))) {
                ev_decref(I, r);
                r = EV_ERR;
            }
    } else {
        r = name_of(I, f, fmt);
    }
    drop(I, fmt);
    ev_decref(I, f);
    return r;
}

static ev_value loc_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value dates = ev_us_getattr(I, self, "_dates");
    if (EV_IS_ERR(dates))
        return dates;
    ev_value r = ev_len_value(I, dates);
    ev_decref(I, dates);
    return r;
}

/* ---- Calendar ---------------------------------------------------------------------------------- */

CA_FN(cal_init)
{
    CA_BIND("Calendar.__init__", a, 0, "firstweekday");
    return ev_us_setattr(I, self, "firstweekday", EV_IS_ERR(a[0]) ? ev_int(0) : a[0]) ? EV_ERR : EV_NONE;
}

CA_FN(cal_getfwd)
{
    CA_BIND("Calendar.getfirstweekday", a, 0, NULL);
    (void)a;
    ev_value v = ev_us_getattr(I, self, "_firstweekday");
    return bin_steal(I, EV_OP_MOD, v, ev_int(7));
}

CA_FN(cal_setfwd)
{
    CA_BIND("Calendar.setfirstweekday", a, 1, "firstweekday");
    return ev_us_setattr(I, self, "_firstweekday", a[0]) ? EV_ERR : EV_NONE;
}

static int fwd(ev_interp *I, ev_value self, int64_t *out)
{
    ev_value v = ev_us_getattr(I, self, "firstweekday");
    if (EV_IS_ERR(v))
        return -1;
    int e = as_i64(I, v, out);
    ev_decref(I, v);
    return e;
}

static ev_value list_iter(ev_interp *I, ev_value l)
{
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

CA_FN(cal_iterweekdays)
{
    CA_BIND("Calendar.iterweekdays", a, 0, NULL);
    (void)a;
    int64_t f;
    if (fwd(I, self, &f))
        return EV_ERR;
    ev_value l = ev_list_new(I, 7);
    for (int64_t i = f; !EV_IS_ERR(l) && i < f + 7; i++)
        if (list_add(I, l, ev_int(pymod(i, 7)))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return list_iter(I, l);
}

/* the (year, month, day) of each day of the weeks covering year-month */
static ev_value days3_list(ev_interp *I, ev_value self, ev_value year, ev_value month, bool with_wd)
{
    int64_t day1, ndays, f, y, m;
    if (monthrange_c(I, year, month, &day1, &ndays) || fwd(I, self, &f) || as_i64(I, year, &y) ||
        as_i64(I, month, &m))
        return EV_ERR;
    int64_t before = pymod(day1 - f, 7), after = pymod(f - day1 - ndays, 7);
    int64_t py = m == 1 ? y - 1 : y, pm = m == 1 ? 12 : m - 1;
    int64_t ny = m == 12 ? y + 1 : y, nm = m == 12 ? 1 : m + 1;
    int64_t end = monthlen(py, pm) + 1;
    ev_value l = ev_list_new(I, 0);
    int64_t i = 0;
    for (int part = 0; part < 3 && !EV_IS_ERR(l); part++) {
        int64_t from = part == 0 ? end - before : 1, to = part == 0 ? end : part == 1 ? ndays + 1 : after + 1;
        int64_t yy = part == 0 ? py : part == 1 ? y : ny, mm = part == 0 ? pm : part == 1 ? m : nm;
        for (int64_t d = from; d < to; d++, i++) {
            ev_value t = ev_tuple_new(I, with_wd ? 4 : 3);
            if (!EV_IS_ERR(t)) {
                ev_as_tuple(t)->items[0] = ev_int(yy);
                ev_as_tuple(t)->items[1] = ev_int(mm);
                ev_as_tuple(t)->items[2] = ev_int(d);
                if (with_wd)
                    ev_as_tuple(t)->items[3] = ev_int(pymod(f + i, 7));
            }
            if (list_add(I, l, t)) {
                ev_decref(I, l);
                l = EV_ERR;
                break;
            }
        }
    }
    return l;
}

CA_FN(cal_itermonthdays3)
{
    CA_BIND("Calendar.itermonthdays3", a, 2, "year", "month");
    return list_iter(I, days3_list(I, self, a[0], a[1], false));
}

/* for each item of self.<name>(year, month): fn(item, i) collected */
typedef ev_value (*each_fn)(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f);

static ev_value map_method(ev_interp *I, ev_value self, const char *name, ev_value year, ev_value month, each_fn fn)
{
    int64_t f = 0;
    ev_value args[2] = {year, month};
    ev_value src = callm(I, self, name, 2, args);
    ev_value it = EV_IS_ERR(src) ? src : ev_iter(I, src);
    drop(I, src);
    if (EV_IS_ERR(it) || fwd(I, self, &f)) {
        drop(I, it);
        return EV_ERR;
    }
    ev_value l = ev_list_new(I, 0), item;
    int r = 0;
    for (int64_t i = 0; !EV_IS_ERR(l) && (r = ev_next(I, it, &item)) > 0; i++) {
        ev_value v = fn(I, self, item, i, f);
        ev_decref(I, item);
        if (list_add(I, l, v)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0 || EV_IS_ERR(l)) {
        drop(I, l);
        return EV_ERR;
    }
    return l;
}

static ev_value each_date(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f)
{
    ev_value p[3];
    if (unpack(I, item, 3, p))
        return EV_ERR;
    ev_value d = make_date(I, p[0], p[1], p[2]);
    for (int k = 0; k < 3; k++)
        ev_decref(I, p[k]);
    return d;
}

static ev_value each_days4(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f)
{
    ev_value p[3];
    if (unpack(I, item, 3, p))
        return EV_ERR;
    ev_value t = ev_tuple_new(I, 4);
    if (EV_IS_ERR(t)) {
        for (int k = 0; k < 3; k++)
            ev_decref(I, p[k]);
        return t;
    }
    for (int k = 0; k < 3; k++)
        ev_as_tuple(t)->items[k] = p[k];
    ev_as_tuple(t)->items[3] = ev_int(pymod(f + i, 7));
    return t;
}

static ev_value each_days2(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_dup(item);
    ev_as_tuple(t)->items[1] = ev_int(pymod(f + i, 7));
    return t;
}

CA_FN(cal_itermonthdates)
{
    CA_BIND("Calendar.itermonthdates", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays3", a[0], a[1], each_date));
}

CA_FN(cal_itermonthdays4)
{
    CA_BIND("Calendar.itermonthdays4", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays3", a[0], a[1], each_days4));
}

CA_FN(cal_itermonthdays2)
{
    CA_BIND("Calendar.itermonthdays2", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays", a[0], a[1], each_days2));
}

CA_FN(cal_itermonthdays)
{
    CA_BIND("Calendar.itermonthdays", a, 2, "year", "month");
    int64_t day1, ndays, f;
    if (monthrange_c(I, a[0], a[1], &day1, &ndays) || fwd(I, self, &f))
        return EV_ERR;
    int64_t before = pymod(day1 - f, 7), after = pymod(f - day1 - ndays, 7);
    ev_value l = ev_list_new(I, 0);
    for (int64_t i = 0; !EV_IS_ERR(l) && i < before + ndays + after; i++)
        if (list_add(I, l, ev_int(i < before || i >= before + ndays ? 0 : i - before + 1))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return list_iter(I, l);
}

static ev_value month_matrix(ev_interp *I, ev_value self, const char *iter, ev_value year, ev_value month)
{
    ev_value args[2] = {year, month};
    ev_value it = callm(I, self, iter, 2, args);
    if (EV_IS_ERR(it))
        return it;
    ev_value l = to_list(I, it);
    ev_decref(I, it);
    return chunks(I, l, 7);
}

CA_FN(cal_monthdatescalendar)
{
    CA_BIND("Calendar.monthdatescalendar", a, 2, "year", "month");
    return month_matrix(I, self, "itermonthdates", a[0], a[1]);
}

CA_FN(cal_monthdays2calendar)
{
    CA_BIND("Calendar.monthdays2calendar", a, 2, "year", "month");
    return month_matrix(I, self, "itermonthdays2", a[0], a[1]);
}

CA_FN(cal_monthdayscalendar)
{
    CA_BIND("Calendar.monthdayscalendar", a, 2, "year", "month");
    return month_matrix(I, self, "itermonthdays", a[0], a[1]);
}

static ev_value year_matrix(ev_interp *I, ev_value self, const char *per_month, ev_value year, ev_value width)
{
    ev_value months = ev_list_new(I, 12);
    for (int64_t i = 1; !EV_IS_ERR(months) && i <= 12; i++) {
        ev_value args[2] = {year, ev_int(i)};
        if (list_add(I, months, callm(I, self, per_month, 2, args))) {
            ev_decref(I, months);
            months = EV_ERR;
        }
    }
    if (EV_IS_ERR(months))
        return months;
    int64_t w = 3;
    if (!EV_IS_ERR(width) && as_i64(I, width, &w)) {
        ev_decref(I, months);
        return EV_ERR;
    }
    if (w <= 0) {
        ev_decref(I, months);
        return ev_raise(I, &ev_type_ValueError, "range() arg 3 must not be zero");
    }
    return chunks(I, months, w);
}

CA_FN(cal_yeardatescalendar)
{
    CA_BIND("Calendar.yeardatescalendar", a, 1, "year", "width");
    return year_matrix(I, self, "monthdatescalendar", a[0], a[1]);
}

CA_FN(cal_yeardays2calendar)
{
    CA_BIND("Calendar.yeardays2calendar", a, 1, "year", "width");
    return year_matrix(I, self, "monthdays2calendar", a[0], a[1]);
}

CA_FN(cal_yeardayscalendar)
{
    CA_BIND("Calendar.yeardayscalendar", a, 1, "year", "width");
    return year_matrix(I, self, "monthdayscalendar", a[0], a[1]);
}

/* ---- TextCalendar ------------------------------------------------------------------------------ */

CA_FN(tc_formatday)
{
    CA_BIND("TextCalendar.formatday", a, 3, "day", "weekday", "width");
    int z = ev_eq(I, a[0], ev_int(0));
    if (z < 0)
        return EV_ERR;
    ev_value s = z ? ev_str_from_cstr(I, "") : bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, "%2i"), a[0]);
    return center(I, s, a[2]);
}

/* sep.join(self.<each>(*item, *extra) for item in seq), pairs unpacked when npair */
static ev_value join_each(ev_interp *I, ev_value self, const char *sep, const char *each, ev_value seq, int npair,
                          int nextra, const ev_value *extra)
{
    ev_value it = ev_iter(I, seq);
    if (EV_IS_ERR(it))
        return it;
    ev_value l = ev_list_new(I, 0), item;
    int r = 0;
    while (!EV_IS_ERR(l) && (r = ev_next(I, it, &item)) > 0) {
        ev_value args[4];
        int n = 0;
        if (npair) {
            int e = unpack(I, item, npair, args);
            ev_decref(I, item);
            if (e) {
                r = -1;
                break;
            }
            n = npair;
        } else {
            args[n++] = item;
        }
        for (int k = 0; k < nextra; k++)
            args[n++] = extra[k];
        ev_value v = callm(I, self, each, n, args);
        for (int k = 0; k < n - nextra; k++)
            ev_decref(I, args[k]);
        if (list_add(I, l, v)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0) {
        drop(I, l);
        return EV_ERR;
    }
    return join(I, sep, l);
}

CA_FN(tc_formatweek)
{
    CA_BIND("TextCalendar.formatweek", a, 2, "theweek", "width");
    return join_each(I, self, " ", "formatday", a[0], 2, 1, &a[1]);
}

CA_FN(tc_prweek)
{
    CA_BIND("TextCalendar.prweek", a, 2, "theweek", "width");
    ev_value args[2] = {a[0], a[1]};
    return print_noend(I, callm(I, self, "formatweek", 2, args));
}

CA_FN(tc_formatweekday)
{
    CA_BIND("TextCalendar.formatweekday", a, 2, "day", "width");
    int ge = ev_compare(I, a[1], ev_int(9), 5);
    if (ge < 0)
        return EV_ERR;
    ev_value names = ca_global(I, ge ? "day_name" : "day_abbr");
    ev_value s = EV_IS_ERR(names) ? names : ev_getitem(I, names, a[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value sl = ev_slice_new(I, EV_NONE, a[1], EV_NONE);
    ev_value cut = EV_IS_ERR(sl) ? sl : ev_getitem(I, s, sl);
    drop(I, sl);
    ev_decref(I, s);
    return center(I, cut, a[1]);
}

CA_FN(tc_formatweekheader)
{
    CA_BIND("TextCalendar.formatweekheader", a, 1, "width");
    ev_value wd = callm(I, self, "iterweekdays", 0, NULL);
    if (EV_IS_ERR(wd))
        return wd;
    ev_value r = join_each(I, self, " ", "formatweekday", wd, 0, 1, &a[0]);
    ev_decref(I, wd);
    return r;
}

CA_FN(tc_formatmonthname)
{
    CA_BIND("TextCalendar.formatmonthname", a, 3, "theyear", "themonth", "width", "withyear");
    ev_value names = ca_global(I, "month_name");
    ev_value s = EV_IS_ERR(names) ? names : ev_getitem(I, names, a[1]);
    if (EV_IS_ERR(s))
        return s;
    int with = EV_IS_ERR(a[3]) ? 1 : ev_truth(I, a[3]);
    if (with < 0) {
        ev_decref(I, s);
        return EV_ERR;
    }
    if (with) {
        ev_value t = ev_tuple_new(I, 2);
        if (EV_IS_ERR(t)) {
            ev_decref(I, s);
            return t;
        }
        ev_as_tuple(t)->items[0] = s;
        ev_as_tuple(t)->items[1] = ev_dup(a[0]);
        s = bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, "%s %r"), t);
        ev_decref(I, t);
    }
    return center(I, s, a[2]);
}

/* max(k, v): v when v > k */
static int maxint(ev_interp *I, int64_t k, ev_value v, int64_t *out)
{
    if (EV_IS_ERR(v)) {
        *out = k;
        return 0;
    }
    int gt = ev_compare(I, v, ev_int(k), 4);
    if (gt < 0)
        return -1;
    if (!gt) {
        *out = k;
        return 0;
    }
    return as_i64(I, v, out);
}

CA_FN(tc_formatmonth)
{
    CA_BIND("TextCalendar.formatmonth", a, 2, "theyear", "themonth", "w", "l");
    int64_t w, l;
    if (maxint(I, 2, a[2], &w) || maxint(I, 1, a[3], &l))
        return EV_ERR;
    ev_value parts = ev_list_new(I, 0);
    if (EV_IS_ERR(parts))
        return parts;
    ev_value args[3] = {a[0], a[1], ev_int(7 * (w + 1) - 1)};
    ev_value wv = ev_int(w);
    ev_value cal = EV_ERR;
    if (list_add(I, parts, rstrip(I, callm(I, self, "formatmonthname", 3, args))) || list_add_nl(I, parts, l) ||
        list_add(I, parts, rstrip(I, callm(I, self, "formatweekheader", 1, &wv))) || list_add_nl(I, parts, l) ||
        EV_IS_ERR(cal = callm(I, self, "monthdays2calendar", 2, args)))
        goto fail;
    ev_value it = ev_iter(I, cal), week;
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &week)) > 0) {
        ev_value fa[2] = {week, wv};
        ev_value s = rstrip(I, callm(I, self, "formatweek", 2, fa));
        ev_decref(I, week);
        if (list_add(I, parts, s) || list_add_nl(I, parts, l)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0)
        goto fail;
    ev_decref(I, cal);
    return join(I, "", parts);
fail:
    drop(I, cal);
    ev_decref(I, parts);
    return EV_ERR;
}

CA_FN(tc_prmonth)
{
    CA_BIND("TextCalendar.prmonth", a, 2, "theyear", "themonth", "w", "l");
    ev_value args[4] = {a[0], a[1], EV_IS_ERR(a[2]) ? ev_int(0) : a[2], EV_IS_ERR(a[3]) ? ev_int(0) : a[3]};
    return print_noend(I, callm(I, self, "formatmonth", 4, args));
}

CA_FN(tc_formatyear)
{
    CA_BIND("TextCalendar.formatyear", a, 1, "theyear", "w", "l", "c", "m");
    int64_t w, l, c, m;
    if (maxint(I, 2, EV_IS_ERR(a[1]) ? ev_int(2) : a[1], &w) || maxint(I, 1, EV_IS_ERR(a[2]) ? ev_int(1) : a[2], &l) ||
        maxint(I, 2, EV_IS_ERR(a[3]) ? ev_int(6) : a[3], &c))
        return EV_ERR;
    m = 3;
    if (!EV_IS_ERR(a[4]) && as_i64(I, a[4], &m))
        return EV_ERR;
    int64_t colwidth = (w + 1) * 7 - 1;
    ev_value v = ev_list_new(I, 0), header = EV_ERR, rows = EV_ERR, rit = EV_ERR;
    if (EV_IS_ERR(v))
        return v;
    ev_value yr = ev_repr(I, a[0]);
    if (list_add(I, v, rstrip(I, center(I, yr, ev_int(colwidth * m + c * (m - 1))))) || list_add_nl(I, v, l))
        goto fail;
    ev_value wv = ev_int(w);
    header = callm(I, self, "formatweekheader", 1, &wv);
    ev_value ya[2] = {a[0], ev_int(m)};
    if (EV_IS_ERR(header) || EV_IS_ERR(rows = callm(I, self, "yeardays2calendar", 2, ya)) ||
        EV_IS_ERR(rit = ev_iter(I, rows)))
        goto fail;
    ev_value row;
    int r;
    for (int64_t i = 0; (r = ev_next(I, rit, &row)) > 0; i++) {
        int e = 0;
        ev_value names = ev_list_new(I, 0), headers = EV_ERR;
        int64_t hi = m * (i + 1) + 1 < 13 ? m * (i + 1) + 1 : 13;
        e = EV_IS_ERR(names) || EV_IS_ERR(headers = ev_list_new(I, 0)) || list_add_nl(I, v, l);
        for (int64_t k = m * i + 1; !e && k < hi; k++) {
            ev_value na[4] = {a[0], ev_int(k), ev_int(colwidth), EV_FALSE};
            e = list_add(I, names, callm(I, self, "formatmonthname", 4, na)) ||
                ev_list_append(I, ev_as_list(headers), header);
        }
        e = e || list_add(I, v, rstrip(I, formatstring_v(I, names, ev_int(colwidth), ev_int(c)))) ||
            list_add_nl(I, v, l) ||
            list_add(I, v, rstrip(I, formatstring_v(I, headers, ev_int(colwidth), ev_int(c)))) ||
            list_add_nl(I, v, l);
        drop(I, names);
        drop(I, headers);
        /* the row's months as a list, their week count the tallest */
        ev_value cals = e ? EV_ERR : to_list(I, row);
        ev_decref(I, row);
        if (e || EV_IS_ERR(cals)) {
            drop(I, cals);
            r = -1;
            break;
        }
        int64_t height = 0;
        for (size_t k = 0; !e && k < ev_as_list(cals)->len; k++) {
            int64_t n;
            ev_value nv = ev_len_value(I, ev_as_list(cals)->items[k]);
            e = EV_IS_ERR(nv) || as_i64(I, nv, &n);
            drop(I, nv);
            if (!e && n > height)
                height = n;
        }
        if (!e && ev_as_list(cals)->len == 0) {
            ev_raise(I, &ev_type_ValueError, "max() arg is an empty sequence");
            e = 1;
        }
        for (int64_t j = 0; !e && j < height; j++) {
            ev_value weeks = ev_list_new(I, 0);
            e = EV_IS_ERR(weeks);
            for (size_t k = 0; !e && k < ev_as_list(cals)->len; k++) {
                ev_value cal = ev_dup(ev_as_list(cals)->items[k]);
                int64_t n = 0;
                ev_value nv = ev_len_value(I, cal);
                e = EV_IS_ERR(nv) || as_i64(I, nv, &n);
                drop(I, nv);
                if (!e && j >= n) {
                    e = list_add_str(I, weeks, "");
                } else if (!e) {
                    ev_value wk = ev_getitem(I, cal, ev_int(j));
                    ev_value fa[2] = {wk, wv};
                    e = EV_IS_ERR(wk) || list_add(I, weeks, callm(I, self, "formatweek", 2, fa));
                    drop(I, wk);
                }
                ev_decref(I, cal);
            }
            e = e || list_add(I, v, rstrip(I, formatstring_v(I, weeks, ev_int(colwidth), ev_int(c)))) ||
                list_add_nl(I, v, l);
            drop(I, weeks);
        }
        ev_decref(I, cals);
        if (e) {
            r = -1;
            break;
        }
    }
    if (r < 0)
        goto fail;
    ev_decref(I, rit);
    ev_decref(I, rows);
    ev_decref(I, header);
    return join(I, "", v);
fail:
    drop(I, rit);
    drop(I, rows);
    drop(I, header);
    ev_decref(I, v);
    return EV_ERR;
}

CA_FN(tc_pryear)
{
    CA_BIND("TextCalendar.pryear", a, 1, "theyear", "w", "l", "c", "m");
    ev_value args[5] = {a[0], EV_IS_ERR(a[1]) ? ev_int(0) : a[1], EV_IS_ERR(a[2]) ? ev_int(0) : a[2],
                        EV_IS_ERR(a[3]) ? ev_int(6) : a[3], EV_IS_ERR(a[4]) ? ev_int(3) : a[4]};
    return print_noend(I, callm(I, self, "formatyear", 5, args));
}

/* ---- HTMLCalendar ------------------------------------------------------------------------------ */

/* fmt % args (a tuple of n borrowed values) */
static ev_value pct(ev_interp *I, const char *fmt, int n, const ev_value *args)
{
    ev_value t = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(args[i]);
    ev_value r = bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, fmt), t);
    ev_decref(I, t);
    return r;
}

/* pct with the first value self.<attr> */
static ev_value pct_attr(ev_interp *I, ev_value self, const char *fmt, const char *attr, int n, const ev_value *more)
{
    ev_value v = ev_us_getattr(I, self, attr);
    if (EV_IS_ERR(v))
        return v;
    ev_value args[4] = {v};
    for (int i = 0; i < n; i++)
        args[1 + i] = more[i];
    ev_value r = pct(I, fmt, 1 + n, args);
    ev_decref(I, v);
    return r;
}

CA_FN(hc_formatday)
{
    CA_BIND("HTMLCalendar.formatday", a, 2, "day", "weekday");
    int z = ev_eq(I, a[0], ev_int(0));
    if (z < 0)
        return EV_ERR;
    if (z)
        return pct_attr(I, self, "<td class=\"%s\">&nbsp;</td>", "cssclass_noday", 0, NULL);
    ev_value classes = ev_us_getattr(I, self, "cssclasses");
    ev_value cls = EV_IS_ERR(classes) ? classes : ev_getitem(I, classes, a[1]);
    drop(I, classes);
    if (EV_IS_ERR(cls))
        return cls;
    ev_value args[2] = {cls, a[0]};
    ev_value r = pct(I, "<td class=\"%s\">%d</td>", 2, args);
    ev_decref(I, cls);
    return r;
}

static ev_value wrap_tr(ev_interp *I, ev_value s)
{
    if (EV_IS_ERR(s))
        return s;
    ev_value r = pct(I, "<tr>%s</tr>", 1, &s);
    ev_decref(I, s);
    return r;
}

CA_FN(hc_formatweek)
{
    CA_BIND("HTMLCalendar.formatweek", a, 1, "theweek");
    return wrap_tr(I, join_each(I, self, "", "formatday", a[0], 2, 0, NULL));
}

CA_FN(hc_formatweekday)
{
    CA_BIND("HTMLCalendar.formatweekday", a, 1, "day");
    ev_value heads = ev_us_getattr(I, self, "cssclasses_weekday_head");
    ev_value cls = EV_IS_ERR(heads) ? heads : ev_getitem(I, heads, a[0]);
    drop(I, heads);
    ev_value names = EV_IS_ERR(cls) ? cls : ca_global(I, "day_abbr");
    ev_value nm = EV_IS_ERR(names) ? names : ev_getitem(I, names, a[0]);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(nm)) {
        ev_value args[2] = {cls, nm};
        r = pct(I, "<th class=\"%s\">%s</th>", 2, args);
    }
    drop(I, cls);
    drop(I, nm);
    return r;
}

CA_FN(hc_formatweekheader)
{
    CA_BIND("HTMLCalendar.formatweekheader", a, 0, NULL);
    (void)a;
    ev_value wd = callm(I, self, "iterweekdays", 0, NULL);
    if (EV_IS_ERR(wd))
        return wd;
    ev_value r = join_each(I, self, "", "formatweekday", wd, 0, 0, NULL);
    ev_decref(I, wd);
    return wrap_tr(I, r);
}

CA_FN(hc_formatmonthname)
{
    CA_BIND("HTMLCalendar.formatmonthname", a, 2, "theyear", "themonth", "withyear");
    int with = EV_IS_ERR(a[2]) ? 1 : ev_truth(I, a[2]);
    if (with < 0)
        return EV_ERR;
    ev_value names = ca_global(I, "month_name");
    ev_value nm = EV_IS_ERR(names) ? names : ev_getitem(I, names, a[1]);
    if (EV_IS_ERR(nm))
        return nm;
    ev_value args[2] = {nm, a[0]};
    ev_value s = with ? pct(I, "%s %s", 2, args) : pct(I, "%s", 1, args);
    ev_decref(I, nm);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = pct_attr(I, self, "<tr><th colspan=\"7\" class=\"%s\">%s</th></tr>", "cssclass_month_head", 1, &s);
    ev_decref(I, s);
    return r;
}

CA_FN(hc_formatmonth)
{
    CA_BIND("HTMLCalendar.formatmonth", a, 2, "theyear", "themonth", "withyear");
    ev_value with = EV_IS_ERR(a[2]) ? EV_TRUE : a[2];
    ev_value v = ev_list_new(I, 0), cal = EV_ERR;
    if (EV_IS_ERR(v))
        return v;
    ev_str *wk = ev_intern(I, "withyear", 8);
    ev_value f = wk ? ev_us_getattr(I, self, "formatmonthname") : EV_ERR;
    ev_value mn = EV_IS_ERR(f) ? f : ev_call(I, f, 2, a, 1, &wk, &with);
    drop(I, f);
    if (list_add(I, v, pct_attr(I, self, "<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"%s\">",
                                "cssclass_month", 0, NULL)) ||
        list_add_str(I, v, "\n") || list_add(I, v, mn) || list_add_str(I, v, "\n") ||
        list_add(I, v, callm(I, self, "formatweekheader", 0, NULL)) || list_add_str(I, v, "\n") ||
        EV_IS_ERR(cal = callm(I, self, "monthdays2calendar", 2, a)))
        goto fail;
    ev_value it = ev_iter(I, cal), week;
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &week)) > 0) {
        ev_value s = callm(I, self, "formatweek", 1, &week);
        ev_decref(I, week);
        if (list_add(I, v, s) || list_add_str(I, v, "\n")) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0 || list_add_str(I, v, "</table>") || list_add_str(I, v, "\n"))
        goto fail;
    ev_decref(I, cal);
    return join(I, "", v);
fail:
    drop(I, cal);
    ev_decref(I, v);
    return EV_ERR;
}

CA_FN(hc_formatyear)
{
    CA_BIND("HTMLCalendar.formatyear", a, 1, "theyear", "width");
    int64_t width;
    if (maxint(I, 1, EV_IS_ERR(a[1]) ? ev_int(3) : a[1], &width))
        return EV_ERR;
    ev_value v = ev_list_new(I, 0);
    if (EV_IS_ERR(v))
        return v;
    ev_value hargs[2] = {ev_int(width), EV_NONE};
    ev_value yh = ev_us_getattr(I, self, "cssclass_year_head");
    int e = list_add(I, v, pct_attr(I, self, "<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"%s\">",
                                    "cssclass_year", 0, NULL)) ||
            list_add_str(I, v, "\n") || EV_IS_ERR(yh);
    if (!e) {
        ev_value args[3] = {hargs[0], yh, a[0]};
        e = list_add(I, v, pct(I, "<tr><th colspan=\"%d\" class=\"%s\">%s</th></tr>", 3, args));
    }
    drop(I, yh);
    ev_str *wk = ev_intern(I, "withyear", 8);
    ev_value fm = e || !wk ? EV_ERR : ev_us_getattr(I, self, "formatmonth");
    e = e || EV_IS_ERR(fm);
    for (int64_t i = 1; !e && i < 13; i += width) {
        e = list_add_str(I, v, "<tr>");
        for (int64_t m = i; !e && m < (i + width < 13 ? i + width : 13); m++) {
            ev_value ma[2] = {a[0], ev_int(m)};
            ev_value no = EV_FALSE;
            e = list_add_str(I, v, "<td>") || list_add(I, v, ev_call(I, fm, 2, ma, 1, &wk, &no)) ||
                list_add_str(I, v, "</td>");
        }
        e = e || list_add_str(I, v, "</tr>");
    }
    drop(I, fm);
    if (e || list_add_str(I, v, "</table>")) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return join(I, "", v);
}

CA_FN(hc_formatyearpage)
{
    CA_BIND("HTMLCalendar.formatyearpage", a, 1, "theyear", "width", "css", "encoding");
    ev_value width = EV_IS_ERR(a[1]) ? ev_int(3) : a[1];
    ev_value css = EV_IS_ERR(a[2]) ? EV_ERR : a[2];
    ev_value enc = EV_IS_ERR(a[3]) || a[3].tag == EV_T_NONE ? EV_ERR : ev_dup(a[3]);
    if (EV_IS_ERR(enc) && EV_IS_ERR(enc = ev_str_from_cstr(I, "utf-8")))
        return enc;
    ev_value cssv = EV_IS_ERR(css) ? ev_str_from_cstr(I, "calendar.css") : ev_dup(css);
    ev_value v = EV_IS_ERR(cssv) ? cssv : ev_list_new(I, 0);
    int e = EV_IS_ERR(v) ||
            list_add(I, v, pct(I, "<?xml version=\"1.0\" encoding=\"%s\"?>\n", 1, &enc)) ||
            list_add_str(I, v, "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
                               "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n") ||
            list_add_str(I, v, "<html>\n") || list_add_str(I, v, "<head>\n") ||
            list_add(I, v, pct(I, "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=%s\" />\n", 1, &enc)) ||
            (cssv.tag != EV_T_NONE &&
             list_add(I, v, pct(I, "<link rel=\"stylesheet\" type=\"text/css\" href=\"%s\" />\n", 1, &cssv))) ||
            list_add(I, v, pct(I, "<title>Calendar for %d</title>\n", 1, &a[0])) ||
            list_add_str(I, v, "</head>\n") || list_add_str(I, v, "<body>\n");
    if (!e) {
        ev_value ya[2] = {a[0], width};
        e = list_add(I, v, callm(I, self, "formatyear", 2, ya)) || list_add_str(I, v, "</body>\n") ||
            list_add_str(I, v, "</html>\n");
    }
    drop(I, cssv);
    if (e) {
        drop(I, v);
        ev_decref(I, enc);
        return EV_ERR;
    }
    ev_value s = join(I, "", v);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(s)) {
        ev_value errs = ev_str_from_cstr(I, "xmlcharrefreplace");
        ev_value ea[2] = {enc, errs};
        r = EV_IS_ERR(errs) ? errs : callm(I, s, "encode", 2, ea);
        drop(I, errs);
        ev_decref(I, s);
    }
    ev_decref(I, enc);
    return r;
}

static ev_value locale_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "calendar.%s is not supported by safepy: there are no locales",
                    ev_type_of(self)->name);
}

/* ---- the classes and the module ---------------------------------------------------------------- */

static ev_value method_value(ev_interp *I, const ca_method *m, ev_value cls)
{
    ev_value b = ev_builtin_new(I, &m->d, cls);
    if (!EV_IS_ERR(b))
        ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
    return b;
}

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_module_set(I, d, key, v_steal);
    ev_decref(I, v_steal);
    return e;
}

/* class NAME(base): methods, set in ns; *out borrowed */
static int ca_class(ev_interp *I, ev_dict *ns, const char *name, ev_value base, const char *doc,
                    const ca_method *methods, ev_value *out)
{
    ev_value d = ev_dict_new(I), bt = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    bt = ev_tuple_new(I, EV_IS_ERR(base) ? 0 : 1);
    if (EV_IS_ERR(bt))
        goto fail;
    if (!EV_IS_ERR(base))
        ev_as_tuple(bt)->items[0] = ev_dup(base);
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "calendar")) ||
        put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE))
        goto fail;
    ev_str *nm = ev_intern(I, name, strlen(name));
    if (!nm)
        goto fail;
    cls = ev_class_new(I, NULL, nm, bt, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "calendar";
    for (const ca_method *m = methods; m && m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    I->class_version++; /* the namespace grew after the class was made */
    if (ev_module_set(I, ns, name, cls))
        goto fail;
    *out = cls;
    ev_decref(I, cls);
    ev_decref(I, bt);
    ev_decref(I, d);
    return 0;
fail:
    drop(I, cls);
    drop(I, bt);
    ev_decref(I, d);
    if (!ev_is(I->exc, EV_O_EXC))
        ev_raise(I, &ev_type_RuntimeError, "calendar: cannot make class %s", name);
    return -1;
}

static int cls_set(ev_interp *I, ev_value cls, const char *name, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_us_setattr(I, cls, name, v_steal);
    ev_decref(I, v_steal);
    return e;
}

static ev_value str_list(ev_interp *I, const char *const *names)
{
    ev_value l = ev_list_new(I, 0);
    for (int i = 0; !EV_IS_ERR(l) && names[i]; i++)
        if (list_add_str(I, l, names[i])) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return l;
}

static const ca_method month_error_methods[] = {
    CA_M("__init__", month_error_init), CA_M("__str__", month_error_str), CA_END};
static const ca_method weekday_error_methods[] = {
    CA_M("__init__", weekday_error_init), CA_M("__str__", weekday_error_str), CA_END};
static const ca_method loc_methods[] = {
    CA_M("__init__", loc_init), CA_M("__getitem__", loc_getitem), CA_M("__len__", loc_len), CA_END};
static const ca_method cal_methods[] = {
    CA_M("__init__", cal_init),
    CA_M("getfirstweekday", cal_getfwd),
    CA_M("setfirstweekday", cal_setfwd),
    CA_M("iterweekdays", cal_iterweekdays),
    CA_M("itermonthdates", cal_itermonthdates),
    CA_M("itermonthdays", cal_itermonthdays),
    CA_M("itermonthdays2", cal_itermonthdays2),
    CA_M("itermonthdays3", cal_itermonthdays3),
    CA_M("itermonthdays4", cal_itermonthdays4),
    CA_M("monthdatescalendar", cal_monthdatescalendar),
    CA_M("monthdays2calendar", cal_monthdays2calendar),
    CA_M("monthdayscalendar", cal_monthdayscalendar),
    CA_M("yeardatescalendar", cal_yeardatescalendar),
    CA_M("yeardays2calendar", cal_yeardays2calendar),
    CA_M("yeardayscalendar", cal_yeardayscalendar),
    CA_END,
};
static const ca_method tc_methods[] = {
    CA_M("prweek", tc_prweek),
    CA_M("formatday", tc_formatday),
    CA_M("formatweek", tc_formatweek),
    CA_M("formatweekday", tc_formatweekday),
    CA_M("formatweekheader", tc_formatweekheader),
    CA_M("formatmonthname", tc_formatmonthname),
    CA_M("prmonth", tc_prmonth),
    CA_M("formatmonth", tc_formatmonth),
    CA_M("formatyear", tc_formatyear),
    CA_M("pryear", tc_pryear),
    CA_END,
};
static const ca_method hc_methods[] = {
    CA_M("formatday", hc_formatday),
    CA_M("formatweek", hc_formatweek),
    CA_M("formatweekday", hc_formatweekday),
    CA_M("formatweekheader", hc_formatweekheader),
    CA_M("formatmonthname", hc_formatmonthname),
    CA_M("formatmonth", hc_formatmonth),
    CA_M("formatyear", hc_formatyear),
    CA_M("formatyearpage", hc_formatyearpage),
    CA_END,
};
static const ca_method locale_methods[] = {CA_M("__init__", locale_init), CA_END};

/* the list of datetime.date(2001, 1, i+1) for the days, of
 * date(2001, i, 1) for the months with None first */
static ev_value name_dates(ev_interp *I, bool months)
{
    ev_value l = ev_list_new(I, 0);
    if (months && !EV_IS_ERR(l) && ev_list_append(I, ev_as_list(l), EV_NONE)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    for (int i = 0; !EV_IS_ERR(l) && i < (months ? 12 : 7); i++)
        if (list_add(I, l, make_date(I, ev_int(2001), ev_int(months ? i + 1 : 1), ev_int(months ? 1 : i + 1)))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return l;
}

static int set_instance(ev_interp *I, ev_dict *ns, const char *name, ev_value cls, const char *fmt)
{
    ev_value f = ev_str_from_cstr(I, fmt);
    ev_value o = EV_IS_ERR(f) ? f : ev_call(I, cls, 1, &f, 0, NULL, NULL);
    drop(I, f);
    return put(I, ns, name, o);
}

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value me, we, ld, lm, cal, tc, hc, x;
    ev_value ve = ev_obj_val(&ev_type_ValueError.h);
    if (ca_class(I, ns, "IllegalMonthError", ve, NULL, month_error_methods, &me) ||
        ca_class(I, ns, "IllegalWeekdayError", ve, NULL, weekday_error_methods, &we) ||
        ca_class(I, ns, "_localized_month", EV_ERR, NULL, loc_methods, &lm) ||
        ca_class(I, ns, "_localized_day", EV_ERR, NULL, loc_methods, &ld) ||
        cls_set(I, lm, "_dates", name_dates(I, true)) || cls_set(I, ld, "_dates", name_dates(I, false)) ||
        set_instance(I, ns, "day_name", ld, "%A") || set_instance(I, ns, "day_abbr", ld, "%a") ||
        set_instance(I, ns, "month_name", lm, "%B") || set_instance(I, ns, "month_abbr", lm, "%b"))
        return -1;
    if (ca_class(I, ns, "Calendar", EV_ERR,
                 "\n    Base calendar class. This class doesn't do any formatting. It simply\n    provides data to "
                 "subclasses.\n    ",
                 cal_methods, &cal))
        return -1;
    /* firstweekday = property(getfirstweekday, setfirstweekday) */
    ev_value g = ev_us_getattr(I, cal, "getfirstweekday"), s = EV_ERR;
    ev_value pa[2] = {g, EV_IS_ERR(g) ? g : (s = ev_us_getattr(I, cal, "setfirstweekday"))};
    ev_value prop = EV_IS_ERR(pa[1]) ? EV_ERR : ev_call(I, ev_obj_val(&ev_type_property.h), 2, pa, 0, NULL, NULL);
    drop(I, g);
    drop(I, s);
    if (cls_set(I, cal, "firstweekday", prop))
        return -1;
    static const char *const css[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL};
    ev_value csslist = EV_ERR;
    if (ca_class(I, ns, "TextCalendar", cal,
                 "\n    Subclass of Calendar that outputs a calendar as a simple plain text\n    similar to the UNIX "
                 "program cal.\n    ",
                 tc_methods, &tc) ||
        ca_class(I, ns, "HTMLCalendar", cal, "\n    This calendar returns complete HTML pages.\n    ", hc_methods,
                 &hc) ||
        EV_IS_ERR(csslist = str_list(I, css)) || ev_us_setattr(I, hc, "cssclasses", csslist) ||
        ev_us_setattr(I, hc, "cssclasses_weekday_head", csslist) ||
        cls_set(I, hc, "cssclass_noday", ev_str_from_cstr(I, "noday")) ||
        cls_set(I, hc, "cssclass_month_head", ev_str_from_cstr(I, "month")) ||
        cls_set(I, hc, "cssclass_month", ev_str_from_cstr(I, "month")) ||
        cls_set(I, hc, "cssclass_year_head", ev_str_from_cstr(I, "year")) ||
        cls_set(I, hc, "cssclass_year", ev_str_from_cstr(I, "year")) ||
        ca_class(I, ns, "LocaleTextCalendar", tc, NULL, locale_methods, &x) ||
        ca_class(I, ns, "LocaleHTMLCalendar", hc, NULL, locale_methods, &x)) {
        drop(I, csslist);
        return -1;
    }
    ev_decref(I, csslist);
    static const char *const days[] = {"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"};
    for (int i = 0; i < 7; i++)
        if (ev_module_set(I, ns, days[i], ev_int(i)))
            return -1;
    ev_value md = ev_list_new(I, 13);
    for (int i = 0; !EV_IS_ERR(md) && i < 13; i++)
        if (ev_list_append(I, ev_as_list(md), ev_int(mdays[i]))) {
            ev_decref(I, md);
            md = EV_ERR;
        }
    if (put(I, ns, "mdays", md) || ev_module_set(I, ns, "January", ev_int(1)) ||
        ev_module_set(I, ns, "February", ev_int(2)) || ev_module_set(I, ns, "EPOCH", ev_int(1970)) ||
        ev_module_set(I, ns, "_EPOCH_ORD", ev_int(719163)) || ev_module_set(I, ns, "_colwidth", ev_int(20)) ||
        ev_module_set(I, ns, "_spacing", ev_int(6)) || ev_module_set(I, ns, "error", ve))
        return -1;
    /* the module-level interface: one TextCalendar's bound methods */
    ev_value c = ev_call(I, tc, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(c) || ev_module_set(I, ns, "c", c)) {
        drop(I, c);
        return -1;
    }
    static const char *const bound[][2] = {
        {"firstweekday", "getfirstweekday"}, {"monthcalendar", "monthdayscalendar"}, {"prweek", "prweek"},
        {"week", "formatweek"}, {"weekheader", "formatweekheader"}, {"prmonth", "prmonth"},
        {"month", "formatmonth"}, {"calendar", "formatyear"}, {"prcal", "pryear"},
    };
    int e = 0;
    for (size_t i = 0; !e && i < sizeof bound / sizeof bound[0]; i++)
        e = put(I, ns, bound[i][0], ev_us_getattr(I, c, bound[i][1]));
    ev_decref(I, c);
    return e ? -1 : 0;
}

static const ev_builtin_def functions[] = {
    {"isleap", ca_isleap, 1, 1, 0, "year"},
    {"leapdays", ca_leapdays, 2, 2, 0, "y1, y2"},
    {"weekday", ca_weekday, 3, 3, 0, "year, month, day"},
    {"monthrange", ca_monthrange, 2, 2, 0, "year, month"},
    {"timegm", ca_timegm, 1, 1, 0, "tuple"},
    {"format", ca_format, 1, 3, 0, "cols, colwidth, spacing"},
    {"formatstring", ca_formatstring, 1, 3, 0, "cols, colwidth, spacing"},
    {"setfirstweekday", ca_setfirstweekday, 1, 1, 0, "firstweekday"},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "IllegalMonthError", "IllegalWeekdayError", "setfirstweekday", "firstweekday", "isleap", "leapdays",
    "weekday", "monthrange", "monthcalendar", "prmonth", "month", "prcal", "calendar", "timegm", "month_name",
    "month_abbr", "day_name", "day_abbr", "Calendar", "TextCalendar", "HTMLCalendar", "LocaleTextCalendar",
    "LocaleHTMLCalendar", "weekheader", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY",
    "SUNDAY", NULL,
};

const ev_module_def ev_module_calendar = {"calendar", functions, init, all_names};
