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

test: deps
	@scripts/ensure-deps.sh --python
	$(SWIFT) build --build-tests
	$(SWIFT) test
	python3 Tests/Schemas/validate_with_jsonschema.py

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks PaySizeBenchmarks

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build
