# Thin wrapper over CMake. `make play` and `make test` are the two commands of README.
BUILD ?= build
SAN_BUILD ?= build-san
FUZZ_BUILD ?= build-fuzz
BENCH_BUILD ?= build-bench
RELEASE_BUILD ?= build-release
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# cmake --build runs make again: no "Entering directory" lines between the build's own.
MAKEFLAGS += --no-print-directory

.PHONY: all deps build build-tests install test test-fast soak test-san test-release format-check \
	play clean fuzz valgrind bench computer-strength

all: build

# Every package of every target (Debian; elsewhere a note of what seems missing).
deps:
	@bash scripts/deps.sh --all

# The program alone (build/murk): `make play` needs no test program.
build:
	@bash scripts/deps.sh
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The program and the test programs (the `tests` target of CMakeLists.txt).
build-tests: build
	@bash scripts/deps.sh --test
	@cmake --build $(BUILD) -j $(JOBS) --target tests

# Install like any Unix program: PREFIX/bin/murk, the missions in PREFIX/share/murk/missions,
# the man page murk(6) and the bash completion (DESTDIR for staged installs).
PREFIX ?= /usr/local
install: build
	@DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

# The suite, JOBS tests at once; a failing test's output is shown. The statistical tests
# (labelled soak) play their short counts here; at most three minutes on two cores.
CTEST = ctest -j $(JOBS) --output-on-failure --timeout 600
test: build-tests
	@cd $(BUILD) && $(CTEST)

# The edit-compile loop, at most a minute on two cores: all but the tests labelled slow
# (the tmux tests, the crash loop).
test-fast: build-tests
	@cd $(BUILD) && $(CTEST) -LE slow

# The statistical tests' long runs (MURK_SOAK=1): the twin test's 200,000 command tries, the
# crash loop's 240 kills, the leak watcher's and the players' long runs. .ci/run runs it.
soak: build-tests
	@cd $(BUILD) && MURK_SOAK=1 $(CTEST) --timeout 1800 -L soak

# The same suite built with AddressSanitizer and UndefinedBehaviorSanitizer (light counts).
test-san:
	@bash scripts/deps.sh --test
	@cmake -S . -B $(SAN_BUILD) -DMURK_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(SAN_BUILD) -j $(JOBS) --target tests
	@cd $(SAN_BUILD) && $(CTEST) --timeout 900

# The suite on a Release build (-O3 -DNDEBUG): the optimiser sees more, and warnings stay
# errors. The tests labelled slow (the tmux front-end, the SIGKILL loop: seconds of polling
# that test the same program code as `make test`) are left to `make test` and test-san.
test-release:
	@bash scripts/deps.sh --test
	@cmake -S . -B $(RELEASE_BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(RELEASE_BUILD) -j $(JOBS) --target tests
	@cd $(RELEASE_BUILD) && $(CTEST) -LE slow

# Every C file as clang-format writes it (scripts/format-check.sh).
format-check:
	@bash scripts/deps.sh --format
	@bash scripts/format-check.sh

# libFuzzer targets (tests/fuzz), each for FUZZ_SECONDS, FUZZ_JOBS at once; needs clang
# (installed as root).
fuzz:
	@bash scripts/deps.sh
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_BUILD=$(FUZZ_BUILD) bash scripts/fuzz.sh

# Unit tests and scripted games under valgrind memcheck (normal build).
valgrind: build-tests
	@bash scripts/deps.sh --all
	@BUILD=$(BUILD) bash scripts/valgrind.sh

# Benchmarks (bench/, docs/performance.md): a Release build with link-time optimisation (the
# rules call small functions of other files millions of times a game), then every bench program.
# Warnings stay warnings here: -O3 sees more than the checked builds, and a figure should not
# wait for them (make build and make test-san keep -Werror).
bench:
	@bash scripts/deps.sh
	@bash scripts/deps.sh --bench
	@cmake -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release -DMURK_BENCH=ON -DMURK_WERROR=OFF \
		-DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON \
		$(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BENCH_BUILD) -j $(JOBS) --target benches
	@for b in $(BENCH_BUILD)/*_bench; do echo "== $$b"; $$b || exit 1; done

# The computer opponent's strength table of docs/performance.md (GAMES per mission, seat and
# pairing; some ten minutes for 1000): not part of the tests.
GAMES ?= 1000
computer-strength: build
	@MURK=./$(BUILD)/murk bash scripts/computer-strength.sh $(GAMES)

play: build
	@./$(BUILD)/murk play $(ARGS)

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD) $(BENCH_BUILD) $(RELEASE_BUILD)
