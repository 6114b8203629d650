/* cli: the command-line subcommands of studpoker (everything but the game window).
 * Each takes the arguments after its own name and returns the process exit status:
 * 0 success, 1 failure at run time, 2 bad input (with a message on stderr). */
#ifndef STUDPOKER_CLI_H
#define STUDPOKER_CLI_H

int cli_rank(int argc, char **argv);
int cli_deal(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_bench_store(int argc, char **argv);  /* bench_store.c */
int cli_bench_render(int argc, char **argv); /* bench_render.c */
int cli_bench_link(int argc, char **argv);   /* bench_link.c (with libpq) */
int cli_bench_table(int argc, char **argv);  /* bench_table.c (with libpq) */
/* Plays scripted rounds through the store, for the kill test (cli_store.c). */
int cli_store_selftest(int argc, char **argv);

/* cli_config.c */
int cli_check_config(int argc, char **argv);
int cli_print_config(int argc, char **argv); /* [--config FILE | --preset NAME] [--commented] */
int cli_config_reference(int argc, char **argv);
int cli_play(int argc, char **argv);

/* exact par sheets and their benchmark (cli_parsheet.c), the simulation (cli_simulate.c), the
 * hint for one position (cli_hint.c); their shared options in cli_rules.h */
int cli_parsheet(int argc, char **argv);
int cli_bench_parsheet(int argc, char **argv);
int cli_simulate(int argc, char **argv);
int cli_hint(int argc, char **argv);
int cli_audit(int argc, char **argv); /* cli_audit.c */
int cli_upgrade(int argc, char **argv);
int cli_accept_restore(int argc, char **argv);
int cli_link(int argc, char **argv); /* cli_link.c: the linked progressive's controller */
int cli_table_host(int argc, char **argv); /* cli_table.c: a shared table's dealer */
int cli_table(int argc, char **argv);      /* cli_table.c: table lobby|audit */

#endif
