// SPDX-License-Identifier: Apache-2.0
// Network Interface: <proc_root>/net/dev and /sys/class/net/<name>/speed; see
// read_interfaces() for what failures cost.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"

namespace wpo::procfs {

namespace ix = procfs_index;

// Network Interface: <proc_root>/net/dev (of the collector's network
// namespace); an unreadable file leaves the object without instances, a short
// line its missing fields 0. Link speed from /sys/class/net/<name>/speed, 0
// when missing, negative (virtual links) or not a number.
void ProcfsCollector::read_interfaces()
{
    m_interfaces.clear();
    const auto text = m_reader.read(m_root.get(), "net/dev");
    parse_net_dev(text ? *text : std::string_view(), m_net_stats);
    // The names point into the reader's buffer, which the speed reads reuse.
    for (const NetDevStats& s : m_net_stats) {
        InterfaceRow row;
        row.name = keep(s.name);
        row.stats = s;
        row.stats.name = {};
        m_interfaces.push_back(row);
    }
    for (InterfaceRow& row : m_interfaces) {
        m_path.assign("class/net/");
        m_path.append(name(row.name));
        m_path.append("/speed");
        if (const auto speed = m_reader.read(sys_fd(), m_path.c_str())) {
            Tokens tokens(*speed);
            std::string_view token;
            const std::int64_t mbits = tokens.next(token) ? to_i64(token) : 0;
            row.bandwidth = mbits > 0 ? std::uint64_t(mbits) * 1'000'000 : 0;
        }
    }
}

void ProcfsCollector::emit_network(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kNetworkInterface,
                    .help_index = ix::kNetworkInterface + 1,
                    .default_counter = kNetBytesTotal,
                    .has_instances = true});
    add_counters(b, kNetworkCounters);
    for (const InterfaceRow& i : m_interfaces) {
        const NetDevStats& s = i.stats;
        b.begin_instance(name(i.name));
        b.set(kNetBytesReceived, s.rx_bytes);
        b.set(kNetBytesSent, s.tx_bytes);
        b.set(kNetBytesTotal, s.rx_bytes + s.tx_bytes);
        b.set(kNetPacketsReceived, s.rx_packets);
        b.set(kNetPacketsSent, s.tx_packets);
        b.set(kNetBandwidth, i.bandwidth);
        b.set(kNetReceiveErrors, s.rx_errors);
        b.set(kNetOutputQueue, 0);
    }
    b.end_object();
}

}  // namespace wpo::procfs
