#ifndef PAYSIZE_CZLIB_SHIM_H
#define PAYSIZE_CZLIB_SHIM_H

#include <zlib.h>

#endif
