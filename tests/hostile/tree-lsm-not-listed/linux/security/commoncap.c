// SPDX-License-Identifier: GPL-2.0-or-later
/* A mock of security/commoncap.c: capability's hooks exist only with CONFIG_SECURITY. */
#include <linux/lsm_hooks.h>

#ifdef CONFIG_SECURITY
static struct security_hook_list capability_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(capable, cap_capable),
	LSM_HOOK_INIT(file_open, cap_file_open),
};

DEFINE_LSM(capability) = {
	.name = "capability",
	.init = capability_init,
};
#endif /* CONFIG_SECURITY */
