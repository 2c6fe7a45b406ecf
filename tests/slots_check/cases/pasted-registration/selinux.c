#include "table.h"

LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(sem_associate, lsm_callback),
	 LSM_HOOK_INIT(sem_free_security, lsm_callback));
