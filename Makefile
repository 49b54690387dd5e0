# PaySize: `make demo` checks the bundled examples, `make test` runs every test.
# Both install what they need (libzstd-dev, zlib1g-dev, libbrotli-dev, pkg-config; jsonschema for the
# tests; for the real-client test python3-venv and, in .build/client-venv, the pinned APNs client
# libraries) when missing.
SHELL := /bin/bash
SWIFT ?= swift
PAYSIZE := .build/debug/paysize

SWIFT_FORMAT ?= swift-format
# Every Swift file the project writes; `.swift-format` at the root is their style.
# Examples/AppTests is listed by part so that its own `.build` is never linted.
APP_TESTS := Examples/AppTests
FORMATTED := Package.swift Sources Plugins Tests Examples/ServerSender $(APP_TESTS)/Package.swift $(APP_TESTS)/Sources \
	$(APP_TESTS)/Tests Fuzz/Package.swift Fuzz/Sources Benchmarks/Package.swift Benchmarks/Sources

.PHONY: demo test check check-fast test-precommit test-spark test-html deps build bench bench-logs fuzz-smoke clean lint format docs

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

demo: build
	$(PAYSIZE) check Examples/*.json
	@echo
	@echo "# The delivery update checked against the app's content-state schema"
	$(PAYSIZE) check --schema Schemas/examples/delivery.schema.json Examples/start-delivery.json
	@echo
	@echo "# Is the next ContentState safe to ship while older apps and running activities are out there?"
	$(PAYSIZE) schema diff Schemas/examples/delivery.schema.json Examples/schemas/delivery-next.schema.json
	@echo
	@echo "# Can any value of the next ContentState pass 4096 bytes? The worst case per path, and a witness that reaches it"
	$(PAYSIZE) bound Examples/schemas/delivery-limited.schema.json | sed -n '1,/^Witness/p' | sed '$$d'
	@echo
	@echo "# A bloated update: where its bytes go, every measured way to shrink it, and a plan to reach safe"
	$(PAYSIZE) suggest --target safe Examples/shrink/update-match-bloated.json
	@echo
	@echo "# A ride's route that fits as sent but not on the device, where iOS 16 writes numbers with 17 digits"
	@echo "# (headline and plan): the coordinates as integers, every point kept"
	set -o pipefail; $(PAYSIZE) suggest Examples/shrink/update-ride-route.json | sed -n '1,4p;/^Plan/,$$p'
	@echo
	@echo "# The same match as a series of updates: enums, members that never change, a trained zstd dictionary"
	@echo "# (headline, plan and redundancy; the rest is as above)"
	set -o pipefail; $(PAYSIZE) suggest --target safe Examples/shrink/match-series.jsonl | sed -n '1,4p;/^Plan/,$$p'
	@echo
	@echo "# Examples/ServerSender: a server building an update push with LiveActivityPush"
	.build/debug/ServerSenderExample

test: deps lint
	@scripts/ensure-deps.sh --python
	$(MAKE) --no-print-directory check
	@echo "# The same suites built optimized, as the library ships (make check-fast)"
	$(MAKE) --no-print-directory check-fast
	@echo "# The public-API check fails on a planted public declaration, and only on public ones"
	SWIFT=$(SWIFT) python3 Tests/API/check_api_catches_plants.py
	@echo "# The layers' arrows: an import up a layer (PaySizeJSON → PaySizeSchema → PaySize) fails the build"
	SWIFT=$(SWIFT) python3 Tests/Layers/check_layers_catch_plants.py
	@echo "# Every Swift snippet of the README and the DocC articles compiles"
	SWIFT=$(SWIFT) python3 Tests/Snippets/check_snippets.py
	@echo "# Apple availability: no API newer than the declared minimum without a guard"
	python3 scripts/check-availability.py
	python3 Tests/Availability/check_availability_catches_plants.py
	Tests/Availability/typecheck_activitykit_overloads.sh
	@echo "# $(APP_TESTS): an app's test target using PaySizeTesting"
	$(SWIFT) build --package-path $(APP_TESTS) --build-tests
	$(SWIFT) test --package-path $(APP_TESTS)
	@echo "# $(APP_TESTS): swift package paysize, the command plugin, with the tool's exit status and write permission"
	SWIFT=$(SWIFT) python3 Tests/Plugin/check_plugin.py
	@echo "# The pre-commit hooks through pre-commit try-repo: a bad payload and schema fail, good ones pass"
	$(MAKE) --no-print-directory test-precommit
	@echo "# The CI workflow and the install script install every package Package.swift names"
	python3 Tests/Workflow/check_workflow_packages.py
	python3 Tests/Schemas/validate_with_jsonschema.py
	python3 Tests/Schemas/compare_with_jsonschema.py .build/jsonschema-cases .build/jsonschema-corpus-cases
	python3 Tests/Schemas/compare_cli_with_library.py $(PAYSIZE) .build/contract-agreement
	@echo "# The official JSON-Schema-Test-Suite (draft 2020-12) through paysize check --schema"
	python3 Tests/Schemas/run_json_schema_test_suite.py $(PAYSIZE)
	python3 Tests/Schemas/run_json_schema_test_suite.py $(PAYSIZE) --codepoints
	@echo "# Live Activity bodies built offline by real APNs clients (pinned kalyke-apns, aioapns), checked"
	Tests/Clients/run.sh $(PAYSIZE)
	$(MAKE) --no-print-directory test-html
	$(MAKE) --no-print-directory docs

# The inner loop: the tests' naming style, build, the public API against API/*.public.txt, and
# every Swift test of the package. Installs nothing (`make deps` does); `make test` runs it and
# everything else. About 2 to 2.5 minutes warm on the 2-core build machine (build and API lists
# 20 s, the tests 100 to 120 s), 4 to 5 minutes from a clean build.
check:
	python3 scripts/check-test-names.py
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check=error
	python3 scripts/check-api.py
	$(SWIFT) test --skip-build

# The suites that start no other process: every Swift test but the command-line end-to-end suites
# (they run the built `paysize`), the zstd CLI comparison and the snippets compiled with swiftc.
# Built optimized (as the library ships) with testable imports, in its own build directory so it
# never invalidates the debug or release builds: the same tests then also check the optimizer's
# reading of the unsafe fast paths. Under a minute warm on the 2-core build machine (the build
# check and about 35 s of tests); about 4 minutes from a clean build. `make test` runs it too.
PROCESS_TESTS := CheckCommand|LogCheckTests|BaselineCommandTests|BoundCommandTests|ContractCommandTests|\
	SchemaOptionCommandTests|SchemaReferenceCommandTests|SuggestCommandTests|ServerSenderExampleTests|\
	ZstdCommandLineCompatibility|snippetsCompileAndDecodeWhatTheStrategyWrote|\
	enumSnippetsCompileAndDecodeAnUnknownValue|theScaledIntegerSnippetDecodesBothFormsIntoTheSameValues
FAST := -c release -Xswiftc -enable-testing --scratch-path .build/check-fast
check-fast:
	$(SWIFT) build $(FAST) --build-tests
	$(SWIFT) test $(FAST) --skip-build --skip '$(PROCESS_TESTS)'

# .pre-commit-hooks.yaml through `pre-commit try-repo` of this repository on a scratch repository
# (Tests/PreCommit/run.sh); pre-commit is pinned in .build/precommit-venv, installed once. The first
# hook run builds the tool in pre-commit's own clone, as a user's first commit does.
test-precommit: deps
	$(SWIFT) build --product paysize
	Tests/PreCommit/run.sh $(PAYSIZE)

# Examples/spark's job under Spark in local[2] mode (PySpark and Java 17+ installed when missing):
# a 200 000-push log cut into 2 MiB splits, a folder with a .zst part, failing splits; the merged
# summaries must equal `paysize check --summary` of the same bytes, field for field.
test-spark: deps
	@scripts/ensure-deps.sh --spark
	$(SWIFT) build --product paysize
	python3 Tests/Spark/test_spark_job.py $(PAYSIZE)

# The `--format html` reports in a real browser (Debian's chromium, installed when missing): each
# rendered headless at 1280 and 390 px through the DevTools protocol; no console error, no request,
# treemap areas proportional to the bytes, a PNG that is not blank. The PNGs stay in
# .build/html-report (CI artifacts). `HTML_PICTURE=Docs/report-suggest.png` also redraws the README's.
test-html: deps
	@scripts/ensure-deps.sh --chromium
	$(SWIFT) build --product paysize
	python3 Tests/HTML/check_html_reports.py $(PAYSIZE) .build/html-report $(if $(HTML_PICTURE),--picture $(HTML_PICTURE))

bench: deps
	PAYSIZE_INTERNAL_PRODUCTS=1 $(SWIFT) run -c release --package-path Benchmarks PaySizeBenchmarks

# The DocC site in .build/docs, from every Sources/<Module>/<Module>.docc catalog, without a package
# plugin: symbol graphs by swift-symbolgraph-extract, `docc convert --warnings-as-errors` (a broken
# link fails), then every public symbol and article must be in a Topics group. Open it with
# `python3 -m http.server --directory .build/docs` and http://localhost:8000/documentation/paysize.
docs: deps
	SWIFT=$(SWIFT) scripts/build-docs.sh

# `paysize check --summary` on a generated ~500 MB log (plain and .zst) against a Python baseline
# and the C peer: Benchmarks/SimdjsonPeer (simdjson per line, on one and two threads), built when
# libsimdjson-dev and a C++ compiler are there (installed when missing, where apt-get can).
SIMDJSON_PEER := .build/simdjson-lines
bench-logs: deps
	@scripts/ensure-deps.sh --simdjson
	$(SWIFT) build -c release --product paysize
	Benchmarks/SimdjsonPeer/build.sh $(SIMDJSON_PEER)
	PAYSIZE_INTERNAL_PRODUCTS=1 $(SWIFT) run -c release --package-path Benchmarks LogBenchmark .build/release/paysize \
		--peer $(SIMDJSON_PEER)

# swift-format lint --strict: any finding fails `make test`; `make format` fixes most of them.
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMATTED)
	@# The repository stands alone: nothing in it may point at notes kept outside it.
	@if grep -rnI --exclude-dir=.build --exclude-dir=.git --exclude=Makefile -e 'FACTS\.md' -e 'STYLE\.md' -e '\.\./shared' .; then \
		echo "lint: the lines above refer to files outside the repository; cite the DocC articles instead" >&2; exit 1; fi

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMATTED)

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build $(APP_TESTS)/.build

# Every libFuzzer target for FUZZ_SECONDS (default 60) each; fails on any crash, leak or timeout.
fuzz-smoke: deps
	Fuzz/smoke.sh
