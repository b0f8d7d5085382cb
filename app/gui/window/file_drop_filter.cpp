// SPDX-License-Identifier: Apache-2.0
#include "gui/window/file_drop_filter.h"

#include "gui/window/main_window.h"

#include <QDropEvent>
#include <QMimeData>
#include <QUrl>

namespace perfscope::gui {

FileDropFilter::FileDropFilter(MainWindow& window) : QObject(&window), m_window(window)
{
    window.setAcceptDrops(true);
    window.installEventFilter(this);
}

QStringList FileDropFilter::filesOf(const QMimeData* mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls())
        return out;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            out << url.toLocalFile();
    return out;
}

bool FileDropFilter::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (filesOf(drag->mimeData()).isEmpty())
            break;
        drag->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        const QStringList files = filesOf(drop->mimeData());
        if (files.isEmpty())
            break;
        drop->acceptProposedAction();
        for (const QString& file : files)
            m_window.openLog(file);
        return true;
    }
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace perfscope::gui
