// SPDX-License-Identifier: Apache-2.0
// The counter browser's data, on a worker thread of its own: a Global
// snapshot entity on the shared cache, refreshed every few seconds while the
// browser is shown, so the instance list follows processes as they start and
// exit. Only the selected object's instances are sent to the GUI.
#pragma once

#include "gui/browser/browse_data.h"
#include "gui/sampling/source_hub.h"

#include <QObject>
#include <QThread>

namespace perfscope::gui {

class BrowserWorker;

class BrowserSampler : public QObject {
    Q_OBJECT
public:
    BrowserSampler(SourceHub& hub, int refresh_ms = 2000, QObject* parent = nullptr);
    // Returns at once; the worker goes when its thread ends (RetiredThreads).
    ~BrowserSampler() override;

    void start();
    void stop();
    void setSelectedObject(std::uint32_t object);
    void refreshNow();

signals:
    void objectsChanged(const QVector<perfscope::gui::BrowseObject>& objects);
    void instancesChanged(const perfscope::gui::BrowseInstances& instances);
    void errorOccurred(const QString& message);

private:
    SourceHub& m_hub;
    QThread* m_thread = nullptr;
    BrowserWorker* m_worker = nullptr;
};

}  // namespace perfscope::gui
