// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/spike_model.h"

#include <QLocale>

namespace perfscope::gui {

using wpo::query::RankBy;

SpikeModel::SpikeModel(QObject* parent) : QAbstractTableModel(parent)
{}

void SpikeModel::setRanking(std::vector<wpo::query::RankedProcess> rows, RankBy by)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_by = by;
    endResetModel();
}

int SpikeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int SpikeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SpikeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const wpo::query::RankedProcess& r = m_rows[static_cast<std::size_t>(index.row())];
    const wpo::query::ProcessUsage& u = r.usage;
    const QLocale locale;
    if (role == RawRole) {
        switch (index.column()) {
        case ProcessColumn:
        case PidColumn: return u.pid;
        case CpuColumn: return static_cast<qulonglong>(u.cpu_100ns);
        case IoColumn: return static_cast<qulonglong>(u.io_bytes);
        case FaultsColumn: return static_cast<qulonglong>(u.faults);
        case WorkingSetColumn: return static_cast<qlonglong>(u.working_set_growth);
        case ShareColumn: return r.share;
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == ProcessColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        QString tip = tr("%1 (PID %2)").arg(QString::fromStdString(u.name)).arg(u.pid);
        if (u.started_inside)
            tip += QLatin1Char('\n') + tr("Started inside the range");
        if (u.ended_inside)
            tip += QLatin1Char('\n') + tr("Ended inside the range");
        return tip + QLatin1Char('\n') + tr("Click to add its % Processor Time to the view");
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ProcessColumn: return QString::fromStdString(u.name);
    case PidColumn: return u.pid;
    case CpuColumn: return tr("%1 s").arg(locale.toString(static_cast<double>(u.cpu_100ns) / 1e7, 'f', 2));
    case IoColumn: return locale.formattedDataSize(static_cast<qint64>(u.io_bytes), 1, QLocale::DataSizeIecFormat);
    case FaultsColumn: return locale.toString(static_cast<qulonglong>(u.faults));
    case WorkingSetColumn: {
        const qint64 growth = u.working_set_growth;
        const QString size = locale.formattedDataSize(growth < 0 ? -growth : growth, 1, QLocale::DataSizeIecFormat);
        return (growth < 0 ? QStringLiteral("-") : growth > 0 ? QStringLiteral("+") : QString()) + size;
    }
    case ShareColumn: return tr("%1 %").arg(locale.toString(100.0 * r.share, 'f', 1));
    default: return {};
    }
}

QVariant SpikeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ProcessColumn: return tr("Process");
    case PidColumn: return tr("PID");
    case CpuColumn: return tr("CPU time");
    case IoColumn: return tr("I/O");
    case FaultsColumn: return tr("Page faults");
    case WorkingSetColumn: return tr("Working set");
    case ShareColumn: return tr("Share");
    default: return {};
    }
}

}  // namespace perfscope::gui
