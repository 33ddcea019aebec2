/*
 * decimal_int.h - what the decimal module's files share (decimal.c: the
 * Decimal type's construction and conversions, the module;
 * decimal_methods.c: Decimal's operators and methods and the Context
 * methods that mirror them; decimal_arith.c: the
 * General Decimal Arithmetic on GMP coefficients, after CPython 3.11's
 * Lib/_pydecimal.py, with the signals and messages of its C _decimal).
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_DECIMAL_INT_H
#define SAFEPY_DECIMAL_INT_H

#include <gmp.h>

#include "evaluator/modules/modules.h"

/* A decimal number: (-1)**sign * c * 10**e, or a special value (c is then
 * the NaN's payload). */
enum { DEC_FINITE, DEC_INF, DEC_NAN, DEC_SNAN };
typedef struct dec {
    int sign;
    int special;
    mpz_t c;
    int64_t e;
} dec;

/* The status bits: the conditions of InvalidOperation first (what the
 * raised exception's list names), then the signals. */
enum {
    ST_CONV_SYNTAX = 1 << 0,
    ST_DIV_IMPOSSIBLE = 1 << 1,
    ST_DIV_UNDEFINED = 1 << 2,
    ST_INVALID_CONTEXT = 1 << 3,
    ST_INVALID_OP = 1 << 4,
    ST_CLAMPED = 1 << 5,
    ST_DIV_BY_ZERO = 1 << 6,
    ST_INEXACT = 1 << 7,
    ST_OVERFLOW = 1 << 8,
    ST_ROUNDED = 1 << 9,
    ST_SUBNORMAL = 1 << 10,
    ST_UNDERFLOW = 1 << 11,
    ST_FLOAT_OP = 1 << 12,
};
#define ST_INVALID_ANY (ST_CONV_SYNTAX | ST_DIV_IMPOSSIBLE | ST_DIV_UNDEFINED | ST_INVALID_CONTEXT | ST_INVALID_OP)

/* The signals as SignalDict bits (one per class, InvalidOperation for all
 * its conditions), in CPython's signal_map order. */
enum { SG_INVALID, SG_FLOAT, SG_DIVZERO, SG_OVERFLOW, SG_UNDERFLOW, SG_SUBNORMAL, SG_INEXACT, SG_ROUNDED,
       SG_CLAMPED, SG_COUNT };

enum { RD_UP, RD_DOWN, RD_CEILING, RD_FLOOR, RD_HALF_UP, RD_HALF_DOWN, RD_HALF_EVEN, RD_05UP, RD_COUNT };
extern const char *const dec_round_names[RD_COUNT];

#define DEC_MAX_PREC 999999999999999999LL
#define DEC_MAX_EMAX 999999999999999999LL
#define DEC_MIN_EMIN (-999999999999999999LL)
#define DEC_MIN_ETINY (DEC_MIN_EMIN - (DEC_MAX_PREC - 1))

/* The arithmetic context of one operation. */
typedef struct dctx {
    int64_t prec, emin, emax;
    int round, clamp, capitals;
    unsigned status; /* ST_* raised by the operation */
} dctx;

void dec_init(dec *d);
void dec_clear(dec *d);
void dec_copy(dec *dst, const dec *src);
static inline bool dec_is_zero(const dec *d) { return d->special == DEC_FINITE && mpz_sgn(d->c) == 0; }
static inline bool dec_is_nan(const dec *d) { return d->special == DEC_NAN || d->special == DEC_SNAN; }
/* decimal digits of |z| (1 for 0) */
int64_t dec_ndigits(const mpz_t z);
static inline int64_t dec_adjusted(const dec *d) { return d->e + dec_ndigits(d->c) - 1; }
/* r = 10**n, refused with MemoryError/the limit when too big */
int dec_pow10(ev_interp *I, mpz_t r, int64_t n) EV_WU;
/* c *= 10**n */
int dec_shift_up(ev_interp *I, mpz_t c, int64_t n) EV_WU;

/* Arithmetic (decimal_arith.c): 0, or -1 with a Python exception (memory or
 * time limit only; the decimal signals are in ctx->status). */
int dec_fix(ev_interp *I, dec *d, dctx *ctx) EV_WU;
int dec_set_nan_result(dec *r, dctx *ctx, unsigned cond);
int dec_add(ev_interp *I, dec *r, const dec *a, const dec *b, bool sub, dctx *ctx) EV_WU;
int dec_mul(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
int dec_div(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
/* which: 0 //, 1 %, 2 both (r and r2) */
int dec_divmod(ev_interp *I, dec *r, dec *r2, const dec *a, const dec *b, int which, dctx *ctx) EV_WU;
int dec_rescale(ev_interp *I, dec *r, const dec *a, int64_t exp, int round) EV_WU;
int dec_quantize(ev_interp *I, dec *r, const dec *a, const dec *b, int round, dctx *ctx) EV_WU;
int dec_to_integral(ev_interp *I, dec *r, const dec *a, int round, bool exact, dctx *ctx) EV_WU;
int dec_sqrt(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_normalize(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_plus(ev_interp *I, dec *r, const dec *a, bool minus, dctx *ctx) EV_WU;
/* decimal_ops.c */
int dec_fma(ev_interp *I, dec *r, const dec *a, const dec *b, const dec *c, dctx *ctx) EV_WU;
int dec_next(ev_interp *I, dec *r, const dec *a, bool up, dctx *ctx) EV_WU;
int dec_next_toward(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
int dec_logb(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_scaleb(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
int dec_remainder_near(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
int dec_logical(ev_interp *I, dec *r, const dec *a, const dec *b, int op, dctx *ctx) EV_WU;
int dec_logical_invert(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_rotate(ev_interp *I, dec *r, const dec *a, const dec *b, bool rot, dctx *ctx) EV_WU;
/* decimal_math.c */
int dec_exp(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_ln(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_log10(ev_interp *I, dec *r, const dec *a, dctx *ctx) EV_WU;
int dec_pow(ev_interp *I, dec *r, const dec *a, const dec *b, dctx *ctx) EV_WU;
int dec_pow_mod(ev_interp *I, dec *r, const dec *x, const dec *y, const dec *m, dctx *ctx) EV_WU;
/* decimal_fmt.c: format(d, spec) */
ev_value dec_format(ev_interp *I, const dec *d, ev_str *spec, const dctx *ctx) EV_WU;
/* NaN operands: 1 when r is the NaN result, 0 when none is a NaN */
int dec_check_nans(dec *r, const dec *a, const dec *b, dctx *ctx);
/* numeric comparison of two non-NaNs: -1, 0, 1 */
int dec_cmp(const dec *a, const dec *b);
int dec_compare_total(const dec *a, const dec *b);

/* Contexts and signals (decimal_ctx.c) */
extern ev_type dec_type_Context, dec_type_SignalDict, dec_type_ContextManager, dec_type_Decimal;
extern const ev_builtin_def dec_ctx_functions[];
ev_dict *dec_ns(ev_interp *I);
ev_value dec_class(ev_interp *I, const char *name);
bool dec_is_context(ev_value v);
int dec_round_from(ev_interp *I, ev_value v, int *out) EV_WU;
int dec_ctx_read(ev_interp *I, ev_value ctx, dctx *c) EV_WU;
int dec_ctx_status(ev_interp *I, ev_value ctx, unsigned st) EV_WU;
ev_value dec_current(ev_interp *I);
ev_value dec_ctx_arg(ev_interp *I, ev_value v);
ev_value dec_ctx_copy(ev_interp *I, ev_value src) EV_WU;
ev_value dec_signaldict_new(ev_interp *I, unsigned bits) EV_WU;
int dec_init_signals(ev_interp *I, ev_dict *ns) EV_WU;
ev_value ctx_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_copy_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_clear_flags(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_clear_traps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_etiny(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_etop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_prec(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_rounding(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_emin(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_emax(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_capitals(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_clamp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_flags(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ctx_get_traps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* The Decimal type (decimal.c: construction and conversions;
 * decimal_methods.c: the operators, the methods, the type and the Context
 * methods that mirror them) */
bool dec_is_decimal(ev_value v);
void dec_get(ev_value v, dec *d);
ev_value dec_make(ev_interp *I, const dec *d);
void dec_from_int(ev_value v, dec *d);
void dec_from_double(double f, dec *d);
int dec_convert_exact(ev_interp *I, ev_value v, dec *d, unsigned *st);
int dec_status(ev_interp *I, ev_value ctx, unsigned st);
ev_value dec_finish(ev_interp *I, ev_value ctx, dctx *c, dec *r);
int dec_operand(ev_interp *I, ev_value v, dec *d, bool allow_float, unsigned *st);
ev_value dec_to_str(ev_interp *I, ev_value self, bool eng, ev_value context);
ev_value dec_to_int(ev_interp *I, const dec *d, int round);
ev_value dcl_cnew(ev_interp *I, ev_type *t);
ev_value dcl_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_eng(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_int(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_floor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_ceil(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_complex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value dcl_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#endif
