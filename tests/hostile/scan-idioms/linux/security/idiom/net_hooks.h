	LSM_HOOK_INIT(file_open, idiom_file_open_net),
#if defined(CONFIG_IDIOM_DEEP)
	LSM_HOOK_INIT(task_kill, idiom_task_kill_deep),
#endif
