/* A source as Windows 10 1803+ adds one at run time (EventTraceProfileSourceAddInformation, or
 * the registry values under HKLM\SYSTEM\CurrentControlSet\Control\WMI\ProfileSource\<Name>:
 * Event, Unit, CMask, CMaskInvert, AnyThread, EdgeDetect, Interval). AMD's form has a 16-bit
 * EventSelect and no AnyThread. */
typedef struct kprof_source_profile_add {
	uint8_t vendor;       /* kprof_cpuid_vendor */
	uint16_t event_select;
	uint8_t unit_select;
	uint8_t cmask;
	uint8_t cinv;
	uint8_t any_thread;   /* Intel only */
	uint8_t edge_detect;
	uint32_t interval;    /* the HAL's default interval for the source */
} kprof_source_profile_add;
