/* The pixel loops our code runs on the window (the shade, the blends, the light's cross-fade, the
 * kept picture's copy) shared between the cores. SDL's software renderer draws on one core; at
 * 3840x2160 a celebration's frame is some 9 ms of these loops, which free cores share.
 *
 * A job's rows are cut into chunks that the drawing thread and the workers take in turn from one
 * counter, so a worker the system has not run yet (its core busy with another program) takes
 * nothing, and the drawing thread does the chunks itself: it waits at most for the chunk a worker
 * is in the middle of. (Fixed bands, one a thread, made the frames wait for a busy core's band:
 * 451 frames over 16.7 ms at 3840x2160 against 219 without workers.) The chunks are disjoint and
 * no SDL call is made on a worker. */
#include "ui_gfx_internal.h"

#include <stdatomic.h>
#include <stdint.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PAUSE() _mm_pause()
#else
#define PAUSE() ((void)0)
#endif

#define POOL_MAX        3     /* workers besides the caller */
#define POOL_MIN_PIXELS 65536 /* a smaller job is not worth waking anyone */
#define POOL_CHUNKS     6     /* chunks a thread taking part */
#define POOL_MIN_ROWS   8

typedef struct pool_worker {
    SDL_Thread *thread;
    SDL_sem *go;
} pool_worker_t;

static struct {
    int n;
    pool_worker_t w[POOL_MAX];
    atomic_int quit;
    /* the job: written by the caller before its ticket, read by whoever holds one of its */
    gfx_rows_fn fn;
    void *arg;
    int rows, chunk;
    atomic_int nchunks;
    atomic_uint job;             /* the job now (the workers are woken for it) */
    atomic_uint_fast64_t ticket; /* the job's number << 32 | its next chunk */
    atomic_int busy;             /* threads inside a job's chunk, or taking one */
} pool;

/* Chunks of job `job` taken and drawn until none is left (or the job is no longer the one). A
 * ticket is taken by compare-and-swap, never by adding: a thread late for its job takes no chunk
 * of the next. */
static void take_chunks(unsigned job) {
    for (;;) {
        atomic_fetch_add(&pool.busy, 1);
        uint_fast64_t t = atomic_load(&pool.ticket);
        for (;;) {
            if ((unsigned)(t >> 32) != job || (uint32_t)t >= (uint32_t)atomic_load(&pool.nchunks)) {
                atomic_fetch_sub(&pool.busy, 1);
                return;
            }
            if (atomic_compare_exchange_weak(&pool.ticket, &t, t + 1)) break;
        }
        int y0 = (int)(uint32_t)t * pool.chunk, y1 = y0 + pool.chunk;
        pool.fn(pool.arg, y0, y1 < pool.rows ? y1 : pool.rows);
        atomic_fetch_sub(&pool.busy, 1);
    }
}

static int worker(void *data) {
    pool_worker_t *w = data;
    for (;;) {
        SDL_SemWait(w->go);
        if (atomic_load(&pool.quit)) return 0;
        take_chunks(atomic_load(&pool.job));
    }
}

void gfx_pool_start(int workers) {
    if (pool.n || workers <= 0) return;
    if (workers > POOL_MAX) workers = POOL_MAX;
    atomic_store(&pool.quit, 0);
    for (int i = 0; i < workers; i++) {
        pool_worker_t *w = &pool.w[pool.n];
        w->go = SDL_CreateSemaphore(0);
        w->thread = w->go ? SDL_CreateThread(worker, "pixels", w) : NULL;
        if (!w->thread) {
            if (w->go) SDL_DestroySemaphore(w->go);
            break;
        }
        pool.n++;
    }
}

void gfx_pool_stop(void) {
    atomic_store(&pool.quit, 1);
    for (int i = 0; i < pool.n; i++) {
        SDL_SemPost(pool.w[i].go);
        SDL_WaitThread(pool.w[i].thread, NULL);
        SDL_DestroySemaphore(pool.w[i].go);
    }
    pool.n = 0;
}

void gfx_rows(int rows, long pixels, gfx_rows_fn fn, void *arg) {
    int parts = pool.n + 1;
    if (pool.n == 0 || pixels < POOL_MIN_PIXELS || rows < 2 * POOL_MIN_ROWS) {
        fn(arg, 0, rows);
        return;
    }
    /* (the last job's chunks are all done: busy was 0 when it returned). The new job's ticket
     * closed while it is set up: a thread late for the last job takes nothing of it. */
    unsigned job = atomic_load(&pool.job) + 1;
    atomic_store(&pool.ticket, (uint_fast64_t)job << 32 | 0xffffffffu);
    int chunk = rows / (parts * POOL_CHUNKS);
    if (chunk < POOL_MIN_ROWS) chunk = POOL_MIN_ROWS;
    pool.fn = fn, pool.arg = arg, pool.rows = rows, pool.chunk = chunk;
    atomic_store(&pool.nchunks, (rows + chunk - 1) / chunk);
    atomic_store(&pool.ticket, (uint_fast64_t)job << 32);
    atomic_store(&pool.job, job);
    for (int i = 0; i < pool.n; i++) SDL_SemPost(pool.w[i].go);
    take_chunks(job);
    /* the chunks a worker is still drawing: at most one each, waited for on this core (the
     * wait is the drawing thread's processor time) */
    while (atomic_load(&pool.busy) > 0) PAUSE();
}
