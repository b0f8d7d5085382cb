// SPDX-License-Identifier: Apache-2.0
// What a line graph answers: the hover readout (path, counter, instance,
// value, time of the nearest point, by formula from the data), a click
// selecting a line and its legend row, the legend's context menu and row
// tooltips, the legend's column widths, a palette of 24 distinct colours
// readable on light and dark backgrounds (then pen styles), the FROZEN mark.
#include "chart_test_data.h"
#include "gui/charts/chart_view.h"
#include "gui/charts/hover_readout.h"
#include "gui/charts/legend_menu.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/view_widget.h"

#include <QAction>
#include <QClipboard>
#include <QDateTime>
#include <QGuiApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolTip>

#include <cmath>
#include <memory>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

// CIELAB (D65) of an sRGB colour, for Delta E 1976 (Euclidean distance in Lab).
std::array<double, 3> lab(const QColor& c)
{
    const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double r = lin(c.redF()), g = lin(c.greenF()), b = lin(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0; };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double delta_e(const QColor& a, const QColor& b)
{
    const auto p = lab(a), q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

// WCAG contrast ratio.
double contrast(const QColor& a, const QColor& b)
{
    const auto lum = [](const QColor& c) {
        const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QAction* named(QMenu* menu, const char* name)
{
    for (QAction* a : menu->actions())
        if (a->objectName() == QLatin1String(name))
            return a;
    return nullptr;
}

QString expected_readout(const ViewSeries& s, qint64 time_ms, const QString& value)
{
    QString text = s.info.path + QStringLiteral("\nCounter: ") + s.info.counter;
    if (!s.info.instance.isEmpty())
        text += QStringLiteral("\nInstance: ") + s.info.instance;
    return text + QStringLiteral("\nValue: ") + value + QStringLiteral("\nTime: ") +
           QDateTime::fromMSecsSinceEpoch(time_ms).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss.zzz"));
}

}  // namespace

class TestReadout : public QObject {
    Q_OBJECT
private slots:
    void readoutTextByFormula()
    {
        ViewData data;
        ViewWidget w(&data);
        fill_view(data, 2, 10, 4, 5);  // row 0: a gap at step 4
        // 2.4 s after the start: the nearest stored point is step 2; 2.5 s: the earlier of two.
        QCOMPARE(w.tooltipText(0, kT0 + 2'400),
                 expected_readout(data.series(0), kT0 + 2'000, LegendModel::formatValue(wave(1, 2))));
        QCOMPARE(w.tooltipText(0, kT0 + 2'500),
                 expected_readout(data.series(0), kT0 + 2'000, LegendModel::formatValue(wave(1, 2))));
        QCOMPARE(w.tooltipText(0, kT0 + 2'600),
                 expected_readout(data.series(0), kT0 + 3'000, LegendModel::formatValue(wave(1, 3))));
        // Past the end: the last point. Series 2 has no instance: no instance line.
        QCOMPARE(w.tooltipText(1, kT0 + 60'000),
                 expected_readout(data.series(1), kT0 + 9'000, LegendModel::formatValue(wave(2, 9))));
        QVERIFY(!w.tooltipText(1, kT0).contains(QStringLiteral("Instance:")));
        QCOMPARE(w.tooltipText(0, kT0 + 4'000), expected_readout(data.series(0), kT0 + 4'000, "no value"));
        QCOMPARE(w.tooltipText(5, kT0), QString());
    }

    void hoverAndClickOnALine()
    {
        ViewData data;
        ViewWidget w(&data);
        w.resize(900, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        fill_view(data, 2, 90);
        w.refresh();
        QCoreApplication::processEvents();
        QVERIFY(w.chartView()->toolTip().isEmpty());  // no fixed tooltip over the readout
        const PlotLinesItem* lines = w.plotLines();
        const qint64 t = kT0 + 45'000;
        const QPointF on_row1 = lines->mapToPosition(QPointF(double(t), wave(2, 45)));
        // A few pixels off the line still reads it.
        const QPoint near = (on_row1 + QPointF(0, 5)).toPoint();
        QTest::mouseMove(w.chartView()->viewport(), near);
        QTRY_VERIFY(QToolTip::isVisible());
        const qint64 at = std::llround(lines->mapToValue(QPointF(near)).x());
        QCOMPARE(QToolTip::text(), w.tooltipText(1, at));
        QVERIFY(QToolTip::text().startsWith(data.series(1).info.path + QLatin1Char('\n')));
        QVERIFY(QToolTip::text().contains(LegendModel::formatValue(wave(2, 45))));

        QCOMPARE(w.selectedRow(), -1);
        QSignalSpy selected(&w, &ViewWidget::selectedRowChanged);
        QTest::mouseClick(w.chartView()->viewport(), Qt::LeftButton, Qt::NoModifier, near);
        QCOMPARE(w.selectedRow(), 1);
        QVERIFY(!selected.isEmpty());
        // The legend row is the selected one too.
        const QModelIndex current = w.legendView()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.siblingAtColumn(LegendModel::Counter).data().toString(), data.series(1).info.counter);
        QVERIFY(w.plotLines()->pen(1).widthF() > 1.0);
        // A click far from any line keeps the selection.
        const QRectF plot = lines->plotArea();
        QTest::mouseClick(w.chartView()->viewport(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(int(plot.left()) + 3, int(plot.top()) + 3));
        QCOMPARE(w.selectedRow(), 1);
    }

    void legendMenuActsOnTheView()
    {
        ViewData data;
        ViewWidget w(&data);
        fill_view(data, 3, 5);
        auto* legend_menu = w.findChild<LegendMenu*>();
        QVERIFY(legend_menu);
        QCOMPARE(w.legendView()->contextMenuPolicy(), Qt::CustomContextMenu);

        std::unique_ptr<QMenu> menu(legend_menu->createMenu(1, &w));
        for (const char* name :
             {"showAll", "hideAll", "remove", "removeEnded", "scaleSelected", "copyPath", "properties"})
            QVERIFY2(named(menu.get(), name), name);
        QVERIFY(!named(menu.get(), "removeEnded")->isEnabled());  // nothing ended yet

        named(menu.get(), "hideAll")->trigger();
        for (int row = 0; row < data.seriesCount(); ++row)
            QVERIFY(!data.series(row).visible);
        named(menu.get(), "showAll")->trigger();
        for (int row = 0; row < data.seriesCount(); ++row)
            QVERIFY(data.series(row).visible);

        named(menu.get(), "copyPath")->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), data.series(1).info.path);

        QSignalSpy properties(&w, &ViewWidget::propertiesRequested);
        named(menu.get(), "properties")->trigger();
        QCOMPARE(properties.count(), 1);

        // Scale selected to fit: the power of ten e that puts the row's
        // largest shown value m within (10, 100], e = 2 - ceil(log10(m)).
        w.setSelectedRow(1);
        w.refresh();
        double largest = 0.0;
        const SeriesHistory& h = data.series(1).history;
        for (qsizetype i = 0; i < h.size(); ++i)
            if (h.validAt(i))
                largest = std::max(largest, h.valueAt(i));
        QVERIFY(largest > 0.0);
        named(menu.get(), "scaleSelected")->trigger();
        QCOMPARE(data.series(1).scale_exponent, 2 - static_cast<int>(std::ceil(std::log10(largest))));

        const quint64 removed = data.series(1).info.id;
        named(menu.get(), "remove")->trigger();
        QCOMPARE(data.seriesCount(), 2);
        QCOMPARE(data.rowOf(removed), -1);

        // An ended series enables Remove ended.
        SampleBatch end;
        end.time_ms = kT0 + 10'000;
        end.ended.append(data.series(0).info.id);
        data.append(end);
        std::unique_ptr<QMenu> again(legend_menu->createMenu(-1, &w));
        QVERIFY(named(again.get(), "removeEnded")->isEnabled());
        QVERIFY(!named(again.get(), "remove")->isEnabled());
        QVERIFY(!named(again.get(), "copyPath")->isEnabled());
        named(again.get(), "removeEnded")->trigger();
        QCOMPARE(data.rowOf(end.ended.front()), -1);
        QCOMPARE(data.seriesCount(), 1);
    }

    // With an owner listening (the window, to make them undoable), Remove
    // and Remove ended ask it and leave the data as it is.
    void legendRemovalsGoToAListeningOwner()
    {
        ViewData data;
        ViewWidget w(&data);
        fill_view(data, 3, 5);
        QSignalSpy requested(&w, &ViewWidget::removeRequested);
        auto* legend_menu = w.findChild<LegendMenu*>();
        std::unique_ptr<QMenu> menu(legend_menu->createMenu(1, &w));
        const quint64 id = data.series(1).info.id;
        named(menu.get(), "remove")->trigger();
        QCOMPARE(data.seriesCount(), 3);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).value<QList<quint64>>(), QList<quint64>{id});

        SampleBatch end;
        end.time_ms = kT0 + 10'000;
        end.ended = {data.series(0).info.id, data.series(2).info.id};
        data.append(end);
        std::unique_ptr<QMenu> again(legend_menu->createMenu(-1, &w));
        named(again.get(), "removeEnded")->trigger();
        QCOMPARE(data.seriesCount(), 3);
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.at(1).at(0).value<QList<quint64>>(), (QList<quint64>{end.ended[0], end.ended[1]}));
    }

    void legendRowsTellTheirPathAndNamesGetTheWidth()
    {
        ViewData data;
        ViewWidget w(&data);
        w.resize(1000, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        fill_view(data, 3, 5);
        w.refresh();
        QCoreApplication::processEvents();
        QTableView* legend = w.legendView();
        auto* legend_menu = w.findChild<LegendMenu*>();
        for (int row = 0; row < data.seriesCount(); ++row)
            QCOMPARE(legend_menu->toolTip(row), data.series(row).info.path);
        const QRect cell = legend->visualRect(legend->model()->index(0, LegendModel::Counter));
        QVERIFY(cell.isValid());
        QHelpEvent help(QEvent::ToolTip, cell.center(), legend->viewport()->mapToGlobal(cell.center()));
        QCoreApplication::sendEvent(legend->viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        // The legend is unsorted: its first row is the first series.
        QCOMPARE(QToolTip::text(), data.series(0).info.path);

        const QHeaderView* header = legend->horizontalHeader();
        // The names take what the value columns leave (TestViewWidget::legendNamesStayReadableWhenNarrow).
        QVERIFY(!header->stretchLastSection());
        QVERIFY2(legend->columnWidth(LegendModel::Counter) > legend->columnWidth(LegendModel::Maximum),
                 qPrintable(QString("%1 vs %2")
                                .arg(legend->columnWidth(LegendModel::Counter))
                                .arg(legend->columnWidth(LegendModel::Maximum))));
        QVERIFY(legend->columnWidth(LegendModel::Instance) > legend->columnWidth(LegendModel::Maximum));
    }

    // 24 colours before a repeat, every pair at least Delta E 1976 = 20 apart
    // (CIELAB, D65; 2.3 is a just noticeable difference), each at least 2.2:1
    // against white and against the dark palette's #232323 background.
    void paletteColoursAreDistinctInBothPalettes()
    {
        constexpr int kDistinct = 24;
        for (int i = 0; i < kDistinct; ++i) {
            const QColor a = ViewData::paletteColor(i);
            QVERIFY2(contrast(a, Qt::white) >= 2.2, qPrintable(a.name()));
            QVERIFY2(contrast(a, QColor(0x23, 0x23, 0x23)) >= 2.2, qPrintable(a.name()));
            for (int j = i + 1; j < kDistinct; ++j) {
                const QColor b = ViewData::paletteColor(j);
                QVERIFY2(delta_e(a, b) >= 20.0,
                         qPrintable(QString("%1 %2: %3").arg(a.name(), b.name()).arg(delta_e(a, b))));
            }
        }
        QCOMPARE(ViewData::paletteColor(kDistinct), ViewData::paletteColor(0));
    }

    void aRepeatedColourGetsAnotherLineStyle()
    {
        ViewData data;
        ViewWidget w(&data);
        fill_view(data, 26, 3);
        const PlotLinesItem* lines = w.plotLines();
        for (int row = 0; row < 24; ++row)
            QCOMPARE(lines->lineStyle(row), Qt::SolidLine);
        QCOMPARE(data.series(24).color, data.series(0).color);
        QCOMPARE(lines->lineStyle(24), Qt::DashLine);
        QCOMPARE(lines->pen(24).style(), Qt::DashLine);
        QCOMPARE(lines->lineStyle(25), Qt::DashLine);
        // A line keeps its style when another of its colour goes; the next
        // line of that colour takes the style fewest of them have.
        data.removeSeries(0);
        QCOMPARE(lines->lineStyle(23), Qt::DashLine);
        QCOMPARE(lines->lineStyle(24), Qt::DashLine);
        const int again =
            data.addSeries(make_info(9001, "Processor", "% Processor Time", "9001"), data.series(23).color);
        QCOMPARE(lines->lineStyle(again), Qt::SolidLine);
        const int third =
            data.addSeries(make_info(9002, "Processor", "% Processor Time", "9002"), data.series(23).color);
        QCOMPARE(lines->lineStyle(third), Qt::DotLine);
    }

    void frozenIsMarked()
    {
        ViewData data;
        ViewWidget w(&data);
        w.resize(800, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.chartView()->hasFrozenMark());
        w.setFrozen(true);
        QVERIFY(w.chartView()->hasFrozenMark());
        QLabel* mark = w.chartView()->frozenMark();
        QVERIFY(mark->isVisible());
        QCOMPARE(mark->text(), QStringLiteral("FROZEN"));
        QVERIFY(w.chartView()->rect().contains(mark->geometry()));
        w.setFrozen(false);
        QVERIFY(!w.chartView()->hasFrozenMark());
        QVERIFY(!mark->isVisible());
    }
};

QTEST_MAIN(TestReadout)
#include "test_readout.moc"
