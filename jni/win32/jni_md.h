// SPDX-License-Identifier: Apache-2.0
/* jni_md.h for Windows x64, for building wpojni.dll with MinGW-w64 against a
 * Linux JDK's jni.h (no Windows JDK can be installed on the build machine;
 * docs/windows-under-wine.md §6). The same definitions as the Windows JDK's
 * include/win32/jni_md.h: on x64 __stdcall is ignored, so the Java_ exports
 * are undecorated; jint is long (32 bits on Windows), jlong 64 bits. */
#ifndef _JAVASOFT_JNI_MD_H_
#define _JAVASOFT_JNI_MD_H_

#define JNIEXPORT __declspec(dllexport)
#define JNIIMPORT __declspec(dllimport)
#define JNICALL __stdcall

typedef long jint;
typedef long long jlong;
typedef signed char jbyte;

#endif /* !_JAVASOFT_JNI_MD_H_ */
