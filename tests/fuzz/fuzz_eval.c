/*
 * fuzz_eval.c - libFuzzer target: run arbitrary source in a fresh session
 * under small limits (seeded with the corpus programs).  Everything that
 * parses is evaluated, even what the rules would refuse: the evaluator is
 * the second wall and must hold on its own.  Python errors and limits are
 * normal outcomes; crashes, sanitizer reports, leaks (EV_DEBUG checks that
 * no object outlives its session) and hangs past the limits are findings.
 */
#include <stdint.h>
#include <stdlib.h>

#include "analyzer/analyzer.h"
#include "evaluator/evaluator.h"

static void mcp_fuzz_discard(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ev_limits limits = {
        .timeout_s = 1.0, .max_memory = (size_t)64 << 20, .max_depth = 200,
        .max_output = (size_t)64 << 10,
    };
    an_parse *p = NULL;
    ev_session *s = NULL;
    if (an_parse_new((const char *)data, size, "<fuzz>", &p) != AN_OK)
        goto done;
    s = ev_session_new(&limits);
    if (!s)
        goto done;
    size_t len;
    const char *src = an_parse_source(p, &len);
    ev_result r;
    /* Twice in one session, as MCP calls do: state carried over. */
    for (int i = 0; i < 2; i++) {
        (void)ev_session_run(s, src, len, an_parse_tree(p), "<fuzz>",
                             i ? EV_MODE_INTERACTIVE : EV_MODE_FILE, mcp_fuzz_discard, NULL, &r);
        ev_result_clear(&r);
    }
done:
    ev_session_free(s);
    an_parse_free(p);
    return 0;
}
