/*
 * calendar_int.h - what calendar.c (the module functions, Calendar, the
 * module) and calendar_fmt.c (TextCalendar, HTMLCalendar) share.  Internal
 * to evaluator/modules/.
 */
#ifndef SAFEPY_CALENDAR_INT_H
#define SAFEPY_CALENDAR_INT_H

#include "evaluator/modules/collections_int.h"
#include "evaluator/objects/class_int.h"

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

void ca_drop(ev_interp *I, ev_value v);
/* obj.name(*argv) */
ev_value ca_callm(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv) EV_WU;
/* the module's global name (borrowed) */
ev_value ca_global(ev_interp *I, const char *name) EV_WU;
/* a op b, a consumed */
ev_value ca_bin_steal(ev_interp *I, ev_binop op, ev_value a, ev_value b) EV_WU;
int ca_as_i64(ev_interp *I, ev_value v, int64_t *out) EV_WU;
ev_value ca_to_list(ev_interp *I, ev_value it) EV_WU;
/* sep.join(list), s.center(width), s.rstrip(): the str consumed */
ev_value ca_join(ev_interp *I, const char *sep, ev_value list) EV_WU;
ev_value ca_center(ev_interp *I, ev_value s, ev_value width) EV_WU;
ev_value ca_rstrip(ev_interp *I, ev_value s) EV_WU;
/* list.append(v), v consumed; of a C string; of "\n" * n */
int ca_list_add(ev_interp *I, ev_value list, ev_value v_steal) EV_WU;
int ca_list_add_str(ev_interp *I, ev_value list, const char *s) EV_WU;
int ca_list_add_nl(ev_interp *I, ev_value list, int64_t n) EV_WU;
/* print(s, end=''), s consumed */
ev_value ca_print_noend(ev_interp *I, ev_value s) EV_WU;
/* unpack item into n values, CPython's messages */
int ca_unpack(ev_interp *I, ev_value item, int n, ev_value *out) EV_WU;
/* formatstring(cols, colwidth, spacing) */
ev_value ca_formatstring_v(ev_interp *I, ev_value cols, ev_value colwidth, ev_value spacing) EV_WU;

/* calendar_fmt.c: TextCalendar's and HTMLCalendar's methods */
extern const ca_method ca_tc_methods[], ca_hc_methods[];
/* calendar_locale.c: LocaleTextCalendar, LocaleHTMLCalendar */
extern const ca_method ca_ltc_methods[], ca_lhc_methods[];

#endif
