/* png_writer: pictures saved as PNG files on a thread of its own.
 *
 * A cash-out ticket's picture takes 10 ms to encode (libpng through SDL_image), a frame's worth
 * of the loop's time at the moment the player watches the ticket come out. The loop hands the
 * picture over with a tag of its own (what to do once the file is there) and takes the answers
 * back each frame, in the order given. */
#ifndef STUDPOKER_PNG_WRITER_H
#define STUDPOKER_PNG_WRITER_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#define PNG_WRITER_TAG 4096 /* the most bytes a tag holds */

typedef struct png_writer png_writer_t;

/* NULL when the thread cannot start (the caller saves the picture itself). */
png_writer_t *png_writer_start(void);
/* Takes the picture (freed once saved) to save at path; false when the queue is full (the
 * picture is still the caller's). */
bool png_writer_add(png_writer_t *w, SDL_Surface *picture, const char *path, const void *tag,
                    size_t taglen);
/* The oldest answer: its tag and whether the file was written. false: none yet. */
bool png_writer_take(png_writer_t *w, void *tag, size_t taglen, bool *saved);
/* Pictures given and not yet taken back. */
int png_writer_pending(png_writer_t *w);
/* Saves what is queued, then ends the thread (answers not taken are dropped). */
void png_writer_stop(png_writer_t *w);

#endif
