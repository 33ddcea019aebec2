/* Number and string formatting with CPython 3.11-exact output.
 *
 * Internal to the evaluator, and independent of its object model: plain C
 * types, GMP for big ints, UTF-8 strings.  Everything that builds text
 * appends to a caller-owned ev_sbuf whose `max` caps the length, so a spec
 * like '{:1000000000}' fails with EV_NF_TOO_BIG before allocating.
 *
 * Error reporting: functions that can raise take `char err[EV_NF_ERRLEN]`
 * and, for EV_NF_VALUE_ERROR and EV_NF_OVERFLOW only, write the Python
 * exception message there (no "ValueError: " prefix).  Messages are
 * CPython's, except that a spec longer than about 400 bytes echoed in
 * "Invalid format specifier '...'" is cut to fit.  On any failure the sbuf keeps its
 * previous length (partial output is dropped). */
#ifndef EV_NUMFMT_H
#define EV_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

/* malloc-backed growable text; max is a hard cap on len.  Zero-init plus
 * max is a valid empty buffer. */
typedef struct ev_sbuf { char *data; size_t len, cap, max; } ev_sbuf;

typedef enum ev_nf_status {
    EV_NF_OK = 0,
    EV_NF_VALUE_ERROR,  /* ValueError; message in err */
    EV_NF_OVERFLOW,     /* OverflowError; message in err */
    EV_NF_INVALID,      /* parse: not a literal; caller builds the message
                           ("could not convert string to float: %R",
                            "invalid literal for int() with base %d: %.200R") */
    EV_NF_TOO_BIG,      /* result would pass sbuf.max: caller raises MemoryError */
    EV_NF_NOMEM         /* malloc failed */
} ev_nf_status;

#define EV_NF_ERRLEN 512
#define EV_INT_MAX_STR_DIGITS 4300

void ev_sbuf_init(ev_sbuf *b, size_t max);
void ev_sbuf_free(ev_sbuf *b);
/* Make room for `extra` more bytes (plus a NUL that is not counted). */
ev_nf_status ev_sbuf_reserve(ev_sbuf *b, size_t extra);
ev_nf_status ev_sbuf_append(ev_sbuf *b, const char *s, size_t n);

/* repr(float) == str(float): shortest round-trip digits, CPython layout.
 * Writes a NUL-terminated string of at most 24 chars; returns its length. */
size_t ev_float_repr(double v, char buf[32]);

/* Which __format__ parses the spec: decides the default type and alignment. */
typedef enum ev_nf_kind { EV_NF_KIND_INT, EV_NF_KIND_FLOAT, EV_NF_KIND_STR } ev_nf_kind;

typedef struct ev_fmtspec {
    bool empty;          /* spec was '': format(x, '') == str(x) */
    uint32_t fill;       /* code point, ' ' by default */
    char align;          /* '<' '>' '^' '=' */
    char sign;           /* 0, '+', '-', ' ' */
    bool no_neg_0;       /* 'z' */
    bool alternate;      /* '#' */
    char thousands;      /* 0, ',' or '_' */
    int64_t width;       /* -1 when absent */
    int64_t precision;   /* -1 when absent */
    uint32_t type;       /* code point; 0 = none (float default) */
} ev_fmtspec;

/* Parse [[fill]align][sign][z][#][0][width][grouping][.precision][type].
 * tname is the Python type name used in messages ("int", "bool", "float"). */
ev_nf_status ev_fmtspec_parse(const char *spec, size_t len, ev_nf_kind kind,
                              const char *tname, ev_fmtspec *out, char *err);

/* format(v, spec) for float: types e E f F g G n % and none. */
ev_nf_status ev_format_float(double v, const ev_fmtspec *sp, const char *tname,
                             ev_sbuf *out, char *err);
/* format(v, spec) for int: b c d o x X n, and e E f F g G % via float. */
ev_nf_status ev_format_int(const mpz_t v, const ev_fmtspec *sp, const char *tname,
                           ev_sbuf *out, char *err);
/* round(x, nd) without text when 0 <= nd <= 20 and the result's scaled
 * integer fits in 53 bits; false otherwise (take the general way). */
bool ev_nf_round(double x, int64_t nd, double *out);
ev_nf_status ev_format_i64(int64_t v, const ev_fmtspec *sp, const char *tname,
                           ev_sbuf *out, char *err);
/* format(s, spec) for str (valid UTF-8): type s and none. */
ev_nf_status ev_format_str(const char *s, size_t len, const ev_fmtspec *sp,
                           const char *tname, ev_sbuf *out, char *err);

/* float(str): EV_NF_INVALID when it is not a float literal. */
ev_nf_status ev_parse_float(const char *s, size_t len, double *out);
/* int(str, base): out must be initialised.  VALUE_ERROR for a bad base or
 * the 4300-digit limit, INVALID for a bad literal. */
ev_nf_status ev_parse_int(const char *s, size_t len, int base, mpz_t out, char *err);
/* str(int), refusing more than 4300 digits like CPython (VALUE_ERROR). */
ev_nf_status ev_int_to_decimal(const mpz_t v, ev_sbuf *out, char *err);
/* int -> float, correctly rounded; false when too large for a float. */
bool ev_int_to_double(const mpz_t v, double *out);

/* CPython's numeric hash (modulus 2**61-1).  hash(nan) in CPython depends on
 * object identity; ev_float_hash returns 0 for nan and the caller decides. */
int64_t ev_float_hash(double v);
int64_t ev_int_hash(const mpz_t v);
int64_t ev_i64_hash(int64_t v);

/* Helpers shared by numfmt.c and numparse.c. */
/* Decode one code point of UTF-8 at s[*i] (i < len), advancing *i; invalid
 * bytes decode as U+FFFD one byte at a time. */
uint32_t ev_nf_utf8_next(const char *s, size_t len, size_t *i);
/* Python's str.isdecimal digit value of cp, or -1. */
int ev_nf_decimal(uint32_t cp);
/* Python's str.isspace for cp. */
bool ev_nf_isspace(uint32_t cp);

#endif
