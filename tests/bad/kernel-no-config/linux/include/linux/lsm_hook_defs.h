LSM_HOOK(int, 0, capset, int x)
