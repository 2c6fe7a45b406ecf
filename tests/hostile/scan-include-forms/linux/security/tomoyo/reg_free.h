/* a registration, by a macro */
#define TOMOYO_FREE LSM_HOOK_INIT(task_free, tomoyo_task_free)
