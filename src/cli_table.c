/* `studpoker table-host` and `studpoker table lobby|audit`: a shared table's dealer and its
 * operator's tools (issue 15). The host is host.h; the audit replays every settled round of a
 * table from the controller's records through the round engine and checks the money. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"
#include "host.h"

#ifdef STUDPOKER_LINK
#include "link_table.h"
#endif

static volatile sig_atomic_t host_stop = 0;

static void on_signal(int sig) {
    (void)sig;
    host_stop = 1;
}

static int host_usage(FILE *f, int status) {
    fprintf(f,
            "usage: studpoker table-host --config FILE --url CONNINFO --table NAME [--rounds N]\n"
            "                            [--deal one_deck|per_player] [--pause-ms N]\n"
            "                            [--stale-seconds N] [--seed N] [--quiet]\n"
            "                            [--deck CARDS]... (tests: the first rounds' decks)\n"
            "  deals a shared table on the controller: the config's game, limits and timers\n"
            "  (betting_seconds, decision_seconds); CONNINFO logs in as the table's host\n");
    return status;
}

int cli_table_host(int argc, char **argv) {
    const char *config = NULL, *url = NULL, *tab = NULL, *deal = NULL;
    host_options_t o = {.pause_ms = 4000, .stale_ms = 600000, .log = stdout};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return host_usage(stdout, 0);
        if (strcmp(a, "--quiet") == 0) {
            o.log = NULL;
            continue;
        }
        if (!v) return host_usage(stderr, 2);
        i++;
        if (strcmp(a, "--config") == 0)
            config = v;
        else if (strcmp(a, "--url") == 0)
            url = v;
        else if (strcmp(a, "--table") == 0)
            tab = v;
        else if (strcmp(a, "--deal") == 0)
            deal = v;
        else if (strcmp(a, "--rounds") == 0)
            o.rounds = strtoll(v, NULL, 10);
        else if (strcmp(a, "--seed") == 0)
            o.seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--pause-ms") == 0)
            o.pause_ms = atoi(v);
        else if (strcmp(a, "--stale-seconds") == 0)
            o.stale_ms = strtoll(v, NULL, 10) * 1000;
        else if (strcmp(a, "--deck") == 0 && o.ndecks < 8)
            o.decks[o.ndecks++] = v;
        else
            return host_usage(stderr, 2);
    }
    if (!config || !url || !tab || o.rounds < 0 || o.pause_ms < 0 || o.pause_ms > 600000 ||
        (deal && strcmp(deal, "one_deck") != 0 && strcmp(deal, "per_player") != 0))
        return host_usage(stderr, 2);
    static cfg_t cfg;
    static cfg_errors_t errs;
    if (cfg_load_file(config, &cfg, &errs) != 0) {
        cfg_errors_print(&errs, stderr);
        fprintf(stderr, "studpoker table-host: %s has errors; the table does not open with it\n",
                config);
        return 2;
    }
    char why[256];
    if (!host_config_ok(&cfg, why, sizeof why)) {
        fprintf(stderr, "studpoker table-host: %s: %s\n", config, why);
        return 2;
    }
    o.url = url, o.tab = tab, o.deal = deal, o.stop = &host_stop;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    return host_run(&cfg, &o);
}

#ifdef STUDPOKER_LINK

static int lobby(const char *url) {
    link_t *l = NULL;
    char err[LINK_MSG_LEN];
    if (link_connect(url, &l, err, sizeof err) != LINK_OK) {
        fprintf(stderr, "studpoker table lobby: %s\n", l ? link_message(l) : err);
        link_close(l);
        return 1;
    }
    static lt_lobby_row_t rows[200];
    int n = 0;
    if (link_table_lobby(l, rows, 200, &n) != LINK_OK) {
        fprintf(stderr, "studpoker table lobby: %s\n", link_message(l));
        link_close(l);
        return 1;
    }
    for (int i = 0; i < n; i++)
        printf("table=%s variant=%s currency=%s seated=%d round=%" PRId64 " phase=%s left_ms=%d "
               "jackpot=%" PRId64 " title=\"%s\" limits=\"%s\"\n",
               rows[i].tab, rows[i].variant, rows[i].currency, rows[i].seated, rows[i].round,
               rows[i].phase, rows[i].left_ms, rows[i].pool_value, rows[i].title, rows[i].limits);
    link_close(l);
    return 0;
}

#endif

static int table_audit(int argc, char **argv) {
    const char *url = NULL, *config = NULL, *tab = NULL;
    for (int i = 0; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--url") == 0)
            url = argv[i + 1];
        else if (strcmp(argv[i], "--config") == 0)
            config = argv[i + 1];
        else if (strcmp(argv[i], "--table") == 0)
            tab = argv[i + 1];
    }
    if (!url || !config || !tab) {
        fprintf(stderr, "usage: studpoker table audit --url CONNINFO --config FILE --table NAME\n");
        return 2;
    }
    static cfg_t cfg;
    static cfg_errors_t errs;
    if (cfg_load_file(config, &cfg, &errs) != 0) {
        cfg_errors_print(&errs, stderr);
        return 2;
    }
    return host_audit(&cfg, url, tab, stdout);
}

int cli_table(int argc, char **argv) {
    const char *sub = argc > 0 ? argv[0] : "";
    const char *url = NULL;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--url") == 0) url = argv[i + 1];
#ifdef STUDPOKER_LINK
    if (strcmp(sub, "lobby") == 0 && url) return lobby(url);
    if (strcmp(sub, "audit") == 0 && url) return table_audit(argc - 1, argv + 1);
#else
    (void)url;
    if (strcmp(sub, "lobby") == 0) {
        fprintf(stderr, "studpoker table: this studpoker was built without libpq (libpq-dev)\n");
        return 1;
    }
    if (strcmp(sub, "audit") == 0) return table_audit(argc - 1, argv + 1);
#endif
    fprintf(stderr, "usage: studpoker table lobby --url CONNINFO\n"
                    "       studpoker table audit --url CONNINFO --config FILE --table NAME\n");
    return 2;
}
