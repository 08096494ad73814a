/* Little-endian loads and stores, byte by byte: decoders read buffers that came from
 * hardware, files or other hosts, so they never depend on host order or alignment. */
KPROF_API uint16_t kprof_load_le16(const uint8_t *p);
KPROF_API uint32_t kprof_load_le32(const uint8_t *p);
KPROF_API uint64_t kprof_load_le64(const uint8_t *p);
KPROF_API void kprof_store_le16(uint8_t *p, uint16_t v);
KPROF_API void kprof_store_le32(uint8_t *p, uint32_t v);
KPROF_API void kprof_store_le64(uint8_t *p, uint64_t v);
/* UTF-16LE text, units code units at p (byte by byte, no terminator needed), as NUL-terminated
 * UTF-8 in out (out_size bytes, NUL included; 3 bytes per unit and the NUL always suffice).
 * Unpaired surrogates become U+FFFD. *out_len (may be NULL) gets the bytes written, NUL
 * excluded. KPROF_E_BUFFER_TOO_SMALL: out holds the longest whole-character prefix that fits.
 * Windows' own strings (PROFILE_SOURCE_INFO descriptions) and UTF-16 files go through it. */
KPROF_API kprof_status kprof_utf16le_to_utf8(const void *p, size_t units, char *out, size_t out_size,
                                             size_t *out_len);
/* The walkers behind the generated struct macros (kprof_<s>_decode, _encode and _widen, which
 * are the way to call them): a struct's size and its rows of the implementation's runs or
 * moves tables. Internal. */
KPROF_API kprof_status kprof_impl_struct_decode(const void *buf, size_t len, void *out, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API kprof_status kprof_impl_struct_encode(const void *in, void *buf, size_t len, size_t size,
                                                unsigned first, unsigned nruns);
KPROF_API void kprof_impl_struct_widen(const void *in, void *out, size_t size, unsigned first, unsigned nmoves);
