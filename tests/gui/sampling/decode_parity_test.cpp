// SPDX-License-Identifier: Apache-2.0
// One value per counter: the desktop app's sampler (SamplerWorker) and
// perfscope-cli query's sampler (wpo::query::QuerySampler) decode the same raw
// samples to the same numbers. The source's "% Processor Time" grows at a
// known rate per second of PerfTime100nSec, so each value is known by formula:
// 100 × Δraw / Δtime. _Total runs at 1.95 cores (195 %, above 100 as on a
// machine with two busy cores); both give 195 unless the view caps at 100.
#include "query/object_resolver.h"
#include "query/query_columns.h"
#include "query/query_sampler.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/sampling/sampler_worker.h"
#include "gui/sampling/source_hub.h"

#include "format/block_view.h"
#include "format/counter_type.h"
#include "format/object_query.h"
#include "naming/counter_path.h"
#include "test_source.h"

#include <QTest>

#include <cmath>
#include <map>
#include <memory>

using namespace perfscope::gui;

namespace {

constexpr std::uint32_t kProcess = 230;
constexpr std::uint32_t kProcessorTime = 6;
// Cores busy per instance: "a" half a core, _Total nearly two.
const std::map<std::string, double> kCores{{"a", 0.5}, {"_Total", 1.95}};
constexpr std::uint64_t kStartRaw = 5'000'000;

wpo::NameTable names()
{
    wpo::NameTable t;
    t.set_name(kProcess, "Process");
    t.set_name(kProcessorTime, "% Processor Time");
    return t;
}

// Each collect after the first moves the clocks one second on and sets each
// instance's raw CPU time to start + cores × elapsed 100 ns ticks.
class CpuSource : public wpo::TestSource {
public:
    CpuSource() : TestSource(objects(), names()) { m_start_100ns = times().perf_time_100ns; }

    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        if (m_collects++ > 0)
            advance_seconds(1.0);
        const double elapsed = static_cast<double>(times().perf_time_100ns - m_start_100ns);
        for (wpo::TestInstance& instance : find(kProcess)->instances)
            instance.values[0] =
                kStartRaw + static_cast<std::uint64_t>(std::llround(kCores.at(instance.name) * elapsed));
        return TestSource::collect(query, buffer);
    }

private:
    static std::vector<wpo::TestObject> objects()
    {
        using namespace wpo::counter_type;
        wpo::TestObject p{.name_index = kProcess, .has_instances = true};
        p.counters = {{kProcessorTime, 7, PERF_100NSEC_TIMER}};
        p.instances = {{"a", {kStartRaw}}, {"_Total", {kStartRaw}}};
        return {p};
    }
    std::int64_t m_start_100ns = 0;
    int m_collects = 0;
};

// 100 × Δraw / Δtime over one second, capped when asked: the expected value.
double expected(const std::string& instance, bool cap)
{
    const double ticks = 1e7;  // one second of 100 ns
    const double value = 100.0 * std::llround(kCores.at(instance) * ticks) / ticks;
    return cap ? std::min(value, 100.0) : value;
}

// The GUI's values per instance after `intervals` samples.
std::map<QString, QVector<double>> gui_values(bool cap, int intervals)
{
    wpo::PerfObjectCache cache;
    auto hub = SourceHub::create(std::make_unique<CpuSource>(), &cache);
    if (!hub)
        qFatal("hub: %s", hub.error().describe().c_str());
    auto counters = resolve_view_counters(**hub, {QStringLiteral("\\Process(*)\\% Processor Time")});
    if (!counters)
        qFatal("resolve: %s", counters.error().describe().c_str());
    SamplerWorker worker(**hub, 1000);
    if (cap)
        worker.setCapPercent(true);
    worker.setCounters(*counters);
    std::map<quint64, QString> instance_of;
    std::map<QString, QVector<double>> values;
    QObject::connect(&worker, &SamplerWorker::batchReady, [&](const SampleBatch& batch) {
        for (const SeriesInfo& s : batch.added)
            instance_of[s.id] = s.instance;
        for (const SamplePoint& p : batch.points)
            if (p.valid)
                values[instance_of[p.series]].push_back(p.value);
    });
    for (int i = 0; i <= intervals; ++i)  // the first creates the entity (its first sample)
        worker.sampleOnce();
    return values;
}

// perfscope-cli query's values per instance, as run_query sets it up.
std::map<QString, QVector<double>> cli_values(bool cap, int intervals)
{
    CpuSource source;
    const wpo::NameTable table = names();
    wpo::PerfObjectCache cache;
    std::vector<wpo::query::QueryPath> paths;
    const std::string text = "\\Process(*)\\% Processor Time";
    auto path = wpo::CounterPath::parse(text);
    if (!path)
        qFatal("parse: %s", path.error().describe().c_str());
    paths.push_back({text, std::move(*path), kProcess, {}});
    wpo::SharedSource shared(source);
    std::vector<std::byte> bytes;
    if (!shared.collect(wpo::ObjectQuery::list({kProcess}), bytes))
        qFatal("collect failed");
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        qFatal("block: %s", block.error().describe().c_str());
    auto columns = wpo::query::resolve_columns(paths, *block, table);
    if (!columns)
        qFatal("columns: %s", columns.error().describe().c_str());
    wpo::SnapshotOptions options;
    options.cache = &cache;
    options.decode.cap_percent = cap;  // --cap100
    auto sampler = wpo::query::QuerySampler::create(shared, paths, *columns, options, nullptr);
    if (!sampler)
        qFatal("sampler: %s", sampler.error().describe().c_str());
    std::map<QString, QVector<double>> values;
    std::vector<std::optional<double>> row;
    for (int i = 0; i < intervals; ++i) {
        if (!sampler->sample(row))
            qFatal("sample failed");
        for (std::size_t c = 0; c < columns->size(); ++c) {
            if (!row[c])
                continue;
            // \\HOST\Process(_Total)\% Processor Time: the instance between the parentheses.
            const QString header = QString::fromStdString((*columns)[c].header);
            const qsizetype open = header.indexOf(QLatin1Char('('));
            values[header.mid(open + 1, header.indexOf(QLatin1Char(')')) - open - 1)].push_back(*row[c]);
        }
    }
    return values;
}

}  // namespace

class DecodeParityTest : public QObject {
    Q_OBJECT
private slots:
    void sameValuesAsTheCli_data()
    {
        QTest::addColumn<bool>("cap");
        QTest::newRow("default: uncapped") << false;
        QTest::newRow("capped at 100 %") << true;
    }

    void sameValuesAsTheCli()
    {
        QFETCH(bool, cap);
        constexpr int kIntervals = 4;
        const auto gui = gui_values(cap, kIntervals);
        const auto cli = cli_values(cap, kIntervals);
        for (const auto& [name, cores] : kCores) {
            const QString instance = QString::fromStdString(name);
            QVERIFY2(gui.count(instance) && cli.count(instance), qPrintable(instance));
            const QVector<double>& g = gui.at(instance);
            const QVector<double>& c = cli.at(instance);
            QCOMPARE(g.size(), kIntervals);
            QCOMPARE(c.size(), kIntervals);
            const double want = expected(name, cap);
            for (int i = 0; i < kIntervals; ++i) {
                QCOMPARE(g[i], want);
                QCOMPARE(c[i], want);
            }
        }
        // Uncapped, _Total reads above 100 in both.
        if (!cap)
            QVERIFY(gui.at(QStringLiteral("_Total")).front() > 100.0);
    }
};

QTEST_GUILESS_MAIN(DecodeParityTest)
#include "decode_parity_test.moc"
