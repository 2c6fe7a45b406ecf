/* an entry in an #included file would be lost: refused */
LSM_HOOK(int, 0, a, int x)
#include "more.h"
