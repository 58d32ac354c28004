# UI tests of the memory model fitted to the learner (issue 22): conjugar optimize on too little
# history and on enough, --apply (the schedule changes, and stays after a restart), --reset;
# --retention, the desired retention that costs least, with the defaults and with fitted weights.
# Sourced by Scripts/uitest, which runs OPTIMIZE_TESTS.

# A made history: 40 forms of 8 regular -ar verbs in the present, each answered on 5 days 1 to 9
# days apart, right or wrong by a seeded draw (wrong answers rated again, right ones good).
optimize_history_csv() {
  python3 - "$1" <<'PY'
import random, sys
from datetime import datetime, timedelta, timezone
rng = random.Random(22)
endings = {"yo": "o", "tu": "as", "el": "a", "nosotros": "amos", "ellos": "an"}
start = datetime(2026, 9, 1, 18, 0, tzinfo=timezone.utc)
rows = []
for verb in ["hablar", "cantar", "bailar", "trabajar", "estudiar", "caminar", "mirar", "nadar"]:
    for person, ending in endings.items():
        form = verb[:-2] + ending
        when = start + timedelta(minutes=rng.randint(0, 600))
        for review in range(5):
            right = rng.random() < (0.55 if review == 0 else 0.8)
            given, result, rating = (form, "correct", "good") if right else ("x" + form, "wrong", "again")
            rows.append((when, f"{when:%Y-%m-%dT%H:%M:%SZ},{verb},presente,{person},{form},{given},{result},{rating},3.0"))
            when += timedelta(days=rng.randint(1, 9), minutes=rng.randint(0, 120))
with open(sys.argv[1], "w") as out:
    out.write("date,verb,tense,person,expected,given,result,rating,seconds\n")
    out.write("\n".join(row for _, row in sorted(rows)) + "\n")
PY
}

test_optimize_the_memory_model() {
  local home out status before after
  home=$(mktemp -d)
  export XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config
  out=$("$BIN" optimize 2>&1)
  status=$?
  [ $status -eq 0 ] && [[ $out == "Not enough answers to fit yet: 0 of the 64 needed"*"64 more. The schedule keeps FSRS-6's default weights." ]] ||
    fail "optimize with no history: status $status, $out"
  out=$("$BIN" optimize --apply 2>&1)
  [ $? -eq 1 ] && [[ $out == *"conjugar: nothing applied: not enough answers to fit."* ]] || fail "--apply with no history: $out"
  out=$("$BIN" optimize --apply --reset 2>&1)
  [ $? -eq 2 ] && [[ $out == *"Give --apply or --reset, not both."* ]] || fail "--apply --reset: $out"

  optimize_history_csv "$home/answers.csv"
  out=$("$BIN" history import "$home/answers.csv" 2>&1)
  [ "$out" = "Imported 200 answers (0 already kept)." ] || fail "import: $out"
  out=$("$BIN" optimize --format json 2>&1)
  python3 - "$out" <<'PY' || fail "optimize --format json: $out"
import json, sys
o = json.loads(sys.argv[1])
assert set(o) == {"parameters", "log_loss", "rmse_bins", "reviews", "items", "targets", "fitted", "more_needed", "applied"}, o
assert len(o["parameters"]) == 21 and o["reviews"] == 200 and o["items"] == 40 and o["targets"] == 160, o
assert o["fitted"] and not o["applied"] and o["more_needed"] == 0, o
assert o["log_loss"]["after"] < o["log_loss"]["before"], o
PY
  before=$("$BIN" schedule --format json | head -1)
  out=$("$BIN" optimize 2>&1)
  [[ $out == "Fitted FSRS-6 to 200 answers of 40 forms (160 predictions scored)."*"defaults "*"fitted "*"Weights: "*"Not applied: conjugar optimize --apply schedules with them." ]] ||
    fail "optimize: $out"
  [ "$("$BIN" schedule --format json | head -1)" = "$before" ] || fail "optimize without --apply changed the schedule"
  out=$("$BIN" optimize --apply 2>&1)
  [[ $out == *"Applied: the schedule uses these weights from now on"* ]] || fail "optimize --apply: $out"
  after=$("$BIN" schedule --format json | head -1)
  [ "$after" != "$before" ] || fail "--apply left the schedule as it was: $after"
  # Kept in the database: a new process sees the fitted weights in use, and the doctor replays
  # the review states with them.
  out=$("$BIN" optimize 2>&1)
  [[ $out == *"in use "* ]] || fail "after --apply, the weights in use: $out"
  out=$("$BIN" doctor 2>&1)
  [ $? -eq 0 ] && [[ $out == *"review states: ok"* ]] || fail "doctor after --apply: $out"
  # --export and --import carry the weights with the history to another home: the same schedule.
  "$BIN" optimize --export >"$home/memory.txt" || fail "optimize --export"
  "$BIN" history export --output "$home/history.csv" || fail "history export"
  out=$(XDG_DATA_HOME=$home/other "$BIN" history import "$home/history.csv" 2>&1) || fail "history import: $out"
  out=$(XDG_DATA_HOME=$home/other "$BIN" optimize --import "$home/memory.txt" 2>&1)
  [[ $out == "The weights fitted on "*" are in use; 40 forms rescheduled." ]] || fail "optimize --import: $out"
  [ "$(XDG_DATA_HOME=$home/other "$BIN" schedule --format json)" = "$("$BIN" schedule --format json)" ] ||
    fail "--export then --import: another schedule"
  echo "1 2 3" >"$home/bad.txt"
  out=$("$BIN" optimize --import "$home/bad.txt" 2>&1)
  [ $? -eq 1 ] && [[ $out == *"is not what \`optimize --export\` writes"* ]] || fail "a bad --import file: $out"
  out=$("$BIN" optimize --reset 2>&1)
  [ "$out" = "Back to FSRS-6's default weights; 40 forms rescheduled." ] || fail "--reset: $out"
  [ "$("$BIN" schedule --format json | head -1)" = "$before" ] || fail "--reset did not give back the default schedule"
  out=$("$BIN" optimize --export 2>&1)
  [ $? -eq 1 ] && [[ $out == *"default weights are in use: nothing fitted to export."* ]] || fail "--export with the defaults: $out"
  unset XDG_DATA_HOME XDG_CONFIG_HOME
  rm -rf "$home"
}

test_optimize_retention() {
  local home out status
  home=$(mktemp -d)
  export XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config
  out=$("$BIN" optimize --retention 2>&1)
  status=$?
  [ $status -eq 0 ] &&
    [[ $out == "The desired retention that costs least with FSRS-6's default weights: 0.70 ("*" s of study per form remembered after a simulated year), the lowest tried (0.70 to 0.95): lower may cost less still."* ]] &&
    [[ $out == *"The setting nearest it: Review retention 80 % (now 90 %). Pick it on the Settings screen (4 in the trainer), or put \`desired-retention = 0.80\` in $home/config/conjugar/settings.conf." ]] ||
    fail "optimize --retention with the defaults: status $status, $out"
  out=$("$BIN" optimize --retention --apply 2>&1)
  [ $? -eq 2 ] && [[ $out == *"--retention changes nothing: give it alone."* ]] || fail "--retention --apply: $out"
  mkdir -p "$home/config/conjugar"
  printf 'desired-retention = 0.80\n' >"$home/config/conjugar/settings.conf"
  out=$("$BIN" optimize --retention 2>&1)
  [[ $out == *$'\n'"Review retention is 80 % already, the setting nearest it." ]] || fail "--retention, the setting at the nearest: $out"
  optimize_history_csv "$home/answers.csv"
  "$BIN" history import "$home/answers.csv" >/dev/null 2>&1 || fail "import"
  "$BIN" optimize --apply >/dev/null 2>&1 || fail "optimize --apply"
  out=$("$BIN" optimize --retention --format json 2>&1)
  python3 - "$out" <<'PY' || fail "optimize --retention --format json: $out"
import json, sys
o = json.loads(sys.argv[1])
assert list(o) == ["optimal_retention", "seconds_per_form_remembered", "nearest_setting", "setting", "parameters", "fitted"], o
assert 0.70 <= o["optimal_retention"] <= 0.95 and o["seconds_per_form_remembered"] > 0, o
assert o["nearest_setting"] in (0.80, 0.85, 0.90, 0.93, 0.95, 0.97) and o["setting"] == 0.80, o
assert len(o["parameters"]) == 21 and o["fitted"] is True, o
PY
  out=$("$BIN" optimize --retention 2>&1)
  [[ $out == "The desired retention that costs least with the weights fitted on "[0-9-]*": 0."* ]] || fail "--retention with fitted weights: $out"
  unset XDG_DATA_HOME XDG_CONFIG_HOME
  rm -rf "$home"
}

# 5 Progress, the end of the overview: the model in use; o fits it (on a thread of its own) and
# shows the log loss before and after and the calibration of both; u puts it in use, d goes back.
test_progress_memory_model() {
  local history
  history=$(mktemp --suffix=.csv)
  optimize_history_csv "$history"
  start 80 24 -- --history "$history" || return
  keys 5
  expect_line "^ Memory model +FSRS-6's defaults · o: fit to your answers" "the model in use, and the key to fit" || return
  keys o
  expect_line "^ +160 answers scored · log loss 0\.[0-9]{3} \(defaults\) → 0\.[0-9]{3}" "o fits: the log loss before and after" || return
  expect_screen " Calibration: predicted recall against the share recalled" "the calibration's heading"
  expect_line "^  predicted defaults +fitted$" "the calibration's two models, side by side"
  expect_screen "u use it" "u on the bottom line"
  keys u
  expect_screen "The schedule uses the fitted weights: 40 forms rescheduled." "u puts the fitted weights in use"
  expect_line "^ Memory model +fitted [0-9-]{10} · 200 answers" "the model in use is the fitted one"
  keys d
  expect_screen "Back to FSRS-6's default weights: 40 forms rescheduled." "d goes back to the defaults"
  keys q
  expect_exit 0 "q quits"
  rm -f "$history"
}

# The calibration chart of the weights in use, without a fit, at 80x24 and 40x12 without colour:
# one line per bin of predicted recall with answers, its bar (█, the mean predicted ┃ on it), the
# share recalled and the answers — the same bins and counts as `conjugar stats --format json`'s
# "calibration" on the same history; after o, the fitted weights' beside (80) or under (40).
CALIBRATION_BIN='[0-9]+–[0-9]+'
# End until LEGEND shows: the chart is worked out on a thread of its own, and a scroll to the end
# made before it is there stops short of it.
scroll_to_the_chart() {
  local legend=$1 tries=0
  while ! screen | grep -qF -- "$legend"; do
    tries=$((tries + 1))
    [ $tries -le 50 ] || { fail "the chart's legend \"$legend\" after End"; return 1; }
    keys End
    sleep 0.1
  done
}
CALIBRATION_BAR='[█▏▎▍▌▋▊▉ ]*┃[█▏▎▍▌▋▊▉ ]*'
test_progress_calibration_chart() {
  local history home expected shown line
  history=$(mktemp --suffix=.csv)
  home=$(mktemp -d)
  optimize_history_csv "$history"
  XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$BIN" history import "$history" >/dev/null || fail "import"
  # "70–80 160" per bin, from the JSON.
  expected=$(XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$BIN" stats --format json --calibration | python3 -c '
import json, sys
for b in json.load(sys.stdin)["calibration"]:
    print("%d–%d %s" % (round(b["from"] * 100), round(b["to"] * 100), format(b["answers"], ",")))')
  [ -n "$expected" ] || fail "stats --format json: no calibration bins"
  start 80 24 NO_COLOR=1 -- --history "$history" || return
  keys 5
  scroll_to_the_chart "  █ recalled · ┃ mean predicted · answers at the right" || return
  expect_screen " Calibration: predicted recall against the share recalled" "the chart's heading, without a fit" || return
  expect_line "^  $CALIBRATION_BIN %  +$CALIBRATION_BAR +[0-9]+ % +[0-9,]+$" "a bin: its bar, the share recalled, the answers"
  shown=$(screen | sed -nE "s/^  ($CALIBRATION_BIN) %  +$CALIBRATION_BAR +[0-9]+ % +([0-9,]+)$/\1 \2/p")
  [ "$shown" = "$expected" ] || fail "the bins shown ($shown) are not those of stats --format json ($expected)"
  keys o
  expect_line "^  predicted defaults +fitted$" "after o: the fitted weights beside" || return
  expect_line "^  $CALIBRATION_BIN %  +($CALIBRATION_BAR +[0-9]+ % +[0-9,]+| +)  +($CALIBRATION_BAR +[0-9]+ % +[0-9,]+)?$" \
    "a bin, each model's side"
  # 40x12: the same, narrower; nothing past 40 columns.
  tm resize-window -t "$session" -x 40 -y 12
  scroll_to_the_chart "  █ recalled, ┃ predicted, n" || return
  expect_screen "  fitted" "at 40 columns, the fitted weights under" || return
  expect_line "^ $CALIBRATION_BIN +$CALIBRATION_BAR +[0-9]+% +[0-9,]+$" "a bin at 40 columns"
  expect_screen "  █ recalled, ┃ predicted, n" "the legend at 40 columns"
  while IFS= read -r line; do
    [ ${#line} -le 40 ] || fail "a line past 40 columns: $line"
  done < <(screen)
  tm resize-window -t "$session" -x 80 -y 24  # room for the exit status and the terminal's modes
  keys q
  expect_exit 0 "q quits"
  # Without a fit at 40x12 from the start: the chart of the weights in use, its bins as the JSON's.
  start 80 24 NO_COLOR=1 -- --history "$history" || return
  tm resize-window -t "$session" -x 40 -y 12
  keys 5
  scroll_to_the_chart "  █ recalled, ┃ predicted, n" || return
  shown=$(screen | sed -nE "s/^ ($CALIBRATION_BIN) +$CALIBRATION_BAR +[0-9]+% +([0-9,]+)$/\1 \2/p")
  [ -n "$shown" ] && [[ $expected == *"$shown"* ]] || fail "at 40x12 the bins shown ($shown) are not the JSON's ($expected)"
  while IFS= read -r line; do
    [ ${#line} -le 40 ] || fail "a line past 40 columns: $line"
  done < <(screen)
  tm resize-window -t "$session" -x 80 -y 24
  keys q
  expect_exit 0 "q quits"
  rm -rf "$history" "$home"
}

# `conjugar stats --calibration`: the calibration of the weights in use, last in the JSON, in the
# table too; without the flag, neither.
test_stats_calibration() {
  local home out
  home=$(mktemp -d)
  export XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config
  out=$("$BIN" stats --format json --calibration)
  [[ $out == *',"calibration":[]}' ]] || fail "stats with no history: an empty calibration last: $out"
  optimize_history_csv "$home/answers.csv"
  "$BIN" history import "$home/answers.csv" >/dev/null 2>&1 || fail "import"
  out=$("$BIN" stats --format json --calibration)
  python3 - "$out" <<'PY' || fail "stats --format json's calibration: $out"
import json, sys
o = json.loads(sys.argv[1])
assert list(o)[-2:] == ["seconds", "calibration"], list(o)
bins = o["calibration"]
assert sum(b["answers"] for b in bins) == 160, bins  # the answers a day or more after the form's last
for b in bins:
    assert list(b) == ["from", "to", "answers", "predicted", "recalled"], b
    assert round(b["to"] - b["from"], 9) == 0.1 and b["from"] <= b["predicted"] <= b["to"] and 0 <= b["recalled"] <= 1, b
assert [b["from"] for b in bins] == sorted(b["from"] for b in bins), bins
PY
  out=$("$BIN" stats --calibration)
  [[ $out == *$'
Calibration of the memory model in use (predicted recall, answers, mean predicted, recalled)
'*' %  '* ]] ||
    fail "stats (table): the calibration: $out"
  # Without --calibration, neither: seconds last, as the contract was.
  out=$("$BIN" stats --format json)
  python3 -c 'import json, sys; assert list(json.loads(sys.argv[1]))[-1] == "seconds"' "$out" ||
    fail "stats --format json without --calibration: $out"
  [[ $("$BIN" stats) != *Calibration* ]] || fail "stats (table) without --calibration names it"
  unset XDG_DATA_HOME XDG_CONFIG_HOME
  rm -rf "$home"
}

# A file --import cannot read is said so, with the system's reason, not as a bad file; with no
# prediction to score, the JSON's log loss and RMSE are null, not 0.0 (issue 33, item 18).
test_optimize_says_what_is_missing() {
  local home out status
  home=$(mktemp -d)
  out=$(XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$BIN" optimize --import "$home/nonexistent" 2>&1)
  status=$?
  [ $status -eq 1 ] && [ "$out" = "conjugar: $home/nonexistent does not exist; nothing changed." ] ||
    fail "--import of a file that does not exist: status $status, $out"
  out=$(XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$BIN" optimize --import "$home" 2>&1)
  [ $? -eq 1 ] && [ "$out" = "conjugar: can't read $home: Is a directory; nothing changed." ] || fail "--import of a folder: $out"
  out=$(XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$BIN" optimize --format json 2>&1)
  [[ $out == *'"log_loss":{"before":null,"after":null},"rmse_bins":{"before":null,"after":null},"reviews":0,'* ]] ||
    fail "optimize --format json with no history: $out"
  rm -rf "$home"
}

OPTIMIZE_TESTS=(
  test_optimize_the_memory_model test_optimize_retention test_progress_memory_model test_progress_calibration_chart
  test_stats_calibration test_optimize_says_what_is_missing
)
