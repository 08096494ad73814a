/* Every generated struct codec (kprof_<s>_decode/_encode, listed by gen-structs.py from
 * kprof.h): short buffers are refused, an accepted buffer round-trips (encode(decode(x))
 * reproduces x byte for byte, reserved gaps included), and encode never
 * writes past the length it is given. */
#include "fuzz_common.h"

typedef kprof_status (*kf_any_decode)(const void *, size_t, void *);
typedef kprof_status (*kf_any_encode)(const void *, void *, size_t);

/* Thin wrappers give every codec one signature without casting function pointers. */
#define KF_STRUCT(n, size)                                                                 \
	static kprof_status kf_dec_##n(const void *b, size_t l, void *o)                   \
	{                                                                                  \
		return kprof_##n##_decode(b, l, (kprof_##n *)o);                            \
	}                                                                                  \
	static kprof_status kf_enc_##n(const void *i, void *b, size_t l)                   \
	{                                                                                  \
		return kprof_##n##_encode((const kprof_##n *)i, b, l);                      \
	}
#include "kf_structs.h"
#undef KF_STRUCT

static const struct kf_codec {
	const char *name;
	size_t size, obj;
	kf_any_decode dec;
	kf_any_encode enc;
} kf_codecs[] = {
#define KF_STRUCT(n, size) {#n, size, sizeof(kprof_##n), kf_dec_##n, kf_enc_##n},
#include "kf_structs.h"
#undef KF_STRUCT
        {NULL, 0, 0, NULL, NULL}};

#define KF_CODEC_COUNT (sizeof kf_codecs / sizeof kf_codecs[0] - 1)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kf_cursor c = kf_init(data, size);
	const struct kf_codec *k;
	uint8_t *in, *out, *out2;
	void *obj, *obj2;
	size_t len;
	kprof_status st;

	if (KF_CODEC_COUNT == 0)
		return 0;
	k = &kf_codecs[kf_u8(&c) % KF_CODEC_COUNT];
	in = kf_rest_copy(&c, &len);
	obj = malloc(k->obj);
	obj2 = malloc(k->obj);
	out = (uint8_t *)malloc(k->size + 16);
	out2 = (uint8_t *)malloc(k->size);
	if (!obj || !obj2 || !out || !out2)
		abort();
	st = k->dec(in, len, obj);
	if (len < k->size) {
		KF_CHECK(st == KPROF_E_TRUNCATED);
	} else {
		KF_CHECK(st == KPROF_OK);
		/* encode into a buffer one byte short: refused, and nothing written */
		memset(out, 0xEE, k->size + 16);
		KF_CHECK(k->enc(obj, out, k->size - 1) != KPROF_OK);
		for (size_t i = 0; i < k->size + 16; i++)
			KF_CHECK(out[i] == 0xEE);
		/* exact size: nothing written past it */
		KF_CHECK(k->enc(obj, out, k->size) == KPROF_OK);
		for (size_t i = k->size; i < k->size + 16; i++)
			KF_CHECK(out[i] == 0xEE);
		/* every byte survives: gaps and tails are kept as reserved bytes */
		KF_CHECK(memcmp(out, in, k->size) == 0);
		KF_CHECK(k->dec(out, k->size, obj2) == KPROF_OK);
		KF_CHECK(k->enc(obj2, out2, k->size) == KPROF_OK);
		KF_CHECK(memcmp(out, out2, k->size) == 0);
	}
	KF_CHECK(k->dec(NULL, len, obj) != KPROF_OK);
	free(in);
	free(obj);
	free(obj2);
	free(out);
	free(out2);
	return 0;
}
