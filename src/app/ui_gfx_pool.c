/* The pixel loops our code runs on the window (the shade, the blends, the light's cross-fade, the
 * kept picture's copy) shared between the cores: each takes a band of rows. SDL's software
 * renderer draws on one core; at 3840x2160 a celebration's frame is some 9 ms of these loops,
 * which a second core halves. The bands are disjoint and no SDL call is made on a worker. */
#include "ui_gfx_internal.h"

#define POOL_MAX        3     /* workers besides the caller */
#define POOL_MIN_PIXELS 65536 /* a smaller job is not worth waking anyone */

typedef struct pool_worker {
    SDL_Thread *thread;
    SDL_sem *go, *done;
    gfx_rows_fn fn;
    void *arg;
    int y0, y1;
} pool_worker_t;

static struct {
    int n;
    pool_worker_t w[POOL_MAX];
    SDL_atomic_t quit;
    double waited_ms; /* the caller's time waiting for the workers, in all */
} pool;

static int worker(void *data) {
    pool_worker_t *w = data;
    for (;;) {
        SDL_SemWait(w->go);
        if (SDL_AtomicGet(&pool.quit)) return 0;
        w->fn(w->arg, w->y0, w->y1);
        SDL_SemPost(w->done);
    }
}

void gfx_pool_start(int workers) {
    if (pool.n || workers <= 0) return;
    if (workers > POOL_MAX) workers = POOL_MAX;
    SDL_AtomicSet(&pool.quit, 0);
    for (int i = 0; i < workers; i++) {
        pool_worker_t *w = &pool.w[pool.n];
        w->go = SDL_CreateSemaphore(0);
        w->done = SDL_CreateSemaphore(0);
        w->thread = w->go && w->done ? SDL_CreateThread(worker, "pixels", w) : NULL;
        if (!w->thread) {
            if (w->go) SDL_DestroySemaphore(w->go);
            if (w->done) SDL_DestroySemaphore(w->done);
            break;
        }
        pool.n++;
    }
}

void gfx_pool_stop(void) {
    SDL_AtomicSet(&pool.quit, 1);
    for (int i = 0; i < pool.n; i++) {
        SDL_SemPost(pool.w[i].go);
        SDL_WaitThread(pool.w[i].thread, NULL);
        SDL_DestroySemaphore(pool.w[i].go);
        SDL_DestroySemaphore(pool.w[i].done);
    }
    pool.n = 0;
}

void gfx_rows(int rows, long pixels, gfx_rows_fn fn, void *arg) {
    int parts = pool.n + 1;
    if (pool.n == 0 || pixels < POOL_MIN_PIXELS || rows < 2 * parts) {
        fn(arg, 0, rows);
        return;
    }
    for (int i = 0; i < pool.n; i++) {
        pool_worker_t *w = &pool.w[i];
        w->fn = fn, w->arg = arg;
        w->y0 = (int)((long)rows * (i + 1) / parts);
        w->y1 = (int)((long)rows * (i + 2) / parts);
        SDL_SemPost(w->go);
    }
    fn(arg, 0, rows / parts); /* the caller's band, the first */
    Uint64 t0 = SDL_GetPerformanceCounter();
    for (int i = 0; i < pool.n; i++) SDL_SemWait(pool.w[i].done);
    pool.waited_ms +=
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

double gfx_pool_waited_ms(void) {
    return pool.waited_ms;
}
