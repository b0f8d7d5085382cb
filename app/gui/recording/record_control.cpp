// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/record_control.h"

#include "gui/window/main_window.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>

#include <algorithm>
#include <set>

namespace perfscope::gui {

RecordControl::RecordControl(MainWindow& window, SourceHub& hub)
    : QObject(&window), m_window(window), m_hub(hub), m_recorder(hub)
{
    m_action = new QAction(tr("&Record..."), this);
    m_action->setObjectName(QStringLiteral("record"));
    m_action->setIconText(tr("Record"));
    m_action->setToolTip(tr("Record the objects the views use to a file, in the background"));
    // The theme's icon, else the app's own when the build has its resources (as the window's other actions).
    const QString own = QStringLiteral(":/perfscope/icons/media-record.svg");
    m_action->setIcon(QIcon::fromTheme(QStringLiteral("media-record"), QFile::exists(own) ? QIcon(own) : QIcon()));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_action, &QAction::triggered, this, &RecordControl::toggle);
    m_label = new QLabel(&window);
    m_label->setObjectName(QStringLiteral("recordStatus"));
    m_label->setTextFormat(Qt::RichText);
    m_label->hide();
    window.statusBar()->addPermanentWidget(m_label);
    connect(&m_recorder, &AppRecorder::stateChanged, this, &RecordControl::showState);
    connect(&m_recorder, &AppRecorder::progress, this, &RecordControl::showState);
    connect(&m_recorder, &AppRecorder::finished, this,
            [this](const QString& path, qint64 bytes, const QString& message) {
                const QString size = QLocale().formattedDataSize(bytes);
                if (!message.isEmpty() && m_recorder.samples() == 0) {
                    // It never started (a file that cannot be created): say so where it is seen.
                    showState();
                    QMessageBox::warning(&m_window, tr("Record"), message);
                    return;
                }
                m_window.statusBar()->showMessage(message.isEmpty() ? tr("Recorded %1 (%2)").arg(path, size)
                                                                    : tr("Recording %1 ended: %2").arg(path, message),
                                                  15'000);
                showState();
            });
}

QVector<RecordChoice> RecordControl::choices() const
{
    QVector<RecordChoice> out;
    std::set<std::uint32_t> seen;
    for (int i = 0; i < m_window.viewCount(); ++i) {
        ViewPane* pane = m_window.view(i);
        if (pane->isLog())
            continue;
        for (const ViewCounter& counter : pane->sampler().counters())
            if (seen.insert(counter.object).second)
                out.push_back(
                    {counter.object, QString::fromStdString(std::string(m_hub.names().name(counter.object))), true});
    }
    for (const char* name :
         {"Processor", "Memory", "System", "Process", "Thread", "PhysicalDisk", "LogicalDisk", "Network Interface"}) {
        const auto index = m_hub.names().find_object(name);
        if (index && seen.insert(*index).second)
            out.push_back({*index, QString::fromLatin1(name), false});
    }
    return out;
}

void RecordControl::toggle()
{
    if (m_recorder.isRecording()) {
        m_recorder.stop();
        return;
    }
    QVector<RecordChoice> offered = choices();
    // No live view to take objects from: the processors, memory and processes, what a spike is looked for in.
    if (std::none_of(offered.begin(), offered.end(), [](const RecordChoice& c) { return c.used; }))
        for (RecordChoice& choice : offered)
            choice.used = choice.name == QLatin1String("Processor") || choice.name == QLatin1String("Memory") ||
                          choice.name == QLatin1String("Process");
    std::optional<RecordRequest> request;
    if (m_ask) {
        request = m_ask(offered);
    } else {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString name = QStringLiteral("perfscope-%1.psrec")
                                 .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
        // Documents where the desktop has that folder, else home.
        RecordDialog dialog(offered, QDir(dir.isEmpty() || !QDir(dir).exists() ? QDir::homePath() : dir).filePath(name),
                            &m_window);
        if (dialog.exec() == QDialog::Accepted)
            request = dialog.request();
    }
    if (request)
        m_recorder.start(*request);
}

void RecordControl::showState()
{
    const bool on = m_recorder.isRecording();
    m_action->setText(on ? tr("Stop &recording") : tr("&Record..."));
    m_action->setIconText(on ? tr("Stop") : tr("Record"));
    m_action->setToolTip(on ? tr("Stop recording and close the file")
                            : tr("Record the objects the views use to a file, in the background"));
    m_label->setVisible(on);
    if (on)
        m_label->setText(tr("<span style=\"color:#d03030\">\u25CF</span> Recording %1: %2")
                             .arg(QFileInfo(m_recorder.path()).fileName().toHtmlEscaped(),
                                  QLocale().formattedDataSize(m_recorder.bytes())));
}

}  // namespace perfscope::gui
