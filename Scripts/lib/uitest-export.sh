# Tests of `conjugar export` and `import` (issue 33, item 20): everything a home keeps, moved to an
# empty home whole, and merged into a home with a history as a sync merges. Sourced by
# Scripts/uitest, which runs EXPORT_TESTS; `in_home` is uitest-sync.sh's, the history
# uitest-optimize.sh's.

# The settings lines of a home's settings.conf (the header and blank lines aside).
setting_lines() { grep -v -e '^#' -e '^$' "$1/config/conjugar/settings.conf"; }

test_export_import_moves_a_home() {
  local dir out status home
  dir=$(mktemp -d)
  mkdir -p "$dir/A/config/conjugar"
  # In the order the app writes them; the desired retention changes every form's schedule.
  printf '%s\n' "region = spain" "quiz-length = 50" "desired-retention = 0.85" "" \
    "drill.preterite = --tenses preterito --persons yo,tu --top 300" >"$dir/A/config/conjugar/settings.conf"
  optimize_history_csv "$dir/answers.csv"
  in_home "$dir/A" history import "$dir/answers.csv" >/dev/null
  in_home "$dir/A" optimize --apply >/dev/null || fail "optimize --apply on A"
  in_home "$dir/A" items suspend cantar --tense presente >/dev/null
  in_home "$dir/A" items reset hablar --tense presente --person yo >/dev/null
  out=$(in_home "$dir/A" export "$dir/home.conjugar" 2>&1)
  [ "$out" = "Exported 200 answers, the marks of 8 forms, the fitted weights, 3 settings and 1 saved drill to $dir/home.conjugar." ] ||
    fail "the export says what it wrote: $out"
  [ "$(head -2 "$dir/home.conjugar")" = $'# conjugar export 2\n[answers 201]' ] || fail "the file's head: $(head -2 "$dir/home.conjugar")"
  [[ "$(tail -1 "$dir/home.conjugar")" == "[end answers 200, withdrawn 0, marks "*", memory 1, settings 4]" ]] ||
    fail "the file's end line: $(tail -1 "$dir/home.conjugar")"

  # Into an empty home: the same history, schedule, marks, weights and settings.
  out=$(in_home "$dir/B" import "$dir/home.conjugar" 2>&1)
  [ "$out" = "Imported 200 answers (0 already kept), the marks of 8 forms, the fitted weights, 3 settings and 1 saved drill from $dir/home.conjugar.
8 forms' marks changed." ] ||
    fail "the import says what it read: $out"
  for home in A B; do
    in_home "$dir/$home" history export >"$dir/$home.csv"
    in_home "$dir/$home" schedule --format json >"$dir/$home.json"
    in_home "$dir/$home" items export >"$dir/$home.marks"
    in_home "$dir/$home" optimize --export >"$dir/$home.memory"
    setting_lines "$dir/$home" >"$dir/$home.settings"
  done
  for file in csv json marks memory settings; do
    cmp -s "$dir/A.$file" "$dir/B.$file" || fail "the $file differ: $(diff "$dir/A.$file" "$dir/B.$file" | head -5)"
  done
  [ -s "$dir/B.memory" ] && [ "$(wc -l <"$dir/B.marks")" -gt 1 ] || fail "weights and marks carried"
  [ "$(head -c 19 "$dir/B/config/conjugar/settings.conf")" = "# conjugar settings" ] || fail "B's settings.conf is the app's"
  in_home "$dir/B" export "$dir/again.conjugar" >/dev/null
  cmp -s "$dir/home.conjugar" "$dir/again.conjugar" || fail "B exports the same file"

  # Twice: nothing added, nothing changed.
  out=$(in_home "$dir/B" import "$dir/home.conjugar" 2>&1)
  [[ $out == "Imported 200 answers (200 already kept), "* ]] || fail "the second import: $out"
  [ "$(in_home "$dir/B" history export | wc -l)" = 201 ] || fail "the second import added answers"

  # Into a home with a history of its own: merged; its other settings stay.
  mkdir -p "$dir/C/config/conjugar"
  printf '%s\n' "sound = off" >"$dir/C/config/conjugar/settings.conf"
  printf '%s\n' "date,verb,tense,person,expected,given,result,rating,seconds" \
    "2026-11-20T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5" >"$dir/c.csv"
  in_home "$dir/C" history import "$dir/c.csv" >/dev/null
  in_home "$dir/C" import "$dir/home.conjugar" >/dev/null || fail "the import into C"
  [ "$(in_home "$dir/C" history export | wc -l)" = 202 ] || fail "C holds its answer and the file's"
  [ "$(setting_lines "$dir/C")" = "region = spain
quiz-length = 50
sound = off
desired-retention = 0.85
drill.preterite = --tenses preterito --persons yo,tu --top 300" ] || fail "C's settings: the file's, and its own sound: $(setting_lines "$dir/C")"

  # A bad line imports nothing, and is named.
  sed 's/^\(2026-[^,]*\),hablar,/\1,xyzzy,/' "$dir/home.conjugar" >"$dir/bad.conjugar"
  out=$(in_home "$dir/D" import "$dir/bad.conjugar" 2>&1)
  status=$?
  [ $status -eq 1 ] && [[ $out == *"conjugar: $dir/bad.conjugar, line "*xyzzy*"; nothing imported"* ]] ||
    fail "a bad line: status $status, $out"
  [ "$(in_home "$dir/D" history export | wc -l)" = 1 ] && [ ! -e "$dir/D/config/conjugar/settings.conf" ] ||
    fail "nothing imported from a bad file"
  out=$(in_home "$dir/D" import "$dir/missing.conjugar" 2>&1)
  [ "$out" = "conjugar: $dir/missing.conjugar does not exist; nothing imported" ] || fail "a missing file: $out"
  # The two commands' names are no better guess than a verb of the catalog close to them.
  out=$("$BIN" importar 2>&1)
  [ "$out" = 'conjugar: "importar" is not a command: did you mean `conjugar conjugate importar`? (`conjugar --help` lists them)' ] ||
    fail "conjugar importar: $out"
  rm -rf "$dir"
}

EXPORT_TESTS=(test_export_import_moves_a_home)
