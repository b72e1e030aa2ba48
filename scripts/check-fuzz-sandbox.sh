#!/bin/sh
# The execute_sql fuzzer confines the library's file calls to a temporary
# directory by wrapping them (fuzz/fuzz_execute_sql.c). This fails the build
# when the library's linked fuzz object ($1) calls a libc function that
# reaches files, processes or the network and that the harness does not
# wrap: wrap it there (and add it to the list in CMakeLists.txt) first.
obj="$1"
bad=$(nm -u "$obj" | awk '{print $2}' | grep -E -x \
  'open64|openat|openat64|creat|creat64|fopen64|fdopen|freopen|opendir64|fdopendir|scandir|nftw|ftw|stat64|lstat64|fstatat|statx|access|faccessat|truncate|remove|renameat|renameat2|unlinkat|link|linkat|symlink|symlinkat|mkdirat|mkfifo|mknod|chmod|fchmodat|chown|lchown|utime|utimes|utimensat|mkstemp|mkstemps|mkdtemp|tmpfile|tmpnam|tempnam|realpath|chdir|dlopen|socket|connect|bind|system|popen|fork|vfork|execv|execve|execvp|execl|execlp|posix_spawn|posix_spawnp' \
  | sort -u)
if [ -n "$bad" ]; then
  echo "$obj calls file, process or network functions the fuzz sandbox does not wrap:" >&2
  echo "$bad" >&2
  exit 1
fi
