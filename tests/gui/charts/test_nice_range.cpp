// SPDX-License-Identifier: Apache-2.0
// niceRange: each row's range worked out by hand in its comment (Heckbert's
// loose labels: span rounded up to 1/2/5/10 × 10^n, step = the nearest such
// number to span / (ticks − 1), ends widened to whole steps); and, over many
// inputs, the properties the axis relies on.
#include "gui/charts/nice_range.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using perfscope::gui::NiceRange;
using perfscope::gui::niceRange;

class TestNiceRange : public QObject {
    Q_OBJECT
private slots:
    void rows_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<int>("ticks");
        // span up(105) = 200, step near(50) = 50, [0, ceil(2.1) × 50].
        QTest::newRow("percent") << 0.0 << 105.0 << 0.0 << 150.0 << 4;
        // span up(2.5e10) = 5e10, step near(1.25e10) = 1e10, [0, 3e10].
        QTest::newRow("bytes") << 0.0 << 2.5e10 << 0.0 << 3e10 << 4;
        // span up(10) = 10, step near(2.5) = 2, [floor(-1.5) × 2, ceil(3.5) × 2].
        QTest::newRow("negative") << -3.0 << 7.0 << -4.0 << 8.0 << 7;
        // span up(0.42) = 0.5, step near(0.125) = 0.1, [0, 0.5].
        QTest::newRow("fraction") << 0.0 << 0.42 << 0.0 << 0.5 << 6;
        QTest::newRow("empty") << 3.0 << 3.0 << 3.0 << 4.0 << 2;
        QTest::newRow("backwards") << 5.0 << 1.0 << 5.0 << 6.0 << 2;
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << 1.0 << 0.0 << 1.0 << 2;
        QTest::newRow("infinite") << 0.0 << std::numeric_limits<double>::infinity() << 0.0 << 1.0 << 2;
    }
    void rows()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(int, ticks);
        const NiceRange r = niceRange(lo, hi, 5);
        QCOMPARE(r.min, min);
        QCOMPARE(r.max, max);
        QCOMPARE(r.ticks, ticks);
    }

    void coversAndSteps()
    {
        for (int i = 0; i < 2000; ++i) {
            const double lo = i % 3 == 0 ? 0.0 : -std::pow(1.37, i % 61) * (i % 7);
            const double hi = lo + std::pow(1.61, (i * 7) % 83) * 1e-6 + 1e-9;
            const NiceRange r = niceRange(lo, hi, 5);
            QVERIFY2(r.min <= lo && r.max >= hi, qPrintable(QStringLiteral("%1 %2").arg(lo).arg(hi)));
            QVERIFY(r.ticks >= 2 && r.ticks <= 12);
            if (hi - lo < 1e-9 * std::max(std::abs(lo), std::abs(hi)))
                continue;  // below the doubles' resolution there: no nice step to check
            const double step = (r.max - r.min) / (r.ticks - 1);
            // The step is 1, 2 or 5 times a power of ten (up to rounding).
            const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
            QVERIFY2(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6 ||
                         std::abs(mantissa - 10) < 1e-6,
                     qPrintable(QString::number(mantissa)));
            // Moving the data inside the range keeps the range.
            const double inner_hi = lo + (hi - lo) * 0.999;
            QVERIFY(niceRange(lo, inner_hi, 5).max <= r.max);
        }
    }
};

QTEST_GUILESS_MAIN(TestNiceRange)
#include "test_nice_range.moc"
