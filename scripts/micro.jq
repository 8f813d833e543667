# micro.jq - reading puzzlebench-micro's JSON, for scripts/bench and scripts/plot
# (jq -L scripts 'include "micro"; ...').

# Every benchmark once, as {family, puzzle, solver, tail, ns, ...} with the
# name's parts "family/puzzle/solver/tail" and ns the time per instance: the
# median of the repetitions where the run was repeated.
def benchmarks:
    .benchmarks as $b
    | ($b | any(.aggregate_name == "median")) as $agg
    | $b[]
    | select(if $agg then .aggregate_name == "median" else .run_type == "iteration" end)
    | (.run_name | split("/")) as $n
    | . + { family: $n[0], puzzle: $n[1], solver: $n[2], tail: $n[3],
            ns: (if (.items_per_second // 0) > 0 then 1e9 / .items_per_second else null end) };

# Bencher Metric Format: each benchmark's time per instance (the median of
# the repetitions) as "latency" in ns, between the fastest and the slowest
# repetition.
def bmf:
    ([.benchmarks[] | select(.run_type == "iteration" and (.items_per_second // 0) > 0)
      | {key: .run_name, ns: (1e9 / .items_per_second)}]
     | group_by(.key) | map({key: .[0].key, value: ([.[].ns] | {lo: min, hi: max})}) | from_entries) as $r
    | [benchmarks | select(.ns != null)
       | {key: .run_name,
          value: {latency: {value: .ns, lower_value: ($r[.run_name].lo // .ns),
                            upper_value: ($r[.run_name].hi // .ns)}}}]
    | from_entries;
