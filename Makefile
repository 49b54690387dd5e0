# PaySize: `make demo` checks the bundled examples, `make test` runs every test.
# Both install what they need (libzstd-dev, pkg-config; jsonschema for the tests) when missing.
SHELL := /bin/bash
SWIFT ?= swift
PAYSIZE := .build/debug/paysize

SWIFT_FORMAT ?= swift-format
# Every Swift file the project writes; `.swift-format` at the root is their style.
FORMATTED := Package.swift Sources Tests Examples Fuzz/Package.swift Fuzz/Sources Benchmarks/Package.swift Benchmarks/Sources

.PHONY: demo test deps build bench fuzz-smoke clean lint format

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
	@echo "# Examples/ServerSender: a server building an update push with LiveActivityPush"
	.build/debug/ServerSenderExample

test: deps lint
	@scripts/ensure-deps.sh --python
	$(SWIFT) build --build-tests
	$(SWIFT) test
	python3 Tests/Schemas/validate_with_jsonschema.py
	python3 Tests/Schemas/compare_with_jsonschema.py .build/jsonschema-cases .build/jsonschema-corpus-cases
	python3 Tests/Schemas/compare_cli_with_library.py $(PAYSIZE) .build/contract-agreement

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks PaySizeBenchmarks

# swift-format lint --strict: any finding fails `make test`; `make format` fixes most of them.
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMATTED)

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build

# Every libFuzzer target for FUZZ_SECONDS (default 60) each; fails on any crash, leak or timeout.
fuzz-smoke: deps
	Fuzz/smoke.sh
