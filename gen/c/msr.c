KPROF_API kprof_status kprof_msr_read(uint32_t msr, uint64_t *value)
{
	if (!value)
		return KPROF_E_ARGUMENT;
#if defined(KPROF_RDMSR_SAFE)
	{
		uint64_t v = 0;
		if (KPROF_RDMSR_SAFE(msr, &v) != 0) {
			*value = 0;
			return KPROF_E_FAULT;
		}
		*value = v;
		return KPROF_OK;
	}
#elif defined(KPROF_NO_LIVE)
	(void)msr;
	*value = 0;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	*value = (uint64_t)__readmsr((unsigned long)msr);
	return KPROF_OK;
#else
	{
		uint32_t lo, hi;
		__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
		*value = ((uint64_t)hi << 32) | lo;
		return KPROF_OK;
	}
#endif
}

KPROF_API kprof_status kprof_msr_write(uint32_t msr, uint64_t value)
{
#if defined(KPROF_WRMSR_SAFE)
	return KPROF_WRMSR_SAFE(msr, value) != 0 ? KPROF_E_FAULT : KPROF_OK;
#elif defined(KPROF_NO_LIVE)
	(void)msr;
	(void)value;
	return KPROF_E_NOT_AVAILABLE;
#elif defined(_MSC_VER) && !defined(__clang__)
	__writemsr((unsigned long)msr, (unsigned __int64)value);
	return KPROF_OK;
#else
	__asm__ __volatile__("wrmsr"
	                     :
	                     : "c"(msr), "a"((uint32_t)value), "d"((uint32_t)(value >> 32))
	                     : "memory");
	return KPROF_OK;
#endif
}
