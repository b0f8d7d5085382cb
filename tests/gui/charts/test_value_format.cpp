// SPDX-License-Identifier: Apache-2.0
// The value formatter, the unit of a counter, the value axis's scale and
// scale-to-fit. Expected texts are built from the inputs by arithmetic
// (mantissa = value / 1024^k rounded to 3 or 4 significant digits, the
// locale's separators), not copied from the formatter's output.
#include "gui/charts/nice_range.h"
#include "gui/charts/value_format.h"

#include "format/counter_type.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <optional>

using namespace perfscope::gui;
namespace ct = wpo::counter_type;

Q_DECLARE_METATYPE(perfscope::gui::ValueUnit)
Q_DECLARE_METATYPE(std::optional<std::uint32_t>)

namespace {

const QLocale kEnglish(QLocale::English, QLocale::UnitedStates);
const QLocale kGerman(QLocale::German, QLocale::Germany);

// `m` rounded to `digits` significant digits, in the C locale, trailing
// zeros of the fraction dropped: "22.5", "1020", "0.5"; never more than three
// decimals from 0.001 on ("0.071", as PerfMon shows), below it the digits.
QString plain(double m, int digits)
{
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(m))));
    int places = digits - 1 - magnitude;  // negative: rounded to tens, hundreds, ...
    if (places > 3 && std::abs(m) >= 0.001)
        places = 3;
    const int decimals = std::max(0, places);
    const double step = std::pow(10.0, places);
    QString text = QString::number(std::round(m * step) / step, 'f', decimals);
    if (text.contains(QLatin1Char('.')))
        text.remove(QRegularExpression(QStringLiteral("\\.?0+$")));
    return text;
}

}  // namespace

class TestValueFormat : public QObject {
    Q_OBJECT
private slots:
    void units_data()
    {
        QTest::addColumn<QString>("counter");
        QTest::addColumn<std::optional<std::uint32_t>>("type");
        QTest::addColumn<ValueUnit>("unit");
        using T = std::optional<std::uint32_t>;
        QTest::newRow("processor time") << "% Processor Time" << T(ct::PERF_100NSEC_TIMER) << ValueUnit::percent;
        QTest::newRow("raw fraction") << "Usage" << T(ct::PERF_RAW_FRACTION) << ValueUnit::percent;
        QTest::newRow("available bytes") << "Available Bytes" << T(ct::PERF_COUNTER_LARGE_RAWCOUNT) << ValueUnit::bytes;
        QTest::newRow("byte rate") << "Disk Read Bytes/sec" << T(ct::PERF_COUNTER_BULK_COUNT)
                                   << ValueUnit::bytes_per_second;
        QTest::newRow("rate") << "Context Switches/sec" << T(ct::PERF_COUNTER_COUNTER) << ValueUnit::per_second;
        QTest::newRow("elapsed") << "Elapsed Time" << T(ct::PERF_ELAPSED_TIME) << ValueUnit::seconds;
        QTest::newRow("average timer") << "Avg. Disk sec/Read" << T(ct::PERF_AVERAGE_TIMER) << ValueUnit::seconds;
        QTest::newRow("count") << "Thread Count" << T(ct::PERF_COUNTER_RAWCOUNT) << ValueUnit::none;
        QTest::newRow("working set, from a log") << "Working Set" << T() << ValueUnit::bytes;
        QTest::newRow("megabytes are a count") << "Available MBytes" << T() << ValueUnit::none;
        QTest::newRow("free megabytes too") << "Free Megabytes" << T(ct::PERF_COUNTER_RAWCOUNT) << ValueUnit::none;
        QTest::newRow("commit limit") << "Commit Limit" << T(ct::PERF_COUNTER_LARGE_RAWCOUNT) << ValueUnit::bytes;
        QTest::newRow("resident set") << "Rss" << T(ct::PERF_COUNTER_LARGE_RAWCOUNT) << ValueUnit::bytes;
        QTest::newRow("queue length") << "Avg. Disk Queue Length" << T(ct::PERF_COUNTER_100NS_QUEUELEN_TYPE)
                                      << ValueUnit::none;
        QTest::newRow("disk time") << "% Disk Time" << T(ct::PERF_PRECISION_100NS_TIMER) << ValueUnit::percent;
        QTest::newRow("bytes per transfer") << "Avg. Disk Bytes/Read" << T(ct::PERF_AVERAGE_BULK) << ValueUnit::bytes;
        QTest::newRow("percent, from a log") << "% Idle Time" << T() << ValueUnit::percent;
        QTest::newRow("rate, from a log") << "Page Faults/sec" << T() << ValueUnit::per_second;
        QTest::newRow("byte rate, from a log") << "Disk Bytes/sec" << T() << ValueUnit::bytes_per_second;
        QTest::newRow("seconds, from a log") << "Avg. Disk sec/Transfer" << T() << ValueUnit::seconds;
    }
    void units()
    {
        QFETCH(QString, counter);
        QFETCH(std::optional<std::uint32_t>, type);
        QFETCH(ValueUnit, unit);
        QCOMPARE(unitOf(counter, type), unit);
    }

    // Every prefix from B to PiB, mantissas across one prefix's range, 3
    // digits compact and 4 in tables.
    void binaryPrefixes()
    {
        const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        for (int k = 0; k < 6; ++k) {
            for (double m : {1.0, 1.5, 22.524, 99.95, 512.0, 999.0}) {
                const double value = m * std::pow(1024.0, k);
                for (auto [detail, digits] : {std::pair{ValueDetail::compact, 3}, std::pair{ValueDetail::table, 4}}) {
                    const QString want = plain(m, digits) + QLatin1Char(' ') + QLatin1String(names[k]);
                    QCOMPARE(formatValue(value, ValueUnit::bytes, detail, QLocale::c()), want);
                    QCOMPARE(formatValue(value, ValueUnit::bytes_per_second, detail, QLocale::c()),
                             want + QStringLiteral("/s"));
                }
            }
        }
        // The example of the legend that showed 24185159680: 22.524... GiB.
        QCOMPARE(formatValue(24185159680.0, ValueUnit::bytes, ValueDetail::compact, QLocale::c()),
                 plain(24185159680.0 / std::pow(1024.0, 3), 3) + QStringLiteral(" GiB"));
        // 1 MiB less one byte is 1023.999 KiB: 1020 at 3 digits, but at 4
        // digits 1024 KiB, which is 1 MiB.
        QCOMPARE(formatValue(1048575.0, ValueUnit::bytes, ValueDetail::compact, kEnglish), QStringLiteral("1,020 KiB"));
        QCOMPARE(formatValue(1048575.0, ValueUnit::bytes, ValueDetail::table, kEnglish), QStringLiteral("1 MiB"));
    }

    void separators()
    {
        for (double v : {1234.0, 1234567.0, 24185159680.0, -2500000.6}) {
            const qint64 whole = std::llround(v);
            QCOMPARE(formatValue(v, ValueUnit::none, ValueDetail::table, kEnglish), kEnglish.toString(whole));
            QCOMPARE(formatValue(v, ValueUnit::none, ValueDetail::table, kGerman), kGerman.toString(whole));
        }
        QCOMPARE(formatValue(1234567.0, ValueUnit::none, ValueDetail::table, kEnglish), QStringLiteral("1,234,567"));
        QCOMPARE(formatValue(1234567.0, ValueUnit::none, ValueDetail::table, kGerman), QStringLiteral("1.234.567"));
        QCOMPARE(formatValue(87.5, ValueUnit::percent, ValueDetail::compact, kGerman), QStringLiteral("87,5 %"));
        QCOMPARE(formatValue(1234.0, ValueUnit::per_second, ValueDetail::table, kEnglish), QStringLiteral("1,234 /s"));
        // A table's four digits, but no more than three decimals: the legend's Average of an idle process.
        QCOMPARE(formatValue(0.07141, ValueUnit::percent, ValueDetail::table, kEnglish), QStringLiteral("0.071 %"));
        QCOMPARE(formatValue(12.3456, ValueUnit::percent, ValueDetail::table, kEnglish), QStringLiteral("12.35 %"));
        // Rounded once: four digits would make 0.0714962 0.07150, and three decimals of that 0.072.
        QCOMPARE(formatValue(0.0714962, ValueUnit::percent, ValueDetail::table, kEnglish), QStringLiteral("0.071 %"));
    }

    // One row per decade from 10^-2 to 10^14 and unit: a value just under the
    // decade rounds up to it, one a little further under keeps three nines.
    // Compact counts switch to k, M, G, T from 10^4 on.
    void roundingAtEveryDecade_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<ValueUnit>("unit");
        QTest::addColumn<QString>("text");
        const char prefixes[] = {'k', 'M', 'G', 'T'};
        for (int k = -2; k <= 14; ++k) {
            const double decade = std::pow(10.0, k);
            QString want;
            if (k < 0)
                want = QString::number(decade, 'f', -k);
            else if (k < 4)
                want = kEnglish.toString(static_cast<qint64>(std::llround(decade)));
            else
                want = QString::number(std::llround(std::pow(10.0, k % 3))) + QLatin1Char(' ') +
                       QLatin1Char(prefixes[k / 3 - 1]);
            const QByteArray name = "10^" + QByteArray::number(k);
            QTest::newRow(name + " just under") << decade * 0.99999 << ValueUnit::none << want;
            QTest::newRow(name) << decade << ValueUnit::none << want;
            if (k < 4) {
                // Below 1 at most three decimals: 0.0999 reads 0.1, 0.00999 0.01.
                const QString nines =
                    k < 1 ? plain(decade * 0.999, 3) : kEnglish.toString(decade * 0.999, 'f', std::max(0, 3 - k));
                QTest::newRow(name + " × 0.999") << decade * 0.999 << ValueUnit::none << nines;
                // Percentages the same way, with their sign.
                QTest::newRow(name + " %, just under")
                    << decade * 0.99999 << ValueUnit::percent << want + QStringLiteral(" %");
                QTest::newRow(name + " % × 0.999")
                    << decade * 0.999 << ValueUnit::percent << nines + QStringLiteral(" %");
            }
        }
        QTest::newRow("99.94 %") << 99.94 << ValueUnit::percent << QStringLiteral("99.9 %");
        QTest::newRow("195.4 %") << 195.4 << ValueUnit::percent << QStringLiteral("195 %");
        QTest::newRow("0 %") << 0.0 << ValueUnit::percent << QStringLiteral("0 %");
        // Small values: three decimals while they show a digit, then significant digits.
        QTest::newRow("0.07141 %") << 0.07141 << ValueUnit::percent << QStringLiteral("0.071 %");
        QTest::newRow("0.07151 %") << 0.07151 << ValueUnit::percent << QStringLiteral("0.072 %");
        QTest::newRow("0.0012") << 0.0012 << ValueUnit::none << QStringLiteral("0.001");
        QTest::newRow("0.000437") << 0.000437 << ValueUnit::none << QStringLiteral("0.000437");
        QTest::newRow("no value") << std::nan("") << ValueUnit::bytes << QStringLiteral("—");
    }
    void roundingAtEveryDecade()
    {
        QFETCH(double, value);
        QFETCH(ValueUnit, unit);
        QFETCH(QString, text);
        QCOMPARE(formatValue(value, unit, ValueDetail::compact, kEnglish), text);
    }

    // Written out from 10^-3 to 10^3 (reading back as 10^e), "10^e" beyond.
    void scaleFactors()
    {
        for (int e = -10; e <= 10; ++e) {
            const QString text = formatScaleFactor(e);
            if (e < -3 || e > 3) {
                QCOMPARE(text, QStringLiteral("10^") + QString::number(e));
                continue;
            }
            QVERIFY2(!text.contains(QLatin1Char('e')), qPrintable(text));
            QCOMPARE(text.toDouble(), std::pow(10.0, e));
            QCOMPARE(text.size(), e >= 0 ? e + 1 : 1 - e + 1);  // "1" + e zeros; "0." + (-e - 1) zeros + "1"
        }
        QCOMPARE(formatScaleFactor(-3), QStringLiteral("0.001"));
    }

    void seconds()
    {
        QCOMPARE(formatValue(0.0123, ValueUnit::seconds, ValueDetail::compact, QLocale::c()),
                 QStringLiteral("12.3 ms"));
        QCOMPARE(formatValue(4.5e-6, ValueUnit::seconds, ValueDetail::compact, QLocale::c()), QStringLiteral("4.5 µs"));
        QCOMPARE(formatValue(4.5, ValueUnit::seconds, ValueDetail::compact, QLocale::c()), QStringLiteral("4.5 s"));
        // 59.99 s is 60.0 at 3 digits: a minute.
        QCOMPARE(formatValue(59.99, ValueUnit::seconds, ValueDetail::compact, QLocale::c()), QStringLiteral("1 min"));
        QCOMPARE(formatValue(2.5 * 3600, ValueUnit::seconds, ValueDetail::compact, QLocale::c()),
                 QStringLiteral("2.5 h"));
        QCOMPARE(formatValue(3 * 86400.0, ValueUnit::seconds, ValueDetail::compact, QLocale::c()),
                 QStringLiteral("3 d"));
    }

    void axisScales()
    {
        // Bytes up to 25e9: GiB ticks, the nice range of the same data in GiB.
        const double gib = std::pow(1024.0, 3);
        AxisScale s = dataAxisScale(0.0, 2.5e10, ValueUnit::bytes, 5);
        QCOMPARE(s.divisor, gib);
        QCOMPARE(s.suffix, QStringLiteral(" GiB"));
        const NiceRange in_gib = niceRange(0.0, 2.5e10 * 1.05 / gib, 5);
        QCOMPARE(s.range, (NiceRange{in_gib.min * gib, in_gib.max * gib, in_gib.ticks}));
        // Percentages within 0–100: exactly 0–100 in steps of 20.
        s = dataAxisScale(3.0, 100.0, ValueUnit::percent, 5);
        QCOMPARE(s.range, (NiceRange{0.0, 100.0, 6}));
        QCOMPARE(s.suffix, QStringLiteral(" %"));
        // Above 100 (several cores): the nice range with 5 % room.
        s = dataAxisScale(0.0, 195.0, ValueUnit::percent, 5);
        QCOMPARE(s.range, niceRange(0.0, 195.0 * 1.05, 5));
        // Large plain counts in decimal prefixes, never 1e+10.
        s = dataAxisScale(0.0, 3e6, ValueUnit::per_second, 5);
        QCOMPARE(s.divisor, 1e6);
        QCOMPARE(s.suffix, QStringLiteral(" M/s"));
        // A rubber band's range becomes whole steps of 1, 2 or 5 × 10^n.
        s = axisScale(30.3109, 48.4456, ValueUnit::none, 5);
        const double step = (s.range.max - s.range.min) / (s.range.ticks - 1);
        const double power = std::pow(10.0, std::floor(std::log10(step)));
        const double leading = step / power;
        QVERIFY2(std::abs(leading - 1) < 1e-9 || std::abs(leading - 2) < 1e-9 || std::abs(leading - 5) < 1e-9,
                 qPrintable(QString::number(step)));
        QVERIFY(std::abs(s.range.min / step - std::round(s.range.min / step)) < 1e-9);
        QVERIFY(s.range.min <= 30.3109 && s.range.max >= 48.4456);
        // No data: 0–100.
        QCOMPARE(dataAxisScale(1.0, 0.0, ValueUnit::none, 5).range, niceRange(0.0, 100.0, 5));
    }

    // m = c × 10^k: with 1 < c ≤ 10 the exponent 1 − k gives 10c in (10, 100];
    // c = 1 needs 2 − k (10 itself is not in the interval, 100 is).
    void scaleToFit()
    {
        for (int k = -8; k <= 8; ++k) {
            for (double c : {1.0, 1.0001, 2.5, 5.0, 9.99, 10.0}) {
                const double m = c * std::pow(10.0, k);
                const int want = c == 1.0 ? 2 - k : 1 - k;
                const std::optional<int> got = scaleToFitExponent(m);
                QVERIFY(got.has_value());
                QCOMPARE(*got, want);
                const double scaled = m * std::pow(10.0, *got);
                QVERIFY2(scaled > 10.0 * (1 - 1e-12) && scaled <= 100.0 * (1 + 1e-12),
                         qPrintable(QString::number(scaled)));
                QCOMPARE(scaleToFitExponent(-m), got);
            }
        }
        QCOMPARE(scaleToFitExponent(0.0), std::nullopt);
        QCOMPARE(scaleToFitExponent(std::nan("")), std::nullopt);
        QCOMPARE(scaleToFitExponent(1e300), std::optional<int>(-10));  // the sets' limit
        QCOMPARE(scaleToFitExponent(24185159680.0), std::optional<int>(-9));
    }
};

QTEST_GUILESS_MAIN(TestValueFormat)
#include "test_value_format.moc"
