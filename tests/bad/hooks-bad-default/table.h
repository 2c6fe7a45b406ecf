LSM_HOOK(int, 0; system("x"), injected, void)
LSM_HOOK(int, }, brace, void)
LSM_HOOK(int, "str", string, void)
LSM_HOOK(int, 1 < 2, compare, void)
