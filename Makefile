# Thin wrapper over CMake. `make play` and `make test` are the two commands of README.
BUILD ?= build
SAN_BUILD ?= build-san
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build test test-san play clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest -V --timeout 600

# The same suite built with AddressSanitizer and UndefinedBehaviorSanitizer.
test-san: deps
	@cmake -S . -B $(SAN_BUILD) -DMURK_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(SAN_BUILD) -j $(JOBS)
	@cd $(SAN_BUILD) && ctest -V --timeout 900

play: build
	@./$(BUILD)/murk play $(ARGS)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
