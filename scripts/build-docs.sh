#!/usr/bin/env bash
# Builds the DocC site under .build/docs without any package plugin. For each catalog
# Sources/<Module>/<Module>.docc: builds the module, extracts its public symbol graph with
# swift-symbolgraph-extract, runs `docc convert` with warnings as errors (a broken ``Symbol`` or
# <doc:Article> link fails), and checks that every public symbol and article is in a Topics group
# (scripts/check-docs-curation.py). The archives are merged into one static site. Every
# <doc:Article> cited in a Swift comment anywhere must name an article (check-doc-citations.py).
#
# Catalogs are converted in name order (PaySize before PaySizeTesting), each with the archives
# before it as dependencies, so a later module's documentation links to an earlier one's pages
# with a leading slash: ``/PaySize/PayloadEncoder``, <doc:/PaySize/SizeLimits>.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-docc}
SYMBOLGRAPH_EXTRACT=${SYMBOLGRAPH_EXTRACT:-swift-symbolgraph-extract}
site=.build/docs
work=.build/docs-work

# Byte order, whatever the locale: a catalog's dependencies are the ones named before it.
LC_COLLATE=C
modules=()
for catalog in Sources/*/*.docc; do
  module=$(basename "$(dirname "$catalog")")
  if [ "$(basename "$catalog" .docc)" != "$module" ]; then
    echo "$catalog: error: a module's catalog must be named after it: expected Sources/$module/$module.docc" >&2
    exit 1
  fi
  modules+=("$module")
done
if [ ${#modules[@]} -eq 0 ]; then
  echo "docs: error: no catalog found (expected Sources/<Module>/<Module>.docc)" >&2
  exit 1
fi

# Comments DocC never reads (internal code, tests, fuzz targets) cite the articles too.
python3 scripts/check-doc-citations.py Sources Tests Fuzz Benchmarks Examples

for module in "${modules[@]}"; do
  "$SWIFT" build --target "$module" >/dev/null
done
bin=$("$SWIFT" build --show-bin-path)
triple=$("$SWIFT" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

rm -rf "$work" "$site"
mkdir -p "$work"
archives=()
for module in "${modules[@]}"; do
  catalog=Sources/$module/$module.docc
  graphs=$work/symbol-graphs/$module
  mkdir -p "$graphs"
  # Public API only; members that protocols' extensions supply (`!=`, `allCases`, …) are not ours.
  # Extension blocks: what a module adds to another module's types (Swift Testing's
  # `.schemaRecordMode(_:)` trait in PaySizeTesting) gets a page under "Extended Modules";
  # without them DocC drops those members. Testing and XCTest are found in the toolchain's own
  # module folder, as the compiler finds them.
  # A module cache of its own: clang refuses a cache reached by two spellings of one path.
  # PaySize re-exports the public types of the layers below it (PaySizeJSON, PaySizeSchema):
  # they are documented as PaySize's, where an app meets them.
  reexported=()
  [ "$module" = PaySize ] && reexported=(-experimental-allowed-reexported-modules=PaySizeJSON,PaySizeSchema)
  "$SYMBOLGRAPH_EXTRACT" -module-name "$module" -target "$triple" \
    -I "$bin/Modules" -I "$bin" -module-cache-path .build/docs-module-cache "${reexported[@]}" \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols -output-dir "$graphs"
  archive=$work/$module.doccarchive
  dependencies=()
  for earlier in "${modules[@]}"; do
    [ "$earlier" = "$module" ] && break
    dependencies+=(--dependency "$work/$earlier.doccarchive")
    # What this module adds to an earlier one's types is left to the catalog's prose: DocC would
    # page it as an extended module named like the earlier one, and that page would hide the
    # earlier module's articles from <doc:/PaySize/SizeLimits> links.
    rm -f "$graphs/$module@$earlier.symbols.json"
  done
  # DocC prints its diagnostics on standard output, each file named relative to the catalog: name
  # it from the package root, and drop the blank lines it prints when there is nothing to say.
  "$DOCC" convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-path "$archive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --warnings-as-errors --transform-for-static-hosting \
    --enable-experimental-external-link-support "${dependencies[@]}" |
    awk -v catalog="$catalog" 'NF { seen = 1 }
      seen { if (sub(/--> /, "--> " catalog "/")) sub(/[^\/]+\.docc\/\.\.\//, ""); print }'
  python3 scripts/check-docs-curation.py "$catalog" "$archive"
  archives+=("$archive")
done

# One catalog is the site; several are merged under a landing page listing them.
if [ ${#archives[@]} -eq 1 ]; then
  mv "${archives[0]}" "$site"
  start=documentation/$(echo "${modules[0]}" | tr '[:upper:]' '[:lower:]')/
else
  "$DOCC" merge "${archives[@]}" --output-path "$site" --synthesized-landing-page-name PaySize >/dev/null
  start=documentation/
fi
# DocC's web app has no page at the site's root: send a visitor on to the documentation.
cat >"$site/index.html" <<HTML
<!doctype html>
<html lang="en-US"><head><meta charset="utf-8"><title>PaySize documentation</title>
<meta http-equiv="refresh" content="0; url=$start"></head>
<body><p><a href="$start">PaySize documentation</a></p></body></html>
HTML
echo "docs: $site (${modules[*]}); serve it with 'python3 -m http.server --directory $site' and open http://localhost:8000/"
