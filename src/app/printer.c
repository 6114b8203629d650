/* The ticket printer on CUPS. See printer.h. */
#define _POSIX_C_SOURCE 200809L
#include "printer.h"

#include <cups/cups.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define JOBS 16

typedef struct job {
    game_voucher_t v;
    char file[1100];
    bool printed;
    char why[256];
} job_t;

struct printer {
    char queue[64];
    int timeout_s;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool stop;
    job_t queued[JOBS], done[JOBS];
    int nqueued, ndone, busy;
};

static void nap_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* The queue's state and its message as CUPS reports them (Get-Printer-Attributes): stopped or
 * not, and what the printer last said ("paper jam"). False when CUPS does not answer. */
static bool queue_state(const char *queue, bool *stopped, char *msg, size_t n) {
    *stopped = false;
    msg[0] = '\0';
    char uri[HTTP_MAX_URI];
    httpAssembleURIf(HTTP_URI_CODING_ALL, uri, sizeof uri, "ipp", NULL, "localhost", 0,
                     "/printers/%s", queue);
    ipp_t *req = ippNewRequest(IPP_OP_GET_PRINTER_ATTRIBUTES);
    ippAddString(req, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", NULL, uri);
    ipp_t *resp = cupsDoRequest(CUPS_HTTP_DEFAULT, req, "/");
    if (!resp) return false;
    bool ok = ippGetStatusCode(resp) <= IPP_STATUS_OK_CONFLICTING;
    ipp_attribute_t *st = ippFindAttribute(resp, "printer-state", IPP_TAG_ENUM);
    ipp_attribute_t *m = ippFindAttribute(resp, "printer-state-message", IPP_TAG_TEXT);
    *stopped = st && ippGetInteger(st, 0) == IPP_PSTATE_STOPPED;
    if (m) snprintf(msg, n, "%s", ippGetString(m, 0, NULL));
    ippDelete(resp);
    return ok;
}

static bool queue_stopped(const char *queue, char *why, size_t n) {
    bool stopped;
    char msg[200];
    if (!queue_state(queue, &stopped, msg, sizeof msg)) {
        snprintf(why, n, "the printer %s does not answer (%s)", queue, cupsLastErrorString());
        return true;
    }
    if (stopped) snprintf(why, n, "the printer is stopped%s%s", msg[0] ? ": " : "", msg);
    return stopped;
}

/* Why the printer could not print, as it says it (its state message). */
static void printer_reason(const char *queue, char *why, size_t n) {
    bool stopped;
    char msg[200];
    queue_state(queue, &stopped, msg, sizeof msg);
    snprintf(why, n, "the printer could not print the ticket%s%s", msg[0] ? ": " : "", msg);
}

/* The job's state, or -1 when CUPS does not list it. */
static int job_state(const char *queue, int id) {
    cups_job_t *jobs = NULL;
    int n = cupsGetJobs2(CUPS_HTTP_DEFAULT, &jobs, queue, 0, CUPS_WHICHJOBS_ALL);
    int state = -1;
    for (int i = 0; i < n; i++)
        if (jobs[i].id == id) state = jobs[i].state;
    cupsFreeJobs(n, jobs);
    return state;
}

/* Sends one ticket and follows its job to the end. */
static void print_one(printer_t *p, job_t *j) {
    char title[64];
    snprintf(title, sizeof title, "ticket %06lld%s", (long long)j->v.sequence,
             j->v.reprint ? " reprint" : "");
    int id = cupsPrintFile(p->queue, j->file, title, 0, NULL);
    if (id == 0) {
        snprintf(j->why, sizeof j->why, "the printer refused the ticket: %s",
                 cupsLastErrorString());
        return;
    }
    for (long waited = 0; waited <= (long)p->timeout_s * 1000; waited += 100) {
        int st = job_state(p->queue, id);
        if (st == IPP_JSTATE_COMPLETED) {
            j->printed = true;
            return;
        }
        if (st == IPP_JSTATE_CANCELED || st == IPP_JSTATE_ABORTED) {
            snprintf(j->why, sizeof j->why, "the printer %s the ticket",
                     st == IPP_JSTATE_CANCELED ? "cancelled" : "could not print");
            return;
        }
        /* held by CUPS (the device failed: it would try again minutes later), stopped, or a
         * queue that stopped: the ticket is not coming out now */
        bool stopped = queue_stopped(p->queue, j->why, sizeof j->why);
        if (st == IPP_JSTATE_HELD || st == IPP_JSTATE_STOPPED || stopped) {
            if (!stopped) printer_reason(p->queue, j->why, sizeof j->why);
            cupsCancelJob2(CUPS_HTTP_DEFAULT, p->queue, id, 0);
            return;
        }
        nap_ms(100);
    }
    snprintf(j->why, sizeof j->why, "the printer did not print the ticket within %d s",
             p->timeout_s);
    cupsCancelJob2(CUPS_HTTP_DEFAULT, p->queue, id, 0);
}

static void *run(void *arg) {
    printer_t *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->nqueued == 0) pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop) break;
        job_t j = p->queued[0];
        memmove(p->queued, p->queued + 1, (size_t)(--p->nqueued) * sizeof p->queued[0]);
        pthread_mutex_unlock(&p->mu);
        print_one(p, &j);
        pthread_mutex_lock(&p->mu);
        if (p->ndone < JOBS) p->done[p->ndone++] = j;
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

printer_t *printer_start(const char *queue, int timeout_s) {
    if (!queue || !queue[0]) return NULL;
    printer_t *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    snprintf(p->queue, sizeof p->queue, "%s", queue);
    p->timeout_s = timeout_s;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    if (pthread_create(&p->thread, NULL, run, p) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

void printer_stop(printer_t *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p);
}

bool printer_send(printer_t *p, const game_voucher_t *v, const char *file) {
    pthread_mutex_lock(&p->mu);
    bool ok = p->nqueued < JOBS && p->busy < JOBS;
    if (ok) {
        job_t *j = &p->queued[p->nqueued++];
        memset(j, 0, sizeof *j);
        j->v = *v;
        snprintf(j->file, sizeof j->file, "%s", file);
        p->busy++;
        pthread_cond_signal(&p->cv);
    }
    pthread_mutex_unlock(&p->mu);
    return ok;
}

bool printer_answer(printer_t *p, game_voucher_t *v, bool *printed, char *why, size_t n) {
    pthread_mutex_lock(&p->mu);
    bool any = p->ndone > 0;
    if (any) {
        job_t *j = &p->done[0];
        *v = j->v;
        *printed = j->printed;
        snprintf(why, n, "%s", j->why);
        memmove(p->done, p->done + 1, (size_t)(--p->ndone) * sizeof p->done[0]);
        p->busy--;
    }
    pthread_mutex_unlock(&p->mu);
    return any;
}

int printer_busy(printer_t *p) {
    pthread_mutex_lock(&p->mu);
    int n = p->busy;
    pthread_mutex_unlock(&p->mu);
    return n;
}
