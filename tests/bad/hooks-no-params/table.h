LSM_HOOK(int, 0, no_params)
