// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * A native handle that its owner releases once: on {@link #close()}, or through a {@link Cleaner} when the owner
 * becomes unreachable unclosed. The release action must not refer to the owner (it would never become
 * unreachable): pass a static method such as {@code JWPOSnapshot::destroySnapshot}.
 */
final class OwnedHandle {
    private static final Cleaner CLEANER = Cleaner.create();

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
}
