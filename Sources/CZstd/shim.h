#ifndef PAYSIZE_CZSTD_SHIM_H
#define PAYSIZE_CZSTD_SHIM_H

#include <zstd.h>
#include <zstd_errors.h>
#include <zdict.h>

#endif
