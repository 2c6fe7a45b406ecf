/* the X-macro of every hook, through a helper macro */
#define BPFISH_HOOK(NAME) LSM_HOOK_INIT(NAME, bpfish_##NAME),
static struct security_hook_list bpfish_hooks[] __ro_after_init = {
	#define LSM_HOOK(RET, DEFAULT, NAME, ...) BPFISH_HOOK(NAME)
	#include <linux/lsm_hook_defs.h>
	#undef LSM_HOOK
};

DEFINE_LSM(bpfish) = {
	.name = "bpfish",
};
