/* A hook table with an entry indented under its #ifdef: the policies may name it. */
LSM_HOOK(int, 0, file_open, struct file *file)
#ifdef CONFIG_SECURITY_NETWORK
	LSM_HOOK(int, 0, socket_create, int family, int type, int protocol, int kern)
#endif
/*
LSM_HOOK(int, 0, commented_out, void)
*/
