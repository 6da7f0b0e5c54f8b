#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/targets/*.swift) into .build/fuzz/<opt>/bin/fuzz-<target>.
#
#   bash fuzz/build.sh                 optimized (-O): the compile takes minutes, fuzzing runs 2-5x faster
#   FUZZ_OPT=-Onone bash fuzz/build.sh a quick build for short runs (CI)
#
# swiftc straight, not SwiftPM: the library targets are compiled once more with coverage for
# libFuzzer (-sanitize=fuzzer) and AddressSanitizer, and with -enable-testing so the entries
# (Tests/FuzzTests/Entries) reach internal parsers as the unit tests do; the normal `swift build`
# and `swift test` never see any of it. libFuzzer and ASan come with the Swift toolchain
# (lib/clang/*/lib/linux/libclang_rt.fuzzer*, libclang_rt.asan*); nothing else is needed.
# A module is compiled again only when one of its sources, or a module before it, is newer.
set -euo pipefail
cd "$(dirname "$0")/.."
# Absolute source paths: the entries find the repository's data files from their #filePath.
ROOT=$PWD

SWIFTC=${SWIFTC:-swiftc}
OPT=${FUZZ_OPT:--O}
OUT=.build/fuzz/${OPT#-}
mkdir -p "$OUT/modules" "$OUT/obj" "$OUT/bin"

flags=("$OPT" -gline-tables-only -sanitize=fuzzer,address -swift-version 6 -enable-testing
    -module-cache-path "$OUT/module-cache" -I "$OUT/modules")
# The C modules the libraries import (their module maps name the libraries to link).
for c in CLZMA CQPDF CGnuTLS CLibXML2 CLeptonica; do flags+=(-I "Sources/$c"); done
for dir in $(pkg-config --cflags-only-I gnutls libqpdf liblzma libxml-2.0 2>/dev/null); do flags+=(-Xcc "$dir"); done

# The toolchain's lld links without the GNU gold warnings about ASan's local symbols.
link_flags=()
if [ -x "$(dirname "$(command -v "$SWIFTC")")/ld.lld" ]; then link_flags+=(-use-ld=lld); fi

built=()  # objects so far, in dependency order

# module NAME SOURCE...: one object and one .swiftmodule per library module, whole-module optimized.
module() {
    local name=$1
    shift
    local object="$OUT/obj/$name.o"
    if [ -f "$object" ] && [ -z "$(find "$@" "${built[@]}" -newer "$object" 2>/dev/null | head -1)" ]; then
        built+=("$object")
        return
    fi
    echo "fuzz: compiling $name"
    "$SWIFTC" "${flags[@]}" -parse-as-library -wmo -c -module-name "$name" \
        -emit-module-path "$OUT/modules/$name.swiftmodule" "$@" -o "$object"
    built+=("$object")
}

module PPShared "$ROOT"/Sources/PPShared/*.swift
module Records "$ROOT"/Sources/Records/*.swift
module Digest "$ROOT"/Sources/Digest/*.swift
module JPEGMarkers "$ROOT"/Sources/JPEGMarkers/*.swift
module CardCheck "$ROOT"/Sources/CardCheck/*.swift
module EInvoiceXML "$ROOT"/Sources/EInvoiceXML/*.swift
module Lexicons "$ROOT"/Sources/Lexicons/*.swift
mapfile -t extract_sources < <(find "$ROOT/Sources/Extract" -name '*.swift' | sort)
module Extract "${extract_sources[@]}"
# Leptonica is bound at run time by PixImage (no library to link); pp-pages reads PNG and TIFF through it.
module PixImage "$ROOT"/Sources/PixImage/*.swift
module Pages "$ROOT"/Sources/Pages/*.swift
module FuzzEntries "$ROOT"/Tests/FuzzTests/Entries/*.swift

for target in "$ROOT"/fuzz/targets/*.swift; do
    name=$(basename "$target" .swift)
    binary="$OUT/bin/fuzz-$name"
    if [ -f "$binary" ] && [ -z "$(find "$target" "${built[@]}" -newer "$binary" | head -1)" ]; then continue; fi
    echo "fuzz: linking fuzz-$name"
    "$SWIFTC" "${flags[@]}" "${link_flags[@]}" -parse-as-library -module-name "Fuzz_${name//-/_}" \
        "$target" "${built[@]}" -o "$binary"
done
