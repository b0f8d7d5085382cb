// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/graph_exporter.h"

#include "gui/charts/legend_model.h"
#include "files/pdh_csv_writer.h"
#include "gui/charts/view_data.h"
#include "gui/charts/view_widget.h"

#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QDateTime>
#include <QFileInfo>
#include <QDir>
#include <QFontMetrics>
#include <QImageWriter>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace perfscope::gui {
namespace {

constexpr int kPad = 8;

void set_error(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

// Why `path` cannot be written, for writers that do not say (SVG, PDF).
QString write_reason(const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo dir(file.absolutePath());
    if (!dir.exists())
        return QObject::tr("the folder %1 does not exist").arg(QDir::toNativeSeparators(dir.absoluteFilePath()));
    if (!dir.isWritable())
        return QObject::tr("no permission to write in %1").arg(QDir::toNativeSeparators(dir.absoluteFilePath()));
    if (file.exists() && !file.isWritable())
        return QObject::tr("the file is read-only");
    if (file.isDir())
        return QObject::tr("it is a folder");
    return QObject::tr("the file could not be written (disk full?)");
}

}  // namespace

GraphExporter::GraphExporter(ViewWidget* view) : m_view(view)
{}

int GraphExporter::legendSeriesLines(int series, int graph_height, int line_height)
{
    const int fit = std::max(kMinLegendLines, graph_height / std::max(1, line_height));
    return series <= fit ? series : fit - 1;
}

int GraphExporter::lineHeight() const
{
    return QFontMetrics(m_view->font()).height() + 4;
}

QVector<int> GraphExporter::legendRows() const
{
    const ViewData* data = m_view->viewData();
    QVector<int> shown, rest;
    for (int row = 0; row < data->seriesCount(); ++row) {
        const ViewSeries& s = data->series(row);
        (s.visible && !s.ended ? shown : rest).push_back(row);
    }
    shown += rest;
    const int graph_h = m_view->graphWidget()->size().expandedTo(QSize(480, 300)).height();
    shown.resize(legendSeriesLines(static_cast<int>(shown.size()), graph_h, lineHeight()));
    return shown;
}

int GraphExporter::legendHeight() const
{
    const int series = m_view->viewData()->seriesCount();
    const auto listed = static_cast<int>(legendRows().size());
    // The time range and the column heads, the rows, "… and N more".
    return kPad + lineHeight() * (listed + 2 + (listed < series ? 1 : 0)) + kPad;
}

QSize GraphExporter::pictureSize() const
{
    const QSize graph = m_view->graphWidget()->size().expandedTo(QSize(480, 300));
    return {std::max(graph.width(), 640), graph.height() + legendHeight()};
}

void GraphExporter::paintLegend(QPainter& painter, const QRectF& area) const
{
    const ViewData* data = m_view->viewData();
    const LegendModel* legend = m_view->legendModel();
    const QPalette pal = m_view->palette();
    const QFontMetrics fm(painter.font());
    const double line = fm.height() + 4;
    const auto [from, to] = m_view->visibleRange();
    painter.setPen(pal.color(QPalette::Text));
    double y = area.top() + kPad;
    const QString range = QStringLiteral("%1 – %2").arg(
        QDateTime::fromMSecsSinceEpoch(from).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss")),
        QDateTime::fromMSecsSinceEpoch(to).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss")));
    painter.drawText(QRectF(area.left() + kPad, y, area.width() - 2 * kPad, line), Qt::AlignLeft | Qt::AlignVCenter,
                     range);
    y += line;
    // Columns: swatch+name | object | scale | last | average | minimum | maximum
    const double w = area.width() - 2 * kPad;
    const double x0 = area.left() + kPad;
    const double name_w = w * 0.36;
    const double object_w = w * 0.14;
    const double scale_w = w * 0.08;
    const double num_w = (w - name_w - object_w - scale_w) / 4;
    const QStringList heads = {QObject::tr("Series"), QObject::tr("Object"),  QObject::tr("Scale"),
                               QObject::tr("Last"),   QObject::tr("Average"), QObject::tr("Minimum"),
                               QObject::tr("Maximum")};
    const auto cell_rect = [&](int column) {
        double x = x0;
        double cw = name_w;
        if (column >= 1) {
            x += name_w;
            cw = object_w;
        }
        if (column >= 2) {
            x += object_w;
            cw = scale_w;
        }
        if (column >= 3) {
            x += scale_w + num_w * (column - 3);
            cw = num_w;
        }
        return QRectF(x, y, cw - 4, line);
    };
    QFont bold = painter.font();
    bold.setBold(true);
    painter.save();
    painter.setFont(bold);
    for (int c = 0; c < heads.size(); ++c)
        painter.drawText(cell_rect(c), (c >= 2 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, heads[c]);
    painter.restore();
    y += line;
    const QVector<int> rows = legendRows();
    for (int row : rows) {
        const ViewSeries& s = data->series(row);
        const QRectF name = cell_rect(0);
        const QRectF swatch(name.left(), name.top() + 3, 14, line - 6);
        painter.fillRect(swatch, s.color);
        QString label = s.displayName();
        if (s.ended)
            label += QObject::tr(" (ended)");
        if (!s.visible)
            label += QObject::tr(" (hidden)");
        painter.drawText(name.adjusted(20, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         fm.elidedText(label, Qt::ElideMiddle, int(name.width() - 20)));
        painter.drawText(cell_rect(1), Qt::AlignLeft | Qt::AlignVCenter,
                         fm.elidedText(s.info.object, Qt::ElideRight, int(object_w - 4)));
        painter.drawText(cell_rect(2), Qt::AlignRight | Qt::AlignVCenter,
                         legend->index(row, LegendModel::Scale).data().toString());
        for (int c = 0; c < 4; ++c)
            painter.drawText(cell_rect(3 + c), Qt::AlignRight | Qt::AlignVCenter,
                             legend->index(row, LegendModel::Last + c).data().toString());
        y += line;
    }
    if (const int more = data->seriesCount() - static_cast<int>(rows.size()); more > 0) {
        painter.drawText(cell_rect(0).adjusted(20, 0, area.width(), 0), Qt::AlignLeft | Qt::AlignVCenter,
                         QObject::tr("… and %n more", nullptr, more));
    }
}

void GraphExporter::paint(QPainter& painter, const QRectF& target) const
{
    m_view->refresh();
    const QSize size = pictureSize();
    painter.save();
    painter.translate(target.topLeft());
    painter.scale(target.width() / size.width(), target.height() / size.height());
    painter.setFont(m_view->font());
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), m_view->palette().brush(QPalette::Base));
    const QRectF graph(0, 0, size.width(), size.height() - legendHeight());
    QWidget* widget = m_view->graphWidget();
    if (auto* chart = qobject_cast<QChartView*>(widget)) {
        // The scene, not a screen grab: lines and text stay vectors in SVG and PDF.
        chart->render(&painter, graph, chart->viewport()->rect(), Qt::IgnoreAspectRatio);
    } else {
        painter.save();
        painter.translate(graph.topLeft());
        const QSize ws = widget->size();
        painter.scale(graph.width() / std::max(1, ws.width()), graph.height() / std::max(1, ws.height()));
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.restore();
    }
    paintLegend(painter, QRectF(0, graph.bottom(), size.width(), legendHeight()));
    painter.restore();
}

QImage GraphExporter::renderImage() const
{
    const QSize size = pictureSize();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(m_view->palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    return image;
}

bool GraphExporter::savePng(const QString& path, QString* error) const
{
    QImageWriter writer(path, "png");
    if (!writer.write(renderImage())) {
        const QString reason = writer.error() == QImageWriter::DeviceError ? write_reason(path) : QString();
        set_error(error,
                  QObject::tr("cannot write %1: %2").arg(path, reason.isEmpty() ? writer.errorString() : reason));
        return false;
    }
    return true;
}

bool GraphExporter::saveSvg(const QString& path, QString* error) const
{
    const QSize size = pictureSize();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    // Fonts sized as on screen, so the legend lays out as measured.
    svg.setResolution(m_view->logicalDpiX());
    svg.setTitle(QStringLiteral("Perfscope graph"));
    svg.setDescription(QStringLiteral("A Perfscope view with its legend"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, write_reason(path)));
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, write_reason(path)));
        return false;
    }
    return true;
}

bool GraphExporter::savePdf(const QString& path, QString* error) const
{
    const QSize size = pictureSize();
    QPdfWriter pdf(path);
    pdf.setCreator(QStringLiteral("Perfscope"));
    pdf.setTitle(QStringLiteral("Perfscope graph"));
    pdf.setResolution(96);
    // One page the size of the picture (96 dpi: 1 px = 0.75 pt).
    pdf.setPageSize(QPageSize(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&pdf)) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, write_reason(path)));
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect page = painter.viewport();
    paint(painter, QRectF(page));
    painter.end();
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, write_reason(path)));
        return false;
    }
    return true;
}

bool GraphExporter::saveCsv(const QString& path, QString* error) const
{
    m_view->refresh();
    const ViewData* data = m_view->viewData();
    const auto [from, to] = m_view->visibleRange();
    std::vector<int> rows;
    std::vector<std::string> columns;
    std::vector<qint64> times;
    for (int row = 0; row < data->seriesCount(); ++row) {
        const ViewSeries& s = data->series(row);
        if (!s.visible)
            continue;
        rows.push_back(row);
        columns.push_back(s.info.path.toStdString());
        for (qsizetype i = s.history.lowerBound(from); i < s.history.size() && s.history.timeAt(i) <= to; ++i)
            times.push_back(s.history.timeAt(i));
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());

    std::FILE* file = std::fopen(QFile::encodeName(path).constData(), "wb");
    if (!file) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
        return false;
    }
    using std::chrono::milliseconds;
    using std::chrono::system_clock;
    const auto when = [](qint64 ms) { return system_clock::time_point(milliseconds(ms)); };
    files::PdhCsvWriter writer(file, ',');
    const auto [zone, bias] = files::PdhCsvWriter::local_zone(when(times.empty() ? to : times.front()));
    bool ok = writer.write_header(columns, zone, bias);
    // One cursor per series: each history is walked once, in time order.
    std::vector<qsizetype> cursor;
    cursor.reserve(rows.size());
    for (int row : rows)
        cursor.push_back(data->series(row).history.lowerBound(from));
    std::vector<std::optional<double>> values(rows.size());
    for (qint64 t : times) {
        if (!ok)
            break;
        for (size_t k = 0; k < rows.size(); ++k) {
            const SeriesHistory& h = data->series(rows[k]).history;
            qsizetype& i = cursor[k];
            while (i < h.size() && h.timeAt(i) < t)
                ++i;
            // Several points at one time (a clock set back): the last one counts.
            std::optional<double> value;
            while (i < h.size() && h.timeAt(i) == t) {
                value = h.validAt(i) ? std::optional<double>(h.valueAt(i)) : std::nullopt;
                ++i;
            }
            values[k] = value;
        }
        ok = writer.write_row(when(t), values);
    }
    const bool closed = std::fclose(file) == 0;
    if (!ok || !closed) {
        set_error(error, QObject::tr("cannot write %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
        return false;
    }
    return true;
}

bool GraphExporter::save(const QString& path, QString* error) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return savePng(path, error);
    if (suffix == QLatin1String("svg"))
        return saveSvg(path, error);
    if (suffix == QLatin1String("pdf"))
        return savePdf(path, error);
    if (suffix == QLatin1String("csv"))
        return saveCsv(path, error);
    set_error(error, QObject::tr("%1: unknown export format (use .png, .svg, .pdf or .csv)").arg(path));
    return false;
}

void GraphExporter::copyToClipboard() const
{
    QApplication::clipboard()->setImage(renderImage());
}

}  // namespace perfscope::gui
