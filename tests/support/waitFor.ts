/** Reads until the value is what the test waits for, or the time is up; returns the last value read (the test asserts on it). */
export async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() - started > timeoutMs) return value
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
