# SPDX-License-Identifier: Apache-2.0
# Qt's headers, precompiled once per build for the desktop app and its tests.
#
# Parsing the Qt Widgets and Qt Charts headers is a large part of compiling a
# file of the app: with them precompiled, a legend model source compiles in
# about half the time under the ASan + UBSan flags. One target hosts the
# precompiled header and every other GUI target reuses it, so it is built once.
#
# GCC uses a precompiled header only where every macro that was defined while
# it was built is defined the same way, so the host is the GUI library with the
# fewest compile definitions (perfscope_gui_charts). The targets that reuse it
# may define more (PERFSCOPE_HAVE_RECORDING, QT_TESTLIB_LIB, ...), as long as
# Qt's headers do not test them; -Winvalid-pch (CMake adds it) together with
# -Werror turns a refused header into a build error rather than a slow build.
# Every GUI target compiles with -fPIC (Qt requires it), which GCC also checks.
#
# One difference to know of: g++ 12 keeps quiet about its false -Wstringop-overflow
# and -Warray-bounds findings inside libstdc++ (a system header) only when it
# parses that header itself, not when it reads it from a precompiled one. At -O3
# `"p" + std::to_string(n)` in one test failed the build that way (a "memcpy of
# more than PTRDIFF_MAX bytes"); that file compiles without the precompiled
# header (SKIP_PRECOMPILE_HEADERS), as a file that meets this again can.
#
# -DPERFSCOPE_QT_PCH=OFF builds without it.
option(PERFSCOPE_QT_PCH "Precompile Qt's headers for the desktop app and its tests" ON)

# The host: called once, for perfscope_gui_charts.
function(perfscope_qt_pch_host target)
    if(NOT PERFSCOPE_QT_PCH)
        return()
    endif()
    # The headers most of the app's and the tests' sources include (counted over app/gui and tests/gui).
    target_precompile_headers(${target} PRIVATE
        <QObject> <QString> <QStringList> <QVector> <QHash> <QPointer> <QTimer>
        <QDateTime> <QLocale> <QFile> <QFileInfo> <QDir> <QSettings>
        <QAbstractItemModel> <QAbstractTableModel> <QSortFilterProxyModel>
        <QColor> <QFont> <QImage> <QPainter> <QEvent> <QMouseEvent>
        <QWidget> <QLabel> <QAction> <QMenu> <QTableView> <QTreeView> <QHeaderView>
        <QScrollBar> <QLineEdit> <QComboBox> <QVBoxLayout> <QApplication> <QMessageBox>
        <QChart> <QChartView> <QValueAxis>
        <algorithm> <chrono> <functional> <memory> <string> <vector>)
endfunction()

# Every other GUI target (the app's library and executable, the GUI tests and benchmarks).
function(perfscope_qt_pch target)
    if(NOT PERFSCOPE_QT_PCH)
        return()
    endif()
    target_precompile_headers(${target} REUSE_FROM perfscope_gui_charts)
endfunction()
