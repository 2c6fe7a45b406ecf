/*
 * Hook lists in every kind of loaded data section the kernel uses: .data, .rodata,
 * .init.data, .data..ro_after_init, and one the compiler chooses. file_open is one short.
 */
#include "shapes.h"

SLOT(file_open, 0) SLOT(file_open, 1) SLOT(file_open, 2) SLOT(file_open, 3)
SLOT(task_free, 0) SLOT(task_free, 1) SLOT(task_free, 2) SLOT(task_free, 3)
SLOT(task_free, 4)

struct lsm_static_calls_table {
	struct lsm_static_call file_open[4];
	struct lsm_static_call task_free[5];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(file_open, 0), ENTRY(file_open, 1), ENTRY(file_open, 2), ENTRY(file_open, 3),
	ENTRY(task_free, 0), ENTRY(task_free, 1), ENTRY(task_free, 2), ENTRY(task_free, 3),
	ENTRY(task_free, 4),
};

LSM_LIST(selinux, __section(".data"), LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
LSM_LIST(smack, __section(".rodata"), LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
LSM_LIST(tomoyo, __initdata, LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
LSM_LIST(apparmor, __ro_after_init, LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
LSM_LIST(landlock, , LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
