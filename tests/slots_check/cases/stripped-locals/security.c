/*
 * Local symbols discarded at the link (ld -r --discard-all): the hook lists are named by
 * section and offset, and task_free is still one short.
 */
#include "shapes.h"

SLOT(file_open, 0) SLOT(task_free, 0)

struct lsm_static_calls_table {
	struct lsm_static_call file_open[1];
	struct lsm_static_call task_free[1];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(file_open, 0), ENTRY(task_free, 0),
};

LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(task_free, lsm_callback));
LSM_LIST(yama, __ro_after_init, LSM_HOOK_INIT(task_free, lsm_callback));
