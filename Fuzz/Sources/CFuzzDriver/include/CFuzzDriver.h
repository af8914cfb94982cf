// libFuzzer's driver, for a fuzz target that has its own main (linked with
// libclang_rt.fuzzer_no_main; see Package.swift).
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv`, calling `test` on every input; returns
/// libFuzzer's exit status.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
