#!/usr/bin/env bash
# Builds pp_<version>_<arch>.deb from tools already built (make deb builds them with the Swift runtime
# linked in, so the package needs nothing from the toolchain) and checks it with lintian.
#   packaging/deb/build.sh BIN OUT TOOL...
# BIN: the folder of the built tools; OUT: where the package and its staging tree go.
# The man pages and completions are what each tool renders from its own option table.
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=$1 out=$2
shift 2
tools=("$@")
[ ${#tools[@]} -gt 0 ] || { echo "usage: packaging/deb/build.sh BIN OUT TOOL..." >&2; exit 2; }

# Who answers for the package: set DEB_MAINTAINER="Name <address>" when publishing it.
maintainer=${DEB_MAINTAINER:-pp maintainers <pp-maintainers@example.org>}
version=$("$bin/${tools[0]}" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
# Dates in the package (man pages, changelog, file times) are the last commit's, so a tree gives the same bytes.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 1767225600)
mkdir -p "$out"
out=$(realpath "$out")
# The staging tree is debian/pp below a source-like folder, where dpkg-shlibdeps expects a package's files.
work="$out/source"
root="$work/debian/pp"
rm -rf "$work"

# Files are installed with the modes Debian expects whatever the umask; owners come from --root-owner-group.
dir() { install -d -m 755 "$root/$1"; }
dir usr/bin
dir usr/share/pp/profiles
dir usr/share/pp/lexicons
dir usr/share/pp/model
dir usr/share/man/man1
dir usr/share/bash-completion/completions
dir usr/share/zsh/vendor-completions
dir usr/share/fish/vendor_completions.d
dir usr/share/doc/pp

for tool in "${tools[@]}"; do
    install -m 755 "$bin/$tool" "$root/usr/bin/$tool"
    # Symbols are kept for readable crash reports only in the build tree: the package ships stripped tools.
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$tool"
    # SwiftPM links with RUNPATH $ORIGIN for libraries beside the tool; installed, every library is the system's.
    chrpath -d "$root/usr/bin/$tool" >/dev/null
    "$bin/$tool" --help-man | gzip -9n >"$root/usr/share/man/man1/$tool.1.gz"
    "$bin/$tool" --completion bash >"$root/usr/share/bash-completion/completions/$tool"
    "$bin/$tool" --completion zsh >"$root/usr/share/zsh/vendor-completions/_$tool"
    "$bin/$tool" --completion fish >"$root/usr/share/fish/vendor_completions.d/$tool.fish"
done
# pp-batch and pp-parallel are bash scripts with their own --help: help2man makes their pages from it.
for script in pp-batch pp-parallel; do
    install -m 755 "scripts/$script" "$root/usr/bin/$script"
    LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=$epoch help2man --locale=C.UTF-8 --no-info --no-discard-stderr --version-string="$version" --section=1 --source="pp $version" \
        --name="$(sed -n '1s/^[^—]*— //p' <(bash "scripts/$script" --help))" "$root/usr/bin/$script" |
        gzip -9n >"$root/usr/share/man/man1/$script.1.gz"
done
chmod 644 "$root"/usr/share/man/man1/* "$root"/usr/share/*/completions/* "$root"/usr/share/zsh/vendor-completions/* \
    "$root"/usr/share/fish/vendor_completions.d/*

# pp-extract (and pp-ocr's --lang auto) find their data in ../share/pp beside the executable.
install -m 644 Sources/Extract/Profiles/*.json "$root/usr/share/pp/profiles/"
install -m 644 Sources/Extract/Lexicons/*.json "$root/usr/share/pp/lexicons/"
install -m 644 Sources/Extract/Model/*.json "$root/usr/share/pp/model/"
# pp-assets trusts the release key made by `make release-key` (RELEASE_PUB names its .pub) when its
# configuration names none; a package built without one trusts only configured keys.
if [ -n "${RELEASE_PUB:-}" ] && [ -f "$RELEASE_PUB" ]; then
    install -m 644 "$RELEASE_PUB" "$root/usr/share/pp/release-key.pub"
else
    echo "note: no release key (make release-key): the package's pp-assets trusts only configured keys" >&2
fi

install -m 644 packaging/deb/copyright "$root/usr/share/doc/pp/copyright"
# A native package's changelog.
date=$(LC_ALL=C date -u -R -d "@$epoch")
printf 'pp (%s) unstable; urgency=medium\n\n  * Built from the pp repository; see its git history.\n\n -- %s  %s\n' \
    "$version" "$maintainer" "$date" | gzip -9n >"$root/usr/share/doc/pp/changelog.gz"
chmod 644 "$root/usr/share/doc/pp/changelog.gz"

# The shared libraries the tools link, as Debian package dependencies (dpkg-shlibdeps reads the ELF files).
dir DEBIAN # dpkg-shlibdeps knows the package's tree by it
printf 'Source: pp\n\nPackage: pp\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "${tools[@]/#/debian/pp/usr/bin/}" | sed -n 's/^shlibs:Depends=//p')
rm "$work/debian/control"

# OCR needs language data at run time, which no library link shows: the shipped profiles' languages and
# the orientation model are recommended; the other lexicons' languages and LibreOffice are suggested.
recommends="tesseract-ocr-eng, tesseract-ocr-osd, tesseract-ocr-deu, tesseract-ocr-srp, tesseract-ocr-srp-latn, rsync"
suggests=$(printf 'tesseract-ocr-%s, ' fra ita spa por nld pol ces slk slv hrv bos mkd hun ron bul swe dan nor fin ell)
suggests+="libreoffice-writer-nogui, libreoffice-calc-nogui, parallel"
size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: pp
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: $recommends
Suggests: $suggests
Section: utils
Priority: optional
Description: payment documents in, payment data out
 Small Unix tools that turn PDF invoices, photos and scans of paper bills,
 XML e-invoices and e-mails into payment data: the payee's account, the
 amount and the payment reference, ranked with a confidence from 0 to 2000.
 .
 pp-ingest opens the documents, pp-ocr reads pages without text with
 Tesseract, pp-extract finds the payment data, pp-pages edits a PDF's pages,
 pp-cardcheck validates payment-card input and pp-batch runs the pipeline
 over a folder. Each reads and writes JSON Lines.
EOF
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb="$out/pp_${version}_${arch}.deb"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
# Every tag lintian reports at warning level or above fails the build; the informational ones that remain
# are explained in docs/debian.md.
lintian --fail-on error,warning --display-info "$deb" >&2
