# Thin wrapper over CMake. `make play` and `make test` are the two commands of README.
BUILD ?= build
SAN_BUILD ?= build-san
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build test test-san play clean fuzz valgrind

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

# libFuzzer targets (tests/fuzz), each for FUZZ_SECONDS; needs clang (installed as root).
fuzz: deps
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=$(FUZZ_BUILD) bash scripts/fuzz.sh

# Unit tests and scripted games under valgrind memcheck (normal build).
valgrind: build
	@BUILD=$(BUILD) bash scripts/valgrind.sh

play: build
	@./$(BUILD)/murk play $(ARGS)

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD)
