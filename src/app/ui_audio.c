#include "ui_audio.h"
#include "lang.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>
#include <string.h>

static const char *const NAMES[SND_COUNT] = {"chip",
                                             "chips",
                                             "card",
                                             "flip",
                                             "button",
                                             "win",
                                             "big_win",
                                             "jackpot",
                                             "fanfare",
                                             "lose",
                                             "tick",
                                             "voice_place_bets",
                                             "voice_no_more_bets",
                                             "voice_dealer_qualifies",
                                             "voice_dealer_not_qualify",
                                             "voice_player_wins",
                                             "voice_dealer_wins",
                                             "voice_push",
                                             "voice_jackpot",
                                             "voice_royal_flush",
                                             "voice_good_luck",
                                             "voice_big_win",
                                             "voice_mega_win",
                                             "voice_straight_flush"};

#define VOICE_CHANNEL 0

const char *ui_sound_name(ui_sound_t s) {
    return s >= 0 && s < SND_COUNT ? NAMES[s] : "?";
}

const char *ui_sound_words(ui_sound_t s) {
    static const char *const WORDS[SND_COUNT] = {N_("Chip"),
                                                 N_("Chips"),
                                                 N_("Card"),
                                                 N_("Card turned"),
                                                 N_("Button"),
                                                 N_("Win"),
                                                 N_("Big win"),
                                                 N_("Jackpot"),
                                                 N_("Fanfare"),
                                                 N_("Lose"),
                                                 N_("Tick"),
                                                 N_("Voice: place your bets"),
                                                 N_("Voice: no more bets"),
                                                 N_("Voice: dealer qualifies"),
                                                 N_("Voice: dealer does not qualify"),
                                                 N_("Voice: player wins"),
                                                 N_("Voice: dealer wins"),
                                                 N_("Voice: push"),
                                                 N_("Voice: jackpot"),
                                                 N_("Voice: royal flush"),
                                                 N_("Voice: good luck"),
                                                 N_("Voice: big win"),
                                                 N_("Voice: mega win"),
                                                 N_("Voice: straight flush")};
    return s >= 0 && s < SND_COUNT ? _(WORDS[s]) : "?";
}

/* The sounds are decoded on their own thread (about 90 ms of Ogg Vorbis, which the first frame
 * used to wait for); each chunk is published when it is ready, and a cue whose sound is not
 * loaded yet is silent. */
static int load_sounds(void *data) {
    ui_audio_t *a = data;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW); /* (see ui_gfx.h: background work) */
    for (int s = 0; s < SND_COUNT && !atomic_load(&a->stop); s++) {
        static const char *const ext[] = {"ogg", "wav"};
        Mix_Chunk *c = NULL;
        for (int e = 0; e < 2 && !c; e++) {
            char path[700];
            snprintf(path, sizeof path, "%s/sounds/%s.%s", a->assets, NAMES[s], ext[e]);
            c = Mix_LoadWAV(path);
        }
        SDL_AtomicSetPtr(&a->chunk[s], c);
    }
    return 0;
}

bool ui_audio_init(ui_audio_t *a, const char *assets_dir, int volume, bool muted, bool voice) {
    memset(a, 0, sizeof *a);
    a->volume = volume;
    a->muted = muted;
    a->voice = voice;
    snprintf(a->assets, sizeof a->assets, "%s", assets_dir);
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return false;
    Mix_Init(MIX_INIT_OGG);
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0) {
        SDL_Log("no sound: %s", Mix_GetError());
        return false;
    }
    a->open = true;
    Mix_AllocateChannels(16);
    Mix_ReserveChannels(1); /* channel 0: the dealer's voice */
    ui_audio_set_volume(a, volume);
    a->loader = SDL_CreateThread(load_sounds, "sounds", a);
    if (!a->loader) load_sounds(a);
    return true;
}

void ui_audio_shutdown(ui_audio_t *a) {
    if (!a->open) return;
    atomic_store(&a->stop, 1);
    if (a->loader) SDL_WaitThread((SDL_Thread *)a->loader, NULL);
    a->loader = NULL;
    Mix_HaltChannel(-1);
    for (int s = 0; s < SND_COUNT; s++) {
        Mix_Chunk *c = SDL_AtomicGetPtr(&a->chunk[s]);
        if (c) Mix_FreeChunk(c);
        a->chunk[s] = NULL;
    }
    Mix_CloseAudio();
    Mix_Quit();
    a->open = false;
}

void ui_audio_play(ui_audio_t *a, ui_sound_t s) {
    if (!a || !a->open || a->muted || s < 0 || s >= SND_COUNT) return;
    Mix_Chunk *c = SDL_AtomicGetPtr(&a->chunk[s]);
    if (!c || (!a->voice && s >= VOICE_PLACE_BETS)) return;
    Mix_PlayChannel(s >= VOICE_PLACE_BETS ? VOICE_CHANNEL : -1, c, 0);
}

void ui_audio_set_volume(ui_audio_t *a, int volume) {
    a->volume = volume < 0 ? 0 : volume > 100 ? 100 : volume;
    if (a->open) Mix_Volume(-1, a->volume * MIX_MAX_VOLUME / 100);
}

void ui_audio_toggle_mute(ui_audio_t *a) {
    a->muted = !a->muted;
    if (a->muted && a->open) Mix_HaltChannel(-1);
}
