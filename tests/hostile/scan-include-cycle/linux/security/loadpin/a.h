#ifndef LOADPIN_A_H
#define LOADPIN_A_H
#include "b.h"
#define LOADPIN_ENTRY LSM_HOOK_INIT(file_open, loadpin_file_open)
#endif
