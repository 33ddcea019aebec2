/*
 * fuzz_analyze.c - libFuzzer target: parse and analyze arbitrary source with
 * the default rules (the sandbox profile the MCP server uses), and render
 * the report in every format.  Crashes, sanitizer reports and leaks are the
 * findings; the analyzer may refuse anything, but must not fail.
 */
#include <stdint.h>
#include <stdlib.h>

#include "analyzer/analyzer.h"

static an_rules *mcp_fuzz_rules;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char *err = NULL;
    if (an_rules_load_default(&mcp_fuzz_rules, &err) != AN_OK ||
        an_rules_set_profile(mcp_fuzz_rules, AN_PROFILE_SANDBOX, &err) != AN_OK)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    an_parse *p = NULL;
    an_report *rep = NULL;
    if (an_parse_new((const char *)data, size, "<fuzz>", &p) != AN_OK)
        goto done;
    if (an_check(mcp_fuzz_rules, p, &rep) != AN_OK)
        goto done;
    static const an_format formats[] = {AN_FMT_TEXT, AN_FMT_JSON, AN_FMT_SARIF};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        free(an_report_render(rep, p, formats[i]));
done:
    an_report_free(rep);
    an_parse_free(p);
    return 0;
}
