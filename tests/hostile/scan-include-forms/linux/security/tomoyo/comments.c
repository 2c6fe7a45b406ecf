/* comments inside the include directive */
#/* one */include /* two */ "reg_free.h"

static struct security_hook_list tomoyo_free_hooks[] = {
	TOMOYO_FREE,
};
