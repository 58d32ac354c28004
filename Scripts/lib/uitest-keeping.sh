# UI tests of what the trainer keeps (issue 25): every answer the moment it is given, however the
# quiz ends, and u taking the last one back. Sourced by Scripts/uitest, which runs KEEPING_TESTS.
# They use the device World on a home of their own (HOME and every XDG folder in a temporary one),
# and read what was kept with the command line, as a learner's script would.

# start_device HOME W H: a new session running the app in the device World on HOME.
start_device() {
  local home=$1 width=$2 height=$3
  session_number=$((session_number + 1))
  session="ui$session_number"
  tm new-session -d -s "$session" -x "$width" -y "$height" \
    "$(device_env "$home") $(printf '%q' "$BIN") --world device; echo EXITED \$?; stty sane; exec sleep 3600"
  expect_screen "Verbs" "the app starts (device World)"
}

device_env() {
  local home=$1
  echo "env HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_STATE_HOME=$home/.local/state"
}

# on_home HOME COMMAND…: the command line on HOME's files.
on_home() {
  local home=$1
  shift
  HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_STATE_HOME=$home/.local/state "$BIN" "$@"
}

# The number of answers in HOME's history, into KEPT.
count_kept() {
  KEPT=$(on_home "$1" history export --format csv | tail -n +2 | wc -l)
}

# Starts a quiz and answers N questions with x (wrong), leaving each verdict; waits for question N+1.
answer_quiz() {
  local n=$1 i to_send=()
  keys 2
  expect_screen "Press Enter to start" "the quiz screen" || return 1
  keys Enter
  expect_screen "Question 1 of 20" "a quiz starts" || return 1
  for ((i = 1; i <= n; i++)); do
    keys x Enter
    expect_screen "Enter next question" "the verdict on answer $i" || return 1
    keys Enter
    expect_screen "Question $((i + 1)) of 20" "question $((i + 1))" || return 1
  done
}

# Answer N questions, end the quiz by WAY (ctrl-c, sigterm, sigkill, esc-y): the history holds
# exactly those N answers.
test_quiz_answers_kept_however_it_ends() {
  local way n=0 home
  for way in ctrl-c sigterm sigkill esc-y; do
    home=$(mktemp -d)
    n=$((n % 4 + 2))
    start_device "$home" 80 24 || return
    find_app_process || return
    answer_quiz "$n" || return
    case $way in
      ctrl-c)
        keys C-c
        expect_screen "EXITED 130" "Ctrl-C ends the trainer" || return
        ;;
      sigterm)
        kill -TERM "$APP"
        expect_screen "EXITED 143" "SIGTERM ends the trainer" || return
        ;;
      sigkill)
        kill -KILL "$APP"
        expect_screen "EXITED 137" "SIGKILL ends the trainer" || return
        ;;
      esc-y)
        keys Escape
        expect_screen "The answers given are kept" "the leave prompt says the answers are kept" || return
        keys y
        expect_screen "Press Enter to start" "y leaves the quiz" || return
        # Kept before the trainer ends.
        count_kept "$home"
        [ "$KEPT" -eq "$n" ] || fail "$way: $KEPT answers in the history while the trainer runs, expected $n"
        keys q
        expect_screen "EXITED 0" "q quits" || return
        ;;
    esac
    count_kept "$home"
    [ "$KEPT" -eq "$n" ] || fail "$way after $n answers: $KEPT answers in the history"
    tm kill-session -t "$session" >/dev/null 2>&1
    rm -rf "$home"
  done
}

find_app_process() {
  APP=$(children_of "$(tm display-message -p -t "$session" '#{pane_pid}')" | head -1)
  [ -n "$APP" ] || { fail "could not find the app's process"; return 1; }
}

# What the command line says of HOME's history, schedule and statistics, into STATE.
read_state() {
  STATE="$(on_home "$1" history export --format json)
$(on_home "$1" schedule --format json)
$(on_home "$1" stats --format json)"
}

# u on the verdict takes the answer back: the history, the schedule and the statistics byte for
# byte as before it, and the question asked again.
test_undo_the_last_answer() {
  local home before
  home=$(mktemp -d)
  start_device "$home" 80 24 || return
  answer_quiz 2 || return
  read_state "$home"
  before=$STATE
  keys x Enter
  expect_screen "u undo" "the verdict offers undo" || return
  read_state "$home"
  [ "$STATE" != "$before" ] || fail "the third answer was not kept as it was given"
  keys u
  expect_screen "Answer taken back" "u takes the answer back" || return
  expect_screen "Question 3 of 20" "the question is asked again" || return
  read_state "$home"
  [ "$STATE" = "$before" ] || fail "after undo: $(diff <(echo "$before") <(echo "$STATE") | head -5)"
  # Answered again, it is kept again.
  keys y Enter
  expect_screen "Enter next question" "the verdict on the answer given again" || return
  count_kept "$home"
  [ "$KEPT" -eq 3 ] || fail "after answering again: $KEPT answers, expected 3"
  keys Escape
  expect_screen "Leave this quiz?" "Esc asks to leave" || return
  keys y q
  expect_screen "EXITED 0" "q quits" || return
  rm -rf "$home"
}

# history import refuses a row that would break the history, each alone among 1,000 good ones: exit 1,
# its line and reason, and history export byte for byte as before.
test_import_refuses_bad_rows() {
  local home before output status row header="date,verb,tense,person,expected,given,result,rating,seconds"
  home=$(mktemp -d)
  # 1,000 good rows: three kinds, a minute apart.
  local good i
  good=$(for ((i = 0; i < 1000; i++)); do
    case $((i % 3)) in
      0) printf '2026-10-%02dT%02d:%02d:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5\n' $((i / 60 / 24 + 1)) $((i / 60 % 24)) $((i % 60)) ;;
      1) printf '2026-10-%02dT%02d:%02d:00Z,ir,gerundio,,yendo,iendo,wrong,again,\n' $((i / 60 / 24 + 1)) $((i / 60 % 24)) $((i % 60)) ;;
      2) printf '2026-10-%02dT%02d:%02d:00Z,hablar,presente,tu,hablas,hablás,accents-only,hard,3\n' $((i / 60 / 24 + 1)) $((i / 60 % 24)) $((i % 60)) ;;
    esac
  done)
  printf '%s\n%s\n' "$header" "$good" >"$home/good.csv"
  on_home "$home" history import "$home/good.csv" >/dev/null || fail "the good rows: exit status $?"
  before=$(on_home "$home" history export)
  local bad_rows=(
    "2026-11-20T11:00:00Z,xyzzy,presente,yo,xyzzo,xyzzo,correct,,|verb \"xyzzy\" is not in the catalog"
    "2026-11-20T11:00:00Z,tener,pret,yo,tuve,tuve,correct,,|tense \"pret\""
    "2026-11-20T11:00:00Z,tener,preterito,usted,tuvo,tuvo,correct,,|person \"usted\""
    "2099-01-01T00:00:00Z,tener,preterito,yo,tuve,tuve,correct,,|is in the future"
    "1999-01-01T00:00:00Z,tener,preterito,yo,tuve,tuve,correct,,|is before 2000"
    "2026-11-20T11:00:00Z,tener,preterito,yo,tuve,tengo,correct,,|marked correct, but \"tengo\""
    "2026-11-20T11:00:00Z,tener,preterito,yo,tuve,tuve,correct,again,|rating again does not go with the result correct"
    "2026-11-20T11:00:00Z,tener,preterito,yo,tuve,tengo,wrong,good,|rating good does not go with the result wrong"
  )
  for row in "${bad_rows[@]}"; do
    printf '%s\n%s\n%s\n' "$header" "$good" "${row%%|*}" >"$home/bad.csv"
    output=$(on_home "$home" history import "$home/bad.csv" 2>&1)
    status=$?
    [ $status -eq 1 ] && [[ $output == *"line 1002: "*"${row#*|}"* && $output == *"nothing imported"* ]] ||
      fail "${row%%|*}: status $status, $output"
    [ "$(on_home "$home" history export)" = "$before" ] || fail "${row%%|*}: the history changed"
  done
  rm -rf "$home"
}

# The trainer's daily backup; doctor finding damage; the next start salvaging it (doctor then finds
# none); a backup restored with every answer of its day.
test_doctor_salvage_and_backups() {
  local home database output status i backup
  home=$(mktemp -d)
  database="$home/.local/share/conjugar/scores.sqlite"
  {
    echo "date,verb,tense,person,expected,given,result,rating,seconds"
    for ((i = 0; i < 400; i++)); do
      printf '2026-10-%02dT%02d:%02d:00Z,tener,preterito,yo,tuve,tuve,correct,,2\n' $((i / 40 + 1)) $((i % 24)) $((i % 60))
    done
  } >"$home/answers.csv"
  on_home "$home" history import "$home/answers.csv" >/dev/null || fail "import: exit status $?"
  output=$(on_home "$home" doctor)
  status=$?
  [ $status -eq 0 ] && [[ $output == *"400 answers"*"integrity_check: ok"*"statistics: ok"*"Backups: none yet"* ]] ||
    fail "doctor on a sound database: status $status, $output"
  # The trainer's start makes today's backup, in the background.
  start_device "$home" 80 24 || return
  local deadline=$((SECONDS + TIMEOUT))
  until compgen -G "$home/.local/share/conjugar/backups/scores-*.sqlite" >/dev/null; do
    [ $SECONDS -lt $deadline ] || { fail "no backup made by the trainer's start"; return; }
    sleep 0.1
  done
  keys q
  expect_screen "EXITED 0" "q quits" || return
  backup=$(compgen -G "$home/.local/share/conjugar/backups/scores-*.sqlite")
  # Two pages of the database overwritten.
  for i in 2 4; do dd if=/dev/urandom of="$database" bs=4096 seek=$i count=1 conv=notrunc 2>/dev/null; done
  output=$(on_home "$home" doctor)
  status=$?
  [ $status -eq 1 ] && [[ $output == *"integrity_check: PROBLEM"* && $output == *"$backup"* ]] ||
    fail "doctor on the damaged database: status $status, $output"
  output=$(on_home "$home" history export 2>&1 >/dev/null)
  [[ $output == *"Your scores file was damaged: "*" recovered"* ]] || fail "the next start does not salvage: $output"
  output=$(on_home "$home" doctor)
  status=$?
  [ $status -eq 0 ] && [[ $output == *"integrity_check: ok"*"review states: ok"*"statistics: ok"* ]] ||
    fail "doctor after the salvage: status $status, $output"
  output=$(on_home "$home" doctor --restore "$backup")
  [[ $output == "Restored $backup; the database it replaces is kept as scores.sqlite.corrupt-"* ]] ||
    fail "doctor --restore: $output"
  count_kept "$home"
  [ "$KEPT" -eq 400 ] || fail "after the restore: $KEPT answers, expected 400"
  rm -rf "$home"
}

# Ctrl-D (I don't know): the form shown, kept as a miss rated again; Ctrl-N (skip): the question
# left out, nothing kept. At 80x24 and at 40x12.
test_dont_know_and_skip() {
  local home size width height output
  for size in 80x24 40x12; do
    width=${size%x*} height=${size#*x}
    home=$(mktemp -d)
    start_device "$home" "$width" "$height" || return
    keys 2
    expect_screen "Press Enter to start" "the quiz screen ($size)" || return
    keys Enter
    expect_screen "^D don't know" "the bottom line offers I don't know ($size)" || return
    keys C-d
    expect_screen "Not known: shown" "Ctrl-D shows the form ($size)" || return
    expect_screen "right: " "the right form ($size)" || return
    output=$(on_home "$home" history export | tail -n +2)
    [[ $output == *,,wrong,again,* ]] || fail "I don't know is kept as a miss rated again ($size): $output"
    keys Enter
    expect_screen "Question 2 of 20" "the next question ($size)" || return
    keys C-n
    expect_screen "Question 2 of 19" "Ctrl-N leaves the question out ($size)" || return
    count_kept "$home"
    [ "$KEPT" -eq 1 ] || fail "skip keeps nothing ($size): $KEPT answers"
    keys Escape
    expect_screen "Leave this quiz?" "Esc asks to leave ($size)" || return
    keys y q
    expect_screen "EXITED 0" "q quits ($size)" || return
    tm kill-session -t "$session" >/dev/null 2>&1
    rm -rf "$home"
  done
}

# A database too large to be checked whole at the start (over 16 MB: 120,000 answers), a page of
# its answers overwritten: the trainer starts, the check in the background finds the damage and the
# trainer says so at once (at 80x24 and 40x12); the next command salvages it.
test_damage_found_in_the_background() {
  local home database output size width height
  home=$(mktemp -d)
  database="$home/.local/share/conjugar/scores.sqlite"
  awk 'BEGIN {
    print "date,verb,tense,person,expected,given,result,rating,seconds"
    for (i = 0; i < 120000; i++) {
      s = i * 20; d = int(s / 86400); s -= d * 86400; h = int(s / 3600); s -= h * 3600; m = int(s / 60); s -= m * 60
      printf "2025-01-%02dT%02d:%02d:%02dZ,tener,preterito,yo,tuve,%s,%s,,2\n", d + 1, h, m, s, (i % 2 ? "tuve" : "x" i), (i % 2 ? "correct" : "wrong")
    }
  }' >"$home/answers.csv"
  on_home "$home" history import "$home/answers.csv" >/dev/null || { fail "import: exit status $?"; return; }
  [ "$(stat -c %s "$database")" -gt $((16 << 20)) ] || { fail "the database is not over 16 MB"; return; }
  dd if=/dev/urandom of="$database" bs=4096 seek=2000 count=1 conv=notrunc 2>/dev/null
  cp "$database" "$home/damaged.sqlite"
  for size in 80x24 40x12; do
    width=${size%x*} height=${size#*x}
    # The same damaged file each time, unmarked.
    cp "$home/damaged.sqlite" "$database"
    rm -f "$database-damaged" "$database-wal" "$database-shm"
    start_device "$home" "$width" "$height" || return
    expect_screen "Your scores file is damaged" "the trainer says what the check found ($size)" || return
    keys q
    expect_screen "EXITED 0" "q quits ($size)" || return
    tm kill-session -t "$session" >/dev/null 2>&1
    [ -e "$database-damaged" ] || { fail "no mark left by the check ($size)"; return; }
  done
  output=$(on_home "$home" stats 2>&1 >/dev/null)
  [[ $output == *"Your scores file was damaged: "*" recovered"* ]] || fail "the next command does not salvage: $output"
  rm -rf "$home"
}

# One bad line in settings.conf (issue 33, 10): the trainer starts with every other line (the
# region, Spain, on the Settings screen), and names the line left out; the file as it was is kept
# aside.
test_settings_bad_line_left_out() {
  local home size width height
  for size in 80x24 40x12; do
    width=${size%x*} height=${size#*x}
    home=$(mktemp -d)
    mkdir -p "$home/.config/conjugar"
    printf 'region = spain\nquiz-length = 15\n' >"$home/.config/conjugar/settings.conf"
    start_device "$home" "$width" "$height" || return
    expect_screen "settings.conf line 2 left out" "the bad line named ($size)" || return
    keys Escape 4
    expect_screen "Spain" "the region of the good line in use, on the Settings screen ($size)" || return
    compgen -G "$home/.config/conjugar/settings.conf.corrupt-*" >/dev/null || fail "the file kept aside ($size)"
    keys q
    expect_screen "EXITED 0" "q quits ($size)" || return
    tm kill-session -t "$session" >/dev/null 2>&1
    rm -rf "$home"
  done
}

KEEPING_TESTS=(
  test_quiz_answers_kept_however_it_ends test_undo_the_last_answer test_import_refuses_bad_rows
  test_doctor_salvage_and_backups test_dont_know_and_skip test_damage_found_in_the_background
  test_settings_bad_line_left_out
)
