/* Fixed paths; the test build (-DNB_TEST_HOOKS) takes NB_TEST_SYSCTL,
 * NB_TEST_VMSTAT and NB_TEST_STATE_DIR from the environment. */
#include "paths.h"

#include <stdlib.h>

#ifdef NB_TEST_HOOKS
static const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);

	return v && *v ? v : dflt;
}
#else
#define env_or(name, dflt) (dflt)
#endif

void paths_get(struct nb_paths *p)
{
	p->sysctl = env_or("NB_TEST_SYSCTL", NB_SYSCTL_PATH);
	p->vmstat = env_or("NB_TEST_VMSTAT", NB_VMSTAT_PATH);
	p->boot_id = NB_BOOT_ID_PATH;
	p->state_dir = env_or("NB_TEST_STATE_DIR", NB_STATE_DIR);
}
