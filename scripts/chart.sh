# chart.sh - what scripts/plot's charts share: a solver's colour, the log
# time axis, the caption and the writing of PNG and SVG.
# Source it after lib.sh; set out (the charts' directory) and call chart_tmp
# before chart_render.

# One colour per solver name, the same in every chart: the registry's solvers
# in a fixed palette, distinct within each puzzle's panel, any other name (a
# plug-in's) by a hash of it.
colour() {
    case $1 in
        gf2) echo '#1f77b4' ;; rowenum) echo '#ff7f0e' ;; bfs) echo '#2ca02c' ;;
        iddfs) echo '#d62728' ;; chase) echo '#6a3d9a' ;; m4ri) echo '#17becf' ;;
        dense) echo '#7f7f7f' ;;
        portfolio) echo '#1f77b4' ;; turns) echo '#9467bd' ;; mrv) echo '#8c564b' ;;
        square) echo '#2ca02c' ;; count) echo '#e377c2' ;; sat) echo '#7f7f7f' ;;
        gecode) echo '#ff7f0e' ;; kinds) echo '#bcbd22' ;; naive) echo '#17becf' ;;
        *) printf '#%s\n' "$(printf '%s' "$1" | md5sum | cut -c1-6)" ;;
    esac
}

# Distinct values of column $1 of rows on stdin, in order of appearance.
distinct() { awk -F'\t' -v c="$1" '!seen[$c]++ { print $c }'; }

# The y range of a log axis for the times in columns COLS... (the value and
# the ends of its error bar) of rows on stdin: "[lo:hi]", from the decade at
# or below half the smallest time, so that the shortest bar stands at least
# 0.3 decades tall (a bar at the floor is no bar), to the decade above the
# largest.  Values that are not positive numbers ("?") are left out.
decades() {
    awk -F'\t' -v cols="$*" '
        function decade(x,   f) { f = log(x) / log(10); return int(f) > f ? int(f) - 1 : int(f) }
        BEGIN { n = split(cols, c, " ") }
        { for (i = 1; i <= n; i++) { v = $(c[i]); if (v !~ /^[0-9.eE+-]+$/ || v + 0 <= 0) continue
              if (!seen++ || v + 0 < lo) lo = v + 0; if (seen == 1 || v + 0 > hi) hi = v + 0 } }
        END { printf "[%g:%g]", 0.999 * 10 ^ decade(lo / 2), 1.001 * 10 ^ (decade(hi / 1.000001) + 1) }'
}

# Time tics from 1 ns to 100 s, and what every time chart shares.
chart_common='set encoding utf8
set logscale y
set ytics ("1 ns" 1, "10 ns" 10, "100 ns" 100, "1 µs" 1e3, "10 µs" 1e4, "100 µs" 1e5, \
           "1 ms" 1e6, "10 ms" 1e7, "100 ms" 1e8, "1 s" 1e9, "10 s" 1e10, "100 s" 1e11)
set ylabel "time per instance"
set grid ytics lt 0 lw 1 lc rgb "#c8c8c8"
set key outside right top
set datafile separator "\t"
set datafile missing "?"'

# chart_date FILE: when FILE's figures were measured, "measured YYYY-MM-DD":
# a report's or Google Benchmark's context.date, or a "# measured DATE" line
# of a .dat file; else "committed DATE", the day of its last commit (where it
# is unchanged since), else "changed DATE", of its last change.
chart_date() {
    local d= dir f
    dir=$(dirname "$1")
    case $1 in
        *.json) d=$(jq -r '.context.date // empty | .[0:10]' "$1" 2>/dev/null) || d= ;;
        *) d=$(sed -n 's/^# measured \([0-9-]\{10\}\).*/\1/p' "$1" | head -1) ;;
    esac
    if [ -n "$d" ]; then echo "measured $d"; return; fi
    f=$(basename "$1")
    if git -C "$dir" ls-files --error-unmatch -- "$f" >/dev/null 2>&1 &&
        git -C "$dir" diff --quiet HEAD -- "$f" 2>/dev/null; then
        d=$(git -C "$dir" log -1 --format=%cs -- "$f")
        [ -z "$d" ] || { echo "committed $d"; return; }
    fi
    echo "changed $(date -u -r "$1" +%F)"
}

# chart_where FILE: FILE as a reader finds it, relative to the checkout
# (results/micro.json) where it lies inside it, else as given.
chart_where() {
    case $1 in "$PZ_ROOT"/*) echo "${1#"$PZ_ROOT"/}" ;; *) echo "$1" ;; esac
}

# chart_caption TEXT: TEXT cut into lines of at most 130 characters at its
# spaces, joined by gnuplot's "\n" (TEXT's own "\n" kept), quotes escaped:
# for a double-quoted gnuplot string.
chart_caption() {
    sed 's/\\n/\n/g' <<<"$1" | fold -s -w 130 | sed 's/ *$//; s/"/\\"/g' |
        awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}

# chart_tmp: sets tmp, where the gnuplot scripts (NAME.EXT.gp) and their
# data go: PZ_PLOT_KEEP=DIR keeps them in DIR, e.g. for a test; else a
# directory removed at the end.
chart_tmp() {
    if [ -n "${PZ_PLOT_KEEP:-}" ]; then
        tmp=$(pz_abs "$PZ_PLOT_KEEP") && mkdir -p "$tmp" || pz_die "PZ_PLOT_KEEP: no directory $PZ_PLOT_KEEP"
    else
        tmp=$(mktemp -d)
        trap 'rm -rf "$tmp"' EXIT
    fi
}

# chart_render NAME TITLE CAPTION PANELS BODY [PANEL_HEIGHT]: writes
# $out/NAME.png and .svg, 1000 pixels wide, a panel per plot of BODY (gnuplot
# commands, after $chart_common; 320 pixels each unless PANEL_HEIGHT), under
# TITLE and the CAPTION (what it was drawn from, and when).
chart_render() {
    local name=$1 head panels=$4 body=$5 term size ext lines height
    head="$(chart_caption "$2")\\n$(chart_caption "$3")"
    lines=$(($(grep -o '\\n' <<<"$head" | wc -l) + 1))
    height=$((30 + 15 * lines + ${6:-320} * panels))
    size="size 1000,$height font 'DejaVu Sans,10'"
    # Each chart drawn to stdout through pz_into: a gnuplot that fails leaves
    # the chart there before whole.
    for term in "pngcairo $size" "svg $size background '#ffffff'"; do
        ext=png
        case $term in svg*) ext=svg ;; esac
        cat >"$tmp/$name.$ext.gp" <<EOF
set terminal $term
set output
$chart_common
set multiplot layout $panels,1 title "$head" noenhanced
$body
unset multiplot
EOF
        pz_into "$out/$name.$ext" gnuplot "$tmp/$name.$ext.gp" ||
            pz_die "gnuplot failed on $name.$ext ($tmp/$name.$ext.gp); $out/$name.$ext is as it was"
    done
    echo "wrote $(chart_where "$out/$name.png") and $(chart_where "$out/$name.svg")" >&2
}

