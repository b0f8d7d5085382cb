// SPDX-License-Identifier: Apache-2.0
// GraphExporter: PNG size and content, SVG that parses and stays vector, PDF
// with a page, CSV read back by the log reader with the values of the
// visible window, clipboard, errors naming the file.
#include "chart_test_data.h"
#include "gui/charts/graph_exporter.h"
#include "files/pdh_csv_reader.h"
#include "gui/charts/view_widget.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFontMetrics>
#include <QFile>
#include <QRegularExpression>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

int color_pixels(const QImage& image, const QColor& color, const QRect& area, int tolerance)
{
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) <= tolerance && std::abs(c.green() - color.green()) <= tolerance &&
                std::abs(c.blue() - color.blue()) <= tolerance)
                ++n;
        }
    return n;
}

QByteArray read_all(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Fixture {
    ViewData data;
    ViewWidget view{&data};
    Fixture()
    {
        view.resize(900, 600);
        view.setTimeWindow(60);
        fill_view(data, 4, 120, 80, 90);
        data.setVisible(3, false);
        view.show();
        QCoreApplication::processEvents();
    }
};

}  // namespace

class TestGraphExporter : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_dir.isValid()); }
    void png_data();
    void png();
    void svgParsesAndIsVector();
    void pdfHasAPage();
    void csvReadsBack_data();
    void csvReadsBack();
    void clipboardGetsTheImage();
    void errorsNameTheFile();
    void legendLinesByFormula();
    void manySeriesKeepAReadableSize();

private:
    QTemporaryDir m_dir;
};

void TestGraphExporter::png_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("line") << int(ViewWidget::Kind::Line);
    QTest::newRow("histogram") << int(ViewWidget::Kind::Histogram);
    QTest::newRow("report") << int(ViewWidget::Kind::Report);
}

void TestGraphExporter::png()
{
    QFETCH(int, kind);
    Fixture f;
    f.view.setKind(ViewWidget::Kind(kind));
    QCoreApplication::processEvents();
    GraphExporter exporter(&f.view);
    const QString path = m_dir.filePath(QStringLiteral("graph.png"));
    QString error;
    QVERIFY2(exporter.save(path, &error), qPrintable(error));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), exporter.pictureSize());
    QVERIFY(image.height() > f.view.graphWidget()->height());  // the legend below the graph
    const int graph_h = f.view.graphWidget()->height();
    // Every series' swatch in the legend, the visible ones' ink in the graph.
    const QRect legend(0, graph_h, image.width(), image.height() - graph_h);
    const QRect graph(0, 0, image.width(), graph_h);
    for (int row = 0; row < 4; ++row)
        QVERIFY2(color_pixels(image, f.data.series(row).color, legend, 0) >= 50, qPrintable(QString::number(row)));
    if (kind != int(ViewWidget::Kind::Report)) {
        for (int row = 0; row < 3; ++row)
            QVERIFY2(color_pixels(image, f.data.series(row).color, graph, 40) >= 30, qPrintable(QString::number(row)));
        QCOMPARE(color_pixels(image, f.data.series(3).color, graph, 0), 0);  // hidden
    }
    // Not blank: the graph has text and lines over its background.
    QVERIFY(color_pixels(image, f.view.palette().color(QPalette::Base), graph, 0) < graph.width() * graph.height());
}

void TestGraphExporter::svgParsesAndIsVector()
{
    Fixture f;
    GraphExporter exporter(&f.view);
    const QString path = m_dir.filePath(QStringLiteral("graph.svg"));
    QString error;
    QVERIFY2(exporter.saveSvg(path, &error), qPrintable(error));
    const QByteArray svg = read_all(path);
    QXmlStreamReader xml(svg);
    int shapes = 0;  // lines, grid and frame as vector shapes
    int images = 0;
    int texts = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            shapes += xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline") ||
                      xml.name() == QLatin1String("rect");
            images += xml.name() == QLatin1String("image");
            texts += xml.name() == QLatin1String("text");
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(QSvgRenderer(path).isValid());
    QCOMPARE(images, 0);  // vector, not a bitmap inside an SVG
    QVERIFY(shapes > 10);
    QVERIFY(texts > 10);
    QVERIFY(svg.contains("Counter 1 (cpu1)"));
    QVERIFY(svg.contains(f.data.series(0).color.name().toLatin1()));
    QVERIFY(svg.contains("Average"));
    // The lines are in it: rendered back, every visible series has ink in the graph, the hidden one none.
    QImage back(exporter.pictureSize(), QImage::Format_ARGB32);
    back.fill(f.view.palette().color(QPalette::Base));
    {
        QPainter painter(&back);
        QSvgRenderer(path).render(&painter, QRectF(QPointF(0, 0), QSizeF(back.size())));
    }
    const QRect graph(0, 0, back.width(), f.view.graphWidget()->height());
    for (int row = 0; row < 3; ++row)
        QVERIFY2(color_pixels(back, f.data.series(row).color, graph, 40) >= 30, qPrintable(QString::number(row)));
    QCOMPARE(color_pixels(back, f.data.series(3).color, graph, 0), 0);
}

void TestGraphExporter::pdfHasAPage()
{
    Fixture f;
    GraphExporter exporter(&f.view);
    const QString path = m_dir.filePath(QStringLiteral("graph.pdf"));
    QString error;
    QVERIFY2(exporter.save(path, &error), qPrintable(error));
    const QByteArray pdf = read_all(path);
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    const auto pages = QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")).globalMatch(QString::fromLatin1(pdf));
    int count = 0;
    for (auto it = pages; it.hasNext(); it.next())
        ++count;
    QCOMPARE(count, 1);
}

void TestGraphExporter::csvReadsBack_data()
{
    QTest::addColumn<bool>("frozen_back");
    QTest::newRow("live window") << false;
    QTest::newRow("scrolled back while frozen") << true;
}

void TestGraphExporter::csvReadsBack()
{
    QFETCH(bool, frozen_back);
    Fixture f;
    if (frozen_back) {
        f.view.setFrozen(true);
        f.view.scrollTo(kT0 + 70'000);
    }
    GraphExporter exporter(&f.view);
    const QString path = m_dir.filePath(QStringLiteral("data.csv"));
    QString error;
    QVERIFY2(exporter.save(path, &error), qPrintable(error));
    auto log = perfscope::files::read_pdh_csv(QFile::encodeName(path).toStdString());
    QVERIFY2(log.ok(), log.ok() ? "" : log.error().message().c_str());
    // Visible series only, named by their paths.
    QCOMPARE(log->columns.size(), size_t(3));
    for (int row = 0; row < 3; ++row)
        QCOMPARE(QString::fromStdString(log->columns[size_t(row)]), f.data.series(row).info.path);
    // One row per second of the window [from, to], both ends included.
    const auto [from, to] = f.view.visibleRange();
    const qint64 first_step = (from - kT0 + 999) / 1000;
    const qint64 last_step = (to - kT0) / 1000;
    QCOMPARE(qint64(log->rows.size()), last_step - first_step + 1);
    for (size_t r = 0; r < log->rows.size(); ++r) {
        const int step = int(first_step + qint64(r));
        QCOMPARE(log->rows[r].time_ms, kT0 + 1000 * step);
        for (int k = 1; k <= 3; ++k) {
            const auto& v = log->rows[r].values[size_t(k - 1)];
            const bool gap = k == 1 && step >= 80 && step < 90;
            QCOMPARE(v.has_value(), !gap);
            if (v)
                QVERIFY(std::abs(*v - wave(quint64(k), step)) <= 5e-7);  // written with 6 decimals
        }
    }
}

void TestGraphExporter::clipboardGetsTheImage()
{
    Fixture f;
    GraphExporter exporter(&f.view);
    exporter.copyToClipboard();
    const QImage image = QApplication::clipboard()->image();
    QCOMPARE(image.size(), exporter.pictureSize());
    QVERIFY(color_pixels(image, f.data.series(0).color, image.rect(), 0) > 50);
}

void TestGraphExporter::errorsNameTheFile()
{
    Fixture f;
    GraphExporter exporter(&f.view);
    QString error;
    const QString bad = QStringLiteral("/nonexistent-dir/data.csv");
    QVERIFY(!exporter.save(bad, &error));
    QVERIFY2(error.contains(bad), qPrintable(error));
    QVERIFY(!exporter.save(QStringLiteral("/nonexistent-dir/graph.png"), &error));
    QVERIFY(error.contains(QStringLiteral("/nonexistent-dir/graph.png")));
    // The PNG writer's error says why, not only which file.
    QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
    QVERIFY(!exporter.save(QStringLiteral("/nonexistent-dir/graph.svg"), &error));
    QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
    // A folder where the file should go.
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("taken.png")));
    QVERIFY(!exporter.save(m_dir.filePath(QStringLiteral("taken.png")), &error));
    QVERIFY2(error.contains(QStringLiteral("taken.png: it is a folder")), qPrintable(error));
    QVERIFY(!exporter.save(m_dir.filePath(QStringLiteral("graph.gif")), &error));
    QVERIFY(error.contains(QStringLiteral("unknown export format")));
}

void TestGraphExporter::legendLinesByFormula()
{
    // A 300 px graph, 20 px lines: 15 lines fit.
    QCOMPARE(GraphExporter::legendSeriesLines(3, 300, 20), 3);
    QCOMPARE(GraphExporter::legendSeriesLines(15, 300, 20), 15);
    QCOMPARE(GraphExporter::legendSeriesLines(16, 300, 20), 15 - 1);
    QCOMPARE(GraphExporter::legendSeriesLines(1200, 300, 20), 15 - 1);
    // Never fewer than kMinLegendLines lines, however flat the graph.
    QCOMPARE(GraphExporter::legendSeriesLines(1200, 40, 20), GraphExporter::kMinLegendLines - 1);
    QCOMPARE(GraphExporter::legendSeriesLines(0, 300, 20), 0);
}

void TestGraphExporter::manySeriesKeepAReadableSize()
{
    ViewData data;
    ViewWidget view(&data);
    view.resize(900, 600);
    fill_view(data, 1200, 5);
    view.show();
    QCoreApplication::processEvents();
    GraphExporter exporter(&view);
    const int graph_h = view.graphWidget()->height();
    const int line = QFontMetrics(view.font()).height() + 4;
    const int fit = std::max(GraphExporter::kMinLegendLines, graph_h / line);
    // The graph, then the range and head lines, the listed series and "and N more".
    const QSize size = exporter.pictureSize();
    QCOMPARE(size.height(), graph_h + 2 * 8 + line * (2 + fit));
    QVERIFY(size.height() <= 2 * graph_h + 3 * line + 16);
    const QString path = m_dir.filePath(QStringLiteral("many.png"));
    QString error;
    QVERIFY2(exporter.save(path, &error), qPrintable(error));
    QCOMPARE(QImage(path).size(), size);
    // The first series are listed (their swatches), the last one is not.
    const QImage image(path);
    const QRect legend(0, graph_h, image.width(), image.height() - graph_h);
    QVERIFY(color_pixels(image, data.series(0).color, legend, 0) >= 50);
}

QTEST_MAIN(TestGraphExporter)
#include "test_graph_exporter.moc"
