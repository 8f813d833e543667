// gecode-shim.cc - Tetravex as a Gecode model, behind the C call of
// gecode-shim.h (solvers/tetravex/gecode.c says what the model is and why).
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include "gecode-shim.h"

using namespace Gecode;

namespace
{

enum { TOP = 0, RIGHT = 1, BOTTOM = 2, LEFT = 3 };

class Model : public Space
{
  public:
    IntVarArray kind; // the kind at each cell
    IntVarArray h, v; // the number on each horizontal / vertical edge

    Model(int n, int nk, const unsigned char (*side)[4], const unsigned char *many,
          const unsigned char *order, const int *pin)
        : kind(*this, n * n, 0, nk - 1), h(*this, (n + 1) * n, 0, 9), v(*this, n * (n + 1), 0, 9)
    {
        // h[r * n + c]: the edge above cell (r, c), r = 0..n; v[r * (n + 1) + c]:
        // the edge left of it, c = 0..n.  Each cell: (kind, top, right,
        // bottom, left) is one of the kinds' rows (domain consistent).
        TupleSet rows(5);
        for (int k = 0; k < nk; k++)
            rows.add(IntArgs({k, side[k][TOP], side[k][RIGHT], side[k][BOTTOM], side[k][LEFT]}));
        rows.finalize();
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                IntVarArgs x;
                x << kind[r * n + c] << h[r * n + c] << v[r * (n + 1) + c + 1] << h[(r + 1) * n + c]
                  << v[r * (n + 1) + c];
                extensional(*this, x, rows);
            }
        // Kind k is used many[k] times: a global cardinality constraint.
        IntArgs values(nk);
        IntVarArgs card(nk);
        for (int k = 0; k < nk; k++) {
            values[k] = k;
            card[k] = IntVar(*this, many[k], many[k]);
        }
        // Domain consistency (a matching, Hall's condition) pays where kinds
        // repeat; where at least 9 tiles in 10 are kinds of their own, value
        // consistency visits the same nodes for less (results/tetravex.md,
        // "The anchors").
        bool distinct = nk * 10 >= n * n * 9;
        count(*this, kind, card, values, distinct ? IPL_VAL : IPL_DOM);
        // The counting knowledge of countsearch.c: per number d, the left border
        // shows d (lefts - rights showing d) times more often than the right
        // border, and the top border (tops - bottoms) more than the bottom.
        int bal[2][10] = {{0}};
        for (int k = 0; k < nk; k++) {
            bal[0][side[k][LEFT]] += many[k], bal[0][side[k][RIGHT]] -= many[k];
            bal[1][side[k][TOP]] += many[k], bal[1][side[k][BOTTOM]] -= many[k];
        }
        IntVarArgs left, right, top, bottom;
        for (int i = 0; i < n; i++) {
            left << v[i * (n + 1)], right << v[i * (n + 1) + n];
            top << h[i], bottom << h[n * n + i];
        }
        // The counts of each border sum to n: without the sums, the
        // pigeonhole (more numbers the left border must show than it has
        // edges) is found by search, seconds on a 10x10 game.
        IntVarArgs per[4];
        for (int d = 0; d < 10; d++) {
            IntVar a(*this, 0, n), b(*this, 0, n), t(*this, 0, n), u(*this, 0, n);
            count(*this, left, d, IRT_EQ, a);
            count(*this, right, d, IRT_EQ, b);
            rel(*this, a == b + bal[0][d]);
            count(*this, top, d, IRT_EQ, t);
            count(*this, bottom, d, IRT_EQ, u);
            rel(*this, t == u + bal[1][d]);
            per[0] << a, per[1] << b, per[2] << t, per[3] << u;
        }
        for (int i = 0; i < 4; i++)
            linear(*this, per[i], IRT_EQ, n);
        // A piece's pins (tetravex.h): those cells hold those kinds.
        for (int c = 0; pin && c < n * n; c++)
            if (pin[c] >= 0)
                rel(*this, kind[c], IRT_EQ, pin[c]);
        // Branching: the cell whose constraints failed most often for its
        // number of kinds left (accumulated failure count over domain size,
        // Gecode's weighted degree), ties broken by order[], the square
        // grown from the corner (tx__order), where every cell filled after
        // the first row and column meets two placed neighbours: on the
        // Impossible 8x8 games it was chosen on, fewer nodes than the
        // smallest domain or the square order alone.
        IntVarArgs sq;
        for (int i = 0; i < n * n; i++)
            sq << kind[order[i]];
        branch(*this, sq, INT_VAR_AFC_SIZE_MAX(), INT_VAL_MIN());
    }

    Model(Model &m) : Space(m)
    {
        kind.update(*this, m.kind);
        h.update(*this, m.h);
        v.update(*this, m.v);
    }

    Space *copy(void) override { return new Model(*this); }
};

// Gecode's way to end a search from outside: asked at every node.
class Asked : public Search::Stop
{
  public:
    int (*stopped)(long long nodes);
    explicit Asked(int (*f)(long long)) : stopped(f) {}
    bool stop(const Search::Statistics &s, const Search::Options &) override
    {
        return stopped((long long)s.node) != 0;
    }
};

} // namespace

extern "C" int pz_gecode_tetravex(int n, int nk, const unsigned char (*side)[4],
                                  const unsigned char *count, const unsigned char *order,
                                  const int *pin, unsigned char *kind, long long *nodes,
                                  int (*stopped)(long long nodes))
{
    try {
        Model *m = new Model(n, nk, side, count, order, pin);
        Asked asked(stopped);
        Search::Options o;
        o.stop = &asked;
        DFS<Model> search(m, o);
        delete m;
        Model *s = search.next();
        if (nodes)
            *nodes = (long long)search.statistics().node;
        if (!s)
            return search.stopped() ? -2 : 0;
        for (int c = 0; c < n * n; c++)
            kind[c] = (unsigned char)s->kind[c].val();
        delete s;
        return 1;
    } catch (Exception &) {
        return -1;
    }
}
