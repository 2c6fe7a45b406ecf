/* A mock LSM for lsmgen's scan tests: its files register through headers each includes in
 * a form the text alone hardly shows; the files themselves say no word that registers. */
DEFINE_LSM(tomoyo) = {
	.name = "tomoyo",
};
