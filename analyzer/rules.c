/* rules.c - rule files, the policy, and each profile's index of patterns
 * (query.c compiles queries for safepy's own matcher, match.c runs them;
 * a query using more of tree-sitter's query language than query.c knows
 * keeps a TSQuery and runs through tree-sitter's cursor instead).
 *
 * Startup cost: the embedded rules arrive as C records made at build time
 * (gen_rules.c), a rule's query is compiled for the matcher when a profile
 * that runs it is first selected, and tree-sitter's own query compiler
 * (milliseconds a query: it analyses the whole parse table) only runs for
 * rule files given with --rules DIR, to validate them, and for queries
 * beyond the matcher.
 *
 * A rule file is one JSON object:
 *   {"id": "SP101", "severity": "error"|"warning"|"note", "title": "...",
 *    "message": "... {{capture}} ...", "hint": "... {{set:NAME}} ...",
 *    "references": ["CWE-94", ...], "query": "(tree-sitter query)",
 *    "span": "capture"   (optional: what to underline; default the first capture)}
 * The policy file (policy.json) is {"sets": {"NAME": ["item", ...], ...},
 * "attributes": {"NAME": {"why": ..., "instead": ...}}, "notes": {...}};
 * the names of "attributes" form the set internal_attributes.
 *
 * Predicates (tree-sitter does not apply them; we do):
 *   #eq? #not-eq? @a "text"|@b     #match? #not-match? @a "pcre2"
 *   #any-of? #not-any-of? @a "x" "y" ...
 *   #in-set? #not-in-set? @a "SETNAME"          (sets of the policy file, and the
 *                                               per-program set "module_aliases")
 *   #field-of? #not-field-of? @a "parent_type" "field"
 *   #type? #not-type? @a "node_type" ...      (the captured node's type)
 *   #module? #not-module? @a                  (an identifier only `import NAME` or
 *                                               `import M as NAME` binds, anywhere)
 *   #safe-prefix? #not-safe-prefix? @a "SETNAME" ...
 *                     (an f-string or "...".format(...) whose value starts
 *                     with fixed public text no item of the sets starts with)
 * Optional keys: "profiles": ["cpython", "sandbox"] (default both: which
 * profiles run the rule), "rationale": "why" (shown by `rules explain`).
 * Identifiers are NFKC-normalized before matching, as CPython does. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "analyzer/an_rules.h"

#define AN_ATTR_SET "internal_attributes"

#define MAX_RULE_FILE (1u << 20)



int an_prof_index(an_profile p)
{
    return p == AN_PROFILE_CPYTHON ? 0 : 1;
}

bool an_rules_need_trees(const an_rules *r)
{
    const an_index *ix = &r->idx[an_prof_index(r->profile)];
    return !ix->built || ix->nts > 0;
}


/* --- freeing ---------------------------------------------------------------------- */

static void strs_free(char **s, size_t n)
{
    for (size_t i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}

static void qset_clear(an_qset *qs)
{
    for (uint32_t i = 0; qs->preds && i < qs->npatterns; i++) {
        for (size_t j = 0; qs->preds[i] && j < qs->npreds[i]; j++)
            an_pred_clear(&qs->preds[i][j]);
        free(qs->preds[i]);
    }
    free(qs->preds);
    free(qs->npreds);
    if (qs->q)
        ts_query_delete(qs->q);
    memset(qs, 0, sizeof *qs);
}

static void rule_free(an_rule *r)
{
    if (!r)
        return;
    qset_clear(&r->qs);
    an_query_clear(&r->mq);
    free(r->query);
    free(r->span);
    free(r->id);
    free(r->title);
    free(r->message);
    free(r->hint);
    free(r->file);
    free(r->rationale);
    free(r->tests);
    strs_free(r->refs, r->nrefs);
    free(r);
}

static void sets_free(an_set *s, size_t n)
{
    for (size_t i = 0; s && i < n; i++) {
        free(s[i].name);
        strs_free(s[i].items, s[i].n);
    }
    free(s);
}

static void index_clear(an_index *ix)
{
    free(ix->start);
    free(ix->refs);
    free(ix->wild);
    free(ix->guards);
    free(ix->sym_filter);
    free(ix->ts);
    free(ix->ts_order);
    memset(ix, 0, sizeof *ix);
}

void an_rules_free(an_rules *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++)
        rule_free(r->rules[i]);
    free(r->rules);
    sets_free(r->sets, r->nsets);
    for (int k = 0; k < 2; k++)
        index_clear(&r->idx[k]);
    free(r);
}

/* --- loading ------------------------------------------------------------------------ */

/* AN_MODULE_ALIASES names the set of names a program binds to an allowed
 * module (`import random as r`, `t = time`): computed per program, so that
 * `r._os` is what `random._os` is.  Only rules that reach *through* a
 * module use it; the import allowlist (SP101) never does, so an alias
 * cannot widen it.  AN_FUNCTION_NAMES, also per program, holds the names
 * bound by def or to a lambda (type(f)(code, globals) builds a function). */

const an_set *an_find_set(const an_rules *r, const char *name)
{
    for (size_t i = 0; i < r->nsets; i++)
        if (strcmp(r->sets[i].name, name) == 0)
            return &r->sets[i];
    return NULL;
}

static cJSON *parse_json(const char *text, size_t len, const char *file, char **err)
{
    const char *end = NULL;
    if (len > MAX_RULE_FILE) {
        an_fail(err, AN_EINVAL, "%s: file larger than 1 MiB", file);
        return NULL;
    }
    cJSON *j = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (!j) {
        size_t off = end && end >= text ? (size_t)(end - text) : 0;
        size_t line = 1, col = 1;
        for (size_t i = 0; i < off && i < len; i++) {
            if (text[i] == '\n') {
                line++;
                col = 1;
            } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
                col++;
            }
        }
        /* file:line:column, as editors and compilers print positions */
        an_fail(err, AN_EINVAL, "%s:%zu:%zu: invalid JSON (byte %zu)", file, line, col, off);
        return NULL;
    }
    if (!cJSON_IsObject(j)) {
        cJSON_Delete(j);
        an_fail(err, AN_EINVAL, "%s: expected a JSON object", file);
        return NULL;
    }
    return j;
}

static an_status load_policy(an_rules *r, const char *text, size_t len, const char *file,
                             char **err)
{
    an_status st = AN_EINVAL;
    an_set *sets = NULL;
    size_t nsets = 0;
    cJSON *j = parse_json(text, len, file, err);
    if (!j)
        return AN_EINVAL;
    const cJSON *it;
    cJSON_ArrayForEach(it, j) {
        if (strcmp(it->string, "sets") != 0 && strcmp(it->string, "notes") != 0 &&
            strcmp(it->string, "attributes") != 0) {
            st = an_fail(err, AN_EINVAL,
                          "%s: unknown key \"%s\" (a policy file has \"sets\", \"attributes\" and "
                          "\"notes\")",
                          file, it->string);
            goto fail;
        }
    }
    /* "attributes": {"NAME": {"why": "...", "instead": "..."}}: the
     * escape-chain attributes; their names are the set internal_attributes
     * (the evaluator's copy is generated from rules/policy.json at build) */
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes");
    if (attrs && !cJSON_IsObject(attrs)) {
        st = an_fail(err, AN_EINVAL, "%s: \"attributes\" must be an object", file);
        goto fail;
    }
    cJSON_ArrayForEach(it, attrs) {
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(it, "why");
        const cJSON *instead = cJSON_GetObjectItemCaseSensitive(it, "instead");
        const cJSON *harmless = cJSON_GetObjectItemCaseSensitive(it, "harmless_in_safepy");
        if (!it->string[0] || !cJSON_IsObject(it) || cJSON_GetArraySize(it) != 2 + (harmless != NULL) ||
            !cJSON_IsString(why) || !why->valuestring[0] || !cJSON_IsString(instead) ||
            !instead->valuestring[0] || (harmless && (!cJSON_IsString(harmless) || !harmless->valuestring[0]))) {
            st = an_fail(err, AN_EINVAL,
                          "%s: attribute \"%s\" must be {\"why\": \"...\", \"instead\": \"...\"} "
                          "(and optionally \"harmless_in_safepy\": \"...\")",
                          file, it->string);
            goto fail;
        }
    }
    /* "notes": {"SET": "why the set holds what it holds"}, for people */
    const cJSON *notes = cJSON_GetObjectItemCaseSensitive(j, "notes");
    if (notes) {
        const cJSON *x;
        if (!cJSON_IsObject(notes)) {
            st = an_fail(err, AN_EINVAL, "%s: \"notes\" must be an object of strings", file);
            goto fail;
        }
        cJSON_ArrayForEach(x, notes) {
            if (!cJSON_IsString(x)) {
                st = an_fail(err, AN_EINVAL, "%s: note \"%s\" must be a string", file, x->string);
                goto fail;
            }
        }
    }
    const cJSON *js = cJSON_GetObjectItemCaseSensitive(j, "sets");
    if (!cJSON_IsObject(js)) {
        st = an_fail(err, AN_EINVAL, "%s: \"sets\" must be an object of string arrays", file);
        goto fail;
    }
    if (cJSON_GetObjectItemCaseSensitive(js, AN_ATTR_SET)) {
        st = an_fail(err, AN_EINVAL, "%s: the set \"" AN_ATTR_SET "\" is made of the names of "
                      "\"attributes\"; do not define it", file);
        goto fail;
    }
    size_t count = (size_t)cJSON_GetArraySize(js) + 1 + r->nsets;
    sets = calloc(count, sizeof *sets);
    if (!sets) {
        st = AN_ENOMEM;
        goto fail;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, js) {
        if (!cJSON_IsArray(e)) {
            st = an_fail(err, AN_EINVAL, "%s: set \"%s\" must be an array of strings", file, e->string);
            goto fail;
        }
        an_set *s = &sets[nsets++];
        s->name = an_strdup(e->string);
        size_t ni = (size_t)cJSON_GetArraySize(e);
        s->items = calloc(ni ? ni : 1, sizeof *s->items);
        if (!s->name || !s->items) {
            st = AN_ENOMEM;
            goto fail;
        }
        const cJSON *x;
        cJSON_ArrayForEach(x, e) {
            if (!cJSON_IsString(x) || !x->valuestring[0]) {
                st = an_fail(err, AN_EINVAL, "%s: set \"%s\" holds a non-string or empty item",
                              file, e->string);
                goto fail;
            }
            if (!(s->items[s->n++] = an_strdup(x->valuestring))) {
                st = AN_ENOMEM;
                goto fail;
            }
        }
    }
    if (attrs) {
        an_set *s = &sets[nsets++];
        size_t ni = (size_t)cJSON_GetArraySize(attrs);
        s->name = an_strdup(AN_ATTR_SET);
        s->items = calloc(ni ? ni : 1, sizeof *s->items);
        if (!s->name || !s->items) {
            st = AN_ENOMEM;
            goto fail;
        }
        cJSON_ArrayForEach(it, attrs) {
            if (!(s->items[s->n++] = an_strdup(it->string))) {
                st = AN_ENOMEM;
                goto fail;
            }
        }
    }
    /* the sets the file does not name stay as they were (a deployment's
     * policy.json may change allowed_modules alone) */
    size_t nnew = nsets;
    for (size_t i = 0; i < r->nsets; i++) {
        bool named = false;
        for (size_t k = 0; k < nnew && !named; k++)
            named = strcmp(sets[k].name, r->sets[i].name) == 0;
        if (!named) {
            sets[nsets++] = r->sets[i];
            r->sets[i] = (an_set){0};
        }
    }
    sets_free(r->sets, r->nsets);
    r->sets = sets;
    r->nsets = nsets;
    cJSON_Delete(j);
    return AN_OK;
fail:
    sets_free(sets, nsets);
    cJSON_Delete(j);
    return st;
}

static const char *req_string(const cJSON *j, const char *key, const char *file, char **err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);
    if (!cJSON_IsString(v) || !v->valuestring[0]) {
        an_fail(err, AN_EINVAL, "%s: \"%s\" must be a non-empty string", file, key);
        return NULL;
    }
    return v->valuestring;
}

static bool valid_id(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 32 || strcmp(s, "syntax") == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
            return false;
    return true;
}

static const char *query_error_name(TSQueryError e)
{
    switch (e) {
    case TSQueryErrorSyntax: return "syntax error";
    case TSQueryErrorNodeType: return "unknown node type";
    case TSQueryErrorField: return "unknown field";
    case TSQueryErrorCapture: return "unknown capture";
    case TSQueryErrorStructure: return "impossible pattern structure";
    default: return "error";
    }
}

static int64_t capture_id(const TSQuery *q, const char *name, size_t len)
{
    uint32_t n = ts_query_capture_count(q);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t l;
        const char *s = ts_query_capture_name_for_id(q, i, &l);
        if (l == len && memcmp(s, name, len) == 0)
            return i;
    }
    return -1;
}

/* Checks {{name}} placeholders: captures of the query or set:NAME. */
static an_status check_placeholders(const an_rule *ru, const char *text, const char *key, char **err)
{
    const char *s = text;
    while ((s = strstr(s, "{{")) != NULL) {
        const char *e = strstr(s + 2, "}}");
        if (!e)
            return an_fail(err, AN_EINVAL, "%s: unclosed '{{' in \"%s\"", ru->file, key);
        const char *name = s + 2;
        size_t n = (size_t)(e - name);
        if (n > 4 && memcmp(name, "set:", 4) == 0) {
            /* checked against the policy once every file is loaded */
        } else if (capture_id(ru->qs.q, name, n) < 0) {
            return an_fail(err, AN_EINVAL, "%s: \"%s\" refers to {{%.*s}}, which is not a capture of the query",
                            ru->file, key, (int)n, name);
        }
        s = e + 2;
    }
    return AN_OK;
}

static an_status compile_preds(an_qset *qs, const char *file, char **err)
{
    qs->npatterns = ts_query_pattern_count(qs->q);
    qs->preds = calloc(qs->npatterns ? qs->npatterns : 1, sizeof *qs->preds);
    qs->npreds = calloc(qs->npatterns ? qs->npatterns : 1, sizeof *qs->npreds);
    if (!qs->preds || !qs->npreds)
        return AN_ENOMEM;
    for (uint32_t pi = 0; pi < qs->npatterns; pi++) {
        uint32_t nsteps;
        const TSQueryPredicateStep *st = ts_query_predicates_for_pattern(qs->q, pi, &nsteps);
        size_t count = 0;
        for (uint32_t i = 0; i < nsteps; i++)
            count += st[i].type == TSQueryPredicateStepTypeDone;
        qs->preds[pi] = calloc(count ? count : 1, sizeof(an_pred));
        if (!qs->preds[pi])
            return AN_ENOMEM;
        uint32_t i = 0;
        while (i < nsteps) {
            uint32_t j = i;
            while (j < nsteps && st[j].type != TSQueryPredicateStepTypeDone)
                j++;
            uint32_t nargs = j - i, l;
            if (nargs == 0 || st[i].type != TSQueryPredicateStepTypeString)
                return an_fail(err, AN_EINVAL, "%s: malformed predicate", file);
            const char *name = ts_query_string_value_for_id(qs->q, st[i].value_id, &l);
            an_parg args[64];
            if (nargs - 1 > sizeof args / sizeof *args)
                return an_fail(err, AN_EINVAL, "%s: #%s has too many arguments", file, name);
            for (uint32_t k = i + 1; k < j; k++) {
                an_parg *a = &args[k - i - 1];
                memset(a, 0, sizeof *a);
                if (st[k].type == TSQueryPredicateStepTypeCapture) {
                    a->is_cap = true;
                    a->cap = st[k].value_id;
                } else {
                    uint32_t vl;
                    a->s = ts_query_string_value_for_id(qs->q, st[k].value_id, &vl);
                    a->len = vl;
                }
            }
            an_status ps = an_pred_build(&qs->preds[pi][qs->npreds[pi]++], name, args, nargs - 1, file, err);
            if (ps != AN_OK)
                return ps;
            i = j + 1;
        }
    }
    return AN_OK;
}

/* The fields of a rule file, read by load_rule from JSON or transcribed at
 * build time (analyzer/gen_rules.c) into an_embedded_rules[]; build_rule
 * checks their values and makes the rule. */

/* `trusted` rules (the embedded defaults, validated by the unit tests from
 * rules/ on disk) skip tree-sitter's own compile of their query, which
 * costs milliseconds a query: the matcher needs only query.c's. */
static an_status build_rule(an_rules *r, const an_rule_src *src, bool trusted, char **err)
{
    an_status st = AN_EINVAL;
    an_rule *ru = NULL;
    const char *file = src->file, *query = src->query;
    if (!valid_id(src->id))
        return an_fail(err, AN_EINVAL, "%s: id \"%s\" must be 1-32 letters, digits, '_' or '-'", file, src->id);
    st = AN_ENOMEM;
    ru = calloc(1, sizeof *ru);
    if (!ru)
        goto fail;
    if (strcmp(src->severity, "error") == 0) ru->sev = AN_SEV_ERROR;
    else if (strcmp(src->severity, "warning") == 0) ru->sev = AN_SEV_WARNING;
    else if (strcmp(src->severity, "note") == 0) ru->sev = AN_SEV_NOTE;
    else {
        st = an_fail(err, AN_EINVAL, "%s: unknown severity \"%s\" (error, warning or note)", file, src->severity);
        goto fail;
    }
    ru->profiles = AN_PROFILE_CPYTHON | AN_PROFILE_SANDBOX;
    if (src->profiles) {
        ru->profiles = 0;
        if (src->nprofiles == 0) {
            st = an_fail(err, AN_EINVAL, "%s: \"profiles\" must be a non-empty array of \"cpython\" and \"sandbox\"", file);
            goto fail;
        }
        for (size_t k = 0; k < src->nprofiles; k++) {
            const char *x = src->profiles[k]; /* NULL: not a string */
            if (x && strcmp(x, "cpython") == 0)
                ru->profiles |= AN_PROFILE_CPYTHON;
            else if (x && strcmp(x, "sandbox") == 0)
                ru->profiles |= AN_PROFILE_SANDBOX;
            else {
                st = an_fail(err, AN_EINVAL, "%s: unknown profile in \"profiles\" (cpython or sandbox)", file);
                goto fail;
            }
        }
    }
    if (src->rationale && !(ru->rationale = an_strdup(src->rationale)))
        goto fail;
    if (src->refs) {
        ru->refs = calloc(src->nrefs + 1, sizeof *ru->refs);
        if (!ru->refs)
            goto fail;
        for (size_t k = 0; k < src->nrefs; k++)
            if (!(ru->refs[ru->nrefs++] = an_strdup(src->refs[k])))
                goto fail;
    }
    if (src->tests && !(ru->tests = an_strdup(src->tests)))
        goto fail;
    ru->id = an_strdup(src->id);
    ru->title = an_strdup(src->title);
    ru->message = an_strdup(src->message);
    ru->hint = an_strdup(src->hint);
    ru->file = an_strdup(file);
    if (!ru->id || !ru->title || !ru->message || !ru->hint || !ru->file)
        goto fail;
    uint32_t eoff = 0;
    TSQueryError qe = TSQueryErrorNone;
    if (!trusted) {
        ru->qs.q = ts_query_new(tree_sitter_python(), query, (uint32_t)strlen(query), &eoff, &qe);
        if (!ru->qs.q) {
            /* the query is a JSON string: name the offset and the text there */
            size_t ql = strlen(query), at = eoff < ql ? eoff : ql, n = 0;
            while (at + n < ql && n < 24 && query[at + n] != '\n')
                n++;
            st = an_fail(err, AN_EINVAL, "%s: query %s at offset %u of the query, at '%.*s'", file,
                         query_error_name(qe), eoff, (int)n, query + at);
            goto fail;
        }
        st = compile_preds(&ru->qs, file, err);
        if (st != AN_OK)
            goto fail;
    }
    /* the matcher's form of the query (match.c); a query beyond it runs
     * through tree-sitter.  A query tree-sitter accepted above is valid
     * whatever query.c thinks of it.  A trusted rule's is compiled when a
     * profile that runs it is first selected (build_index). */
    if (!trusted) {
        an_qres qr;
        char *qerr = NULL;
        st = an_query_compile(&ru->mq, query, file, &qr, &qerr);
        free(qerr);
        if (st == AN_EINVAL) {
            st = AN_OK;
            qr = AN_Q_UNSUPPORTED;
        }
        if (st != AN_OK)
            goto fail;
        ru->native = qr == AN_Q_OK;
        ru->compiled = true;
    }
    st = AN_ENOMEM;
    if (!(ru->query = an_strdup(query)))
        goto fail;
    if (src->span) {
        if (!trusted && capture_id(ru->qs.q, src->span, strlen(src->span)) < 0) {
            st = an_fail(err, AN_EINVAL, "%s: \"span\" must name a capture of the query", file);
            goto fail;
        }
        if (!(ru->span = an_strdup(src->span)))
            goto fail;
    }
    if (!trusted && ((st = check_placeholders(ru, src->message, "message", err)) != AN_OK ||
                     (st = check_placeholders(ru, src->hint, "hint", err)) != AN_OK))
        goto fail;
    /* add or replace by id */
    for (size_t i = 0; i < r->n; i++) {
        if (strcmp(r->rules[i]->id, ru->id) == 0) {
            rule_free(r->rules[i]);
            r->rules[i] = ru;
            return AN_OK;
        }
    }
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        an_rule **rs = realloc(r->rules, cap * sizeof *rs);
        if (!rs) {
            st = AN_ENOMEM;
            goto fail;
        }
        r->rules = rs;
        r->cap = cap;
    }
    r->rules[r->n++] = ru;
    return AN_OK;
fail:
    rule_free(ru);
    return st;
}

/* Reads a rule file's JSON into an_rule_src and builds the rule. */
static an_status load_rule(an_rules *r, const char *text, size_t len, const char *file, const char *tests,
                           char **err)
{
    an_status st = AN_EINVAL;
    const char **refv = NULL, **profv = NULL;
    cJSON *j = parse_json(text, len, file, err);
    if (!j)
        return AN_EINVAL;
    static const char *const keys[] = {"id", "severity", "title", "message", "hint",
                                       "references", "query", "span", "profiles", "rationale", NULL};
    const cJSON *it;
    cJSON_ArrayForEach(it, j) {
        size_t k = 0;
        while (keys[k] && strcmp(keys[k], it->string) != 0)
            k++;
        if (!keys[k]) {
            st = an_fail(err, AN_EINVAL, "%s: unknown key \"%s\"", file, it->string);
            goto fail;
        }
    }
    an_rule_src src = {.file = file, .tests = tests};
    src.id = req_string(j, "id", file, err);
    src.severity = req_string(j, "severity", file, err);
    src.title = req_string(j, "title", file, err);
    src.message = req_string(j, "message", file, err);
    src.hint = req_string(j, "hint", file, err);
    src.query = req_string(j, "query", file, err);
    if (!src.id || !src.severity || !src.title || !src.message || !src.hint || !src.query)
        goto fail;
    const cJSON *refs = cJSON_GetObjectItemCaseSensitive(j, "references");
    if (refs) {
        const cJSON *x;
        if (!cJSON_IsArray(refs)) {
            st = an_fail(err, AN_EINVAL, "%s: \"references\" must be an array of strings", file);
            goto fail;
        }
        st = AN_ENOMEM;
        if (!(refv = calloc((size_t)cJSON_GetArraySize(refs) + 1, sizeof *refv)))
            goto fail;
        st = AN_EINVAL;
        src.refs = refv;
        cJSON_ArrayForEach(x, refs) {
            if (!cJSON_IsString(x)) {
                st = an_fail(err, AN_EINVAL, "%s: \"references\" must be an array of strings", file);
                goto fail;
            }
            refv[src.nrefs++] = x->valuestring;
        }
    }
    const cJSON *prof = cJSON_GetObjectItemCaseSensitive(j, "profiles");
    if (prof) {
        const cJSON *x;
        if (!cJSON_IsArray(prof)) {
            st = an_fail(err, AN_EINVAL, "%s: \"profiles\" must be a non-empty array of \"cpython\" and \"sandbox\"", file);
            goto fail;
        }
        st = AN_ENOMEM;
        if (!(profv = calloc((size_t)cJSON_GetArraySize(prof) + 1, sizeof *profv)))
            goto fail;
        st = AN_EINVAL;
        src.profiles = profv;
        cJSON_ArrayForEach(x, prof)
            profv[src.nprofiles++] = cJSON_IsString(x) ? x->valuestring : NULL;
    }
    const cJSON *rat = cJSON_GetObjectItemCaseSensitive(j, "rationale");
    if (rat && !cJSON_IsString(rat)) {
        st = an_fail(err, AN_EINVAL, "%s: \"rationale\" must be a string", file);
        goto fail;
    }
    src.rationale = rat ? rat->valuestring : NULL;
    const cJSON *span = cJSON_GetObjectItemCaseSensitive(j, "span");
    if (span && !cJSON_IsString(span)) {
        st = an_fail(err, AN_EINVAL, "%s: \"span\" must name a capture of the query", file);
        goto fail;
    }
    src.span = span ? span->valuestring : NULL;
    st = build_rule(r, &src, false, err);
fail:
    free(refv);
    free(profv);
    cJSON_Delete(j);
    return st;
}

static an_status check_pred_sets(const an_rules *r, const an_rule *ru, const an_pred *preds, size_t n,
                                 char **err)
{
    for (size_t k = 0; k < n; k++) {
        if (preds[k].kind == P_IN_SET && !an_find_set(r, preds[k].strs[0]) &&
            strcmp(preds[k].strs[0], AN_MODULE_ALIASES) != 0 && strcmp(preds[k].strs[0], AN_FUNCTION_NAMES) != 0)
            return an_fail(err, AN_EINVAL, "%s: unknown set \"%s\" (define it in policy.json)", ru->file,
                           preds[k].strs[0]);
        /* the per-program sets hold names bound in the program, not
         * attribute names: a prefix tested against them proves nothing */
        for (size_t i = 0; preds[k].kind == P_SAFE_PREFIX && i < preds[k].nstrs; i++)
            if (!an_find_set(r, preds[k].strs[i]))
                return an_fail(err, AN_EINVAL, "%s: unknown set \"%s\" in #safe-prefix? (define it in policy.json)",
                               ru->file, preds[k].strs[i]);
    }
    return AN_OK;
}

/* Every set a rule from a directory names must exist once all files are
 * loaded.  (The embedded rules are not checked: a policy.json given with
 * --rules may leave out sets only they use, which then hold nothing.) */
static an_status check_sets(const an_rules *r, char **err)
{
    for (size_t i = 0; i < r->n; i++) {
        const an_rule *ru = r->rules[i];
        const an_qset *qs = &ru->qs;
        an_status st = AN_OK;
        for (uint32_t p = 0; p < qs->npatterns && st == AN_OK; p++)
            st = check_pred_sets(r, ru, qs->preds[p], qs->npreds[p], err);
        if (st != AN_OK)
            return st;
        const char *texts[2] = {ru->message, ru->hint};
        for (int t = 0; t < 2; t++) {
            const char *s = texts[t];
            while ((s = strstr(s, "{{set:")) != NULL) {
                const char *e = strstr(s, "}}");
                char name[128];
                size_t n = (size_t)(e - s - 6);
                if (n >= sizeof name)
                    n = sizeof name - 1;
                memcpy(name, s + 6, n);
                name[n] = '\0';
                if (!an_find_set(r, name))
                    return an_fail(err, AN_EINVAL, "%s: unknown set \"%s\" in {{set:...}}", ru->file, name);
                s = e + 2;
            }
        }
    }
    return AN_OK;
}

/* A rule the matcher cannot run needs its TSQuery (trusted rules skipped
 * it at load). */
static an_status need_tsquery(an_rule *ru, char **err)
{
    if (ru->qs.q)
        return AN_OK;
    uint32_t eoff;
    TSQueryError qe;
    ru->qs.q = ts_query_new(tree_sitter_python(), ru->query, (uint32_t)strlen(ru->query), &eoff, &qe);
    if (!ru->qs.q)
        return an_fail(err, AN_EINVAL, "%s: query %s at offset %u of the query", ru->file,
                        query_error_name(qe), eoff);
    an_status st = compile_preds(&ru->qs, ru->file, err);
    if (st != AN_OK)
        qset_clear(&ru->qs);
    return st;
}

/* --- guards (see an_guard) --- */

/* Does predicate pr read capture cap alone? */
static bool reads_alone(const an_pred *pr, uint16_t cap)
{
    return pr->cap == cap && pr->cap2 < 0;
}

static bool pred_same(const an_pred *a, const an_pred *b)
{
    if (a->kind != b->kind || a->negate != b->negate || a->nstrs != b->nstrs || a->ffield != b->ffield)
        return false;
    for (size_t i = 0; i < a->nstrs; i++)
        if (strcmp(a->strs[i], b->strs[i]) != 0)
            return false;
    return true;
}

/* The same test: same step kind, and the same predicates on the capture. */
static bool guard_same(const an_guard *a, const an_guard *b)
{
    if ((a->step == 0) != (b->step == 0) || (a->step && (a->sym != b->sym || a->field != b->field)))
        return false;
    const an_pat *pa = a->pat, *pb = b->pat;
    size_t i = 0, k = 0;
    for (;;) {
        while (i < pa->npreds && !reads_alone(&pa->preds[i], a->cap))
            i++;
        while (k < pb->npreds && !reads_alone(&pb->preds[k], b->cap))
            k++;
        if (i == pa->npreds || k == pb->npreds)
            return i == pa->npreds && k == pb->npreds;
        if (!pred_same(&pa->preds[i++], &pb->preds[k++]))
            return false;
    }
}

/* The guard of a pattern: its root's capture, else the first child step
 * of the root with a field, a symbol and a capture, whose predicates read
 * it alone; false when it has none. */
static bool guard_of(const an_pat *pt, an_guard *g)
{
    const an_step *st = pt->steps;
    for (uint16_t s = 0; s < pt->nsteps; s = s == 0 ? 1 : st[s].end) {
        const an_step *x = &st[s];
        if (x->cap < 0 || (s > 0 && (!x->field || (x->flags & AN_ST_WILD))))
            continue;
        for (size_t k = 0; k < pt->npreds; k++) {
            if (reads_alone(&pt->preds[k], (uint16_t)x->cap)) {
                *g = (an_guard){.step = s, .sym = x->sym, .field = x->field, .cap = (uint16_t)x->cap, .pat = pt};
                return true;
            }
        }
    }
    return false;
}

static void filter_add(an_guard *g, const char *str)
{
    size_t l = strlen(str);
    g->lens |= 1ull << (l < 63 ? l : 63);
    if (l)
        g->first[(unsigned char)str[0] >> 6] |= 1ull << ((unsigned char)str[0] & 63);
}

/* The guard's filter, from the first predicate of its capture that wants
 * the text to be one of known strings (see an_guard). */
static void guard_filter(const an_rules *r, an_guard *g)
{
    const an_pat *pt = g->pat;
    for (size_t k = 0; k < pt->npreds; k++) {
        const an_pred *pr = &pt->preds[k];
        if (!reads_alone(pr, g->cap) || pr->negate)
            continue;
        if (pr->kind == P_EQ || pr->kind == P_ANY_OF) {
            for (size_t i = 0; i < pr->nstrs; i++)
                filter_add(g, pr->strs[i]);
        } else if (pr->kind == P_IN_SET && strcmp(pr->strs[0], AN_MODULE_ALIASES) != 0 &&
                   strcmp(pr->strs[0], AN_FUNCTION_NAMES) != 0) {
            const an_set *set = an_find_set(r, pr->strs[0]);
            for (size_t i = 0; set && i < set->n; i++)
                filter_add(g, set->items[i]);
        } else {
            continue;
        }
        g->filter = true;
        return;
    }
}

/* Gives each pattern of ix its guard, shared with the patterns that have
 * the same one. */
static an_status index_guards(const an_rules *r, an_index *ix)
{
    size_t nrefs = ix->start ? ix->start[ix->nsyms] : 0, n = nrefs + ix->nwild;
    if (!n)
        return AN_OK;
    if (!(ix->guards = calloc(n, sizeof *ix->guards)))
        return AN_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        an_pref *pr = i < nrefs ? &ix->refs[i] : &ix->wild[i - nrefs];
        an_guard g;
        pr->guard = -1;
        if (!guard_of(pr->pat, &g))
            continue;
        size_t k = 0;
        while (k < ix->nguards && !guard_same(&ix->guards[k], &g))
            k++;
        if (k == ix->nguards) {
            guard_filter(r, &g);
            ix->guards[ix->nguards++] = g;
        }
        pr->guard = (int32_t)k;
    }
    if (nrefs && !(ix->sym_filter = calloc(ix->nsyms, sizeof *ix->sym_filter)))
        return AN_ENOMEM;
    for (uint32_t sym = 0; nrefs && sym < ix->nsyms; sym++) {
        an_guard *u = &ix->sym_filter[sym];
        for (uint32_t i = ix->start[sym]; i < ix->start[sym + 1]; i++) {
            an_pref *pr = &ix->refs[i];
            const an_guard *g = pr->guard >= 0 ? &ix->guards[pr->guard] : NULL;
            if (!g || g->step != 0 || !g->filter)
                continue;
            pr->root_filtered = true;
            u->filter = true;
            u->lens |= g->lens;
            for (int k = 0; k < 4; k++)
                u->first[k] |= g->first[k];
        }
    }
    return AN_OK;
}

/* Builds the index of the rules of one profile (see an_index): patterns
 * by the symbol their root needs, in the order of rules and patterns. */
static an_status build_index(an_rules *r, unsigned mask, an_index *ix, char **err)
{
    an_status st = AN_ENOMEM;
    const TSLanguage *lang = tree_sitter_python();
    index_clear(ix);
    ix->nsyms = ts_language_symbol_count(lang);
    size_t nrefs = 0, nwild = 0, nts = 0;
    for (size_t i = 0; i < r->n; i++) {
        an_rule *ru = r->rules[i];
        if (!(ru->profiles & mask))
            continue;
        if (!ru->compiled) {
            an_qres qr;
            if ((st = an_query_compile(&ru->mq, ru->query, ru->file, &qr, err)) != AN_OK)
                goto fail;
            ru->native = qr == AN_Q_OK;
            ru->compiled = true;
        }
        if (!ru->native) {
            if ((st = need_tsquery(ru, err)) != AN_OK)
                goto fail;
            st = AN_ENOMEM;
            nts++;
            continue;
        }
        for (size_t p = 0; p < ru->mq.npats; p++) {
            if (ru->mq.pats[p].steps[0].flags & AN_ST_WILD)
                nwild++;
            else
                nrefs++;
        }
    }
    if (nrefs + nwild > 0) {
        ix->start = calloc(ix->nsyms + 1, sizeof *ix->start);
        ix->refs = calloc(nrefs ? nrefs : 1, sizeof *ix->refs);
        ix->wild = calloc(nwild ? nwild : 1, sizeof *ix->wild);
        if (!ix->start || !ix->refs || !ix->wild)
            goto fail;
    }
    if (nts > 0) {
        ix->ts = calloc(nts, sizeof *ix->ts);
        ix->ts_order = calloc(nts, sizeof *ix->ts_order);
        if (!ix->ts || !ix->ts_order)
            goto fail;
    }
    /* counts by symbol, then offsets, then fill in order */
    for (size_t i = 0; i < r->n; i++) {
        const an_rule *ru = r->rules[i];
        for (size_t p = 0; (ru->profiles & mask) && ru->native && p < ru->mq.npats; p++)
            if (!(ru->mq.pats[p].steps[0].flags & AN_ST_WILD))
                ix->start[ru->mq.pats[p].steps[0].sym + 1]++;
    }
    for (uint32_t k = 0; ix->start && k < ix->nsyms; k++)
        ix->start[k + 1] += ix->start[k];
    uint32_t order = 0;
    for (size_t i = 0; i < r->n; i++) {
        const an_rule *ru = r->rules[i];
        if (!(ru->profiles & mask))
            continue;
        if (!ru->native) {
            ix->ts[ix->nts] = ru;
            ix->ts_order[ix->nts++] = order;
            order += ts_query_pattern_count(ru->qs.q);
            continue;
        }
        for (size_t p = 0; p < ru->mq.npats; p++) {
            const an_pat *pt = &ru->mq.pats[p];
            an_pref ref = {.ru = ru, .pat = pt, .order = order++};
            if (pt->steps[0].flags & AN_ST_WILD) {
                ix->wild[ix->nwild++] = ref;
            } else {
                /* start[] counts up as it fills; shifted back below */
                ix->refs[ix->start[pt->steps[0].sym]++] = ref;
            }
        }
    }
    for (uint32_t k = ix->nsyms; ix->start && k > 0; k--)
        ix->start[k] = ix->start[k - 1];
    if (ix->start)
        ix->start[0] = 0;
    if ((st = index_guards(r, ix)) != AN_OK)
        goto fail;
    ix->built = true;
    return AN_OK;
fail:
    index_clear(ix);
    return st;
}

/* Builds the index of the current profile once every file is loaded. */
static an_status finalize(an_rules *r, char **err)
{
    an_status st = check_sets(r, err);
    if (st != AN_OK)
        return st;
    /* the current profile's only: run and mcp never use the cpython one */
    int k = an_prof_index(r->profile);
    index_clear(&r->idx[1 - k]); /* stale once rules changed; rebuilt on demand */
    return build_index(r, r->profile, &r->idx[k], err);
}

static bool is_policy_name(const char *name)
{
    return strcmp(name, "policy.json") == 0;
}

an_status an_rules_load_default(an_rules **out, char **err)
{
    an_status st = AN_ENOMEM;
    if (err)
        *err = NULL;
    *out = NULL;
    an_rules *r = calloc(1, sizeof *r);
    if (!r)
        goto fail;
    r->profile = AN_PROFILE_SANDBOX;
    /* the files were read and transcribed at build time (gen_rules.c):
     * no JSON to parse here */
    r->sets = calloc(an_embedded_nsets ? an_embedded_nsets : 1, sizeof *r->sets);
    if (!r->sets)
        goto fail;
    for (size_t i = 0; i < an_embedded_nsets; i++) {
        const an_set_src *es = &an_embedded_sets[i];
        an_set *set = &r->sets[r->nsets++];
        set->name = an_strdup(es->name);
        set->items = calloc(es->n ? es->n : 1, sizeof *set->items);
        if (!set->name || !set->items)
            goto fail;
        for (size_t k = 0; k < es->n; k++)
            if (!(set->items[set->n++] = an_strdup(es->items[k])))
                goto fail;
    }
    for (size_t i = 0; i < an_embedded_nrules; i++)
        if ((st = build_rule(r, &an_embedded_rules[i], true, err)) != AN_OK)
            goto fail;
    if ((st = finalize(r, err)) != AN_OK)
        goto fail;
    *out = r;
    return AN_OK;
fail:
    an_rules_free(r);
    return st;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(MAX_RULE_FILE + 2);
    size_t n = buf ? fread(buf, 1, MAX_RULE_FILE + 1, f) : 0;
    bool bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

an_status an_rules_load_dir(an_rules *r, const char *dir, char **err)
{
    an_status st = AN_ENOMEM;
    char **names = NULL;
    size_t n = 0, cap = 0;
    char *path = NULL, *text = NULL;
    if (err)
        *err = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return an_fail(err, AN_EIO, "cannot open directory '%s'", dir);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0 || de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                goto fail;
            names = nn;
        }
        if (!(names[n] = an_strdup(de->d_name)))
            goto fail;
        n++;
    }
    if (n > 1)
        qsort(names, n, sizeof *names, cmp_str);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < n; i++) {
            if (is_policy_name(names[i]) != (pass == 0))
                continue;
            size_t len = 0, pl = strlen(dir) + strlen(names[i]) + 2;
            st = AN_ENOMEM;
            if (!(path = malloc(pl)))
                goto fail;
            snprintf(path, pl, "%s/%s", dir, names[i]);
            if (!(text = read_file(path, &len))) {
                st = an_fail(err, AN_EIO, "cannot read '%s'", path);
                goto fail;
            }
            if (strlen(text) != len) {
                st = an_fail(err, AN_EINVAL, "%s: contains a NUL byte", path);
                goto fail;
            }
            char *tests = NULL;
            if (pass == 1) {
                /* DIR/NAME.py beside DIR/NAME.json holds the rule's tests */
                size_t tl;
                memcpy(path + strlen(path) - 5, ".py\0", 4);
                tests = read_file(path, &tl);
                memcpy(path + strlen(path) - 3, ".json", 6);
            }
            st = pass == 0 ? load_policy(r, text, len, path, err)
                           : load_rule(r, text, len, path, tests, err);
            free(tests);
            if (st != AN_OK)
                goto fail;
            free(path);
            free(text);
            path = text = NULL;
        }
    }
    st = finalize(r, err);
fail:
    closedir(d);
    free(path);
    free(text);
    strs_free(names, n);
    return st;
}

size_t an_rules_count(const an_rules *r) { return r ? r->n : 0; }
const char *an_rules_id(const an_rules *r, size_t i) { return r->rules[i]->id; }
const char *an_rules_title(const an_rules *r, size_t i) { return r->rules[i]->title; }
an_severity an_rules_severity(const an_rules *r, size_t i) { return r->rules[i]->sev; }
const char *an_rules_message(const an_rules *r, size_t i) { return r->rules[i]->message; }
const char *an_rules_hint(const an_rules *r, size_t i) { return r->rules[i]->hint; }
const char *an_rules_rationale(const an_rules *r, size_t i) { return r->rules[i]->rationale; }
const char *an_rules_file(const an_rules *r, size_t i) { return r->rules[i]->file; }
const char *an_rules_tests(const an_rules *r, size_t i) { return r->rules[i]->tests; }
const char *an_rules_query(const an_rules *r, size_t i) { return r->rules[i]->query; }
unsigned an_rules_profiles(const an_rules *r, size_t i) { return r->rules[i]->profiles; }
size_t an_rules_ref_count(const an_rules *r, size_t i) { return r->rules[i]->nrefs; }
const char *an_rules_ref(const an_rules *r, size_t i, size_t k) { return r->rules[i]->refs[k]; }

an_status an_rules_set_profile(an_rules *r, an_profile p, char **err)
{
    if (err)
        *err = NULL;
    if (!r || (p != AN_PROFILE_CPYTHON && p != AN_PROFILE_SANDBOX))
        return AN_EINVAL;
    r->profile = p;
    int k = an_prof_index(p);
    if (r->idx[k].built)
        return AN_OK;
    return build_index(r, p, &r->idx[k], err);
}

const char *const *an_rules_set_items(const an_rules *r, const char *set, size_t *n)
{
    const an_set *s = r ? an_find_set(r, set) : NULL;
    *n = s ? s->n : 0;
    return s ? (const char *const *)s->items : NULL;
}

static bool set_has(const an_set *s, const char *item)
{
    for (size_t i = 0; s && i < s->n; i++)
        if (strcmp(s->items[i], item) == 0)
            return true;
    return false;
}

an_status an_rules_allow_module(an_rules *r, const char *name, char **err)
{
    if (err)
        *err = NULL;
    an_set *allowed = (an_set *)an_find_set(r, "allowed_modules");
    an_set *optin = (an_set *)an_find_set(r, "optin_modules");
    if (!allowed)
        return an_fail(err, AN_EINVAL, "the policy has no set \"allowed_modules\"");
    if (set_has(allowed, name))
        return AN_OK;
    if (!set_has(optin, name))
        return an_fail(err, AN_EINVAL, "safepy does not implement a module '%s'", name);
    char *copy = strdup(name);
    char **items = copy ? realloc(allowed->items, (allowed->n + 1) * sizeof *items) : NULL;
    if (!items) {
        free(copy);
        return AN_ENOMEM;
    }
    allowed->items = items;
    allowed->items[allowed->n++] = copy;
    for (size_t i = 0; i < optin->n; i++) {
        if (strcmp(optin->items[i], name) == 0) {
            free(optin->items[i]);
            memmove(&optin->items[i], &optin->items[i + 1], (optin->n - i - 1) * sizeof *optin->items);
            optin->n--;
            break;
        }
    }
    /* the indexes filter #in-set? texts by the sets' items: rebuilt */
    return finalize(r, err);
}

an_status an_rules_allow_host_module(an_rules *r, const char *name, char **err)
{
    if (err)
        *err = NULL;
    an_set *allowed = (an_set *)an_find_set(r, "allowed_modules");
    if (!allowed)
        return an_fail(err, AN_EINVAL, "the policy has no set \"allowed_modules\"");
    if (set_has(allowed, name))
        return AN_OK;
    char *copy = strdup(name);
    char **items = copy ? realloc(allowed->items, (allowed->n + 1) * sizeof *items) : NULL;
    if (!items) {
        free(copy);
        return AN_ENOMEM;
    }
    allowed->items = items;
    allowed->items[allowed->n++] = copy;
    return finalize(r, err);
}

an_profile an_rules_profile(const an_rules *r)
{
    return r ? r->profile : AN_PROFILE_SANDBOX;
}

/* --- rule tests ------------------------------------------------------------------------ */

typedef struct expect {
    char id[40];
    uint32_t line; /* the annotated line (1-based) */
    bool must;
} expect;

an_status an_rules_test_source(const an_rules *r, const char *src, size_t len,
                               const char *filename, size_t *checked, size_t *failed, char **log)
{
    an_status st = AN_ENOMEM;
    an_parse *p = NULL;
    an_report *rep = NULL;
    expect *ex = NULL;
    size_t nex = 0, cap = 0;
    an_buf b = {0};
    *checked = *failed = 0;
    *log = NULL;
    if ((st = an_parse_new(src, len, filename, &p)) != AN_OK)
        goto fail;
    if ((st = an_check(r, p, &rep)) != AN_OK)
        goto fail;
    st = AN_ENOMEM;
    /* annotations */
    uint32_t line = 1;
    for (size_t i = 0; i < p->len;) {
        size_t e = i;
        while (e < p->len && p->src[e] != '\n')
            e++;
        size_t k = i;
        while (k < e && (p->src[k] == ' ' || p->src[k] == '\t'))
            k++;
        const char *ls = p->src + k;
        size_t ll = e - k;
        bool must = ll > 10 && memcmp(ls, "# ruleid: ", 10) == 0;
        bool ok = ll > 6 && memcmp(ls, "# ok: ", 6) == 0;
        if (must || ok) {
            size_t off = must ? 10 : 6;
            if (nex == cap) {
                cap = cap ? cap * 2 : 32;
                expect *ne = realloc(ex, cap * sizeof *ex);
                if (!ne)
                    goto fail;
                ex = ne;
            }
            expect *x = &ex[nex++];
            size_t idl = ll - off;
            while (idl > 0 && (ls[off + idl - 1] == ' ' || ls[off + idl - 1] == '\r'))
                idl--;
            if (idl >= sizeof x->id)
                idl = sizeof x->id - 1;
            memcpy(x->id, ls + off, idl);
            x->id[idl] = '\0';
            x->line = line + 1;
            x->must = must;
        }
        i = e + 1;
        line++;
    }
    for (size_t i = 0; i < rep->n; i++) {
        const an_diag *d = &rep->items[i].d;
        if (strcmp(d->rule_id, "syntax") == 0) {
            an_buf_printf(&b, "%s:%u: syntax error: %s\n", filename, d->line, d->message);
            (*failed)++;
        }
    }
    for (size_t i = 0; i < nex; i++) {
        bool hit = false;
        for (size_t k = 0; k < rep->n && !hit; k++)
            hit = rep->items[k].d.line == ex[i].line && strcmp(rep->items[k].d.rule_id, ex[i].id) == 0;
        (*checked)++;
        if (hit != ex[i].must) {
            (*failed)++;
            an_buf_printf(&b, "%s:%u: %s: expected %s\n", filename, ex[i].line, ex[i].id,
                          ex[i].must ? "a finding, got none" : "no finding, got one");
        }
    }
    for (size_t k = 0; k < rep->n; k++) {
        const an_diag *d = &rep->items[k].d;
        bool mentioned = false, annotated = false;
        for (size_t i = 0; i < nex; i++) {
            if (strcmp(ex[i].id, d->rule_id) != 0)
                continue;
            mentioned = true;
            annotated |= ex[i].line == d->line;
        }
        if (mentioned && !annotated) {
            (*failed)++;
            an_buf_printf(&b, "%s:%u: %s: unexpected finding: %s\n", filename, d->line, d->rule_id,
                          d->message);
        }
    }
    if (b.oom)
        goto fail;
    *log = b.n ? an_buf_take(&b) : NULL;
    st = AN_OK;
fail:
    free(b.s);
    free(ex);
    an_report_free(rep);
    an_parse_free(p);
    return st;
}
