/*
 * fuzz_analyze.c - libFuzzer target: parse and analyze arbitrary source with
 * the default rules, as the MCP server does (sandbox profile) and as lint
 * does (the analysis parse, cpython profile, then inline waivers and
 * --ignore), and render the reports in every format.  Crashes, sanitizer
 * reports and leaks are the findings; the analyzer may refuse anything,
 * but must not fail.
 */
#include <stdint.h>
#include <stdlib.h>

#include "analyzer/analyzer.h"

static an_rules *mcp_fuzz_rules, *lint_fuzz_rules;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char *err = NULL;
    if (an_rules_load_default(&mcp_fuzz_rules, &err) != AN_OK ||
        an_rules_set_profile(mcp_fuzz_rules, AN_PROFILE_SANDBOX, &err) != AN_OK ||
        an_rules_load_default(&lint_fuzz_rules, &err) != AN_OK ||
        an_rules_set_profile(lint_fuzz_rules, AN_PROFILE_CPYTHON, &err) != AN_OK)
        abort();
    return 0;
}

static void render_all(const an_report *rep, const an_parse *p)
{
    static const an_format formats[] = {AN_FMT_TEXT, AN_FMT_JSON, AN_FMT_SARIF};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        free(an_report_render(rep, p, formats[i]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    an_parse *p = NULL, *lp = NULL;
    an_report *rep = NULL, *lrep = NULL;
    if (an_parse_new((const char *)data, size, "<fuzz>", &p) == AN_OK &&
        an_check(mcp_fuzz_rules, p, &rep) == AN_OK)
        render_all(rep, p);
    size_t suppressed;
    if (an_parse_new_for_analysis((const char *)data, size, "<fuzz>", 1, NULL, &lp) == AN_OK &&
        an_check(lint_fuzz_rules, lp, &lrep) == AN_OK &&
        an_report_filter(lrep, lp, NULL, "SP312", &suppressed) == AN_OK)
        render_all(lrep, lp);
    an_report_free(rep);
    an_parse_free(p);
    an_report_free(lrep);
    an_parse_free(lp);
    return 0;
}
