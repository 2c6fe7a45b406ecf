/* a registration, by a macro */
#define TOMOYO_OPEN LSM_HOOK_INIT(file_open, tomoyo_file_open)
