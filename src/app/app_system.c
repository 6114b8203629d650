/* The program's side of the system: signals, the watchdog, systemd's notifications. */
#define _GNU_SOURCE /* CLOCK_BOOTTIME */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#ifdef STUDPOKER_SYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "app_internal.h"

/* SIGTERM and SIGINT (systemd stopping the service, Ctrl+C in a terminal) end the program in
 * order; a window-close request is something else, which a kiosk ignores. The one flag a signal
 * handler may set is the only mutable global. */
static volatile sig_atomic_t terminate_requested;
static void on_terminate(int sig) {
    (void)sig;
    terminate_requested = 1;
}

void system_signals(void) {
    /* SIGTERM ends the program in order; SDL must not turn it into a window-close request */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    signal(SIGTERM, on_terminate);
    signal(SIGINT, on_terminate);
}

bool system_terminating(void) {
    return terminate_requested != 0;
}

/* Seconds since this process started (Linux: /proc), for the start-up figure. */
int64_t system_wall_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

double system_process_age_seconds(void) {
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return 0;
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')'); /* the command name may hold spaces */
    unsigned long long start = 0;
    /* field 22 (starttime) is the 20th after the name */
    if (!p || sscanf(p + 2,
                     "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d "
                     "%*d %*d %llu",
                     &start) != 1)
        return 0;
    struct timespec ts;
    clock_gettime(CLOCK_BOOTTIME, &ts);
    double now = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
    return now - (double)start / (double)sysconf(_SC_CLK_TCK);
}

/* ---- the watchdog ---- */

static int watchdog_main(void *data) {
    app_t *a = data;
    int stall_ms = a->c->cabinet.stall_seconds > 0 ? a->c->cabinet.stall_seconds * 1000 : 10000;
    bool stalled = false;
    while (!SDL_AtomicGet(&a->stop_watchdog)) {
        SDL_Delay(250);
        int beat = SDL_AtomicGet(&a->heartbeat_ms);
        int late = (int)(SDL_GetTicks() - (Uint32)beat);
        if (!stalled && late >= stall_ms) {
            stalled = true;
            fprintf(stderr,
                    "studpoker: watchdog: no frame for %.1f s (stall); under systemd the service "
                    "is restarted and the round in play resumes\n",
                    late / 1000.0);
        } else if (stalled && late < 1000) {
            stalled = false;
            fprintf(stderr, "studpoker: watchdog: frames again\n");
        }
    }
    return 0;
}

void system_heartbeat(app_t *a) {
    SDL_AtomicSet(&a->heartbeat_ms, (int)SDL_GetTicks());
#ifdef STUDPOKER_SYSTEMD
    if (SDL_GetTicks() - a->notified_ms >= 1000) {
        a->notified_ms = SDL_GetTicks();
        sd_notify(0, "WATCHDOG=1");
    }
#endif
}

void system_watchdog_start(app_t *a) {
    SDL_AtomicSet(&a->heartbeat_ms, (int)SDL_GetTicks());
    if (!a->o->headless) a->watchdog = SDL_CreateThread(watchdog_main, "watchdog", a);
}

void system_watchdog_stop(app_t *a) {
    if (!a->watchdog) return;
    SDL_AtomicSet(&a->stop_watchdog, 1);
    SDL_WaitThread(a->watchdog, NULL);
    a->watchdog = NULL;
}

void system_ready(void) {
#ifdef STUDPOKER_SYSTEMD
    sd_notify(0, "READY=1");
#endif
}
