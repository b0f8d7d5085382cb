// SPDX-License-Identifier: Apache-2.0
// The processes "Who caused this?" lists, ranked: name, PID, CPU time, I/O,
// page faults, working-set growth and the share of the measure ranked by.
#pragma once

#include "query/process_ranking.h"

#include <QAbstractTableModel>

#include <vector>

namespace perfscope::gui {

class SpikeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The share (of the measure ranked by) beside the process: it is what a narrow dock must show.
    enum Column {
        ProcessColumn,
        PidColumn,
        ShareColumn,
        CpuColumn,
        IoColumn,
        FaultsColumn,
        WorkingSetColumn,
        ColumnCount
    };
    // Qt::UserRole of any column: the raw value (100 ns ticks, bytes, faults,
    // share 0..1; the PID for Process and PID).
    static constexpr int RawRole = Qt::UserRole;

    explicit SpikeModel(QObject* parent = nullptr);

    // Replaces the rows (in rank order) and what they were ranked by.
    void setRanking(std::vector<wpo::query::RankedProcess> rows, wpo::query::RankBy by);
    wpo::query::RankBy rankedBy() const { return m_by; }
    // The process of a row (row < rowCount()).
    const wpo::query::ProcessUsage& usage(int row) const { return m_rows[static_cast<std::size_t>(row)].usage; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<wpo::query::RankedProcess> m_rows;
    wpo::query::RankBy m_by = wpo::query::RankBy::cpu;
};

}  // namespace perfscope::gui
