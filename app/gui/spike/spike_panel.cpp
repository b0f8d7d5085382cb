// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/spike_panel.h"

#include "gui/spike/process_history.h"
#include "gui/spike/recording_ranking.h"
#include "gui/spike/spike_model.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QScrollBar>
#include <QTableView>
#include <QThreadPool>
#include <QVBoxLayout>

#include <algorithm>

namespace perfscope::gui {

using wpo::query::RankBy;

namespace {

// FILETIME (100 ns since 1601) and Unix milliseconds are 11644473600 s apart.
constexpr qint64 kUnixEpochMs = 11'644'473'600'000LL;
constexpr std::size_t kRows = 50;

qint64 filetime_of_ms(qint64 ms)
{
    return (ms + kUnixEpochMs) * 10'000;
}

QString local_time(std::int64_t filetime)
{
    return QDateTime::fromMSecsSinceEpoch(filetime / 10'000 - kUnixEpochMs).toString(QStringLiteral("HH:mm:ss"));
}

}  // namespace

QString SpikePanel::howToAsk()
{
    return tr("Nothing ranked yet. Right-click a view's legend and choose \"Who caused this?\": the processes "
              "are ranked over the time range the view shows.");
}

SpikePanel::SpikePanel(std::shared_ptr<const ProcessHistory> history, QWidget* parent)
    : QDockWidget(tr("Who caused this?"), parent), m_history(std::move(history))
{
    setObjectName(QStringLiteral("spikePanel"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_by = new QComboBox(body);
    m_by->addItem(tr("CPU time"), static_cast<int>(RankBy::cpu));
    m_by->addItem(tr("I/O bytes"), static_cast<int>(RankBy::io));
    m_by->addItem(tr("Page faults"), static_cast<int>(RankBy::faults));
    m_by->addItem(tr("Working-set growth"), static_cast<int>(RankBy::working_set));
    m_summary = new QLabel(body);
    m_summary->setWordWrap(true);
    // The dock can come back open from a saved session, before anything was ranked: an empty table
    // must say where its rows come from.
    m_summary->setText(howToAsk());
    m_model = new SpikeModel(this);
    m_table = new QTableView(body);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_by);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    setWidget(body);
    // Every column in view when a ranking arrives: the value and the share are what the user came for,
    // and a dock opens narrower than the table.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_table->resizeColumnsToContents();
        int width = 2 * m_table->frameWidth() + m_table->verticalScrollBar()->sizeHint().width();
        for (int column = 0; column < m_model->columnCount(); ++column)
            width += m_table->columnWidth(column);
        constexpr int kMaxWidth = 520;
        m_table->setMinimumWidth(std::min(width, kMaxWidth));
    });
    connect(m_by, &QComboBox::currentIndexChanged, this, &SpikePanel::recompute);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (!index.isValid())
            return;
        const auto& usage = m_model->usage(index.row());
        emit processChosen(usage.pid, usage.start, QString::fromStdString(usage.name));
    });
}

QString SpikePanel::summary() const
{
    return m_summary->text();
}

void SpikePanel::showRange(qint64 from_ms, qint64 to_ms)
{
    m_recording.clear();
    m_asked = true;
    m_from_ms = from_ms;
    m_to_ms = to_ms;
    recompute();
}

void SpikePanel::showRecordingRange(const QString& path, qint64 from_ms, qint64 to_ms)
{
    m_recording = path;
    m_asked = true;
    m_from_ms = from_ms;
    m_to_ms = to_ms;
    recompute();
}

void SpikePanel::recompute()
{
    if (!m_asked)
        return;  // a measure chosen before any range: the hint stays
    const quint64 request = ++m_pending;
    const auto by = static_cast<RankBy>(m_by->currentData().toInt());
    const qint64 from = filetime_of_ms(m_from_ms);
    const qint64 to = filetime_of_ms(m_to_ms);
    m_summary->setText(tr("Ranking…"));
    QPointer<SpikePanel> self(this);
    std::shared_ptr<const ProcessHistory> history = m_history;
    const std::string recording = m_recording.toStdString();
    QThreadPool::globalInstance()->start([self, history, recording, request, by, from, to] {
        auto ranked = std::make_shared<RecordingRanking>();
        if (recording.empty())
            ranked->result = history->rank(from, to, by, kRows);
        else
            *ranked = rank_recording(recording, from, to, by, kRows);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, request, by, ranked, from_recording = !recording.empty()] {
                if (!self || request != self->m_pending)
                    return;  // gone, or a newer request is on its way
                self->m_shown = request;
                ProcessHistory::Result* result = &ranked->result;
                if (!ranked->error.empty()) {
                    self->m_model->setRanking({}, by);
                    self->m_summary->setText(
                        tr("The recording could not be read: %1").arg(QString::fromStdString(ranked->error)));
                } else if (!ranked->has_process) {
                    self->m_model->setRanking({}, by);
                    self->m_summary->setText(tr("This recording holds no Process object in this range: record the "
                                                "Process object to see who caused a spike."));
                } else if (from_recording && result->samples < 2) {
                    self->m_model->setRanking({}, by);
                    self->m_summary->setText(
                        tr("The recording has fewer than two samples of the Process object in this range."));
                } else if (result->samples < 2) {
                    self->m_model->setRanking({}, by);
                    self->m_summary->setText(
                        tr("No process history for this range: the app keeps the Process object of the last "
                           "%n samples.",
                           nullptr, static_cast<int>(self->m_history->sample_count())));
                } else if (!result->has_measure) {
                    self->m_model->setRanking({}, by);
                    self->m_summary->setText(
                        from_recording ? tr("The recorded Process object has no counters for this measure.")
                                       : tr("This machine's Process object has no counters for this measure."));
                } else {
                    self->m_model->setRanking(std::move(result->rows), by);
                    self->m_summary->setText(
                        tr("%1 to %2, %n samples of every process", nullptr, static_cast<int>(result->samples))
                            .arg(local_time(result->first_100ns), local_time(result->last_100ns)));
                }
                emit self->rankingShown();
            },
            Qt::QueuedConnection);
    });
}

}  // namespace perfscope::gui
