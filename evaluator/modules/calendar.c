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
 * timegm), and dates come from the datetime module.  LocaleTextCalendar
 * and LocaleHTMLCalendar (the C locale only) are in calendar_locale.c.
 *
 * The itermonth* methods and iterweekdays return generator objects whose
 * body runs at the first next() (dl_lazy_new, difflib_lazy.c), computing
 * every item then.  Differences, loud: an error for a date past datetime's
 * range comes at the first next() instead of after the dates before it, a
 * year past 64 bits raises OverflowError.  main() (the command line) does
 * not exist.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/calendar_int.h"
#include "evaluator/modules/difflib_int.h"

/* ---- helpers ----------------------------------------------------------------------------------- */

void ca_drop(ev_interp *I, ev_value v)
{
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
}

ev_value ca_callm(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    return ev_us_callm(I, obj, name, argc, argv, NULL);
}

/* the module's global name (borrowed) */
ev_value ca_global(ev_interp *I, const char *name)
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
ev_value ca_bin_steal(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (EV_IS_ERR(a))
        return a;
    ev_value r = ev_binary(I, op, a, b);
    ev_decref(I, a);
    return r;
}

/* an int argument as int64 */
int ca_as_i64(ev_interp *I, ev_value v, int64_t *out) { return ev_index(I, v, out, NULL); }

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
ev_value ca_to_list(ev_interp *I, ev_value it)
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
            ca_drop(I, part);
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
ev_value ca_join(ev_interp *I, const char *sep, ev_value list)
{
    if (EV_IS_ERR(list))
        return list;
    ev_value s = ev_str_from_cstr(I, sep);
    ev_value r = EV_IS_ERR(s) ? s : ca_callm(I, s, "join", 1, &list);
    ca_drop(I, s);
    ev_decref(I, list);
    return r;
}

/* s.center(width), s consumed */
ev_value ca_center(ev_interp *I, ev_value s, ev_value width)
{
    if (EV_IS_ERR(s))
        return s;
    ev_value r = ca_callm(I, s, "center", 1, &width);
    ev_decref(I, s);
    return r;
}

ev_value ca_rstrip(ev_interp *I, ev_value s)
{
    if (EV_IS_ERR(s))
        return s;
    ev_value r = ca_callm(I, s, "rstrip", 0, NULL);
    ev_decref(I, s);
    return r;
}

int ca_list_add(ev_interp *I, ev_value list, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_list_append(I, ev_as_list(list), v_steal);
    ev_decref(I, v_steal);
    return e;
}

int ca_list_add_str(ev_interp *I, ev_value list, const char *s) { return ca_list_add(I, list, ev_str_from_cstr(I, s)); }

/* n copies of "\n" */
int ca_list_add_nl(ev_interp *I, ev_value list, int64_t n)
{
    ev_value s = ev_str_from_cstr(I, "\n");
    return ca_list_add(I, list, ca_bin_steal(I, EV_OP_MUL, s, ev_int(n)));
}

/* print(s, end='') through the builtin, so that redirect_stdout applies */
ev_value ca_print_noend(ev_interp *I, ev_value s)
{
    if (EV_IS_ERR(s))
        return s;
    ev_str *pn = ev_intern(I, "print", 5), *en = ev_intern(I, "end", 3);
    ev_value *p = pn ? ev_dict_lookup_str(I->builtins, pn) : NULL;
    ev_value empty = ev_str_from_cstr(I, "");
    ev_value r = EV_ERR;
    if (p && en && !EV_IS_ERR(empty))
        r = ev_call(I, *p, 1, &s, 1, &en, &empty);
    ca_drop(I, empty);
    ev_decref(I, s);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* unpack an item of n values, CPython's messages */
int ca_unpack(ev_interp *I, ev_value item, int n, ev_value *out)
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
    ca_drop(I, a);
    ca_drop(I, b);
    return r;
}

static ev_value ca_leapdays(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value y1 = bin(I, EV_OP_SUB, argv[0], ev_int(1));
    ev_value y2 = EV_IS_ERR(y1) ? y1 : bin(I, EV_OP_SUB, argv[1], ev_int(1));
    ev_value a = EV_IS_ERR(y2) ? y2 : floordiff(I, y1, y2, 4);
    ev_value b = EV_IS_ERR(a) ? a : floordiff(I, y1, y2, 100);
    ev_value c = EV_IS_ERR(b) ? b : floordiff(I, y1, y2, 400);
    ev_value r = EV_IS_ERR(c) ? c : ca_bin_steal(I, EV_OP_ADD, bin(I, EV_OP_SUB, a, b), c);
    ev_value held[5] = {y1, y2, a, b, c};
    for (int i = 0; i < 5; i++)
        ca_drop(I, held[i]);
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
    ev_value r = ca_callm(I, d, "weekday", 0, NULL);
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
    int e = ca_as_i64(I, wd, day1);
    ev_decref(I, wd);
    int64_t m;
    if (e || ca_as_i64(I, month, &m))
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
    ca_drop(I, sl);
    if (EV_IS_ERR(part))
        return part;
    ev_value f[6];
    int e = ca_unpack(I, part, 6, f);
    ev_decref(I, part);
    if (e)
        return EV_ERR;
    ev_value d = make_date(I, f[0], f[1], ev_int(1));
    ev_value days = EV_IS_ERR(d) ? d : ca_callm(I, d, "toordinal", 0, NULL);
    ca_drop(I, d);
    days = ca_bin_steal(I, EV_OP_SUB, days, ev_int(719163)); /* _EPOCH_ORD */
    days = ca_bin_steal(I, EV_OP_ADD, days, f[2]);
    days = ca_bin_steal(I, EV_OP_SUB, days, ev_int(1));
    ev_value r = ca_bin_steal(I, EV_OP_MUL, days, ev_int(24));
    r = ca_bin_steal(I, EV_OP_ADD, r, f[3]);
    r = ca_bin_steal(I, EV_OP_MUL, r, ev_int(60));
    r = ca_bin_steal(I, EV_OP_ADD, r, f[4]);
    r = ca_bin_steal(I, EV_OP_MUL, r, ev_int(60));
    r = ca_bin_steal(I, EV_OP_ADD, r, f[5]);
    for (int i = 0; i < 6; i++)
        ev_decref(I, f[i]);
    return r;
}

/* formatstring(cols, colwidth=20, spacing=6) */
ev_value ca_formatstring_v(ev_interp *I, ev_value cols, ev_value colwidth, ev_value spacing)
{
    ev_value sp = ca_bin_steal(I, EV_OP_MUL, ev_str_from_cstr(I, " "), spacing);
    if (EV_IS_ERR(sp))
        return sp;
    ev_value it = ev_iter(I, cols), l = EV_IS_ERR(it) ? it : ev_list_new(I, 0);
    ev_value c;
    int r = 0;
    while (!EV_IS_ERR(l) && (r = ev_next(I, it, &c)) > 0) {
        if (ca_list_add(I, l, ca_center(I, c, colwidth))) {
            r = -1;
            break;
        }
    }
    ca_drop(I, it);
    ev_value out = EV_ERR;
    if (!EV_IS_ERR(l) && r == 0)
        out = ca_callm(I, sp, "join", 1, &l);
    ca_drop(I, l);
    ev_decref(I, sp);
    return out;
}

static ev_value ca_formatstring(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ca_formatstring_v(I, argv[0], EV_IS_ERR(argv[1]) ? ev_int(20) : argv[1],
                          EV_IS_ERR(argv[2]) ? ev_int(6) : argv[2]);
}

static ev_value ca_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = ca_formatstring_v(I, argv[0], EV_IS_ERR(argv[1]) ? ev_int(20) : argv[1],
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
    ca_drop(I, v);
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
    return ca_callm(I, d, "strftime", 1, &fmt);
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
    ca_drop(I, dates);
    if (EV_IS_ERR(f))
        return f;
    ev_value fmt = ev_us_getattr(I, self, "format");
    ev_value r = EV_ERR;
    if (EV_IS_ERR(fmt)) {
        /* nothing */
    } else if (ev_is(a[0], EV_O_SLICE) && ev_is(f, EV_O_LIST)) {
        r = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(r) && i < ev_as_list(f)->len; i++)
            if (ca_list_add(I, r, name_of(I, ev_as_list(f)->items[i], fmt))) {
                ev_decref(I, r);
                r = EV_ERR;
            }
    } else {
        r = name_of(I, f, fmt);
    }
    ca_drop(I, fmt);
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
    return ca_bin_steal(I, EV_OP_MOD, v, ev_int(7));
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
    int e = ca_as_i64(I, v, out);
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

CA_FN(cal_iterweekdays_eager)
{
    CA_BIND("Calendar.iterweekdays", a, 0, NULL);
    (void)a;
    int64_t f;
    if (fwd(I, self, &f))
        return EV_ERR;
    ev_value l = ev_list_new(I, 7);
    for (int64_t i = f; !EV_IS_ERR(l) && i < f + 7; i++)
        if (ca_list_add(I, l, ev_int(pymod(i, 7)))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return list_iter(I, l);
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_iterweekdays)
{
    CA_BIND("Calendar.iterweekdays", a, 0, NULL);
    (void)a;
    return dl_lazy_new(I, cal_iterweekdays_eager, "Calendar.iterweekdays", self, argc, argv, kw);
}

/* the (year, month, day) of each day of the weeks covering year-month */
static ev_value days3_list(ev_interp *I, ev_value self, ev_value year, ev_value month, bool with_wd)
{
    int64_t day1, ndays, f, y, m;
    if (monthrange_c(I, year, month, &day1, &ndays) || fwd(I, self, &f) || ca_as_i64(I, year, &y) ||
        ca_as_i64(I, month, &m))
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
            if (ca_list_add(I, l, t)) {
                ev_decref(I, l);
                l = EV_ERR;
                break;
            }
        }
    }
    return l;
}

CA_FN(cal_itermonthdays3_eager)
{
    CA_BIND("Calendar.itermonthdays3", a, 2, "year", "month");
    return list_iter(I, days3_list(I, self, a[0], a[1], false));
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_itermonthdays3)
{
    CA_BIND("Calendar.itermonthdays3", a, 2, "year", "month");
    (void)a;
    return dl_lazy_new(I, cal_itermonthdays3_eager, "Calendar.itermonthdays3", self, argc, argv, kw);
}

/* for each item of self.<name>(year, month): fn(item, i) collected */
typedef ev_value (*each_fn)(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f);

static ev_value map_method(ev_interp *I, ev_value self, const char *name, ev_value year, ev_value month, each_fn fn)
{
    int64_t f = 0;
    ev_value args[2] = {year, month};
    ev_value src = ca_callm(I, self, name, 2, args);
    ev_value it = EV_IS_ERR(src) ? src : ev_iter(I, src);
    ca_drop(I, src);
    if (EV_IS_ERR(it) || fwd(I, self, &f)) {
        ca_drop(I, it);
        return EV_ERR;
    }
    ev_value l = ev_list_new(I, 0), item;
    int r = 0;
    for (int64_t i = 0; !EV_IS_ERR(l) && (r = ev_next(I, it, &item)) > 0; i++) {
        ev_value v = fn(I, self, item, i, f);
        ev_decref(I, item);
        if (ca_list_add(I, l, v)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0 || EV_IS_ERR(l)) {
        ca_drop(I, l);
        return EV_ERR;
    }
    return l;
}

static ev_value each_date(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f)
{
    ev_value p[3];
    if (ca_unpack(I, item, 3, p))
        return EV_ERR;
    ev_value d = make_date(I, p[0], p[1], p[2]);
    for (int k = 0; k < 3; k++)
        ev_decref(I, p[k]);
    return d;
}

static ev_value each_days4(ev_interp *I, ev_value self, ev_value item, int64_t i, int64_t f)
{
    ev_value p[3];
    if (ca_unpack(I, item, 3, p))
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

CA_FN(cal_itermonthdates_eager)
{
    CA_BIND("Calendar.itermonthdates", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays3", a[0], a[1], each_date));
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_itermonthdates)
{
    CA_BIND("Calendar.itermonthdates", a, 2, "year", "month");
    (void)a;
    return dl_lazy_new(I, cal_itermonthdates_eager, "Calendar.itermonthdates", self, argc, argv, kw);
}

CA_FN(cal_itermonthdays4_eager)
{
    CA_BIND("Calendar.itermonthdays4", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays3", a[0], a[1], each_days4));
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_itermonthdays4)
{
    CA_BIND("Calendar.itermonthdays4", a, 2, "year", "month");
    (void)a;
    return dl_lazy_new(I, cal_itermonthdays4_eager, "Calendar.itermonthdays4", self, argc, argv, kw);
}

CA_FN(cal_itermonthdays2_eager)
{
    CA_BIND("Calendar.itermonthdays2", a, 2, "year", "month");
    return list_iter(I, map_method(I, self, "itermonthdays", a[0], a[1], each_days2));
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_itermonthdays2)
{
    CA_BIND("Calendar.itermonthdays2", a, 2, "year", "month");
    (void)a;
    return dl_lazy_new(I, cal_itermonthdays2_eager, "Calendar.itermonthdays2", self, argc, argv, kw);
}

CA_FN(cal_itermonthdays_eager)
{
    CA_BIND("Calendar.itermonthdays", a, 2, "year", "month");
    int64_t day1, ndays, f;
    if (monthrange_c(I, a[0], a[1], &day1, &ndays) || fwd(I, self, &f))
        return EV_ERR;
    int64_t before = pymod(day1 - f, 7), after = pymod(f - day1 - ndays, 7);
    ev_value l = ev_list_new(I, 0);
    for (int64_t i = 0; !EV_IS_ERR(l) && i < before + ndays + after; i++)
        if (ca_list_add(I, l, ev_int(i < before || i >= before + ndays ? 0 : i - before + 1))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return list_iter(I, l);
}

/* a generator function: the arguments bound now, the body at the first next() */
CA_FN(cal_itermonthdays)
{
    CA_BIND("Calendar.itermonthdays", a, 2, "year", "month");
    (void)a;
    return dl_lazy_new(I, cal_itermonthdays_eager, "Calendar.itermonthdays", self, argc, argv, kw);
}

static ev_value month_matrix(ev_interp *I, ev_value self, const char *iter, ev_value year, ev_value month)
{
    ev_value args[2] = {year, month};
    ev_value it = ca_callm(I, self, iter, 2, args);
    if (EV_IS_ERR(it))
        return it;
    ev_value l = ca_to_list(I, it);
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
        if (ca_list_add(I, months, ca_callm(I, self, per_month, 2, args))) {
            ev_decref(I, months);
            months = EV_ERR;
        }
    }
    if (EV_IS_ERR(months))
        return months;
    int64_t w = 3;
    if (!EV_IS_ERR(width) && ca_as_i64(I, width, &w)) {
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
#define LOCALE_DOC                                                                                        \
    "\n    This class can be passed a locale name in the constructor and will return\n    month and weekday " \
    "names in the specified locale.\n    "

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
    ca_drop(I, cls);
    ca_drop(I, bt);
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
        if (ca_list_add_str(I, l, names[i])) {
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
        if (ca_list_add(I, l, make_date(I, ev_int(2001), ev_int(months ? i + 1 : 1), ev_int(months ? 1 : i + 1)))) {
            ev_decref(I, l);
            l = EV_ERR;
        }
    return l;
}

static int set_instance(ev_interp *I, ev_dict *ns, const char *name, ev_value cls, const char *fmt)
{
    ev_value f = ev_str_from_cstr(I, fmt);
    ev_value o = EV_IS_ERR(f) ? f : ev_call(I, cls, 1, &f, 0, NULL, NULL);
    ca_drop(I, f);
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
    ca_drop(I, g);
    ca_drop(I, s);
    if (cls_set(I, cal, "firstweekday", prop))
        return -1;
    static const char *const css[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL};
    ev_value csslist = EV_ERR;
    if (ca_class(I, ns, "TextCalendar", cal,
                 "\n    Subclass of Calendar that outputs a calendar as a simple plain text\n    similar to the UNIX "
                 "program cal.\n    ",
                 ca_tc_methods, &tc) ||
        ca_class(I, ns, "HTMLCalendar", cal, "\n    This calendar returns complete HTML pages.\n    ", ca_hc_methods,
                 &hc) ||
        EV_IS_ERR(csslist = str_list(I, css)) || ev_us_setattr(I, hc, "cssclasses", csslist) ||
        ev_us_setattr(I, hc, "cssclasses_weekday_head", csslist) ||
        cls_set(I, hc, "cssclass_noday", ev_str_from_cstr(I, "noday")) ||
        cls_set(I, hc, "cssclass_month_head", ev_str_from_cstr(I, "month")) ||
        cls_set(I, hc, "cssclass_month", ev_str_from_cstr(I, "month")) ||
        cls_set(I, hc, "cssclass_year_head", ev_str_from_cstr(I, "year")) ||
        cls_set(I, hc, "cssclass_year", ev_str_from_cstr(I, "year")) ||
        ca_class(I, ns, "LocaleTextCalendar", tc, LOCALE_DOC, ca_ltc_methods, &x) ||
        ca_class(I, ns, "LocaleHTMLCalendar", hc, LOCALE_DOC, ca_lhc_methods, &x)) {
        ca_drop(I, csslist);
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
        ca_drop(I, c);
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
