/* Only parentheses group macro arguments (as cpp): the comma inside { } splits. */
LSM_HOOK(int, 0, demo_hook, struct demo { int a, b; } *p, int v[2])
LSM_HOOK(void, LSM_RET_VOID, other, int x)
