// SPDX-License-Identifier: Apache-2.0
#include "files/pdh_csv_reader.h"

#include "files/text_file.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace perfscope::files {
namespace {

using wpo::Errc;
using wpo::Error;

Error bad_line(std::size_t line, const std::string& what)
{
    return Error(Errc::invalid_argument, "line " + std::to_string(line) + ": " + what);
}

Error bad_at(std::size_t line, std::size_t column, const std::string& what)
{
    return Error(Errc::invalid_argument,
                 "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
}

// A cell's text for messages: cut, so a huge cell cannot make a huge message.
std::string shown(std::string_view text)
{
    constexpr std::size_t kMax = 40;
    std::string out(text.substr(0, kMax));
    if (text.size() > kMax)
        out += "...";
    return "\"" + out + "\"";
}

bool all_digits(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

int number(std::string_view digits)
{
    int n = 0;
    for (char c : digits)
        n = n * 10 + (c - '0');
    return n;
}

// One line split into cells. A quoted cell ends at a quote followed by the
// separator or the line's end; "" inside it is a quote. An unquoted cell
// runs to the next separator and may not contain a quote.
wpo::Result<std::vector<std::string>> split_cells(std::string_view line, char separator, std::size_t line_no)
{
    std::vector<std::string> cells;
    std::size_t i = 0;
    while (true) {
        std::string cell;
        const std::size_t start = i;
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        cell += '"';
                        i += 2;
                        continue;
                    }
                    closed = true;
                    ++i;
                    break;
                }
                cell += line[i++];
            }
            if (!closed)
                return bad_at(line_no, start + 1, "the quoted cell is not closed (a truncated line?)");
            if (i < line.size() && line[i] != separator)
                return bad_at(line_no, i + 1, "text after a quoted cell's closing quote");
        } else {
            while (i < line.size() && line[i] != separator) {
                if (line[i] == '"')
                    return bad_at(line_no, i + 1, "a quote inside an unquoted cell");
                cell += line[i++];
            }
        }
        cells.push_back(std::move(cell));
        if (i >= line.size())
            return cells;
        ++i;  // the separator; a line ending in one has an empty last cell
    }
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

struct Header {
    char separator = ',';
    std::string zone;
    int bias = 0;
    bool local = false;
};

// "(PDH-CSV 4.0) (zone)(bias)"; the zone name may hold parentheses, so the
// bias is the last "(...)".
wpo::Result<Header> parse_format_cell(std::string_view cell, std::size_t line_no)
{
    Header h;
    std::string_view rest;
    const std::string_view bare = trim(cell);
    if (bare == "(PDH-CSV 4.0)" || bare == "(PDH-TSV 4.0)") {
        h.separator = bare == "(PDH-TSV 4.0)" ? '\t' : ',';
        h.local = true;
        return h;
    }
    if (cell.starts_with("(PDH-CSV 4.0) (")) {
        h.separator = ',';
    } else if (cell.starts_with("(PDH-TSV 4.0) (")) {
        h.separator = '\t';
    } else {
        return bad_line(line_no, "not a PDH-CSV log: the first cell is " + shown(cell) +
                                     ", expected \"(PDH-CSV 4.0) (<time zone>)(<bias minutes>)\" or \"(PDH-CSV 4.0)\"");
    }
    rest = cell.substr(std::strlen("(PDH-CSV 4.0) ("));
    const std::size_t split = rest.rfind(")(");
    if (split == std::string_view::npos || !rest.ends_with(")"))
        return bad_line(line_no, "the first cell " + shown(cell) + " has no \"(<time zone>)(<bias minutes>)\"");
    h.zone = std::string(rest.substr(0, split));
    std::string_view bias = rest.substr(split + 2, rest.size() - split - 3);
    const bool negative = bias.starts_with("-");
    if (negative)
        bias.remove_prefix(1);
    if (!all_digits(bias) || bias.size() > 4 || number(bias) > 24 * 60)
        return bad_line(line_no, "the time zone bias in " + shown(cell) + " is not minutes between -1440 and 1440");
    h.bias = negative ? -number(bias) : number(bias);
    return h;
}

// The distinct hosts of \\HOST\... columns, in order of appearance.
std::string machines_of(const std::vector<std::string>& columns)
{
    std::vector<std::string> hosts;
    for (const std::string& column : columns) {
        if (!column.starts_with("\\\\"))
            continue;
        const std::size_t end = column.find('\\', 2);
        const std::string host = column.substr(2, end == std::string::npos ? std::string::npos : end - 2);
        if (!host.empty() && std::find(hosts.begin(), hosts.end(), host) == hosts.end())
            hosts.push_back(host);
    }
    std::string out;
    for (const std::string& host : hosts)
        out += (out.empty() ? "" : ", ") + host;
    return out;
}

// UTF-16LE (what PowerShell's ">" writes) as UTF-8; an unpaired surrogate
// or an odd last byte becomes U+FFFD.
std::string utf16le_to_utf8(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size() / 2);
    auto unit = [&](std::size_t i) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) |
               static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    };
    auto put = [&out](std::uint32_t c) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | c >> 6);
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | c >> 12);
            out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | c >> 18);
            out += static_cast<char>(0x80 | (c >> 12 & 0x3F));
            out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    };
    constexpr std::uint32_t kReplacement = 0xFFFD;
    std::size_t i = 0;
    for (; i + 1 < bytes.size(); i += 2) {
        const std::uint32_t u = unit(i);
        if (u >= 0xD800 && u <= 0xDBFF && i + 3 < bytes.size()) {
            const std::uint32_t low = unit(i + 2);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                put(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
                i += 2;
                continue;
            }
        }
        put(u >= 0xD800 && u <= 0xDFFF ? kReplacement : u);
    }
    if (i < bytes.size())
        put(kReplacement);
    return out;
}

bool is_typeperf_trailer(std::string_view line)
{
    line = trim(line);
    return line == "Exiting, please wait..." || line == "The command completed successfully.";
}

}  // namespace

wpo::Result<PdhCsvLog> parse_pdh_csv(std::string_view text)
{
    if (text.starts_with("\xFF\xFE")) {
        const std::string utf8 = utf16le_to_utf8(text.substr(2));
        return parse_pdh_csv(utf8);
    }
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    PdhCsvLog log;
    bool have_header = false;
    bool trailer = false;  // typeperf's closing lines seen: nothing may follow
    std::size_t line_no = 0;
    std::size_t at = 0;
    // One row; `last`: the line ends the file without a line end.
    auto parse_row = [&log](std::string_view row_text, std::size_t row_line, bool last) -> wpo::Result<PdhCsvRow> {
        auto cells = split_cells(row_text, log.separator, row_line);
        if (!cells)
            return cells.error();
        if (cells->size() != log.columns.size() + 1) {
            const bool cut = cells->size() < log.columns.size() + 1 && last;
            return bad_line(row_line, std::to_string(cells->size()) + " cells where the header has " +
                                          std::to_string(log.columns.size() + 1) +
                                          (cut ? " (the file ends in the middle of this line)" : ""));
        }
        PdhCsvRow row;
        const auto wall = parse_pdh_time(trim((*cells)[0]));
        if (!wall)
            return bad_line(row_line, "the time stamp " + shown((*cells)[0]) +
                                          " is not a date and time \"MM/DD/YYYY HH:MM:SS.mmm\"");
        row.time_ms =
            log.local_time ? local_wall_to_utc_ms(*wall) : *wall + static_cast<std::int64_t>(log.bias_minutes) * 60'000;
        row.values.reserve(log.columns.size());
        for (std::size_t i = 1; i < cells->size(); ++i) {
            const std::string_view cell = trim((*cells)[i]);
            if (cell.empty()) {
                row.values.emplace_back();
                continue;
            }
            double value = 0;
            const auto [ptr, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
            if (ec != std::errc() || ptr != cell.data() + cell.size() || !std::isfinite(value))
                return bad_line(row_line, "cell " + std::to_string(i + 1) + " (" + shown(log.columns[i - 1]) + ") " +
                                              shown((*cells)[i]) + " is not a number");
            row.values.emplace_back(value);
        }
        return row;
    };
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        at = end == std::string_view::npos ? text.size() : end + 1;
        ++line_no;
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        if (trim(line).empty())
            continue;
        if (trailer && !is_typeperf_trailer(line))
            return bad_line(line_no, "text after typeperf's closing message");
        if (!have_header) {
            if (!line.starts_with("\"(PDH-") && !line.starts_with("(PDH-"))
                return bad_line(line_no, "not a PDH-CSV log: it starts with " + shown(line) +
                                             ", not \"(PDH-CSV 4.0) (<time zone>)(<bias minutes>)\"");
            const bool tsv = line.starts_with("\"(PDH-TSV") || line.starts_with("(PDH-TSV");
            auto cells = split_cells(line, tsv ? '\t' : ',', line_no);
            if (!cells)
                return cells.error();
            auto header = parse_format_cell((*cells)[0], line_no);
            if (!header)
                return header.error();
            if (cells->size() < 2)
                return bad_line(line_no, "the header names no counter columns");
            log.separator = header->separator;
            log.zone_name = std::move(header->zone);
            log.bias_minutes = header->bias;
            log.local_time = header->local;
            for (std::size_t i = 1; i < cells->size(); ++i) {
                if (trim((*cells)[i]).empty())
                    return bad_line(line_no, "column " + std::to_string(i) + " of the header has no counter path");
                log.columns.push_back(std::move((*cells)[i]));
            }
            log.machine = machines_of(log.columns);
            have_header = true;
            continue;
        }
        if (is_typeperf_trailer(line)) {
            trailer = true;
            continue;
        }
        const bool last = end == std::string_view::npos;
        // At the end of the file, a separator with nothing after it is a row
        // cut right after that separator, not an empty last value.
        auto row = last && line.ends_with(log.separator)
                       ? wpo::Result<PdhCsvRow>(bad_line(line_no, "the file ends right after a separator"))
                       : parse_row(line, line_no, last);
        if (!row) {
            // A last line without its line end that does not parse was cut:
            // the writer was killed mid-line or is still writing.
            if (last) {
                log.dropped_line = line_no;
                log.dropped_reason = row.error().message();
                break;
            }
            return row.error();
        }
        log.rows.push_back(std::move(*row));
    }
    if (!have_header)
        return bad_line(line_no == 0 ? 1 : line_no, "empty: no PDH-CSV header");
    return log;
}

wpo::Result<PdhCsvLog> read_pdh_csv(const std::string& path)
{
    auto text = read_text_file(path, kMaxPdhCsvBytes);
    if (!text)
        return text.error();
    auto log = parse_pdh_csv(*text);
    if (!log)
        return Error(log.error().code(), "\"" + path + "\": " + log.error().message());
    return log;
}

}  // namespace perfscope::files
