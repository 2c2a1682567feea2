/* The generators the C core's Monte Carlo runs draw from (section 2.9 equity, section 13.6 ranges):
   splitmix64 seeds the four words of a xoshiro256** state. Shared by evaluator.c and ranges.c. */
#ifndef PH_RNG_H
#define PH_RNG_H

#include <stdint.h>

/* splitmix64: the next output of the stream whose state is *x. */
static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** on the four words of s. */
static inline uint64_t next64(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

#endif
