/*
 * ucd.h - the Unicode character database that utf8proc does not provide:
 * character names (with aliases, named sequences and the algorithmic CJK
 * and Hangul names), numeric values, East Asian widths, and which code
 * points are too new.  Unicode 14.0.0, as CPython 3.11.
 *
 * The tables are generated at build time by evaluator/gen_ucd.c from
 * Debian's unicode-data files (build/gen/ucd_names.c).  Internal to the
 * evaluator; no allocation, no failure modes beyond "not found".
 */
#ifndef SAFEPY_UCD_H
#define SAFEPY_UCD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EV_UCD_VERSION "14.0.0"
#define EV_UCD_NAME_MAX 256 /* longer names are never found (CPython's NAME_MAXLEN) */

/* The code point named `name` (a character name or an alias, ASCII letters
 * in any case; algorithmic names in upper case only, as CPython): 1 and
 * *cp, or 0 if there is no such name. */
int ev_ucd_lookup(const char *name, size_t len, uint32_t *cp);

/* The named sequence `name`: its length (1..4) with the code points in
 * out, or 0 if there is none. */
size_t ev_ucd_lookup_seq(const char *name, size_t len, uint32_t out[4]);

/* The name of cp written NUL-terminated into buf (cap >= 1): its length,
 * or 0 if cp has no name (or cap is too small). */
size_t ev_ucd_name(uint32_t cp, char *buf, size_t cap);

/* True for code points assigned after Unicode 14.0: to be treated as
 * unassigned whatever utf8proc (Unicode 15) says. */
bool ev_ucd_is_new(uint32_t cp);

/* East Asian width: "F", "H", "W", "Na", "A" or "N" ("F" if unassigned). */
const char *ev_ucd_east_asian_width(uint32_t cp);

/* Numeric properties: 1 with *dec and *dig (-1 when absent) and *num, or 0
 * if cp has no numeric value. */
int ev_ucd_numeric(uint32_t cp, int *dec, int *dig, double *num);

#endif
