/* Temporary stand-in until the MCP server lands; replaced, not extended. */
#include "mcp_server/mcp.h"
int mcp_serve(int in_fd, int out_fd, const mcp_config *cfg) { (void)in_fd; (void)out_fd; (void)cfg; return 1; }
