// SPDX-License-Identifier: Apache-2.0
/** A user's application as a named module, linked with org.perfscope.wpo into a runtime image by jlink. */
module org.perfscope.jlinkapp {
    requires org.perfscope.wpo;
    // Optional, as the library's own: the image with only java.base runs the Sampler part.
    requires static java.management;
    requires static jdk.jfr;
}
