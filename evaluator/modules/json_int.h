/*
 * json_int.h - what json.c (the module, JSONEncoder, JSONDecoder,
 * JSONDecodeError), json_enc.c (the encoder) and json_dec.c (the scanner)
 * share.  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_JSON_INT_H
#define SAFEPY_JSON_INT_H

#include "evaluator/modules/modules.h"

extern ev_type ev_type_JSONEncoder, ev_type_JSONDecoder, ev_type_JSONDecodeError;

/* One encoding run: the settings JSONEncoder.iterencode reads from the
 * encoder, and where the text goes. */
typedef struct json_enc {
    ev_value defaultfn;          /* self.default (a reference) */
    ev_value indent;             /* EV_NONE, or the indent as a str (a reference) */
    ev_value key_sep, item_sep;  /* str (references) */
    bool ascii, sort_keys, skipkeys, allow_nan;
    /* json.encoder's pure-Python _make_iterencode (indent set, or not one
     * shot) rather than _json's c_make_encoder: they differ in which
     * methods of subclasses they call, in error messages and in chunks */
    bool py;
    ev_dict *markers;            /* check_circular: ids of the open containers; else NULL */
    ev_buf buf;
    /* py mode with a sink: each of _make_iterencode's yields becomes a chunk,
     * appended to chunks (iterencode) or passed to fp.write (dump) */
    ev_list *chunks;
    ev_value fp;                 /* EV_ERR when none */
} json_enc;

/* Encode o into e (e->buf, or chunks to the sink); 0 ok, -1 error. */
int json_encode_value(ev_interp *I, json_enc *e, ev_value o) EV_WU;
/* Append the JSON string literal of s. */
int json_escape(ev_interp *I, ev_buf *b, const ev_str *s, bool ascii) EV_WU;
/* Emit what e->buf holds as one chunk (py mode with a sink). */
int json_flush(ev_interp *I, json_enc *e) EV_WU;

/* The scanner's settings (_json's make_scanner(context)). */
typedef struct json_dec {
    bool strict;
    ev_value object_hook, object_pairs_hook; /* EV_NONE: none */
    ev_value parse_float, parse_int;         /* float / int themselves: the builtin parse */
    ev_value parse_constant;                 /* EV_NONE: json's _CONSTANTS */
} json_dec;

/* scan_once(s, idx) with idx a character index: the value and (in *end)
 * the index after it.  Returns EV_ERR with *stop >= 0 and no exception
 * pending where _json raises StopIteration(*stop). */
ev_value json_scan(ev_interp *I, const json_dec *d, ev_value s, int64_t idx, int64_t *end,
                   int64_t *stop) EV_WU;
/* raise JSONDecodeError(msg, s, pos) (pos a character index); EV_ERR */
ev_value json_raise_error(ev_interp *I, const char *msg, ev_value s, int64_t pos);

#endif
