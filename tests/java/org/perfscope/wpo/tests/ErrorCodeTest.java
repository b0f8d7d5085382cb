// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/** The codes as an enum next to the int constants: the same set, the same values, the same names. */
class ErrorCodeTest {
    /** The public static final int fields of WPOError, by name. */
    private static Map<String, Integer> intConstants() throws IllegalAccessException {
        Map<String, Integer> constants = new TreeMap<>();
        for (Field field : WPOError.class.getFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == int.class) {
                constants.put(field.getName(), field.getInt(null));
            }
        }
        return constants;
    }

    @Test
    void everyIntHasItsConstantAndBack() throws Exception {
        Map<String, Integer> ints = intConstants();
        assertEquals(ints.size(), WPOError.Code.values().length, ints.toString());
        for (Map.Entry<String, Integer> entry : ints.entrySet()) {
            WPOError.Code code = WPOError.Code.valueOf(entry.getKey());
            assertEquals((int) entry.getValue(), code.value());
            assertSame(code, WPOError.Code.of(entry.getValue()));
            assertEquals(WPOError.describe(entry.getValue()), code.description());
            assertEquals(entry.getValue() < 0 && entry.getValue() != WPOError.ANOMALY, code.isFailure());
        }
    }

    @Test
    void countsAndUnknownCodesMap() throws Exception {
        assertSame(WPOError.Code.OK, WPOError.Code.of(17));
        int lowest = intConstants().values().stream().mapToInt(Integer::intValue).min().orElseThrow();
        assertSame(WPOError.Code.FAILURE, WPOError.Code.of(lowest - 1));
        assertSame(WPOError.Code.FAILURE, WPOError.Code.of(Integer.MIN_VALUE));
        assertFalse(WPOError.Code.ANOMALY.isFailure());
    }

    @Test
    void anExceptionCarriesBoth() {
        WPOException e = assertThrows(WPOException.class, () -> Sampler.open("\\Memory\\No Such Counter"));
        assertTrue(e.code() < 0);
        assertSame(WPOError.Code.of(e.code()), e.errorCode());
        assertEquals(e.code(), e.errorCode().value());
        WPOException made = new WPOException(WPOError.IO_ERROR, "read");
        assertSame(WPOError.Code.IO_ERROR, made.errorCode());
    }
}
