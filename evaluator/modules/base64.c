#include "evaluator/modules/modules.h"
const ev_module_def ev_module_base64 = {"base64", NULL, NULL, NULL};
