#include "ui_audio.h"

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
                                             "voice_good_luck"};

#define VOICE_CHANNEL 0

const char *ui_sound_name(ui_sound_t s) {
    return s >= 0 && s < SND_COUNT ? NAMES[s] : "?";
}

bool ui_audio_init(ui_audio_t *a, const char *assets_dir, int volume, bool muted, bool voice) {
    memset(a, 0, sizeof *a);
    a->volume = volume;
    a->muted = muted;
    a->voice = voice;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return false;
    Mix_Init(MIX_INIT_OGG);
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0) {
        SDL_Log("no sound: %s", Mix_GetError());
        return false;
    }
    a->open = true;
    Mix_AllocateChannels(16);
    Mix_ReserveChannels(1); /* channel 0: the dealer's voice */
    for (int s = 0; s < SND_COUNT; s++) {
        static const char *const ext[] = {"ogg", "wav"};
        for (int e = 0; e < 2 && !a->chunk[s]; e++) {
            char path[700];
            snprintf(path, sizeof path, "%s/sounds/%s.%s", assets_dir, NAMES[s], ext[e]);
            a->chunk[s] = Mix_LoadWAV(path);
        }
    }
    ui_audio_set_volume(a, volume);
    return true;
}

void ui_audio_shutdown(ui_audio_t *a) {
    if (!a->open) return;
    Mix_HaltChannel(-1);
    for (int s = 0; s < SND_COUNT; s++)
        if (a->chunk[s]) Mix_FreeChunk(a->chunk[s]);
    Mix_CloseAudio();
    Mix_Quit();
    a->open = false;
}

void ui_audio_play(ui_audio_t *a, ui_sound_t s) {
    if (!a->open || a->muted || s < 0 || s >= SND_COUNT || !a->chunk[s]) return;
    if (!a->voice && s >= VOICE_PLACE_BETS) return;
    Mix_PlayChannel(s >= VOICE_PLACE_BETS ? VOICE_CHANNEL : -1, a->chunk[s], 0);
}

void ui_audio_set_volume(ui_audio_t *a, int volume) {
    a->volume = volume < 0 ? 0 : volume > 100 ? 100 : volume;
    if (a->open) Mix_Volume(-1, a->volume * MIX_MAX_VOLUME / 100);
}

void ui_audio_toggle_mute(ui_audio_t *a) {
    a->muted = !a->muted;
    if (a->muted && a->open) Mix_HaltChannel(-1);
}
