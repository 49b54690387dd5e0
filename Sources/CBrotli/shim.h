#ifndef PAYSIZE_CBROTLI_SHIM_H
#define PAYSIZE_CBROTLI_SHIM_H

#include <brotli/encode.h>
#include <brotli/decode.h>

#endif
