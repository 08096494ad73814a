/* What a profile source's select counts on one processor: the HAL programs one select per
 * source for every processor of a vendor, and on other families than the one a table was
 * written for the same event code can mean something else. A verdict (kprof_counts_status),
 * the vendor's name for the event and where the verdict comes from, per processor class
 * (kprof_counts_class: vendor and family/model/stepping ranges). Pure functions of their
 * arguments. */
typedef struct kprof_source_counts {
	uint8_t status;    /* kprof_counts_status */
	uint8_t cpu_class; /* kprof_counts_class index, KPROF_COUNTS_CLASS_NONE when none matched */
	uint8_t reserved[2];
	const char *event; /* the vendor's name for the event (and unit mask), NULL when none */
	const char *basis; /* where the verdict comes from, e.g. "libpfm4 amd64_k8_revf" */
	const char *caveat; /* why the select counts nothing, or nothing right, on this class, in
	                       words (the northbridge events on family 15h and later, PMCx080/081
	                       on family 17h and later); NULL when the spec records none */
} kprof_source_counts;

/* The class of a processor: the first class whose vendor string and family/model/stepping
 * ranges match (displayed family and model, as kprof_cpuid_family/model give them), or
 * KPROF_COUNTS_CLASS_NONE. vendor is the 12-byte cpuid leaf 0 string (no NUL needed). */
KPROF_API unsigned kprof_counts_class_find(const char *vendor, uint32_t family, uint32_t model,
                                           uint32_t stepping);
/* A class's name ("K8 rev F", "Family 1Ah Zen 5"), or NULL for an index that is none. */
KPROF_API const char *kprof_counts_class_name(unsigned cpu_class);
/* The verdict for source s on processor class cpu_class. KPROF_COUNTS_UNKNOWN for a source
 * without a select (ProfileTime of the Default interface, the generic and later-Intel names),
 * for one of another table than the class judges (Amd64 rows on an Intel class), and for
 * KPROF_COUNTS_CLASS_NONE. KPROF_E_ARGUMENT for null pointers. */
KPROF_API kprof_status kprof_source_counts_for_class(unsigned cpu_class, const kprof_source *s,
                                                                   kprof_source_counts *out);
/* The verdict for source s on the processor a HAL decision describes (kprof_hal_decide): its
 * class from the vendor, family, model and stepping (KPROF_COUNTS_UNKNOWN without leaf 1 or for
 * a processor no class covers), and for an Emon source KPROF_COUNTS_ABSENT where the
 * processor's leaf 0x0A says the architectural event is missing (the HAL's own rule,
 * kprof_hal_source_supported). */
KPROF_API kprof_status kprof_source_counts_from_decision(const kprof_hal_decision *d,
                                                         const kprof_source *s,
                                                         kprof_source_counts *out);
/* kprof_source_counts_from_decision for the processor a snapshot describes. */
KPROF_API kprof_status kprof_source_counts_from_snapshot(const kprof_cpuid_snapshot *snap,
                                                         const kprof_source *s,
                                                                       kprof_source_counts *out);
