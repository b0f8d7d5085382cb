// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/process_history_sampler.h"

#include "format/block_view.h"
#include "gui/spike/process_history.h"
#include "snapshot/shared_source.h"

#include <QThread>
#include <QTimer>

#include <memory>
#include <vector>

namespace perfscope::gui {

ProcessHistorySampler::ProcessHistorySampler(wpo::SharedSource& source, ProcessHistory& history, int interval_ms,
                                             QObject* parent)
    : QObject(parent), m_thread(new QThread(this)), m_interval_ms(interval_ms)
{
    m_thread->setObjectName(QStringLiteral("process history"));
    auto* timer = new QTimer;
    timer->setInterval(interval_ms);
    timer->moveToThread(m_thread);
    auto buffer = std::make_shared<std::vector<std::byte>>();
    auto collect = [this, &source, &history, buffer] {
        if (!source.collect(wpo::query::kProcessRankingQuery, *buffer))
            return;  // the next interval tries again
        auto block = wpo::BlockView::parse(*buffer);
        if (!block)
            return;
        if (auto sample = wpo::query::process_sample(*block)) {
            history.append(std::move(*sample));
            emit sampled();
        }
    };
    connect(timer, &QTimer::timeout, timer, collect);
    connect(m_thread, &QThread::started, timer, [timer, collect] {
        timer->start();
        collect();  // the first sample now, not an interval later
    });
    connect(m_thread, &QThread::finished, timer, &QObject::deleteLater);
    m_thread->start();
}

ProcessHistorySampler::~ProcessHistorySampler()
{
    m_thread->quit();
    m_thread->wait();
}

}  // namespace perfscope::gui
