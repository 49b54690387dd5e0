# PaySize: `make demo` checks the bundled examples, `make test` runs every test.
# Both install what they need (libzstd-dev, pkg-config; jsonschema for the tests) when missing.
SHELL := /bin/bash
SWIFT ?= swift
PAYSIZE := .build/debug/paysize

.PHONY: demo test deps build bench fuzz-smoke clean

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

test: deps
	@scripts/ensure-deps.sh --python
	$(SWIFT) build --build-tests
	$(SWIFT) test
	python3 Tests/Schemas/validate_with_jsonschema.py
	python3 Tests/Schemas/compare_with_jsonschema.py .build/jsonschema-cases

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks PaySizeBenchmarks

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build

# Every libFuzzer target for FUZZ_SECONDS (default 60) each; fails on any crash, leak or timeout.
fuzz-smoke: deps
	Fuzz/smoke.sh
