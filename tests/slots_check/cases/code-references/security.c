/*
 * security.c's own walks of the table are code: its references are not registrations.
 * Every hook has exactly its registrations.
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

int walk(void);
int walk(void)
{
	int n = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(static_calls_table.file_open); i++)
		n += !!static_calls_table.file_open[i].hl;
	for (i = 0; i < ARRAY_SIZE(static_calls_table.task_free); i++)
		n += !!static_calls_table.task_free[i].hl;
	return n;
}

LSM_LIST(selinux, __ro_after_init, LSM_HOOK_INIT(file_open, lsm_callback),
	 LSM_HOOK_INIT(task_free, lsm_callback));
