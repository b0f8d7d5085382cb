// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_model.h"

#include "gui/charts/view_data.h"
#include "gui/charts/value_format.h"

#include <QColor>
#include <QFont>

#include <cmath>
#include <utility>

namespace perfscope::gui {

LegendModel::LegendModel(ViewData* data, QObject* parent) : QAbstractTableModel(parent), m_data(data)
{
    m_rows = m_data->seriesCount();
    m_stats.reserve(static_cast<size_t>(m_rows));
    for (int row = 0; row < m_rows; ++row)
        m_stats.push_back(std::make_unique<WindowStats>());
    connect(m_data, &ViewData::seriesAdded, this, &LegendModel::onAdded);
    connect(m_data, &ViewData::seriesAboutToBeRemoved, this, &LegendModel::onAboutToBeRemoved);
    connect(m_data, &ViewData::seriesRemoved, this, &LegendModel::onRemoved);
    connect(m_data, &ViewData::seriesChanged, this, &LegendModel::onChanged);
    connect(m_data, &ViewData::cleared, this, &LegendModel::onCleared);
    connect(m_data, &ViewData::manySeriesAboutToBeRemoved, this, &LegendModel::onManyAboutToBeRemoved);
    connect(m_data, &ViewData::manySeriesRemoved, this, &LegendModel::onManyRemoved);
}

int LegendModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int LegendModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LegendModel::formatValue(double value, ValueUnit unit)
{
    return gui::formatValue(value, unit, ValueDetail::table);
}

QVariant LegendModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ViewSeries& s = m_data->series(index.row());
    const WindowStats& st = *m_stats[static_cast<size_t>(index.row())];
    const int column = index.column();
    if (role == EndedRole)
        return s.ended;
    if (role == SeriesIdRole)
        return QVariant::fromValue(s.info.id);
    if (role == Qt::CheckStateRole && column == Show)
        return s.visible ? Qt::Checked : Qt::Unchecked;
    if (column == Color && (role == Qt::DecorationRole || role == Qt::EditRole))
        return s.color;
    if (role == Qt::FontRole && s.ended) {
        QFont font;
        font.setItalic(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && column >= Scale && column != Counter && column != Instance &&
        column != Parent && column != Object && column != Computer)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    const auto stat = [&](double v) -> QVariant {
        if (role == Qt::UserRole)
            return v;
        return formatValue(v, s.info.unit);
    };
    if (role == Qt::DisplayRole || role == Qt::UserRole || role == Qt::ToolTipRole ||
        (role == Qt::EditRole && column == Scale)) {
        switch (column) {
        case Show: return role == Qt::UserRole ? QVariant(s.visible ? 1 : 0) : QVariant();
        case Color: return role == Qt::DisplayRole ? QVariant() : QVariant(s.color.name());
        case Scale:
            if (role == Qt::EditRole || role == Qt::UserRole)
                return s.scale_exponent;
            return formatScaleFactor(s.scale_exponent);
        case Counter: return s.info.counter;
        case Instance:
            if (s.ended && role != Qt::UserRole)
                return s.info.instance.isEmpty() ? tr("(ended)") : tr("%1 (ended)").arg(s.info.instance);
            return s.info.instance;
        case Parent: return s.info.parent;
        case Object: return s.info.object;
        case Computer: return machineOf(s.info.path).toString();
        case Last: return stat(st.last);
        case Average: return stat(st.average);
        case Minimum: return stat(st.minimum);
        case Maximum: return stat(st.maximum);
        default: break;
        }
    }
    return {};
}

QVariant LegendModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const names[] = {QT_TR_NOOP("Show"),    QT_TR_NOOP("Color"),    QT_TR_NOOP("Scale"),
                                        QT_TR_NOOP("Counter"), QT_TR_NOOP("Instance"), QT_TR_NOOP("Parent"),
                                        QT_TR_NOOP("Object"),  QT_TR_NOOP("Computer"), QT_TR_NOOP("Last"),
                                        QT_TR_NOOP("Average"), QT_TR_NOOP("Minimum"),  QT_TR_NOOP("Maximum")};
    return tr(names[section]);
}

Qt::ItemFlags LegendModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == Show)
        f |= Qt::ItemIsUserCheckable;
    if (index.column() == Color || index.column() == Scale)
        f |= Qt::ItemIsEditable;
    return f;
}

bool LegendModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const int row = index.row();
    if (index.column() == Show && role == Qt::CheckStateRole) {
        m_data->setVisible(row, value.value<Qt::CheckState>() == Qt::Checked);
        return true;
    }
    if (index.column() == Color && role == Qt::EditRole) {
        const QColor color = value.value<QColor>();
        if (!color.isValid())
            return false;
        m_data->setColor(row, color);
        return true;
    }
    if (index.column() == Scale && role == Qt::EditRole) {
        bool ok = false;
        const int exponent = value.toInt(&ok);
        if (!ok || exponent < -10 || exponent > 10)
            return false;
        m_data->setScale(row, exponent);
        return true;
    }
    return false;
}

// One signal per changed cell: a view repaints just that cell, where a range
// of cells makes QAbstractItemView repaint its whole viewport; and most
// counters' minimum and maximum, many counters' every figure, stay the same
// from one second to the next.
void LegendModel::setStatistics(std::vector<WindowStats> stats)
{
    stats.resize(static_cast<size_t>(m_rows));
    for (int row = 0; row < m_rows; ++row)
        showStatistics(row, stats[static_cast<size_t>(row)]);
}

void LegendModel::updateStatistics(const std::vector<std::pair<int, WindowStats>>& changed)
{
    for (const auto& [row, stats] : changed)
        if (row >= 0 && row < m_rows)
            showStatistics(row, stats);
}

void LegendModel::showStatistics(int row, const WindowStats& now)
{
    const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    WindowStats& shown = *m_stats[static_cast<size_t>(row)];
    const WindowStats was = std::exchange(shown, now);
    const std::pair<Column, bool> cells[] = {{Last, same(was.last, now.last)},
                                             {Average, same(was.average, now.average)},
                                             {Minimum, same(was.minimum, now.minimum)},
                                             {Maximum, same(was.maximum, now.maximum)}};
    for (const auto& [column, unchanged] : cells) {
        if (!unchanged) {
            const QModelIndex cell = index(row, column);
            emit dataChanged(cell, cell, {Qt::DisplayRole, Qt::UserRole});
        }
    }
}

const WindowStats& LegendModel::statistics(int row) const
{
    return *m_stats[static_cast<size_t>(row)];
}

void LegendModel::onAdded(int row)
{
    beginInsertRows({}, row, row);
    m_stats.insert(m_stats.begin() + row, std::make_unique<WindowStats>());
    ++m_rows;
    endInsertRows();
}

void LegendModel::onAboutToBeRemoved(int row)
{
    if (!m_resetting)
        beginRemoveRows({}, row, row);
}

void LegendModel::onRemoved(int row)
{
    m_stats.erase(m_stats.begin() + row);
    --m_rows;
    if (!m_resetting)
        endRemoveRows();
}

// A sorted proxy and its view move every later row once per removed row;
// after a reset they sort what is left once. Ended rows the view hides go
// one by one instead: it sees none of them go, and a reset (every second
// with processes ending) would be all its cost.
void LegendModel::onManyAboutToBeRemoved(bool ended_only)
{
    if (ended_only && !m_ended_shown)
        return;
    beginResetModel();
    m_resetting = true;
}

void LegendModel::onManyRemoved()
{
    if (!m_resetting)
        return;
    m_resetting = false;
    endResetModel();
}

void LegendModel::onChanged(int row)
{
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void LegendModel::onCleared()
{
    setStatistics(std::vector<WindowStats>(static_cast<size_t>(m_rows)));
}

}  // namespace perfscope::gui
