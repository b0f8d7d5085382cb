// SPDX-License-Identifier: Apache-2.0
// Opens a PDH-CSV/TSV log (perfscope-cli query, typeperf, relog) as a
// read-only view: the file is read and parsed off the GUI thread
// (QtConcurrent, perfscope::files::read_pdh_csv), and its series and their
// points are made there too; only a log that parsed whole reaches the
// ViewData, handed over in one go on the GUI thread (no point is copied
// there), so a bad file loads nothing half-way and the error names the line
// the reader names.
//
// Series of a log get ids 1..N in column order (unique within its ViewData);
// object, counter, instance and parent come from the column's counter path.
// The view's notice line (ViewData::error, shown above the graph) says where
// the log is from: its machine, its time zone (or that the file names none
// and its times are read as local time) and a cut last line left out.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace perfscope::files {
struct PdhCsvLog;
}

namespace perfscope::gui {

class ViewData;

class LogLoader : public QObject {
    Q_OBJECT
public:
    // `target` must be empty; it becomes read-only once the log is in.
    explicit LogLoader(ViewData* target, QObject* parent = nullptr);
    ~LogLoader() override;

    // Starts reading; loaded() or failed() follows. One load per loader.
    void load(const QString& path);
    bool isRunning() const;

    // A parsed log as a view holds it: its series and their points, made off
    // the GUI thread, so what is left for the GUI thread is handing them over.
    struct Prepared;
    // The log's columns and rows into `target` (made and handed over at once: for tests).
    static void fill(const files::PdhCsvLog& log, ViewData* target);
    // The notice: "Log of BUILD-7 · times in UTC+01:00 (W. Europe Standard Time)".
    static QString describe(const files::PdhCsvLog& log);

signals:
    void loaded(const QString& path, int series, int rows);
    void failed(const QString& path, const QString& message);

private:
    struct Outcome;
    static Prepared prepare(const files::PdhCsvLog& log);
    static void fill(Prepared&& prepared, ViewData* target);
    void onFinished();

    QPointer<ViewData> m_target;
    QString m_path;
    std::unique_ptr<QFutureWatcher<std::shared_ptr<Outcome>>> m_watcher;
};

}  // namespace perfscope::gui
