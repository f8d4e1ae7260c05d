/*
 * Test scaffolding only, never shipped: Wine before 8.13 has no
 * bcryptprimitives.dll, and every Go 1.22+ Windows binary imports its
 * ProcessPrng at start ("fatal error: bcryptprimitives.dll not found").
 * scripts/windows.sh builds this stub with mingw-w64 into the throwaway Wine
 * prefix it runs the tests in. Real Windows (8 and later) has the real DLL.
 */
#include <windows.h>
#include <bcrypt.h>

/* ProcessPrng fills buf with len random bytes from the system RNG; TRUE on
 * success, as the real one (which never fails). */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE buf, SIZE_T len) {
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, buf, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
			return FALSE;
		buf += n;
		len -= n;
	}
	return TRUE;
}
