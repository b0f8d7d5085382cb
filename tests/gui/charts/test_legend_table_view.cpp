// SPDX-License-Identifier: Apache-2.0
// The legend's table: rows that come or go below its last visible row leave
// the viewport as it was (no repaint, the same pixels, the scroll bar
// following the row count); rows above or among the visible ones, a sort or
// a reset repaint it in full, as QTableView does.
#include "gui/charts/legend_table_view.h"

#include <QAbstractItemModelTester>
#include <QEvent>
#include <QHeaderView>
#include <QImage>
#include <QPaintEvent>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTest>

#include <algorithm>

using namespace perfscope::gui;

namespace {

constexpr int kRows = 200;
constexpr int kColumns = 3;

QString cell_text(int row, int column)
{
    return QStringLiteral("r%1c%2").arg(row).arg(column);
}

QList<QStandardItem*> row_items(int row)
{
    QList<QStandardItem*> items;
    for (int column = 0; column < kColumns; ++column)
        items.append(new QStandardItem(cell_text(row, column)));
    return items;
}

// Records what of the viewport was painted. (QRegion::contains(QRect) only
// says whether they overlap, so coverage is the rest of the rect being empty.)
class PaintWatch : public QObject {
public:
    explicit PaintWatch(QWidget* viewport) : m_viewport(viewport) { viewport->installEventFilter(this); }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_viewport && event->type() == QEvent::Paint)
            painted += static_cast<QPaintEvent*>(event)->region();
        return false;
    }
    void reset() { painted = QRegion(); }
    bool covered(const QRect& rect) const { return QRegion(rect).subtracted(painted).isEmpty(); }
    bool full() const { return covered(m_viewport->rect()); }
    QRegion painted;

private:
    QWidget* m_viewport;
};

// `rows` rows, and a 400 × 300 table over them, shown and laid out.
struct ShownTable {
    explicit ShownTable(int rows)
    {
        for (int row = 0; row < rows; ++row)
            model.appendRow(row_items(row));
        view.setModel(&model);
        view.resize(400, 300);
        view.show();
    }
    bool exposed()
    {
        const bool ok = QTest::qWaitForWindowExposed(&view);
        QCoreApplication::processEvents();
        return ok;
    }
    QStandardItemModel model;
    LegendTableView view;
};

}  // namespace

class TestLegendTableView : public QObject {
    Q_OBJECT
private slots:
    void rowsBelowLeaveTheViewportAsItWas();
    void rowsAboveOrShownRepaintInFull();
    void aShortTableRepaintsInFull();
    void aCellChangedBesideRowsBelowIsRepainted();
};

void TestLegendTableView::rowsBelowLeaveTheViewportAsItWas()
{
    ShownTable table(kRows);
    QStandardItemModel& model = table.model;
    LegendTableView& view = table.view;
    QVERIFY(table.exposed());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int last_visible = view.rowAt(view.viewport()->height() - 1);
    QVERIFY(last_visible > 0 && last_visible < kRows - 20);
    const QImage before = view.viewport()->grab().toImage();
    const int max_before = view.verticalScrollBar()->maximum();
    PaintWatch watch(view.viewport());
    const int quiet_before = view.quietLayouts();
    const int full_before = view.fullLayouts();

    // 10 rows added at the end, 10 removed from below the viewport.
    for (int row = kRows; row < kRows + 10; ++row)
        model.appendRow(row_items(row));
    model.removeRows(last_visible + 5, 10);
    QTRY_VERIFY(view.quietLayouts() > quiet_before);
    QTest::qWait(50);  // any repaint it asked for has come
    QCOMPARE(view.fullLayouts(), full_before);
    QVERIFY(watch.painted.isEmpty());
    QCOMPARE(view.verticalScrollBar()->maximum(), max_before);  // as many rows as before (one step a row)
    model.removeRows(kRows - 10, 10);
    QTRY_COMPARE(view.verticalScrollBar()->maximum(), max_before - 10);
    QTest::qWait(50);
    QCOMPARE(view.fullLayouts(), full_before);
    QVERIFY(watch.painted.isEmpty());
    // The viewport drawn afresh shows what it showed: the same rows at the same places.
    QCOMPARE(view.viewport()->grab().toImage(), before);
    for (int row = 0; row <= last_visible; ++row)
        QCOMPARE(view.model()->index(row, 1).data().toString(), cell_text(row, 1));
}

void TestLegendTableView::rowsAboveOrShownRepaintInFull()
{
    ShownTable table(kRows);
    QStandardItemModel& model = table.model;
    LegendTableView& view = table.view;
    QVERIFY(table.exposed());
    PaintWatch watch(view.viewport());
    const int last_visible = view.rowAt(view.viewport()->height() - 1);

    const auto expect_full = [&](const char* what) {
        QTRY_VERIFY2(watch.full(), what);
        watch.reset();
    };
    model.insertRow(0, row_items(-1));
    expect_full("a row above the others");
    model.removeRows(last_visible / 2, 1);
    expect_full("a visible row removed");
    model.insertRow(last_visible, row_items(-2));
    expect_full("a row inserted at the last visible one");
    // Below, then above, before one layout: the whole viewport.
    model.appendRow(row_items(kRows));
    model.removeRows(1, 1);
    expect_full("rows below and above together");
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts.append(model.index(row, 1).data().toString());
    model.sort(1, Qt::DescendingOrder);
    expect_full("a sort");
    QCOMPARE(view.model()->index(0, 1).data().toString(), *std::max_element(texts.begin(), texts.end()));
}

void TestLegendTableView::aShortTableRepaintsInFull()
{
    ShownTable table(3);
    QStandardItemModel& model = table.model;
    LegendTableView& view = table.view;
    QVERIFY(table.exposed());
    PaintWatch watch(view.viewport());
    // The rows end above the viewport's bottom: a new last row is visible.
    QCOMPARE(view.rowAt(view.viewport()->height() - 1), -1);
    model.appendRow(row_items(3));
    QTRY_VERIFY(watch.full());
    QCOMPARE(view.model()->rowCount(), 4);
}

// A shown cell that changes in the same turn as rows below the viewport (a
// process's statistics while others start and end) is painted again: the
// quiet layout repaints nothing, so the cell must ask for it itself.
void TestLegendTableView::aCellChangedBesideRowsBelowIsRepainted()
{
    ShownTable table(kRows);
    QVERIFY(table.exposed());
    const QRect cell = table.view.visualRect(table.model.index(1, 1));
    QVERIFY(!cell.isEmpty());
    QTest::qWait(50);  // the first paints have come
    PaintWatch watch(table.view.viewport());
    const int quiet_before = table.view.quietLayouts();
    table.model.appendRow(row_items(kRows));
    table.model.item(1, 1)->setText(QStringLiteral("changed"));
    QTRY_VERIFY(table.view.quietLayouts() > quiet_before);
    QTRY_VERIFY(watch.covered(cell));
    QVERIFY(!watch.full());
}

QTEST_MAIN(TestLegendTableView)
#include "test_legend_table_view.moc"
