/* Validation of --numa-balancing values: exactly "0" or "1", nothing else
 * (no whitespace, signs, hex or empty strings). */
#include "nb_value.h"

#include <stdio.h>

#include "parse.h"

int nb_value_parse(const char *s)
{
	int v;

	return s != NULL && parse_request_value(s, &v) == 0 ? v : -1;
}

bool nb_value_allowed(unsigned allow_mask, int v)
{
	return (v == 0 || v == 1) && (allow_mask & (1u << v)) != 0;
}

void nb_value_format_allowed(unsigned allow_mask, char *buf, size_t len)
{
	const char *text = "none";

	if ((allow_mask & 3u) == 3u)
		text = "0,1";
	else if (allow_mask & 1u)
		text = "0";
	else if (allow_mask & 2u)
		text = "1";
	snprintf(buf, len, "%s", text);
}
