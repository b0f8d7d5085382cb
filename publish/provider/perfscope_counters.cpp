// SPDX-License-Identifier: Apache-2.0
// perfscope-counters.dll: the performance data provider (the
// Open/Collect/Close contract of docs/windows-provider.md) that hands the
// counters applications publish (docs/publishing.md) to Windows'
// HKEY_PERFORMANCE_DATA, so PerfMon, typeperf and perfscope see them.
//
// Which publisher: `perfscope-cli counters install` registers the publisher
// as the service Services\<Name> with Linkage\Export = <Name>, which the
// registry hands to Open. Open reads the title indices lodctr (or install,
// where lodctr is a stub) wrote into Services\<Name>\Performance.
//
// The contract, as winperf.h and Microsoft's documentation of the performance
// DLL interface state it:
// - Collect answers "Global", "Costly", index lists and "Foreign ..." (not
//   ours: nothing); a query that selects nothing of ours gives zero bytes and
//   zero objects with *lppData unchanged.
// - Buffer too small: ERROR_MORE_DATA, *lppData unchanged, both counts 0.
// - Success: the objects at *lppData, *lppData advanced past them, the byte
//   count a multiple of 8. ERROR_SUCCESS in every other case, errors too.
// - Collect runs on any number of threads at once (several monitors in one
//   process): it keeps no state of its own between calls beyond what Open
//   set up, and all scratch memory is per call.
// - Open/Close are counted per process: the first Open sets up, the last
//   Close releases.
// - Nothing a publisher does can take the host down: the segment is mapped
//   for the whole of a Collect (it cannot vanish under us), parsed as
//   untrusted input by SegmentView, and no exception leaves an export.
#include <windows.h>

#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/layout.h"
#include "provider/registration.h"
#include "published/definition.h"
#include "published/publisher_link.h"
#include "published/segment_view.h"
#include "format/object_query.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct Service {
    std::string publisher;  // = the service name
    std::uint32_t first_counter = 0;
    std::uint32_t first_help = 0;
    std::shared_ptr<wpo::published::PublisherLink> link;  // follows the publisher's restarts; thread-safe
};

std::mutex g_mutex;  // guards g_opens and g_services (the pointer, not what it points at)
int g_opens = 0;
std::shared_ptr<const std::vector<Service>> g_services;

std::shared_ptr<const std::vector<Service>> services()
{
    std::lock_guard lock(g_mutex);
    return g_services;
}

std::string narrow(const wchar_t* text, std::size_t length)
{
    std::string out;
    for (std::size_t i = 0; i < length; ++i)
        out += text[i] < 0x80 ? static_cast<char>(text[i]) : '?';
    return out;
}

// Services\<name>\Performance as lodctr (or counters install) left it.
std::optional<Service> load_service(const std::string& publisher)
{
    if (!wpo::published::valid_publisher(publisher))
        return std::nullopt;
    const auto indices = perfscope::provider::read_title_indices(publisher);
    if (!indices.first_counter || !indices.first_help || *indices.first_counter == 0)
        return std::nullopt;
    return Service{publisher, *indices.first_counter, *indices.first_help,
                   std::make_shared<wpo::published::PublisherLink>(publisher)};
}

// The query as the registry passed it: "Global" (also for NULL or empty),
// "Costly", "Foreign <computer> [indices]", or whitespace-separated decimal
// indices. Returns the canonical form for ObjectQuery, or "" for a query that
// can select nothing of ours (Foreign, a list without numbers).
std::string canonical_query(const wchar_t* value)
{
    if (!value || !*value)
        return "Global";
    std::vector<std::string> words;
    std::string word;
    for (const wchar_t* p = value;; ++p) {
        if (*p == 0 || *p == L' ' || *p == L'\t' || *p == L'\r' || *p == L'\n') {
            if (!word.empty())
                words.push_back(std::move(word));
            word.clear();
            if (*p == 0)
                break;
        } else {
            word += *p < 0x80 ? static_cast<char>(*p) : '?';
        }
    }
    if (words.empty())
        return "Global";
    if (words[0] == "Global" || words[0] == "Costly")
        return words[0];
    if (words[0] == "Foreign")
        return "";  // another computer's counters: none of them are ours
    std::string list;
    for (const std::string& w : words) {
        if (w.empty() || w.size() > 10 || w.find_first_not_of("0123456789") != std::string::npos)
            continue;  // not an index (winperf's IsNumberInUnicodeList skips these too)
        const unsigned long long n = std::stoull(w);
        if (n == 0 || n > 0xFFFFFFFFull)
            continue;
        if (!list.empty())
            list += ' ';
        list += std::to_string(n);
    }
    return list;
}

// Appends the objects `query` selects of one publisher's live segment (none
// when it is not running, or its segment fails validation).
void append_publisher(const Service& service, const wpo::ObjectQuery& query, wpo::BlockBuilder& builder,
                      wpo::published::ReadScratch& scratch, std::uint32_t& objects)
{
    // Mapped until `live` goes: the segment cannot vanish while it is read.
    const auto live = service.link->current();
    if (!live)
        return;
    objects += live->view.append(builder, query, service.first_counter, scratch).objects;
}

// lodctr normally gives First Help = First Counter + 1, which is what the
// segment reader writes (help = name + 1). Where it did not, the help
// indices of our objects and counters are moved to First Help's range.
void fix_help_indices(std::byte* objects, std::size_t bytes, const Service& service)
{
    namespace O = wpo::layout::object;
    namespace C = wpo::layout::counter;
    const std::int64_t shift = std::int64_t(service.first_help) - (std::int64_t(service.first_counter) + 1);
    if (shift == 0)
        return;
    auto move = [&](std::byte* at) {
        wpo::store<std::uint32_t>(at, static_cast<std::uint32_t>(wpo::load_u32(at) + shift));
    };
    std::size_t at = 0;
    while (at + O::kSize <= bytes) {
        std::byte* object = objects + at;
        const std::uint32_t total = wpo::load_u32(object + O::kTotalByteLength);
        const std::uint32_t header = wpo::load_u32(object + O::kHeaderLength);
        const std::uint32_t counters = wpo::load_u32(object + O::kNumCounters);
        move(object + O::kHelpTitleIndex);
        std::size_t def = header;
        for (std::uint32_t i = 0; i < counters && def + C::kSize <= total; ++i) {
            move(object + def + C::kHelpTitleIndex);
            def += wpo::load_u32(object + def + C::kByteLength);
        }
        if (total == 0)
            break;
        at += total;
    }
}

DWORD collect(LPWSTR value, LPVOID* data, LPDWORD total_bytes, LPDWORD object_types)
{
    const std::uint32_t room = *total_bytes;
    *total_bytes = 0;
    *object_types = 0;
    const auto opened = services();
    if (!opened || opened->empty())
        return ERROR_SUCCESS;
    const std::string text = canonical_query(value);
    wpo::ObjectQuery query;
    if (text.empty() || !query.parse(text))
        return ERROR_SUCCESS;

    // Per call: several threads may collect at once.
    std::vector<std::byte> block;
    wpo::BlockBuilder builder(block);
    wpo::published::ReadScratch scratch;
    // The objects are built as a block; its header is not handed over.
    builder.begin({}, "");
    std::uint32_t objects = 0;
    std::vector<std::pair<std::size_t, const Service*>> starts;  // byte offset of each service's objects
    for (const Service& service : *opened) {
        starts.emplace_back(block.size(), &service);
        append_publisher(service, query, builder, scratch, objects);
    }
    builder.finish();
    if (objects == 0)
        return ERROR_SUCCESS;
    const std::uint32_t header_length = wpo::load_u32(block.data() + wpo::layout::block::kHeaderLength);
    const std::size_t size = block.size() - header_length;
    if (size > room)
        return ERROR_MORE_DATA;  // *lppData unchanged, both counts 0
    auto* out = static_cast<std::byte*>(*data);
    std::memcpy(out, block.data() + header_length, size);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t from = starts[i].first;
        const std::size_t to = i + 1 < starts.size() ? starts[i + 1].first : block.size();
        if (to > from)
            fix_help_indices(out + (from - header_length), to - from, *starts[i].second);
    }
    *data = out + size;
    *total_bytes = static_cast<DWORD>(size);
    *object_types = objects;
    return ERROR_SUCCESS;
}

}  // namespace

extern "C" {

// lpDeviceNames: the service's Linkage\Export (REG_MULTI_SZ), the publisher
// names this registration serves; NULL when there is none.
__declspec(dllexport) DWORD APIENTRY OpenPerformanceData(LPWSTR device_names)
{
    try {
        std::lock_guard lock(g_mutex);
        auto next = std::make_shared<std::vector<Service>>(g_services ? *g_services : std::vector<Service>{});
        for (const wchar_t* name = device_names; name && *name; name += std::wcslen(name) + 1) {
            const std::string publisher = narrow(name, std::wcslen(name));
            bool known = false;
            for (const Service& s : *next)
                known = known || s.publisher == publisher;
            if (known)
                continue;
            if (auto service = load_service(publisher))
                next->push_back(*service);
        }
        g_services = std::move(next);
        ++g_opens;
        return ERROR_SUCCESS;
    } catch (...) {
        return ERROR_SUCCESS;  // nothing opened; Collect then serves nothing
    }
}

__declspec(dllexport) DWORD APIENTRY
    CollectPerformanceData(LPWSTR value, LPVOID* data, LPDWORD total_bytes, LPDWORD object_types)
{
    if (!data || !*data || !total_bytes || !object_types) {
        if (total_bytes)
            *total_bytes = 0;
        if (object_types)
            *object_types = 0;
        return ERROR_SUCCESS;
    }
    try {
        return collect(value, data, total_bytes, object_types);
    } catch (...) {
        // Out of memory or worse: no data this time, the host carries on.
        *total_bytes = 0;
        *object_types = 0;
        return ERROR_SUCCESS;
    }
}

__declspec(dllexport) DWORD APIENTRY ClosePerformanceData()
{
    std::lock_guard lock(g_mutex);
    if (g_opens > 0 && --g_opens == 0)
        g_services.reset();
    return ERROR_SUCCESS;
}

}  // extern "C"
