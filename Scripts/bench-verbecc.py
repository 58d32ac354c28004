#!/usr/bin/env python3
"""bench-verbecc.py: the Python half of the conjugar-vs-verbecc benchmark.

Purpose
    Conjugates a list of verbs with verbecc (PyPI `verbecc`, a Python Spanish
    conjugator; written against 2.0.3) in-process, every mood and tense, and reports
    how long the conjugation alone took, so a benchmark script can set it beside
    our engine's time for the same verbs.

Inputs
    --verbs-file F    one infinitive per line (blank lines and lines starting with
                      '#' are ignored); pronominal verbs (-se) are passed as they
                      are, verbecc adds the clitics itself.
    --limit N         conjugate only the first N verbs of F.
    --max-seconds S   stop once conjugation has taken S seconds (default 60), so a
                      caller never waits long; the output says how many verbs
                      were done, for a per-verb ratio. 0 means no cap.
    --known-only      drop the verbs verbecc's lexicon lacks (a pronominal verb
                      counts as known when its base verb is) before --limit, so
                      only table-driven conjugation is timed. Without it, unknown
                      verbs are conjugated from verbecc's machine-learning guess,
                      ~70 ms each against ~3 ms for a known verb.

Output (stdout; verbecc's own logging is kept off stdout)
    verbecc_startup_seconds=<float>     import + building the Spanish conjugator
                                        (on the very first run verbecc trains and
                                        caches its unknown-verb guesser, ~20 s)
    verbecc_seconds=<float> verbs=<n> forms=<n>
                                        time spent inside conjugate() calls only;
                                        verbs = verbs attempted; forms = every form
                                        string verbecc produced (its 11 pronoun rows
                                        per tense, él/ella/usted included, plus
                                        infinitive, gerund and participle)
    verbecc_errors=<n> verbecc_predicted=<n> verbecc_predicted_seconds=<float>
                                        verbs verbecc raised on (bugs in its data,
                                        e.g. "adir"); verbs it did not know and
                                        conjugated from a machine-learning guess,
                                        and the part of verbecc_seconds they took
    verbecc_skipped_unknown=<n>         with --known-only: verbs dropped

How to run
    Scripts/bench-verbecc.py --verbs-file /tmp/verbs.txt
    .build/release/conjugar verbs > /tmp/verbs.txt && Scripts/bench-verbecc.py --verbs-file /tmp/verbs.txt --limit 2000

Measured here (2-core machine, verbecc 2.0.3): ~3 ms a known verb, ~70 ms a guessed
one; the 11,850 catalog verbs verbecc knows take ~35 s, all 14,456 ~3.5 min (so the
default 60 s cap stops early); startup ~1.5 s once the guesser is cached.
Exit status: 0, or 2 when verbecc is missing or the verbs file cannot be read.
"""

import argparse
import contextlib
import io
import logging
import os
import shutil
import sys
import tempfile
import time


def load_verbecc():
    """Import verbecc without letting it log to stdout or drop verbecc.log in the cwd."""
    cwd = os.getcwd()
    tmp = tempfile.mkdtemp(prefix="verbecc-log-")
    root_before = list(logging.getLogger().handlers)
    os.chdir(tmp)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            import verbecc
            from verbecc.src.utils.logging_utils import LoggingUtils
            LoggingUtils.get_logger("bench-verbecc")
    finally:
        os.chdir(cwd)
    lg = logging.getLogger("verbecc")
    for h in list(lg.handlers):
        lg.removeHandler(h)
        h.close()
    lg.addHandler(logging.NullHandler())
    lg.setLevel(logging.CRITICAL + 1)
    lg.propagate = False
    root = logging.getLogger()
    for h in list(root.handlers):
        if h not in root_before:
            root.removeHandler(h)
            h.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return verbecc


def count_forms(result):
    n = 0
    for mood in result.get_moods().get_data().values():
        for cells in mood.values():
            for cell in cells:
                n += len(cell.get("c") or [])
    return n


def main():
    ap = argparse.ArgumentParser(description="Time verbecc conjugating a list of verbs.")
    ap.add_argument("--verbs-file", required=True)
    ap.add_argument("--limit", type=int, default=0, help="only the first N verbs")
    ap.add_argument("--known-only", action="store_true",
                    help="skip verbs missing from verbecc's lexicon (no ML guessing)")
    ap.add_argument("--max-seconds", type=float, default=60.0,
                    help="stop after this much conjugation time (default 60; 0 = no cap)")
    args = ap.parse_args()

    try:
        with open(args.verbs_file, encoding="utf-8") as f:
            verbs = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        print(f"bench-verbecc: {e}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        verbecc = load_verbecc()
    except ImportError as e:
        print(f"bench-verbecc: verbecc is not installed ({e}); pip install verbecc", file=sys.stderr)
        return 2
    with contextlib.redirect_stdout(sys.stderr):
        conj = verbecc.CompleteConjugator(verbecc.LangCodeISO639_1.es)
    startup = time.perf_counter() - t0
    print(f"verbecc_startup_seconds={startup:.3f}", flush=True)

    skipped_unknown = 0
    if args.known_only:
        known = set(conj.get_infinitives())
        kept = [v for v in verbs if (v[:-2] if v.endswith("se") else v) in known]
        skipped_unknown = len(verbs) - len(kept)
        verbs = kept
    if args.limit > 0:
        verbs = verbs[:args.limit]

    results = []
    errors = 0
    spent = 0.0
    spent_predicted = 0.0
    done = 0
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink):
        for verb in verbs:
            if args.max_seconds > 0 and spent >= args.max_seconds:
                break
            t = time.perf_counter()
            try:
                r = conj.conjugate(verb)
            except Exception:
                r = None
            dt = time.perf_counter() - t
            spent += dt
            done += 1
            if r is None:
                errors += 1
            else:
                results.append(r)
                if r.get_verb_info().predicted:
                    spent_predicted += dt
    forms = sum(count_forms(r) for r in results)
    predicted = sum(1 for r in results if r.get_verb_info().predicted)
    print(f"verbecc_seconds={spent:.3f} verbs={done} forms={forms}")
    print(f"verbecc_errors={errors} verbecc_predicted={predicted} "
          f"verbecc_predicted_seconds={spent_predicted:.3f}")
    if args.known_only:
        print(f"verbecc_skipped_unknown={skipped_unknown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
