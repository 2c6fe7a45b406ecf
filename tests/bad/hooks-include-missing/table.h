#include <linux/types.h>
LSM_HOOK(int, 0, a, void)
