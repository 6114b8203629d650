/* studpoker: the command line. With no command it plays; the other commands are tools for
 * operators, auditors and developers. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rng.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: studpoker [COMMAND] [ARGS]\n"
            "\n"
            "commands:\n"
            "  deal [--seed N]           shuffle and deal one Caribbean Stud hand in the terminal\n"
            "  rank CARD...              rank 5, 6 or 7 cards (e.g. As Kd Qh Jc Ts)\n"
            "  rank --board3 C C C       Cajun Stud Board Bonus hand\n"
            "  rank --pocket C C         Cajun Stud Pocket Bonus hand\n"
            "  rank --lowball C C C C C  Cajun Stud Lo Ball hand\n"
            "  rank --asian C C C C C    Asian Stud points and bonus hand (Jk is the joker)\n"
            "  bench eval                hand evaluator speed\n"
            "  bench parsheet            exact par sheet speed (Caribbean, Cajun, Asian)\n"
            "  bench simulate            simulation speed: 50 million classic Caribbean rounds\n"
            "  bench render [WxH...]     frame times of a player's session on every game\n"
            "  bench store [--rounds N]  start-up on a database of N rounds (1,000,000)\n"
            "  bench link --url CONNINFO [--machines N] [--batch B] [--seconds S] [--rate R]\n"
            "                            linked jackpot: contributions a second, meter and\n"
            "                            hit latency (scripts/bench-link.sh: its own server)\n"
            "  parsheet [--config FILE] [--json] [--min-payback PCT]\n"
            "                            the exact return of every bet of the configured game\n"
            "  simulate [--config FILE] [--rounds N] [--strategy NAME] [--seed S] [--json]\n"
            "                            play N rounds through the round engine on 2 threads\n"
            "  hint [--preset NAME] CARDS [--up C | --board CARDS --raises N,N]\n"
            "                            the optimal decision and the value of each choice\n"
            "  check-config [--kiosk] FILE...\n"
            "                            check config files: every error with its line, and\n"
            "                            every bet outside the approved return range (an error\n"
            "                            for a cabinet, --kiosk or [display] mode = kiosk)\n"
            "  print-config [--config FILE | --preset NAME] [--commented]\n"
            "                            the effective settings as an INI file (also given as\n"
            "                            the option --print-config)\n"
            "  config-reference          every config key, as a Markdown reference\n"
            "  audit --db PATH [--key PATH] [--anchor PATH] [--meters] [--log N]\n"
            "                            check a machine's database: every check, and the money\n"
            "                            worked out again from the history\n"
            "  upgrade --db PATH [--key PATH] [--anchor PATH]\n"
            "                            technician: upgrade a database of the release of\n"
            "                            2026-11-24 to this release, once\n"
            "  accept-restore --db PATH [--key PATH] [--anchor PATH]\n"
            "                            technician: accept a database restored from a backup\n"
            "                            (MEMORY ROLLBACK), audited\n"
            "  link init|status|meters|wins --url CONNINFO [--pool NAME]\n"
            "                            the linked progressive's controller (PostgreSQL):\n"
            "                            install it, ask it, print its meters and wins\n"
            "  table-host --config FILE --url CONNINFO --table NAME [--rounds N]\n"
            "                            deal a shared table on the controller (one dealer,\n"
            "                            any number of players: play --join NAME)\n"
            "  table lobby|audit --url CONNINFO [--config FILE --table NAME]\n"
            "                            the tables and their rounds; an operator's audit of\n"
            "                            a table (every round replayed, the money)\n"
            "  help                      this text\n");
}

/* `studpoker [--config FILE] --print-config [--commented]`: the print-config command, given as
 * an option; the other leading options are print-config's. */
static int print_config_option(int argc, char **argv) {
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (!args) return 1;
    int n = 0;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--print-config") != 0) args[n++] = argv[i];
    args[n] = NULL;
    int status = cli_print_config(n, args);
    free(args);
    return status;
}

int main(int argc, char **argv) {
    if (!rng_library_init()) {
        fprintf(stderr, "studpoker: libsodium could not start; no cards can be dealt\n");
        return 1;
    }
    for (int i = 1; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--print-config") == 0) return print_config_option(argc - 1, argv + 1);
        if (strcmp(argv[i], "--config") == 0 || strcmp(argv[i], "--preset") == 0) i++;
    }
    const char *cmd = argc > 1 ? argv[1] : "play";
    int sub_argc = argc > 1 ? argc - 2 : 0;
    char **sub_argv = argv + (argc > 1 ? 2 : 1);
    if (strcmp(cmd, "rank") == 0) return cli_rank(sub_argc, sub_argv);
    if (strcmp(cmd, "deal") == 0) return cli_deal(sub_argc, sub_argv);
    if (strcmp(cmd, "play") == 0) return cli_play(sub_argc, sub_argv);
    if (cmd[0] == '-' && cmd[1] == '-' && strcmp(cmd, "--help") != 0)
        return cli_play(argc - 1, argv + 1); /* options alone: play with them */
    if (strcmp(cmd, "parsheet") == 0) return cli_parsheet(sub_argc, sub_argv);
    if (strcmp(cmd, "simulate") == 0) return cli_simulate(sub_argc, sub_argv);
    if (strcmp(cmd, "hint") == 0) return cli_hint(sub_argc, sub_argv);
    if (strcmp(cmd, "bench") == 0) return cli_bench(sub_argc, sub_argv);
    if (strcmp(cmd, "store-selftest") == 0) return cli_store_selftest(sub_argc, sub_argv);
    if (strcmp(cmd, "audit") == 0) return cli_audit(sub_argc, sub_argv);
    if (strcmp(cmd, "upgrade") == 0) return cli_upgrade(sub_argc, sub_argv);
    if (strcmp(cmd, "accept-restore") == 0) return cli_accept_restore(sub_argc, sub_argv);
    if (strcmp(cmd, "check-config") == 0) return cli_check_config(sub_argc, sub_argv);
    if (strcmp(cmd, "print-config") == 0) return cli_print_config(sub_argc, sub_argv);
    if (strcmp(cmd, "config-reference") == 0) return cli_config_reference(sub_argc, sub_argv);
    if (strcmp(cmd, "link") == 0) return cli_link(sub_argc, sub_argv);
    if (strcmp(cmd, "table-host") == 0) return cli_table_host(sub_argc, sub_argv);
    if (strcmp(cmd, "table") == 0) return cli_table(sub_argc, sub_argv);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "studpoker: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
