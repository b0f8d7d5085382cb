// SPDX-License-Identifier: Apache-2.0
#include "gui/app/startup_error.h"

#include <QApplication>
#include <QMessageBox>

#include <cstdio>
#include <cstring>

namespace perfscope::gui {

bool display_available(int argc, char** argv)
{
    QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            platform = QString::fromLocal8Bit(argv[i + 1]);
    if (platform.startsWith(QLatin1String("offscreen")) || platform.startsWith(QLatin1String("minimal")))
        return false;
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    const bool x11 = !qEnvironmentVariableIsEmpty("DISPLAY");
    const bool wayland = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    if (platform.startsWith(QLatin1String("xcb")))
        return x11;
    if (platform.startsWith(QLatin1String("wayland")))
        return wayland;
    return x11 || wayland;
#else
    return true;
#endif
}

int report_startup_error(const QString& message, int argc, char** argv)
{
    std::fprintf(stderr, "perfscope: %s\n", message.toLocal8Bit().constData());
    if (!display_available(argc, argv))
        return 2;
    if (QApplication::instance()) {
        QMessageBox::critical(nullptr, QObject::tr("Perfscope"), message);
        return 2;
    }
    int app_argc = argc;
    QApplication app(app_argc, argv);
    QMessageBox box(QMessageBox::Critical, QObject::tr("Perfscope"), QObject::tr("Perfscope could not start."),
                    QMessageBox::Close);
    box.setInformativeText(message);
    box.exec();
    return 2;
}

}  // namespace perfscope::gui
