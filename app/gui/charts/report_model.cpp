// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/report_model.h"

#include "gui/data/natural_order.h"

#include "gui/charts/value_format.h"
#include "gui/charts/view_data.h"

#include <QFont>

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfscope::gui {
namespace {

const QString kTotal = QStringLiteral("_Total");

QString heading_key(const QString& machine, const QString& object)
{
    return machine + QLatin1Char('\n') + object;
}

bool all_ended(int uses, int ended)
{
    return uses > 0 && ended == uses;
}

}  // namespace

struct ReportModel::Column {
    QString name;  // the instance ("parent/instance" for a thread); empty: no instance
    int index = 0;
    int uses = 0;   // cells (of its object's counters)
    int ended = 0;  // cells of ended series
};

struct ReportModel::Line {
    QString key;
    QString machine;
    QString object;
    QString counter;  // empty for the object's heading
    Line* heading = nullptr;
    int index = 0;
    int uses = 0;  // cells; for a heading: its counter lines, which follow it
    QHash<const Column*, Entry*> cells;
    // A heading's: the object's instances in the order of the table's columns.
    std::vector<std::unique_ptr<Column>> columns;
    QHash<QString, Column*> column_of;  // by instance name
};

struct ReportModel::Entry {
    quint64 id = 0;
    QString path;
    QString machine;
    QString object;
    QString counter;
    QString instance;
    ValueUnit unit = ValueUnit::none;
    bool visible = true;
    bool ended = false;
    Line* line = nullptr;  // with column: the cell it holds
    Column* column = nullptr;
    bool waiting = false;  // its cell is another series' (the same path twice)
    double value = std::numeric_limits<double>::quiet_NaN();

    QString lineKey() const { return heading_key(machine, object) + QLatin1Char('\n') + counter; }
};

ReportModel::ReportModel(const ViewData* data, QObject* parent) : QAbstractTableModel(parent), m_data(data)
{
    m_collator = naturalCollator();
    // A large removal of ended series while they show: one reset instead of
    // moving every later column once per removed one.
    connect(m_data, &ViewData::manySeriesAboutToBeRemoved, this, [this] {
        if (m_show_ended && !m_bulk) {
            beginBulk();
            m_many_bulk = true;
        }
    });
    connect(m_data, &ViewData::manySeriesRemoved, this, [this] {
        if (m_many_bulk) {
            m_many_bulk = false;
            endBulk();
        }
    });
}

ReportModel::~ReportModel() = default;

void ReportModel::readSeries(Entry& e, int row) const
{
    const ViewSeries& s = m_data->series(row);
    if (e.id != s.info.id) {
        e.id = s.info.id;
        e.path = s.info.path;
        e.machine = machineOf(s.info.path).toString();
        e.object = s.info.object;
        e.counter = s.info.counter;
        // PerfMon names a thread by its process: "firefox/12".
        e.instance = s.info.parent.isEmpty() || s.info.instance.isEmpty()
                         ? s.info.instance
                         : s.info.parent + QLatin1Char('/') + s.info.instance;
        e.unit = s.info.unit;
    }
    e.visible = s.visible;
    e.ended = s.ended;
}

bool ReportModel::wantsCell(const Entry& e) const
{
    return e.visible && (!e.ended || m_show_ended);
}

void ReportModel::seriesInserted(int row)
{
    auto e = std::make_unique<Entry>();
    readSeries(*e, row);
    Entry& ref = *e;
    m_entries.insert(m_entries.begin() + row, std::move(e));
    apply(ref);
}

void ReportModel::seriesRemoved(int row)
{
    std::unique_ptr<Entry> e = std::move(m_entries[static_cast<size_t>(row)]);
    m_entries.erase(m_entries.begin() + row);
    release(*e);
}

void ReportModel::seriesChanged(int row)
{
    Entry& e = *m_entries[static_cast<size_t>(row)];
    const bool was_ended = e.ended;
    readSeries(e, row);
    if (e.line && was_ended != e.ended) {
        const bool before = all_ended(e.column->uses, e.column->ended);
        e.column->ended += e.ended ? 1 : -1;
        columnEndedChanged(e.line->heading, e.column, before);
        cellChanged(e.line, e.column);
    }
    apply(e);
}

void ReportModel::apply(Entry& e)
{
    const bool placed = e.line || e.waiting;
    if (wantsCell(e) && !placed)
        place(e);
    else if (!wantsCell(e) && placed)
        release(e);
}

void ReportModel::setShowMachine(bool show)
{
    if (show == m_show_machine)
        return;
    m_show_machine = show;
    if (!m_bulk && !m_lines.empty())
        emit headerDataChanged(Qt::Vertical, 0, static_cast<int>(m_lines.size()) - 1);
}

void ReportModel::setShowEnded(bool show)
{
    if (show == m_show_ended)
        return;
    m_show_ended = show;
    int affected = 0;
    for (const auto& e : m_entries)
        affected += e->ended && e->visible;
    const bool bulk = affected > kResetThreshold && !m_bulk;
    if (bulk)
        beginBulk();
    for (const auto& e : m_entries) {
        if (e->ended)
            apply(*e);
    }
    if (bulk)
        endBulk();
}

void ReportModel::reload()
{
    beginBulk();
    m_entries.clear();
    m_lines.clear();
    m_line_of.clear();
    m_waiting = 0;
    m_column_count = 0;
    for (int row = 0; row < m_data->seriesCount(); ++row)
        seriesInserted(row);
    endBulk();
}

void ReportModel::beginBulk()
{
    beginResetModel();
    m_bulk = true;
}

void ReportModel::endBulk()
{
    m_bulk = false;
    m_column_count = widestObject();
    endResetModel();
}

void ReportModel::place(Entry& e)
{
    Line* line = lineFor(e);
    Column* column = columnFor(line->heading, e.instance);
    if (line->cells.contains(column)) {
        e.waiting = true;
        ++m_waiting;
        return;
    }
    const bool before = all_ended(column->uses, column->ended);
    line->cells.insert(column, &e);
    ++line->uses;
    ++column->uses;
    column->ended += e.ended ? 1 : 0;
    e.line = line;
    e.column = column;
    columnEndedChanged(line->heading, column, before);
    cellChanged(line, column);
}

void ReportModel::release(Entry& e)
{
    if (e.waiting) {
        e.waiting = false;
        --m_waiting;
        return;
    }
    if (!e.line)
        return;
    Line* line = e.line;
    Column* column = e.column;
    e.line = nullptr;
    e.column = nullptr;
    const bool before = all_ended(column->uses, column->ended);
    line->cells.remove(column);
    --line->uses;
    --column->uses;
    column->ended -= e.ended ? 1 : 0;
    const QString line_key = line->key;
    const QString column_name = column->name;
    const bool line_goes = line->uses == 0;
    const bool column_goes = column->uses == 0;
    if (!line_goes && !column_goes)
        cellChanged(line, column);
    if (column_goes)
        removeColumn(line->heading, column);
    else
        columnEndedChanged(line->heading, column, before);
    if (line_goes)
        removeLine(line);
    if (m_waiting > 0)
        placeWaitingFor(line_key, column_name);
}

// The same path twice (a counter added twice from a log): the second waits
// for the cell and takes it when the first goes.
void ReportModel::placeWaitingFor(const QString& line_key, const QString& column_name)
{
    for (const auto& e : m_entries) {
        if (e->waiting && e->instance == column_name && e->lineKey() == line_key) {
            e->waiting = false;
            --m_waiting;
            place(*e);
            return;
        }
    }
}

ReportModel::Line* ReportModel::lineFor(const Entry& e)
{
    const QString key = e.lineKey();
    if (Line* line = m_line_of.value(key))
        return line;
    const QString head_key = heading_key(e.machine, e.object);
    Line* heading = m_line_of.value(head_key);
    auto line = std::make_unique<Line>();
    line->key = key;
    line->machine = e.machine;
    line->object = e.object;
    line->counter = e.counter;
    Line* made = line.get();
    m_line_of.insert(key, made);
    if (!heading) {
        // A new object: its heading and its first counter, at the end.
        auto head = std::make_unique<Line>();
        head->key = head_key;
        head->machine = e.machine;
        head->object = e.object;
        head->uses = 1;
        heading = head.get();
        m_line_of.insert(head_key, heading);
        made->heading = heading;
        const int pos = static_cast<int>(m_lines.size());
        if (!m_bulk)
            beginInsertRows({}, pos, pos + 1);
        m_lines.push_back(std::move(head));
        m_lines.push_back(std::move(line));
        renumberLines(static_cast<size_t>(pos));
        if (!m_bulk)
            endInsertRows();
        return made;
    }
    // A new counter of a known object: after the object's last counter.
    made->heading = heading;
    const int pos = heading->index + heading->uses + 1;
    ++heading->uses;
    if (!m_bulk)
        beginInsertRows({}, pos, pos);
    m_lines.insert(m_lines.begin() + pos, std::move(line));
    renumberLines(static_cast<size_t>(pos));
    if (!m_bulk)
        endInsertRows();
    return made;
}

// The object's column of an instance; a new one moves the object's later
// cells one column right, and widens the table when the object has the most.
ReportModel::Column* ReportModel::columnFor(Line* heading, const QString& name)
{
    if (Column* column = heading->column_of.value(name))
        return column;
    std::vector<std::unique_ptr<Column>>& columns = heading->columns;
    const auto at = std::lower_bound(
        columns.begin(), columns.end(), name,
        [this](const std::unique_ptr<Column>& c, const QString& n) { return columnBefore(c->name, n); });
    const int pos = static_cast<int>(at - columns.begin());
    auto column = std::make_unique<Column>();
    column->name = name;
    Column* made = column.get();
    heading->column_of.insert(name, made);
    const bool widens = static_cast<int>(columns.size()) == m_column_count;
    if (widens && !m_bulk)
        beginInsertColumns({}, m_column_count, m_column_count);
    columns.insert(at, std::move(column));
    for (size_t i = static_cast<size_t>(pos); i < columns.size(); ++i)
        columns[i]->index = static_cast<int>(i);
    if (widens) {
        ++m_column_count;
        if (!m_bulk)
            endInsertColumns();
    }
    blockCellsMoved(heading, pos, static_cast<int>(columns.size()) - 1);
    if (!m_bulk)
        emit instanceNamed(name);
    return made;
}

void ReportModel::removeLine(Line* line)
{
    Line* heading = line->heading;
    --heading->uses;
    // The object's last counter takes its heading along.
    const int first = heading->uses == 0 ? heading->index : line->index;
    const int last = line->index;
    if (!m_bulk)
        beginRemoveRows({}, first, last);
    m_line_of.remove(line->key);
    if (first != last)
        m_line_of.remove(heading->key);
    m_lines.erase(m_lines.begin() + first, m_lines.begin() + last + 1);
    renumberLines(static_cast<size_t>(first));
    if (!m_bulk)
        endRemoveRows();
}

// The object's later cells move one column left; the table narrows when no
// other object is as wide.
void ReportModel::removeColumn(Line* heading, Column* column)
{
    std::vector<std::unique_ptr<Column>>& columns = heading->columns;
    const int pos = column->index;
    const int last = static_cast<int>(columns.size()) - 1;
    heading->column_of.remove(column->name);
    columns.erase(columns.begin() + pos);
    for (size_t i = static_cast<size_t>(pos); i < columns.size(); ++i)
        columns[i]->index = static_cast<int>(i);
    blockCellsMoved(heading, pos, last);
    fitColumnCount();
}

// The most instances an object has (only headings have columns).
int ReportModel::widestObject() const
{
    int most = 0;
    for (const auto& line : m_lines)
        most = std::max(most, static_cast<int>(line->columns.size()));
    return most;
}

// The cells of an object's rows between two columns show other series now
// (or none, the last after a removal).
void ReportModel::blockCellsMoved(const Line* heading, int from, int to)
{
    if (m_bulk || from > to)
        return;
    emit dataChanged(index(heading->index, from), index(heading->index + heading->uses, to));
    if (from < to)
        emit cellsMoved();
}

// After a column left an object: the table's columns beyond the widest
// object's go.
void ReportModel::fitColumnCount()
{
    const int most = widestObject();
    if (most >= m_column_count)
        return;
    if (!m_bulk)
        beginRemoveColumns({}, most, m_column_count - 1);
    m_column_count = most;
    if (!m_bulk)
        endRemoveColumns();
}

void ReportModel::renumberLines(size_t from)
{
    for (size_t i = from; i < m_lines.size(); ++i)
        m_lines[i]->index = static_cast<int>(i);
}

// An instance whose every cell has ended says so in its object's heading.
void ReportModel::columnEndedChanged(const Line* heading, const Column* column, bool was_all_ended)
{
    if (!m_bulk && all_ended(column->uses, column->ended) != was_all_ended)
        cellChanged(heading, column);
}

void ReportModel::cellChanged(const Line* line, const Column* column)
{
    if (m_bulk)
        return;
    const QModelIndex cell = index(line->index, column->index);
    emit dataChanged(cell, cell);
}

bool ReportModel::columnBefore(const QString& a, const QString& b) const
{
    const auto rank = [](const QString& name) { return name.isEmpty() ? 0 : name == kTotal ? 2 : 1; };
    if (rank(a) != rank(b))
        return rank(a) < rank(b);
    const int c = m_collator.compare(a, b);
    return c != 0 ? c < 0 : a < b;
}

void ReportModel::setValues(const RowPlots& plots)
{
    const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    int top = std::numeric_limits<int>::max();
    int left = std::numeric_limits<int>::max();
    int bottom = -1;
    int right = -1;
    const size_t n = std::min(plots.size(), m_entries.size());
    for (size_t row = 0; row < n; ++row) {
        Entry& e = *m_entries[row];
        const double v = plots[row].stats.last;
        if (same(e.value, v))
            continue;
        e.value = v;
        if (!e.line)
            continue;
        top = std::min(top, e.line->index);
        bottom = std::max(bottom, e.line->index);
        left = std::min(left, e.column->index);
        right = std::max(right, e.column->index);
    }
    if (bottom >= 0 && !m_bulk)
        emit dataChanged(index(top, left), index(bottom, right), {Qt::DisplayRole, Qt::ToolTipRole});
}

QModelIndex ReportModel::indexOfSeries(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_entries.size()))
        return {};
    const Entry& e = *m_entries[static_cast<size_t>(row)];
    return e.line ? index(e.line->index, e.column->index) : QModelIndex();
}

// The object's instance at a table column, null past its last.
const ReportModel::Column* ReportModel::columnAt(const Line& line, int column) const
{
    const Line& heading = line.heading ? *line.heading : line;
    return column < static_cast<int>(heading.columns.size()) ? heading.columns[static_cast<size_t>(column)].get()
                                                             : nullptr;
}

const ReportModel::Entry* ReportModel::entryAt(const QModelIndex& index) const
{
    const Line& line = *m_lines[static_cast<size_t>(index.row())];
    const Column* column = columnAt(line, index.column());
    return column ? line.cells.value(column) : nullptr;
}

int ReportModel::seriesRowAt(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return -1;
    const Entry* e = entryAt(index);
    return e ? m_data->rowOf(e->id) : -1;
}

bool ReportModel::isObjectRow(int row) const
{
    return row >= 0 && row < static_cast<int>(m_lines.size()) && m_lines[static_cast<size_t>(row)]->counter.isEmpty();
}

int ReportModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_lines.size());
}

int ReportModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_column_count;
}

Qt::ItemFlags ReportModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    return entryAt(index) ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::ItemIsEnabled;
}

QVariant ReportModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Line& line = *m_lines[static_cast<size_t>(index.row())];
    if (!line.heading)
        return headingData(line, index.column(), role);
    const Entry* e = entryAt(index);
    if (!e)
        return {};
    switch (role) {
    case Qt::DisplayRole: return formatValue(e->value, e->unit, ValueDetail::table);
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return e->ended ? tr("%1 (ended)\n%2").arg(e->path, formatValue(e->value, e->unit, ValueDetail::table))
                        : tr("%1\n%2").arg(e->path, formatValue(e->value, e->unit, ValueDetail::table));
    case Qt::FontRole:
        if (e->ended) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case SeriesIdRole: return QVariant::fromValue(e->id);
    default: return {};
    }
}

// An object's heading row names its instances above their values: bold,
// italic once every cell of the instance has ended. The column of counters
// without instances has no name, as in PerfMon.
QVariant ReportModel::headingData(const Line& heading, int column, int role) const
{
    const Column* c = columnAt(heading, column);
    if (!c)
        return {};
    const bool ended = all_ended(c->uses, c->ended);
    switch (role) {
    case Qt::DisplayRole: return c->name;
    case Qt::ToolTipRole:
        if (c->name.isEmpty())
            return {};
        return ended ? tr("%1 (ended)").arg(c->name) : c->name;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        QFont font;
        font.setBold(true);
        font.setItalic(ended);
        return font;
    }
    case InstanceEndedRole: return ended;
    default: return {};
    }
}

// Columns have no names of their own: each object names its instances in
// its heading row.
QVariant ReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal)
        return {};
    if (section < 0 || section >= static_cast<int>(m_lines.size()))
        return {};
    const Line& line = *m_lines[static_cast<size_t>(section)];
    const bool heading = line.counter.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
        if (!heading)
            return line.counter;
        return m_show_machine && !line.machine.isEmpty() ? line.machine + QLatin1Char('\\') + line.object : line.object;
    case Qt::ToolTipRole:
        return heading ? (line.machine.isEmpty() ? line.object : line.machine + QLatin1Char('\\') + line.object)
                       : line.object + QLatin1Char('\\') + line.counter;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::FontRole:
        if (heading) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    default: return {};
    }
}

}  // namespace perfscope::gui
