// SPDX-License-Identifier: Apache-2.0
// The time axis's ticks: the step is the smallest nice one whose spacing in
// pixels (step / span × width) holds a label; ticks are the multiples of the
// step in local time. Each row's expectation is worked out in its comment.
#include "gui/charts/time_ticks.h"

#include <QTest>

#include <vector>

using perfscope::gui::chooseTimeScale;
using perfscope::gui::niceTimeSteps;
using perfscope::gui::tickTimes;
using perfscope::gui::timeLabelFormat;

class TestTimeTicks : public QObject {
    Q_OBJECT
private slots:
    void stepsAscend()
    {
        const std::vector<qint64>& steps = niceTimeSteps();
        QVERIFY(!steps.empty());
        for (std::size_t i = 1; i < steps.size(); ++i)
            QVERIFY(steps[i] > steps[i - 1]);
        QCOMPARE(steps.front(), qint64(1));
        QCOMPARE(steps.back(), qint64(28) * 86'400'000);
    }

    void chooseScale_data()
    {
        QTest::addColumn<qint64>("span");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("spacing");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<QString>("format");
        // 5 s × 1400 / 100 s = 70 px ≥ 70; 2 s gives 28 px.
        QTest::newRow("100 s on 1400 px") << qint64(100'000) << 1400.0 << 70.0 << qint64(5'000) << "hh:mm:ss";
        // 5 s gives 35 px, 10 s 70 px.
        QTest::newRow("100 s on 700 px") << qint64(100'000) << 700.0 << 70.0 << qint64(10'000) << "hh:mm:ss";
        // 2 min gives 33.3 px, 5 min 83.3 px.
        QTest::newRow("1 h") << qint64(3'600'000) << 1000.0 << 80.0 << qint64(300'000) << "hh:mm";
        // 100 ms gives 50 px, 200 ms 100 px.
        QTest::newRow("2 s") << qint64(2'000) << 1000.0 << 100.0 << qint64(200) << "hh:mm:ss.zzz";
        // 3 h gives 83 px, 6 h 167 px; a window over 2 days shows the date.
        QTest::newRow("3 days") << qint64(3 * 86'400'000) << 2000.0 << 100.0 << qint64(21'600'000) << "MM-dd hh:mm";
        // 12 h gives 50 px, 1 day 100 px.
        QTest::newRow("10 days") << qint64(10 * 86'400'000) << 1000.0 << 100.0 << qint64(86'400'000) << "MM-dd";
        // Nothing is wide enough: the largest step.
        QTest::newRow("none fits") << qint64(1'000'000'000'000) << 100.0 << 100.0 << qint64(28) * 86'400'000 << "MM-dd";
    }
    void chooseScale()
    {
        QFETCH(qint64, span);
        QFETCH(double, width);
        QFETCH(double, spacing);
        QFETCH(qint64, step);
        QFETCH(QString, format);
        const auto scale = chooseTimeScale(span, width, [spacing](const QString&) { return spacing; });
        QCOMPARE(scale.step_ms, step);
        QCOMPARE(scale.format, format);
    }

    // The spacing may depend on the format: milliseconds make wider labels.
    void spacingFollowsFormat()
    {
        // 2 s on 1000 px: 200 ms gives 100 px, too little for a 120 px
        // "hh:mm:ss.zzz" label; 500 ms gives 250 px; 1 s would be 500 px.
        const auto scale = chooseTimeScale(
            2'000, 1000.0, [](const QString& format) { return format.contains(QLatin1String("zzz")) ? 120.0 : 60.0; });
        QCOMPARE(scale.step_ms, qint64(500));
    }

    void labelFormats()
    {
        QCOMPARE(timeLabelFormat(500, 10'000), QStringLiteral("hh:mm:ss.zzz"));
        QCOMPARE(timeLabelFormat(1'000, 10'000), QStringLiteral("hh:mm:ss"));
        QCOMPARE(timeLabelFormat(60'000, 3'600'000), QStringLiteral("hh:mm"));
        QCOMPARE(timeLabelFormat(3'600'000, 3 * 86'400'000), QStringLiteral("MM-dd hh:mm"));
        QCOMPARE(timeLabelFormat(86'400'000, 3 * 86'400'000), QStringLiteral("MM-dd"));
    }

    void ticks_data()
    {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<std::vector<qint64>>("expected");
        QTest::newRow("inside") << qint64(1'001) << qint64(4'999) << qint64(1'000) << qint64(0)
                                << std::vector<qint64>{2'000, 3'000, 4'000};
        QTest::newRow("both ends") << qint64(2'000) << qint64(4'000) << qint64(1'000) << qint64(0)
                                   << std::vector<qint64>{2'000, 3'000, 4'000};
        QTest::newRow("before 1970") << qint64(-2'500) << qint64(500) << qint64(1'000) << qint64(0)
                                     << std::vector<qint64>{-2'000, -1'000, 0};
        // UTC+05:30: local midnight is 18:30 UTC, 66,600,000 ms into a UTC day.
        QTest::newRow("days at +05:30") << qint64(0) << qint64(3 * 86'400'000) << qint64(86'400'000)
                                        << qint64(19'800'000)
                                        << std::vector<qint64>{66'600'000, 153'000'000, 239'400'000};
        // UTC-03:00: hours stay on the hour.
        QTest::newRow("hours at -03:00") << qint64(0) << qint64(7'200'000) << qint64(3'600'000) << qint64(-10'800'000)
                                         << std::vector<qint64>{0, 3'600'000, 7'200'000};
        QTest::newRow("backwards") << qint64(5'000) << qint64(1'000) << qint64(1'000) << qint64(0)
                                   << std::vector<qint64>{};
        QTest::newRow("no step") << qint64(0) << qint64(1'000) << qint64(0) << qint64(0) << std::vector<qint64>{};
        QTest::newRow("far too many") << qint64(0) << qint64(1'000'000'000) << qint64(1) << qint64(0)
                                      << std::vector<qint64>{};
    }
    void ticks()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(qint64, step);
        QFETCH(qint64, offset);
        QFETCH(std::vector<qint64>, expected);
        std::vector<qint64> out{42};  // cleared first
        tickTimes(from, to, step, offset, out);
        QCOMPARE(out, expected);
    }
};

QTEST_GUILESS_MAIN(TestTimeTicks)
#include "test_time_ticks.moc"
