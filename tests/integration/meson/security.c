/* A stand-in for security/security.c: the generated code, included and called. */
#include "types.h"

struct file;

#include "lsm_static_calls.c"

int security_file_open(struct file *file)
{
	return lsm_dispatch_file_open(file);
}

int main(void)
{
	lsm_dispatch_file_free_security(NULL);
	return security_file_open(NULL) + MAX_LSM_COUNT - 2;
}
