/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The floor for bench-helper: a program that does nothing, linked the way
 * the helper is (static PIE). Its spawn-to-reap time is what creating any
 * process costs on the machine. */
int main(void)
{
	return 0;
}
