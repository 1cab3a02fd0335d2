/**
 * What the globalSetup files share between the projects of vitest.config.ts: each project calls
 * its globalSetup, in the one vitest process, and may load the module afresh, so the value lives
 * on globalThis. The first call makes it, the last teardown ends it.
 */
export function sharedPerRun<T>(
  name: string,
  make: () => T,
  end: (value: T) => void,
): { value: T; teardown: () => void } {
  const key = Symbol.for(`ralph.test.${name}`);
  const store = globalThis as { [key: symbol]: { value: T; users: number } | undefined };
  store[key] ??= { value: make(), users: 0 };
  const entry = store[key];
  entry.users += 1;
  const teardown = () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    end(entry.value);
    delete store[key];
  };
  return { value: entry.value, teardown };
}
