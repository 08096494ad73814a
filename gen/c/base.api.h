/* Little-endian loads and stores, byte by byte: decoders read buffers that came from
 * hardware, files or other hosts, so they never depend on host order or alignment. */
KPROF_API uint16_t kprof_load_le16(const uint8_t *p);
KPROF_API uint32_t kprof_load_le32(const uint8_t *p);
KPROF_API uint64_t kprof_load_le64(const uint8_t *p);
KPROF_API void kprof_store_le16(uint8_t *p, uint16_t v);
KPROF_API void kprof_store_le32(uint8_t *p, uint32_t v);
KPROF_API void kprof_store_le64(uint8_t *p, uint64_t v);
