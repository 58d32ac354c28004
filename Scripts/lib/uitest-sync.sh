# Tests of sync (issue 23): two machines through a bare git repository on this machine, a synced
# folder with a hostile machine's files beside the good ones, and a remote that is gone. No
# network. Sourced by Scripts/uitest, which runs SYNC_TESTS.

# $1: a home; the rest: a conjugar command run there.
in_home() {
  local home=$1
  shift
  XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" "$BIN" "$@"
}

sync_csv() {
  printf 'date,verb,tense,person,expected,given,result,rating,seconds\n'
  printf '%s\n' "$@"
}

test_sync_two_machines_through_git() {
  local dir out
  dir=$(mktemp -d)
  git init -q --bare "$dir/remote.git"
  sync_csv "2026-11-20T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5" \
    "2026-11-20T10:16:00Z,ir,presente,yo,voy,vo,wrong,again," >"$dir/a.csv"
  sync_csv "2026-11-21T09:00:00Z,ser,presente,tu,eres,eres,correct,,2.0" \
    "2026-11-21T09:01:00Z,tener,preterito,yo,tuve,tube,wrong,again," >"$dir/b.csv"
  in_home "$dir/A" history import "$dir/a.csv" >/dev/null
  in_home "$dir/B" history import "$dir/b.csv" >/dev/null
  out=$(in_home "$dir/A" sync init "$dir/remote.git" 2>&1)
  [[ $out == "Sync set up through the git repository $dir/remote.git; this machine is "* ]] || fail "init on A: $out"
  out=$(in_home "$dir/A" sync 2>&1)
  [ "$out" = "Merged 0 answers from other machines (0 already kept, 0 files read); wrote 2 of yours." ] || fail "A's first sync: $out"
  in_home "$dir/B" sync init "$dir/remote.git" >/dev/null 2>&1
  out=$(in_home "$dir/B" sync 2>&1)
  [ "$out" = "Merged 2 answers from other machines (0 already kept, 1 file read); wrote 2 of yours." ] || fail "B's first sync: $out"
  out=$(in_home "$dir/B" sync status 2>&1)
  [[ $out == *$'\n'"Other machines: $(cat "$dir/A/data/conjugar/machine-id") (1 file)"$'\n'* ]] || fail "B's status: $out"
  in_home "$dir/A" sync >/dev/null 2>&1
  # Apart: answers on both, then synced in either order.
  sync_csv "2026-11-22T10:00:00Z,tener,preterito,yo,tuve,tuve,correct,easy,1.1" >"$dir/a2.csv"
  sync_csv "2026-11-22T11:00:00Z,ser,presente,tu,eres,eres,correct,good,2.2" >"$dir/b2.csv"
  in_home "$dir/A" history import "$dir/a2.csv" >/dev/null
  in_home "$dir/B" history import "$dir/b2.csv" >/dev/null
  in_home "$dir/B" sync >/dev/null 2>&1
  in_home "$dir/A" sync >/dev/null 2>&1
  out=$(in_home "$dir/B" sync 2>&1)
  # Only the file not merged yet is read.
  [ "$out" = "Merged 1 answer from other machines (0 already kept, 1 file read); wrote 0 of yours." ] || fail "B's last sync: $out"
  in_home "$dir/A" history export >"$dir/A.csv"
  in_home "$dir/B" history export >"$dir/B.csv"
  [ "$(wc -l <"$dir/A.csv")" = 7 ] || fail "the union of both: $(cat "$dir/A.csv")"
  cmp -s "$dir/A.csv" "$dir/B.csv" || fail "the histories differ: $(diff "$dir/A.csv" "$dir/B.csv")"
  [ "$(in_home "$dir/A" schedule --format json)" = "$(in_home "$dir/B" schedule --format json)" ] || fail "the schedules differ"
  out=$(in_home "$dir/A" sync 2>&1)
  [ "$out" = "Merged 0 answers from other machines (0 already kept, 0 files read); wrote 0 of yours." ] || fail "nothing new: $out"
  out=$(in_home "$dir/A" sync now --all 2>&1)
  [ "$out" = "Merged 0 answers from other machines (3 already kept, 2 files read); wrote 0 of yours." ] || fail "--all: $out"
  [ "$(git -C "$dir/remote.git" log --oneline | wc -l)" = 4 ] || fail "one commit per sync that wrote: $(git -C "$dir/remote.git" log --oneline)"
  # Each commit says what it carries, counted as a person writes it (issue 33, item 17).
  out=$(git -C "$dir/remote.git" log --reverse --format=%s | head -2)
  [ "$out" = "conjugar: 2 answers from $(cat "$dir/A/data/conjugar/machine-id")
conjugar: 2 answers from $(cat "$dir/B/data/conjugar/machine-id")" ] || fail "the commit titles: $out"
  [[ $(git -C "$dir/remote.git" log --format=%s) == *"conjugar: 1 answer from "* ]] || fail "one answer: $(git -C "$dir/remote.git" log --format=%s)"
  rm -rf "$dir"
}

test_sync_through_a_folder_leaves_bad_files_alone() {
  local dir out status
  dir=$(mktemp -d)
  mkdir -p "$dir/shared/machines/ffffffffffffffff" "$dir/shared/machines/eeeeeeeeeeeeeeee" "$dir/shared/machines/not-a-machine"
  sync_csv "2026-11-20T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5" >"$dir/shared/machines/ffffffffffffffff/answers-1-1.csv"
  sync_csv "2026-11-20T10:15:00Z,xyzzy,preterito,yo,tuve,tuve,correct,,2.5" >"$dir/shared/machines/ffffffffffffffff/answers-2-2.csv"
  ln -s /etc/passwd "$dir/shared/machines/eeeeeeeeeeeeeeee/answers-1-1.csv"
  sync_csv "2026-11-20T10:15:00Z,ser,presente,yo,soy,soy,correct,,2.5" >"$dir/shared/machines/not-a-machine/answers-1-1.csv"
  out=$(in_home "$dir/A" sync init --folder "$dir/shared" 2>&1)
  [[ $out == "Sync set up through the folder $dir/shared; this machine is "* ]] || fail "init --folder: $out"
  out=$(in_home "$dir/A" sync 2>&1)
  status=$?
  [ $status -eq 0 ] && [[ $out == *"Merged 1 answer from other machines (0 already kept, 1 file read); wrote 0 of yours."* ]] ||
    fail "the good file merged: status $status, $out"
  [[ $out == *"left alone: machines/ffffffffffffffff/answers-2-2.csv: line 2: "*xyzzy* ]] || fail "the bad file named: $out"
  [[ $out == *"left alone: machines/eeeeeeeeeeeeeeee/answers-1-1.csv: not an answers file"* ]] || fail "the link left alone: $out"
  [[ $out == *"left alone: machines/not-a-machine: not a machine's folder"* ]] || fail "the folder left alone: $out"
  [ "$(in_home "$dir/A" history export | wc -l)" = 2 ] || fail "only the good answer: $(in_home "$dir/A" history export)"
  # Said once: the next sync counts them, sync status names them (issue 33, item 17).
  out=$(in_home "$dir/A" sync 2>&1 >/dev/null)
  [ "$out" = "conjugar: 3 files still left alone, as at the last sync (conjugar sync status names them)" ] ||
    fail "the second sync: $out"
  out=$(in_home "$dir/A" sync status 2>&1)
  [[ $out == *$'\n'"Left alone: machines/eeeeeeeeeeeeeeee/answers-1-1.csv: not an answers file"$'\n'* &&
    $out == *$'\n'"Left alone: machines/ffffffffffffffff/answers-2-2.csv: line 2: "*xyzzy* ]] || fail "sync status: $out"
  rm -rf "$dir"
}

test_sync_without_its_remote() {
  local dir out status before
  dir=$(mktemp -d)
  out=$(in_home "$dir/A" sync init "$dir/nowhere.git" 2>&1)
  status=$?
  [ $status -eq 1 ] && [[ $out == "conjugar: can't clone $dir/nowhere.git: "* ]] || fail "a remote that does not exist: status $status, $out"
  # git's message whole, on one line, not its last line alone (issue 33, item 17).
  out=$(in_home "$dir/A" sync init "file://$dir/nowhere.git" 2>&1)
  [ "$out" = "conjugar: can't clone file://$dir/nowhere.git: fatal: '$dir/nowhere.git' does not appear to be a git repository; fatal: Could not read from remote repository; Please make sure you have the correct access rights; and the repository exists." ] ||
    fail "git's message whole: $out"
  out=$(in_home "$dir/A" sync 2>&1)
  [ $? -eq 1 ] && [[ $out == "conjugar: sync is not set up: "* ]] || fail "nothing set up: $out"
  git init -q --bare "$dir/remote.git"
  sync_csv "2026-11-20T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5" >"$dir/a.csv"
  in_home "$dir/A" history import "$dir/a.csv" >/dev/null
  in_home "$dir/A" sync init "$dir/remote.git" >/dev/null 2>&1
  rm -rf "$dir/remote.git"
  before=$(in_home "$dir/A" history export)
  out=$(in_home "$dir/A" sync 2>/dev/null)
  status=$?
  # Offline: the summary still, git's message whole, and exit 1 for scripts (issue 33, item 17).
  [ $status -eq 1 ] && [ "$out" = "Merged 0 answers from other machines (0 already kept, 0 files read); wrote 1 of yours." ] ||
    fail "offline: status $status, $out"
  out=$(in_home "$dir/A" sync 2>&1 >/dev/null)
  [ "$out" = "conjugar: can't reach $dir/remote.git: fatal: '$dir/remote.git' does not appear to be a git repository; fatal: Could not read from remote repository; Please make sure you have the correct access rights; and the repository exists.
conjugar: what was merged and written stands; the next sync pushes it (git's log: conjugar sync status)" ] ||
    fail "offline, on standard error: $out"
  [ "$(in_home "$dir/A" history export)" = "$before" ] || fail "offline: the history changed"
  out=$(in_home "$dir/A" sync status 2>&1)
  [[ $out == *"git, at the last sync:"* ]] || fail "status: $out"
  # Another set-up only after sync off, which leaves the clone as it is.
  out=$(in_home "$dir/A" sync init --folder "$dir/shared" 2>&1)
  [ $? -eq 1 ] && [ "$out" = "conjugar: sync is already set up, through the git repository $dir/remote.git: \`conjugar sync off\` first to set up another" ] ||
    fail "init over a set-up: $out"
  out=$(in_home "$dir/A" sync off 2>&1)
  [ $? -eq 0 ] && [ "$out" = "Sync is off: this machine no longer syncs through the git repository $dir/remote.git; the git repository and its clone in $dir/A/data/conjugar/sync-repository are left as they are. \`conjugar sync init\` sets it up again." ] ||
    fail "sync off: $out"
  [ -d "$dir/A/data/conjugar/sync-repository/.git" ] || fail "sync off left the clone"
  out=$(in_home "$dir/A" sync 2>&1)
  [ $? -eq 1 ] && [[ $out == "conjugar: sync is not set up: "* ]] || fail "a sync after sync off: $out"
  out=$(in_home "$dir/A" sync off 2>&1)
  [ $? -eq 0 ] && [ "$out" = "Sync is not set up: nothing to stop." ] || fail "sync off twice: $out"
  out=$(in_home "$dir/A" sync init --folder "$dir/shared" 2>&1)
  [[ $out == "Sync set up through the folder $dir/shared; this machine is "* ]] || fail "init after sync off: $out"
  out=$(in_home "$dir/A" sync 2>&1)
  [ $? -eq 0 ] && [ "$out" = "Merged 0 answers from other machines (0 already kept, 0 files read); wrote 1 of yours." ] ||
    fail "a sync through the folder: $out"
  rm -rf "$dir"
}

# The trainer (the device World, in homes of the test's own) syncs after its first frame and says
# so on the bottom line; at the quit, a sync of its own writes what was answered meanwhile.
test_sync_notice_in_the_trainer() {
  local dir id
  dir=$(mktemp -d)
  sync_csv "2026-11-20T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5" >"$dir/x.csv"
  in_home "$dir/X" history import "$dir/x.csv" >/dev/null
  in_home "$dir/X" sync init --folder "$dir/shared" >/dev/null
  in_home "$dir/X" sync >/dev/null 2>&1
  sync_csv "2026-11-21T10:15:00Z,ser,presente,yo,soy,soy,correct,,2.5" >"$dir/a.csv"
  in_home "$dir/A" history import "$dir/a.csv" >/dev/null
  in_home "$dir/A" sync init --folder "$dir/shared" >/dev/null
  id=$(cat "$dir/A/data/conjugar/machine-id")
  session_number=$((session_number + 1))
  session="ui$session_number"
  tm new-session -d -s "$session" -x 80 -y 24 \
    "env XDG_DATA_HOME=$dir/A/data XDG_CONFIG_HOME=$dir/A/config $(printf '%q' "$BIN") --world device; echo EXITED \$?; stty -a; exec sleep 3600"
  expect_screen "Synced: 1 answer merged, 1 of yours written." "the sync's outcome on the bottom line" || return
  [ "$(ls "$dir/shared/machines/$id" | wc -l)" = 1 ] || fail "A's answer written at the start"
  sync_csv "2026-11-22T10:15:00Z,ir,presente,yo,voy,vo,wrong,again," >"$dir/a2.csv"
  in_home "$dir/A" history import "$dir/a2.csv" >/dev/null
  keys q
  expect_exit 0 "q quits"
  local waited=0
  while [ "$(ls "$dir/shared/machines/$id" | wc -l)" != 2 ] && [ $waited -lt 20 ]; do sleep 0.5; waited=$((waited + 1)); done
  [ "$(ls "$dir/shared/machines/$id" | wc -l)" = 2 ] || fail "the quit's sync did not write the answer given meanwhile"
  rm -rf "$dir"
}

# Offline, the trainer's sync is a notice on the bottom line, git's message whole, and nothing
# else changes: keys still work, q quits with 0 (issue 33, item 17).
test_sync_offline_in_the_trainer() {
  local dir
  dir=$(mktemp -d)
  git init -q --bare "$dir/remote.git"
  in_home "$dir/A" sync init "$dir/remote.git" >/dev/null 2>&1
  rm -rf "$dir/remote.git"
  session_number=$((session_number + 1))
  session="ui$session_number"
  tm new-session -d -s "$session" -x 80 -y 24 \
    "env XDG_DATA_HOME=$dir/A/data XDG_CONFIG_HOME=$dir/A/config $(printf '%q' "$BIN") --world device; echo EXITED \$?; stty -a; exec sleep 3600"
  expect_screen "Sync incomplete (conjugar sync status says more): can't reach" "the notice" || return
  [[ $(screen) == *"/remote.git: fatal: '"* ]] || fail "git's message from its start: $(screen)"
  keys q
  expect_exit 0 "q quits"
  sleep 1  # the quit's sync, in a process of its own, then done
  flock -w 20 "$dir/A/data/conjugar/sync.lock" true
  rm -rf "$dir"
}

# The memory model travels: the one fitted and applied last, on any machine, is put in use on the
# others at their next sync, so both schedule alike.
test_sync_carries_the_fitted_memory() {
  local dir out
  dir=$(mktemp -d)
  optimize_history_csv "$dir/answers.csv"
  in_home "$dir/A" history import "$dir/answers.csv" >/dev/null
  in_home "$dir/A" optimize --apply >/dev/null || fail "optimize --apply on A"
  in_home "$dir/A" sync init --folder "$dir/shared" >/dev/null
  in_home "$dir/A" sync >/dev/null 2>&1
  in_home "$dir/B" sync init --folder "$dir/shared" >/dev/null
  out=$(in_home "$dir/B" sync 2>&1)
  [[ $out == *"Merged 200 answers from other machines"*"The memory model fitted on "*" is in use here now"* ]] ||
    fail "B's sync: $out"
  [[ $(in_home "$dir/B" optimize 2>&1) == *"in use "* ]] || fail "B's optimize: the fitted weights in use"
  [ "$(in_home "$dir/A" schedule --format json)" = "$(in_home "$dir/B" schedule --format json)" ] ||
    fail "A and B schedule alike"
  out=$(in_home "$dir/B" sync 2>&1)
  [[ $out != *"memory model"* ]] || fail "once only: $out"
  rm -rf "$dir"
}

# An answer a sync wrote out, and another machine merged, then taken back with u in the trainer: the
# quit's sync carries the taking back; the other machine takes it back at its next sync, and a third
# that joins later never counts it. All three end with the same history and schedule.
test_sync_undo_after_a_sync_on_three_machines() {
  local dir id out home
  dir=$(mktemp -d)
  for home in A B C; do in_home "$dir/$home" sync init --folder "$dir/shared" >/dev/null; done
  id=$(cat "$dir/A/data/conjugar/machine-id")
  session_number=$((session_number + 1))
  session="ui$session_number"
  tm new-session -d -s "$session" -x 80 -y 24 \
    "env XDG_DATA_HOME=$dir/A/data XDG_CONFIG_HOME=$dir/A/config $(printf '%q' "$BIN") --world device; echo EXITED \$?; stty -a; exec sleep 3600"
  expect_screen "Synced: 0 answers merged" "the start's sync" || return
  answer_quiz 2 || return
  keys x Enter
  expect_screen "u undo" "the third answer's verdict" || return
  # A second shell syncs A meanwhile (its three answers written out); B merges them.
  in_home "$dir/A" sync >/dev/null 2>&1
  out=$(in_home "$dir/B" sync 2>&1)
  [[ $out == "Merged 3 answers from other machines"* ]] || fail "B merges A's three answers: $out"
  keys u
  expect_screen "Answer taken back" "u takes the third answer back" || return
  keys Escape
  expect_screen "Leave this quiz?" "Esc asks to leave" || return
  keys y q
  expect_exit 0 "q quits"
  local waited=0
  while [ ! -e "$dir/shared/machines/$id/withdrawn.csv" ] && [ $waited -lt 30 ]; do sleep 0.5; waited=$((waited + 1)); done
  [ "$(wc -l <"$dir/shared/machines/$id/withdrawn.csv" 2>/dev/null)" = 2 ] ||
    fail "the quit's sync writes the answer taken back: $(cat "$dir/shared/machines/$id/withdrawn.csv" 2>&1)"
  out=$(in_home "$dir/B" sync 2>&1)
  [[ $out == *"1 answer taken back on another machine taken back here."* ]] || fail "B takes it back: $out"
  in_home "$dir/C" sync >/dev/null 2>&1
  for home in A B C; do
    [ "$(in_home "$dir/$home" history export | wc -l)" = 3 ] || fail "$home: two answers: $(in_home "$dir/$home" history export)"
  done
  [ "$(in_home "$dir/A" history export)" = "$(in_home "$dir/B" history export)" ] &&
    [ "$(in_home "$dir/A" history export)" = "$(in_home "$dir/C" history export)" ] || fail "the histories differ"
  [ "$(in_home "$dir/A" schedule --format json)" = "$(in_home "$dir/B" schedule --format json)" ] &&
    [ "$(in_home "$dir/A" schedule --format json)" = "$(in_home "$dir/C" schedule --format json)" ] || fail "the schedules differ"
  rm -rf "$dir"
}

SYNC_TESTS=(test_sync_undo_after_a_sync_on_three_machines test_sync_carries_the_fitted_memory test_sync_notice_in_the_trainer test_sync_offline_in_the_trainer test_sync_two_machines_through_git test_sync_through_a_folder_leaves_bad_files_alone test_sync_without_its_remote)
