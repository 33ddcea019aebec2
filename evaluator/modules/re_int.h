/*
 * re_int.h - internals shared by the files of the `re` module (re.c: the
 * module, Pattern and the matching engine; re_trans.c: Python regex syntax
 * to PCRE2 syntax; re_match.c: Match objects, templates, sub/split).
 */
#ifndef SAFEPY_RE_INT_H
#define SAFEPY_RE_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "evaluator/ev.h"

/* CPython's flag values (re._constants). */
enum {
    RE_TEMPLATE = 1, RE_IGNORECASE = 2, RE_LOCALE = 4, RE_MULTILINE = 8, RE_DOTALL = 16,
    RE_UNICODE = 32, RE_VERBOSE = 64, RE_DEBUG = 128, RE_ASCII = 256,
};

/* A Python pattern translated to PCRE2 syntax. */
typedef struct re_trans {
    ev_buf out;          /* the PCRE2 pattern (NUL-terminated after success) */
    uint32_t groups;     /* capturing groups, group 0 excluded */
    int64_t flags;       /* the flags with the global inline flags applied */
    ev_value groupindex; /* dict name -> group number */
    /* The innermost enclosing capturing group of each group (0: none),
     * groups + 1 entries: Match.lastindex needs the nesting. */
    uint32_t *parent;
    /* the pattern names a code point in U+D800..U+E7FF, or a class range
     * covering part of it: it could tell a lone surrogate of the subject
     * from the private-use character it is matched as (re.c) */
    bool sur_unsafe;
} re_trans;

/* Translate `pattern` (str, or bytes read as latin-1) under `flags`; 0 ok (t filled, owned by the caller:
 * re_trans_free), -1 with re.error (CPython's message and position) or
 * another exception raised. */
int re_translate(ev_interp *I, ev_value pattern, int64_t flags, re_trans *t) EV_WU;
void re_trans_free(ev_interp *I, re_trans *t);

/* re.RegexFlag and its members in the module namespace (re_flag.c) */
int re_flag_init(ev_interp *I, ev_dict *ns) EV_WU;

/* Raise re.error(msg, pattern, pos); pos < 0: no position. */
ev_value re_raise_error(ev_interp *I, const char *msg, ev_value pattern, int64_t pos);
extern ev_type ev_type_re_error, ev_type_re_Pattern, ev_type_re_Match;

typedef struct re_pattern {
    ev_obj h;            /* kind EV_O_REPATTERN */
    ev_value pattern;    /* the source str */
    int64_t flags;
    uint32_t groups;
    ev_value groupindex; /* dict */
    uint32_t *parent;    /* see re_trans */
    pcre2_code *code;
    pcre2_general_context *gctx; /* allocation through the session */
    bool sur_unsafe;     /* see re_trans */
    /* kept between scans (one scan at a time takes them): PCRE2 keeps its
     * backtracking frames in a match data, 20 KiB at least, so a fresh one
     * per match costs more than many matches do; one that grew big is not
     * kept (see exec_limited) */
    pcre2_match_data *md_spare;
    pcre2_match_context *mctx;
} re_pattern;

typedef struct re_match {
    ev_obj h;            /* kind EV_O_REMATCH */
    ev_value re;         /* the Pattern */
    ev_value string;
    int64_t pos, endpos; /* code points, as passed (clamped) */
    uint32_t n;          /* groups + 1 */
    /* per group: start and end in bytes and in code points, -1 unset */
    int64_t off[];       /* 4 * n: bstart, bend, cstart, cend */
} re_match;

/* Converts byte offsets of one str to code point offsets, cheaply when the
 * offsets asked for move forward (as a scan does). */
typedef struct re_cursor {
    const ev_str *s;
    size_t b, c;
} re_cursor;
int64_t re_char_index(re_cursor *cur, size_t b);
size_t re_byte_index(const ev_str *s, int64_t c); /* c in 0..nchars */

/* One scan over a string (search, finditer, findall, sub, split): the
 * iteration keeps CPython's empty-match rules (3.7+). */
typedef struct re_scan {
    re_pattern *p;
    ev_str *s;           /* the text scanned (re_subject) */
    ev_value subj;       /* the object given, borrowed: Match.string */
    size_t bpos, bend;   /* bytes: where the next search starts, endpos */
    int64_t pos, endpos; /* code points, for the Match objects */
    bool must_advance;   /* the previous match was empty */
    bool done;
    bool md_grown;       /* a match made md's frames big: do not keep it */
    uint32_t callouts;   /* start positions tried over the whole scan (re.c's
                            callout reads the clock every 64th) */
    pcre2_match_data *md;
    re_cursor cur;
    /* a subject holding lone surrogates is matched as a copy where each
     * U+D800+k is U+E000+k (same UTF-8 length, so the same offsets; PCRE2
     * takes only valid UTF-8); owned, released by re_scan_free */
    ev_str *mapped;
    ev_interp *I;
} re_scan;

/* mode: 0 search, 1 match (anchored), 2 fullmatch. */
int re_scan_init(ev_interp *I, re_scan *sc, re_pattern *p, ev_str *s, ev_value subj, int64_t pos,
                 int64_t endpos) EV_WU;
void re_scan_free(re_scan *sc);
/* 1 found (offsets in sc->md's ovector), 0 no more, -1 error. */
int re_scan_next(ev_interp *I, re_scan *sc, int mode) EV_WU;
/* A Match object for the last match of the scan. */
ev_value re_match_new(ev_interp *I, re_scan *sc) EV_WU;

/* sub/subn and split, on a compiled pattern (re_match.c). */
ev_value re_do_sub(ev_interp *I, re_pattern *p, ev_value repl, ev_value string, ev_value count,
                   bool subn) EV_WU;
ev_value re_do_split(ev_interp *I, re_pattern *p, ev_value string, ev_value maxsplit) EV_WU;
extern const ev_builtin_def re_match_methods[];
int re_match_getattr(ev_interp *I, re_match *m, ev_str *name, ev_value *out) EV_WU;
ev_value re_match_repr(ev_interp *I, re_match *m) EV_WU;
ev_value re_match_getitem(ev_interp *I, re_match *m, ev_value key) EV_WU;

/* The str argument of a matching function, or TypeError as CPython. */
ev_str *re_want_str(ev_interp *I, ev_value v);

/* Bytes patterns: compiled without UTF, they scan a bytes-like subject
 * through a private str holding its raw bytes (ascii set, so one character
 * is one byte), never shown to Python code.  re_subject: the str to scan
 * for v (a str as is), or NULL with CPython's TypeError; re_subject_done
 * releases what re_subject made for v. */
static inline bool re_pat_bytes(const re_pattern *p) { return !ev_is(p->pattern, EV_O_STR); }
ev_str *re_subject(ev_interp *I, re_pattern *p, ev_value v);
void re_subject_done(ev_interp *I, ev_str *s, ev_value v);
/* A raw view of a bytes-like object (bytes, bytearray) as a private str. */
ev_str *re_raw_str(ev_interp *I, ev_value v);
/* data[0..n) as the pattern's kind: a str, or bytes */
ev_value re_piece(ev_interp *I, bool bytes, const char *data, size_t n) EV_WU;

/* For other modules (fnmatch, re.c): a Pattern compiled from src (str or
 * bytes) without flags and outside re's cache; whether it matches string at
 * its start (re's match(): 1, 0, or -1 with CPython's TypeError for a
 * subject of the wrong kind). */
ev_value re_compile_uncached(ev_interp *I, ev_value src) EV_WU;
int re_match_start(ev_interp *I, ev_value pat, ev_value string) EV_WU;

#endif
