/* A processor class, as kprof_counts_class_by_signature finds it (its name:
 * kprof_counts_class_name(info->id)). */
typedef struct kprof_counts_class_info {
	kprof_counts_class id;
} kprof_counts_class_info;

/* What a profile source's select counts on one processor: the HAL programs one select per
 * source for every processor of a vendor, and on other families than the one a table was
 * written for the same event code can mean something else. A verdict (kprof_counts_verdict),
 * the vendor's name for the event and where the verdict comes from, per processor class
 * (kprof_counts_class: vendor and family/model/stepping ranges). Pure functions of their
 * arguments. */
typedef struct kprof_counts_entry {
	kprof_counts_verdict status; /* the verdict */
	kprof_counts_class cpu_class; /* the class judged, KPROF_COUNTS_CLASS_NONE when none matched */
	const char *event; /* the vendor's name for the event (and unit mask), NULL when none */
	const char *basis; /* where the verdict comes from, e.g. "libpfm4 amd64_k8_revf" */
	const char *caveat; /* why the select counts nothing, or nothing right, on this class, in
	                       words (the northbridge events on family 15h and later, PMCx080/081
	                       on family 17h and later); NULL when the spec records none */
} kprof_counts_entry;
