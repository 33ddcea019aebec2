/* Temporary stand-in until the evaluator lands; replaced, not extended. */
#include <string.h>
#include "evaluator/evaluator.h"
ev_session *ev_session_new(const ev_limits *limits) { (void)limits; return NULL; }
void ev_session_free(ev_session *s) { (void)s; }
void ev_session_reset(ev_session *s) { (void)s; }
ev_status ev_session_run(ev_session *s, const char *src, size_t len, const TSTree *tree, const char *filename, ev_mode mode, ev_write_fn out, void *out_ctx, ev_result *res)
{ (void)s; (void)src; (void)len; (void)tree; (void)filename; (void)mode; (void)out; (void)out_ctx; memset(res, 0, sizeof *res); res->status = EV_INTERNAL; return EV_INTERNAL; }
void ev_result_clear(ev_result *res) { (void)res; }
void ev_session_interrupt(ev_session *s) { (void)s; }
const char *const *ev_module_names(void) { static const char *const n[] = {NULL}; return n; }
