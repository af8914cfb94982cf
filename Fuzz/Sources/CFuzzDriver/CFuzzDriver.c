// Only the header matters: LLVMFuzzerRunDriver is defined in libFuzzer.
#include "CFuzzDriver.h"
