/* A source as Windows 10 1803+ adds one at run time (EventTraceProfileSourceAddInformation, or
 * the registry values under HKLM\SYSTEM\CurrentControlSet\Control\WMI\ProfileSource\<Group>\<Name>:
 * Event, Unit, CMask, CMaskInvert, AnyThread, EdgeDetect, HostGuest, Interval): a PerfEvtSel
 * taken apart into the pieces Windows takes. AMD's form has a 12-bit EventSelect and Host/Guest
 * and no AnyThread; Intel's the reverse. The same pieces build a custom source's records (the
 * windows section's kprof_windows_custom_source_pack). */
typedef struct kprof_source_profile_add {
	kprof_cpuid_vendor vendor;
	uint16_t event_select;
	uint8_t unit_select;
	uint8_t cmask;
	uint8_t cinv;
	uint8_t any_thread;   /* Intel only */
	uint8_t edge_detect;
	uint8_t host_guest;   /* AMD only: PerfEvtSel[41:40], bit 0 guest only, bit 1 host only */
	uint32_t interval;    /* the HAL's default interval for the source */
} kprof_source_profile_add;
