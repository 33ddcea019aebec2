/*
 * calendar_locale.c - calendar's LocaleTextCalendar and LocaleHTMLCalendar
 * (Lib/calendar.py): a TextCalendar and an HTMLCalendar whose
 * formatweekday and formatmonthname switch LC_TIME to the calendar's
 * locale around super()'s.
 *
 * safepy's process has no environment and only the C locale.  CPython's
 * locale=None asks _get_default_locale(): LC_TIME is "C" at start (Python
 * never sets it), so it reads the environment's setlocale(LC_TIME, ""),
 * which is "C" for an environment that names no locale (LANG=C, or none)
 * -- the case safepy is -- and in the C locale (and C.UTF-8, whose LC_TIME
 * is the same) the names are the ones TextCalendar prints.  So these
 * classes behave exactly as CPython's for None and for the C locale's
 * names; any other locale would need locale data safepy does not have, and
 * the formatting raises NotImplementedError naming it where CPython's
 * setlocale would switch (or raise locale.Error).
 */
#include <string.h>

#include "evaluator/modules/calendar_int.h"

/* self.locale is the C locale: 0, or -1 with NotImplementedError */
static int check_locale(ev_interp *I, ev_value self, const char *cls)
{
    static const char *const c_names[] = {"C", "POSIX", "C.UTF-8", "C.utf8", "", NULL};
    ev_value loc = ev_us_getattr(I, self, "locale");
    if (EV_IS_ERR(loc))
        return -1;
    if (ev_is(loc, EV_O_STR))
        for (int i = 0; c_names[i]; i++)
            if (strcmp(ev_as_str(loc)->data, c_names[i]) == 0 && ev_as_str(loc)->len == strlen(c_names[i])) {
                ev_decref(I, loc);
                return 0;
            }
    ev_value rep = ev_repr(I, loc);
    ev_decref(I, loc);
    if (EV_IS_ERR(rep))
        return -1;
    ev_raise(I, &ev_type_NotImplementedError,
             "calendar.%s with locale %s is not supported by safepy: it has only the C locale", cls,
             ev_as_str(rep)->data);
    ev_decref(I, rep);
    return -1;
}

/* super(calendar.<cls>, self).<name>(*argv) */
static ev_value super_call(ev_interp *I, const char *cls, ev_value self, const char *name, int argc,
                           const ev_value *argv)
{
    ev_value c = ca_global(I, cls);
    if (EV_IS_ERR(c))
        return c;
    ev_value sa[2] = {c, self};
    ev_value sup = ev_call(I, ev_obj_val(&ev_type_super.h), 2, sa, 0, NULL, NULL);
    if (EV_IS_ERR(sup))
        return sup;
    ev_value r = ev_us_callm(I, sup, name, argc, argv, NULL);
    ev_decref(I, sup);
    return r;
}

/* __init__(self, firstweekday=0, locale=None): base.__init__(self, firstweekday) */
static ev_value locale_init(ev_interp *I, ev_value self, const char *base, ev_value firstweekday, ev_value locale)
{
    ev_value b = ca_global(I, base);
    if (EV_IS_ERR(b))
        return b;
    ev_value init = ev_us_getattr(I, b, "__init__");
    if (EV_IS_ERR(init))
        return init;
    ev_value args[2] = {self, EV_IS_ERR(firstweekday) ? ev_int(0) : firstweekday};
    ev_value r = ev_call(I, init, 2, args, 0, NULL, NULL);
    ev_decref(I, init);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    ev_value loc = EV_IS_ERR(locale) || locale.tag == EV_T_NONE ? ev_str_from_cstr(I, "C") : ev_dup(locale);
    if (EV_IS_ERR(loc))
        return loc;
    int e = ev_us_setattr(I, self, "locale", loc);
    ev_decref(I, loc);
    return e ? EV_ERR : EV_NONE;
}

CA_FN(ltc_init)
{
    CA_BIND("LocaleTextCalendar.__init__", a, 0, "firstweekday", "locale");
    return locale_init(I, self, "TextCalendar", a[0], a[1]);
}

CA_FN(lhc_init)
{
    CA_BIND("LocaleHTMLCalendar.__init__", a, 0, "firstweekday", "locale");
    return locale_init(I, self, "HTMLCalendar", a[0], a[1]);
}

CA_FN(ltc_formatweekday)
{
    CA_BIND("LocaleTextCalendar.formatweekday", a, 2, "day", "width");
    if (check_locale(I, self, "LocaleTextCalendar"))
        return EV_ERR;
    return super_call(I, "LocaleTextCalendar", self, "formatweekday", 2, a);
}

CA_FN(ltc_formatmonthname)
{
    CA_BIND("LocaleTextCalendar.formatmonthname", a, 3, "theyear", "themonth", "width", "withyear");
    if (check_locale(I, self, "LocaleTextCalendar"))
        return EV_ERR;
    if (EV_IS_ERR(a[3]))
        a[3] = EV_TRUE;
    return super_call(I, "LocaleTextCalendar", self, "formatmonthname", 4, a);
}

CA_FN(lhc_formatweekday)
{
    CA_BIND("LocaleHTMLCalendar.formatweekday", a, 1, "day");
    if (check_locale(I, self, "LocaleHTMLCalendar"))
        return EV_ERR;
    return super_call(I, "LocaleHTMLCalendar", self, "formatweekday", 1, a);
}

CA_FN(lhc_formatmonthname)
{
    CA_BIND("LocaleHTMLCalendar.formatmonthname", a, 2, "theyear", "themonth", "withyear");
    if (check_locale(I, self, "LocaleHTMLCalendar"))
        return EV_ERR;
    if (EV_IS_ERR(a[2]))
        a[2] = EV_TRUE;
    return super_call(I, "LocaleHTMLCalendar", self, "formatmonthname", 3, a);
}

const ca_method ca_ltc_methods[] = {
    CA_M("__init__", ltc_init),
    CA_M("formatweekday", ltc_formatweekday),
    CA_M("formatmonthname", ltc_formatmonthname),
    CA_END,
};

const ca_method ca_lhc_methods[] = {
    CA_M("__init__", lhc_init),
    CA_M("formatweekday", lhc_formatweekday),
    CA_M("formatmonthname", lhc_formatmonthname),
    CA_END,
};
