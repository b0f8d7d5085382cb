// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.lang.ref.Cleaner;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

/**
 * A native handle that its owner releases once: on {@link #close()}, or through a {@link Cleaner} when the owner
 * becomes unreachable unclosed. The release action must not refer to the owner (it would never become
 * unreachable): pass a static method such as {@code JWPOSnapshot::destroySnapshot}.
 *
 * <p>Thread-safety: safe from any thread; the release runs once, whichever of close and the Cleaner comes first.
 */
final class OwnedHandle {
    private static final Cleaner CLEANER = Cleaner.create();
    /** Handles released so far, by close or by the Cleaner: what {@link #reclaim()} waits for. */
    private static final AtomicLong RELEASED = new AtomicLong();
    /** How long {@link #reclaim()} waits for the Cleaner at most. */
    private static final long RECLAIM_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final long RECLAIM_PAUSE_MILLIS = 10;

    private static final class Release implements Runnable {
        private final int handle;
        private final IntConsumer release;
        private final AtomicBoolean done = new AtomicBoolean();

        Release(int handle, IntConsumer release) {
            this.handle = handle;
            this.release = release;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                release.accept(handle);
                RELEASED.incrementAndGet();
            }
        }
    }

    private final int handle;
    private final Release release;
    private final Cleaner.Cleanable cleanable;

    OwnedHandle(Object owner, int handle, IntConsumer release) {
        this.handle = handle;
        this.release = new Release(handle, release);
        cleanable = CLEANER.register(owner, this.release);
    }

    int handle() {
        return handle;
    }

    boolean isClosed() {
        return release.done.get();
    }

    /** Releases the handle; closing twice is harmless. */
    void close() {
        cleanable.clean();
    }

    /**
     * Makes a handle through {@code create} (a handle, or a negative code); when the native side has none left,
     * asks the GC for unreachable, unclosed owners, lets the Cleaner release their handles, and tries once more.
     * Returns the last result.
     */
    static int createWithRetry(IntSupplier create) {
        int handle = create.getAsInt();
        if (handle == WPOError.TOO_MANY_HANDLES && reclaim()) {
            handle = create.getAsInt();
        }
        return handle;
    }

    /**
     * Runs the GC and waits until the Cleaner has released handles and stopped for a pause (or a bound has passed).
     * Whether any handle was released. A JVM run with {@code -XX:+DisableExplicitGC} ignores the request; then only
     * handles closed meanwhile count.
     */
    static boolean reclaim() {
        final long before = RELEASED.get();
        System.gc();
        final long deadline = System.nanoTime() + RECLAIM_WAIT_NANOS;
        long seen = before;
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(RECLAIM_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = RELEASED.get();
            if (now > before && now == seen) {
                break;  // the Cleaner released handles and has caught up
            }
            seen = now;
        }
        return RELEASED.get() > before;
    }
}
