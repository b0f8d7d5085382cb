// SPDX-License-Identifier: Apache-2.0
// ViewWidget's values: the value axis in the visible series' shared unit,
// percentages on 0–100, cells of the legend with their unit, and scale to
// fit over the selected rows. Series values are set by formula (bytes near
// 20 GiB, percentages below 100), expectations worked out from them.
#include "chart_test_data.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/value_format.h"
#include "gui/charts/view_widget.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QDir>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QValueAxis>

#include <cmath>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// Series 1: bytes 18–22 GiB; series 2: a percentage 20–80 %.
double bytes_at(int i)
{
    return (20.0 + 2.0 * std::sin(i * 0.1)) * kGiB;
}
double percent_at(int i)
{
    return 50.0 + 30.0 * std::sin(i * 0.07);
}

void fill(ViewData& data, int steps)
{
    for (int i = 0; i < steps; ++i) {
        SampleBatch b;
        b.time_ms = kT0 + 1000 * i;
        if (i == 0) {
            SeriesInfo bytes = make_info(1, QStringLiteral("Memory"), QStringLiteral("Available Bytes"));
            bytes.unit = ValueUnit::bytes;
            SeriesInfo percent =
                make_info(2, QStringLiteral("Processor"), QStringLiteral("% Processor Time"), QStringLiteral("_Total"));
            percent.unit = ValueUnit::percent;
            b.added = {bytes, percent};
        }
        b.points = {{1, bytes_at(i), true}, {2, percent_at(i), true}};
        data.append(b);
    }
}

QValueAxis* value_axis(ViewWidget& w)
{
    const auto axes = w.lineChart()->axes(Qt::Vertical);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.front());
}

}  // namespace

class TestViewWidgetValues : public QObject {
    Q_OBJECT
private slots:
    void axisCarriesTheSharedUnit()
    {
        ViewData data;
        ViewWidget w(&data);
        w.resize(800, 500);
        fill(data, 100);
        QAbstractItemModelTester tester(w.legendModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // Only the bytes visible: GiB ticks over the nice range of the data in GiB.
        data.setVisible(1, false);
        w.refresh();
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < 100; ++i) {
            lo = std::min(lo, bytes_at(i));
            hi = std::max(hi, bytes_at(i));
        }
        const NiceRange gib = niceRange(0.0, (hi + hi * 0.05) / kGiB, 5);
        QCOMPARE(w.yRange(), std::make_pair(gib.min * kGiB, gib.max * kGiB));
        QValueAxis* axis = value_axis(w);
        QVERIFY(axis);
        QCOMPARE(axis->labelFormat(), QStringLiteral("%.6g GiB"));
        QCOMPARE(axis->min(), gib.min);
        QCOMPARE(axis->max(), gib.max);

        // Only the percentage: 0–100 in steps of 20, "%" escaped for printf.
        data.setVisible(0, false);
        data.setVisible(1, true);
        w.refresh();
        QCOMPARE(w.yRange(), std::make_pair(0.0, 100.0));
        QCOMPARE(axis->labelFormat(), QStringLiteral("%.6g %%"));
        QCOMPARE(axis->tickCount(), 6);

        // Both: no shared unit, plain numbers.
        data.setVisible(0, true);
        w.refresh();
        QCOMPARE(axis->labelFormat().left(4), QStringLiteral("%.6g"));
        QVERIFY(!axis->labelFormat().contains(QStringLiteral("GiB")));
    }

    void legendCellsHaveUnits()
    {
        ViewData data;
        ViewWidget w(&data);
        fill(data, 10);
        w.refresh();
        LegendModel* m = w.legendModel();
        QCOMPARE(m->index(0, LegendModel::Last).data().toString(),
                 formatValue(bytes_at(9), ValueUnit::bytes, ValueDetail::table));
        QVERIFY(m->index(0, LegendModel::Last).data().toString().endsWith(QStringLiteral(" GiB")));
        QCOMPARE(m->index(1, LegendModel::Last).data().toString(),
                 formatValue(percent_at(9), ValueUnit::percent, ValueDetail::table));
        // Sorting still goes by the raw value.
        QCOMPARE(m->index(0, LegendModel::Last).data(Qt::UserRole).toDouble(), bytes_at(9));
    }

    // Each selected series gets the power of ten e with 10 < max × 10^e ≤ 100.
    void scaleSelectedToFit()
    {
        ViewData data;
        ViewWidget w(&data);
        fill(data, 100);
        w.refresh();
        // Both rows, whatever selection mode the legend offers its user.
        QTableView* view = w.legendView();
        QItemSelection both(view->model()->index(0, 0), view->model()->index(1, 0));
        view->selectionModel()->select(both, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(view->selectionModel()->selectedRows().size(), 2);
        w.scaleSelectedToFit();
        const double maxima[] = {w.legendModel()->statistics(0).maximum, w.legendModel()->statistics(1).maximum};
        for (int row = 0; row < 2; ++row) {
            const int e = data.series(row).scale_exponent;
            const double scaled = maxima[row] * std::pow(10.0, e);
            QVERIFY2(scaled > 10.0 && scaled <= 100.0, qPrintable(QStringLiteral("row %1: %2").arg(row).arg(scaled)));
        }
        // Bytes near 22 GiB (2.36e10): 10^-9; a percentage up to 80: 10^0.
        QCOMPARE(data.series(0).scale_exponent, -9);
        QCOMPARE(data.series(1).scale_exponent, 0);

        // Only the selected rows change.
        data.setScale(0, 0);
        data.setScale(1, 3);
        w.setSelectedRow(0);
        w.scaleSelectedToFit();
        QCOMPARE(data.series(0).scale_exponent, -9);
        QCOMPARE(data.series(1).scale_exponent, 3);
    }

    // For the eye (screenshots/values_*.png in the build tree): GiB ticks,
    // a 0–100 % axis, and bytes beside a percentage after scale to fit.
    void screenshots()
    {
        QDir dir(QStringLiteral(QT_TESTCASE_BUILDDIR));
        dir.mkpath(QStringLiteral("screenshots"));
        ViewData data;
        ViewWidget w(&data);
        w.resize(900, 560);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        fill(data, 100);
        const auto shot = [&](const char* name) {
            w.refresh();
            QCoreApplication::processEvents();
            QVERIFY(w.grab().save(dir.filePath(QStringLiteral("screenshots/values_%1.png").arg(QLatin1String(name)))));
        };
        data.setVisible(1, false);
        shot("bytes");
        data.setVisible(0, false);
        data.setVisible(1, true);
        shot("percent");
        data.setVisible(0, true);
        QItemSelection both(w.legendView()->model()->index(0, 0), w.legendView()->model()->index(1, 0));
        w.legendView()->selectionModel()->select(both, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        w.scaleSelectedToFit();
        shot("scaled_to_fit");
    }
};

QTEST_MAIN(TestViewWidgetValues)
#include "test_view_widget_values.moc"
