/* The mock LSM's id, in a header of its own directory. */
#ifndef AA_LSMID_H
#define AA_LSMID_H

#define AA_NAME "apparmor"

static const struct lsm_id apparmor_lsmid = {
	.name = AA_NAME,
	.id = 104,
};

#endif
