/* ---- custom profile sources (Windows 10 1803 and later) ----------------------------------
 * Windows counts an event its HAL does not list once a source is added for it: at run time
 * with NtSetSystemInformation(SystemPerformanceTraceInformation, record, length) and an
 * EVENT_TRACE_PROFILE_ADD_INFORMATION record (kprof_windows_profile_add_information), or at
 * boot from the registry (a group key under HKLM\SYSTEM\CurrentControlSet\Control\WMI\
 * ProfileSource with Architecture, Family, Model, and a subkey per source). A
 * kprof_windows_custom_source describes one source; kprof_windows_custom_source_verdict_get
 * checks it against a processor and release (a kprof_hal_decision) and says what it would
 * count; kprof_windows_custom_source_pack writes the record's exact bytes and
 * kprof_windows_custom_source_unpack reads a record back. The facts, their sources and where
 * those disagree are in spec/windows.yaml (windows_profile_add). */

/* Characters in a custom source's name: the units of the record's description field. */
#define KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX                                                  \
	(sizeof(((kprof_windows_profile_add_information *)0)->ProfileSourceDescription) /       \
	 sizeof(((kprof_windows_profile_add_information *)0)->ProfileSourceDescription[0]))

/* One custom profile source. Fill with kprof_windows_custom_source_init and
 * kprof_windows_custom_source_name_set (or by hand: every rule is checked again by
 * kprof_windows_custom_source_pack and _verdict_get). */
typedef struct kprof_windows_custom_source {
	/* The name Windows lists (the registry subkey, the record's description): NUL-terminated,
	 * 1..KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX characters of A-Z a-z 0-9 _ . - */
	char name[KPROF_WINDOWS_CUSTOM_SOURCE_NAME_MAX + 1];
	kprof_cpuid_vendor vendor; /* whose PerfEvtSel layout select uses: Intel or AMD */
	/* The event as a PerfEvtSel value: event, unit mask, edge, invert, counter mask, AnyThread
	 * (Intel), EventSelect[11:8] and Host/Guest-only (AMD). USR, OS, INT and EN are ignored
	 * (the HAL sets them); a HAL source's select or a Linux perf raw config (rNNNN) fits. */
	uint64_t select;
	uint32_t interval; /* events per sample; 0: the HAL's default for hardware sources */
	/* Family, model, stepping of the processors it applies to, which Windows compares with
	 * each processor's KPRCB CpuType, CpuModel and CpuStepping: the displayed values (the
	 * Amd64 HAL reads CpuType 0x17 for Zen; MSO-Scripts writes Win32_Processor's "Family 6
	 * Model 151"), as kprof_cpuid_family_get and kprof_cpuid_model_get give them. KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY
	 * matches every processor and ends the comparison. */
	uint32_t cpu_info_hierarchy[3];
	/* AMD: the counter bank (Windows' PerfPmuType). For the data-fabric and L3 banks select
	 * still carries the event and unit mask in the core PerfEvtSel layout; Windows moves them
	 * into that bank's select. */
	kprof_windows_pmu_type pmu_type;
	/* NONE: every core type (Windows can select no other, see the problems) */
	kprof_cpuid_core_type core_type;
	uint8_t persist; /* 1: the run-time add also writes the source to the registry */
	uint8_t reserved[3];
} kprof_windows_custom_source;

/* The values of a registry group key (HKLM\SYSTEM\CurrentControlSet\Control\WMI\
 * ProfileSource\<Group>) that decide where its sources load; a value the key does not have is
 * KPROF_WINDOWS_CPU_INFO_HIERARCHY_ANY. */
typedef struct kprof_windows_profile_group {
	uint32_t architecture; /* the kernel's vendor code (windows_profile_registry_architecture) */
	uint32_t family;       /* the processor's family, as kprof_cpuid_family_get gives it */
	uint32_t model;        /* its model, as kprof_cpuid_model_get gives it */
} kprof_windows_profile_group;

#if !defined(KPROF_NO_WINDOWS_MODEL) && !defined(KPROF_NO_COUNTS) && !defined(KPROF_NO_NAMES)
/* What kprof_windows_custom_source_verdict_get found. */
typedef struct kprof_windows_custom_source_verdict {
	kprof_windows_custom_source_problem problem; /* the first rule broken; NONE: acceptable */
	uint32_t warnings; /* kprof_windows_custom_source_warning bits */
	kprof_windows_profile_add_version version; /* the binary record's Version */
	/* The select taken apart as the record carries it; interval: what Windows is given (the
	 * default applied). */
	kprof_source_profile_add fields;
	const kprof_source *taken; /* PROBLEM_NAME_TAKEN: the HAL's source of that name */
	const kprof_source *same;  /* WARNING_DUPLICATE: the HAL's source with this event */
	/* What kprof knows the event and unit mask count on this processor class (before a
	 * counter mask, invert or edge detect applies): the same-select HAL source's verdict, or
	 * the class's verdict for the event. */
	kprof_counts_entry counts;
} kprof_windows_custom_source_verdict;
#endif
