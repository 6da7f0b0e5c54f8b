#include <gmime/gmime.h>
#include <fcntl.h>
