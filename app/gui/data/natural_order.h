// SPDX-License-Identifier: Apache-2.0
// The order instance names are listed in (browser, report): numbers by value
// ("bash:12" before "bash:101"), case ignored. The C locale's collator has no
// numeric mode, so under it (a headless session, LANG unset) English's is used.
#pragma once

#include <QCollator>
#include <QLocale>

namespace perfscope::gui {

inline QCollator naturalCollator()
{
    QLocale locale;
    if (locale.language() == QLocale::C)
        locale = QLocale(QLocale::English, QLocale::UnitedStates);
    QCollator collator(locale);
    collator.setNumericMode(true);
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    return collator;
}

}  // namespace perfscope::gui
