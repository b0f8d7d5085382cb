// SPDX-License-Identifier: Apache-2.0
// Renders a view filled with synthetic series to PNGs in the build tree
// (screenshots/view_*.png, and the exports export_*.png|svg|pdf|csv with
// the SVG drawn back to export_*_svg.png) for a person to look at: line, histogram, report and
// the line graph under a dark palette. Asserts only that each image has
// content; whether it looks right is for the eye.
#include "chart_test_data.h"
#include "gui/charts/graph_exporter.h"
#include "gui/charts/view_widget.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QStyleFactory>
#include <QTest>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

QString out_dir()
{
    QDir dir(QStringLiteral(QT_TESTCASE_BUILDDIR));
    dir.mkpath(QStringLiteral("screenshots"));
    return dir.filePath(QStringLiteral("screenshots"));
}

// Distinct colors in the image: a blank or one-color pane has few.
int distinct_colors(const QImage& image)
{
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colors.insert(image.pixel(x, y));
    return int(colors.size());
}

QPalette dark_palette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    return p;
}

}  // namespace

class TestViewScreenshots : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }
    void render_data();
    void render();
};

void TestViewScreenshots::render_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("dark");
    QTest::newRow("line") << int(ViewWidget::Kind::Line) << false;
    QTest::newRow("histogram") << int(ViewWidget::Kind::Histogram) << false;
    QTest::newRow("report") << int(ViewWidget::Kind::Report) << false;
    QTest::newRow("line_dark") << int(ViewWidget::Kind::Line) << true;
}

void TestViewScreenshots::render()
{
    QFETCH(int, kind);
    QFETCH(bool, dark);
    ViewData data;
    ViewWidget w(&data);
    if (dark)
        w.setPalette(dark_palette());
    w.resize(1000, 700);
    w.setTimeWindow(120);
    fill_view(data, 6, 300, 230, 245);
    SampleBatch end;
    end.time_ms = data.lastTime() + 1000;
    end.ended = {4};
    data.append(end);
    w.setKind(ViewWidget::Kind(kind));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.setSelectedRow(1);
    w.highlightSelected(true);
    QCoreApplication::processEvents();
    w.refresh();
    const QImage image = w.grab().toImage();
    const QString path = QDir(out_dir()).filePath(QStringLiteral("view_%1.png").arg(QTest::currentDataTag()));
    QVERIFY(image.save(path));
    qInfo("wrote %s", qPrintable(path));
    QCOMPARE(image.size(), w.size() * w.devicePixelRatio());
    QVERIFY(distinct_colors(image) > 20);

    // The exports of the same view, and the SVG drawn back by Qt SVG.
    GraphExporter exporter(&w);
    const QString base = QDir(out_dir()).filePath(QStringLiteral("export_%1").arg(QTest::currentDataTag()));
    QString error;
    for (const char* suffix : {".png", ".svg", ".pdf", ".csv"})
        QVERIFY2(exporter.save(base + QLatin1String(suffix), &error), qPrintable(error));
    QSvgRenderer svg(base + QStringLiteral(".svg"));
    QVERIFY(svg.isValid());
    QImage drawn(exporter.pictureSize(), QImage::Format_ARGB32);
    drawn.fill(Qt::transparent);
    QPainter painter(&drawn);
    svg.render(&painter);
    painter.end();
    QVERIFY(drawn.save(base + QStringLiteral("_svg.png")));
    QVERIFY(distinct_colors(drawn) > 20);
}

QTEST_MAIN(TestViewScreenshots)
#include "test_view_screenshots.moc"
