import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('loads once for every caller and then gives the part synchronously', async () => {
    const importPart = vi.fn(async () => 'part');
    const part = onDemand(importPart);
    expect(part.loaded()).toBeNull();
    const [first, second] = await Promise.all([part.load(), part.load()]);
    expect([first, second]).toEqual(['part', 'part']);
    expect(part.loaded()).toBe('part');
    part.preload();
    await part.load();
    expect(importPart).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next load tries again', async () => {
    const importPart = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('part');
    const part = onDemand(importPart);
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    expect(part.loaded()).toBeNull();
    expect(await part.load()).toBe('part');
    expect(importPart).toHaveBeenCalledTimes(2);
  });

  it('preloads as a hint: a failure is swallowed and the next load tries again', async () => {
    const importPart = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('part');
    const part = onDemand(importPart);
    part.preload();
    expect(importPart).toHaveBeenCalledTimes(1);
    // Past the failure (an unhandled rejection would fail the test run).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await part.load()).toBe('part');
    expect(importPart).toHaveBeenCalledTimes(2);
  });
});
