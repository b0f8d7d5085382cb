// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * The operating system's id of the calling thread: {@code gettid()} on Linux, {@code GetCurrentThreadId()} on
 * Windows. That is the "ID Thread" counter of the Thread object (232), so a Java thread finds its own instance.
 *
 * <p>Thread-safe: both methods are about the calling thread only.
 */
public final class NativeThread {
    static {
        WPOLibrary.load();
    }

    private NativeThread() {
    }

    /**
     * The native id of the thread that calls this.
     *
     * @return the calling thread's native id
     */
    public static native long currentThreadId();

    /**
     * The calling thread's start time as the Thread object's instance identity has it (its Elapsed Time raw
     * value, a FILETIME in 100 ns units), so that it can be told from an earlier thread that had the same id.
     *
     * @return the start time, or 0 when it cannot be read
     */
    public static native long currentThreadStart();
}
