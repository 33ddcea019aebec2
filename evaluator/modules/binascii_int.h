/*
 * binascii_int.h - what binascii.c shares with base64.c, which is written
 * over it as CPython's Lib/base64.py is over binascii.  Internal to
 * evaluator/modules/.
 */
#ifndef SAFEPY_BINASCII_INT_H
#define SAFEPY_BINASCII_INT_H

#include "evaluator/modules/modules.h"

extern ev_type ev_type_binascii_Error, ev_type_binascii_Incomplete;

/* a bytes object of n bytes to fill (its len is set to n; lower it after) */
ev_value ba_bytes_alloc(ev_interp *I, size_t n) EV_WU;
/* the data of a2b_*'s argument: bytes-like, or a str of ASCII only */
int ba_ascii_arg(ev_interp *I, ev_value v, const unsigned char **p, size_t *n) EV_WU;
/* b2a_base64(data, newline) and a2b_base64(data, strict_mode) */
ev_value ba_b2a_base64(ev_interp *I, const unsigned char *p, size_t n, bool newline) EV_WU;
ev_value ba_a2b_base64(ev_interp *I, const unsigned char *p, size_t n, bool strict) EV_WU;
/* hexlify without a separator (upper: A-F) and unhexlify */
ev_value ba_hexlify(ev_interp *I, const unsigned char *p, size_t n, bool upper) EV_WU;
ev_value ba_unhexlify(ev_interp *I, const unsigned char *p, size_t n) EV_WU;

#endif
