#!/bin/sh
# What a C programmer adopting eddy does with an installed copy: the build
# installed under a prefix (cmake --install, the command `make install`
# runs) and staged under DESTDIR; the layout (header, libeddy.a,
# libeddy.so -> libeddy.so.MAJOR -> libeddy.so.X.Y.Z with SONAME
# libeddy.so.MAJOR, the shell, its man page, eddy.pc, the CMake package);
# README.md's programs built against it with pkg-config (shared with an
# rpath, static with --static's flags), as C and as C++; the first program
# built with CMake's find_package(eddy) (eddy::eddy and eddy::eddy_static,
# C and C++); and eddy as a subdirectory of another CMake project
# (add_subdirectory: the library builds, none of eddy's tests come along).
# Usage: test-install.sh <build dir> <source dir>
set -u
bin=$(cd "$1" && pwd); src=$(cd "$2" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "test-install: $*" >&2; fail=1; }

p="$tmp/prefix"
cmake --install "$bin" --prefix "$p" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; exit 1; }
DESTDIR="$tmp/stage" cmake --install "$bin" --prefix /opt/eddy >"$tmp/stage.log" 2>&1 || { cat "$tmp/stage.log" >&2; exit 1; }
[ -r "$tmp/stage/opt/eddy/include/eddy.h" ] || die "DESTDIR: no $tmp/stage/opt/eddy/include/eddy.h"

# the layout
ver=$(sed -n 's/^#define EDDY_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' "$src/include/eddy.h" | paste -sd.)
major=${ver%%.*}
for f in include/eddy.h lib/libeddy.a "lib/libeddy.so.$ver" bin/eddy share/man/man1/eddy.1 lib/pkgconfig/eddy.pc \
         lib/cmake/eddy/eddyConfig.cmake lib/cmake/eddy/eddyConfigVersion.cmake lib/cmake/eddy/eddyTargets.cmake; do
  [ -e "$p/$f" ] || die "not installed: $f"
done
[ "$(readlink "$p/lib/libeddy.so")" = "libeddy.so.$major" ] || die "libeddy.so does not link to libeddy.so.$major"
[ "$(readlink "$p/lib/libeddy.so.$major")" = "libeddy.so.$ver" ] || die "libeddy.so.$major does not link to libeddy.so.$ver"
readelf -d "$p/lib/libeddy.so.$ver" | grep -q "SONAME.*\[libeddy.so.$major\]" || die "the SONAME is not libeddy.so.$major"
[ "$("$p/bin/eddy" --version)" = "eddy $ver" ] || die "the installed shell does not say 'eddy $ver'"
head -n 1 "$p/share/man/man1/eddy.1" | grep -q "\"eddy $ver\"" || die "the man page does not name version $ver"

# README.md's programs against the installed library, with pkg-config
export PKG_CONFIG_PATH="$p/lib/pkgconfig"
[ "$(pkg-config --modversion eddy)" = "$ver" ] || die "pkg-config --modversion eddy is not $ver"
static_libs=$(pkg-config --static --libs eddy | sed 's/-leddy//')
for cc in "cc" "c++ -x c++"; do
  for how in "\$(pkg-config --cflags --libs eddy) -Wl,-rpath,$p/lib" \
             "\$(pkg-config --cflags eddy) $p/lib/libeddy.a $static_libs"; do
    # (-x none after first.c: what follows are libraries, not C++ sources)
    EDDY_README_CC="$cc first.c -x none $how -o first" "$src/scripts/check-readme.sh" "$src" "$bin" ||
      die "README.md's programs do not build and run with: $cc first.c -x none $how"
  done
done

# find_package(eddy) from a CMake project, C and C++, shared and static
awk '/^```c[[:space:]]*$/ { if (++n == 1) { inb = 1; next } } inb && /^```/ { exit } inb { print }' "$src/README.md" \
  >"$tmp/first.c"
mkdir -p "$tmp/cm"
cp "$tmp/first.c" "$tmp/cm/first.c"; cp "$tmp/first.c" "$tmp/cm/first.cpp"
cat >"$tmp/cm/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.18)
project(first C CXX)
find_package(eddy 0 REQUIRED)
add_executable(first first.c)
target_link_libraries(first eddy::eddy)
add_executable(first_static first.c)
target_link_libraries(first_static eddy::eddy_static)
add_executable(first_cxx first.cpp)
target_link_libraries(first_cxx eddy::eddy_static)
CM
if cmake -S "$tmp/cm" -B "$tmp/cm/b" -DCMAKE_PREFIX_PATH="$p" >"$tmp/cm.log" 2>&1 &&
   cmake --build "$tmp/cm/b" >>"$tmp/cm.log" 2>&1; then
  for x in first first_static first_cxx; do
    out=$("$tmp/cm/b/$x" 2>&1 | sed 's/^[0-9][0-9]*> //' | sort | paste -sd' ')
    [ "$out" = "+I[ALICE] +I[BOB] +I[JOHN]" ] || die "find_package build $x printed: $out"
  done
else
  cat "$tmp/cm.log" >&2; die "find_package(eddy) project failed"
fi

# add_subdirectory: eddy inside another project builds its library only
mkdir -p "$tmp/sub"
cp "$tmp/first.c" "$tmp/sub/first.c"
cat >"$tmp/sub/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.18)
project(parent C)
enable_testing()
add_subdirectory("$src" eddy)
add_executable(first first.c)
target_link_libraries(first eddy::eddy_static)
CM
if cmake -S "$tmp/sub" -B "$tmp/sub/b" >"$tmp/sub.log" 2>&1 &&
   cmake --build "$tmp/sub/b" --target first -j2 >>"$tmp/sub.log" 2>&1; then
  out=$("$tmp/sub/b/first" 2>&1 | sed 's/^[0-9][0-9]*> //' | sort | paste -sd' ')
  [ "$out" = "+I[ALICE] +I[BOB] +I[JOHN]" ] || die "add_subdirectory build printed: $out"
  n=$(cd "$tmp/sub/b" && ctest -N | sed -n 's/^Total Tests: //p')
  [ "$n" = 0 ] || die "add_subdirectory brought $n of eddy's tests along"
else
  tail -30 "$tmp/sub.log" >&2; die "eddy as a subdirectory did not build"
fi
exit $fail
