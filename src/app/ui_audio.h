/* ui_audio: sound effects and the dealer's voice through SDL2_mixer.
 *
 * Sounds are files in assets/sounds named after the cue (chip.ogg, voice_dealer_qualifies.ogg,
 * ...); a missing file or a machine without a sound card leaves the game silent, never stopped.
 * Voice lines play on their own channel so a new line cuts the previous one. */
#ifndef STUDPOKER_UI_AUDIO_H
#define STUDPOKER_UI_AUDIO_H

#include <stdatomic.h>
#include <stdbool.h>

typedef enum ui_sound {
    SND_CHIP = 0,
    SND_CHIPS,
    SND_CARD,
    SND_FLIP,
    SND_BUTTON,
    SND_WIN,
    SND_BIG_WIN,
    SND_JACKPOT,
    SND_FANFARE, /* a MEGA WIN's brass call */
    SND_LOSE,
    SND_TICK,
    VOICE_PLACE_BETS,
    VOICE_NO_MORE_BETS,
    VOICE_DEALER_QUALIFIES,
    VOICE_DEALER_NOT_QUALIFY,
    VOICE_PLAYER_WINS,
    VOICE_DEALER_WINS,
    VOICE_PUSH,
    VOICE_JACKPOT,
    VOICE_ROYAL_FLUSH,
    VOICE_GOOD_LUCK,
    VOICE_BIG_WIN,
    VOICE_MEGA_WIN,
    VOICE_STRAIGHT_FLUSH,
    SND_COUNT
} ui_sound_t;

/* A sound as the operator's sound test names it, in the language on screen ("Chip", "Voice:
 * place your bets"). */
const char *ui_sound_words(ui_sound_t s);

typedef struct ui_audio {
    bool open;
    bool muted;
    bool voice;             /* the dealer's voice lines (an operator setting: changes at once) */
    int volume;             /* 0..100 */
    void *chunk[SND_COUNT]; /* published one by one by the loader thread (SDL atomics) */
    char assets[512];
    void *loader;    /* the SDL_Thread decoding them */
    atomic_int stop; /* set at shutdown: the loader stops between two files */
} ui_audio_t;

bool ui_audio_init(ui_audio_t *a, const char *assets_dir, int volume, bool muted, bool voice);
void ui_audio_shutdown(ui_audio_t *a);
/* s played (nothing when a is NULL, closed or muted). */
void ui_audio_play(ui_audio_t *a, ui_sound_t s);
void ui_audio_set_volume(ui_audio_t *a, int volume);
void ui_audio_toggle_mute(ui_audio_t *a);
const char *ui_sound_name(ui_sound_t s);

#endif
