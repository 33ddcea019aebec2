/*
 * decimal_ctx.c - the decimal module's contexts and signals, as CPython
 * 3.11's C _decimal (Modules/_decimal/_decimal.c) shows them: the signal
 * classes with their hierarchy, SignalDict (a context's flags and traps),
 * Context with its repr, getcontext/setcontext/localcontext, and turning an
 * operation's status into flags and the trapped exception.
 *
 * A Context keeps prec, rounding, Emin, Emax, capitals and clamp as
 * ordinary instance attributes, validated when an operation reads them
 * (CPython validates on assignment); flags and traps are SignalDicts
 * holding a bit mask.  The current context lives in the module's namespace
 * under a key that is not a str (the random module's convention for its
 * state), so no program name reaches it.
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"

static const char *const sg_names[SG_COUNT] = {
    "InvalidOperation", "FloatOperation", "DivisionByZero", "Overflow", "Underflow",
    "Subnormal",        "Inexact",        "Rounded",        "Clamped",
};

/* ---- the module's state ------------------------------------------------------------------ */

ev_dict *dec_ns(ev_interp *I)
{
    ev_str *name = ev_intern(I, "decimal", 7);
    ev_value *m = name ? ev_dict_lookup_str(I->modules, name) : NULL;
    if (!m || !ev_is(*m, EV_O_MODULE)) {
        ev_raise(I, &ev_type_RuntimeError, "decimal: the module is not loaded");
        return NULL;
    }
    return ((ev_module *)m->u.o)->ns;
}

/* A class of the module by name, borrowed (the namespace holds it). */
ev_value dec_class(ev_interp *I, const char *name)
{
    ev_dict *ns = dec_ns(I);
    if (!ns)
        return EV_ERR;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *v = k ? ev_dict_lookup_str(ns, k) : NULL;
    if (!v)
        return ev_raise(I, &ev_type_RuntimeError, "decimal.%s is gone", name);
    return *v;
}

/* ---- SignalDict ---------------------------------------------------------------------------- */

static ev_value sd_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, 1); }

/* A SignalDict's slot: the SG_ signal bits, and above them (<< 16) which
 * conditions of InvalidOperation were raised (all of them when set from
 * Python), which only the order of the Context repr shows. */
#define SD_SIGMASK ((1u << SG_COUNT) - 1)
#define SD_COND(st) (((st) & ST_INVALID_ANY) << 16)

static unsigned sd_raw(ev_value v)
{
    ev_value s = ev_as_cinstance(v)->slots[0];
    return s.tag == EV_T_INT ? (unsigned)s.u.i : 0;
}

static unsigned sd_bits(ev_value v) { return sd_raw(v) & SD_SIGMASK; }

/* signal bits as Python sets them: InvalidOperation with every condition */
static unsigned sd_full(unsigned bits)
{
    return (bits & 1u << SG_INVALID) ? bits | SD_COND(ST_INVALID_ANY) : bits;
}

ev_value dec_signaldict_new(ev_interp *I, unsigned bits)
{
    ev_value o = ev_cinstance_new(I, &dec_type_SignalDict, 1);
    if (!EV_IS_ERR(o))
        ev_as_cinstance(o)->slots[0] = ev_int(bits & ~SD_SIGMASK ? bits : sd_full(bits));
    return o;
}

/* which SG_ bit the signal class k is, or -1 (KeyError raised) */
static int sd_key(ev_interp *I, ev_value k)
{
    for (int i = 0; i < SG_COUNT; i++) {
        ev_value c = dec_class(I, sg_names[i]);
        if (EV_IS_ERR(c))
            return -1;
        if (c.u.o == k.u.o && k.tag == EV_T_OBJ)
            return i;
    }
    ev_raise(I, &ev_type_KeyError, "valid values for signals are:\n  [InvalidOperation, FloatOperation, DivisionByZero,\n   Overflow, Underflow, Subnormal, Inexact, Rounded,\n   Clamped]");
    return -1;
}

static ev_value sd_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int i = sd_key(I, argv[0]);
    return i < 0 ? EV_ERR : ev_bool(sd_bits(self) >> i & 1);
}

static ev_value sd_setitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int i = sd_key(I, argv[0]);
    if (i < 0)
        return EV_ERR;
    int t = ev_truth(I, argv[1]);
    if (t < 0)
        return EV_ERR;
    unsigned b = sd_raw(self);
    b = t ? b | sd_full(1u << i) : b & ~(1u << i);
    if (i == SG_INVALID && !t)
        b &= SD_SIGMASK;
    ev_as_cinstance(self)->slots[0] = ev_int(b);
    return EV_NONE;
}

static ev_value sd_delitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_ValueError, "signal keys cannot be deleted");
}

static ev_value sd_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_int(SG_COUNT);
}

/* the dict {class: bool} in signal_map order */
static ev_value sd_as_dict(ev_interp *I, ev_value self)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    unsigned b = sd_bits(self);
    for (int i = 0; i < SG_COUNT; i++) {
        ev_value c = dec_class(I, sg_names[i]);
        if (EV_IS_ERR(c) || ev_dict_set(I, ev_as_dict(d), c, ev_bool(b >> i & 1))) {
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    return d;
}

static ev_value sd_call_dict(ev_interp *I, ev_value self, const char *meth)
{
    ev_value d = sd_as_dict(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_str *n = ev_intern(I, meth, strlen(meth));
    ev_value f = n ? ev_getattr(I, d, n) : EV_ERR;
    ev_value r = EV_IS_ERR(f) ? f : ev_call(I, f, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(f))
        ev_decref(I, f);
    ev_decref(I, d);
    return r;
}

static ev_value sd_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = sd_as_dict(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_iter(I, d);
    ev_decref(I, d);
    return r;
}

static ev_value sd_keys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sd_call_dict(I, self, "keys");
}

static ev_value sd_values(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sd_call_dict(I, self, "values");
}

static ev_value sd_items(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sd_call_dict(I, self, "items");
}

static ev_value sd_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sd_as_dict(I, self);
}

static ev_value sd_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    for (int i = 0; i < SG_COUNT; i++) {
        ev_value c = dec_class(I, sg_names[i]);
        if (EV_IS_ERR(c))
            return c;
        if (argv[0].tag == EV_T_OBJ && c.u.o == argv[0].u.o)
            return EV_TRUE;
    }
    return EV_FALSE;
}

static ev_value sd_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = sd_contains(I, self, 1, argv, NULL);
    if (EV_IS_ERR(r))
        return r;
    if (!r.u.i)
        return ev_dup(argc > 1 && !EV_IS_ERR(argv[1]) ? argv[1] : EV_NONE);
    return sd_getitem(I, self, 1, argv, NULL);
}

static ev_value sd_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is_cinstance(argv[0], &dec_type_SignalDict))
        return ev_bool(sd_bits(self) == sd_bits(argv[0]));
    if (!ev_is(argv[0], EV_O_DICT))
        return EV_NOTIMPL;
    ev_value d = sd_as_dict(I, self);
    if (EV_IS_ERR(d))
        return d;
    int r = ev_eq(I, d, argv[0]);
    ev_decref(I, d);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value sd_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_buf b = {0};
    unsigned bits = sd_bits(self);
    if (ev_buf_puts(I, &b, "{"))
        goto fail;
    for (int i = 0; i < SG_COUNT; i++)
        if (ev_buf_printf(I, &b, "%s<class 'decimal.%s'>:%s", i ? ", " : "", sg_names[i],
                          bits >> i & 1 ? "True" : "False"))
            goto fail;
    if (ev_buf_puts(I, &b, "}"))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static const ev_builtin_def sd_methods[] = {
    {"__getitem__", sd_getitem, 1, 1, 0},
    {"__setitem__", sd_setitem, 2, 2, 0},
    {"__delitem__", sd_delitem, 1, 1, 0},
    {"__len__", sd_len, 0, 0, 0},
    {"__iter__", sd_iter, 0, 0, 0},
    {"__contains__", sd_contains, 1, 1, 0},
    {"__eq__", sd_eq, 1, 1, 0},
    {"__repr__", sd_repr, 0, 0, 0},
    {"keys", sd_keys, 0, 0, 0},
    {"values", sd_values, 0, 0, 0},
    {"items", sd_items, 0, 0, 0},
    {"copy", sd_copy, 0, 0, 0},
    {"get", sd_get, 1, 2, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type dec_type_SignalDict = {STATIC_TYPE, .name = "decimal.SignalDictMixin", .module = "decimal",
                               .methods = sd_methods, .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL,
                               .cnew = sd_cnew};

/* A flags/traps argument: a SignalDict, a dict {signal: bool} (every
 * signal), or a list of signals. */
static int sd_from_arg(ev_interp *I, ev_value v, unsigned *out, const char *what)
{
    if (ev_is_cinstance(v, &dec_type_SignalDict)) {
        *out = sd_raw(v);
        return 0;
    }
    unsigned b = 0;
    if (ev_is(v, EV_O_DICT)) {
        int64_t n;
        if (ev_len(I, v, &n))
            return -1;
        if (n != SG_COUNT) {
            ev_raise(I, &ev_type_KeyError, "invalid signal dict");
            return -1;
        }
        for (int i = 0; i < SG_COUNT; i++) {
            ev_value c = dec_class(I, sg_names[i]), x = EV_NONE;
            if (EV_IS_ERR(c))
                return -1;
            int g = ev_dict_get(I, ev_as_dict(v), c, &x);
            if (g < 0)
                return -1;
            if (g == 0) {
                ev_raise(I, &ev_type_KeyError, "invalid signal dict");
                return -1;
            }
            int t = ev_truth(I, x);
            ev_decref(I, x);
            if (t < 0)
                return -1;
            if (t)
                b |= 1u << i;
        }
        *out = b;
        return 0;
    }
    ev_value it = ev_iter(I, v);
    if (EV_IS_ERR(it))
        return -1;
    ev_value x;
    int r;
    while ((r = ev_next(I, it, &x)) == 1) {
        int found = -1;
        for (int i = 0; i < SG_COUNT && found < 0; i++) {
            ev_value c = dec_class(I, sg_names[i]);
            if (EV_IS_ERR(c)) {
                ev_decref(I, x);
                ev_decref(I, it);
                return -1;
            }
            if (x.tag == EV_T_OBJ && c.u.o == x.u.o)
                found = i;
        }
        ev_decref(I, x);
        if (found < 0) {
            ev_decref(I, it);
            ev_raise(I, &ev_type_KeyError, "valid values for signals are:\n  [InvalidOperation, FloatOperation, DivisionByZero,\n   Overflow, Underflow, Subnormal, Inexact, Rounded,\n   Clamped]");
            return -1;
        }
        b |= 1u << found;
    }
    ev_decref(I, it);
    if (r < 0)
        return -1;
    (void)what;
    *out = b;
    return 0;
}

/* ---- Context --------------------------------------------------------------------------------- */

/* A Context's settings are C slots, validated when set (__setattr__), as
 * the C type's getsets: prec, rounding (its index), Emin, Emax, capitals,
 * clamp, and the SignalDicts of flags and traps. */
enum { C_PREC, C_ROUND, C_EMIN, C_EMAX, C_CAP, C_CLAMP, C_FLAGS, C_TRAPS, C_N };
static const char *const ctx_fields[C_N] = {"prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps"};

static ev_value ctx_cnew(ev_interp *I, ev_type *t)
{
    ev_value o = ev_cinstance_new(I, t, C_N);
    if (EV_IS_ERR(o))
        return o;
    ev_cinstance *c = ev_as_cinstance(o);
    c->slots[C_PREC] = ev_int(28);
    c->slots[C_ROUND] = ev_int(RD_HALF_EVEN);
    c->slots[C_EMIN] = ev_int(-999999);
    c->slots[C_EMAX] = ev_int(999999);
    c->slots[C_CAP] = ev_int(1);
    c->slots[C_CLAMP] = ev_int(0);
    ev_value fl = dec_signaldict_new(I, 0);
    ev_value tr = EV_IS_ERR(fl) ? EV_ERR : dec_signaldict_new(I, 1u << SG_INVALID | 1u << SG_DIVZERO | 1u << SG_OVERFLOW);
    if (EV_IS_ERR(tr)) {
        if (!EV_IS_ERR(fl))
            ev_decref(I, fl);
        ev_decref(I, o);
        return EV_ERR;
    }
    c->slots[C_FLAGS] = fl;
    c->slots[C_TRAPS] = tr;
    return o;
}

bool dec_is_context(ev_value v)
{
    return ev_is(v, EV_O_INSTANCE) && ev_type_is_subclass(ev_type_of(v), &dec_type_Context) &&
           ev_as_cinstance(v)->nslots >= C_N;
}

static int field_index(const char *name)
{
    for (int i = 0; i < C_N; i++)
        if (strcmp(ctx_fields[i], name) == 0)
            return i;
    return -1;
}

/* the value of field i (a new reference) */
static ev_value ctx_field(ev_interp *I, ev_value ctx, int i)
{
    ev_value v = ev_as_cinstance(ctx)->slots[i];
    if (i == C_ROUND)
        return ev_str_from_cstr(I, dec_round_names[v.u.i]);
    return ev_dup(v);
}

static ev_value ctx_attr(ev_interp *I, ev_value ctx, const char *name)
{
    int i = field_index(name);
    if (i < 0)
        return ev_raise(I, &ev_type_AttributeError, "'decimal.Context' object has no attribute '%s'", name);
    return ctx_field(I, ctx, i);
}

int dec_round_from(ev_interp *I, ev_value v, int *out)
{
    if (ev_is(v, EV_O_STR))
        for (int i = 0; i < RD_COUNT; i++)
            if (strcmp(ev_as_str(v)->data, dec_round_names[i]) == 0) {
                *out = i;
                return 0;
            }
    ev_raise(I, &ev_type_TypeError, "valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]");
    return -1;
}


/* ctx.<field i> = v with _decimal's checks and messages */
static int ctx_set_field(ev_interp *I, ev_value ctx, int i, ev_value v)
{
    ev_cinstance *c = ev_as_cinstance(ctx);
    if (i == C_ROUND) {
        int rd;
        if (dec_round_from(I, v, &rd))
            return -1;
        c->slots[C_ROUND] = ev_int(rd);
        return 0;
    }
    if (i == C_FLAGS || i == C_TRAPS) {
        unsigned b;
        if (sd_from_arg(I, v, &b, ctx_fields[i]))
            return -1;
        ev_value sd = c->slots[i];
        if (ev_is_cinstance(sd, &dec_type_SignalDict)) {
            ev_as_cinstance(sd)->slots[0] = ev_int(b & ~SD_SIGMASK ? b : sd_full(b));
            return 0;
        }
        ev_value n = dec_signaldict_new(I, b);
        if (EV_IS_ERR(n))
            return -1;
        c->slots[i] = n;
        ev_decref(I, sd);
        return 0;
    }
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "an integer is required");
        return -1;
    }
    if (v.tag == EV_T_OBJ) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    int64_t x = v.u.i;
    static const struct { int64_t lo, hi; const char *msg; } lim[] = {
        {1, DEC_MAX_PREC, "valid range for prec is [1, MAX_PREC]"},
        {0, 0, NULL},
        {DEC_MIN_EMIN, 0, "valid range for Emin is [MIN_EMIN, 0]"},
        {0, DEC_MAX_EMAX, "valid range for Emax is [0, MAX_EMAX]"},
        {0, 1, "valid values for capitals are 0 or 1"},
        {0, 1, "valid values for clamp are 0 or 1"},
    };
    if (x < lim[i].lo || x > lim[i].hi) {
        ev_raise(I, &ev_type_ValueError, "%s", lim[i].msg);
        return -1;
    }
    c->slots[i] = ev_int(x);
    return 0;
}

static int ctx_set(ev_interp *I, ev_value ctx, const char *name, ev_value v)
{
    int i = field_index(name);
    if (i < 0) {
        ev_raise(I, &ev_type_AttributeError, "'decimal.Context' object has no attribute '%s'", name);
        return -1;
    }
    return ctx_set_field(I, ctx, i, v);
}

ev_value ctx_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(argv[0]));
    ev_str *name = ev_as_str(argv[0]);
    int i = field_index(name->data);
    if ((i == C_FLAGS || i == C_TRAPS) && !ev_is(argv[1], EV_O_DICT) &&
        !ev_is_cinstance(argv[1], &dec_type_SignalDict))
        return ev_raise(I, &ev_type_TypeError, "argument must be a signal dict");
    if (i >= 0)
        return ctx_set_field(I, self, i, argv[1]) ? EV_ERR : EV_NONE;
    if (ev_is_heaptype(ev_type_of(self)))
        return ev_object_setattr(I, self, name, argv[1]) ? EV_ERR : EV_NONE;
    return ev_raise(I, &ev_type_AttributeError, "'decimal.Context' object has no attribute '%s'", name->data);
}

ev_value ctx_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'", ev_type_name(argv[0]));
    ev_str *name = ev_as_str(argv[0]);
    if (field_index(name->data) >= 0)
        return ev_raise(I, &ev_type_AttributeError, "context attributes cannot be deleted");
    if (ev_is_heaptype(ev_type_of(self)))
        return ev_object_setattr(I, self, name, EV_ERR) ? EV_ERR : EV_NONE;
    return ev_raise(I, &ev_type_AttributeError, "'decimal.Context' object has no attribute '%s'", name->data);
}

#define CTX_GETTER(cname, i)                                                                              \
    ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)        \
    {                                                                                                     \
        return ctx_field(I, self, i);                                                                     \
    }
CTX_GETTER(ctx_get_prec, C_PREC)
CTX_GETTER(ctx_get_rounding, C_ROUND)
CTX_GETTER(ctx_get_emin, C_EMIN)
CTX_GETTER(ctx_get_emax, C_EMAX)
CTX_GETTER(ctx_get_capitals, C_CAP)
CTX_GETTER(ctx_get_clamp, C_CLAMP)
CTX_GETTER(ctx_get_flags, C_FLAGS)
CTX_GETTER(ctx_get_traps, C_TRAPS)

/* The arithmetic settings of ctx. */
int dec_ctx_read(ev_interp *I, ev_value ctx, dctx *c)
{
    const ev_value *s = ev_as_cinstance(ctx)->slots;
    c->prec = s[C_PREC].u.i;
    c->round = (int)s[C_ROUND].u.i;
    c->emin = s[C_EMIN].u.i;
    c->emax = s[C_EMAX].u.i;
    c->capitals = (int)s[C_CAP].u.i;
    c->clamp = (int)s[C_CLAMP].u.i;
    c->status = 0;
    return 0;
}

/* the SignalDict bits of ctx.flags or ctx.traps */
static int ctx_bits(ev_interp *I, ev_value ctx, const char *which, unsigned *out)
{
    ev_value v = ev_as_cinstance(ctx)->slots[strcmp(which, "flags") == 0 ? C_FLAGS : C_TRAPS];
    *out = ev_is_cinstance(v, &dec_type_SignalDict) ? sd_raw(v) : 0;
    return 0;
}

static unsigned status_signals(unsigned st)
{
    unsigned b = 0;
    if (st & ST_INVALID_ANY)
        b |= 1u << SG_INVALID;
    if (st & ST_FLOAT_OP)
        b |= 1u << SG_FLOAT;
    if (st & ST_DIV_BY_ZERO)
        b |= 1u << SG_DIVZERO;
    if (st & ST_OVERFLOW)
        b |= 1u << SG_OVERFLOW;
    if (st & ST_UNDERFLOW)
        b |= 1u << SG_UNDERFLOW;
    if (st & ST_SUBNORMAL)
        b |= 1u << SG_SUBNORMAL;
    if (st & ST_INEXACT)
        b |= 1u << SG_INEXACT;
    if (st & ST_ROUNDED)
        b |= 1u << SG_ROUNDED;
    if (st & ST_CLAMPED)
        b |= 1u << SG_CLAMPED;
    return b;
}

/* The status of an operation on ctx: its flags gain the signals, and the
 * first trapped one (signal_map order) is raised with the list of the
 * trapped conditions and signals, as _decimal's dec_addstatus.  -1 raised. */
int dec_ctx_status(ev_interp *I, ev_value ctx, unsigned st)
{
    if (!st)
        return 0;
    unsigned sig = status_signals(st);
    ev_value fl = ctx_attr(I, ctx, "flags");
    if (EV_IS_ERR(fl))
        return -1;
    if (ev_is_cinstance(fl, &dec_type_SignalDict)) {
        ev_as_cinstance(fl)->slots[0] = ev_int(sd_raw(fl) | sig | SD_COND(st));
    } else {
        for (int i = 0; i < SG_COUNT; i++)
            if (sig >> i & 1) {
                ev_value c = dec_class(I, sg_names[i]);
                if (EV_IS_ERR(c) || ev_setitem(I, fl, c, EV_TRUE)) {
                    ev_decref(I, fl);
                    return -1;
                }
            }
    }
    ev_decref(I, fl);
    unsigned traps;
    if (ctx_bits(I, ctx, "traps", &traps))
        return -1;
    unsigned hit = sig & traps & SD_SIGMASK;
    if (!hit)
        return 0;
    int first = 0;
    while (!(hit >> first & 1))
        first++;
    ev_value lst = ev_list_new(I, 4);
    if (EV_IS_ERR(lst))
        return -1;
    static const struct { unsigned st; const char *name; } conds[] = {
        {ST_INVALID_OP, "InvalidOperation"}, {ST_CONV_SYNTAX, "ConversionSyntax"},
        {ST_DIV_IMPOSSIBLE, "DivisionImpossible"}, {ST_DIV_UNDEFINED, "DivisionUndefined"},
        {ST_INVALID_CONTEXT, "InvalidContext"},
    };
    if (hit & 1u << SG_INVALID)
        for (size_t i = 0; i < sizeof conds / sizeof conds[0]; i++)
            if (st & conds[i].st) {
                ev_value c = dec_class(I, conds[i].name);
                if (EV_IS_ERR(c) || ev_list_append(I, (ev_list *)lst.u.o, c))
                    goto fail;
            }
    for (int i = 1; i < SG_COUNT; i++)
        if (hit >> i & 1) {
            ev_value c = dec_class(I, sg_names[i]);
            if (EV_IS_ERR(c) || ev_list_append(I, (ev_list *)lst.u.o, c))
                goto fail;
        }
    ev_value cls = dec_class(I, sg_names[first]);
    ev_value e = EV_IS_ERR(cls) ? cls : ev_call(I, cls, 1, &lst, 0, NULL, NULL);
    ev_decref(I, lst);
    if (!EV_IS_ERR(e))
        ev_raise_value(I, e);
    return -1;
fail:
    ev_decref(I, lst);
    return -1;
}

/* The current context (borrowed; made from DefaultContext on first use). */
ev_value dec_current(ev_interp *I)
{
    ev_dict *ns = dec_ns(I);
    if (!ns)
        return EV_ERR;
    ev_value cur = EV_NONE;
    int g = ev_dict_get(I, ns, ev_int(0), &cur);
    if (g < 0)
        return EV_ERR;
    if (g) {
        ev_decref(I, cur); /* the namespace holds it */
        return cur;
    }
    ev_value dflt = dec_class(I, "DefaultContext");
    if (EV_IS_ERR(dflt))
        return dflt;
    ev_value c = dec_ctx_copy(I, dflt);
    if (EV_IS_ERR(c))
        return c;
    int r = ev_dict_set(I, ns, ev_int(0), c);
    ev_decref(I, c);
    return r ? EV_ERR : c;
}

/* context argument of a method: None for the current one */
ev_value dec_ctx_arg(ev_interp *I, ev_value v)
{
    if (EV_IS_ERR(v) || v.tag == EV_T_NONE)
        return dec_current(I);
    if (!dec_is_context(v))
        return ev_raise(I, &ev_type_TypeError, "optional argument must be a context");
    return v;
}

static ev_value ctx_make(ev_interp *I, ev_type *t, int64_t prec, int round, int64_t emin, int64_t emax,
                         int capitals, int clamp, unsigned flags, unsigned traps)
{
    ev_value c = ctx_cnew(I, t);
    if (EV_IS_ERR(c))
        return c;
    ev_value fl = dec_signaldict_new(I, flags);
    ev_value tr = EV_IS_ERR(fl) ? EV_ERR : dec_signaldict_new(I, traps);
    ev_value rn = EV_IS_ERR(tr) ? EV_ERR : ev_str_from_cstr(I, dec_round_names[round]);
    int bad = EV_IS_ERR(rn) || ctx_set(I, c, "prec", ev_int(prec)) || ctx_set(I, c, "rounding", rn) ||
              ctx_set(I, c, "Emin", ev_int(emin)) || ctx_set(I, c, "Emax", ev_int(emax)) ||
              ctx_set(I, c, "capitals", ev_int(capitals)) || ctx_set(I, c, "clamp", ev_int(clamp)) ||
              ctx_set(I, c, "flags", fl) || ctx_set(I, c, "traps", tr);
    if (!EV_IS_ERR(fl))
        ev_decref(I, fl);
    if (!EV_IS_ERR(tr))
        ev_decref(I, tr);
    if (!EV_IS_ERR(rn))
        ev_decref(I, rn);
    if (bad) {
        ev_decref(I, c);
        return EV_ERR;
    }
    return c;
}

ev_value dec_ctx_copy(ev_interp *I, ev_value src)
{
    dctx c;
    unsigned fl, tr;
    if (dec_ctx_read(I, src, &c) || ctx_bits(I, src, "flags", &fl) || ctx_bits(I, src, "traps", &tr))
        return EV_ERR;
    return ctx_make(I, &dec_type_Context, c.prec, c.round, c.emin, c.emax, c.capitals, c.clamp, fl, tr);
}

/* Context.__init__(prec, rounding, Emin, Emax, capitals, clamp, flags, traps):
 * what is None comes from DefaultContext */
ev_value ctx_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[6] = {"prec", "rounding", "Emin", "Emax", "capitals", "clamp"};
    ev_value dflt = dec_class(I, "DefaultContext");
    if (EV_IS_ERR(dflt))
        return dflt;
    dctx c;
    unsigned tr = 0, fl = 0;
    bool have_default = dec_is_context(dflt) && dflt.u.o != self.u.o;
    if (have_default) {
        if (dec_ctx_read(I, dflt, &c) || ctx_bits(I, dflt, "traps", &tr))
            return EV_ERR;
    } else {
        c = (dctx){28, -999999, 999999, RD_HALF_EVEN, 0, 1, 0};
        tr = 1u << SG_INVALID | 1u << SG_DIVZERO | 1u << SG_OVERFLOW;
    }
    ev_value fresh = ctx_make(I, &dec_type_Context, c.prec, c.round, c.emin, c.emax, c.capitals, c.clamp,
                              fl, tr);
    if (EV_IS_ERR(fresh))
        return fresh;
    /* copy the defaults onto self, then the arguments over them */
    static const char *const all[8] = {"prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps"};
    for (int i = 0; i < 8; i++) {
        ev_value v = ctx_attr(I, fresh, all[i]);
        int bad = EV_IS_ERR(v) || ctx_set(I, self, all[i], v);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
        if (bad) {
            ev_decref(I, fresh);
            return EV_ERR;
        }
    }
    ev_decref(I, fresh);
    for (int i = 0; i < 6; i++)
        if (i < argc && !EV_IS_ERR(argv[i]) && argv[i].tag != EV_T_NONE) {
            if (i == 1) {
                int rd;
                if (dec_round_from(I, argv[i], &rd))
                    return EV_ERR;
            }
            if (ctx_set(I, self, names[i], argv[i]))
                return EV_ERR;
        }
    for (int i = 6; i < 8; i++)
        if (i < argc && !EV_IS_ERR(argv[i]) && argv[i].tag != EV_T_NONE) {
            unsigned b;
            if (sd_from_arg(I, argv[i], &b, all[i]))
                return EV_ERR;
            ev_value sd = dec_signaldict_new(I, b);
            int bad = EV_IS_ERR(sd) || ctx_set(I, self, all[i], sd);
            if (!EV_IS_ERR(sd))
                ev_decref(I, sd);
            if (bad)
                return EV_ERR;
        }
    dctx chk;
    if (dec_ctx_read(I, self, &chk))
        return EV_ERR;
    return EV_NONE;
}

static ev_value ctx_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = ctx_cnew(I, &dec_type_Context);
    if (EV_IS_ERR(c))
        return c;
    ev_value r = ctx_init(I, c, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, c);
        return r;
    }
    return c;
}

static int put_signals(ev_interp *I, ev_buf *b, unsigned bits)
{
    /* the order of libmpdec's status bits, InvalidOperation where the first
     * of its conditions is */
    static const struct { int sg; unsigned cond; } order[] = {
        {SG_CLAMPED, 0}, {SG_INVALID, ST_CONV_SYNTAX}, {SG_DIVZERO, 0}, {SG_INVALID, ST_DIV_IMPOSSIBLE},
        {SG_INVALID, ST_DIV_UNDEFINED}, {SG_INEXACT, 0}, {SG_INVALID, ST_INVALID_CONTEXT},
        {SG_INVALID, ST_INVALID_OP}, {SG_FLOAT, 0}, {SG_OVERFLOW, 0}, {SG_ROUNDED, 0},
        {SG_SUBNORMAL, 0}, {SG_UNDERFLOW, 0},
    };
    bool first = true, inv_done = false;
    if (!(bits & SD_COND(ST_INVALID_ANY)))
        bits = sd_full(bits);
    if (ev_buf_puts(I, b, "["))
        return -1;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int sg = order[i].sg;
        if (!(bits >> sg & 1))
            continue;
        if (sg == SG_INVALID) {
            if (inv_done || !(bits & SD_COND(order[i].cond)))
                continue;
            inv_done = true;
        }
        if (ev_buf_printf(I, b, "%s%s", first ? "" : ", ", sg_names[sg]))
            return -1;
        first = false;
    }
    return ev_buf_puts(I, b, "]");
}

ev_value ctx_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dctx c;
    unsigned fl, tr;
    if (dec_ctx_read(I, self, &c) || ctx_bits(I, self, "flags", &fl) || ctx_bits(I, self, "traps", &tr))
        return EV_ERR;
    ev_buf b = {0};
    if (ev_buf_printf(I, &b,
                      "Context(prec=%lld, rounding=%s, Emin=%lld, Emax=%lld, capitals=%d, clamp=%d, flags=",
                      (long long)c.prec, dec_round_names[c.round], (long long)c.emin, (long long)c.emax,
                      c.capitals, c.clamp) ||
        put_signals(I, &b, fl) || ev_buf_puts(I, &b, ", traps=") || put_signals(I, &b, tr) ||
        ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value ctx_copy_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return dec_ctx_copy(I, self);
}

static ev_value ctx_clear(ev_interp *I, ev_value self, const char *which)
{
    ev_value sd = dec_signaldict_new(I, 0);
    if (EV_IS_ERR(sd))
        return sd;
    ev_value cur = ctx_attr(I, self, which);
    int r;
    if (!EV_IS_ERR(cur) && ev_is_cinstance(cur, &dec_type_SignalDict)) {
        ev_as_cinstance(cur)->slots[0] = ev_int(0);
        r = 0;
    } else {
        r = ctx_set(I, self, which, sd);
    }
    if (!EV_IS_ERR(cur))
        ev_decref(I, cur);
    else
        ev_raise_nomem(I) , r = -1;
    ev_decref(I, sd);
    return r ? EV_ERR : EV_NONE;
}

ev_value ctx_clear_flags(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ctx_clear(I, self, "flags");
}

ev_value ctx_clear_traps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ctx_clear(I, self, "traps");
}

ev_value ctx_etiny(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dctx c;
    return dec_ctx_read(I, self, &c) ? EV_ERR : ev_int(c.emin - c.prec + 1);
}

ev_value ctx_etop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dctx c;
    return dec_ctx_read(I, self, &c) ? EV_ERR : ev_int(c.emax - c.prec + 1);
}

extern const ev_builtin_def dec_context_methods[];

ev_type dec_type_Context = {STATIC_TYPE, .name = "decimal.Context", .module = "decimal", .call = ctx_ctor,
                            .max_args = 8, .kwflags = 0,
                            .params = "prec, rounding, Emin, Emax, capitals, clamp, flags, traps",
                            .methods = dec_context_methods, .tflags = EV_TYPE_CSLOTS, .cnew = ctx_cnew};

/* ---- getcontext, setcontext, localcontext ------------------------------------------------------- */

static ev_value m_getcontext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(dec_current(I));
}

static int set_current(ev_interp *I, ev_value ctx)
{
    ev_dict *ns = dec_ns(I);
    return ns ? ev_dict_set(I, ns, ev_int(0), ctx) : -1;
}

static ev_value m_setcontext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!dec_is_context(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "argument must be a context");
    ev_value c = argv[0];
    bool owned = false;
    /* the templates are copied, as _decimal does */
    static const char *const tmpl[3] = {"DefaultContext", "BasicContext", "ExtendedContext"};
    for (int i = 0; i < 3; i++) {
        ev_value t = dec_class(I, tmpl[i]);
        if (EV_IS_ERR(t))
            return t;
        if (t.u.o == c.u.o) {
            c = dec_ctx_copy(I, c);
            if (EV_IS_ERR(c))
                return c;
            owned = true;
            break;
        }
    }
    int r = set_current(I, c);
    if (owned)
        ev_decref(I, c);
    return r ? EV_ERR : EV_NONE;
}

/* _ContextManager: slots new context, saved context */
static ev_value cm_enter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *m = ev_as_cinstance(self);
    ev_value cur = dec_current(I);
    if (EV_IS_ERR(cur))
        return cur;
    ev_value old = m->slots[1];
    m->slots[1] = ev_dup(cur);
    ev_decref(I, old);
    if (set_current(I, m->slots[0]))
        return EV_ERR;
    return ev_dup(m->slots[0]);
}

static ev_value cm_exit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *m = ev_as_cinstance(self);
    if (set_current(I, m->slots[1]))
        return EV_ERR;
    return EV_NONE;
}

static const ev_builtin_def cm_methods[] = {
    {"__enter__", cm_enter, 0, 0, 0},
    {"__exit__", cm_exit, 0, -1, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type dec_type_ContextManager = {STATIC_TYPE, .name = "decimal.ContextManager", .module = "decimal",
                                   .methods = cm_methods, .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

static ev_value m_localcontext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value base = argc > 0 && !EV_IS_ERR(argv[0]) ? argv[0] : EV_NONE;
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (strcmp(kw->names[k]->data, "ctx") == 0) {
            if (argc > 0)
                return ev_raise(I, &ev_type_TypeError, "argument for localcontext() given by name ('ctx') and position (1)");
            base = kw->vals[k];
        }
    if (base.tag == EV_T_NONE) {
        base = dec_current(I);
        if (EV_IS_ERR(base))
            return base;
    } else if (!dec_is_context(base)) {
        return ev_raise(I, &ev_type_TypeError, "optional argument must be a context");
    }
    ev_value c = dec_ctx_copy(I, base);
    if (EV_IS_ERR(c))
        return c;
    static const char *const ok[] = {"prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps", NULL};
    /* the settings after ctx, by position (its parser's "|OOOOOOOOO") or by name */
    int nset = (argc > 1 ? argc - 1 : 0) + EV_KW_N(kw);
    for (int k = 0; k < nset; k++) {
        bool bypos = k < (argc > 1 ? argc - 1 : 0);
        const char *n = bypos ? ok[k] : kw->names[k - (argc > 1 ? argc - 1 : 0)]->data;
        if (strcmp(n, "ctx") == 0)
            continue;
        int i = 0;
        while (ok[i] && strcmp(ok[i], n) != 0)
            i++;
        if (!ok[i]) {
            ev_decref(I, c);
            return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for this function", n);
        }
        ev_value v = bypos ? argv[k + 1] : kw->vals[k - (argc > 1 ? argc - 1 : 0)];
        if (v.tag == EV_T_NONE)
            continue;
        int bad = 0;
        if (i >= 6) {
            unsigned b;
            ev_value sd = EV_ERR;
            bad = sd_from_arg(I, v, &b, n) || EV_IS_ERR(sd = dec_signaldict_new(I, b)) ||
                  ctx_set(I, c, n, sd);
            if (!EV_IS_ERR(sd))
                ev_decref(I, sd);
        } else if (i == 1) {
            int rd;
            bad = dec_round_from(I, v, &rd) || ctx_set(I, c, n, v);
        } else {
            bad = ctx_set(I, c, n, v);
        }
        if (bad) {
            ev_decref(I, c);
            return EV_ERR;
        }
    }
    dctx chk;
    if (dec_ctx_read(I, c, &chk)) {
        ev_decref(I, c);
        return EV_ERR;
    }
    ev_value m = ev_cinstance_new(I, &dec_type_ContextManager, 2);
    if (EV_IS_ERR(m)) {
        ev_decref(I, c);
        return m;
    }
    ev_as_cinstance(m)->slots[0] = c;
    return m;
}

const ev_builtin_def dec_ctx_functions[] = {
    {"getcontext", m_getcontext, 0, 0, 0},
    {"setcontext", m_setcontext, 1, 1, 0},
    {"localcontext", m_localcontext, 0, 9, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

/* ---- the module's classes and templates ------------------------------------------------------- */

static int make_class(ev_interp *I, ev_dict *ns, const char *name, int nb, ev_value *bases)
{
    ev_value d = ev_dict_new(I), bt = EV_ERR, cls = EV_ERR, mod = EV_ERR;
    ev_str *nm = ev_intern(I, name, strlen(name));
    int r = -1;
    if (EV_IS_ERR(d) || !nm)
        goto out;
    mod = ev_str_from_cstr(I, "decimal");
    if (EV_IS_ERR(mod) || ev_module_set(I, ev_as_dict(d), "__module__", mod))
        goto out;
    bt = ev_tuple_new(I, (size_t)nb);
    if (EV_IS_ERR(bt))
        goto out;
    for (int i = 0; i < nb; i++)
        ev_as_tuple(bt)->items[i] = ev_dup(bases[i]);
    cls = ev_class_new(I, NULL, nm, bt, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls) || ev_module_set(I, ns, name, cls))
        goto out;
    r = 0;
out:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(bt))
        ev_decref(I, bt);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return r;
}

static ev_value ns_get(ev_interp *I, ev_dict *ns, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *v = k ? ev_dict_lookup_str(ns, k) : NULL;
    return v ? *v : EV_ERR;
}

int dec_init_signals(ev_interp *I, ev_dict *ns)
{
    ev_value b[3];
    b[0] = ev_obj_val(&ev_type_ArithmeticError.h);
    if (make_class(I, ns, "DecimalException", 1, b))
        return -1;
    ev_value de = ns_get(I, ns, "DecimalException");
    static const char *const simple[] = {"Clamped", "InvalidOperation", "Inexact", "Rounded", "Subnormal"};
    for (size_t i = 0; i < 5; i++)
        if (make_class(I, ns, simple[i], 1, &de))
            return -1;
    b[0] = de;
    b[1] = ev_obj_val(&ev_type_ZeroDivisionError.h);
    if (make_class(I, ns, "DivisionByZero", 2, b))
        return -1;
    ev_value inv = ns_get(I, ns, "InvalidOperation");
    if (make_class(I, ns, "ConversionSyntax", 1, &inv) || make_class(I, ns, "DivisionImpossible", 1, &inv))
        return -1;
    b[0] = inv;
    b[1] = ev_obj_val(&ev_type_ZeroDivisionError.h);
    if (make_class(I, ns, "DivisionUndefined", 2, b) || make_class(I, ns, "InvalidContext", 1, &inv))
        return -1;
    b[0] = ns_get(I, ns, "Inexact");
    b[1] = ns_get(I, ns, "Rounded");
    if (make_class(I, ns, "Overflow", 2, b))
        return -1;
    b[2] = ns_get(I, ns, "Subnormal");
    if (make_class(I, ns, "Underflow", 3, b))
        return -1;
    b[0] = de;
    b[1] = ev_obj_val(&ev_type_TypeError.h);
    if (make_class(I, ns, "FloatOperation", 2, b))
        return -1;
    /* the templates */
    unsigned dtr = 1u << SG_INVALID | 1u << SG_DIVZERO | 1u << SG_OVERFLOW;
    unsigned btr = dtr | 1u << SG_UNDERFLOW | 1u << SG_CLAMPED;
    ev_value dc = ctx_make(I, &dec_type_Context, 28, RD_HALF_EVEN, -999999, 999999, 1, 0, 0, dtr);
    ev_value bc = EV_IS_ERR(dc) ? EV_ERR : ctx_make(I, &dec_type_Context, 9, RD_HALF_UP, -999999, 999999, 1, 0, 0, btr);
    ev_value ec = EV_IS_ERR(bc) ? EV_ERR : ctx_make(I, &dec_type_Context, 9, RD_HALF_EVEN, -999999, 999999, 1, 0, 0, 0);
    int r = EV_IS_ERR(ec) || ev_module_set(I, ns, "DefaultContext", dc) || ev_module_set(I, ns, "BasicContext", bc) ||
            ev_module_set(I, ns, "ExtendedContext", ec);
    ev_value all[3] = {dc, bc, ec};
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(all[i]))
            ev_decref(I, all[i]);
    return r ? -1 : 0;
}
