/*
 * csv.c - the csv module, CPython 3.11 behaviour: the C core of
 * Modules/_csv.c (Dialect, reader, writer, the dialect registry,
 * field_size_limit, Error) and the classes Lib/csv.py writes in Python
 * (Dialect, excel, excel_tab, unix_dialect, DictReader, DictWriter) in
 * csv_dict.c, the Sniffer in csv_sniff.c.
 *
 * The registry and the field size limit are the module's state: one
 * object per session (csv_state), the self every function of the module
 * and every method of its classes is bound to, never a global.  A reader
 * parses the lines its iterator gives with 3.11's state machine (a NUL is an
 * ordinary character; the end of a line is a marker of its own) and a writer
 * joins a row as 3.11 does, then calls the file's write.  Both call back
 * into Python (the iterator, str() of a field, write): they hold their
 * references across the calls and keep no pointer into a string they did
 * not make.
 */
#include <string.h>

#include "evaluator/modules/csv_int.h"

/* ---- small helpers ------------------------------------------------------------------------- */

int32_t csv_utf8_next(const char *s, size_t len, size_t *pos)
{
    const unsigned char *p = (const unsigned char *)s + *pos;
    size_t left = len - *pos;
    int32_t c = p[0];
    size_t n = 1;
    if (c >= 0xF0 && left >= 4) {
        c = ((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        n = 4;
    } else if (c >= 0xE0 && left >= 3) {
        c = ((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        n = 3;
    } else if (c >= 0xC0 && left >= 2) {
        c = ((c & 0x1F) << 6) | (p[1] & 0x3F);
        n = 2;
    }
    *pos += n;
    return c;
}

size_t csv_utf8_put(char *out, int32_t c)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int buf_putc(ev_interp *I, ev_buf *b, int32_t c)
{
    char tmp[4];
    return ev_buf_put(I, b, tmp, csv_utf8_put(tmp, c));
}

static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, (ev_type *)self.u.o, args);
}

ev_type csv_type_Error = {CSV_STATIC_TYPE, .name = "_csv.Error", .base = &ev_type_Exception, .call = exc_new,
                          .max_args = -1, .module = "_csv"};

/* ---- the module state ---------------------------------------------------------------------- */

static const ev_builtin_def state_methods[] = {{NULL, NULL, 0, 0, 0}};
ev_type csv_type_state = {CSV_STATIC_TYPE, .name = "_csv._state", .methods = state_methods, .module = "_csv",
                          .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT};

/* ---- Dialect --------------------------------------------------------------------------------- */

static int64_t islot(ev_value o, int i) { return ev_as_cinstance(o)->slots[i].u.i; }

static int32_t char_of(ev_value v)
{
    if (!ev_is(v, EV_O_STR))
        return CSV_UNSET;
    size_t pos = 0;
    return csv_utf8_next(ev_as_str(v)->data, ev_as_str(v)->len, &pos);
}

void csv_dialect_get(ev_value d, csv_dialect *out)
{
    ev_value *s = ev_as_cinstance(d)->slots;
    out->delim = char_of(s[DS_DELIM]);
    out->quote = char_of(s[DS_QUOTE]);
    out->esc = char_of(s[DS_ESC]);
    out->lt = ev_as_str(s[DS_LT]);
    out->quoting = (int)islot(d, DS_QUOTING);
    out->dq = s[DS_DQ].u.i != 0;
    out->skip = s[DS_SKIP].u.i != 0;
    out->strict = s[DS_STRICT].u.i != 0;
}

/* _set_char / _set_char_or_none: a 1-character str (or None when allowed);
 * *out keeps the value itself (absent: dflt) */
static int set_char(ev_interp *I, const char *name, ev_value src, const char *dflt, bool none_ok, ev_value *out)
{
    if (EV_IS_ERR(src)) {
        *out = dflt ? ev_str_from_cstr(I, dflt) : EV_NONE;
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    if (src.tag == EV_T_NONE && none_ok) {
        *out = EV_NONE;
        return 0;
    }
    if (!ev_is(src, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "\"%s\" must be string%s, not %s", name, none_ok ? " or None" : "",
                 ev_type_name(src));
        return -1;
    }
    if (ev_as_str(src)->nchars != 1) {
        ev_raise(I, &ev_type_TypeError, "\"%s\" must be a 1-character string", name);
        return -1;
    }
    *out = ev_str_new(I, ev_as_str(src)->data, ev_as_str(src)->len); /* a plain str, as the getter gives */
    return EV_IS_ERR(*out) ? -1 : 0;
}

static int set_bool(ev_interp *I, ev_value src, bool dflt, ev_value *out)
{
    if (EV_IS_ERR(src)) {
        *out = ev_bool(dflt);
        return 0;
    }
    int t = ev_truth(I, src);
    if (t < 0)
        return -1;
    *out = ev_bool(t);
    return 0;
}

static ev_value dialect_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, DS_NSLOTS); }

static const char *const dialect_kws[] = {"delimiter", "doublequote", "escapechar", "lineterminator",
                                          "quotechar", "quoting", "skipinitialspace", "strict", NULL};

/* _csv.Dialect(dialect, **fmtparams) with the registry of st (NULL: a name
 * is not looked up) */
ev_value csv_dialect_make(ev_interp *I, ev_value st, ev_value dialect, const ev_kw *kw)
{
    for (int k = 0; k < EV_KW_N(kw); k++) {
        const char *kn = kw->names[k]->data;
        bool known = strcmp(kn, "dialect") == 0;
        for (int j = 0; dialect_kws[j] && !known; j++)
            known = strcmp(kn, dialect_kws[j]) == 0;
        if (!known)
            return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for this function", kn);
    }
    if (EV_IS_ERR(dialect))
        dialect = ev_kwarg(kw, "dialect");
    ev_value src[8], held = EV_ERR, out = EV_ERR;
    bool any = false;
    for (int j = 0; j < 8; j++) {
        src[j] = ev_kwarg(kw, dialect_kws[j]);
        any |= !EV_IS_ERR(src[j]);
        ev_incref(src[j]);
    }
    if (!EV_IS_ERR(dialect)) {
        if (ev_is(dialect, EV_O_STR)) {
            if (EV_IS_ERR(st)) {
                ev_raise(I, &ev_type_NotImplementedError,
                         "_csv.Dialect(name) is not supported by safepy: use csv.get_dialect(name)");
                goto done;
            }
            ev_value found;
            int r = ev_dict_get(I, ev_as_dict(ev_as_cinstance(st)->slots[ST_DIALECTS]), dialect, &found);
            if (r <= 0) {
                if (r == 0)
                    ev_raise(I, &csv_type_Error, "unknown dialect");
                goto done;
            }
            held = found;
        } else {
            held = ev_dup(dialect);
        }
        if (ev_is_cinstance(held, &csv_type_Dialect) && !any) {
            out = held;
            held = EV_ERR;
            goto done;
        }
        for (int j = 0; j < 8; j++) {
            if (!EV_IS_ERR(src[j]))
                continue;
            ev_value v = ev_us_getattr(I, held, dialect_kws[j]);
            if (EV_IS_ERR(v)) {
                if (I->limit)
                    goto done;
                ev_decref(I, I->exc);
                I->exc = EV_NONE;
            }
            src[j] = v;
        }
    }
    ev_value o = dialect_cnew(I, &csv_type_Dialect);
    if (EV_IS_ERR(o))
        goto done;
    ev_value *s = ev_as_cinstance(o)->slots;
    /* the order of _csv.c's checks: each attribute converted, then the whole */
    if (set_char(I, "delimiter", src[0], ",", false, &s[DS_DELIM]) || set_bool(I, src[1], true, &s[DS_DQ]) ||
        set_char(I, "escapechar", src[2], NULL, true, &s[DS_ESC]))
        goto bad;
    if (EV_IS_ERR(src[3])) {
        s[DS_LT] = ev_str_from_cstr(I, "\r\n");
        if (EV_IS_ERR(s[DS_LT]))
            goto bad;
    } else if (src[3].tag == EV_T_NONE) {
        s[DS_LT] = EV_NONE;
    } else if (!ev_is(src[3], EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "\"lineterminator\" must be a string");
        goto bad;
    } else {
        s[DS_LT] = ev_str_new(I, ev_as_str(src[3])->data, ev_as_str(src[3])->len);
        if (EV_IS_ERR(s[DS_LT]))
            goto bad;
    }
    if (set_char(I, "quotechar", src[4], "\"", true, &s[DS_QUOTE]))
        goto bad;
    int64_t quoting = CSV_QUOTE_MINIMAL;
    if (!EV_IS_ERR(src[5])) {
        if (src[5].tag != EV_T_INT && !(ev_is(src[5], EV_O_INT) && !ev_is_subint(src[5]))) {
            ev_raise(I, &ev_type_TypeError, "\"quoting\" must be an integer");
            goto bad;
        }
        if (src[5].tag != EV_T_INT || src[5].u.i > INT32_MAX || src[5].u.i < INT32_MIN) {
            ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
            goto bad;
        }
        quoting = src[5].u.i;
    }
    s[DS_QUOTING] = ev_int(quoting);
    if (set_bool(I, src[6], false, &s[DS_SKIP]) || set_bool(I, src[7], false, &s[DS_STRICT]))
        goto bad;
    if (quoting < CSV_QUOTE_MINIMAL || quoting > CSV_QUOTE_NONE) {
        ev_raise(I, &ev_type_TypeError, "bad \"quoting\" value");
        goto bad;
    }
    /* a delimiter is never None here: set_char refused it */
    if (src[4].tag == EV_T_NONE && EV_IS_ERR(src[5]))
        s[DS_QUOTING] = ev_int(CSV_QUOTE_NONE);
    if (s[DS_QUOTING].u.i != CSV_QUOTE_NONE && s[DS_QUOTE].tag == EV_T_NONE) {
        ev_raise(I, &ev_type_TypeError, "quotechar must be set if quoting enabled");
        goto bad;
    }
    if (s[DS_LT].tag == EV_T_NONE) {
        ev_raise(I, &ev_type_TypeError, "lineterminator must be set");
        goto bad;
    }
    out = o;
    goto done;
bad:
    ev_decref(I, o);
done:
    for (int j = 0; j < 8; j++)
        ev_decref(I, src[j]);
    ev_decref(I, held);
    return out;
}

static ev_value dialect_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "Dialect() takes at most 9 arguments (%d given)", argc + EV_KW_N(kw));
    return csv_dialect_make(I, EV_ERR, argc ? argv[0] : EV_ERR, kw);
}

#define DIALECT_GETTER(fn, slot)                                                                       \
    static ev_value fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                \
        return ev_dup(ev_as_cinstance(self)->slots[slot]);                                           \
    }
DIALECT_GETTER(d_delimiter, DS_DELIM)
DIALECT_GETTER(d_quotechar, DS_QUOTE)
DIALECT_GETTER(d_escapechar, DS_ESC)
DIALECT_GETTER(d_lineterminator, DS_LT)
DIALECT_GETTER(d_quoting, DS_QUOTING)
DIALECT_GETTER(d_doublequote, DS_DQ)
DIALECT_GETTER(d_skipinitialspace, DS_SKIP)
DIALECT_GETTER(d_strict, DS_STRICT)

static const ev_builtin_def dialect_methods[] = {
    {"delimiter", d_delimiter, 0, 0, EV_BF_PROP},
    {"quotechar", d_quotechar, 0, 0, EV_BF_PROP},
    {"escapechar", d_escapechar, 0, 0, EV_BF_PROP},
    {"lineterminator", d_lineterminator, 0, 0, EV_BF_PROP},
    {"quoting", d_quoting, 0, 0, EV_BF_PROP},
    {"doublequote", d_doublequote, 0, 0, EV_BF_PROP},
    {"skipinitialspace", d_skipinitialspace, 0, 0, EV_BF_PROP},
    {"strict", d_strict, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type csv_type_Dialect = {CSV_STATIC_TYPE, .name = "_csv.Dialect", .call = dialect_new, .methods = dialect_methods,
                            .max_args = -1, .kwflags = EV_BF_KWANY, .module = "_csv",
                            .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT, .cnew = dialect_cnew};

/* ---- reader ---------------------------------------------------------------------------------- */

enum { RS_ITER, RS_DIALECT, RS_STATE, RS_LINENUM, RS_NSLOTS };

enum { START_RECORD, START_FIELD, ESCAPED_CHAR, IN_FIELD, IN_QUOTED_FIELD, ESCAPE_IN_QUOTED_FIELD,
       QUOTE_IN_QUOTED_FIELD, EAT_CRNL, AFTER_ESCAPED_CRNL };

typedef struct parser {
    csv_dialect d;
    int state;
    ev_buf field;
    int64_t field_chars, limit;
    bool numeric;
    ev_value fields; /* a list */
} parser;

static int save_field(ev_interp *I, parser *p)
{
    ev_value f = ev_str_new(I, p->field.data ? p->field.data : "", p->field.len);
    if (EV_IS_ERR(f))
        return -1;
    p->field.len = 0;
    p->field_chars = 0;
    if (p->numeric) {
        p->numeric = false;
        ev_value x = ev_call(I, ev_obj_val(&ev_type_float.h), 1, &f, 0, NULL, NULL);
        ev_decref(I, f);
        if (EV_IS_ERR(x))
            return -1;
        f = x;
    }
    int r = ev_list_append(I, ev_as_list(p->fields), f);
    ev_decref(I, f);
    return r;
}

static int add_char(ev_interp *I, parser *p, int32_t c)
{
    if (p->field_chars >= p->limit) {
        ev_raise(I, &csv_type_Error, "field larger than field limit (%lld)", (long long)p->limit);
        return -1;
    }
    p->field_chars++;
    return buf_putc(I, &p->field, c);
}

static int process_char(ev_interp *I, parser *p, int32_t c)
{
    const csv_dialect *d = &p->d;
    bool nl = c == '\n' || c == '\r';
    switch (p->state) {
    case START_RECORD:
        if (c == CSV_EOL)
            break; /* an empty line: [] */
        if (nl) {
            p->state = EAT_CRNL;
            break;
        }
        p->state = START_FIELD;
        /* fall through */
    case START_FIELD:
        if (nl || c == CSV_EOL) {
            if (save_field(I, p))
                return -1;
            p->state = c == CSV_EOL ? START_RECORD : EAT_CRNL;
        } else if (c == d->quote && d->quoting != CSV_QUOTE_NONE) {
            p->state = IN_QUOTED_FIELD;
        } else if (c == d->esc) {
            p->state = ESCAPED_CHAR;
        } else if (c == ' ' && d->skip) {
            ;
        } else if (c == d->delim) {
            if (save_field(I, p))
                return -1;
        } else {
            if (d->quoting == CSV_QUOTE_NONNUMERIC)
                p->numeric = true;
            if (add_char(I, p, c))
                return -1;
            p->state = IN_FIELD;
        }
        break;
    case ESCAPED_CHAR:
        if (nl) {
            if (add_char(I, p, c))
                return -1;
            p->state = AFTER_ESCAPED_CRNL;
            break;
        }
        if (c == CSV_EOL)
            c = '\n';
        if (add_char(I, p, c))
            return -1;
        p->state = IN_FIELD;
        break;
    case AFTER_ESCAPED_CRNL:
        if (c == CSV_EOL)
            break;
        /* fall through */
    case IN_FIELD:
        if (nl || c == CSV_EOL) {
            if (save_field(I, p))
                return -1;
            p->state = c == CSV_EOL ? START_RECORD : EAT_CRNL;
        } else if (c == d->esc) {
            p->state = ESCAPED_CHAR;
        } else if (c == d->delim) {
            if (save_field(I, p))
                return -1;
            p->state = START_FIELD;
        } else if (add_char(I, p, c)) {
            return -1;
        }
        break;
    case IN_QUOTED_FIELD:
        if (c == CSV_EOL)
            ;
        else if (c == d->esc)
            p->state = ESCAPE_IN_QUOTED_FIELD;
        else if (c == d->quote && d->quoting != CSV_QUOTE_NONE)
            p->state = d->dq ? QUOTE_IN_QUOTED_FIELD : IN_FIELD;
        else if (add_char(I, p, c))
            return -1;
        break;
    case ESCAPE_IN_QUOTED_FIELD:
        if (c == CSV_EOL)
            c = '\n';
        if (add_char(I, p, c))
            return -1;
        p->state = IN_QUOTED_FIELD;
        break;
    case QUOTE_IN_QUOTED_FIELD:
        if (d->quoting != CSV_QUOTE_NONE && c == d->quote) {
            if (add_char(I, p, c))
                return -1;
            p->state = IN_QUOTED_FIELD;
        } else if (c == d->delim) {
            if (save_field(I, p))
                return -1;
            p->state = START_FIELD;
        } else if (nl || c == CSV_EOL) {
            if (save_field(I, p))
                return -1;
            p->state = c == CSV_EOL ? START_RECORD : EAT_CRNL;
        } else if (!d->strict) {
            if (add_char(I, p, c))
                return -1;
            p->state = IN_FIELD;
        } else {
            char a[5] = {0}, b[5] = {0};
            csv_utf8_put(a, d->delim);
            csv_utf8_put(b, d->quote);
            ev_raise(I, &csv_type_Error, "'%s' expected after '%s'", a, b);
            return -1;
        }
        break;
    case EAT_CRNL:
        if (nl)
            ;
        else if (c == CSV_EOL)
            p->state = START_RECORD;
        else {
            ev_raise(I, &csv_type_Error, "new-line character seen in unquoted field - do you need to open the "
                                         "file in universal-newline mode?");
            return -1;
        }
        break;
    }
    return 0;
}

static ev_value reader_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value *s = ev_as_cinstance(self)->slots;
    parser p = {.state = START_RECORD};
    ev_value it = ev_dup(s[RS_ITER]), dialect = ev_dup(s[RS_DIALECT]), out = EV_ERR;
    csv_dialect_get(dialect, &p.d);
    p.limit = islot(ev_as_cinstance(self)->slots[RS_STATE], ST_LIMIT);
    p.fields = ev_list_new(I, 0);
    if (EV_IS_ERR(p.fields))
        goto done;
    do {
        ev_value line;
        int r = ev_next(I, it, &line);
        if (r < 0)
            goto done;
        if (r == 0) {
            if (p.field_chars != 0 || p.state == IN_QUOTED_FIELD) {
                if (p.d.strict)
                    ev_raise(I, &csv_type_Error, "unexpected end of data");
                else if (save_field(I, &p) == 0)
                    break;
                goto done;
            }
            ev_value args = ev_tuple_new(I, 0);
            ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_StopIteration, args);
            if (!EV_IS_ERR(e))
                ev_raise_value(I, e);
            goto done;
        }
        if (!ev_is(line, EV_O_STR)) {
            ev_raise(I, &csv_type_Error,
                     "iterator should return strings, not %.200s (the file should be opened in text mode)",
                     ev_type_name(line));
            ev_decref(I, line);
            goto done;
        }
        s = ev_as_cinstance(self)->slots;
        s[RS_LINENUM] = ev_int(s[RS_LINENUM].u.i + 1);
        /* the dialect holds its strings: p.d stays valid while dialect is held */
        const ev_str *ls = ev_as_str(line);
        size_t pos = 0;
        int e = 0;
        while (pos < ls->len && !e) {
            int32_t c = csv_utf8_next(ls->data, ls->len, &pos);
            e = process_char(I, &p, c) || ev_tick(I);
        }
        ev_decref(I, line);
        if (e || process_char(I, &p, CSV_EOL))
            goto done;
    } while (p.state != START_RECORD);
    out = p.fields;
    p.fields = EV_ERR;
done:
    ev_decref(I, p.fields);
    ev_buf_free(I, &p.field);
    ev_decref(I, it);
    ev_decref(I, dialect);
    return out;
}

static ev_value reader_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(self);
}

static ev_value reader_dialect(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(ev_as_cinstance(self)->slots[RS_DIALECT]);
}

static ev_value reader_line_num(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(ev_as_cinstance(self)->slots[RS_LINENUM]);
}

static const ev_builtin_def reader_methods[] = {
    {"__iter__", reader_iter, 0, 0, 0},
    {"__next__", reader_next, 0, 0, 0},
    {"dialect", reader_dialect, 0, 0, EV_BF_PROP},
    {"line_num", reader_line_num, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type csv_type_reader = {CSV_STATIC_TYPE, .name = "_csv.reader", .methods = reader_methods, .module = "_csv",
                           .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT};

/* reader(iterable, dialect='excel', **fmtparams), bound to the state */
ev_value csv_reader(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, argc < 1 ? " expected at least 1 argument, got %d"
                                                        : " expected at most 2 arguments, got %d", argc);
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        return it;
    ev_value d = csv_dialect_make(I, st, argc > 1 ? argv[1] : EV_ERR, kw);
    if (EV_IS_ERR(d)) {
        ev_decref(I, it);
        return d;
    }
    ev_value o = ev_cinstance_new(I, &csv_type_reader, RS_NSLOTS);
    if (EV_IS_ERR(o)) {
        ev_decref(I, it);
        ev_decref(I, d);
        return o;
    }
    ev_value *s = ev_as_cinstance(o)->slots;
    s[RS_ITER] = it;
    s[RS_DIALECT] = d;
    s[RS_STATE] = ev_dup(st);
    s[RS_LINENUM] = ev_int(0);
    return o;
}

/* ---- writer ---------------------------------------------------------------------------------- */

/* the record being joined and its field count live in the writer, as
 * CPython's rec and num_fields: a field's __str__ that writes a row through
 * the same writer resets them under the outer row, with CPython's result */
enum { WS_WRITE, WS_DIALECT, WS_REC, WS_NFIELDS, WS_NSLOTS };

static ev_bytes *rec_of(ev_value w) { return ev_as_bytes(ev_as_cinstance(w)->slots[WS_REC]); }
static int64_t nfields_of(ev_value w) { return ev_as_cinstance(w)->slots[WS_NFIELDS].u.i; }
static void set_nfields(ev_value w, int64_t n) { ev_as_cinstance(w)->slots[WS_NFIELDS] = ev_int(n); }

static int rec_put(ev_interp *I, ev_value w, const char *p, size_t n)
{
    ev_bytes *b = rec_of(w);
    if (n == 0)
        return 0;
    if (b->len + n < b->len || ev_bytes_reserve(I, b, b->len + n))
        return -1;
    memcpy(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

static int rec_putc(ev_interp *I, ev_value w, int32_t c)
{
    char tmp[4];
    return rec_put(I, w, tmp, csv_utf8_put(tmp, c));
}

static bool str_has_char(const ev_str *s, int32_t c)
{
    size_t pos = 0;
    while (pos < s->len)
        if (csv_utf8_next(s->data, s->len, &pos) == c)
            return true;
    return false;
}

/* join_append: field (NULL: None) appended to rec */
static int join_append(ev_interp *I, const csv_dialect *d, ev_value w, const ev_str *field, bool quoted)
{
    ev_buf tmp = {0};
    if (nfields_of(w) > 0 && rec_putc(I, w, d->delim))
        return -1;
    size_t pos = 0, len = field ? field->len : 0;
    while (pos < len) {
        int32_t c = csv_utf8_next(field->data, len, &pos);
        bool want_escape = false;
        if (c == d->delim || c == d->esc || c == d->quote || str_has_char(d->lt, c)) {
            if (d->quoting == CSV_QUOTE_NONE) {
                want_escape = true;
            } else {
                if (c == d->quote) {
                    if (d->dq) {
                        if (buf_putc(I, &tmp, d->quote))
                            goto fail;
                    } else {
                        want_escape = true;
                    }
                } else if (c == d->esc) {
                    want_escape = true;
                }
                if (!want_escape)
                    quoted = true;
            }
            if (want_escape) {
                if (d->esc == CSV_UNSET) {
                    ev_raise(I, &csv_type_Error, "need to escape, but no escapechar set");
                    goto fail;
                }
                if (buf_putc(I, &tmp, d->esc))
                    goto fail;
            }
        }
        if (buf_putc(I, &tmp, c))
            goto fail;
        if (ev_tick(I))
            goto fail;
    }
    if ((quoted && rec_putc(I, w, d->quote)) || rec_put(I, w, tmp.data, tmp.len) ||
        (quoted && rec_putc(I, w, d->quote)))
        goto fail;
    ev_buf_free(I, &tmp);
    set_nfields(w, nfields_of(w) + 1);
    return 0;
fail:
    ev_buf_free(I, &tmp);
    return -1;
}

/* PyNumber_Check: int, float, complex, or a class with __index__, __int__ or __float__ */
static bool is_number(ev_interp *I, ev_value v)
{
    if (ev_is_int(v) || ev_is_floatish(v) || ev_is(v, EV_O_COMPLEX))
        return true;
    return ev_is_user(v) && (ev_user_has_special(I, v, "__index__") || ev_user_has_special(I, v, "__int__") ||
                             ev_user_has_special(I, v, "__float__"));
}

ev_value csv_writerow(ev_interp *I, ev_value self, ev_value row)
{
    ev_value it = ev_iter(I, row);
    if (EV_IS_ERR(it)) {
        if (I->limit)
            return it;
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return ev_raise(I, &csv_type_Error, "iterable expected, not %.200s", ev_type_name(row));
    }
    ev_incref(self); /* held: a field's __str__ may drop the last reference to the writer */
    ev_value dialect = ev_dup(ev_as_cinstance(self)->slots[WS_DIALECT]);
    ev_value write = ev_dup(ev_as_cinstance(self)->slots[WS_WRITE]);
    csv_dialect d;
    csv_dialect_get(dialect, &d);
    ev_value out = EV_ERR;
    rec_of(self)->len = 0;
    set_nfields(self, 0);
    for (;;) {
        ev_value field;
        int r = ev_next(I, it, &field);
        if (r < 0)
            goto done;
        if (r == 0)
            break;
        bool quoted = d.quoting == CSV_QUOTE_ALL || (d.quoting == CSV_QUOTE_NONNUMERIC && !is_number(I, field));
        int e;
        if (field.tag == EV_T_NONE) {
            e = join_append(I, &d, self, NULL, quoted);
        } else {
            ev_value s = ev_is(field, EV_O_STR) && !ev_is_user(field) ? ev_dup(field) : ev_to_str(I, field);
            e = EV_IS_ERR(s) ? -1 : join_append(I, &d, self, ev_as_str(s), quoted);
            ev_decref(I, s);
        }
        ev_decref(I, field);
        if (e)
            goto done;
    }
    if (nfields_of(self) > 0 && rec_of(self)->len == 0) {
        if (d.quoting == CSV_QUOTE_NONE) {
            ev_raise(I, &csv_type_Error, "single empty field record must be quoted");
            goto done;
        }
        set_nfields(self, nfields_of(self) - 1);
        if (join_append(I, &d, self, NULL, true))
            goto done;
    }
    if (rec_put(I, self, d.lt->data, d.lt->len))
        goto done;
    ev_value line = ev_str_new(I, (const char *)rec_of(self)->data, rec_of(self)->len);
    if (EV_IS_ERR(line))
        goto done;
    out = ev_call(I, write, 1, &line, 0, NULL, NULL);
    ev_decref(I, line);
done:
    ev_decref(I, it);
    ev_decref(I, dialect);
    ev_decref(I, write);
    ev_decref(I, self);
    return out;
}

static ev_value writer_writerow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return csv_writerow(I, self, argv[0]);
}

static ev_value writer_writerows(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        return it;
    for (;;) {
        ev_value row;
        int r = ev_next(I, it, &row);
        if (r == 0)
            break;
        ev_value res = r < 0 ? EV_ERR : csv_writerow(I, self, row);
        if (r > 0)
            ev_decref(I, row);
        if (EV_IS_ERR(res)) {
            ev_decref(I, it);
            return res;
        }
        ev_decref(I, res);
    }
    ev_decref(I, it);
    return EV_NONE;
}

static ev_value writer_dialect(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(ev_as_cinstance(self)->slots[WS_DIALECT]);
}

static const ev_builtin_def writer_methods[] = {
    {"writerow", writer_writerow, 1, 1, 0},
    {"writerows", writer_writerows, 1, 1, 0},
    {"dialect", writer_dialect, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type csv_type_writer = {CSV_STATIC_TYPE, .name = "_csv.writer", .methods = writer_methods, .module = "_csv",
                           .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL | EV_TYPE_NODICT};

ev_value csv_writer(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, argc < 1 ? " expected at least 1 argument, got %d"
                                                        : " expected at most 2 arguments, got %d", argc);
    ev_value w = ev_us_getattr(I, argv[0], "write");
    if (EV_IS_ERR(w)) {
        if (I->limit || !ev_us_catch(I, &ev_type_AttributeError))
            return w;
    }
    int callable = 0;
    if (!EV_IS_ERR(w)) {
        ev_value c = ev_builtin_apply(I, "callable", 1, &w);
        if (EV_IS_ERR(c)) {
            ev_decref(I, w);
            return c;
        }
        callable = c.tag == EV_T_BOOL && c.u.i;
    }
    if (!callable) {
        ev_decref(I, w);
        return ev_raise(I, &ev_type_TypeError, "argument 1 must have a \"write\" method");
    }
    ev_value d = csv_dialect_make(I, st, argc > 1 ? argv[1] : EV_ERR, kw);
    if (EV_IS_ERR(d)) {
        ev_decref(I, w);
        return d;
    }
    ev_value o = ev_cinstance_new(I, &csv_type_writer, WS_NSLOTS);
    if (EV_IS_ERR(o)) {
        ev_decref(I, w);
        ev_decref(I, d);
        return o;
    }
    ev_as_cinstance(o)->slots[WS_WRITE] = w;
    ev_as_cinstance(o)->slots[WS_DIALECT] = d;
    ev_as_cinstance(o)->slots[WS_NFIELDS] = ev_int(0);
    ev_as_cinstance(o)->slots[WS_REC] = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
    if (EV_IS_ERR(ev_as_cinstance(o)->slots[WS_REC])) {
        ev_as_cinstance(o)->slots[WS_REC] = EV_NONE;
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

/* ---- the registry and the field size limit -------------------------------------------------- */

static ev_dict *registry(ev_value st) { return ev_as_dict(ev_as_cinstance(st)->slots[ST_DIALECTS]); }

static ev_value csv_register_dialect(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, argc < 1 ? " expected at least 1 argument, got %d"
                                                        : " expected at most 2 arguments, got %d", argc);
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "dialect name must be a string");
    ev_value name = ev_dup(argv[0]);
    ev_value d = csv_dialect_make(I, st, argc > 1 ? argv[1] : EV_ERR, kw);
    int e = EV_IS_ERR(d) || ev_dict_set(I, registry(st), name, d);
    ev_decref(I, d);
    ev_decref(I, name);
    return e ? EV_ERR : EV_NONE;
}

static ev_value csv_unregister_dialect(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = ev_dict_del(I, registry(st), argv[0]);
    if (r < 0)
        return EV_ERR;
    return r ? ev_raise(I, &csv_type_Error, "unknown dialect") : EV_NONE;
}

static ev_value csv_get_dialect(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    int r = ev_dict_get(I, registry(st), argv[0], &out);
    if (r < 0)
        return EV_ERR;
    return r ? out : ev_raise(I, &csv_type_Error, "unknown dialect");
}

static ev_value csv_list_dialects(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_dict *d = registry(st);
    ev_value l = ev_list_new(I, d->used);
    for (uint32_t i = 0; !EV_IS_ERR(l) && i < d->nentries; i++)
        if (!EV_IS_ERR(d->entries[i].key) && ev_list_append(I, ev_as_list(l), d->entries[i].key)) {
            ev_decref(I, l);
            return EV_ERR;
        }
    return l;
}

static ev_value csv_field_size_limit(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value nl = argc ? argv[0] : EV_ERR;
    if (EV_IS_ERR(nl))
        nl = ev_kwarg(kw, "new_limit");
    int64_t old = islot(st, ST_LIMIT);
    if (!EV_IS_ERR(nl)) {
        if (nl.tag != EV_T_INT && !(ev_is(nl, EV_O_INT) && !ev_is_subint(nl)))
            return ev_raise(I, &ev_type_TypeError, "limit must be an integer");
        if (nl.tag != EV_T_INT)
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C long");
        ev_as_cinstance(st)->slots[ST_LIMIT] = ev_int(nl.u.i);
    }
    return ev_int(old);
}

static const ev_builtin_def module_functions[] = {
    {"reader", csv_reader, 0, -1, EV_BF_KWANY},
    {"writer", csv_writer, 0, -1, EV_BF_KWANY},
    {"register_dialect", csv_register_dialect, 0, -1, EV_BF_KWANY},
    {"unregister_dialect", csv_unregister_dialect, 1, 1, 0, "name"},
    {"get_dialect", csv_get_dialect, 1, 1, 0, "name"},
    {"list_dialects", csv_list_dialects, 0, 0, 0},
    {"field_size_limit", csv_field_size_limit, 0, 1, 0, "new_limit"},
    {NULL, NULL, 0, 0, 0},
};

/* register_dialect(name, cls) for the classes the module makes */
int csv_register(ev_interp *I, ev_value st, const char *name, ev_value cls)
{
    ev_value n = ev_str_from_cstr(I, name);
    if (EV_IS_ERR(n))
        return -1;
    ev_value args[2] = {n, cls};
    ev_value r = csv_register_dialect(I, st, 2, args, NULL);
    ev_decref(I, n);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value st = ev_cinstance_new(I, &csv_type_state, ST_NSLOTS);
    if (EV_IS_ERR(st))
        return -1;
    ev_value reg = ev_dict_new(I);
    if (EV_IS_ERR(reg)) {
        ev_decref(I, st);
        return -1;
    }
    ev_as_cinstance(st)->slots[ST_DIALECTS] = reg;
    ev_as_cinstance(st)->slots[ST_LIMIT] = ev_int(128 * 1024);
    for (const ev_builtin_def *f = module_functions; f->name; f++) {
        ev_value fn = ev_builtin_new(I, f, st);
        if (EV_IS_ERR(fn) || ev_module_set(I, ns, f->name, fn)) {
            ev_decref(I, fn);
            ev_decref(I, st);
            return -1;
        }
        ((ev_builtin *)fn.u.o)->owner = "_csv";
        ev_decref(I, fn);
    }
    static const char *const qnames[] = {"QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE"};
    int e = 0;
    for (int i = 0; i < 4 && !e; i++)
        e = ev_module_set(I, ns, qnames[i], ev_int(i));
    ev_value ver = e ? EV_ERR : ev_str_from_cstr(I, "1.0");
    e = e || EV_IS_ERR(ver) || ev_module_set(I, ns, "__version__", ver) ||
        ev_module_set(I, ns, "Error", ev_obj_val(&csv_type_Error.h)) || csv_classes_init(I, ns, st);
    if (!EV_IS_ERR(ver))
        ev_decref(I, ver);
    ev_decref(I, st);
    return e ? -1 : 0;
}

static const char *const all_names[] = {
    "QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect", "__doc__", "excel",
    "excel_tab", "field_size_limit", "reader", "writer", "register_dialect", "get_dialect", "list_dialects",
    "Sniffer", "unregister_dialect", "__version__", "DictReader", "DictWriter", "unix_dialect", NULL};

const ev_module_def ev_module_csv = {"csv", NULL, init, all_names};
