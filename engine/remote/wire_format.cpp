// SPDX-License-Identifier: Apache-2.0
#include "remote/wire_format.h"

#include "core/hex.h"

#include <cstring>

namespace wpo::remote {
namespace {

constexpr std::string_view kNamesMagic = "PSN1";
constexpr std::string_view kBlockMagic = "PSB1";
constexpr std::size_t kBlockHeaderBytes = 4 + 8 + 8 + 1 + 3 + 4 + 8 + 4;

template <class T>
void put(std::string& out, T value)
{
    for (std::size_t i = 0; i < sizeof(T); ++i)
        out.push_back(static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
}

void put_field(std::string& out, std::string_view bytes)
{
    put<std::uint32_t>(out, static_cast<std::uint32_t>(bytes.size()));
    out.append(bytes);
}

std::string_view as_text(std::span<const std::byte> bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// Reads forward through a body; every read checks what is left.
class Reader {
public:
    explicit Reader(std::string_view body) : m_rest(body) {}

    template <class T>
    Result<T> get(const char* what)
    {
        if (m_rest.size() < sizeof(T))
            return Error(Errc::truncated, std::string("remote reply ends inside ") + what);
        std::uint64_t value = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            value |= static_cast<std::uint64_t>(static_cast<unsigned char>(m_rest[i])) << (8 * i);
        m_rest.remove_prefix(sizeof(T));
        return static_cast<T>(value);
    }

    Result<std::string_view> field(const char* what, std::size_t max)
    {
        auto length = get<std::uint32_t>(what);
        if (!length)
            return length.error();
        if (*length > m_rest.size())
            return Error(Errc::out_of_bounds, std::string("remote reply: ") + what + " of " + std::to_string(*length) +
                                                  " bytes, " + std::to_string(m_rest.size()) + " left");
        if (*length > max)
            return Error(Errc::too_large, std::string("remote reply: ") + what + " longer than " + std::to_string(max));
        const std::string_view bytes = m_rest.substr(0, *length);
        m_rest.remove_prefix(*length);
        return bytes;
    }

    bool magic(std::string_view expected)
    {
        if (!m_rest.starts_with(expected))
            return false;
        m_rest.remove_prefix(expected.size());
        return true;
    }

    std::size_t left() const { return m_rest.size(); }

private:
    std::string_view m_rest;
};

std::vector<std::byte> to_bytes(std::string_view text)
{
    std::vector<std::byte> bytes(text.size());
    if (!text.empty())
        std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

}  // namespace

void write_names_reply(const NamesReply& reply, std::string& out)
{
    out.append(kNamesMagic);
    put_field(out, reply.machine);
    put_field(out, reply.os);
    put_field(out, as_text(reply.counter_table));
    put_field(out, as_text(reply.help_table));
}

Result<NamesReply> read_names_reply(std::string_view body)
{
    Reader reader(body);
    if (!reader.magic(kNamesMagic))
        return Error(Errc::bad_signature, "remote reply is not a name table (no PSN1)");
    NamesReply reply;
    constexpr std::size_t kMaxText = 256;
    auto machine = reader.field("machine name", kMaxText);
    if (!machine)
        return machine.error();
    auto os = reader.field("operating system", kMaxText);
    if (!os)
        return os.error();
    auto counters = reader.field("counter table", kMaxResponseBytes);
    if (!counters)
        return counters.error();
    auto help = reader.field("help table", kMaxResponseBytes);
    if (!help)
        return help.error();
    if (reader.left() != 0)
        return Error(Errc::invalid_argument,
                     "remote reply: " + std::to_string(reader.left()) + " bytes after the name table");
    reply.machine = *machine;
    reply.os = *os;
    reply.counter_table = to_bytes(*counters);
    reply.help_table = to_bytes(*help);
    return reply;
}

void write_block_reply(const BlockReplyHeader& header, std::span<const std::byte> frame, std::string& out)
{
    out.reserve(out.size() + kBlockHeaderBytes + frame.size());
    out.append(kBlockMagic);
    put<std::uint64_t>(out, header.epoch);
    put<std::uint64_t>(out, header.sequence);
    put<std::uint8_t>(out, static_cast<std::uint8_t>(header.kind));
    out.append(3, '\0');
    put<std::uint32_t>(out, header.raw_length);
    put<std::int64_t>(out, header.collected_unix_ns);
    put_field(out, as_text(frame));
}

Result<BlockReplyView> read_block_reply(std::string_view body)
{
    Reader reader(body);
    if (!reader.magic(kBlockMagic))
        return Error(Errc::bad_signature, "remote reply is not a block (no PSB1)");
    BlockReplyView view;
    auto epoch = reader.get<std::uint64_t>("epoch");
    auto sequence = epoch ? reader.get<std::uint64_t>("sequence") : epoch.error();
    auto kind = sequence ? reader.get<std::uint8_t>("kind") : sequence.error();
    auto pad = kind ? reader.get<std::uint8_t>("padding") : kind.error();
    auto pad2 = pad ? reader.get<std::uint16_t>("padding") : pad.error();
    auto raw = pad2 ? reader.get<std::uint32_t>("block length") : pad2.error();
    auto time = raw ? reader.get<std::int64_t>("collection time") : raw.error();
    if (!time)
        return time.error();
    if (*kind > static_cast<std::uint8_t>(recording::BlockKind::delta))
        return Error(Errc::unsupported, "remote reply: block kind " + std::to_string(*kind));
    if (*raw == 0 || *raw > recording::kMaxBlockBytes)
        return Error(Errc::out_of_bounds, "remote reply: block length " + std::to_string(*raw));
    auto frame = reader.field("frame", kMaxResponseBytes);
    if (!frame)
        return frame.error();
    if (reader.left() != 0)
        return Error(Errc::invalid_argument,
                     "remote reply: " + std::to_string(reader.left()) + " bytes after the block");
    view.header = {*epoch, *sequence, static_cast<recording::BlockKind>(*kind), *raw, *time};
    view.frame = std::as_bytes(std::span<const char>(frame->data(), frame->size()));
    return view;
}

std::string percent_encode(std::string_view text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() * 3);
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        // Unreserved characters and those an object query uses that a query component may hold as they are
        // (RFC 3986 §3.4), so a query of digits keeps its length on the request line.
        if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-' || u == '.' ||
            u == '_' || u == '~' || u == '/' || u == ':' || u == ',') {
            out.push_back(c);
        } else {
            out.push_back('%');
            out.push_back(kHex[u >> 4]);
            out.push_back(kHex[u & 15]);
        }
    }
    return out;
}

Result<std::string> percent_decode(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out.push_back(text[i]);
        } else {
            if (i + 2 >= text.size())
                return Error(Errc::invalid_argument, "a '%' escape is cut short");
            const int high = hex_digit_value(text[i + 1]);
            const int low = hex_digit_value(text[i + 2]);
            if (high < 0 || low < 0)
                return Error(Errc::invalid_argument, "a '%' escape is not two hex digits");
            out.push_back(static_cast<char>(high * 16 + low));
            i += 2;
        }
    }
    return out;
}

}  // namespace wpo::remote
