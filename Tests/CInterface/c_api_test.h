/* The groups of checks of c_api_test (one file each), run in order by c_api_test.c. */
#ifndef C_API_TEST_H
#define C_API_TEST_H

#include "bwwalkthrough.h"
#include "check.h"

/* A walkthrough of 3 pages (3, 20 and 0 subviews) with known values at x = 50. */
extern const char *const small_walkthrough;

void known_values(void);
void scenario(const char *path);
void errors(void);
void limits(void);
void versions(void);
void alphas(void);
void layouts(void);
void directions(void);
void page_extent(void);

#endif
