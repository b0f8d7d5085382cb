// SPDX-License-Identifier: Apache-2.0
// The publishing library against the platform's real shared memory (files
// in a temporary directory on Linux, named file mappings under Wine): what a
// publisher writes is what the reader serves; instances come and go; names
// are exclusive; a publisher that stops (or dies, on Linux) leaves nothing.
#include "format/block_view.h"
#include "format/counter_type.h"
#include "perfscope_publish.h"
#include "published/segment_names.h"
#include "published_reader.h"
#include "publisher.h"
#include "segment_image.h"

#include <gtest/gtest.h>

#ifndef _WIN32
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace wpo {
namespace {

using publish::Publisher;

struct Fixture {
    std::string dir = test::segment_directory();
    std::string name = test::unique_publisher("PublisherTest");
    publish::PublisherOptions options() const { return {.directory = dir.empty() ? "/dev/shm" : dir}; }
    published::Definition definition() const
    {
        auto d = test::test_definition();
        d.publisher = name;
        return d;
    }
    ~Fixture()
    {
        if (!dir.empty())
            std::filesystem::remove_all(dir);
    }
};

std::uint64_t value_of(const ObjectView& o, const CounterBlock& block, std::uint32_t position)
{
    return block.value(o.counter(position));
}

TEST(Publisher, WhatItWritesIsWhatTheReaderServes)
{
    Fixture f;
    auto pub = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(pub.ok()) << pub.error().describe();
    test::PublishedReader reader(f.dir, f.name);
    const std::uint32_t base = reader.base();
#ifndef _WIN32
    EXPECT_EQ((*pub)->index_base(), base);
    EXPECT_EQ(base, published::kLinuxFirstIndex);  // the first slot of a fresh directory
#endif
    const auto alpha = (*pub)->values(0);
    ASSERT_TRUE(alpha.valid());
    alpha.counter(0).set(41);
    alpha.counter(0).add();
    alpha.counter(1).add(1'000'000'000'000);
    alpha.update([&] {
        alpha.counter(2).set(1);
        alpha.counter(3).set(4);
    });
    EXPECT_FALSE(alpha.counter(4).valid());
    EXPECT_FALSE((*pub)->values(1).valid());  // Beta has instances

    auto block = reader.read("Global");
    ASSERT_TRUE(block);
    auto view = BlockView::parse(*block);
    ASSERT_TRUE(view.ok()) << view.error().describe();
    auto o = view->find_object(base);
    ASSERT_TRUE(o);
    EXPECT_EQ(value_of(*o, o->counter_block(), 0), 42u);
    EXPECT_EQ(value_of(*o, o->counter_block(), 1), 1'000'000'000'000u);
    EXPECT_EQ(value_of(*o, o->counter_block(), 2), 1u);
    EXPECT_EQ(value_of(*o, o->counter_block(), 3), 4u);
}

TEST(Publisher, InstancesComeAndGo)
{
    Fixture f;
    auto pub = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(pub.ok()) << pub.error().describe();
    test::PublishedReader reader(f.dir, f.name);
    const std::uint32_t beta = reader.base() + 2 * 5;
    auto instances = [&] {
        std::vector<std::pair<std::string, std::uint64_t>> out;
        auto block = reader.read(std::to_string(beta));
        if (!block)
            return out;
        auto view = BlockView::parse(*block);
        EXPECT_TRUE(view.ok());
        auto o = view->find_object(beta);
        EXPECT_TRUE(o);
        for (const auto& i : o->instances())
            out.emplace_back(i.name(), value_of(*o, i.counters(), 0));
        return out;
    };
    using Rows = std::vector<std::pair<std::string, std::uint64_t>>;
    EXPECT_EQ(instances(), Rows{});
    auto a = (*pub)->add_instance(1, "a");
    auto b = (*pub)->add_instance(1, "b");
    ASSERT_TRUE(a.ok() && b.ok());
    a->counter(0).set(1);
    b->counter(0).set(2);
    EXPECT_EQ(instances(), (Rows{{"a", 1}, {"b", 2}}));
    (*pub)->remove_instance(*a);
    EXPECT_EQ(instances(), (Rows{{"b", 2}}));
    // The freed slot is reused, with values back at 0 and the new name.
    auto c = (*pub)->add_instance(1, "c");
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->position(), 0u);
    EXPECT_EQ(instances(), (Rows{{"c", 0}, {"b", 2}}));
    auto d = (*pub)->add_instance(1, "d");
    auto e = (*pub)->add_instance(1, std::string(100, 'e'));  // cut to 63 bytes
    ASSERT_TRUE(d.ok() && e.ok());
    auto full = (*pub)->add_instance(1, "f");
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().code(), Errc::too_large);
    EXPECT_EQ(instances().back().first, std::string(63, 'e'));
    EXPECT_FALSE((*pub)->add_instance(0, "alpha has none").ok());
}

TEST(Publisher, ANameIsPublishedByOneProcessAtATime)
{
    Fixture f;
    auto first = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(first.ok()) << first.error().describe();
    auto second = Publisher::start(f.definition(), f.options());
    ASSERT_FALSE(second.ok());
    EXPECT_EQ(second.error().code(), Errc::busy);
    EXPECT_NE(second.error().message().find("already running"), std::string::npos) << second.error().message();
}

TEST(Publisher, StoppingRemovesTheObjects)
{
    Fixture f;
    test::PublishedReader reader(f.dir, f.name);
    EXPECT_FALSE(reader.read("Global"));  // the reader may start first
    {
        auto pub = Publisher::start(f.definition(), f.options());
        ASSERT_TRUE(pub.ok()) << pub.error().describe();
        EXPECT_TRUE(reader.read("Global"));
    }
    EXPECT_FALSE(reader.read("Global"));
#ifndef _WIN32
    EXPECT_TRUE(std::filesystem::is_empty(f.dir));
#endif
    // ... and the name is free again.
    auto again = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(again.ok()) << again.error().describe();
    EXPECT_TRUE(reader.read("Global"));
}

TEST(Publisher, InvalidDefinitionsAreRefused)
{
    Fixture f;
    auto d = f.definition();
    d.objects[0].counters.pop_back();  // a fraction without its base
    auto pub = Publisher::start(d, f.options());
    ASSERT_FALSE(pub.ok());
    EXPECT_EQ(pub.error().code(), Errc::invalid_argument);
}

#ifndef _WIN32
// A publisher killed without closing: its pid no longer exists, so readers
// ignore the segment and remove it, and a new publisher takes the slot.
TEST(Publisher, ADeadPublishersSegmentIsIgnoredAndRemoved)
{
    Fixture f;
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0)
        _exit(0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);  // reaped: the pid is free
    {
        test::SegmentImage image(f.definition(), static_cast<std::uint32_t>(child));
        const auto path = f.dir + "/" + published::linux_segment_file(0);
        auto created = published::SharedMapping::create(path, image.plan().total_size);
        ASSERT_TRUE(created.ok());
        std::memcpy(created->data(), image.data(), image.plan().total_size);
    }
    test::PublishedReader reader(f.dir, f.name);
    EXPECT_FALSE(reader.read("Global"));
    EXPECT_TRUE(std::filesystem::is_empty(f.dir));
    auto pub = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(pub.ok()) << pub.error().describe();
    EXPECT_EQ((*pub)->index_base(), published::kLinuxFirstIndex);
}

// Updates make no system call: a child process does 3 x 100000 of them
// (add, set, grouped update) under seccomp strict mode, where any system
// call but read/write/exit kills it; the parent then sees the values in
// the shared segment.
TEST(Publisher, NoSystemCallPerUpdate)
{
#if defined(__has_feature)  // clang says it this way, g++ with the macros below
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PERFSCOPE_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__) || defined(PERFSCOPE_UNDER_SANITIZER)
    // Sanitizer runtimes make system calls (and take locks) of their own
    // inside the instrumented loop: the property is the uninstrumented code's.
    GTEST_SKIP() << "not meaningful under a sanitizer";
#endif
    Fixture f;
    auto pub = Publisher::start(f.definition(), f.options());
    ASSERT_TRUE(pub.ok()) << pub.error().describe();
    const auto alpha = (*pub)->values(0);
    auto beta = (*pub)->add_instance(1, "b");
    ASSERT_TRUE(beta.ok());
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) != 0)
            syscall(SYS_exit, 3);
        for (std::uint64_t i = 0; i < 100000; ++i) {
            alpha.counter(1).add(2);
            beta->counter(0).set(i);
            alpha.update([&] {
                alpha.counter(2).add(1);
                alpha.counter(3).add(1);
            });
        }
        syscall(SYS_exit, 0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "the child was killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                                   << ": an update made a system call";
    ASSERT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(alpha.counter(1).get(), 200000u);
    EXPECT_EQ(alpha.counter(3).get(), 100000u);
    EXPECT_EQ(beta->counter(0).get(), 99999u);
}

// Slots are claimed in order and fix the indices of each publisher.
TEST(Publisher, EachLinuxPublisherHasItsOwnIndexRange)
{
    Fixture f;
    auto one = Publisher::start(f.definition(), f.options());
    auto d = f.definition();
    d.publisher += "-2";
    auto two = Publisher::start(d, f.options());
    ASSERT_TRUE(one.ok() && two.ok());
    EXPECT_EQ((*one)->index_base(), published::linux_base(0));
    EXPECT_EQ((*two)->index_base(), published::linux_base(1));
    EXPECT_EQ(published::linux_base(1) - published::linux_base(0), published::kLinuxIndicesPerSlot);
    EXPECT_GE(published::kLinuxIndicesPerSlot, 2 * published::layout::kMaxItems);
}
#endif

TEST(CApi, PublishesFromADefinitionText)
{
    const std::string name = test::unique_publisher("CApi");
    const std::string text = "publisher = " + name +
                             "\n[object]\nname = C Object\n[counter]\nname = Hits\ntype = raw32\n"
                             "[object]\nname = C Conns\ninstances = 2\n[counter]\nname = Open\ntype = raw64\n";
    char error[256] = "unchanged";
    // The C API publishes where applications do (/dev/shm on Linux).
    perfscope_publisher* pub = perfscope_start_text(text.c_str(), error, sizeof error);
    ASSERT_NE(pub, nullptr) << error;
    const int obj = perfscope_find_object(pub, "c object");
    EXPECT_EQ(obj, 0);
    EXPECT_EQ(perfscope_find_object(pub, "nope"), -1);
    const int hits = perfscope_find_counter(pub, obj, "Hits");
    EXPECT_EQ(hits, 0);
    EXPECT_EQ(perfscope_find_counter(pub, 7, "Hits"), -1);
    perfscope_instance* v = perfscope_values(pub, obj);
    ASSERT_NE(v, nullptr);
    perfscope_set(v, hits, 5);
    perfscope_add(v, hits, 2);
    perfscope_add(v, 9, 2);  // out of range: nothing
    EXPECT_EQ(perfscope_get(v, hits), 7u);
    EXPECT_EQ(perfscope_values(pub, 1), nullptr);
    perfscope_instance* c1 = perfscope_add_instance(pub, 1, "one");
    perfscope_instance* c2 = perfscope_add_instance(pub, 1, "two");
    ASSERT_NE(c1, nullptr);
    ASSERT_NE(c2, nullptr);
    EXPECT_EQ(perfscope_add_instance(pub, 1, "three"), nullptr);
    perfscope_remove_instance(pub, c1);
    EXPECT_NE(perfscope_add_instance(pub, 1, "three"), nullptr);
    perfscope_begin_update(c2);
    perfscope_set(c2, 0, 11);
    perfscope_end_update(c2);
    EXPECT_EQ(perfscope_get(c2, 0), 11u);
    perfscope_stop(pub);
    perfscope_stop(nullptr);
    perfscope_add(nullptr, 0, 1);

    EXPECT_EQ(perfscope_start_text("publisher = x\n", error, sizeof error), nullptr);
    EXPECT_NE(std::string(error).find("no object"), std::string::npos) << error;
    EXPECT_EQ(perfscope_start_file("/no/such/file.counters", error, 8), nullptr);
    EXPECT_EQ(std::string(error).size(), 7u);  // cut to the buffer
}

}  // namespace
}  // namespace wpo
