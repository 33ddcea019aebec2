/*
 * mcp.h - the MCP server: newline-delimited JSON-RPC 2.0 over stdio.
 *
 * The only header of the MCP component.  mcp_serve() owns everything it
 * creates (one evaluator session, kept between run_python calls) and frees it
 * before returning.  It borrows `rules` and the limits from the caller.
 */
#ifndef SAFEPY_MCP_H
#define SAFEPY_MCP_H

#include "analyzer/analyzer.h"
#include "evaluator/evaluator.h"

typedef struct mcp_config {
    const an_rules *rules;  /* borrowed; must outlive mcp_serve() */
    ev_limits limits;       /* per run_python call */
    const char *version;    /* serverInfo.version */
} mcp_config;

/* Serve requests read from in_fd, answering on out_fd, until EOF on in_fd.
 * Logs go to stderr only.  Returns 0 on a clean EOF, non-zero if the
 * transport failed. */
int mcp_serve(int in_fd, int out_fd, const mcp_config *cfg);

#endif
