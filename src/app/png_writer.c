/* Pictures saved as PNG files on a thread of its own. See png_writer.h. */
#include "png_writer.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PNG_JOBS 8

typedef struct png_job {
    SDL_Surface *picture;
    char path[1100];
    unsigned char tag[PNG_WRITER_TAG];
    bool saved;
} png_job_t;

struct png_writer {
    SDL_Thread *thread;
    SDL_mutex *mu;
    SDL_cond *cv;
    bool stop;
    /* a ring of jobs: [done_at, queued_at) answered and waiting to be taken, [queued_at, end)
     * waiting to be saved, the first of them being saved while busy */
    png_job_t jobs[PNG_JOBS];
    int first, count, answered;
};

static int run(void *arg) {
    png_writer_t *w = arg;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW); /* (see ui_gfx.h: background work) */
    SDL_LockMutex(w->mu);
    for (;;) {
        while (!w->stop && w->answered == w->count) SDL_CondWait(w->cv, w->mu);
        if (w->answered == w->count) break; /* stopping, and nothing left to save */
        png_job_t *j = &w->jobs[(w->first + w->answered) % PNG_JOBS];
        SDL_UnlockMutex(w->mu);
        bool saved = IMG_SavePNG(j->picture, j->path) == 0;
        SDL_FreeSurface(j->picture);
        SDL_LockMutex(w->mu);
        j->picture = NULL;
        j->saved = saved;
        w->answered++;
    }
    SDL_UnlockMutex(w->mu);
    return 0;
}

png_writer_t *png_writer_start(void) {
    png_writer_t *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->mu = SDL_CreateMutex();
    w->cv = SDL_CreateCond();
    if (w->mu && w->cv) w->thread = SDL_CreateThread(run, "png", w);
    if (!w->thread) {
        if (w->mu) SDL_DestroyMutex(w->mu);
        if (w->cv) SDL_DestroyCond(w->cv);
        free(w);
        return NULL;
    }
    return w;
}

bool png_writer_add(png_writer_t *w, SDL_Surface *picture, const char *path, const void *tag,
                    size_t taglen) {
    if (!w || taglen > PNG_WRITER_TAG || strlen(path) >= sizeof w->jobs[0].path) return false;
    SDL_LockMutex(w->mu);
    bool room = w->count < PNG_JOBS;
    if (room) {
        png_job_t *j = &w->jobs[(w->first + w->count) % PNG_JOBS];
        j->picture = picture;
        snprintf(j->path, sizeof j->path, "%s", path);
        memcpy(j->tag, tag, taglen);
        j->saved = false;
        w->count++;
        SDL_CondSignal(w->cv);
    }
    SDL_UnlockMutex(w->mu);
    return room;
}

bool png_writer_take(png_writer_t *w, void *tag, size_t taglen, bool *saved) {
    if (!w || taglen > PNG_WRITER_TAG) return false;
    SDL_LockMutex(w->mu);
    bool any = w->answered > 0;
    if (any) {
        png_job_t *j = &w->jobs[w->first];
        memcpy(tag, j->tag, taglen);
        *saved = j->saved;
        w->first = (w->first + 1) % PNG_JOBS;
        w->count--, w->answered--;
    }
    SDL_UnlockMutex(w->mu);
    return any;
}

int png_writer_pending(png_writer_t *w) {
    if (!w) return 0;
    SDL_LockMutex(w->mu);
    int n = w->count;
    SDL_UnlockMutex(w->mu);
    return n;
}

void png_writer_stop(png_writer_t *w) {
    if (!w) return;
    SDL_LockMutex(w->mu);
    w->stop = true;
    SDL_CondSignal(w->cv);
    SDL_UnlockMutex(w->mu);
    SDL_WaitThread(w->thread, NULL);
    SDL_DestroyCond(w->cv);
    SDL_DestroyMutex(w->mu);
    free(w);
}
