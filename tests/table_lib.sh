# Four shared tables on a test's own controller, for the lobby's tests (source it after lib.sh and
# pg_lib.sh, once pg_link_controller has run):
#   four_tables BETTING DECIDING   the site paris (EUR); the tables classic
#                (caribbean-classic), live (caribbean-live: 5+1 BONUS and the JACKPOT, which is
#                the linked pool floor, seeded at 1,000.00), cajun and asian, each dealt by a
#                table-host of its own with BETTING and DECIDING seconds, from the decks
#                $deck_classic, $deck_live, $deck_cajun and $deck_asian (if set: its first eight
#                rounds); sets $host_pids
#   four_tables_add, four_hosts BETTING DECIDING   the same in two steps: the site, the pool
#                and the tables; then their hosts (a test whose terminal must be up first)
#   four_terminal NAME DIR         a terminal NAME of site paris, its game.ini in DIR ([table]
#                url and terminal, no table joined: it starts in the lobby)
#   lobby_point ROW BUTTON W H     where, in a WxH window, the lobby's ROW (0: the first, the
#                tables sorted by name) has its JOIN or +TABLE (BUTTON join|add), as "X Y" in
#                the layout's units (scene_lobby.c: rows 96 units tall every 108 from 196, the
#                buttons 150 wide at the right margin, 136 under 1800 units)
#   history_rows FILE              the HISTORY pop-up's rounds in a BOXES file (what was drawn:
#                after its "modal" mark, a row's panel, then its texts and cards), one a line,
#                top first: TABLE ROUND NOTE CARDS, the table as the row names it ("Table
#                classic"), the round by its time ("ROUND 12  -  ..."), the note (FOLDED,
#                AUTO_FOLDED, VOID; - none), the player's cards / the dealer's or the board
#                ("2h7h9hJh4h/KdKc9s6d2c")
four_tables() {
  four_tables_add && four_hosts "$@"
}

four_tables_add() {
  link_q <<'EOF' >/dev/null || { echo "the tables could not be set up" >&2; return 1; }
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
SELECT splink.link_machine_add('table_live', 'paris', 'floor', 'sp_table_live', 'pw-table-secret');
SELECT sptable.table_add('classic', 'EUR', 'sp_host_classic', 'pw-host-secret');
SELECT sptable.table_add('live', 'EUR', 'sp_host_live', 'pw-host-secret');
SELECT sptable.table_add('cajun', 'EUR', 'sp_host_cajun', 'pw-host-secret');
SELECT sptable.table_add('asian', 'EUR', 'sp_host_asian', 'pw-host-secret');
EOF
}

four_hosts() {
  local betting=$1 deciding=$2 t preset extra deck
  host_pids=()
  for t in classic live cajun asian; do
    case $t in
      classic) preset=caribbean-classic extra= deck=${deck_classic:-} ;;
      live) preset=caribbean-live deck=${deck_live:-}
        extra="[link]
url = host=$PGHOST dbname=link user=sp_table_live password=pw-table-secret connect_timeout=2
pool = floor
site = paris
machine = table_live" ;;
      cajun) preset=cajun extra= deck=${deck_cajun:-} ;;
      asian) preset=asian extra= deck=${deck_asian:-} ;;
    esac
    printf '[game]\npreset = %s\ncurrency = EUR\n[timers]\nbetting_seconds = %s\ndecision_seconds = %s\n%s\n' \
      "$preset" "$betting" "$deciding" "$extra" >"$tmp/host-$t.ini"
    local decks=()
    if [ -n "$deck" ]; then for _ in 1 2 3 4 5 6 7 8; do decks+=(--deck "$deck"); done; fi
    "$bin" table-host --config "$tmp/host-$t.ini" --table "$t" --pause-ms 1500 "${decks[@]}" \
      --url "host=$PGHOST dbname=link user=sp_host_$t password=pw-host-secret" \
      >"$tmp/host-$t.log" 2>&1 &
    host_pids+=($!)
  done
}

four_terminal() {
  pg_table_terminal "$1" paris "$2"
}

lobby_point() {
  local row=$1 button=$2 w=$3 h=$4
  awk -v row="$row" -v b="$button" -v w="$w" -v h="$h" 'BEGIN {
    s = h / 1080; if (w / 1440 < s) s = w / 1440
    vw = w / s; if (vw > 1920) vw = 1920          # the area: at most 1920 units, centred on 960
    right = 960 + vw / 2 - 30; bw = vw < 1800 ? 136 : 150
    add = right - 12 - bw; join = add - 10 - bw
    x = (b == "add" ? add : join) + bw / 2; y = 196 + row * 108 + 48
    printf "%d %d\n", x, y }'
}

history_rows() {
  awk '
    function flush() {
      if (tab != "") print tab, (round == "" ? "-" : round), (note == "" ? "-" : note), cards
      tab = round = note = cards = ""
    }
    /^modal / { on = 1; next }
    !on { next }
    /^view / { flush(); on = 0; next }
    /^panel / { flush(); next }
    { text = $0; sub(/^[^|]*[|]/, "", text) }
    /^text / && text ~ /^Table / { tab = substr(text, 7); next }
    tab == "" { next }
    /^text / && text ~ /^ROUND [0-9]+  -  / { split(text, w, " "); round = w[2]; next }
    /^text / && (text == "DEALER" || text == "BOARD") { cards = cards "/"; next }
    /^text / && (text == "FOLDED" || text == "AUTO FOLDED" || text == "VOID") {
      note = text; gsub(/ /, "_", note); next
    }
    /^art / && text ~ /^cards[/][2-9TJQKA][cdhs][.]svg$/ { cards = cards substr(text, 7, 2) }
    END { flush() }' "$1"
}
