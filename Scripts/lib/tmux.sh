# The tmux harness shared by Scripts/uitest and Scripts/chaos: a tmux server of our own, the screen
# read back, keys sent, and waits that fail with the screen shown. Source it after setting SOCKET
# (the server's name) and TIMEOUT (seconds a wait allows); `session` names the session in use.
# (Scripts/bench drives tmux from Python with the same commands.)

tm() { tmux -L "$SOCKET" -f /dev/null "$@"; }

# Starts the server once, to outlive its sessions (exit-empty off). By default it exits with its
# last session, so a session killed and the next one started at once (a test's second size) raced
# the server's exit: "server exited unexpectedly", no app, a failure that came with a busy CPU.
server_up() { tm start-server \; set-option -s exit-empty off; }
# Ends every session, the server staying up for the next (killing it would race the next start).
kill_sessions() {
  local name
  for name in $(tm list-sessions -F '#{session_name}' 2>/dev/null); do tm kill-session -t "$name"; done
}

test_ok=1
session=""

screen() { tm capture-pane -p -t "$session" 2>/dev/null; }
cursor() { tm display-message -p -t "$session" '#{cursor_x} #{cursor_flag}'; }
screen_with_attributes() { tm capture-pane -p -e -t "$session"; }

# The screen, once two captures a tenth of a second apart agree (or after two seconds: a quiz
# timer may be ticking).
settled_screen() {
  local previous current tries=0
  previous=$(screen)
  while [ $tries -lt 20 ]; do
    sleep 0.1
    current=$(screen)
    [ "$current" = "$previous" ] && break
    previous=$current
    tries=$((tries + 1))
  done
  printf '%s\n' "$current"
}

keys() { tm send-keys -t "$session" "$@"; }
# Types text as it is (UTF-8 included), not as key names.
type_text() { tm send-keys -t "$session" -l -- "$1"; }

fail() {
  test_ok=0
  echo "    FAILED: $1"
  echo "    screen ($session, $(tm display-message -p -t "$session" '#{pane_width}x#{pane_height}' 2>/dev/null)):"
  screen | sed 's/^/    | /'
}

# expect_screen TEXT WHAT [SECONDS]: waits until the screen contains TEXT. With SECONDS of 1 or
# less it is a probe: false without a failure.
expect_screen() {
  local text=$1 what=$2 limit=${3:-$TIMEOUT}
  local deadline=$((SECONDS + limit))
  while true; do
    if screen | grep -qF -- "$text"; then return 0; fi
    if [ $SECONDS -ge $deadline ]; then
      [ "$limit" -gt 1 ] && fail "$what: expected \"$text\" within ${limit}s"
      return 1
    fi
    sleep 0.05
  done
}

# expect_cursor "COLUMN VISIBLE" WHAT: waits for the cursor there (VISIBLE: 1 shown, 0 hidden).
expect_cursor() {
  local deadline=$((SECONDS + TIMEOUT))
  until [ "$(cursor)" = "$1" ]; do
    if [ $SECONDS -ge $deadline ]; then
      fail "$2: expected the cursor at \"$1\" (column, shown), got \"$(cursor)\""
      return 1
    fi
    sleep 0.1
  done
}

# expect_screen_stays TEXT WHAT SECONDS: the screen contains TEXT at every look for SECONDS.
expect_screen_stays() {
  local text=$1 what=$2 deadline=$((SECONDS + $3))
  while [ $SECONDS -lt $deadline ]; do
    if ! screen | grep -qF -- "$text"; then
      fail "$what: \"$text\" went within $3s"
      return 1
    fi
    sleep 0.1
  done
}

# expect_gone TEXT WHAT: waits until the screen no longer contains TEXT (what a key takes away).
expect_gone() {
  local deadline=$((SECONDS + TIMEOUT))
  while screen | grep -qF -- "$1"; do
    if [ $SECONDS -ge $deadline ]; then
      fail "$2: expected \"$1\" gone within ${TIMEOUT}s"
      return 1
    fi
    sleep 0.05
  done
}

# expect_no_screen TEXT WHAT: the settled screen does not contain TEXT. Only after a wait for what
# the last key shows: alone it would pass while that key is still on its way.
expect_no_screen() {
  if settled_screen | grep -qF -- "$1"; then
    fail "$2: did not expect \"$1\""
    return 1
  fi
}

# expect_line PATTERN WHAT: waits until a line of the screen matches the extended regex.
expect_line() {
  local pattern=$1 what=$2 deadline=$((SECONDS + TIMEOUT))
  while true; do
    if screen | grep -qE -- "$pattern"; then return 0; fi
    if [ $SECONDS -ge $deadline ]; then
      fail "$what: expected a line matching /$pattern/ within ${TIMEOUT}s"
      return 1
    fi
    sleep 0.1
  done
}

# After the app exits: its status, and a terminal back in its usual modes (echo, canonical input).
expect_exit() {
  local status=$1 what=$2
  expect_screen "EXITED $status" "$what: exit status $status" || return 1
  expect_terminal_sane "$what"
}

expect_terminal_sane() {
  expect_line '(^| )icanon( |$)' "$1: canonical input (icanon) back on" &&
    expect_line '(^| )echo( |$)' "$1: echo back on"
}

# The processes whose parent is $1, from /proc (procps may not be installed).
children_of() {
  local stat pid comm state parent
  for stat in /proc/[0-9]*/stat; do
    read -r pid comm state parent _ 2>/dev/null <"$stat" || continue
    [ "$parent" = "$1" ] && echo "$pid"
  done
}
