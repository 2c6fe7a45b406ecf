/* Three hooks, two LSMs: every hook has as many slots as registrations. */
#include "shapes.h"

SLOT(file_open, 0) SLOT(file_open, 1) SLOT(task_free, 0) SLOT(sem_associate, 0)

struct lsm_static_calls_table {
	struct lsm_static_call file_open[2];
	struct lsm_static_call task_free[1];
	struct lsm_static_call sem_associate[1];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(file_open, 0), ENTRY(file_open, 1), ENTRY(task_free, 0), ENTRY(sem_associate, 0),
};

LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(sem_associate, lsm_callback));
LSM_LIST(yama, __ro_after_init, LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
