/* SPDX-License-Identifier: GPL-2.0-or-later */
/* register.c - allocation and growth of spike registers (register.h). */
#include "exchange/register.h"

#include <stdlib.h>

#include "util/vec.h"

struct nb_register *nb_register_new(void)
{
	return calloc(1, sizeof(struct nb_register));
}

void nb_register_free(struct nb_register *r)
{
	if (r)
		free(r->e);
	free(r);
}

int nb_register_grow(struct nb_register *r)
{
	void *e = r->e;
	int rc = nb_vec_reserve_one(&e, r->n, &r->cap, sizeof(*r->e));

	r->e = e;
	return rc;
}
