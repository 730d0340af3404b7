#include "anchor.h"
