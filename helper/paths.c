/* Fixed paths; the test build (-DNB_TEST_HOOKS) takes NB_TEST_SYSCTL,
 * NB_TEST_VMSTAT and NB_TEST_STATE_DIR from the environment. */
#include "paths.h"

#include <stdlib.h>
#include <string.h>

static struct nb_paths paths = {
	NB_SYSCTL_PATH, NB_VMSTAT_PATH, NB_BOOT_ID_PATH, NB_STATE_DIR
};

#ifdef NB_TEST_HOOKS
#define TEST_PATH_MAX 4096

/* A copy of the variable, or dflt when it is unset or empty. */
static const char *env_or(char *copy, const char *name, const char *dflt)
{
	const char *v = getenv(name);

	if (!v || !*v)
		return dflt;
	if (strlen(v) >= TEST_PATH_MAX)
		abort(); /* test build only: never fall back to the real path */
	return strcpy(copy, v);
}

void paths_init(void)
{
	static char sysctl[TEST_PATH_MAX], vmstat[TEST_PATH_MAX], state_dir[TEST_PATH_MAX];

	paths.sysctl = env_or(sysctl, "NB_TEST_SYSCTL", NB_SYSCTL_PATH);
	paths.vmstat = env_or(vmstat, "NB_TEST_VMSTAT", NB_VMSTAT_PATH);
	paths.state_dir = env_or(state_dir, "NB_TEST_STATE_DIR", NB_STATE_DIR);
}
#else
void paths_init(void)
{
}
#endif

void paths_get(struct nb_paths *p)
{
	*p = paths;
}
