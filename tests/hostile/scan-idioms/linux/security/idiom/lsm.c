#include <linux/lsm_hooks.h>
#include "hooks.h"

/* an entry inside a macro that the array uses */
#define IDIOM_OPEN LSM_HOOK_INIT(file_open, idiom_file_open)
/* a macro that passes its arguments on, and one that aliases LSM_HOOK_INIT */
#define IDIOM_INIT(h, f) LSM_HOOK_INIT(h, f)
#define IDIOM_ALIAS LSM_HOOK_INIT

static struct security_hook_list idiom_hooks[] __ro_after_init = {
	IDIOM_OPEN,
	LSM_HOOK_INIT(file_ioctl, FN(idiom_file_ioctl)),
	LSM_HOOK_INIT(task_kill, (&idiom_task_kill)),
	LSM_HOOK_INIT(mmap_file, ((idiom_mmap_file))),
	IDIOM_INIT(inode_permission, idiom_inode_permission),
	IDIOM_ALIAS(bprm_check_security, idiom_bprm_check),
#ifdef CONFIG_IDIOM_NET
#include "net_hooks.h"
#endif
};

DEFINE_LSM(idiom) = {
	.name = "idiom",
};
