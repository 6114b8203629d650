#!/usr/bin/env bash
# Synthesises studpoker's sounds and dealer voice lines (authoring time only;
# the game plays the committed OGG files and needs neither tool).
#
#   tools/assets/make_sounds.sh [OUTDIR]          (default: assets/sounds)
#
# Needs sox (with Ogg Vorbis support) and espeak-ng:
#   apt-get install -y sox libsox-fmt-all espeak-ng
#
# File names are the ones the game's ui_audio.c looks for (sounds/<name>.ogg):
# chip chips card flip button win big_win jackpot fanfare lose tick, and voice_* lines.
# Effects are mono 44100 Hz, voice lines mono 22050 Hz, all Ogg Vorbis
# (quality 3), silence trimmed, peaks normalised: effects to -3 dBFS (the
# quiet UI ticks and the lose tone lower, see LEVELS below), voice to -2 dBFS.
# Output is deterministic apart from the noise sources, which use fixed seeds
# where sox allows (-R).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../assets/sounds}
mkdir -p "$out"
out=$(cd "$out" && pwd)

for tool in sox espeak-ng; do
  command -v "$tool" >/dev/null || { echo "make_sounds: $tool missing (apt-get install -y sox libsox-fmt-all espeak-ng)" >&2; exit 1; }
done
sox -h | grep -q vorbis || { echo "make_sounds: sox lacks Ogg Vorbis (apt-get install -y libsox-fmt-all)" >&2; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SR=44100
SOX="sox -R -V1"   # -R: repeatable output (fixed dither/noise seeds)

# frequency in Hz of a note n semitones from A4
hz() { awk -v n="$1" 'BEGIN { printf "%.3f", 440 * 2 ^ (n / 12) }'; }

# partial FILE FREQ DUR VOL: one sine that dies away (exponential-ish decay)
partial() {
  $SOX -n -r $SR -c 1 "$1" synth "$3" sine "$2" fade h 0.006 \
    fade l 0 "$3" "$(awk -v d="$3" 'BEGIN{print d-0.01}')" vol "$4"
}

# bell FILE SEMITONES DUR: a chime: fundamental plus a few quieter, faster partials
bell() {
  local f; f=$(hz "$2")
  partial "$T/b1.wav" "$f" "$3" 0.9
  partial "$T/b2.wav" "$(awk -v f="$f" 'BEGIN{print f*2}')" "$(awk -v d="$3" 'BEGIN{print d*0.6}')" 0.35
  partial "$T/b3.wav" "$(awk -v f="$f" 'BEGIN{print f*3}')" "$(awk -v d="$3" 'BEGIN{print d*0.35}')" 0.15
  partial "$T/b4.wav" "$(awk -v f="$f" 'BEGIN{print f*4.16}')" "$(awk -v d="$3" 'BEGIN{print d*0.2}')" 0.07
  $SOX -m -v 1 "$T/b1.wav" -v 1 "$T/b2.wav" -v 1 "$T/b3.wav" -v 1 "$T/b4.wav" "$1"
}

# at FILE OFFSET OUT: delay FILE by OFFSET seconds
at() { $SOX "$1" "$3" pad "$2" 0; }

# mixdown OUT FILES...: sum the inputs without sox's 1/n scaling
mixdown() {
  local o=$1; shift
  if [ $# -eq 1 ]; then cp "$1" "$o"; return; fi
  local args=()
  for f in "$@"; do args+=(-v 1 "$f"); done
  $SOX -m "${args[@]}" "$o"
}

# click FILE PITCH_HZ LEN: a ceramic chip tap (plucked high tone + noise tick)
click() {
  $SOX -n -r $SR -c 1 "$T/ct.wav" synth "$3" pluck "$2" fade l 0 "$3" "$(awk -v d="$3" 'BEGIN{print d-0.002}')"
  $SOX -n -r $SR -c 1 "$T/cn.wav" synth 0.006 whitenoise highpass 3500 fade t 0 0.006 0.005 vol 0.5
  $SOX -n -r $SR -c 1 "$T/cp.wav" synth "$3" sine "$(awk -v p="$2" 'BEGIN{print p*1.47}')" fade l 0 "$3" "$(awk -v d="$3" 'BEGIN{print d-0.002}')" vol 0.35
  mixdown "$1" "$T/ct.wav" "$T/cn.wav" "$T/cp.wav"
}

# finish SRC NAME PEAK_DB [extra sox effects]: trim, normalise, write OGG
finish() {
  local src=$1 name=$2 peak=$3; shift 3
  $SOX "$src" -r "${RATE:-$SR}" -c 1 "$T/fin.wav" "$@" \
    silence 1 0.001 0.2% reverse silence 1 0.005 0.1% fade t 0.008 reverse \
    gain -n "$peak"
  $SOX "$T/fin.wav" -C 3 "$out/$name.ogg"
  printf '  %-22s %5.2fs\n' "$name.ogg" "$(soxi -D "$out/$name.ogg")"
}

echo "make_sounds: effects"

# --- chip click: one chip set down on another
click "$T/a.wav" 2900 0.07
click "$T/b.wav" 3400 0.05
at "$T/b.wav" 0.018 "$T/b2.wav"
mixdown "$T/chip.wav" "$T/a.wav" "$T/b2.wav"
finish "$T/chip.wav" chip -3 highpass 600

# --- chip stack: a short run of chips settling on a stack
parts=()
i=0
for spec in "0 2700 0.06" "0.045 3100 0.05" "0.082 2500 0.06" "0.125 3300 0.05" "0.15 2800 0.05" "0.19 3000 0.07"; do
  set -- $spec
  click "$T/s$i.wav" "$2" "$3"
  at "$T/s$i.wav" "$1" "$T/sd$i.wav"
  parts+=("$T/sd$i.wav")
  i=$((i + 1))
done
mixdown "$T/stack.wav" "${parts[@]}"
finish "$T/stack.wav" chips -3 highpass 500

# --- card deal: a swish of air and a soft landing
$SOX -n -r $SR -c 1 "$T/sw1.wav" synth 0.20 pinknoise highpass 900 lowpass 7000 fade q 0.07 0.20 0.12
$SOX -n -r $SR -c 1 "$T/sw2.wav" synth 0.16 whitenoise bandpass 4200 1800 fade t 0.09 0.16 0.06 vol 0.6
$SOX -n -r $SR -c 1 "$T/land.wav" synth 0.05 pinknoise lowpass 1800 fade t 0.002 0.05 0.045 vol 0.8
at "$T/land.wav" 0.17 "$T/landd.wav"
mixdown "$T/deal.wav" "$T/sw1.wav" "$T/sw2.wav" "$T/landd.wav"
finish "$T/deal.wav" card -3

# --- card flip: a quick double snap
$SOX -n -r $SR -c 1 "$T/f1.wav" synth 0.05 whitenoise highpass 1800 lowpass 9000 fade t 0.004 0.05 0.044
$SOX -n -r $SR -c 1 "$T/f2.wav" synth 0.035 pinknoise highpass 700 fade t 0.001 0.035 0.032
at "$T/f2.wav" 0.045 "$T/f2d.wav"
mixdown "$T/flip.wav" "$T/f1.wav" "$T/f2d.wav"
finish "$T/flip.wav" flip -3

# --- button click: a short, round "tock"
$SOX -n -r $SR -c 1 "$T/bt1.wav" synth 0.06 sine 1500:700 fade l 0.001 0.06 0.055
$SOX -n -r $SR -c 1 "$T/bt2.wav" synth 0.003 whitenoise highpass 2500 fade t 0 0.003 0.002 vol 0.12
mixdown "$T/btn.wav" "$T/bt1.wav" "$T/bt2.wav"
finish "$T/btn.wav" button -6

# --- timer tick: a small wood-block tick
$SOX -n -r $SR -c 1 "$T/tk1.wav" synth 0.04 sine 1900 fade l 0 0.04 0.038
$SOX -n -r $SR -c 1 "$T/tk2.wav" synth 0.025 sine 4300 fade l 0 0.025 0.023 vol 0.3
mixdown "$T/tick.wav" "$T/tk1.wav" "$T/tk2.wav"
finish "$T/tick.wav" tick -8

# --- win: a short rising major chime (C6 E6 G6 C7)
parts=()
i=0
for spec in "0 3 0.55" "0.07 7 0.55" "0.14 10 0.6" "0.21 15 0.9"; do
  set -- $spec
  bell "$T/w$i.wav" "$2" "$3"
  at "$T/w$i.wav" "$1" "$T/wd$i.wav"
  parts+=("$T/wd$i.wav")
  i=$((i + 1))
done
mixdown "$T/win.wav" "${parts[@]}"
finish "$T/win.wav" win -3 reverb 25 50 60

# --- big win: two-octave run, then a ringing chord with a shimmer
parts=()
i=0
t=0
for n in -9 -5 -2 3 7 10 15 19; do
  bell "$T/g$i.wav" "$n" 0.5
  at "$T/g$i.wav" "$t" "$T/gd$i.wav"
  parts+=("$T/gd$i.wav")
  t=$(awk -v t="$t" 'BEGIN{print t+0.075}')
  i=$((i + 1))
done
for n in 3 7 10 15 22; do
  bell "$T/g$i.wav" "$n" 1.6
  at "$T/g$i.wav" 0.62 "$T/gd$i.wav"
  parts+=("$T/gd$i.wav")
  i=$((i + 1))
done
mixdown "$T/big.wav" "${parts[@]}"
finish "$T/big.wav" big_win -3 tremolo 7 25 reverb 35 50 70

# --- jackpot: three rising runs, a shower of chips and a big final chord
parts=()
i=0
t=0
for base in 0 5 7 12; do
  for step in 0 4 7 12; do
    bell "$T/j$i.wav" $((base + step - 9)) 0.45
    at "$T/j$i.wav" "$t" "$T/jd$i.wav"
    parts+=("$T/jd$i.wav")
    t=$(awk -v t="$t" 'BEGIN{print t+0.065}')
    i=$((i + 1))
  done
  t=$(awk -v t="$t" 'BEGIN{print t+0.05}')
done
for n in 3 7 10 15 19 22; do
  bell "$T/j$i.wav" "$n" 2.2
  at "$T/j$i.wav" "$t" "$T/jd$i.wav"
  parts+=("$T/jd$i.wav")
  i=$((i + 1))
done
# chips raining down (fixed pseudo-random times and pitches)
awk 'BEGIN { srand(7); for (k = 0; k < 26; k++) printf "%.3f %d\n", 0.25 + rand() * 2.4, 2400 + rand() * 1400 }' >"$T/rain.txt"
k=0
while read -r off pitch; do
  click "$T/c$k.wav" "$pitch" 0.05
  $SOX "$T/c$k.wav" "$T/cv$k.wav" vol 0.45
  at "$T/cv$k.wav" "$off" "$T/cd$k.wav"
  parts+=("$T/cd$k.wav")
  k=$((k + 1))
done <"$T/rain.txt"
mixdown "$T/jackpot.wav" "${parts[@]}"
finish "$T/jackpot.wav" jackpot -3 tremolo 6 20 reverb 40 50 80

# --- fanfare: a brass call (three short G's, a held C), answered by a rising G-C-E and a held
# C major chord, for a MEGA WIN (a straight flush, a royal flush, 50 times the stake)
# brass FILE SEMITONES DUR: a bright, slightly detuned sawtooth pair, filtered like a horn
brass() {
  local f; f=$(hz "$2")
  $SOX -n -r $SR -c 1 "$T/br1.wav" synth "$3" sawtooth "$f" fade q 0.025 "$3" 0.09
  $SOX -n -r $SR -c 1 "$T/br2.wav" synth "$3" sawtooth "$(awk -v f="$f" 'BEGIN{print f*1.006}')" \
    fade q 0.03 "$3" 0.09 vol 0.7
  $SOX -n -r $SR -c 1 "$T/br3.wav" synth "$3" sine "$(awk -v f="$f" 'BEGIN{print f*0.5}')" \
    fade q 0.03 "$3" 0.09 vol 0.5
  mixdown "$T/brm.wav" "$T/br1.wav" "$T/br2.wav" "$T/br3.wav"
  $SOX "$T/brm.wav" "$1" lowpass 2600 lowpass 3400 vol 0.5
}
parts=()
i=0
for spec in "0 -2 0.13" "0.15 -2 0.13" "0.30 -2 0.13" "0.45 3 0.55" "1.05 -2 0.13" "1.20 3 0.13" \
  "1.35 7 0.13" "1.50 10 1.7" "1.50 3 1.7" "1.50 7 1.7" "1.50 15 1.7"; do
  set -- $spec
  brass "$T/fa$i.wav" "$2" "$3"
  at "$T/fa$i.wav" "$1" "$T/fad$i.wav"
  parts+=("$T/fad$i.wav")
  i=$((i + 1))
done
# a shimmer of bells over the held chord
for spec in "1.50 27" "1.62 31" "1.74 34" "1.86 39"; do
  set -- $spec
  bell "$T/fb$i.wav" "$2" 0.9
  $SOX "$T/fb$i.wav" "$T/fbv$i.wav" vol 0.35
  at "$T/fbv$i.wav" "$1" "$T/fad$i.wav"
  parts+=("$T/fad$i.wav")
  i=$((i + 1))
done
mixdown "$T/fanfare.wav" "${parts[@]}"
finish "$T/fanfare.wav" fanfare -3 tremolo 5.5 12 reverb 45 50 80

# --- lose: a soft, low falling pair of tones
$SOX -n -r $SR -c 1 "$T/l1.wav" synth 0.32 sine "$(hz -14)" fade q 0.03 0.32 0.2
$SOX -n -r $SR -c 1 "$T/l1b.wav" synth 0.32 sine "$(hz -2)" fade q 0.03 0.32 0.2 vol 0.2
$SOX -n -r $SR -c 1 "$T/l2.wav" synth 0.6 sine "$(hz -18)" fade q 0.04 0.6 0.5
$SOX -n -r $SR -c 1 "$T/l2b.wav" synth 0.6 sine "$(hz -6)" fade q 0.04 0.6 0.5 vol 0.2
mixdown "$T/l1m.wav" "$T/l1.wav" "$T/l1b.wav"
mixdown "$T/l2m.wav" "$T/l2.wav" "$T/l2b.wav"
at "$T/l2m.wav" 0.26 "$T/l2d.wav"
mixdown "$T/lose.wav" "$T/l1m.wav" "$T/l2d.wav"
finish "$T/lose.wav" lose -6 lowpass 1500 reverb 20 50 40

echo "make_sounds: dealer voice"
# Dealer voice: espeak-ng US English, a little slower and lower than default,
# given a touch of room and presence so it sits over the effects.
VOICE=${VOICE:-en-us+m3}
say() { # NAME TEXT
  espeak-ng -v "$VOICE" -s 135 -p 38 -a 180 -g 2 -w "$T/v.wav" "$2"
  RATE=22050 finish "$T/v.wav" "$1" -2 highpass 90 lowpass 8000 equalizer 2800 1.2q 3 reverb 12 50 30
}
say voice_place_bets "Place your bets."
say voice_no_more_bets "No more bets."
say voice_dealer_qualifies "Dealer qualifies."
say voice_dealer_not_qualify "Dealer does not qualify."
say voice_player_wins "Player wins!"
say voice_dealer_wins "Dealer wins."
say voice_push "Push."
say voice_jackpot "Jackpot!"
say voice_royal_flush "Royal flush!"
say voice_good_luck "Good luck!"
say voice_big_win "Big win!"
say voice_mega_win "Mega win!"
say voice_straight_flush "Straight flush!"

echo "make_sounds: wrote $(ls "$out"/*.ogg | wc -l) files to $out ($(du -sh "$out" | cut -f1))"
