/*
 * analyzer.h - parsing, syntax diagnostics, the rule engine and lint output.
 *
 * The only header of the analyzer component.  Everything here is opaque and
 * owned by whoever created it:
 *
 *   an_parse    owns a private copy of the source text and its tree-sitter
 *               tree.  The tree stays valid until an_parse_free().  Other
 *               components (the evaluator) may read the tree through
 *               an_parse_tree() but must not free or edit it.
 *   an_rules    owns the loaded rule set (embedded defaults plus --rules DIR).
 *               Immutable after loading; may be shared by several checks.
 *   an_report   owns a list of diagnostics and their strings.
 *
 * Every function that can fail returns AN_OK (0) or a negative status and
 * never aborts on bad input: any byte sequence is a valid argument to
 * an_parse_new() and yields either a tree or diagnostics.
 */
#ifndef SAFEPY_ANALYZER_H
#define SAFEPY_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#define AN_WARN_UNUSED __attribute__((warn_unused_result))

typedef enum an_status {
    AN_OK = 0,
    AN_ENOMEM = -1,  /* allocation failed */
    AN_EINVAL = -2,  /* bad argument or malformed rule file; see *err */
    AN_EIO = -3,     /* a file or directory could not be read */
} an_status;

typedef enum an_severity {
    AN_SEV_ERROR = 0,   /* the program must not run */
    AN_SEV_WARNING = 1, /* reported by lint; does not block execution */
    AN_SEV_NOTE = 2,
} an_severity;

/* One diagnostic.  Lines and columns are 1-based; columns count Unicode code
 * points (what an editor shows).  end_* is exclusive.  All strings belong to
 * the report that holds the diagnostic. */
typedef struct an_diag {
    const char *rule_id;  /* "SP101", or "syntax" for parse errors */
    an_severity severity;
    const char *message;  /* one line, {{captures}} already interpolated */
    const char *hint;     /* what to do instead; never NULL or empty */
    uint32_t line, col, end_line, end_col;
    uint32_t start_byte, end_byte;
} an_diag;

/* Trees that an_parse_syntax_ok() accepts are at most this many nodes deep,
 * so consumers may walk them recursively with this bound. */
#define AN_MAX_TREE_DEPTH 1000

typedef struct an_parse an_parse;
typedef struct an_rules an_rules;
typedef struct an_report an_report;

/* --- parsing ------------------------------------------------------------ */

/* Parse `len` bytes of Python source.  `filename` is used in diagnostics
 * (e.g. "main.py", "<stdin>").  On AN_OK *out is a new an_parse, even if the
 * source has syntax errors (see an_parse_syntax_ok / an_check). */
an_status an_parse_new(const char *src, size_t len, const char *filename,
                       an_parse **out) AN_WARN_UNUSED;
/* The same for analysis only (lint, an_check): a big program (more than
 * ~16,000 tokens) that parses cleanly is kept as the trees of its batches of
 * top-level statements instead of being parsed as a whole, so
 * an_parse_tree() is NULL for it although an_parse_syntax_ok() holds.  The
 * batches are parsed, and an_check later runs, on up to `threads` threads
 * (the caller's included; 0: one per online CPU, at most 8); the results
 * do not depend on the number.  Never call it with threads != 1 in a
 * process whose seccomp filter refuses clone().  `rules` (may be NULL) are
 * the rules, profile set, that an_check will run on the result: when none
 * of them needs tree-sitter's query engine, each batch's tree is freed as
 * soon as it is made flat (lint of a big file touches a third of the
 * memory), and an_check with rules that do need it returns AN_EINVAL. */
an_status an_parse_new_for_analysis(const char *src, size_t len, const char *filename, unsigned threads,
                                    const an_rules *rules, an_parse **out) AN_WARN_UNUSED;
void an_parse_free(an_parse *p);

/* The tree (NULL when the input could not be parsed at all, e.g. it is not
 * valid UTF-8; an_check then reports why; and see an_parse_new_for_analysis). */
const TSTree *an_parse_tree(const an_parse *p);
const char *an_parse_source(const an_parse *p, size_t *len);
const char *an_parse_filename(const an_parse *p);
/* True when there is no syntax error: no ERROR/MISSING node, no Python 2
 * form, valid UTF-8, no NUL byte, nesting within limits. */
bool an_parse_syntax_ok(const an_parse *p);

/* --- rules ---------------------------------------------------------------- */

/* Load the rules embedded in the binary.  On failure *err (if non-NULL)
 * receives a malloc'd message the caller frees. */
an_status an_rules_load_default(an_rules **out, char **err) AN_WARN_UNUSED;
/* Add the rules of every *.json file in `dir`; a rule with an existing id
 * replaces it.  A policy.json file there replaces the named sets. */
an_status an_rules_load_dir(an_rules *r, const char *dir, char **err) AN_WARN_UNUSED;
void an_rules_free(an_rules *r);

size_t an_rules_count(const an_rules *r);
/* Accessors for `safepy rules list`; i < an_rules_count(r). */
const char *an_rules_id(const an_rules *r, size_t i);
const char *an_rules_title(const an_rules *r, size_t i);
an_severity an_rules_severity(const an_rules *r, size_t i);

/* Profiles: which rules run.  `sandbox` (the default, for run and mcp)
 * keeps what safepy's evaluator needs refused; `cpython` (lint's default)
 * adds the rules for code that will run under real CPython, where private
 * module attributes, computed getattr names or format-string traversal
 * lead out of a sandbox. */
typedef enum an_profile { AN_PROFILE_CPYTHON = 1, AN_PROFILE_SANDBOX = 2 } an_profile;
/* Selects the profile; compiles its rules' queries and indexes them the
 * first time (only the sandbox profile's are at load).  Call before
 * sharing the rule set. */
an_status an_rules_set_profile(an_rules *r, an_profile p, char **err) AN_WARN_UNUSED;
an_profile an_rules_profile(const an_rules *r);

/* Modules (the policy file's sets): `allowed_modules` are importable (the
 * default eleven unless a policy file says otherwise), `optin_modules` are
 * implemented but off until the operator allows them.  Allowing moves a
 * module from the second set to the first, for the import rules and their
 * hints alike; AN_EINVAL (with *err) for a module outside both sets.  Call
 * before sharing the rule set. */
an_status an_rules_allow_module(an_rules *r, const char *name, char **err) AN_WARN_UNUSED;
/* Allows importing `name`, a module the embedder makes of host functions
 * (the MCP server's `tools` under --upstream), whatever the policy's sets
 * say: the embedder, not the policy, grants it.  Call before sharing the
 * rule set. */
an_status an_rules_allow_host_module(an_rules *r, const char *name, char **err) AN_WARN_UNUSED;
/* The items of a policy set (NULL, *n = 0 when there is no such set); the
 * array belongs to r and changes with an_rules_allow_module. */
const char *const *an_rules_set_items(const an_rules *r, const char *set, size_t *n);

/* More accessors for `safepy rules list|explain`. */
const char *an_rules_message(const an_rules *r, size_t i);
const char *an_rules_hint(const an_rules *r, size_t i);
const char *an_rules_rationale(const an_rules *r, size_t i); /* may be NULL */
const char *an_rules_file(const an_rules *r, size_t i);
/* The rule's annotated test file (rules/ID.py, embedded; DIR/ID.py for
 * --rules DIR), or NULL when it has none. */
const char *an_rules_tests(const an_rules *r, size_t i);
const char *an_rules_query(const an_rules *r, size_t i);
unsigned an_rules_profiles(const an_rules *r, size_t i);   /* AN_PROFILE_* bits */
size_t an_rules_ref_count(const an_rules *r, size_t i);
const char *an_rules_ref(const an_rules *r, size_t i, size_t k);

/* --- checking --------------------------------------------------------------- */

/* Run the syntax checks and then (only if the syntax is clean) every rule.
 * *out receives a new report, possibly empty. */
an_status an_check(const an_rules *r, const an_parse *p, an_report **out) AN_WARN_UNUSED;
void an_report_free(an_report *rep);
size_t an_report_count(const an_report *rep);
const an_diag *an_report_get(const an_report *rep, size_t i);
/* True if some diagnostic has severity AN_SEV_ERROR. */
bool an_report_has_errors(const an_report *rep);

/* Run a rule test file: every line after a "# ruleid: ID" comment must be
 * flagged by rule ID and every line after "# ok: ID" must not be; a line
 * flagged by ID without a "ruleid" annotation is a failure too.  *checked
 * counts annotations, *failed mismatches; *log (caller frees) receives one
 * line per mismatch ("file:line: ...") or NULL when there is none. */
an_status an_rules_test_source(const an_rules *r, const char *src, size_t len,
                               const char *filename, size_t *checked, size_t *failed,
                               char **log) AN_WARN_UNUSED;

/* What lint keeps (suppress.c): only the rules `select` names (comma-
 * separated ids or id prefixes such as "SP3"; NULL or "" keeps all), less
 * those `ignore` names, less what a `# safepy: ignore[ID,...]` comment waives
 * on its own line (*suppressed counts those).  A bare `# safepy: ignore`
 * waives nothing and becomes finding SP000.  Syntax errors always stay. */
an_status an_report_filter(an_report *rep, const an_parse *p, const char *select, const char *ignore,
                           size_t *suppressed) AN_WARN_UNUSED;

/* --- output ------------------------------------------------------------------- */

typedef enum an_format { AN_FMT_TEXT, AN_FMT_JSON, AN_FMT_SARIF } an_format;

/* Render the report of one file.  Returns a malloc'd NUL-terminated string
 * (caller frees) or NULL on allocation failure.  Text is rustc-style:
 *
 *   error[SP101]: import of module 'os' is not allowed
 *    --> main.py:3:8
 *     |
 *   3 | import os
 *     |        ^^
 *     = help: importable modules: ...
 */
char *an_report_render(const an_report *rep, const an_parse *p, an_format fmt);

/* SARIF/JSON for several files at once (lint FILE...). */
char *an_report_render_many(const an_report *const *reps, const an_parse *const *ps,
                            size_t n, an_format fmt);

#endif
