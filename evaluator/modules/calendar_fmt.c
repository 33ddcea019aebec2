/*
 * calendar_fmt.c - the formatting classes of CPython 3.11's
 * Lib/calendar.py: TextCalendar (the text calendars of cal(1): formatday,
 * formatweek, formatweekheader, formatmonthname, formatmonth, formatyear and
 * their pr* forms) and HTMLCalendar (formatday ... formatyearpage).  Each
 * method calls the others through self, so overrides apply as in CPython;
 * the strings are built with str's own center/rstrip/join and % so the
 * whitespace is CPython's.
 */
#include <string.h>

#include "evaluator/modules/calendar_int.h"

/* ---- TextCalendar ------------------------------------------------------------------------------ */

CA_FN(tc_formatday)
{
    CA_BIND("TextCalendar.formatday", a, 3, "day", "weekday", "width");
    int z = ev_eq(I, a[0], ev_int(0));
    if (z < 0)
        return EV_ERR;
    ev_value s = z ? ev_str_from_cstr(I, "") : ca_bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, "%2i"), a[0]);
    return ca_center(I, s, a[2]);
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
            int e = ca_unpack(I, item, npair, args);
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
        ev_value v = ca_callm(I, self, each, n, args);
        for (int k = 0; k < n - nextra; k++)
            ev_decref(I, args[k]);
        if (ca_list_add(I, l, v)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0) {
        ca_drop(I, l);
        return EV_ERR;
    }
    return ca_join(I, sep, l);
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
    return ca_print_noend(I, ca_callm(I, self, "formatweek", 2, args));
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
    ca_drop(I, sl);
    ev_decref(I, s);
    return ca_center(I, cut, a[1]);
}

CA_FN(tc_formatweekheader)
{
    CA_BIND("TextCalendar.formatweekheader", a, 1, "width");
    ev_value wd = ca_callm(I, self, "iterweekdays", 0, NULL);
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
        s = ca_bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, "%s %r"), t);
        ev_decref(I, t);
    }
    return ca_center(I, s, a[2]);
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
    return ca_as_i64(I, v, out);
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
    if (ca_list_add(I, parts, ca_rstrip(I, ca_callm(I, self, "formatmonthname", 3, args))) || ca_list_add_nl(I, parts, l) ||
        ca_list_add(I, parts, ca_rstrip(I, ca_callm(I, self, "formatweekheader", 1, &wv))) || ca_list_add_nl(I, parts, l) ||
        EV_IS_ERR(cal = ca_callm(I, self, "monthdays2calendar", 2, args)))
        goto fail;
    ev_value it = ev_iter(I, cal), week;
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &week)) > 0) {
        ev_value fa[2] = {week, wv};
        ev_value s = ca_rstrip(I, ca_callm(I, self, "formatweek", 2, fa));
        ev_decref(I, week);
        if (ca_list_add(I, parts, s) || ca_list_add_nl(I, parts, l)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0)
        goto fail;
    ev_decref(I, cal);
    return ca_join(I, "", parts);
fail:
    ca_drop(I, cal);
    ev_decref(I, parts);
    return EV_ERR;
}

CA_FN(tc_prmonth)
{
    CA_BIND("TextCalendar.prmonth", a, 2, "theyear", "themonth", "w", "l");
    ev_value args[4] = {a[0], a[1], EV_IS_ERR(a[2]) ? ev_int(0) : a[2], EV_IS_ERR(a[3]) ? ev_int(0) : a[3]};
    return ca_print_noend(I, ca_callm(I, self, "formatmonth", 4, args));
}

CA_FN(tc_formatyear)
{
    CA_BIND("TextCalendar.formatyear", a, 1, "theyear", "w", "l", "c", "m");
    int64_t w, l, c, m;
    if (maxint(I, 2, EV_IS_ERR(a[1]) ? ev_int(2) : a[1], &w) || maxint(I, 1, EV_IS_ERR(a[2]) ? ev_int(1) : a[2], &l) ||
        maxint(I, 2, EV_IS_ERR(a[3]) ? ev_int(6) : a[3], &c))
        return EV_ERR;
    m = 3;
    if (!EV_IS_ERR(a[4]) && ca_as_i64(I, a[4], &m))
        return EV_ERR;
    int64_t colwidth = (w + 1) * 7 - 1;
    ev_value v = ev_list_new(I, 0), header = EV_ERR, rows = EV_ERR, rit = EV_ERR;
    if (EV_IS_ERR(v))
        return v;
    ev_value yr = ev_repr(I, a[0]);
    if (ca_list_add(I, v, ca_rstrip(I, ca_center(I, yr, ev_int(colwidth * m + c * (m - 1))))) || ca_list_add_nl(I, v, l))
        goto fail;
    ev_value wv = ev_int(w);
    header = ca_callm(I, self, "formatweekheader", 1, &wv);
    ev_value ya[2] = {a[0], ev_int(m)};
    if (EV_IS_ERR(header) || EV_IS_ERR(rows = ca_callm(I, self, "yeardays2calendar", 2, ya)) ||
        EV_IS_ERR(rit = ev_iter(I, rows)))
        goto fail;
    ev_value row;
    int r;
    for (int64_t i = 0; (r = ev_next(I, rit, &row)) > 0; i++) {
        int e = 0;
        ev_value names = ev_list_new(I, 0), headers = EV_ERR;
        int64_t hi = m * (i + 1) + 1 < 13 ? m * (i + 1) + 1 : 13;
        e = EV_IS_ERR(names) || EV_IS_ERR(headers = ev_list_new(I, 0)) || ca_list_add_nl(I, v, l);
        for (int64_t k = m * i + 1; !e && k < hi; k++) {
            ev_value na[4] = {a[0], ev_int(k), ev_int(colwidth), EV_FALSE};
            e = ca_list_add(I, names, ca_callm(I, self, "formatmonthname", 4, na)) ||
                ev_list_append(I, ev_as_list(headers), header);
        }
        e = e || ca_list_add(I, v, ca_rstrip(I, ca_formatstring_v(I, names, ev_int(colwidth), ev_int(c)))) ||
            ca_list_add_nl(I, v, l) ||
            ca_list_add(I, v, ca_rstrip(I, ca_formatstring_v(I, headers, ev_int(colwidth), ev_int(c)))) ||
            ca_list_add_nl(I, v, l);
        ca_drop(I, names);
        ca_drop(I, headers);
        /* the row's months as a list, their week count the tallest */
        ev_value cals = e ? EV_ERR : ca_to_list(I, row);
        ev_decref(I, row);
        if (e || EV_IS_ERR(cals)) {
            ca_drop(I, cals);
            r = -1;
            break;
        }
        int64_t height = 0;
        for (size_t k = 0; !e && k < ev_as_list(cals)->len; k++) {
            int64_t n;
            ev_value nv = ev_len_value(I, ev_as_list(cals)->items[k]);
            e = EV_IS_ERR(nv) || ca_as_i64(I, nv, &n);
            ca_drop(I, nv);
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
                e = EV_IS_ERR(nv) || ca_as_i64(I, nv, &n);
                ca_drop(I, nv);
                if (!e && j >= n) {
                    e = ca_list_add_str(I, weeks, "");
                } else if (!e) {
                    ev_value wk = ev_getitem(I, cal, ev_int(j));
                    ev_value fa[2] = {wk, wv};
                    e = EV_IS_ERR(wk) || ca_list_add(I, weeks, ca_callm(I, self, "formatweek", 2, fa));
                    ca_drop(I, wk);
                }
                ev_decref(I, cal);
            }
            e = e || ca_list_add(I, v, ca_rstrip(I, ca_formatstring_v(I, weeks, ev_int(colwidth), ev_int(c)))) ||
                ca_list_add_nl(I, v, l);
            ca_drop(I, weeks);
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
    return ca_join(I, "", v);
fail:
    ca_drop(I, rit);
    ca_drop(I, rows);
    ca_drop(I, header);
    ev_decref(I, v);
    return EV_ERR;
}

CA_FN(tc_pryear)
{
    CA_BIND("TextCalendar.pryear", a, 1, "theyear", "w", "l", "c", "m");
    ev_value args[5] = {a[0], EV_IS_ERR(a[1]) ? ev_int(0) : a[1], EV_IS_ERR(a[2]) ? ev_int(0) : a[2],
                        EV_IS_ERR(a[3]) ? ev_int(6) : a[3], EV_IS_ERR(a[4]) ? ev_int(3) : a[4]};
    return ca_print_noend(I, ca_callm(I, self, "formatyear", 5, args));
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
    ev_value r = ca_bin_steal(I, EV_OP_MOD, ev_str_from_cstr(I, fmt), t);
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
    ca_drop(I, classes);
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
    ca_drop(I, heads);
    ev_value names = EV_IS_ERR(cls) ? cls : ca_global(I, "day_abbr");
    ev_value nm = EV_IS_ERR(names) ? names : ev_getitem(I, names, a[0]);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(nm)) {
        ev_value args[2] = {cls, nm};
        r = pct(I, "<th class=\"%s\">%s</th>", 2, args);
    }
    ca_drop(I, cls);
    ca_drop(I, nm);
    return r;
}

CA_FN(hc_formatweekheader)
{
    CA_BIND("HTMLCalendar.formatweekheader", a, 0, NULL);
    (void)a;
    ev_value wd = ca_callm(I, self, "iterweekdays", 0, NULL);
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
    ca_drop(I, f);
    if (ca_list_add(I, v, pct_attr(I, self, "<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"%s\">",
                                "cssclass_month", 0, NULL)) ||
        ca_list_add_str(I, v, "\n") || ca_list_add(I, v, mn) || ca_list_add_str(I, v, "\n") ||
        ca_list_add(I, v, ca_callm(I, self, "formatweekheader", 0, NULL)) || ca_list_add_str(I, v, "\n") ||
        EV_IS_ERR(cal = ca_callm(I, self, "monthdays2calendar", 2, a)))
        goto fail;
    ev_value it = ev_iter(I, cal), week;
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &week)) > 0) {
        ev_value s = ca_callm(I, self, "formatweek", 1, &week);
        ev_decref(I, week);
        if (ca_list_add(I, v, s) || ca_list_add_str(I, v, "\n")) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    if (r < 0 || ca_list_add_str(I, v, "</table>") || ca_list_add_str(I, v, "\n"))
        goto fail;
    ev_decref(I, cal);
    return ca_join(I, "", v);
fail:
    ca_drop(I, cal);
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
    int e = ca_list_add(I, v, pct_attr(I, self, "<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" class=\"%s\">",
                                    "cssclass_year", 0, NULL)) ||
            ca_list_add_str(I, v, "\n") || EV_IS_ERR(yh);
    if (!e) {
        ev_value args[3] = {hargs[0], yh, a[0]};
        e = ca_list_add(I, v, pct(I, "<tr><th colspan=\"%d\" class=\"%s\">%s</th></tr>", 3, args));
    }
    ca_drop(I, yh);
    ev_str *wk = ev_intern(I, "withyear", 8);
    ev_value fm = e || !wk ? EV_ERR : ev_us_getattr(I, self, "formatmonth");
    e = e || EV_IS_ERR(fm);
    for (int64_t i = 1; !e && i < 13; i += width) {
        e = ca_list_add_str(I, v, "<tr>");
        for (int64_t m = i; !e && m < (i + width < 13 ? i + width : 13); m++) {
            ev_value ma[2] = {a[0], ev_int(m)};
            ev_value no = EV_FALSE;
            e = ca_list_add_str(I, v, "<td>") || ca_list_add(I, v, ev_call(I, fm, 2, ma, 1, &wk, &no)) ||
                ca_list_add_str(I, v, "</td>");
        }
        e = e || ca_list_add_str(I, v, "</tr>");
    }
    ca_drop(I, fm);
    if (e || ca_list_add_str(I, v, "</table>")) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return ca_join(I, "", v);
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
            ca_list_add(I, v, pct(I, "<?xml version=\"1.0\" encoding=\"%s\"?>\n", 1, &enc)) ||
            ca_list_add_str(I, v, "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
                               "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n") ||
            ca_list_add_str(I, v, "<html>\n") || ca_list_add_str(I, v, "<head>\n") ||
            ca_list_add(I, v, pct(I, "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=%s\" />\n", 1, &enc)) ||
            (cssv.tag != EV_T_NONE &&
             ca_list_add(I, v, pct(I, "<link rel=\"stylesheet\" type=\"text/css\" href=\"%s\" />\n", 1, &cssv))) ||
            ca_list_add(I, v, pct(I, "<title>Calendar for %d</title>\n", 1, &a[0])) ||
            ca_list_add_str(I, v, "</head>\n") || ca_list_add_str(I, v, "<body>\n");
    if (!e) {
        ev_value ya[2] = {a[0], width};
        e = ca_list_add(I, v, ca_callm(I, self, "formatyear", 2, ya)) || ca_list_add_str(I, v, "</body>\n") ||
            ca_list_add_str(I, v, "</html>\n");
    }
    ca_drop(I, cssv);
    if (e) {
        ca_drop(I, v);
        ev_decref(I, enc);
        return EV_ERR;
    }
    ev_value s = ca_join(I, "", v);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(s)) {
        ev_value errs = ev_str_from_cstr(I, "xmlcharrefreplace");
        ev_value ea[2] = {enc, errs};
        r = EV_IS_ERR(errs) ? errs : ca_callm(I, s, "encode", 2, ea);
        ca_drop(I, errs);
        ev_decref(I, s);
    }
    ev_decref(I, enc);
    return r;
}


const ca_method ca_tc_methods[] = {
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
const ca_method ca_hc_methods[] = {
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
