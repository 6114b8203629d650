# A private PostgreSQL server for a test (source it): initdb into a temporary folder, the server
# on a Unix socket in that folder and no TCP port at all (listen_addresses=''), so tests never
# meet each other or a server of the machine. Stopped at the end however the test ends.
#
#   pg_find      finds the server's programs; without them: SKIP (exit 77) outside CI, a
#                failure under CI (CI has them: scripts/deps.sh installs postgresql)
#   pg_start     makes and starts the server; sets PGHOST (the socket's folder), PGPORT, PGUSER
#                (postgres, the superuser, trusted on the socket; every other login needs its
#                password, SCRAM) and PGDATABASE (postgres); pg_dir is the folder
#   pg_stop      stops it and removes the folder: call it from the test's EXIT trap (should the
#                test be killed outright, a guard pg_start leaves behind stops the server)
#   pg_test_begin BIN   the traps for both, and SKIP when BIN was built without libpq
#   pg_ctl_stop_fast / pg_start_again   the server gone at once and back on its data
#
# initdb and postgres refuse to run as root, which CI is: as root they run as nobody:nogroup
# (setpriv), in a folder that user owns. Debian keeps them off PATH: `pg_config --bindir` names
# their folder; a newer libpq-dev than the server can point pg_config elsewhere, so the versioned
# folders under /usr/lib/postgresql are tried too, and last whatever initdb is on PATH (on these
# machines /usr/local/bin/initdb is a link into /usr/lib/postgresql/15/bin). initdb, pg_ctl and
# postgres are always taken from one folder, so that their versions match.

pg_skip() {
  if [ -n "${CI:-}" ]; then
    echo "FAIL: $* (CI must have a PostgreSQL server: scripts/deps.sh installs postgresql)"
    exit 1
  fi
  echo "SKIP: $* (scripts/deps.sh installs postgresql and libpq-dev)"
  exit 77
}

pg_find() {
  local candidates=() d
  if command -v pg_config >/dev/null 2>&1; then
    candidates+=("$(pg_config --bindir 2>/dev/null)")
  fi
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -rn); do
    candidates+=("$d")
  done
  if command -v initdb >/dev/null 2>&1; then
    candidates+=("$(dirname "$(readlink -f "$(command -v initdb)")")")
  fi
  pg_bin=""
  for d in "${candidates[@]}"; do
    if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
      pg_bin=$d
      break
    fi
  done
  [ -n "$pg_bin" ] || pg_skip "no PostgreSQL server programs (initdb, pg_ctl, postgres)"
  command -v psql >/dev/null 2>&1 || pg_skip "no psql (postgresql-client)"
  # the folder's three programs must be one release of PostgreSQL
  local v1 v2
  v1=$("$pg_bin/initdb" --version | awk '{print $3}')
  v2=$("$pg_bin/postgres" --version | awk '{print $3}')
  [ "$v1" = "$v2" ] || pg_skip "initdb ($v1) and postgres ($v2) in $pg_bin differ"
  pg_version=$v2
}

# Runs a server program as the server's user: nobody when we are root, else ourselves.
pg_as() {
  if [ "$(id -u)" -eq 0 ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all env HOME="$pg_dir" "$@"
  else
    "$@"
  fi
}

pg_stop() {
  if [ -n "${pg_dir:-}" ] && [ -d "$pg_dir" ]; then
    if [ -f "$pg_dir/data/postmaster.pid" ]; then
      pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    [ -n "${pg_guard:-}" ] && kill "$pg_guard" 2>/dev/null
    rm -rf "$pg_dir"
  fi
  pg_dir=""
}

pg_start() {
  pg_find
  # /tmp rather than the build folder: the socket's path must stay under about 100 bytes, and
  # every folder above it must be searchable by the server's user
  pg_dir=$(mktemp -d /tmp/studpoker-pg.XXXXXX)
  chmod 755 "$pg_dir"
  if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null 2>&1 || pg_skip "running as root without setpriv (util-linux)"
    getent passwd nobody >/dev/null || pg_skip "running as root without a user nobody"
    chown nobody:nogroup "$pg_dir"
  fi
  if ! pg_as "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust -E UTF8 --locale=C \
       --no-sync >"$pg_dir/initdb.log" 2>&1; then
    echo "FAIL: initdb ($pg_bin, PostgreSQL $pg_version) failed:"
    tail -5 "$pg_dir/initdb.log"
    pg_stop
    exit 1
  fi
  # the superuser is trusted on the socket (only this test can reach it); every other login,
  # the machines', proves itself with its password
  cat >"$pg_dir/data/pg_hba.conf" <<'EOF'
local all postgres trust
local all all scram-sha-256
EOF
  if ! pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 \
       -o "-k $pg_dir -c listen_addresses='' -c max_connections=${PG_MAX_CONNECTIONS:-40} ${PG_EXTRA_OPTS:-}" start >/dev/null; then
    echo "FAIL: the test server did not start:"
    tail -5 "$pg_dir/server.log"
    pg_stop
    exit 1
  fi
  # should this shell be killed outright (no EXIT trap), the server does not outlive it
  local me=$$ pgd=$pg_dir bin=$pg_bin
  (
    while kill -0 "$me" 2>/dev/null; do sleep 1; done
    if [ -d "$pgd/data" ]; then
      pg_as "$bin/pg_ctl" -D "$pgd/data" -m immediate stop >/dev/null 2>&1
      rm -rf "$pgd"
    fi
  ) </dev/null >/dev/null 2>&1 &
  pg_guard=$!
  export PGHOST=$pg_dir PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
  unset PGPASSWORD PGSERVICE PGHOSTADDR
}

# The server stopped at once (its clients see the connection drop), the data kept; and started
# again on the same folder and socket: a controller that goes away and comes back.
pg_ctl_stop_fast() {
  pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1
}
pg_start_again() {
  pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 \
    -o "-k $pg_dir -c listen_addresses='' -c max_connections=${PG_MAX_CONNECTIONS:-40} ${PG_EXTRA_OPTS:-}" start >/dev/null
}

# The start of a test with a server of its own (after lib.sh): the server stopped and $tmp
# removed however the test ends (KEEP=1 keeps $tmp to look at), and a studpoker built with
# libpq, else SKIP.
pg_test_begin() {
  trap 'pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
  trap 'exit 143' TERM INT HUP
  if "$1" link status --url '' 2>&1 | grep -q 'built without libpq'; then
    pg_skip "this studpoker was built without libpq"
  fi
}

# The linked progressive's controller on the server (after pg_start): a database `link` with the
# schema installed by BIN (`link init`); sets link_su, the superuser's connection string, and
# link_q, which runs psql on it. Returns non-zero with the reason on stderr.
pg_link_controller() {
  link_su="host=$PGHOST dbname=link user=postgres"
  psql -XAtq -c 'CREATE DATABASE link' >/dev/null &&
    "$1" link init --url "$link_su" >"$pg_dir/link-init.log" 2>&1 ||
    { echo "the controller could not be set up: $(cat "$pg_dir/link-init.log" 2>/dev/null)" >&2; return 1; }
}
link_q() { psql -XAtq -d link -v ON_ERROR_STOP=1 "$@"; }

# A machine on pool POOL: its login at the controller (password pw-NAME-secret) and, in DIR, a
# game.ini for the live preset in CURRENCY that joins the link (on_loss = lock).
#   pg_link_machine NAME SITE CURRENCY POOL DIR
pg_link_machine() {
  local m=$1 site=$2 cur=$3 pool=$4 dir=$5
  link_q -c "SELECT splink.link_machine_add('$m', '$site', '$pool', 'sp_$m', 'pw-$m-secret')" \
    >/dev/null || return 1
  mkdir -p "$dir"
  cat >"$dir/game.ini" <<INI
[game]
preset = caribbean-live
currency = $cur
[link]
url = host=$PGHOST dbname=link user=sp_$m password=pw-$m-secret connect_timeout=2
pool = $pool
site = $site
machine = $m
on_loss = lock
INI
}

# A terminal of the shared tables: its login at the controller (password pw-NAME-secret) and, in
# DIR, a game.ini whose [table] section names the controller and the terminal (the table comes
# with --join).
#   pg_table_terminal NAME SITE DIR
pg_table_terminal() {
  local p=$1 site=$2 dir=$3
  link_q -c "SELECT sptable.table_terminal_add('$p', '$site', 'sp_$p', 'pw-$p-secret')" \
    >/dev/null || return 1
  mkdir -p "$dir"
  printf '[table]\nurl = host=%s dbname=link user=sp_%s password=pw-%s-secret connect_timeout=2\nterminal = %s\n' \
    "$PGHOST" "$p" "$p" "$p" >"$dir/game.ini"
}
