// shim.cc - the C side of Google Benchmark (see shim.h): every call forwards.
#include <benchmark/benchmark.h>

#include "shim.h"

static benchmark::State &S(pz_micro_state *st)
{
    return *reinterpret_cast<benchmark::State *>(st);
}

void pz_micro_register(const char *name, pz_micro_fn *fn, void *arg)
{
    benchmark::RegisterBenchmark(name, [fn, arg](benchmark::State &st) {
        fn(reinterpret_cast<pz_micro_state *>(&st), arg);
    });
}

int pz_micro_keep_running(pz_micro_state *st)
{
    return S(st).KeepRunning();
}

long long pz_micro_iterations(const pz_micro_state *st)
{
    return reinterpret_cast<const benchmark::State *>(st)->iterations();
}

void pz_micro_set_items(pz_micro_state *st, long long items)
{
    S(st).SetItemsProcessed(items);
}

void pz_micro_counter(pz_micro_state *st, const char *name, double value, int how)
{
    using benchmark::Counter;
    Counter::Flags flags = Counter::kDefaults;
    if (how & PZ_MICRO_RATE)
        flags = flags | Counter::kIsRate;
    if (how & PZ_MICRO_INVERT)
        flags = flags | Counter::kInvert;
    S(st).counters[name] = Counter(value, flags);
}

void pz_micro_label(pz_micro_state *st, const char *label)
{
    S(st).SetLabel(label);
}

void pz_micro_skip(pz_micro_state *st, const char *why)
{
    S(st).SkipWithError(why);
}

int pz_micro_main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
