/* an_rules.h - the rule engine's internals, shared by rules.c (loading),
 * query.c (compiling queries) and match.c (running them); never leaves
 * analyzer/.
 *
 * Checking does not use tree-sitter's query engine for the rules it can
 * compile itself: ts_query_new analyses the language's whole parse table
 * and costs milliseconds even for a tiny query, which was most of the
 * startup time of `safepy run`.  query.c compiles the subset of the query
 * language the rules use into step arrays, match.c runs them; a rule that
 * uses more (alternations, quantifiers, supertypes...) keeps its own
 * TSQuery and runs through tree-sitter. */
#ifndef SAFEPY_AN_RULES_H
#define SAFEPY_AN_RULES_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "analyzer/an_int.h"

typedef enum an_pkind {
    P_EQ, P_MATCH, P_ANY_OF, P_IN_SET, P_FIELD_OF, P_TYPE, P_SAFE_PREFIX, P_BUILTIN, P_GUARDED, P_MODULE,
} an_pkind;

typedef struct an_pred {
    an_pkind kind;
    bool negate;
    uint32_t cap;
    int64_t cap2;  /* #eq? @a @b, else -1 */
    char **strs;
    size_t nstrs;
    pcre2_code *re;
    TSFieldId ffield; /* #field-of?: the field, resolved once (0: unknown, never matches) */
} an_pred;

/* One argument of a predicate, as either parser read it. */
typedef struct an_parg {
    bool is_cap;
    uint32_t cap;
    const char *s; /* a string: s[0..len) */
    size_t len;
} an_parg;

/* A rule's TSQuery with its predicates, per pattern (rules the matcher
 * cannot run, and the validation of rule files from --rules DIR). */
typedef struct an_qset {
    TSQuery *q;
    uint32_t npatterns;
    an_pred **preds;
    size_t *npreds;
} an_qset;

/* One node of a pattern.  A pattern is its steps in pre-order; the child
 * steps of step s are s+1 .. end-1 at depth+1 (skip a child's subtree by
 * jumping to its `end`). */
enum {
    AN_ST_WILD = 1,  /* _ or (_): any node type */
    AN_ST_NAMED = 2, /* a named node only: (type) or (_) */
    AN_ST_IMM = 4,   /* '.' before: the first named child, or the named sibling right after the previous step's */
    AN_ST_LAST = 8,  /* '.' after: no named sibling follows */
};

#define AN_Q_MAX_DEPTH 12 /* nesting of one pattern; deeper ones go to tree-sitter */
#define AN_Q_MAX_STEPS 64
#define AN_Q_MAX_NEG 4    /* negated fields of one step */

typedef struct an_step {
    TSSymbol sym;       /* unless AN_ST_WILD */
    TSFieldId field;    /* 0: any field or none */
    TSFieldId neg[AN_Q_MAX_NEG]; /* !field: the node has no such child */
    uint8_t nneg;
    uint8_t depth;
    uint8_t flags;
    int16_t cap;        /* capture id, or -1 */
    uint16_t end;       /* index after this step's subtree */
} an_step;

typedef struct an_pat {
    an_step *steps;
    uint16_t nsteps;
    an_pred *preds;
    size_t npreds;
} an_pat;

/* One rule's query, compiled by query.c. */
typedef struct an_query {
    an_pat *pats;
    size_t npats;
    char **caps;  /* capture names; ids index this */
    size_t ncaps;
} an_query;

typedef struct an_rule {
    char *id, *title, *message, *hint, *file, *query;
    char *rationale; /* why the rule exists, for `rules explain`; may be NULL */
    char *tests;     /* the annotated test file beside the rule; may be NULL */
    char **refs;
    size_t nrefs;
    unsigned profiles; /* AN_PROFILE_* bits the rule belongs to */
    char *span;     /* capture to underline, or NULL for the first one */
    an_severity sev;
    bool compiled;  /* mq was compiled (at load, or for the first profile that runs the rule) */
    bool native;    /* then: mq holds the query; else qs runs it */
    an_query mq;
    an_qset qs;     /* the rule alone through tree-sitter: validates files from
                     * --rules DIR, and runs what the matcher cannot */
} an_rule;

typedef struct an_set {
    char *name;
    char **items;
    size_t n;
} an_set;

/* A pattern in a profile's index: its rule, and its place in the order
 * tree-sitter would report matches in (rules in order, then patterns). */
typedef struct an_pref {
    const an_rule *ru;
    const an_pat *pat;
    uint32_t order;
    int32_t guard;    /* its index's guard, or -1 */
    bool root_filtered; /* that guard filters the root's own text */
} an_pref;

/* A test that rules a pattern out at a node before it is tried: the
 * predicates of the pattern that read one capture alone (what match.c's
 * early_preds_hold applies) must hold for the node itself (step 0, the
 * root's capture) or for some child that fits child step `step` (its
 * field and symbol).  Patterns with the same test share it, so a node
 * takes it once for all of them: 16 patterns of the cpython profile start
 * at every call, 16 at every attribute, 6 at every name, and nearly every
 * such node fails their first text test. */
typedef struct an_guard {
    uint16_t step;
    TSSymbol sym;       /* a child step's symbol (never a wildcard) */
    TSFieldId field;    /* and field */
    uint16_t cap;
    const an_pat *pat;  /* whose predicates on cap */
    /* when one of them wants the text to be one of known strings (#eq?,
     * #any-of?, #in-set? of a policy set): their lengths (bit 63: 63 or
     * more) and first bytes, which most texts fail at once */
    bool filter;
    uint64_t lens;
    uint64_t first[4];
} an_guard;

/* The rules of one profile, indexed by the node type a pattern's root
 * needs, so a node is only tried against the patterns that can start there
 * and a tree without (say) any `call` never costs the call rules anything. */
typedef struct an_index {
    bool built;
    uint32_t nsyms;
    uint32_t *start;  /* nsyms+1 offsets into refs, by root symbol */
    an_pref *refs;
    an_pref *wild;    /* patterns whose root is a wildcard */
    size_t nwild;
    an_guard *guards;
    size_t nguards;
    /* by root symbol: the union of the filters of its root_filtered
     * patterns (filter false when it has none), so a node that fails it
     * skips them all at once (6 patterns start at every name) */
    an_guard *sym_filter;
    const an_rule **ts; /* rules run through tree-sitter */
    uint32_t *ts_order; /* order of each one's first pattern */
    size_t nts;
} an_index;

struct an_rules {
    an_rule **rules;
    size_t n, cap;
    an_set *sets;
    size_t nsets;
    an_index idx[2];  /* per profile (index: profile bit - 1) */
    an_profile profile; /* which rules run: AN_PROFILE_SANDBOX unless set */
};

/* A rule file's fields as strings (what load_rule reads from JSON), and a
 * named set of the policy file.  The embedded rules are transcribed into
 * these at build time by analyzer/gen_rules.c (build/gen/rules_embedded.c),
 * so startup parses no JSON; the files in rules/ stay the source. */
typedef struct an_rule_src {
    const char *file, *id, *severity, *title, *message, *hint, *query;
    const char *span, *rationale, *tests; /* NULL when absent */
    const char *const *refs;              /* NULL when absent */
    size_t nrefs;
    const char *const *profiles;          /* NULL when absent; an item NULL: not a string */
    size_t nprofiles;
} an_rule_src;

typedef struct an_set_src {
    const char *name;
    const char *const *items;
    size_t n;
} an_set_src;

extern const an_rule_src an_embedded_rules[];
extern const size_t an_embedded_nrules;
extern const an_set_src an_embedded_sets[];
extern const size_t an_embedded_nsets;

/* The per-program set of names bound to allowed modules (match.c). */
#define AN_MODULE_ALIASES "module_aliases"
#define AN_FUNCTION_NAMES "function_names"

/* rules.c */
const an_set *an_find_set(const an_rules *r, const char *name);
int an_prof_index(an_profile p);

/* query.c */
typedef enum an_qres {
    AN_Q_OK = 0,
    AN_Q_UNSUPPORTED = 1, /* valid perhaps, but beyond the matcher: use tree-sitter */
} an_qres;
/* Compiles `text` into q.  Returns AN_OK and sets *res; AN_EINVAL (with
 * *err) for a query that is certainly wrong; AN_ENOMEM. */
an_status an_query_compile(an_query *q, const char *text, const char *file, an_qres *res,
                           char **err) AN_WARN_UNUSED;
void an_query_clear(an_query *q);
int64_t an_query_capture(const an_query *q, const char *name, size_t len);
/* Checks a predicate's shape and fills pr (compiling its regex). */
an_status an_pred_build(an_pred *pr, const char *name, const an_parg *args, size_t nargs, const char *file,
                        char **err) AN_WARN_UNUSED;
void an_pred_clear(an_pred *pr);
an_status an_fail(char **err, an_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
