/* A registration no reading of the sources finds: the compiler's relocations do. */
#include "table.h"

#define YAMA_PASTE2(a, b) a##b
#define YAMA_PASTE(a, b) YAMA_PASTE2(a, b)

LSM_LIST(yama, __ro_after_init, LSM_HOOK_INIT(sem_free_security, lsm_callback),
	 YAMA_PASTE(LSM_, HOOK_INIT)(sem_free_security, lsm_callback),
	 YAMA_PASTE(LSM_, HOOK_INIT)(task_free, lsm_callback));
