/* numa-nodes: prints the number of NUMA nodes libnuma counts on this
 * machine, for numa-balancing-helper status. The helper does not link
 * libnuma itself: libnuma's constructor reads /proc and /sys in every
 * process that links it, about 0.2 ms of each prolog and epilog on a
 * compute node, while only status (and a rare recovery) needs the count.
 * The helper runs this program with no capabilities and no environment. */
#include <numa.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fputs("usage: numa-nodes\n", stderr);
		return 2;
	}
	/* Without NUMA support the machine is one node. */
	if (printf("%d\n", numa_available() >= 0 ? numa_num_configured_nodes() : 1) < 0 ||
	    fflush(stdout) != 0)
		return EXIT_FAILURE;
	return EXIT_SUCCESS;
}
