/*
 * A hook that no LSM of the configuration implements has no slot: its member has no size
 * and shares its offset with the next hook's slots, where the check would count its
 * registration. So LSM_HOOK_INIT refuses it at compile time, naming the hook, however
 * the registration is spelled.
 */
#include "shapes.h"

#define YAMA_PASTE2(a, b) a##b
#define YAMA_PASTE(a, b) YAMA_PASTE2(a, b)

SLOT(sem_associate, 0) SLOT(sem_associate, 1)

struct lsm_static_calls_table {
	struct lsm_static_call sem_free_security[0];
	struct lsm_static_call sem_associate[2];
} __packed;

struct lsm_static_calls_table static_calls_table __ro_after_init = {
	ENTRY(sem_associate, 0), ENTRY(sem_associate, 1),
};

LSM_LIST(yama, __ro_after_init, YAMA_PASTE(LSM_, HOOK_INIT)(sem_free_security, lsm_callback));
