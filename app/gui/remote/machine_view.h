// SPDX-License-Identifier: Apache-2.0
// What makes a view a view of another machine: the machine it names, the
// counters it takes (their paths saved with the machine, `\\HOST:PORT\...`),
// and a message line in the view itself while the machine cannot be reached
// ("connecting...", or why collections fail). A view waiting for its
// machine's first connection takes no counters; one that samples keeps its
// history through failures and goes on by itself when the agent is back.
#pragma once

#include "gui/data/sample_batch.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QLabel;

namespace perfscope::gui {

class ViewPane;

class MachineView : public QObject {
    Q_OBJECT
public:
    // Makes `pane` a view of `machine`; the pane owns this. `sampling`: the
    // pane was made on that machine's hub (else it waits for it).
    MachineView(const QString& machine, ViewPane* pane, bool sampling);

    const QString& machine() const { return m_machine; }
    bool isSampling() const { return m_sampling; }
    // The message the view shows (empty: none).
    QString message() const;
    void setMessage(const QString& text);

signals:
    // A waiting view was given counters it cannot take yet.
    void refused(const QString& why);

private:
    void onBatch(const SampleBatch& batch);

    QString m_machine;
    QPointer<ViewPane> m_pane;
    QLabel* m_label = nullptr;
    bool m_sampling = false;
};

}  // namespace perfscope::gui
