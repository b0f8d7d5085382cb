// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/** A failure of the native library, with its code ({@link WPOError}) and a message naming the problem. */
public class WPOException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    public WPOException(int code, String message) {
        super(message);
        this.code = code;
    }

    /** The negative code ({@link WPOError}). */
    public int code() {
        return code;
    }
}
