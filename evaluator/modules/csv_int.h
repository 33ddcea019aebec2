/*
 * csv_int.h - what csv.c (the C core, CPython's Modules/_csv.c) and
 * csv_dict.c (the classes Lib/csv.py writes in Python) share.  Internal to
 * evaluator/modules/.
 */
#ifndef SAFEPY_CSV_INT_H
#define SAFEPY_CSV_INT_H

#include "evaluator/modules/collections_int.h"

#define CSV_STATIC_TYPE .h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}

enum { CSV_QUOTE_MINIMAL, CSV_QUOTE_ALL, CSV_QUOTE_NONNUMERIC, CSV_QUOTE_NONE };
/* a character that is not set (None), and the end of a line for the parser */
#define CSV_UNSET (-1)
#define CSV_EOL (-2)

/* the module's state (a csv_type_state instance every function is bound
 * to): the dialect registry and the field size limit */
enum { ST_DIALECTS, ST_LIMIT, ST_DIALECT_CLASS, ST_NSLOTS }; /* csv.Dialect, which Dialect.__init__ compares with */
/* a _csv.Dialect's slots: the attributes as the getters give them */
enum { DS_DELIM, DS_QUOTE, DS_ESC, DS_LT, DS_QUOTING, DS_DQ, DS_SKIP, DS_STRICT, DS_NSLOTS };

typedef struct csv_dialect {
    int32_t delim, quote, esc; /* CSV_UNSET for None */
    const ev_str *lt;          /* borrowed from the dialect, which the caller holds */
    int quoting;
    bool dq, skip, strict;
} csv_dialect;

extern ev_type csv_type_Error, csv_type_Dialect, csv_type_reader, csv_type_writer, csv_type_state;

/* the code point at *pos of UTF-8 s (advancing *pos), and its encoding (1-4 bytes) */
int32_t csv_utf8_next(const char *s, size_t len, size_t *pos);
size_t csv_utf8_put(char *out, int32_t c);
void csv_dialect_get(ev_value d, csv_dialect *out);
/* _csv.Dialect(dialect, **kw); st the module state (EV_ERR: names are refused) */
ev_value csv_dialect_make(ev_interp *I, ev_value st, ev_value dialect, const ev_kw *kw) EV_WU;
/* writer.writerow(row) */
ev_value csv_writerow(ev_interp *I, ev_value writer, ev_value row) EV_WU;
/* reader(...) and writer(...), bound to the state st */
ev_value csv_reader(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
ev_value csv_writer(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw) EV_WU;
int csv_register(ev_interp *I, ev_value st, const char *name, ev_value cls) EV_WU;
/* csv_dict.c: Dialect, excel, excel_tab, unix_dialect, DictReader, DictWriter, Sniffer into ns */
int csv_classes_init(ev_interp *I, ev_dict *ns, ev_value st) EV_WU;
/* csv_sniff.c: the Sniffer class into ns */
int csv_sniffer_init(ev_interp *I, ev_dict *ns, ev_value st) EV_WU;

#endif
