#include "evaluator/modules/modules.h"
const ev_module_def ev_module_zlib = {"zlib", NULL, NULL, NULL};
