#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ against TickerCore's sources and runs each.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]    (default: 60 seconds, every target)
#   FUZZ_RUNS=20000 scripts/fuzz.sh                      (CI: a fixed seed, a fixed number of
#                                                         runs and deterministic hashing, so
#                                                         a run is repeatable)
#
# Targets are fuzz/Fuzz*.swift, each built with `swiftc -sanitize=fuzzer,address`.
# Corpora live in .build/fuzz/corpus/<target> (seeded from fuzz/seeds/<target>), crash
# inputs in .build/fuzz/artifacts/. Exits non-zero when a target finds a crash; every
# finding becomes a regression test in Tests/TickerCoreTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  for file in fuzz/Fuzz*.swift; do targets+=("$(basename "$file" .swift)"); done
fi

out=.build/fuzz
mkdir -p "$out/artifacts"
status=0
for target in "${targets[@]}"; do
  echo "== $target: building"
  swiftc -parse-as-library -sanitize=fuzzer,address -O -module-name TickerCore -package-name ticker_status \
    -use-ld=lld Sources/TickerCore/*.swift "fuzz/$target.swift" -o "$out/$target"
  corpus="$out/corpus/$target"
  mkdir -p "$corpus"
  if [ -d "fuzz/seeds/$target" ]; then cp -n fuzz/seeds/"$target"/* "$corpus"/ 2>/dev/null || true; fi
  if [ -n "${FUZZ_RUNS:-}" ]; then
    # Swift seeds its hashing at random in each process, so a Set's or a Dictionary's
    # order, and with it the paths the fuzzer explores, would differ from run to run.
    export SWIFT_DETERMINISTIC_HASHING=1
    budget=(-runs="$FUZZ_RUNS" -seed=1)
    echo "== $target: fuzzing for $FUZZ_RUNS runs from seed 1"
  else
    budget=(-max_total_time="$seconds")
    echo "== $target: fuzzing for ${seconds}s"
  fi
  # The markup readers must stay linear on long lines (a run of `#[`, of `38;`): their
  # inputs may grow to 2 KiB; the other targets' to 512 bytes.
  max_len=512
  if [ "$target" = FuzzMarkup ]; then max_len=2048; fi
  if ! "$out/$target" "${budget[@]}" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$corpus" \
    >"$out/$target.log" 2>&1; then
    echo "fuzz: $target found a crash; see $out/$target.log and $out/artifacts/" >&2
    tail -n 40 "$out/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$out/$target.log" | tail -n 2
  fi
done
exit "$status"
