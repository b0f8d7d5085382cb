// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * A failure of the native library, with its code ({@link WPOError}) and a message naming the problem.
 *
 * <p>Thread-safety: immutable once thrown, safe to pass between threads.
 */
public class WPOException extends RuntimeException {
    /** The serialised form's version. */
    private static final long serialVersionUID = 1L;
    /** The negative code ({@link WPOError}). */
    private final int code;

    /**
     * An exception with a native code and a message.
     *
     * @param code the negative code ({@link WPOError})
     * @param message what failed, naming the argument or path at fault
     */
    public WPOException(int code, String message) {
        super(message);
        this.code = code;
    }

    /**
     * The code as the native methods return it.
     *
     * @return the negative code ({@link WPOError}'s {@code int} constants)
     */
    public int code() {
        return code;
    }

    /**
     * The code as an enum constant.
     *
     * @return {@link WPOError.Code#of(int)} of {@link #code()}
     */
    public WPOError.Code errorCode() {
        return WPOError.Code.of(code);
    }
}
