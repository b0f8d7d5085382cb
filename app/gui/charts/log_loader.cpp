// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/log_loader.h"

#include "gui/data/sample_batch.h"
#include "naming/counter_path.h"
#include "files/pdh_csv_reader.h"
#include "gui/charts/view_data.h"
#include "gui/charts/value_format.h"

#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace perfscope::gui {

struct LogLoader::Prepared {
    QString notice;
    qsizetype rows = 0;
    std::vector<SeriesWithHistory> series;  // histories of capacity `rows`
};

struct LogLoader::Outcome {
    std::optional<Prepared> prepared;
    QString error;
};

LogLoader::LogLoader(ViewData* target, QObject* parent) : QObject(parent), m_target(target)
{}

LogLoader::~LogLoader()
{
    if (m_watcher)
        m_watcher->waitForFinished();
}

bool LogLoader::isRunning() const
{
    return m_watcher && m_watcher->isRunning();
}

void LogLoader::load(const QString& path)
{
    if (m_watcher)
        return;
    m_path = path;
    m_watcher = std::make_unique<QFutureWatcher<std::shared_ptr<Outcome>>>();
    connect(m_watcher.get(), &QFutureWatcherBase::finished, this, &LogLoader::onFinished);
    const std::string file = QFile::encodeName(path).toStdString();
    m_watcher->setFuture(QtConcurrent::run([file] {
        auto outcome = std::make_shared<Outcome>();
        auto log = files::read_pdh_csv(file);
        if (log.ok())
            outcome->prepared = prepare(log.value());
        else
            outcome->error = QString::fromStdString(log.error().message());
        return outcome;
    }));
}

void LogLoader::onFinished()
{
    const std::shared_ptr<Outcome> outcome = m_watcher->result();
    if (!m_target) {
        emit failed(m_path, tr("%1: the view closed before the log was read").arg(m_path));
        return;
    }
    if (!outcome->prepared) {
        emit failed(m_path, outcome->error);
        return;
    }
    if (m_target->seriesCount() != 0) {
        emit failed(m_path, tr("%1: the view already has series").arg(m_path));
        return;
    }
    const auto rows = static_cast<int>(outcome->prepared->rows);
    fill(std::move(*outcome->prepared), m_target);
    emit loaded(m_path, m_target->seriesCount(), rows);
}

QString LogLoader::describe(const files::PdhCsvLog& log)
{
    QStringList parts;
    if (!log.machine.empty())
        parts << tr("Log of %1").arg(QString::fromStdString(log.machine));
    if (log.local_time) {
        parts << tr("the file names no time zone: its times are read as this computer's local time");
    } else {
        // Windows' bias is UTC - local: the offset is its negative.
        const int offset = -log.bias_minutes;
        const QString utc = QStringLiteral("UTC%1%2:%3")
                                .arg(offset < 0 ? QLatin1Char('-') : QLatin1Char('+'))
                                .arg(std::abs(offset) / 60, 2, 10, QLatin1Char('0'))
                                .arg(std::abs(offset) % 60, 2, 10, QLatin1Char('0'));
        parts << (log.zone_name.empty() ? tr("times in %1").arg(utc)
                                        : tr("times in %1 (%2)").arg(utc, QString::fromStdString(log.zone_name)));
    }
    QString text = parts.join(QStringLiteral(" · "));
    if (log.dropped_line != 0) {
        // The reader's "line N, column C: what" without its "line N".
        QString reason = QString::fromStdString(log.dropped_reason);
        const QString prefix = QStringLiteral("line %1").arg(log.dropped_line);
        if (reason.startsWith(prefix)) {
            reason.remove(0, prefix.size());
            while (reason.startsWith(QLatin1Char(',')) || reason.startsWith(QLatin1Char(':')) ||
                   reason.startsWith(QLatin1Char(' ')))
                reason.remove(0, 1);
        }
        text += QLatin1Char('\n') + tr("Line %1 is cut short (the writer stopped or is still writing) and was left "
                                       "out (%2).")
                                        .arg(log.dropped_line)
                                        .arg(reason);
    }
    return text;
}

void LogLoader::fill(const files::PdhCsvLog& log, ViewData* target)
{
    fill(prepare(log), target);
}

LogLoader::Prepared LogLoader::prepare(const files::PdhCsvLog& log)
{
    Prepared out;
    out.notice = describe(log);
    out.rows = static_cast<qsizetype>(log.rows.size());
    const qsizetype capacity = std::max<qsizetype>(1, out.rows);
    for (size_t c = 0; c < log.columns.size(); ++c) {
        SeriesInfo info;
        info.id = c + 1;
        info.path = QString::fromStdString(log.columns[c]);
        auto parsed = wpo::CounterPath::parse(log.columns[c]);
        if (parsed.ok()) {
            info.object = QString::fromStdString(parsed->object);
            info.counter = QString::fromStdString(parsed->counter);
            if (parsed->has_instance) {
                info.instance = QString::fromStdString(parsed->instance);
                if (parsed->index)
                    info.instance += QStringLiteral("#%1").arg(*parsed->index);
                info.parent = QString::fromStdString(parsed->parent);
            }
        } else {
            info.counter = info.path;  // not a counter path: show it whole
        }
        info.unit = unitOf(info.counter);  // a log keeps names, not counter types
        out.series.push_back(SeriesWithHistory{std::move(info), SeriesHistory(capacity)});
    }
    for (const files::PdhCsvRow& row : log.rows) {
        for (size_t c = 0; c < log.columns.size() && c < row.values.size(); ++c) {
            const auto& v = row.values[c];
            out.series[c].history.append(row.time_ms, v.value_or(0.0), v.has_value());
        }
    }
    return out;
}

void LogLoader::fill(Prepared&& prepared, ViewData* target)
{
    // Before any series, so the notice adds no gap to a line.
    SampleBatch notice;
    notice.error = prepared.notice;
    target->append(notice);
    target->setHistoryCapacity(std::max<qsizetype>(1, prepared.rows));
    for (SeriesWithHistory& series : prepared.series)
        target->adoptSeries(std::move(series));
    target->setReadOnly(true);
    target->notifyAppended();
}

}  // namespace perfscope::gui
