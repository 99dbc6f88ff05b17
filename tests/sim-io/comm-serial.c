/* comm-serial.c - comm.h for one process, for the unit tests of the result
 * writer (nbsim itself links the core's comm.c). */
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int nb_comm_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

void nb_comm_finalize(void)
{
}

int nb_comm_rank(void)
{
	return 0;
}

int nb_comm_size(void)
{
	return 1;
}

void nb_comm_barrier(void)
{
}

void nb_comm_gather(const void *send, size_t n, void *recv)
{
	memcpy(recv, send, n);
}

void nb_comm_sum(double *v, size_t n)
{
	(void)v;
	(void)n;
}

void nb_comm_max(double *v, size_t n)
{
	(void)v;
	(void)n;
}

void nb_comm_abort(const char *msg)
{
	fprintf(stderr, "%s\n", msg);
	exit(1);
}
