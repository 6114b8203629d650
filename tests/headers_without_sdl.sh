#!/bin/sh
# Each header a scene or the machine's front shares compiles alone with no SDL include path:
# the SDL side stays in the ui_*.c and scene_*.c files (issue 12). A header that pulls SDL in
# fails here with the compiler's "SDL.h: No such file".
cc=$1 src=$2 bin=$3
fail=0
for h in scene_help.h scene_lobby.h scene_operator.h scene_table.h ui_input.h ui_types.h \
         ui_audio.h app.h machine.h machine_table.h game.h; do
  if ! echo "#include \"$h\"" | "$cc" -std=c11 -fsyntax-only -x c -I"$src/src/app" \
      -I"$src/src/machine" -I"$src/src/core" -I"$src/src/math" -I"$src/src/config" \
      -I"$src/src/store" -I"$bin/generated" -; then
    echo "FAIL: $h does not compile without SDL"
    fail=1
  fi
done
# and the check can fail: a header that includes SDL.h is refused the same way
if echo '#include <SDL.h>' | "$cc" -std=c11 -fsyntax-only -x c - 2>/dev/null; then
  echo "FAIL: SDL.h is on the default include path: this check proves nothing here"
  fail=1
fi
[ $fail -eq 0 ] && echo "every shared header compiles without SDL"
exit $fail
