/* The walkers behind the generated struct macros (kprof_<s>_decode, _encode and _widen, which
 * are the way to call them): a struct's size and its rows of the implementation's runs or
 * moves tables. Internal. */
KPROF_API kprof_status kprof_impl_struct_decode(const void *buf, size_t len, void *out, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API kprof_status kprof_impl_struct_encode(const void *in, void *buf, size_t len, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API void kprof_impl_struct_widen(const void *in, void *out, size_t size, unsigned first, unsigned nmoves);
