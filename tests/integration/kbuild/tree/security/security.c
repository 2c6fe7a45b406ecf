/* A mock security/security.c: includes the generated dispatch code and calls it. */
#include "types.h"

struct file;

#include "lsm_static_calls.c"

int security_file_permission(struct file *file, int mask)
{
	return lsm_dispatch_file_permission(file, mask);
}
