/* sha512: evaluator/modules/hash_sha.c against FIPS 180-4's examples (the
 * empty message, "abc", the 896-bit two-block message and a million 'a's,
 * the values NIST's examples give) and against digests of messages whose
 * lengths sit at the padding boundaries (one final block or two), printed
 * by CPython 3.11's hashlib. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/modules/sha512.h"

Suite *sha512_suite(void);

static void hex(const unsigned char d[64], char out[129])
{
    for (int i = 0; i < 64; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static const struct {
    const char *msg;
    size_t len;
    const char *digest;
} fips_cases[] = {
    {"", 0, "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {"abc", 3, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 112, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
};

/* a message of length len: byte i is (7i + 3) mod 256 */
static const struct {
    size_t len;
    const char *digest;
} boundary_cases[] = {
    {0, "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {1, "e45bf5817ddf94aa2f7a407071f0eedc6beb98f768b4cd33d1176d44d1563a45a5d7212290eb7670c6786b13591aedac86478993895e8b24e612014abaa6ba04"},
    {55, "14fd424b1fcadee624da946ab03f7e1def7c0d6e00f689594319881a26ff30b875ba4c622ac13100c8cc784c9c2eb23159aecbb4a02e3999062f551193e2b256"},
    {56, "480fa85be41ef55a41208ca28ffc8743c91cf7d24758defe6f95bfb16de614fc86b701034896b047dd571de4318853d80e0809df162f1752cb26da6ddb94a0dd"},
    {111, "68cffa6d0d76f309c9ce0d35280939f8e25990c43b7b086ccdf709be35b07d4ddba599541ff2b1c19d34ea49aeafb9659adb7ac3c0b078bb30a22d57fc6687ef"},
    {112, "d0865c524d1dddf7c23b799c413f5adcd7caefd3f66a9b49750ec81066012c25a8bcf94ddea6dc525691673097ca40e0101e897fc97218cfdb0704084e2bef4b"},
    {113, "606314353bd419f9f7720e8297f2af8a9ed5f0bb0bed29b716bf18e34577623ae7effa46f496bd4282134e7e895284a4760a910d2ad8ec11e9dd75863058cd9c"},
    {127, "e0b6a20f1c0c88970a9340152cd5a1c1ecf3d3b8de55102741879438079473540133b812706e5dbec322c8c9523b6fc8c6d16ee626e87ad5fe3d2916afedc369"},
    {128, "99b16f17aa0b969a5b8f08f367719d516e330ccd2660b6f0688ec031dbc783de50a1cd185a2568dba75070a2403d17d4741d163578515dfd2ff756ddfe4d47b1"},
    {129, "a1556e29185778aa5991e34b8884c840d589f0fbb4b8ed590e51e9ac4eb03a008125000db2671f8fe7f485b59a77b518670078ecb41a54b4cd02a7f1d2ca4c6d"},
    {239, "18ee83f30261c3c645d52aee6a209105b25bba39d33845ef48984cc238e4f21661fb7bd7dd4336f71c40fe87d95e5115d6c7be52e0d3e7e7877d24500b5b58df"},
    {240, "9d60ee60d29ec4fa0b9690c04c1c29413bbe3ed345639182d9d53dcc05926b77b04f4fec1562fb85182954c96b7cbb5d5e4410251ff4f352d09a2da90419fb13"},
    {255, "c2e3bb67012f9eb526202efa59997933f7d3e75e7ded738818bc27d94977f4573afddb1b2793745701e62affa3b7a1c8262c992a321f488a6b1942a4795bab98"},
    {256, "e49c208e41556e859d1a52d14784a061c2d5ae2c8690a5360e9f9344f60861c1362a9ec05a9f08a4167b3da41bdd122a387413dd06976470e4beff5053f2ac71"},
};

START_TEST(test_fips_examples)
{
    unsigned char d[64];
    char h[129];
    for (size_t i = 0; i < sizeof fips_cases / sizeof fips_cases[0]; i++) {
        ev_sha512((const unsigned char *)fips_cases[i].msg, fips_cases[i].len, d);
        hex(d, h);
        ck_assert_str_eq(h, fips_cases[i].digest);
    }
}
END_TEST

START_TEST(test_million_a)
{
    size_t n = 1000000;
    unsigned char *m = malloc(n), d[64];
    char h[129];
    ck_assert_ptr_nonnull(m);
    memset(m, 'a', n);
    ev_sha512(m, n, d);
    free(m);
    hex(d, h);
    ck_assert_str_eq(h, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
}
END_TEST

START_TEST(test_padding_boundaries)
{
    unsigned char m[256], d[64];
    char h[129];
    for (size_t i = 0; i < sizeof m; i++)
        m[i] = (unsigned char)(i * 7 + 3);
    for (size_t i = 0; i < sizeof boundary_cases / sizeof boundary_cases[0]; i++) {
        ev_sha512(m, boundary_cases[i].len, d);
        hex(d, h);
        ck_assert_str_eq(h, boundary_cases[i].digest);
    }
}
END_TEST

Suite *sha512_suite(void)
{
    Suite *s = suite_create("sha512");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_fips_examples);
    tcase_add_test(tc, test_million_a);
    tcase_add_test(tc, test_padding_boundaries);
    suite_add_tcase(s, tc);
    return s;
}
