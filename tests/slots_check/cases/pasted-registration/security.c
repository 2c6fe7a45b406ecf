#include "table.h"

SLOT(sem_associate, 0) SLOT(sem_associate, 1) SLOT(sem_free_security, 0)
SLOT(sem_free_security, 1) SLOT(task_free, 0)

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(sem_associate, 0), ENTRY(sem_associate, 1), ENTRY(sem_free_security, 0),
	ENTRY(sem_free_security, 1), ENTRY(task_free, 0),
};
