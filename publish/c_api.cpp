// SPDX-License-Identifier: Apache-2.0
// The C API over Publisher: a perfscope_instance is a stable Instance the
// publisher keeps per slot, so C callers hold plain pointers.
#include "perfscope_publish.h"

#include "publisher.h"

#include <cstring>
#include <algorithm>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

struct perfscope_instance {
    wpo::publish::Instance instance;
};

struct perfscope_publisher {
    std::unique_ptr<wpo::publish::Publisher> publisher;
    std::vector<std::vector<perfscope_instance>> slots;  // per object, per slot
};

namespace {

void copy_error(const std::string& message, char* error, std::size_t size)
{
    if (!error || size == 0)
        return;
    const std::size_t n = std::min(size - 1, message.size());
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

perfscope_publisher* start(std::string_view text, char* error, std::size_t error_size)
{
    auto definition = wpo::published::parse_definition(text);
    if (!definition) {
        copy_error(definition.error().describe(), error, error_size);
        return nullptr;
    }
    auto publisher = wpo::publish::Publisher::start(std::move(*definition));
    if (!publisher) {
        copy_error(publisher.error().describe(), error, error_size);
        return nullptr;
    }
    auto* p = new perfscope_publisher{std::move(*publisher), {}};
    for (const auto& o : p->publisher->definition().objects)
        p->slots.emplace_back(o.max_instances > 0 ? o.max_instances : 1);
    return p;
}

bool valid_object(const perfscope_publisher* p, int object)
{
    return p && object >= 0 && static_cast<std::size_t>(object) < p->slots.size();
}

}  // namespace

extern "C" {

perfscope_publisher* perfscope_start_file(const char* path, char* error, size_t error_size)
{
    if (!path) {
        copy_error("no definition file given", error, error_size);
        return nullptr;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        copy_error(std::string("cannot open the definition file ") + path, error, error_size);
        return nullptr;
    }
    // Definitions are small: a cap keeps a wrong path (a device, a huge file) harmless.
    std::string text;
    char buffer[4096];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > (1u << 20)) {
            copy_error(std::string("definition file ") + path + " is larger than 1 MiB", error, error_size);
            return nullptr;
        }
    }
    return start(text, error, error_size);
}

perfscope_publisher* perfscope_start_text(const char* text, char* error, size_t error_size)
{
    if (!text) {
        copy_error("no definition given", error, error_size);
        return nullptr;
    }
    return start(text, error, error_size);
}

void perfscope_stop(perfscope_publisher* publisher)
{
    delete publisher;
}

int perfscope_find_object(const perfscope_publisher* p, const char* name)
{
    if (!p || !name)
        return -1;
    const auto i = p->publisher->find_object(name);
    return i ? static_cast<int>(*i) : -1;
}

int perfscope_find_counter(const perfscope_publisher* p, int object, const char* name)
{
    if (!valid_object(p, object) || !name)
        return -1;
    const auto i = p->publisher->find_counter(static_cast<std::size_t>(object), name);
    return i ? static_cast<int>(*i) : -1;
}

perfscope_instance* perfscope_values(perfscope_publisher* p, int object)
{
    if (!valid_object(p, object))
        return nullptr;
    auto values = p->publisher->values(static_cast<std::size_t>(object));
    if (!values.valid())
        return nullptr;
    perfscope_instance& slot = p->slots[static_cast<std::size_t>(object)][0];
    slot.instance = values;
    return &slot;
}

perfscope_instance* perfscope_add_instance(perfscope_publisher* p, int object, const char* name)
{
    if (!valid_object(p, object) || !name)
        return nullptr;
    auto instance = p->publisher->add_instance(static_cast<std::size_t>(object), name);
    if (!instance)
        return nullptr;
    perfscope_instance& slot = p->slots[static_cast<std::size_t>(object)][instance->position()];
    slot.instance = *instance;
    return &slot;
}

void perfscope_remove_instance(perfscope_publisher* p, perfscope_instance* instance)
{
    if (!p || !instance)
        return;
    p->publisher->remove_instance(instance->instance);
}

void perfscope_add(perfscope_instance* instance, int counter, uint64_t amount)
{
    if (instance && counter >= 0)
        if (auto c = instance->instance.counter(static_cast<std::size_t>(counter)); c.valid())
            c.add(amount);
}

void perfscope_set(perfscope_instance* instance, int counter, uint64_t value)
{
    if (instance && counter >= 0)
        if (auto c = instance->instance.counter(static_cast<std::size_t>(counter)); c.valid())
            c.set(value);
}

uint64_t perfscope_get(const perfscope_instance* instance, int counter)
{
    if (instance && counter >= 0)
        if (auto c = instance->instance.counter(static_cast<std::size_t>(counter)); c.valid())
            return c.get();
    return 0;
}

void perfscope_begin_update(perfscope_instance* instance)
{
    if (instance && instance->instance.valid())
        instance->instance.begin_update();
}

void perfscope_end_update(perfscope_instance* instance)
{
    if (instance && instance->instance.valid())
        instance->instance.end_update();
}

}  // extern "C"
