/*
 * The loops security.c writes itself for the hooks call_int_hook cannot express, twice:
 * prim_H() with lsmgen's per-slot primitives, exactly as docs/nonstandard-hooks.md shows
 * them, and ref_H() as the kernel (6.12) wrote them, over a plain array of function
 * pointers (ref_fp), keys (active) and LSM ids (ids). Written for lsmgen's tests.
 * LSMGEN_HAS_<hook> says which hooks the table and configuration keep.
 */
#define LSM_ID_UNDEF 0
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

struct fs_context;
struct fs_parameter;
struct inode;
struct lsm_context;
struct lsm_ctx;
struct lsm_prop;
struct mm_struct;
struct qstr;
struct super_block;
struct task_struct;
struct xattr;
struct xfrm_policy;
struct xfrm_state;
struct flowi_common;

/* The slots as the reference sees them; the test fills both views the same way. */
static int active[64];
static u64 ids[64];

#define REF_LOOP(H, n) for (n = 0; n < MAX_LSM_COUNT; n++) if (active[n])

#ifdef LSMGEN_HAS_vm_enough_memory
static int (*ref_fp_vm_enough_memory[64])(struct mm_struct *, long);

static int __vm_enough_memory_standin(long pages, int cap_sys_admin)
{
	return (int)pages * 10 + cap_sys_admin;
}

int prim_vm_enough_memory(struct mm_struct *mm, long pages)
{
	int cap_sys_admin = 1;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.vm_enough_memory); n++) {
		if (!lsm_slot_active_vm_enough_memory(n))
			continue;
		if (lsm_slot_call_vm_enough_memory(n, mm, pages) < 0) {
			cap_sys_admin = 0;
			break;
		}
	}
	return __vm_enough_memory_standin(pages, cap_sys_admin);
}

int ref_vm_enough_memory(struct mm_struct *mm, long pages)
{
	int cap_sys_admin = 1, rc, n;

	REF_LOOP(vm_enough_memory, n) {
		rc = ref_fp_vm_enough_memory[n](mm, pages);
		if (rc < 0) {
			cap_sys_admin = 0;
			break;
		}
	}
	return __vm_enough_memory_standin(pages, cap_sys_admin);
}
#endif

#ifdef LSMGEN_HAS_fs_context_parse_param
static int (*ref_fp_fs_context_parse_param[64])(struct fs_context *, struct fs_parameter *);

int prim_fs_context_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	int trc;
	int rc = -ENOPARAM;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.fs_context_parse_param); n++) {
		if (!lsm_slot_active_fs_context_parse_param(n))
			continue;
		trc = lsm_slot_call_fs_context_parse_param(n, fc, param);
		if (trc == 0)
			rc = 0;
		else if (trc != -ENOPARAM)
			return trc;
	}
	return rc;
}

int ref_fs_context_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	int trc, rc = -ENOPARAM, n;

	REF_LOOP(fs_context_parse_param, n) {
		trc = ref_fp_fs_context_parse_param[n](fc, param);
		if (trc == 0)
			rc = 0;
		else if (trc != -ENOPARAM)
			return trc;
	}
	return rc;
}
#endif

#ifdef LSMGEN_HAS_sb_set_mnt_opts
static int (*ref_fp_sb_set_mnt_opts[64])(struct super_block *, void *, unsigned long,
					  unsigned long *);

int prim_sb_set_mnt_opts(struct super_block *sb, void *mnt_opts, unsigned long kern_flags,
			 unsigned long *set_kern_flags)
{
	int rc = mnt_opts ? -EOPNOTSUPP : 0;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.sb_set_mnt_opts); n++) {
		if (!lsm_slot_active_sb_set_mnt_opts(n))
			continue;
		rc = lsm_slot_call_sb_set_mnt_opts(n, sb, mnt_opts, kern_flags, set_kern_flags);
		if (rc != 0)
			break;
	}
	return rc;
}

int ref_sb_set_mnt_opts(struct super_block *sb, void *mnt_opts, unsigned long kern_flags,
			unsigned long *set_kern_flags)
{
	int rc = mnt_opts ? -EOPNOTSUPP : 0, n;

	REF_LOOP(sb_set_mnt_opts, n) {
		rc = ref_fp_sb_set_mnt_opts[n](sb, mnt_opts, kern_flags, set_kern_flags);
		if (rc != 0)
			break;
	}
	return rc;
}
#endif

#ifdef LSMGEN_HAS_inode_init_security
static int (*ref_fp_inode_init_security[64])(struct inode *, struct inode *,
					      const struct qstr *, struct xattr *, int *);

int prim_inode_init_security(struct inode *inode, struct inode *dir, const struct qstr *qstr)
{
	struct xattr *new_xattrs = NULL;
	int ret = -EOPNOTSUPP, xattr_count = 0;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.inode_init_security); n++) {
		if (!lsm_slot_active_inode_init_security(n))
			continue;
		ret = lsm_slot_call_inode_init_security(n, inode, dir, qstr, new_xattrs,
							&xattr_count);
		if (ret && ret != -EOPNOTSUPP)
			goto out;
	}
out:
	return ret;
}

int ref_inode_init_security(struct inode *inode, struct inode *dir, const struct qstr *qstr)
{
	struct xattr *new_xattrs = NULL;
	int ret = -EOPNOTSUPP, xattr_count = 0, n;

	REF_LOOP(inode_init_security, n) {
		ret = ref_fp_inode_init_security[n](inode, dir, qstr, new_xattrs, &xattr_count);
		if (ret && ret != -EOPNOTSUPP)
			return ret;
	}
	return ret;
}
#endif

#ifdef LSMGEN_HAS_task_prctl
static int (*ref_fp_task_prctl[64])(int, unsigned long, unsigned long, unsigned long,
				     unsigned long);

int prim_task_prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
		    unsigned long arg5)
{
	int thisrc;
	int rc = -ENOSYS;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.task_prctl); n++) {
		if (!lsm_slot_active_task_prctl(n))
			continue;
		thisrc = lsm_slot_call_task_prctl(n, option, arg2, arg3, arg4, arg5);
		if (thisrc != -ENOSYS) {
			rc = thisrc;
			if (thisrc != 0)
				break;
		}
	}
	return rc;
}

int ref_task_prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
		   unsigned long arg5)
{
	int thisrc, rc = -ENOSYS, n;

	REF_LOOP(task_prctl, n) {
		thisrc = ref_fp_task_prctl[n](option, arg2, arg3, arg4, arg5);
		if (thisrc != -ENOSYS) {
			rc = thisrc;
			if (thisrc != 0)
				break;
		}
	}
	return rc;
}
#endif

#ifdef LSMGEN_HAS_getselfattr
static int (*ref_fp_getselfattr[64])(unsigned int, struct lsm_ctx *, u32 *, u32);

/* The loop of security_getselfattr(); the result folds rc, count, total and toobig. */
int prim_getselfattr(unsigned int attr, u32 flags, bool single, u64 lctx_id)
{
	struct lsm_ctx __user *uctx = NULL;
	u8 __user *base = NULL;
	u32 entrysize, total = 0, left = 100;
	bool toobig = false;
	int count = 0;
	int rc = 0;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.getselfattr); n++) {
		if (!lsm_slot_active_getselfattr(n))
			continue;
		if (single && lctx_id != lsm_slot_lsmid_getselfattr(n))
			continue;
		entrysize = left;
		if (base)
			uctx = (struct lsm_ctx __user *)(base + total);
		rc = lsm_slot_call_getselfattr(n, attr, uctx, &entrysize, flags);
		if (rc == -EOPNOTSUPP) {
			rc = 0;
			continue;
		}
		if (rc == -E2BIG) {
			rc = 0;
			left = 0;
			toobig = true;
		} else if (rc < 0) {
			return rc;
		} else {
			left -= entrysize;
		}
		total += entrysize;
		count += rc;
		if (single)
			break;
	}
	return count * 1000000 + (int)total * 10 + toobig;
}

int ref_getselfattr(unsigned int attr, u32 flags, bool single, u64 lctx_id)
{
	u32 entrysize, total = 0, left = 100;
	bool toobig = false;
	int count = 0, rc, n;

	REF_LOOP(getselfattr, n) {
		if (single && lctx_id != ids[n])
			continue;
		entrysize = left;
		rc = ref_fp_getselfattr[n](attr, NULL, &entrysize, flags);
		if (rc == -EOPNOTSUPP)
			continue;
		if (rc == -E2BIG) {
			rc = 0;
			left = 0;
			toobig = true;
		} else if (rc < 0) {
			return rc;
		} else {
			left -= entrysize;
		}
		total += entrysize;
		count += rc;
		if (single)
			break;
	}
	return count * 1000000 + (int)total * 10 + toobig;
}
#endif

#ifdef LSMGEN_HAS_setselfattr
static int (*ref_fp_setselfattr[64])(unsigned int, struct lsm_ctx *, u32, u32);

int prim_setselfattr(u64 lctx_id, unsigned int attr, struct lsm_ctx *lctx, u32 size, u32 flags)
{
	return lsm_dispatch_setselfattr_lsmid(lctx_id, attr, lctx, size, flags);
}

int ref_setselfattr(u64 lctx_id, unsigned int attr, struct lsm_ctx *lctx, u32 size, u32 flags)
{
	int rc = -EOPNOTSUPP, n;

	REF_LOOP(setselfattr, n) {
		if (ids[n] == lctx_id) {
			rc = ref_fp_setselfattr[n](attr, lctx, size, flags);
			break;
		}
	}
	return rc;
}
#endif

#ifdef LSMGEN_HAS_getprocattr
static int (*ref_fp_getprocattr[64])(struct task_struct *, const char *, char **);

int prim_getprocattr(struct task_struct *p, u64 lsmid, const char *name, char **value)
{
	return lsm_dispatch_getprocattr_lsmid(lsmid, p, name, value);
}

int ref_getprocattr(struct task_struct *p, u64 lsmid, const char *name, char **value)
{
	int n;

	REF_LOOP(getprocattr, n) {
		if (lsmid != 0 && lsmid != ids[n])
			continue;
		return ref_fp_getprocattr[n](p, name, value);
	}
	return -EINVAL;
}
#endif

#ifdef LSMGEN_HAS_setprocattr
static int (*ref_fp_setprocattr[64])(const char *, void *, size_t);

int prim_setprocattr(u64 lsmid, const char *name, void *value, size_t size)
{
	return lsm_dispatch_setprocattr_lsmid(lsmid, name, value, size);
}

int ref_setprocattr(u64 lsmid, const char *name, void *value, size_t size)
{
	int n;

	REF_LOOP(setprocattr, n) {
		if (lsmid != 0 && lsmid != ids[n])
			continue;
		return ref_fp_setprocattr[n](name, value, size);
	}
	return -EINVAL;
}
#endif

#ifdef LSMGEN_HAS_xfrm_state_pol_flow_match
static int (*ref_fp_xfrm_state_pol_flow_match[64])(struct xfrm_state *, struct xfrm_policy *,
						    const struct flowi_common *);

int prim_xfrm_state_pol_flow_match(struct xfrm_state *x, struct xfrm_policy *xp,
				   const struct flowi_common *flic)
{
	int rc = 1;
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.xfrm_state_pol_flow_match); n++) {
		if (!lsm_slot_active_xfrm_state_pol_flow_match(n))
			continue;
		rc = lsm_slot_call_xfrm_state_pol_flow_match(n, x, xp, flic);
		break;
	}
	return rc;
}

int ref_xfrm_state_pol_flow_match(struct xfrm_state *x, struct xfrm_policy *xp,
				  const struct flowi_common *flic)
{
	int rc = 1, n;

	REF_LOOP(xfrm_state_pol_flow_match, n) {
		rc = ref_fp_xfrm_state_pol_flow_match[n](x, xp, flic);
		break;
	}
	return rc;
}
#endif

#ifdef LSMGEN_HAS_lsmprop_to_secctx
static int (*ref_fp_lsmprop_to_secctx[64])(struct lsm_prop *, struct lsm_context *);

int prim_lsmprop_to_secctx(struct lsm_prop *prop, struct lsm_context *cp, int lsmid)
{
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(static_calls_table.lsmprop_to_secctx); n++) {
		if (!lsm_slot_active_lsmprop_to_secctx(n))
			continue;
		if (lsmid != LSM_ID_UNDEF && (u64)lsmid != lsm_slot_lsmid_lsmprop_to_secctx(n))
			continue;
		return lsm_slot_call_lsmprop_to_secctx(n, prop, cp);
	}
	return -EOPNOTSUPP;
}

int ref_lsmprop_to_secctx(struct lsm_prop *prop, struct lsm_context *cp, int lsmid)
{
	int n;

	REF_LOOP(lsmprop_to_secctx, n) {
		if (lsmid != LSM_ID_UNDEF && (u64)lsmid != ids[n])
			continue;
		return ref_fp_lsmprop_to_secctx[n](prop, cp);
	}
	return -EOPNOTSUPP;
}
#endif
