/* Temporary stand-in until the analyzer lands; replaced, not extended. */
#include <stdlib.h>
#include "analyzer/analyzer.h"
an_status an_parse_new(const char *src, size_t len, const char *filename, an_parse **out) { (void)src; (void)len; (void)filename; *out = NULL; return AN_EINVAL; }
void an_parse_free(an_parse *p) { (void)p; }
const TSTree *an_parse_tree(const an_parse *p) { (void)p; return NULL; }
const char *an_parse_source(const an_parse *p, size_t *len) { (void)p; *len = 0; return ""; }
const char *an_parse_filename(const an_parse *p) { (void)p; return ""; }
bool an_parse_syntax_ok(const an_parse *p) { (void)p; return false; }
an_status an_rules_load_default(an_rules **out, char **err) { *out = NULL; if (err) *err = NULL; return AN_EINVAL; }
an_status an_rules_load_dir(an_rules *r, const char *dir, char **err) { (void)r; (void)dir; if (err) *err = NULL; return AN_EINVAL; }
void an_rules_free(an_rules *r) { (void)r; }
size_t an_rules_count(const an_rules *r) { (void)r; return 0; }
const char *an_rules_id(const an_rules *r, size_t i) { (void)r; (void)i; return ""; }
const char *an_rules_title(const an_rules *r, size_t i) { (void)r; (void)i; return ""; }
an_severity an_rules_severity(const an_rules *r, size_t i) { (void)r; (void)i; return AN_SEV_ERROR; }
an_status an_check(const an_rules *r, const an_parse *p, an_report **out) { (void)r; (void)p; *out = NULL; return AN_EINVAL; }
void an_report_free(an_report *rep) { (void)rep; }
size_t an_report_count(const an_report *rep) { (void)rep; return 0; }
const an_diag *an_report_get(const an_report *rep, size_t i) { (void)rep; (void)i; return NULL; }
bool an_report_has_errors(const an_report *rep) { (void)rep; return true; }
char *an_report_render(const an_report *rep, const an_parse *p, an_format fmt) { (void)rep; (void)p; (void)fmt; return NULL; }
char *an_report_render_many(const an_report *const *reps, const an_parse *const *ps, size_t n, an_format fmt) { (void)reps; (void)ps; (void)n; (void)fmt; return NULL; }
